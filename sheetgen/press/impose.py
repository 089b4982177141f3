"""Imposition: drawings laid out N-up on paper, with crop marks, bleed, duplex backs and ruler."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from sheetgen.draw.shapes import Drawing
from sheetgen.draw.transform import translate
from sheetgen.errors import PressError, TooBigForPaper
from sheetgen.press.document import Box, Flip, Page, Placement
from sheetgen.press.footer import (
    SAFE_EDGE,
    footer,
    footer_height,
    footer_span,
    footer_text,
)
from sheetgen.press.marks import (
    FOOTER_GAP,
    MARK_CLEARANCE,
    MARK_LENGTH,
    MARK_LIMIT,
    RULER_GAP,
    Obstacle,
    cut_marks,
)
from sheetgen.press.paper import NAMED, Paper
from sheetgen.press.ruler import RULER_HEIGHT, RULER_WIDTH, calibration_ruler
from sheetgen.text.page_words import PageWords

RULER_CLEARANCE = 3.0
CropMarks = Literal["none", "corners", "full"]


@dataclass(frozen=True)
class PressOptions:
    """How drawings go onto paper; the same names as the CLI's options.

    `crop_marks` is the component's own choice (cut guides or none); `marks`, the command
    line's `--crop-marks`, overrides it when given. `gap` None is the component's own gap (0
    unless it says). `bleed` (`--bleed`) is the bleed asked of pieces that have one, None
    keeping their own; components read it with `bleed_or`. `fold` (`--fold`) lays each
    duplex front and its back side by side on one page, the fold line between them.
    """

    paper: Paper = NAMED["a4"]
    margin: float = 8.0
    gap: float | None = None
    crop_marks: bool = False
    ruler: bool = True
    landscape: bool | None = None
    per_page: int | None = None
    credit: str = ""  # printed in every page's footer
    words: PageWords = field(default_factory=PageWords)
    marks: CropMarks | None = None
    bleed: float | None = None
    fold: bool = False

    @property
    def spacing(self) -> float:
        """mm between neighbouring cells."""
        return self.gap or 0.0

    @property
    def foot(self) -> float:
        """mm kept at the bottom of a page: the margin, and room for the footer under it."""
        return max(self.margin, self.footer_top + 0.5) if self.credit else self.margin

    @property
    def footer_top(self) -> float:
        """mm from the bottom of the page up to the top of the footer's text (0 with none)."""
        if not self.credit:
            return 0.0
        # the longer side word, on the paper's narrower side: room enough however it is turned
        side = max(self.words.front, self.words.back, key=len)
        narrow = min(self.paper.width, self.paper.height)
        return SAFE_EDGE + footer_height(narrow, footer_text(self.credit, side))

    @property
    def mark_style(self) -> CropMarks:
        """The crop marks the press draws: --crop-marks, else the component's choice."""
        return self.marks or ("corners" if self.crop_marks else "none")

    def bleed_or(self, own: float) -> float:
        """A piece's bleed: --bleed when given, else the piece's `own`."""
        return own if self.bleed is None else self.bleed


