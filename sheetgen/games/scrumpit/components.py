"""How each component kind of this game is checked, built and cut into parts (registered
in `kinds`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from sheetgen.draw import Drawing, Group, Shape, Style, label
from sheetgen.draw.bleed import SAFE, bled
from sheetgen.draw.sheets import Band, Bands, Board, FittedBoard, Pad, Sheets, TileWords, Tiling
from sheetgen.findings import Finding
from sheetgen.games.scrumpit.board_drawing import (
    BOARD_FILL,
    board_drawing,
    board_extent,
    board_keep,
)
from sheetgen.games.scrumpit.draw import INK, bag_mark, placed_tile, tile_drawing
from sheetgen.games.scrumpit.model import (
    MIN_CELL,
    BoardLayout,
    GameRecord,
    Letter,
    PadLayout,
    ScrumpitLabels,
    TilesLayout,
)
from sheetgen.games.scrumpit.pad import pad_drawing
from sheetgen.games.scrumpit.rules import GameScore, score_game
from sheetgen.layouts.read import load_model

if TYPE_CHECKING:  # the options' module reads the press; a builder only reads its options
    from sheetgen.options import BuildOptions


def tile_words(labels: ScrumpitLabels) -> TileWords:
    """The tiler's words, from the layout's labels."""
    return TileWords(
        rows=labels.page_rows,
        name=labels.page_name,
        heading=labels.page_heading,
        keep=labels.page_keep,
        over_left=labels.page_over_left,
        over_top=labels.page_over_top,
        marks=labels.page_marks,
        unmarked=labels.page_unmarked,
        map=labels.page_map,
    )


def fitted(layout: BoardLayout, make: Callable[[float], tuple[Drawing, ...]]) -> FittedBoard:
    """The board made by `make(cell)` on one page at the largest cell that fits the paper;
    refused under MIN_CELL, where its numbers would print under 6 pt."""
    return FittedBoard(
        make,
        board_extent(layout),
        MIN_CELL,
        "the board fitted to {paper} paper has {cell} mm cells, under the "
        f"{MIN_CELL:g} mm its numbers need; use larger --paper",
    )


def build_board(layout: BoardLayout, options: BuildOptions) -> Sheets:
    """The board: on one page at the largest cell that fits (fit = true or --fit), or at its
    real cell size tiled over as many pages as it needs (one, on paper large enough). With
    --bleed, framed in its cream SAFE mm wide, the cream running on past the trim."""
    labels = layout.labels
    note = f"{layout.name}: cells {{cell}} mm on {{how}} of {{paper}}"
    bleed = options.press.bleed_or(0.0)
    if layout.fit or options.fit:
        made = fitted(
            layout,
            lambda cell: (
                bled(
                    board_drawing(layout, labels, cell, pencil=cell < layout.cell),
                    bleed,
                    BOARD_FILL,
                ),
            ),
        )
        frame = bleed + SAFE if bleed else 0.0
        board: Board | FittedBoard = replace(made, copies=options.copies, note=note, frame=frame)
        title = "Scrumpit board ({cell} mm cells)"  # the cell the press fits
    else:
        cell = layout.cell
        shift = SAFE if bleed else 0.0  # a bled board's cells sit inside its frame
        tiling = Tiling(
            tile_words(labels),
            layout.overlap,
            labels.caption.format(size=f"{cell:g}"),
            [(x + shift, y + shift, w, h) for x, y, w, h in board_keep(layout, cell)],
        )
        drawing = bled(board_drawing(layout, labels, cell, pencil=False), bleed, BOARD_FILL)
        board = Board(drawing, tiling, options.copies, note.replace("{cell}", f"{cell:g}"))
        title = f"Scrumpit board ({cell:g} mm cells)"
    return Sheets(
        (board,),
        title=title,
        subject="Scrumpit board with four home Scrump Zones",
        keywords=("scrumpit", "board"),
    )


def bag_heading(labels: ScrumpitLabels, bag: str, fill: str, count: int, width: float) -> Drawing:
    """A tile sheet's heading: the bag's shape in its colour, then its name and tile count."""
    text = labels.bag.format(colour=labels.colour(bag), count=count)
    shapes = (
        bag_mark(bag, 2.5, 2.6, 4.6, Style(stroke=INK, width=0.3, fill=fill)),
        label(6.5, 2.6, text, 4.0, anchor="start", weight="bold", colour=INK, max_width=width - 7),
    )
    return Drawing(width, 5.5, shapes, title=f"{bag} bag")


def build_tiles(layout: TilesLayout, options: BuildOptions) -> Sheets:
    """The letter tiles of every bag with crop marks, each bag headed by its name: two bags a
    page where both fit it whole (in the layout's order, the rulebook's order of play: yellow
    with blue, red with green), else a bag a page or more. Each tile's colour runs on past
    its cut by the layout's bleed (--bleed); its letter, value and mark stay inside."""
    size = options.tile_size or layout.size
    bleed = options.press.bleed_or(layout.bleed)
    bands = []
    for bag, fill in layout.colours.items():
        tiles = [  # one drawing a letter, placed as often as the bag holds it
            drawing
            for letter in layout.letters
            for drawing in [tile_drawing(letter, bag, fill, size, bleed)]
            * (letter.count * options.copies)
        ]
        heading = partial(bag_heading, layout.labels, bag, fill, len(tiles))
        bands.append(Band(bag, tiles, heading, ground=fill))
    return Sheets(
        (Bands(bands),),
        title="Scrumpit letter tiles",
        subject="Scrumpit tiles for the yellow, blue, red and green bags",
        keywords=("scrumpit", "tiles"),
    )


