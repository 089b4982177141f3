"""Crop marks: the guides to cut pieces apart along, in line with every trim edge of a grid.

`corners`: short marks outside the block of pieces, in line with its corners and with every
cut between pieces (the press stands a block higher where the marks under it would be short,
see `impose._marked_top`; where the paper beyond the block still has no room for one, the
mark starts over the bleed that is cut away instead, so every cut keeps a guide at both
ends). `full`: thin lines right across the block along every trim edge, over the pieces too,
running on past it as far as a corner mark would (so they keep clear of a heading above the
block), for cutting with a rule or a guillotine. Both keep their ink SAFE_EDGE inside the
paper (MARK_LIMIT from each edge) and stop short of what lies below the block: RULER_GAP
above the ruler, FOOTER_GAP above the footer's text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.draw.geometry import line
from sheetgen.draw.shapes import Drawing, Shape, Style
from sheetgen.press.footer import SAFE_EDGE

if TYPE_CHECKING:
    from sheetgen.press.plan import CropMarks, Grid

MARK_LENGTH = 5.0  # mm: a corner mark's length, where the paper has room for it
MARK_CLEARANCE = 1.0  # mm between a corner mark and the block of pieces (their bleed)
MARK_STYLE = Style(stroke="#000000", width=0.15)
# mm from the paper's edge a mark may reach: SAFE_EDGE, half the mark's width and a pixel of a
# 150 dpi render to spare, so no ink of a mark ending there shows within SAFE_EDGE
MARK_LIMIT = SAFE_EDGE + 0.25
SHORTEST_MARK = 0.75  # mm: a corner mark shorter than this is left out (or run over the bleed)
MARK_ROOM = MARK_LIMIT + MARK_CLEARANCE + SHORTEST_MARK  # the least margin that keeps them all
RULER_GAP = 3.0  # mm of paper between a mark's end and the calibration ruler
FOOTER_GAP = 0.5  # mm between a mark's end and the footer's text

Obstacle = tuple[float, float, float]  # left x, right x, and the lowest y a mark there may reach


def _trims(grid: Grid) -> tuple[list[float], list[float]]:
    """The x of every vertical trim edge and the y of every horizontal one."""
    xs = {round(grid.slot(c)[0] + dx, 4) for c in range(grid.cols) for dx in (0, grid.w)}
    ys = {
        round(grid.slot(r * grid.cols)[1] + dy, 4) for r in range(grid.rows) for dy in (0, grid.h)
    }
    return sorted(xs), sorted(ys)


def _end(grid: Grid, x: float, below: list[Obstacle]) -> float:
    """The lowest y a vertical mark at `x` may reach."""
    return min([grid.page_h - MARK_LIMIT] + [y for x0, x1, y in below if x0 <= x <= x1])


def _mark(edge: float, bleed: float, limit: float, out: int) -> tuple[float, float] | None:
    """Where a corner mark runs, outward (`out` +1 or -1) from the block's edge at `edge` (the
    outer edge of its pieces' bleed) to MARK_LENGTH but never past `limit`: from
    MARK_CLEARANCE beyond the bleed, or, where that leaves no room for SHORTEST_MARK (a footer
    on two lines under the block), from MARK_CLEARANCE beyond the cut, over the bleed that
    is cut away; None where neither fits."""
    for start in (edge + out * MARK_CLEARANCE, edge + out * (MARK_CLEARANCE - bleed)):
        if (limit - start) * out >= SHORTEST_MARK - 1e-9:
            end = start + out * MARK_LENGTH
            return start, min(end, limit) if out > 0 else max(end, limit)
    return None


def _corners(grid: Grid, below: list[Obstacle]) -> list[Shape]:
    bx, by, bw, bh = grid.block
    xs, ys = _trims(grid)
    far_x, far_y = grid.page_w - MARK_LIMIT, grid.page_h - MARK_LIMIT
    marks = []  # each runs outwards from the block, where SHORTEST_MARK or more fits
    for x in (x for x in xs if MARK_LIMIT <= x <= far_x):
        for edge, limit, out in ((by, MARK_LIMIT, -1), (by + bh, _end(grid, x, below), 1)):
            if span := _mark(edge, grid.bleed, limit, out):
                marks.append((x, span[0], x, span[1]))
    for y in (y for y in ys if MARK_LIMIT <= y <= far_y):
        for edge, limit, out in ((bx, MARK_LIMIT, -1), (bx + bw, far_x, 1)):
            if span := _mark(edge, grid.bleed, limit, out):
                marks.append((span[0], y, span[1], y))
    return [line(*mark, MARK_STYLE) for mark in marks]


def _full(grid: Grid, below: list[Obstacle]) -> list[Shape]:
    bx, by, bw, bh = grid.block
    xs, ys = _trims(grid)
    reach = MARK_CLEARANCE + MARK_LENGTH  # as far past the block as a corner mark goes
    far_x, far_y = grid.page_w - MARK_LIMIT, grid.page_h - MARK_LIMIT
    top = max(by - reach, MARK_LIMIT)
    shapes: list[Shape] = [
        line(x, top, x, min(by + bh + reach, _end(grid, x, below)), MARK_STYLE)
        for x in xs
        if MARK_LIMIT <= x <= far_x
    ]
    left, right = max(bx - reach, MARK_LIMIT), min(bx + bw + reach, far_x)
    shapes += [line(left, y, right, y, MARK_STYLE) for y in ys if MARK_LIMIT <= y <= far_y]
    return shapes


def cut_marks(grid: Grid, below: list[Obstacle], style: CropMarks) -> Drawing:
    """A page-size drawing of the grid's crop marks in `style` (empty for `none`)."""
    shapes = (
        _corners(grid, below)
        if style == "corners"
        else _full(grid, below)
        if style == "full"
        else []
    )
    return Drawing(grid.page_w, grid.page_h, tuple(shapes), title="crop marks")
