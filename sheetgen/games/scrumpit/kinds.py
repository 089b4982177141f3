"""The component kinds of this game: layout model, rules check and builder of each."""

from __future__ import annotations

import math
from dataclasses import replace

from sheetgen.draw import (
    Circle,
    Drawing,
    Group,
    Rect,
    Shape,
    Style,
    label,
    line,
    scale,
    translate,
)
from sheetgen.errors import SheetgenError
from sheetgen.findings import Finding
from sheetgen.games.scrumpit.draw import (
    INK,
    board_drawing,
    board_extent,
    pad_drawing,
    tile_drawing,
    window,
)
from sheetgen.games.scrumpit.model import BoardLayout, GameRecord, PadLayout, TilesLayout
from sheetgen.games.scrumpit.rules import (
    check_board,
    check_game,
    check_tiles,
    score_game,
)
from sheetgen.press import Document, Page, Placement, PressOptions, impose, pad
from sheetgen.press.impose import RULER_CLEARANCE
from sheetgen.press.ruler import RULER_HEIGHT
from sheetgen.registry import BuildOptions, ComponentKind

LABEL_BAND = 9.0


def fit_cell(layout: BoardLayout, press: PressOptions) -> float:
    """The largest cell (mm, to 0.1) at which the whole board fits one page of the paper."""
    side = min(press.paper.width, press.paper.height) - 2 * press.margin
    room = min(
        side,
        max(press.paper.width, press.paper.height)
        - 2 * press.margin
        - RULER_HEIGHT
        - RULER_CLEARANCE,
    )
    return math.floor(room / board_extent(layout) * 10) / 10


MAX_TILED_PAGES = 400


def _tiled(board: Drawing, layout: BoardLayout, press: PressOptions) -> list[Page]:
    """The board cut into overlapping pages with registration marks and trim lines."""
    w0, h0 = press.paper.width, press.paper.height
    win_w, win_h = w0 - 2 * press.margin, h0 - 2 * press.margin - LABEL_BAND
    lap = layout.overlap
    if lap > min(win_w, win_h) / 2:  # past this, pages multiply (and repeat) without end
        raise SheetgenError(
            f"an overlap of {lap:g} mm leaves too little new board a page on "
            f"{press.paper.name} paper ({win_w:.0f} x {win_h:.0f} mm to print on); use an "
            f"overlap of at most {min(win_w, win_h) / 2:.0f} mm, or larger --paper"
        )
    cols = max(1, math.ceil((board.width - lap) / (win_w - lap)))
    rows = max(1, math.ceil((board.height - lap) / (win_h - lap)))
    if rows > 26 or rows * cols > MAX_TILED_PAGES:  # rows are lettered A to Z
        raise SheetgenError(
            f"the board would take {rows} x {cols} pages of {press.paper.name} paper, over the "
            f"limit of 26 rows and {MAX_TILED_PAGES} pages; use larger --paper or --fit"
        )
    pages = []
    for r in range(rows):
        for c in range(cols):
            x, y = c * (win_w - lap), r * (win_h - lap)
            name = f"{chr(65 + r)}{c + 1}"
            view = window(board, x, y, win_w, win_h, f"board page {name}")
            extras = _marks(board, x, y, win_w, win_h, lap, c > 0, r > 0)
            note = (
                f"Scrumpit board, page {name} (row {chr(65 + r)}, column {c + 1}) of "
                f"{rows} x {cols}, cells {layout.cell:g} mm. Overlap {lap:g} mm: trim this "
                "page along its dashed lines and lay it on the page before, matching the ⊕ "
                "marks."
            )
            head = Drawing(
                win_w,
                LABEL_BAND,
                (label(0, 3.5, note, 2.3, anchor="start", colour=INK, max_width=win_w),),
                title=f"page label {name}",
            )
            placements = (
                Placement(view, translate(press.margin, press.margin + LABEL_BAND)),
                Placement(extras, translate(press.margin, press.margin + LABEL_BAND)),
                Placement(head, translate(press.margin, press.margin)),
            )
            trim = (press.margin, press.margin + LABEL_BAND, win_w, win_h)
            pages.append(Page(w0, h0, placements, trim, trim, name))
    return pages


def _marks(
    board: Drawing,
    x: float,
    y: float,
    w: float,
    h: float,
    lap: float,
    trim_left: bool,
    trim_top: bool,
) -> Drawing:
    """⊕ marks down the middle of every overlap (the same board points on both pages that
    share it) and dashed trim lines where this page is cut to lie on the one before."""
    shapes: list[Shape] = []
    ink = Style(stroke="#c0262d", width=0.25)
    step_x, step_y = w - lap, h - lap
    xs = _range(step_x + lap / 2, board.width, step_x)  # centres of the vertical overlaps
    ys = _range(step_y + lap / 2, board.height, step_y)
    along_y = _range(25.0, board.height, 50.0)
    along_x = _range(25.0, board.width, 50.0)
    points = [(bx, by) for bx in xs for by in along_y] + [(bx, by) for by in ys for bx in along_x]
    for bx, by in points:
        px, py = bx - x, by - y
        if 2 < px < w - 2 and 2 < py < h - 2:
            shapes += [
                line(px - 2.5, py, px + 2.5, py, ink),
                line(px, py - 2.5, px, py + 2.5, ink),
                Circle(px, py, 1.6, ink),
            ]
    dashed = Style(stroke="#c0262d", width=0.3, dash=(2.0, 1.5))
    if trim_left:
        shapes.append(line(lap / 2, 0, lap / 2, h, dashed))
    if trim_top:
        shapes.append(line(0, lap / 2, w, lap / 2, dashed))
    return Drawing(w, h, tuple(shapes), title="registration marks", clip=True)