def build_pad(layout: PadLayout, options: BuildOptions) -> Sheets:
    """Score pad pages: two games a page."""
    tiles = load_model(layout.tiles, TilesLayout, f"{layout.name}: tiles")
    fills: dict[str, str] = {bag: fill for bag, fill in tiles.colours.items()}
    pages = tuple(  # two games a sheet; a copy of the pad is every sheet again
        Pad(pad_drawing(layout, layout.labels, fills, first, min(2, layout.games - first + 1)))
        for first in range(1, layout.games + 1, 2)
    )
    return Sheets(
        pages * options.copies,
        title="Scrumpit score pad",
        subject="Scrumpit running totals",
        keywords=("scrumpit", "score pad"),
    )


def build_game(record: GameRecord, options: BuildOptions) -> Sheets:
    """The board at the end of a recorded game, each letter a tile of its bag's colour, with
    the totals."""
    board_layout = load_model(record.board, BoardLayout, f"{record.name}: board")
    tiles = load_model(record.tiles, TilesLayout, f"{record.name}: tiles")
    score = score_game(record, board_layout, tiles)
    values = tiles.values()

    def drawn(cell: float) -> tuple[Drawing, ...]:
        return finished_board(record, board_layout, tiles, score, values, cell)

    return Sheets(
        (fitted(board_layout, drawn),),
        title=f"Scrumpit — {record.name}",
        subject="A Scrumpit game",
        keywords=("scrumpit", "game"),
    )


def finished_board(
    record: GameRecord,
    board_layout: BoardLayout,
    tiles: TilesLayout,
    score: GameScore,
    values: dict[str, int],
    cell: float,
) -> tuple[Drawing, ...]:
    """The board at `cell` mm, and over it every letter laid and the totals under it."""
    labels = record.labels
    base = board_drawing(board_layout, labels, cell)
    z = len(board_layout.row_cells)
    laid: list[Shape] = []
    for (x, y), (ch, bag) in sorted(score.grid.items()):
        letter = Letter(letter=ch, value=values[ch], count=1)
        at = ((x + z + 0.05) * cell, (y + z + 0.05) * cell)
        laid.append(placed_tile(letter, bag, tiles.colours[bag], *at, 0.9 * cell))
    totals = "   ".join(
        f"{labels.colour(p)} {t + d} {labels.rack}{d} = {t}"
        if (d := score.deductions.get(p))
        else f"{labels.colour(p)} {t}"
        for p, t in score.totals.items()
    )  # a total after a rack deduction says what it was before, so the sheet adds up
    overlay = Drawing(  # the board's size and a line below it for the totals
        base.width,
        base.height + 6,
        (
            Group(tuple(laid)),
            label(
                base.width,
                base.height + 4,
                f"{labels.totals}   {totals}",
                3,
                anchor="end",
                colour=INK,
            ),
        ),
        title="letters",
    )
    return (base, overlay)


def check_pad(layout: PadLayout) -> list[Finding]:
    return []
