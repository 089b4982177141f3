"""Gutter-fold: duplex fronts and backs side by side on one page, for printers without duplex.

The fold line runs down the middle of the page. Fronts fill the left half as a grid centred in
it (the half is planned as a paper of its own, so the margin holds at the fold too); each back
sits on the right half at its front's place mirrored across the fold line, the art upright.
Folded along the line, the right half turns under the left and every back lands behind its
front, upright when the piece is turned over left to right (as a duplex sheet flipped on its
long edge). Crop marks go on the front half (cut the folded sheet from the front); the fold
line is dashed, named at its top ("fold", in the layout's words), and stops short of the
footer, which spans the page. The calibration ruler (its compact form, or its short form of
50 mm and 2 in bars where a half page is too narrow for that, as on A4 and Letter) sits on the
front half, where it fits, clear of the fold: a ruler across the fold would measure a crease.
Where the front half has no room under its pieces, an upright bar (100 or 50 mm) stands on the
back half between the fold and the backs, clear of both by CUT_CLEARANCE: paper cut away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sheetgen.draw.document import Page, Placement
from sheetgen.draw.fonts import ascent
from sheetgen.draw.geometry import line
from sheetgen.draw.shapes import Drawing, Style, Text
from sheetgen.draw.transform import translate
from sheetgen.errors import CannotFold
from sheetgen.model.paper import RULER_CLEARANCE
from sheetgen.press.footer import FOOTER_INK, FOOTER_SIZE, SAFE_EDGE, footer_text
from sheetgen.press.grid import capacity, footer_of, furniture, grid_for, occupied, page_of
from sheetgen.press.marks import RULER_GAP, Obstacle, cut_marks
from sheetgen.press.paper import Paper
from sheetgen.press.plan import Grid, PressOptions
from sheetgen.press.ruler import (
    ART_CLEARANCE,
    COMPACT_HEIGHT,
    COMPACT_WIDTH,
    CUT_CLEARANCE,
    SHORT_HEIGHT,
    SHORT_WIDTH,
    compact_ruler,
    short_ruler,
    upright_spot,
)

FOLD_STYLE = Style(stroke="#000000", width=0.2, dash=(3.0, 2.0))


def _half(opts: PressOptions, landscape: bool) -> PressOptions:
    """The options for the left half of the page, planned as a paper of its own."""
    page_w, page_h = opts.paper.oriented(landscape)
    half = Paper(f"half of {opts.paper.name}", page_w / 2, page_h)
    return replace(opts, paper=half)  # planned upright: callers pass landscape=False


def fold_line(page_w: float, page_h: float, below: list[Obstacle], word: str) -> Drawing:
    """The dashed fold line down the middle of the page under its name (`word`, at the
    footer's size, its tallest letters SAFE_EDGE inside the paper), stopping 1 mm above where
    marks stop over what lies across the middle below (the footer)."""
    x = page_w / 2
    baseline = SAFE_EDGE + ascent(FOOTER_SIZE)
    # 1 mm short of where marks stop, so its last dash stands clear of the footer's text
    end = min([page_h - SAFE_EDGE] + [y - 1.0 for x0, x1, y in below if x0 <= x <= x1])
    name = Text(x, baseline, word, FOOTER_SIZE, colour=FOOTER_INK, anchor="middle")
    shapes = (name, line(x, baseline + 1.0, x, end, FOLD_STYLE))
    return Drawing(page_w, page_h, shapes, title="fold line")


def _ruler_for(opts: PressOptions, page_w: float) -> tuple[Drawing, float, float] | None:
    """The ruler a front half `page_w` / 2 wide holds inside its margins (the compact one,
    else the short one) with its width and height, or None where neither fits."""
    room = page_w / 2 - 2 * opts.margin
    if room >= COMPACT_WIDTH:
        return compact_ruler(opts.words), COMPACT_WIDTH, COMPACT_HEIGHT
    if room >= SHORT_WIDTH:
        return short_ruler(opts.words), SHORT_WIDTH, SHORT_HEIGHT
    return None


def _ruler(used: Grid, opts: PressOptions, page_w: float) -> tuple[list[Placement], list[Obstacle]]:
    """The ruler centred on the front half under the cells `used` fills, where it fits there
    clear of the fold, and the obstacle it makes for the crop marks."""
    if not opts.ruler:
        return [], []
    _bx, by, _bw, bh = used.block
    chosen = _ruler_for(opts, page_w)
    if chosen is not None:
        drawing, width, height = chosen
        left = (page_w / 2 - width) / 2
        top = used.page_h - opts.foot - height
        if top - (by + bh) >= RULER_CLEARANCE - 1e-6:
            placed = Placement(drawing, translate(left, top))
            return [placed], [(left - 1.0, left + width + 1.0, top - RULER_GAP)]
    return _upright(used, opts, page_w), []


def _upright(used: Grid, opts: PressOptions, page_w: float) -> list[Placement]:
    """The upright ruler on the back half, between the fold and the backs (the front block
    mirrored), centred on the page between its margin and its foot, where it fits there."""
    bx, _by, bw, _bh = used.block
    back_art = page_w - (bx + bw)  # the left edge of the backs' bleed
    back_cut = back_art + used.bleed
    strip = (page_w / 2 + CUT_CLEARANCE, min(back_cut - CUT_CLEARANCE, back_art - ART_CLEARANCE))
    spot = upright_spot(strip, (opts.margin, used.page_h - opts.foot))
    if spot is None:
        return []
    drawing, x, y = spot
    return [Placement(drawing, translate(x, y))]


def fold_pages(
    fronts: Sequence[Drawing],
    backs: Sequence[Drawing],
    opts: PressOptions,
    size: tuple[float, float, float],
) -> list[Page]:
    """Pages of fronts (left half) and their backs (right half) in the page orientation that
    holds the most pairs (portrait on ties); refused when a piece cannot fit twice."""
    w, h, bleed = size
    choices = [opts.landscape] if opts.landscape is not None else [False, True]

    def held(landscape: bool) -> int:
        cols, rows = capacity(w, h, bleed, _half(opts, landscape), False)
        return min(cols * rows, len(fronts))

    landscape = max(choices, key=held)  # max keeps the first on ties: portrait
    page_w, page_h = opts.paper.oriented(landscape)
    if held(landscape) == 0:
        raise CannotFold(
            f"--fold: a {w:g} × {h:g} mm piece (plus {bleed:g} mm bleed) does not fit twice, "
            f"front beside back, on {opts.paper.name} ({opts.paper.width:g} × "
            f"{opts.paper.height:g} mm) inside {opts.margin:g} mm margins (use a larger "
            "--paper, or leave out --fold and print duplex)"
        )
    half = _half(opts, landscape)
    chosen = _ruler_for(opts, page_w)
    room = (COMPACT_WIDTH, COMPACT_HEIGHT) if chosen is None else chosen[1:]
    grid = grid_for(w, h, bleed, half, False, len(fronts), room)
    text = footer_text(opts.credit)
    page_grid = replace(grid, page_w=page_w)

    def extras(used: Grid) -> list[Placement]:
        """Marks, fold line, ruler and footer around the cells `used` fills."""
        _none, below = furniture(used, replace(opts, ruler=False), text, page_w)
        ruler, under = _ruler(used, opts, page_w)
        return [
            Placement(cut_marks(used, below + under, opts.mark_style), translate(0, 0)),
            Placement(fold_line(page_w, page_h, below, opts.words.fold), translate(0, 0)),
            *ruler,
            *footer_of(page_grid, text, opts),
        ]

    full = extras(grid)  # one set for every full page, so repeated pages stay one
    pages = []
    for start in range(0, len(fronts), grid.count):
        chunk = fronts[start : start + grid.count]
        around = full if len(chunk) == grid.count else extras(occupied(grid, len(chunk)))
        slots = [grid.slot(i) for i in range(len(chunk))]
        cells = [(d, x, y) for d, (x, y) in zip(chunk, slots, strict=True)]
        pairs = zip(backs[start : start + grid.count], slots, strict=True)
        cells += [(d, page_w - x - w, y) for d, (x, y) in pairs]
        pages.append(page_of(page_grid, cells, around))
    return pages
