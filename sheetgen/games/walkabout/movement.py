"""A die face's movement drawn on its triangular lattice: where the walk starts (a hollow ring),
each step as a segment of one length, an arrowhead where it ends. Shared by the dice faces, the
dice mat and the dice roller, so a movement looks the same wherever it is shown.

Movements are drawn with forward pointing the way of FORWARD (north-west, up and to the left at
30° above the horizontal, along a grid line of the map): turn the map so that your travel
direction points that way and the drawings show where each die takes you.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from sheetgen.draw import Circle, Shape, Style, polygon, polyline
from sheetgen.frozen import frozen
from sheetgen.games.walkabout.grid import STEP, turn
from sheetgen.games.walkabout.model import Face

if TYPE_CHECKING:  # numpy is imported where dice faces are placed, not to check a map
    from numpy.typing import NDArray
from sheetgen.games.walkabout.rules import TURNS

FORWARD = "NW"
HEAD_SHARE = 0.35  # an arrowhead is at most this share of a step long ...
HEAD_LEAST = 1.4  # ... and at least this many line widths
SQ3 = math.sqrt(3)
Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Blot = tuple[Box, float]  # ink within so many mm of a box (a disc: the box of its centre)
BATCH = 128  # starts measured at once: arrays of up to 100 kB, which numpy makes fast
SLOP = 1e-6  # mm: more than rough_clearances can differ from clearance (rounding: 1e-13)


def forward_heading() -> float:
    """The forward direction in degrees (0 = right, 90 = down), as drawn."""
    dq, dv = STEP[FORWARD]
    return math.degrees(math.atan2(dv / 2, dq * SQ3 / 2))


def move_points(face: Face) -> list[Point]:
    """The points a face's movement visits, in edge lengths from its start (y down)."""
    node, facing, out = (0, 0), FORWARD, [(0.0, 0.0)]
    for t in face.move:
        facing = turn(facing, TURNS[t])
        node = (node[0] + STEP[facing][0], node[1] + STEP[facing][1])
        out.append((node[0] * SQ3 / 2, node[1] / 2))
    return out


def extent(face: Face) -> tuple[float, float]:
    """The width and height of a movement, in edge lengths."""
    pts = move_points(face)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return max(xs) - min(xs), max(ys) - min(ys)


def span(faces: Sequence[Face]) -> float:
    """The widest extent (in edges) of any of the movements, so all share one scale."""
    return max([1.0, *(max(extent(f)) for f in faces)])


@frozen
class Pen:
    """How a movement is drawn: step length and stroke width (mm), its ink and the fill of the
    start ring (the colour behind it, so the ring is hollow on every die)."""

    step: float
    width: float
    ink: str
    behind: str

    @property
    def ring(self) -> float:
        """The start ring's radius, to the middle of its stroke."""
        return self.width * 1.3

    @property
    def rim(self) -> float:
        """The start ring's outer edge, from its middle."""
        return self.ring + self.width * 0.35

    @property
    def reach(self) -> float:
        """How far any ink of the movement reaches from its points: the start ring's outer
        edge or the arrowhead's corners, whichever is further (the line's caps reach less)."""
        return max(self.rim, math.hypot(self.head, self.barb) + self.head * 0.06)

    @property
    def head(self) -> float:
        """The arrowhead's length: three line widths, but at most HEAD_SHARE of a step so the
        last step still shows as a line before its head; never under HEAD_LEAST line widths."""
        return max(self.width * HEAD_LEAST, min(self.width * 3.0, self.step * HEAD_SHARE))

    @property
    def barb(self) -> float:
        """Half the arrowhead's width at its base: 1.2 line widths or more, so that even a
        short head stands out from its line as a head."""
        return max(self.head * 0.8, self.width * 1.2)


def drawn(face: Face, pen: Pen, start: Point) -> list[Shape]:
    """The movement with its start at `start`: path, arrowhead and hollow start ring."""
    at = points(face, pen, start)
    tip, before = at[-1], at[-2]
    return [
        polyline(
            [*at[:-1], _towards(tip, before, pen.head * 0.7)],
            Style(stroke=pen.ink, width=pen.width, cap="round", join="round"),
        ),
        polygon(
            head(pen, before, tip),
            Style(stroke=pen.ink, width=pen.head * 0.12, fill=pen.ink, join="round"),
        ),
        Circle(*start, pen.ring, Style(stroke=pen.ink, width=pen.width * 0.7, fill=pen.behind)),
    ]


def points(face: Face, pen: Pen, start: Point) -> list[Point]:
    """The lattice points the movement drawn from `start` visits, in mm."""
    return [(start[0] + x * pen.step, start[1] + y * pen.step) for x, y in move_points(face)]


