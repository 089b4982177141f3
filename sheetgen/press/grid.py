"""The grid of an N-up page: how many cells fit the paper, where the block stands so that its
crop marks keep their length, and the furniture around it (calibration ruler, footer, marks)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from sheetgen.draw.document import Page, Placement
from sheetgen.draw.shapes import Drawing
from sheetgen.draw.transform import translate
from sheetgen.errors import TooBigForPaper
from sheetgen.model.paper import RULER_CLEARANCE, RULER_HEIGHT
from sheetgen.press.footer import footer, footer_height, footer_span
from sheetgen.press.marks import (
    FOOTER_GAP,
    MARK_CLEARANCE,
    MARK_LENGTH,
    MARK_LIMIT,
    RULER_GAP,
    Obstacle,
    cut_marks,
)
from sheetgen.press.plan import Grid, PressOptions
from sheetgen.press.ruler import (
    ART_CLEARANCE,
    CUT_CLEARANCE,
    RULER_WIDTH,
    calibration_ruler,
    printable_edge,
    upright_spot,
)


def _fit(span: float, size: float, gap: float) -> int:
    return max(0, math.floor((span + gap + 1e-9) / (size + gap)))


def capacity(
    w: float, h: float, bleed: float, opts: PressOptions, landscape: bool
) -> tuple[int, int]:
    """How many columns and rows of w × h cells fit the paper in this orientation."""
    page_w, page_h = opts.paper.oriented(landscape)
    cols = _fit(page_w - 2 * opts.margin, w + 2 * bleed, opts.spacing)
    rows = _fit(page_h - opts.margin - opts.foot, h + 2 * bleed, opts.spacing)
    return cols, rows


def grid_for(
    w: float,
    h: float,
    bleed: float,
    opts: PressOptions,
    landscape: bool,
    count: int,
    ruler: tuple[float, float] = (RULER_WIDTH, RULER_HEIGHT),
) -> Grid:
    """The grid of `count` cells (or fewer, a page full), centred, with room below for a
    `ruler` (width, height: the calibration ruler, or the compact one of a folded page's
    half) where it fits."""
    page_w, page_h = opts.paper.oriented(landscape)
    avail_w, avail_h = page_w - 2 * opts.margin, page_h - opts.margin - opts.foot
    gap = opts.spacing
    cols, rows = capacity(w, h, bleed, opts, landscape)
    limit = min(count, opts.per_page or count)
    while cols * (rows - 1) >= limit and rows > 1:  # drop empty rows first, then columns
        rows -= 1
    while (cols - 1) * rows >= limit and cols > 1:
        cols -= 1
    block_w = cols * (w + 2 * bleed) + max(0, cols - 1) * gap
    block_h = rows * (h + 2 * bleed) + max(0, rows - 1) * gap
    spare_h = avail_h - block_h
    ruler_w, ruler_h = ruler
    reserve = (
        ruler_h + RULER_CLEARANCE
        if opts.ruler and spare_h >= ruler_h + RULER_CLEARANCE and avail_w >= ruler_w
        else 0.0
    )
    x0 = (page_w - block_w) / 2 + bleed
    y0 = opts.margin + (avail_h - reserve - block_h) / 2 + bleed
    if opts.mark_style != "none":
        y0 = _marked_top(y0 - bleed, block_h, page_h, reserve, opts) + bleed
    return Grid(page_w, page_h, cols, rows, w, h, bleed, gap, x0, y0)


def _marked_top(
    top: float, block_h: float, page_h: float, reserve: float, opts: PressOptions
) -> float:
    """Where a block of pieces `block_h` tall, centred with its top at `top`, stands so that
    its crop marks keep their length: the marks over it reach into the top margin (to
    MARK_LIMIT from the edge), those under it only to the ruler or the footer, so where that
    cuts the lower marks short the block stands higher, until both ends have the same room or
    the lower marks their whole length, never into the top margin."""
    if reserve:
        lower = page_h - opts.foot - RULER_HEIGHT - RULER_GAP
    elif opts.credit:
        lower = page_h - opts.footer_top - FOOTER_GAP
    else:
        lower = page_h - MARK_LIMIT
    room_below = lower - MARK_CLEARANCE - (top + block_h)
    if room_below >= MARK_LENGTH:
        return top
    even = (MARK_LIMIT + lower - block_h) / 2  # as much room above as below
    whole = lower - MARK_CLEARANCE - MARK_LENGTH - block_h  # the lower marks whole
    higher = math.floor(max(even, whole) * 10) / 10  # on a tenth of a mm, as a designer sets it
    return min(top, max(higher, opts.margin))


def plan_grid(w: float, h: float, bleed: float, opts: PressOptions, count: int = 1) -> Grid:
    """The grid for w × h cells: the orientation that holds the most (portrait on ties)."""
    choices = [opts.landscape] if opts.landscape is not None else [False, True]

    def held(landscape: bool) -> int:
        cols, rows = capacity(w, h, bleed, opts, landscape)
        return min(cols * rows, count)

    best = max(choices, key=held)  # max keeps the first on ties: portrait
    grid = grid_for(w, h, bleed, opts, best, count)
    if grid.count == 0:
        raise TooBigForPaper(
            f"a {w:g} × {h:g} mm sheet (plus {bleed:g} mm bleed) does not fit on "
            f"{opts.paper.name} ({opts.paper.width:g} × {opts.paper.height:g} mm) inside "
            f"{opts.margin:g} mm margins (use a larger --paper, e.g. A3)"
        )
    return grid


def room_under(grid: Grid, opts: PressOptions) -> bool:
    """Whether the calibration ruler fits across the page under the grid's pieces."""
    _bx, by, _bw, bh = grid.block
    ruler_top = grid.page_h - opts.foot - RULER_HEIGHT
    return ruler_top - (by + bh) >= RULER_CLEARANCE - 1e-6


