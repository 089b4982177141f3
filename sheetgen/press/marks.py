"""Crop marks: the guides to cut pieces apart along, in line with every trim edge of a grid.

`corners`: short marks outside the block of pieces, in line with its corners and with every
cut between pieces. `full`: thin lines right across the block along every trim edge, over
the pieces too, running on past it as far as a corner mark would (so they keep clear of a
heading above the block), for cutting with a rule or a guillotine. Both keep SAFE_EDGE inside
the paper and stop short of what lies below the block (the ruler, the footer's text).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.draw.geometry import line
from sheetgen.draw.shapes import Drawing, Shape, Style
from sheetgen.press.footer import SAFE_EDGE

if TYPE_CHECKING:
    from sheetgen.press.impose import CropMarks, Grid

MARK_LENGTH = 5.0  # mm: a corner mark's length, where the paper has room for it
MARK_CLEARANCE = 1.0  # mm between a corner mark and the block of pieces (their bleed)
MARK_ROOM = SAFE_EDGE + MARK_CLEARANCE + 1.0  # the least margin that keeps every corner mark
MARK_STYLE = Style(stroke="#000000", width=0.15)

Obstacle = tuple[float, float, float]  # left x, right x and top y of what marks stop above


def _trims(grid: Grid) -> tuple[list[float], list[float]]:
    """The x of every vertical trim edge and the y of every horizontal one."""
    xs = {round(grid.slot(c)[0] + dx, 4) for c in range(grid.cols) for dx in (0, grid.w)}
    ys = {
        round(grid.slot(r * grid.cols)[1] + dy, 4) for r in range(grid.rows) for dy in (0, grid.h)
    }
    return sorted(xs), sorted(ys)


def _end(grid: Grid, x: float, below: list[Obstacle]) -> float:
    """The lowest y a vertical mark at `x` may reach."""
    return min([grid.page_h - SAFE_EDGE] + [y - 0.5 for x0, x1, y in below if x0 <= x <= x1])


def _corners(grid: Grid, below: list[Obstacle]) -> list[Shape]:
    bx, by, bw, bh = grid.block
    xs, ys = _trims(grid)
    top, bottom = by - MARK_CLEARANCE, by + bh + MARK_CLEARANCE
    left, right = bx - MARK_CLEARANCE, bx + bw + MARK_CLEARANCE
    shapes: list[Shape] = []
    for x in xs:  # each mark runs outwards from the block, and only where 1 mm or more fits
        if top - SAFE_EDGE >= 1.0:
            shapes.append(line(x, top, x, max(top - MARK_LENGTH, SAFE_EDGE), MARK_STYLE))
        end = _end(grid, x, below)
        if end - bottom >= 1.0:
            shapes.append(line(x, bottom, x, min(bottom + MARK_LENGTH, end), MARK_STYLE))
    for y in ys:
        if left - SAFE_EDGE >= 1.0:
            shapes.append(line(left, y, max(left - MARK_LENGTH, SAFE_EDGE), y, MARK_STYLE))
        if grid.page_w - SAFE_EDGE - right >= 1.0:
            shapes.append(
                line(right, y, min(right + MARK_LENGTH, grid.page_w - SAFE_EDGE), y, MARK_STYLE)
            )
    return shapes


def _full(grid: Grid, below: list[Obstacle]) -> list[Shape]:
    bx, by, bw, bh = grid.block
    xs, ys = _trims(grid)
    reach = MARK_CLEARANCE + MARK_LENGTH  # as far past the block as a corner mark goes
    shapes: list[Shape] = []
    for x in xs:
        end = min(by + bh + reach, _end(grid, x, below))
        shapes.append(line(x, max(by - reach, SAFE_EDGE), x, end, MARK_STYLE))
    right = min(bx + bw + reach, grid.page_w - SAFE_EDGE)
    shapes += [line(max(bx - reach, SAFE_EDGE), y, right, y, MARK_STYLE) for y in ys]
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