def head(pen: Pen, before: Point, tip: Point) -> list[Point]:
    """The arrowhead's corners on the step from `before` to `tip`: the tip, then its base."""
    ux, uy = _unit(before, tip)
    bx, by = tip[0] - ux * pen.head, tip[1] - uy * pen.head
    return [tip, (bx - uy * pen.barb, by + ux * pen.barb), (bx + uy * pen.barb, by - ux * pen.barb)]


def lattice(
    pen: Pen, start: Point, box: Box, avoid: Sequence[Box], colour: str, radius: float
) -> list[Shape]:
    """Dots on the lattice nodes (through `start`) inside `box`, none within `avoid`."""
    dx, dy = pen.step * SQ3 / 2, pen.step / 2
    q0, q1 = math.floor((box[0] - start[0]) / dx), math.ceil((box[2] - start[0]) / dx)
    v0, v1 = math.floor((box[1] - start[1]) / dy), math.ceil((box[3] - start[1]) / dy)
    out: list[Shape] = []
    for q in range(q0, q1 + 1):
        for v in range(v0, v1 + 1):
            if (q + v) % 2:
                continue
            x, y = start[0] + q * dx, start[1] + v * dy
            inside = box[0] <= x <= box[2] and box[1] <= y <= box[3]
            if inside and all(_to_box((x, y), b) > radius for b in avoid):
                out.append(Circle(x, y, radius, Style(stroke=None, fill=colour)))
    return out


def clearance(face: Face, pen: Pen, start: Point, avoid: Sequence[Blot], most: float) -> float:
    """How far the movement's ink (its line, arrowhead and start ring) drawn from `start`
    keeps from the nearest ink of `avoid`, up to `most` (ink further off is not measured)."""
    sides = _sides(face, pen, start)
    gap = most
    for box, r in avoid:
        for a, b, half in sides:
            bounds = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            if _box_box(bounds, box) - r - half < gap:  # else it cannot be the nearest
                gap = min(gap, _seg_box(a, b, box) - r - half)
    return gap


def _sides(face: Face, pen: Pen, start: Point) -> list[tuple[Point, Point, float]]:
    """The movement's ink drawn from `start` as segments, each with the ink's reach round it:
    its steps, its arrowhead's sides and its start ring (a segment of no length)."""
    at = points(face, pen, start)
    return [
        *((a, b, pen.width / 2) for a, b in pairwise(at)),
        *((a, b, pen.head * 0.06) for a, b in _edges(head(pen, at[-2], at[-1]))),
        (start, start, pen.rim),
    ]


def place(face: Face, pen: Pen, area: Box, avoid: Sequence[Blot], clear: float) -> Point:
    """Where the movement's start goes so its points sit inside `area` and its ink at least
    `clear` mm from all of `avoid`, as near the middle of `area` as it can; where no
    place is that clear, the clearest."""
    pts = [(x * pen.step, y * pen.step) for x, y in move_points(face)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    room_x = area[2] - area[0] - (max(xs) - min(xs))
    room_y = area[3] - area[1] - (max(ys) - min(ys))
    mid = ((area[0] + area[2]) / 2, (area[1] + area[3]) / 2)
    steps = 24
    grid = range(steps + 1)
    across = [area[0] - min(xs) + max(room_x, 0) * i / steps + min(room_x, 0) / 2 for i in grid]
    down = [area[1] - min(ys) + max(room_y, 0) * j / steps + min(room_y, 0) / 2 for j in grid]
    middle = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)  # of the movement, from its start
    tried: list[tuple[float, Point]] = []  # each start on a 25 x 25 grid, and its distance off
    for sx in across:
        for sy in down:
            centre = (middle[0] + sx, middle[1] + sy)
            tried.append((math.hypot(centre[0] - mid[0], centre[1] - mid[1]), (sx, sy)))
    # the nearest clear start wins (the first in grid order among equals): tried nearest first
    # (a stable sort: grid order kept), the first clear one ends the search; else the clearest,
    # the nearest among equals (the first in that order). Each start's clearance is first
    # measured roughly (with numpy, a batch at a time, within SLOP of `clearance`) and then
    # exactly only where the rough figure leaves the answer open: a start roughly more than
    # SLOP short of `clear` is not clear, nor the clearest where another is roughly 2 SLOP
    # clearer; so the start chosen is the one that measuring each exactly would choose.
    order = [start for _, start in sorted(tried, key=lambda t: t[0])]
    rough: list[float] = []
    for k, start in enumerate(order):
        if k == len(rough):  # measured a batch at a time: the search mostly ends early
            rough += rough_clearances(face, pen, order[k : k + BATCH], avoid, clear)
        if rough[k] >= clear - SLOP and clearance(face, pen, start, avoid, clear) >= clear:
            return start
    best: tuple[float, Point] | None = None
    top = max(rough)
    for start, gap in zip(order, rough, strict=True):
        if gap >= top - 2 * SLOP:
            exact = min(clearance(face, pen, start, avoid, clear), clear)
            if best is None or exact > best[0]:  # a later start is no nearer: first of equals
                best = (exact, start)
    assert best is not None
    return best[1]