def _range(start: float, stop: float, step: float) -> list[float]:
    out, v = [], start
    while v < stop:
        out.append(v)
        v += step
    return out


def build_board(layout: BoardLayout, options: BuildOptions) -> Document:
    """The board: on one page at the largest cell that fits (fit = true or --fit), or at its
    real cell size tiled over as many pages as it needs (one, on paper large enough)."""
    press = options.press
    fit = layout.fit or options.fit
    cell = fit_cell(layout, press) if fit else layout.cell
    board = board_drawing(layout, cell)
    if fit or board.width <= min(press.paper.width, press.paper.height) - 2 * press.margin:
        pages = pad(board, press, options.copies)
        how = "one page"
    else:
        pages = _tiled(board, layout, press) * options.copies
        how = f"{len(pages)} tiled pages"
    note = f"{layout.name}: cells {cell:g} mm on {how} of {press.paper.name}"
    return Document(
        tuple(pages),
        title=f"Scrumpit board ({cell:g} mm cells)",
        subject="Scrumpit board with four home Scrump Zones",
        keywords=("scrumpit", "board"),
        notes=(note,),
    )


def build_tiles(layout: TilesLayout, options: BuildOptions) -> Document:
    """A sheet of letter tiles a bag colour, with crop marks."""
    size = options.tile_size or layout.size
    press = replace(options.press, crop_marks=True)
    pages: list[Page] = []
    for colour, fill in layout.colours.items():
        tiles = [  # one drawing a letter, placed as often as the bag holds it
            drawing
            for letter in layout.letters
            for drawing in [tile_drawing(letter, fill, size)] * (letter.count * options.copies)
        ]
        bag = impose(tiles, press)
        pages += [
            replace(p, label=f"{colour}-{i}" if len(bag) > 1 else colour)
            for i, p in enumerate(bag, start=1)
        ]
    return Document(
        tuple(pages),
        title="Scrumpit letter tiles",
        subject="Scrumpit tiles for the yellow, blue, red and green bags",
        keywords=("scrumpit", "tiles"),
    )


def build_pad(layout: PadLayout, options: BuildOptions) -> Document:
    """Score pad pages: two games a page."""
    pages: list[Page] = []
    for first in range(1, layout.games + 1, 2):
        count = min(2, layout.games - first + 1)
        pages += pad(pad_drawing(layout, first, count), options.press, 1)
    pages = pages * options.copies
    return Document(
        tuple(pages),
        title="Scrumpit score pad",
        subject="Scrumpit running totals",
        keywords=("scrumpit", "score pad"),
    )


def build_game(record: GameRecord, options: BuildOptions) -> Document:
    """The board at the end of a recorded game, the letters laid, with the score."""
    from sheetgen.layout import load

    board_layout = load(record.board).model
    tiles = load(record.tiles).model
    assert isinstance(board_layout, BoardLayout) and isinstance(tiles, TilesLayout)
    cell = fit_cell(board_layout, options.press)
    score = score_game(record, board_layout, tiles)
    grid: dict[tuple[int, int], str] = {}
    for turn in record.turns:
        for cellpos in turn.scrumped:
            grid.pop(tuple(cellpos), None)  # type: ignore[arg-type]
        for p in turn.tiles:
            grid[tuple(p.at)] = p.letter  # type: ignore[index]
    base = board_drawing(board_layout, cell)
    z = len(board_layout.row_cells)
    letters: list[Shape] = []
    for (x, y), ch in grid.items():
        letters.append(
            Rect(
                x + z + 0.08,
                y + z + 0.08,
                0.84,
                0.84,
                Style(stroke=INK, width=0.03, fill="#fffaf0"),
                rx=0.1,
            )
        )
        letters.append(label(x + z + 0.5, y + z + 0.52, ch, 0.6, weight="bold", colour=INK))
    totals = "   ".join(f"{p}: {t}" for p, t in score.totals.items())
    overlay = Drawing(  # the board's size and a line below it for the totals
        base.width,
        base.height + 6,
        (
            Group(tuple(letters), scale(cell)),
            label(base.width, base.height + 4, f"Totals   {totals}", 3, anchor="end", colour=INK),
        ),
        title="letters",
    )
    page = pad(base, options.press, 1)[0]
    page = replace(
        page, placements=(*page.placements, Placement(overlay, page.placements[0].transform))
    )
    return Document(
        (page,),
        title=f"Scrumpit — {record.name}",
        subject="A Scrumpit game",
        keywords=("scrumpit", "game"),
    )


def check_pad(layout: PadLayout) -> list[Finding]:
    return []


KINDS = [
    ComponentKind(
        "scrumpit",
        "board",
        BoardLayout,
        check_board,
        build_board,
        options=frozenset({"fit", "copies"}),
    ),
    ComponentKind(
        "scrumpit",
        "tiles",
        TilesLayout,
        check_tiles,
        build_tiles,
        options=frozenset({"tile_size", "copies"}),
    ),
    ComponentKind(
        "scrumpit",
        "scorepad",
        PadLayout,
        check_pad,
        build_pad,
        options=frozenset({"copies"}),
    ),
    ComponentKind(
        "scrumpit",
        "game",
        GameRecord,
        check_game,
        build_game,
    ),
]
