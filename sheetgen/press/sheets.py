"""The press's side of `Sheets`: each part a component asks for laid out on the paper and the
options given (a pad, pieces N-up, two-sided pieces, bands, a board whole or tiled, a board
fitted to the page, the alignment test, pages of its own), in order, into one document."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.shapes import Drawing
from sheetgen.draw.sheets import (
    AlignmentTest,
    Bands,
    Board,
    FittedBoard,
    Pad,
    Part,
    Pieces,
    Sheets,
    TwoSided,
)
from sheetgen.errors import SheetgenError
from sheetgen.model.paper import RULER_CLEARANCE, RULER_HEIGHT
from sheetgen.press.alignment import alignment_pages
from sheetgen.press.bands import impose_bands
from sheetgen.press.grid import plan_grid
from sheetgen.press.impose import impose, impose_duplex, pad
from sheetgen.press.plan import PressOptions


def press_sheets(sheets: Sheets, opts: PressOptions, cut: bool = False) -> Document:
    """The document of `sheets` on the press `opts`; with `cut` (the kind's pieces are cut
    apart) pieces laid out N-up get corner crop marks unless --crop-marks says otherwise."""
    pieces = opts.cut() if cut else opts
    pages: list[Page] = []
    notes: list[str] = []
    done: dict[int, list[Page]] = {}  # a part given again repeats its pages, said once
    facts: dict[str, str] = {}  # what the press chose that the title says (a fitted cell)
    for part in sheets.parts:
        if id(part) not in done:
            done[id(part)], said = _part(part, opts, pieces)
            notes += said
            if isinstance(part, FittedBoard):
                facts["cell"] = f"{fitted_cell(part.units, opts, part.frame):g}"
        pages += done[id(part)]
    marks: tuple[str, ...] = ()
    if opts.sheet_mark:
        # imported here, not at the top, for start-up time: the QR encoder, for sheets alone
        from sheetgen.press.sheetmark import mark_pages

        pages, said, marks = mark_pages(pages, opts.named or "-")
        notes += said
    return Document(
        tuple(pages),
        title=sheets.title.format(**facts) if facts else sheets.title,
        subject=sheets.subject,
        keywords=(*sheets.keywords, *marks),
        duplex=sheets.duplex,
        dpi=sheets.dpi,
        notes=(*notes, *sheets.notes),
        screens=sheets.screens,
    )


def _part(part: Part, opts: PressOptions, pieces: PressOptions) -> tuple[list[Page], list[str]]:
    """One part's pages, and the notes it makes."""
    if isinstance(part, Page):
        return [part], []
    if isinstance(part, Pad):
        return _pad(part, opts)
    if isinstance(part, Pieces):
        press = replace(pieces, per_page=1) if part.one_a_page else pieces
        return _overlaid(impose(part.drawings, press), part.overlays), []
    if isinstance(part, TwoSided):
        press = replace(pieces, per_page=1) if part.one_a_page else pieces
        if press.landscape is None and not press.fold:  # portrait, as the alignment test
            press = replace(press, landscape=False)  # that measures --offset (a landscape page
            # may print either way round); folded, a front and its back share one page
        made = impose_duplex(
            part.fronts, part.backs, press, part.flip, part.offset, part.name_sides
        )
        return _overlaid(made, part.overlays), []
    if isinstance(part, Bands):
        return impose_bands(part.bands, opts, part.together, part.stack), []
    if isinstance(part, Board):
        return _board(part, opts)
    if isinstance(part, FittedBoard):
        return _fitted(part, opts)
    return _alignment(part, opts)


def _overlaid(pages: list[Page], overlays: Sequence[Drawing]) -> list[Page]:
    """Each of the first pages with its overlay laid over its first drawing, in its place."""
    if not overlays:
        return pages
    laid = [
        replace(page, placements=(*page.placements, Placement(o, page.placements[0].transform)))
        for page, o in zip(pages, overlays, strict=False)
    ]
    return laid + pages[len(laid) :]


def _pad(part: Pad, opts: PressOptions) -> tuple[list[Page], list[str]]:
    """A pad of the part's sheet: where sheets share a page, its `shared` drawing (which
    carries the credit) and no credit in the footer; a gap asked where one sheet fills a page
    is noted as left out."""
    gap = part.gap if opts.gap is None else opts.gap
    press = replace(opts, gap=gap, per_page=1 if part.one_a_page else opts.per_page)
    drawing = part.drawing
    if drawing.bleed:  # a board printed edge to edge is cut at its trim
        press = press.cut()
    each = plan_grid(drawing.width, drawing.height, drawing.bleed, press, press.per_page or 1000)
    notes = []
    if part.shared is not None and each.count > 1:
        drawing, press = part.shared(), replace(press, credit="")
    if each.count == 1 and opts.gap is not None and part.lone_gap:
        notes.append(part.lone_gap.format(paper=press.paper.name))
    return _overlaid(pad(drawing, press, part.copies), part.overlays), notes


def _board(part: Board, opts: PressOptions) -> tuple[list[Page], list[str]]:
    """The board on one page where the paper's narrower side takes its width, else tiled."""
    board = part.drawing
    across = board.width + 2 * board.bleed
    if across <= min(opts.paper.width, opts.paper.height) - 2 * opts.margin:
        press = opts.cut() if board.bleed else opts  # cut at its trim, out of its bleed
        pages, how = pad(board, press, part.copies), "one page"
    else:
        from sheetgen.press.tiling import tile  # start-up: most layouts tile nothing

        t = part.tiling
        pages = tile(board, opts, t.words, overlap=t.overlap, caption=t.caption, keep=t.keep)
        pages = pages * part.copies
        how = f"{len(pages)} tiled pages"
    return pages, [part.note.format(how=how, paper=opts.paper.name)] if part.note else []


def fitted_cell(units: float, opts: PressOptions, frame: float = 0.0) -> float:
    """The largest cell (mm, to 0.1) at which a picture `units` cells square, and `frame` mm
    round it, goes on one page of the paper inside its margins, with the calibration ruler
    under it."""
    side = min(opts.paper.width, opts.paper.height) - 2 * opts.margin - 2 * frame
    length = max(opts.paper.width, opts.paper.height) - 2 * opts.margin - 2 * frame
    room = min(side, length - RULER_HEIGHT - RULER_CLEARANCE)
    return math.floor(room / units * 10) / 10


def _fitted(part: FittedBoard, opts: PressOptions) -> tuple[list[Page], list[str]]:
    cell = fitted_cell(part.units, opts, part.frame)
    if cell < part.least:
        raise SheetgenError(part.refusal.format(paper=opts.paper.name, cell=f"{cell:g}"))
    board, *over = part.make(cell)
    press = opts.cut() if board.bleed else opts  # cut at its trim, out of its bleed
    pages = _overlaid(pad(board, press, part.copies), over)
    note = part.note.format(how="one page", paper=opts.paper.name, cell=f"{cell:g}")
    return pages, [note] if part.note else []


def _alignment(part: AlignmentTest, opts: PressOptions) -> tuple[list[Page], list[str]]:
    if opts.for_shop:  # a shop's press lines up its sides itself
        return [], []
    layout = opts.layout or part.layout  # as the user named it: a file's path, if a file
    pages = alignment_pages(opts, part.flip, part.offset, layout, part.words, part.note)
    return pages, [part.missing] if part.missing and not pages and not opts.fold else []