def rough_clearances(
    face: Face, pen: Pen, starts: Sequence[Point], avoid: Sequence[Blot], most: float
) -> list[float]:
    """`clearance` (capped at `most`) of the movement drawn from each of `starts`, all at once
    with numpy: each within SLOP of what `clearance` gives (the same distances, worked out
    otherwise, so rounded otherwise: they differ by 1e-14 mm at most on the dice)."""
    if not avoid:
        return [most] * len(starts)
    # imported here, not at the top, for start-up time: checking a map never places a face
    import numpy as np

    sides = _sides(face, pen, (0.0, 0.0))
    # every distance is taken from the side's first end, so a start moves only the boxes;
    # arrays are (side, blot, start), the longest axis last, where numpy runs fastest
    side_a = np.array([s[0] for s in sides])
    step = np.array([s[1] for s in sides]) - side_a
    ax, ay = side_a[:, 0, None, None], side_a[:, 1, None, None]  # (side, 1, 1)
    dx, dy = step[:, 0, None, None], step[:, 1, None, None]
    n = dx * dx + dy * dy
    inverse = np.divide(1.0, n, out=np.zeros_like(n), where=n > 0)  # a ring's "side": t = 0
    half = np.array([s[2] for s in sides])[:, None, None]
    origin = np.array(starts, dtype=float).T  # (2, start)
    box = np.array([b for b, _ in avoid], dtype=float)  # (blot, 4)
    x0, x1 = (box[None, :, k, None] - origin[0] for k in (0, 2))  # (1, blot, start): as seen
    y0, y1 = (box[None, :, k, None] - origin[1] for k in (1, 3))  # from each start
    r = np.array([r for _, r in avoid], dtype=float)[None, :, None]

    def to_box(px: NDArray[Any], py: NDArray[Any]) -> NDArray[Any]:
        gx = np.maximum(np.maximum(x0 - px, 0.0), px - x1)
        gy = np.maximum(np.maximum(y0 - py, 0.0), py - y1)
        return np.asarray(gx * gx + gy * gy)

    squared = np.minimum(to_box(ax, ay), to_box(ax + dx, ay + dy))
    beside: list[NDArray[Any]] = []
    for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        px, py = cx - ax, cy - ay
        t = ((px * dx + py * dy) * inverse).clip(0.0, 1.0)
        ex, ey = px - t * dx, py - t * dy
        squared = np.minimum(squared, ex * ex + ey * ey)
        beside.append(dx * py - dy * px)
    # the side meets the box unless they are apart across x, across y or across its line
    cross = np.stack(beside)
    meets = (
        (np.minimum(ax, ax + dx) <= x1)
        & (np.maximum(ax, ax + dx) >= x0)
        & (np.minimum(ay, ay + dy) <= y1)
        & (np.maximum(ay, ay + dy) >= y0)
        & ~((cross > 0).all(axis=0) | (cross < 0).all(axis=0))
    )
    gaps = np.where(meets, 0.0, np.sqrt(squared)) - r - half
    return [float(g) for g in np.minimum(gaps.min(axis=(0, 1)), most)]


def _towards(a: Point, b: Point, by: float) -> Point:
    """`a` moved `by` mm towards `b`."""
    ux, uy = _unit(a, b)
    return (a[0] + ux * by, a[1] + uy * by)


def _unit(a: Point, b: Point) -> Point:
    """The unit vector from `a` towards `b`."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    return (dx / n, dy / n)


def _edges(corners: Sequence[Point]) -> list[tuple[Point, Point]]:
    """The sides of a polygon."""
    return list(zip(corners, [*corners[1:], corners[0]], strict=True))


def _to_box(p: Point, box: Box) -> float:
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def _box_box(a: Box, b: Box) -> float:
    """The distance between two boxes (0 where they meet)."""
    dx = max(a[0] - b[2], 0.0, b[0] - a[2])
    dy = max(a[1] - b[3], 0.0, b[1] - a[3])
    return math.hypot(dx, dy)


def _to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n if n else 0.0
    t = min(1.0, max(0.0, t))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _crosses(a: Point, b: Point, box: Box) -> bool:
    """Whether the segment a-b passes through the box (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in (
        (-dx, a[0] - box[0]),
        (dx, box[2] - a[0]),
        (-dy, a[1] - box[1]),
        (dy, box[3] - a[1]),
    ):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    return t0 <= t1


def _seg_box(a: Point, b: Point, box: Box) -> float:
    """The distance between the segment a-b and a box (0 where they meet)."""
    if _crosses(a, b, box):
        return 0.0
    corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
    return min(_to_box(a, box), _to_box(b, box), *(_to_segment(c, a, b) for c in corners))
