"""Imposition: drawings laid out N-up on paper, with crop marks, bleed, duplex backs and ruler."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sheetgen.draw.document import Flip, Page
from sheetgen.draw.shapes import Drawing
from sheetgen.errors import PressError
from sheetgen.press.fold import fold_pages
from sheetgen.press.footer import footer_text
from sheetgen.press.grid import (
    footer_of,
    occupied,
    page_extras,
    page_of,
    plan_grid,
    room_under,
)
from sheetgen.press.plan import PressOptions
from sheetgen.press.proof import proofed
from sheetgen.press.ruler import RULER_WIDTH

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


def impose(
    drawings: Sequence[Drawing], opts: PressOptions, ruler_centre: float | None = None
) -> list[Page]:
    """Lay the drawings out in order, as many to a page as fit (or `per_page`), the ruler
    centred on `ruler_centre` (the page's middle by default); with `opts.proof`, each a
    proof copy."""
    drawings = proofed(drawings, opts.proof)
    w, h, bleed = _check_sizes(drawings)
    grid = plan_grid(w, h, bleed, opts, len(drawings))
    text = footer_text(opts.credit)
    extras = page_extras(grid, opts, text, ruler_centre) + footer_of(grid, text, opts)
    pages = []
    for start in range(0, len(drawings), grid.count):
        chunk = drawings[start : start + grid.count]
        cells = [(d, *grid.slot(i)) for i, d in enumerate(chunk)]
        if len(chunk) < grid.count:  # the last page, part filled
            used = occupied(grid, len(chunk))
            extras = page_extras(used, opts, text, ruler_centre) + footer_of(grid, text, opts)
        pages.append(page_of(grid, cells, extras))
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
    With `opts.proof`, each side is a proof copy.
    """
    if len(fronts) != len(backs):
        raise PressError(f"{len(fronts)} fronts but {len(backs)} backs: duplex needs one back each")
    fronts, backs = proofed(fronts, opts.proof), proofed(backs, opts.proof)
    w, h, bleed = _check_sizes(list(fronts) + list(backs))
    if opts.fold:
        return fold_pages(fronts, backs, opts, (w, h, bleed))
    grid = plan_grid(w, h, bleed, opts, len(fronts))
    portrait = grid.page_w <= grid.page_h
    mirror_x = (flip == "long") == portrait
    front, back = (opts.words.front, opts.words.back) if name_sides else ("", "")
    widest = footer_text(opts.credit, max(front, back, key=len))
    front_extras = page_extras(grid, opts, widest)
    front_footer = footer_of(grid, footer_text(opts.credit, front), opts)
    back_footer = footer_of(grid, footer_text(opts.credit, back), opts)
    pages = []
    for start in range(0, len(fronts), grid.count):
        chunk = fronts[start : start + grid.count]
        if len(chunk) < grid.count:  # the last sheet, part filled
            front_extras = page_extras(occupied(grid, len(chunk)), opts, widest)
        slots = [grid.slot(i) for i in range(len(chunk))]
        front_cells = [(d, x, y) for d, (x, y) in zip(chunk, slots, strict=True)]
        back_cells = []
        for d, (x, y) in zip(backs[start : start + grid.count], slots, strict=True):
            bx = grid.page_w - x - w if mirror_x else x
            by = y if mirror_x else grid.page_h - y - h
            back_cells.append((d, bx + offset[0], by + offset[1]))
        pages += [
            page_of(grid, front_cells, front_extras + front_footer),
            page_of(grid, back_cells, back_footer),
        ]
    return pages


def pad(drawing: Drawing, opts: PressOptions, copies: int) -> list[Page]:
    """A pad: `copies` identical pages, each holding as many of the drawing as fit (or per_page),
    with cut guides when there is more than one.

    The sheets are cut apart and each one kept, so the ruler never runs across a cut between
    them: side by side, it goes under one sheet (the middle one, or left of the middle) where
    it fits there, else it is left out, but for an upright one in a side margin where there is
    no room under the sheets at all. Every page is the same object, so a PDF holds its
    artwork once whatever the copies.
    """
    grid = plan_grid(drawing.width, drawing.height, drawing.bleed, opts, opts.per_page or 1000)
    if grid.count > 1:
        opts = opts.cut()
    centre = None
    if grid.cols > 1 and drawing.width >= RULER_WIDTH:
        centre = grid.slot((grid.cols - 1) // 2)[0] + drawing.width / 2
    elif grid.cols > 1 and room_under(grid, opts):
        opts = replace(opts, ruler=False)  # so the sheets sit in the middle of the page
    page = impose([drawing] * grid.count, opts, centre)[0]
    return [page] * copies