def furniture(
    grid: Grid,
    opts: PressOptions,
    widest_footer: str,
    page_w: float | None = None,
    ruler_centre: float | None = None,
) -> tuple[list[Placement], list[Obstacle]]:
    """The calibration ruler where it fits under the grid (centred on `ruler_centre`, by
    default the middle of a page `page_w` wide, the grid's own by default), else upright in a
    side margin where that has room (`_upright`), and where marks must stop: RULER_GAP above
    the ruler, FOOTER_GAP above a footer as wide as `widest_footer`."""
    width = grid.page_w if page_w is None else page_w
    out = []
    below: list[Obstacle] = []
    if widest_footer:
        x0, x1 = footer_span(width, widest_footer)
        top = grid.page_h - opts.footer_bottom - footer_height(width, widest_footer)
        below.append((x0, x1, top - FOOTER_GAP))
    ruler_top = grid.page_h - opts.foot - RULER_HEIGHT
    ruler_left = (width / 2 if ruler_centre is None else ruler_centre) - RULER_WIDTH / 2
    if (
        opts.ruler
        and room_under(grid, opts)
        and opts.margin <= ruler_left <= width - opts.margin - RULER_WIDTH
    ):
        out.append(Placement(calibration_ruler(opts.words), translate(ruler_left, ruler_top)))
        below.append((ruler_left - 1.0, ruler_left + RULER_WIDTH + 1.0, ruler_top - RULER_GAP))
    elif opts.ruler:
        out += _upright(grid, opts, width)
    return out, below


def _upright(grid: Grid, opts: PressOptions, width: float) -> list[Placement]:
    """The upright ruler in the margin left of the pieces (else right of them), centred between
    the page's margin and its foot, where it fits there: inside the printable edge, CUT_CLEARANCE
    from the cuts and from the ends of the crop marks (as the ruler across keeps them),
    ART_CLEARANCE from the bleed."""
    bx, _by, bw, _bh = grid.block
    marks = MARK_CLEARANCE + MARK_LENGTH + CUT_CLEARANCE if opts.mark_style != "none" else 0.0
    inset = max(CUT_CLEARANCE - grid.bleed, ART_CLEARANCE, marks)  # kept from the bleed
    edge = printable_edge(opts.margin)
    strips = ((edge, bx - inset), (bx + bw + inset, width - edge))
    for strip in strips:
        spot = upright_spot(strip, (opts.margin, grid.page_h - opts.foot))
        if spot is not None:
            drawing, x, y = spot
            return [Placement(drawing, translate(x, y))]
    return []


def page_extras(
    grid: Grid, opts: PressOptions, widest_footer: str, ruler_centre: float | None = None
) -> list[Placement]:
    """The calibration ruler where it fits (centred on `ruler_centre`, else on the page), and
    crop marks clear of it and of a footer as wide as `widest_footer`."""
    out, below = furniture(grid, opts, widest_footer, ruler_centre=ruler_centre)
    if opts.mark_style != "none":
        out.insert(0, Placement(cut_marks(grid, below, opts.mark_style), translate(0, 0)))
    return out


def footer_of(grid: Grid, text: str, opts: PressOptions) -> list[Placement]:
    """The footer `text` on the grid's page, where `opts` put it (none for no text)."""
    drawn = footer(grid.page_w, grid.page_h, text, opts.footer_bottom)
    return [Placement(drawn, translate(0, 0))] if text else []


def page_of(
    grid: Grid, cells: Sequence[tuple[Drawing, float, float]], extras: list[Placement]
) -> Page:
    placed = tuple(Placement(d, translate(x, y)) for d, x, y in cells)
    xs = [x for _, x, _ in cells]
    ys = [y for _, _, y in cells]
    trim = (min(xs), min(ys), max(xs) + grid.w - min(xs), max(ys) + grid.h - min(ys))
    b = grid.bleed
    bleed = (trim[0] - b, trim[1] - b, trim[2] + 2 * b, trim[3] + 2 * b)
    return Page(grid.page_w, grid.page_h, placed + tuple(extras), trim, bleed)


def occupied(grid: Grid, count: int) -> Grid:
    """The grid cut down to the rows (and, on one row, the columns) that `count` cells fill, so
    a last page's crop marks guide no cuts through empty paper."""
    rows = min(grid.rows, math.ceil(count / grid.cols))
    cols = grid.cols if rows > 1 else min(grid.cols, count)
    return replace(grid, rows=rows, cols=cols)
