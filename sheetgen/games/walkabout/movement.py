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
from dataclasses import dataclass
from itertools import pairwise

from sheetgen.draw import Circle, Shape, Style, polygon, polyline
from sheetgen.games.walkabout.grid import STEP, turn
from sheetgen.games.walkabout.model import Face
from sheetgen.games.walkabout.rules import TURNS

FORWARD = "NW"
HEAD_SHARE = 0.35  # an arrowhead is at most this share of a step long ...
HEAD_LEAST = 1.4  # ... and at least this many line widths
SQ3 = math.sqrt(3)
Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Blot = tuple[Box, float]  # ink within so many mm of a box (a disc: the box of its centre)


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


@dataclass(frozen=True)
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
    at = points(face, pen, start)
    sides = [
        *((a, b, pen.width / 2) for a, b in pairwise(at)),
        *((a, b, pen.head * 0.06) for a, b in _edges(head(pen, at[-2], at[-1]))),
        (start, start, pen.rim),
    ]
    gap = most
    for box, r in avoid:
        for a, b, half in sides:
            bounds = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            if _box_box(bounds, box) - r - half < gap:  # else it cannot be the nearest
                gap = min(gap, _seg_box(a, b, box) - r - half)
    return gap


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
    tried: list[tuple[float, Point]] = []  # each start on a 25 x 25 grid, and its distance off
    for i in range(steps + 1):
        for j in range(steps + 1):
            sx = area[0] - min(xs) + max(room_x, 0) * i / steps + min(room_x, 0) / 2
            sy = area[1] - min(ys) + max(room_y, 0) * j / steps + min(room_y, 0) / 2
            centre = ((max(xs) + min(xs)) / 2 + sx, (max(ys) + min(ys)) / 2 + sy)
            tried.append((math.hypot(centre[0] - mid[0], centre[1] - mid[1]), (sx, sy)))
    # the nearest clear start wins (the first in grid order among equals): tried nearest first,
    # the first clear one ends the search; else the clearest, the nearest among equals
    best: tuple[float, float, Point] | None = None
    for near, start in sorted(tried, key=lambda t: t[0]):  # a stable sort: grid order kept
        gap = min(clearance(face, pen, start, avoid, clear), clear)
        if gap >= clear:
            return start
        if best is None or gap > best[0] or (gap == best[0] and -near > best[1]):
            best = (gap, -near, start)
    assert best is not None
    return best[2]


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