@dataclass(frozen=True)
class Grid:
    """Where the cells of an N-up page sit: cell (col, row) has its trim corner at `slot`."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    w: float
    h: float
    bleed: float
    gap: float
    x0: float
    y0: float

    @property
    def count(self) -> int:
        return self.cols * self.rows

    def slot(self, index: int) -> tuple[float, float]:
        col, row = index % self.cols, index // self.cols
        pitch_x = self.w + 2 * self.bleed + self.gap
        pitch_y = self.h + 2 * self.bleed + self.gap
        return (self.x0 + col * pitch_x, self.y0 + row * pitch_y)

    @property
    def block(self) -> Box:
        """The box holding every cell with its bleed."""
        x, y = self.slot(0)
        width = self.cols * (self.w + 2 * self.bleed) + (self.cols - 1) * self.gap
        height = self.rows * (self.h + 2 * self.bleed) + (self.rows - 1) * self.gap
        return (x - self.bleed, y - self.bleed, width, height)


def _fit(span: float, size: float, gap: float) -> int:
    return max(0, math.floor((span + gap + 1e-9) / (size + gap)))


def _capacity(
    w: float, h: float, bleed: float, opts: PressOptions, landscape: bool
) -> tuple[int, int]:
    """How many columns and rows of w × h cells fit the paper in this orientation."""
    page_w, page_h = opts.paper.oriented(landscape)
    cols = _fit(page_w - 2 * opts.margin, w + 2 * bleed, opts.spacing)
    rows = _fit(page_h - opts.margin - opts.foot, h + 2 * bleed, opts.spacing)
    return cols, rows


def _grid_for(
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
    cols, rows = _capacity(w, h, bleed, opts, landscape)
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
        cols, rows = _capacity(w, h, bleed, opts, landscape)
        return min(cols * rows, count)

    best = max(choices, key=held)  # max keeps the first on ties: portrait
    grid = _grid_for(w, h, bleed, opts, best, count)
    if grid.count == 0:
        raise TooBigForPaper(
            f"a {w:g} × {h:g} mm sheet (plus {bleed:g} mm bleed) does not fit on "
            f"{opts.paper.name} ({opts.paper.width:g} × {opts.paper.height:g} mm) inside "
            f"{opts.margin:g} mm margins (use a larger --paper, e.g. A3)"
        )
    return grid


def furniture(
    grid: Grid,
    opts: PressOptions,
    widest_footer: str,
    page_w: float | None = None,
    ruler_centre: float | None = None,
) -> tuple[list[Placement], list[Obstacle]]:
    """The calibration ruler where it fits under the grid (centred on `ruler_centre`, by
    default the middle of a page `page_w` wide, the grid's own by default), and where marks
    must stop: RULER_GAP above the ruler, FOOTER_GAP above a footer as wide as
    `widest_footer`."""
    width = grid.page_w if page_w is None else page_w
    out = []
    below: list[Obstacle] = []
    if widest_footer:
        x0, x1 = footer_span(width, widest_footer)
        top = grid.page_h - SAFE_EDGE - footer_height(width, widest_footer)
        below.append((x0, x1, top - FOOTER_GAP))
    _bx, by, _bw, bh = grid.block
    ruler_top = grid.page_h - opts.foot - RULER_HEIGHT
    ruler_left = (width / 2 if ruler_centre is None else ruler_centre) - RULER_WIDTH / 2
    if (
        opts.ruler
        and ruler_top - (by + bh) >= RULER_CLEARANCE - 1e-6
        and opts.margin <= ruler_left <= width - opts.margin - RULER_WIDTH
    ):
        out.append(Placement(calibration_ruler(opts.words), translate(ruler_left, ruler_top)))
        below.append((ruler_left - 1.0, ruler_left + RULER_WIDTH + 1.0, ruler_top - RULER_GAP))
    return out, below


def _extras(
    grid: Grid, opts: PressOptions, widest_footer: str, ruler_centre: float | None = None
) -> list[Placement]:
    """The calibration ruler where it fits (centred on `ruler_centre`, else on the page), and
    crop marks clear of it and of a footer as wide as `widest_footer`."""
    out, below = furniture(grid, opts, widest_footer, ruler_centre=ruler_centre)
    if opts.mark_style != "none":
        out.insert(0, Placement(cut_marks(grid, below, opts.mark_style), translate(0, 0)))
    return out


def _footer(grid: Grid, text: str) -> list[Placement]:
    return [Placement(footer(grid.page_w, grid.page_h, text), translate(0, 0))] if text else []


def _page(
    grid: Grid, cells: Sequence[tuple[Drawing, float, float]], extras: list[Placement]
) -> Page:
    placed = tuple(Placement(d, translate(x, y)) for d, x, y in cells)
    xs = [x for _, x, _ in cells]
    ys = [y for _, _, y in cells]
    trim = (min(xs), min(ys), max(xs) + grid.w - min(xs), max(ys) + grid.h - min(ys))
    b = grid.bleed
    bleed = (trim[0] - b, trim[1] - b, trim[2] + 2 * b, trim[3] + 2 * b)
    return Page(grid.page_w, grid.page_h, placed + tuple(extras), trim, bleed)


MAX_PIECES = 250_000  # pieces in one imposition (1000 sets of Marram tiles are 96,000)


def _check_sizes(drawings: Sequence[Drawing]) -> tuple[float, float, float]:
    if not drawings:
        raise PressError("nothing to print: the component made no drawings")
    if len(drawings) > MAX_PIECES:
        raise PressError(
            f"{len(drawings):,} pieces to print, over the limit of {MAX_PIECES:,} in one file; "
            "choose fewer --copies"
        )
    first = drawings[0]
    for d in drawings:
        if (d.width, d.height, d.bleed) != (first.width, first.height, first.bleed):
            raise PressError("drawings imposed together must share one size and bleed")
    return first.width, first.height, first.bleed


def _occupied(grid: Grid, count: int) -> Grid:
    """The grid cut down to the rows (and, on one row, the columns) that `count` cells fill, so
    a last page's crop marks guide no cuts through empty paper."""
    rows = min(grid.rows, math.ceil(count / grid.cols))
    cols = grid.cols if rows > 1 else min(grid.cols, count)
    return replace(grid, rows=rows, cols=cols)


def impose(
    drawings: Sequence[Drawing], opts: PressOptions, ruler_centre: float | None = None
) -> list[Page]:
    """Lay the drawings out in order, as many to a page as fit (or `per_page`), the ruler
    centred on `ruler_centre` (the page's middle by default)."""
    w, h, bleed = _check_sizes(drawings)
    grid = plan_grid(w, h, bleed, opts, len(drawings))
    text = footer_text(opts.credit)
    extras = _extras(grid, opts, text, ruler_centre) + _footer(grid, text)
    pages = []
    for start in range(0, len(drawings), grid.count):
        chunk = drawings[start : start + grid.count]
        cells = [(d, *grid.slot(i)) for i, d in enumerate(chunk)]
        if len(chunk) < grid.count:  # the last page, part filled
            used = _occupied(grid, len(chunk))
            extras = _extras(used, opts, text, ruler_centre) + _footer(grid, text)
        pages.append(_page(grid, cells, extras))
    return pages


def impose_duplex(
    fronts: Sequence[Drawing],
    backs: Sequence[Drawing],
    opts: PressOptions,
    flip: Flip = "long",
    offset: tuple[float, float] = (0.0, 0.0),
    name_sides: bool = True,
) -> list[Page]:
    """Front pages each followed by a back page whose cells land behind their fronts.

    Flipping over the long edge mirrors left-right on a portrait page (top-bottom on a landscape
    one); over the short edge, the other way. `offset` (mm) shifts every back to correct a
    printer that drifts. Backs carry no crop marks: cut from the front. The footer names each
    side (front, back) unless `name_sides` is off (sheets whose sides name themselves).
    With `opts.fold`, each front and its back share one page instead (see `press.fold`).
    """
    if len(fronts) != len(backs):
        raise PressError(f"{len(fronts)} fronts but {len(backs)} backs: duplex needs one back each")
    w, h, bleed = _check_sizes(list(fronts) + list(backs))
    if opts.fold:
        from sheetgen.press.fold import fold_pages  # it builds on this module

        return fold_pages(fronts, backs, opts, (w, h, bleed))
    grid = plan_grid(w, h, bleed, opts, len(fronts))
    portrait = grid.page_w <= grid.page_h
    mirror_x = (flip == "long") == portrait
    front, back = (opts.words.front, opts.words.back) if name_sides else ("", "")
    widest = footer_text(opts.credit, max(front, back, key=len))
    front_extras = _extras(grid, opts, widest)
    front_footer = _footer(grid, footer_text(opts.credit, front))
    back_footer = _footer(grid, footer_text(opts.credit, back))
    pages = []
    for start in range(0, len(fronts), grid.count):
        chunk = fronts[start : start + grid.count]
        if len(chunk) < grid.count:  # the last sheet, part filled
            front_extras = _extras(_occupied(grid, len(chunk)), opts, widest)
        slots = [grid.slot(i) for i in range(len(chunk))]
        front_cells = [(d, x, y) for d, (x, y) in zip(chunk, slots, strict=True)]
        back_cells = []
        for d, (x, y) in zip(backs[start : start + grid.count], slots, strict=True):
            bx = grid.page_w - x - w if mirror_x else x
            by = y if mirror_x else grid.page_h - y - h
            back_cells.append((d, bx + offset[0], by + offset[1]))
        pages += [
            _page(grid, front_cells, front_extras + front_footer),
            _page(grid, back_cells, back_footer),
        ]
    return pages


def pad(drawing: Drawing, opts: PressOptions, copies: int) -> list[Page]:
    """A pad: `copies` identical pages, each holding as many of the drawing as fit (or per_page),
    with cut guides when there is more than one.

    The sheets are cut apart and each one kept, so the ruler never runs across a cut between
    them: side by side, it goes under one sheet (the middle one, or left of the middle) where
    it fits there, else it is left out. Every page is the same object, so a PDF holds its
    artwork once whatever the copies.
    """
    grid = plan_grid(drawing.width, drawing.height, drawing.bleed, opts, opts.per_page or 1000)
    if grid.count > 1:
        opts = replace(opts, crop_marks=True)
    centre = None
    if grid.cols > 1 and drawing.width >= RULER_WIDTH:
        centre = grid.slot((grid.cols - 1) // 2)[0] + drawing.width / 2
    elif grid.cols > 1:
        opts = replace(opts, ruler=False)  # so the sheets sit in the middle of the page
    page = impose([drawing] * grid.count, opts, centre)[0]
    return [page] * copies
