"""Marram's beasts on the 40 mm design square: each segment's centre line, square to every edge
it reaches and carried on straight through the bleed (so two tiles laid edge to edge show one
unbroken beast of full width), and the segment painted along it in layers.

A beastly edge joins every kind of beast (the rulebook: beastly tiles "can extend any type of
beast"), so every beast meets an edge alike: the snakes' width across, centred on the edge's
middle, outlined in the one ink. A worm, slimmer on its own tile, widens to that width as it
nears an edge."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from sheetgen.draw import (
    Circle,
    CurveTo,
    LineTo,
    MoveTo,
    Path,
    Shape,
    Style,
    flattened,
    polygon,
    polyline,
)
from sheetgen.draw.colour import darker, lighter
from sheetgen.draw.shapes import Segment
from sheetgen.games.marram.model import SheetStyle

U = 40.0  # the design square's side
MID = {"N": (U / 2, 0.0), "E": (U, U / 2), "S": (U / 2, U), "W": (0.0, U / 2)}
INWARD = {"N": (0.0, 1.0), "E": (-1.0, 0.0), "S": (0.0, -1.0), "W": (1.0, 0.0)}
STUB = 0.33 * U  # from the edge to a head, tail or end: two ends on one tile stay 2 mm apart
SAG = 3.5  # how far a body from edge to edge bows off the straight line
SADDLE = 9.0  # length of a worm's saddle along its body
TAIL, TIP = 5.0, 4.0  # a blue snake's tail narrows from TAIL before its stub's end to TIP past it
FLARE = 6.0  # from an edge, where a worm begins to widen (or narrow) to the snakes' width
TONGUE = "#c0262d"
Point = tuple[float, float]
STEPS = 48  # points a cubic of a centre line is flattened to


@dataclass
class Layers:
    """A face's shapes in painting order. On a board every tile's ground is painted before any
    beast, and every beast's outline before any body, so the bit of a beast carried over an
    edge onto its neighbour lies under the neighbour's body, never over it."""

    ground: list[Shape] = field(default_factory=list)
    outline: list[Shape] = field(default_factory=list)
    body: list[Shape] = field(default_factory=list)
    top: list[Shape] = field(default_factory=list)

    def all(self) -> list[Shape]:
        return [*self.ground, *self.outline, *self.body, *self.top]


def offset(p: Point, d: Point, k: float) -> Point:
    """`p` moved `k` along `d`."""
    return (p[0] + d[0] * k, p[1] + d[1] * k)


def centre_line(edges: tuple[str, ...]) -> tuple[Segment, ...]:
    """A segment's centre line from its first edge: square to each edge it reaches. A stub runs
    from the edge to near the middle, a bend arcs round a corner, a body across bows a little."""
    a, ia = MID[edges[0]], INWARD[edges[0]]
    side = (ia[1], ia[0])  # across the line, the way a body bows
    if len(edges) == 1:
        end = offset(a, ia, STUB)
        c2 = offset(offset(end, ia, -0.12 * U), side, -1.5)
        return (MoveTo(*a), CurveTo(*offset(a, ia, 0.18 * U), *c2, *end))
    b, ib = MID[edges[1]], INWARD[edges[1]]
    if ia == (-ib[0], -ib[1]):  # opposite edges: two halves meeting square in the middle
        k = 0.2 * U
        mid = offset(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), side, SAG)
        return (
            MoveTo(*a),
            CurveTo(*offset(a, ia, k), *offset(mid, ia, -k), *mid),
            CurveTo(*offset(mid, ia, k), *offset(b, ib, k), *b),
        )
    k = 0.28 * U
    return (MoveTo(*a), CurveTo(*offset(a, ia, k), *offset(b, ib, k), *b))


def carried(edges: tuple[str, ...], reach: Mapping[str, float]) -> tuple[Segment, ...]:
    """The centre line carried on straight beyond each edge by `reach[edge]` (into the bleed,
    or over a neighbouring tile's matching beast)."""
    line = centre_line(edges)
    first = edges[0]
    out: list[Segment] = [
        MoveTo(*offset(MID[first], INWARD[first], -reach.get(first, 0.0))),
        LineTo(*MID[first]),
    ]
    out += line[1:]
    if len(edges) == 2:
        out.append(LineTo(*offset(MID[edges[1]], INWARD[edges[1]], -reach.get(edges[1], 0.0))))
    return tuple(out)


class Along:
    """A centre line flattened to a polyline, to find points and headings by distance."""

    def __init__(self, segments: tuple[Segment, ...], steps: int = STEPS) -> None:
        self.points = pts = flattened(segments, steps)
        self.at_length = [0.0]
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            self.at_length.append(self.at_length[-1] + math.hypot(x1 - x0, y1 - y0))
        self.length = self.at_length[-1]

    def point(self, s: float) -> tuple[float, float, float]:
        """The point `s` along the line, and the heading there in radians."""
        s = min(max(s, 0.0), self.length)
        i = next((k for k, v in enumerate(self.at_length) if v >= s), len(self.at_length) - 1)
        i = max(i, 1)
        (x0, y0), (x1, y1) = self.points[i - 1], self.points[i]
        span = self.at_length[i] - self.at_length[i - 1] or 1.0
        t = (s - self.at_length[i - 1]) / span
        return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, math.atan2(y1 - y0, x1 - x0)

    def part(self, s0: float, s1: float) -> list[Point]:
        """The polyline from `s0` to `s1` along the line."""
        inner = [p for p, s in zip(self.points, self.at_length, strict=True) if s0 < s < s1]
        first, last = self.point(s0), self.point(s1)
        return [(first[0], first[1]), *inner, (last[0], last[1])]

    def spaced(self, period: float, start: float = 0.0, stop: float | None = None) -> list[float]:
        """Distances of evenly spaced marks between `start` and `stop`, about `period` apart,
        half a space in from each end: marks on two tiles that meet fall into one rhythm."""
        stop = self.length if stop is None else stop
        n = max(1, round((stop - start) / period))
        step = (stop - start) / n
        return [start + (i + 0.5) * step for i in range(n)]


def _eyes(x: float, y: float, heading: float, r: float) -> list[Shape]:
    out: list[Shape] = []
    for side in (-1, 1):
        ex = x + math.cos(heading) * r * 0.25 - math.sin(heading) * side * r * 0.45
        ey = y + math.sin(heading) * r * 0.25 + math.cos(heading) * side * r * 0.45
        out += [
            Circle(ex, ey, r * 0.28, Style(stroke=None, fill="#ffffff")),
            Circle(
                ex + math.cos(heading) * r * 0.08,
                ey + math.sin(heading) * r * 0.08,
                r * 0.14,
                Style(stroke=None, fill="#111111"),
            ),
        ]
    return out


def flared(own: float, joint: float, inward: float) -> float:
    """A worm's width `inward` mm in from an edge (negative: beyond it): `joint` at and beyond
    the edge, easing without a kink to its `own` width FLARE in, square to the edge there."""
    t = min(max(inward, 0.0), FLARE) / FLARE
    return own + (joint - own) * (1 + math.cos(math.pi * t)) / 2


def band(along: Along, half: Callable[[float], float]) -> list[Point]:
    """The outline of a band along `along`, `half(s)` each side of its centre line `s` along:
    one side out, the other back."""
    pts, at = along.points, along.at_length
    left: list[Point] = []
    right: list[Point] = []
    for i, ((x, y), s) in enumerate(zip(pts, at, strict=True)):
        (x0, y0), (x1, y1) = pts[max(i - 1, 0)], pts[min(i + 1, len(pts) - 1)]
        span = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / span, (x1 - x0) / span
        w = half(s)
        left.append((x + nx * w, y + ny * w))
        right.append((x - nx * w, y - ny * w))
    return [*left, *reversed(right)]


def short_of(path: tuple[Segment, ...], along: Along, s: float) -> tuple[Segment, ...]:
    """A stub's carried path stopped `s` along its centre line (one cubic, found by `along`):
    the cubic split there, so the stroke ends square across the line."""
    *head, last = path
    assert isinstance(last, CurveTo) and len(along.points) == STEPS + 1
    i = next(k for k, v in enumerate(along.at_length) if v >= s)
    span = along.at_length[i] - along.at_length[i - 1]
    t = (i - 1 + (s - along.at_length[i - 1]) / span) / STEPS
    x0, y0 = along.points[0]

    def lerp(p: Point, q: Point) -> Point:
        return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t

    c1, c2, c3 = (last.x1, last.y1), (last.x2, last.y2), (last.x, last.y)
    a, b, c = lerp((x0, y0), c1), lerp(c1, c2), lerp(c2, c3)
    ab, bc = lerp(a, b), lerp(b, c)
    return (*head, CurveTo(*a, *ab, *lerp(ab, bc)))


def _tail(along: Along, half: float, colour: str, ink: str) -> list[Shape]:
    """A blue snake's tail: from TAIL before its stub's end (where the body stops) on straight
    along the body's heading there to a point TAIL + TIP beyond, narrowing smoothly and evenly
    on both sides from `half` each side of its centre line to nothing, so its tip lies on the
    line (a tail following the stub's last bend narrowed on one side only). Painted as the
    body is: an outline as heavy as the body's, then the colour, which reaches back over the
    body's end so no line marks the join."""
    start = along.length - TAIL
    x0, y0, heading = along.point(start)
    ahead = (math.cos(heading), math.sin(heading))
    left: list[Point] = []
    right: list[Point] = []
    for k in range(-6, 41):  # from 1.2 mm back over the body to the tip
        u = (TAIL + TIP) * k / 40
        x, y, h = along.point(start + u) if k < 0 else (*offset((x0, y0), ahead, u), heading)
        w = half * math.cos(math.pi / 2 * max(k / 40, 0.0) ** 1.5)
        left.append(offset((x, y), (-math.sin(h), math.cos(h)), w))
        right.append(offset((x, y), (math.sin(h), -math.cos(h)), w))
    rim = Style(stroke=ink, width=1.0, join="round")
    return [
        polyline([*left[3:], *reversed(right[3:-1])], rim),  # 0.6 mm back: under the body
        polygon([*left, *reversed(right[:-1])], Style(stroke=None, fill=colour)),
    ]


def _end(seg_kind: str, along: Along, st: SheetStyle, width: float) -> list[Shape]:
    """A head, tail or end where a stub stops."""
    x, y, heading = along.point(along.length)
    colour = {"blue": st.blue, "orange": st.orange, "worm": st.worm}[seg_kind.split("-")[0]]
    edge = Style(stroke=st.ink, width=0.5, fill=colour)
    if seg_kind == "blue-head":
        r = 3.6
        tip = (x + math.cos(heading) * (r + 2.6), y + math.sin(heading) * (r + 2.6))
        start = (x + math.cos(heading) * r, y + math.sin(heading) * r)
        return [
            polyline([start, tip], Style(stroke=TONGUE, width=0.5, cap="round")),
            Circle(x, y, r, edge),
            *_eyes(x, y, heading, r),
        ]
    if seg_kind == "blue-tail":
        return _tail(along, (width - 1.0) / 2, colour, st.ink)
    if seg_kind == "orange-end":
        return [Circle(x, y, 3.1, edge), *_eyes(x, y, heading, 3.1)]
    # a worm's end: its body rounded off
    return [Circle(x, y, (width - 0.5) / 2, edge)]


def beast_layers(
    seg_kind: str, edges: tuple[str, ...], st: SheetStyle, reach: Mapping[str, float]
) -> Layers:
    """One segment: its outline and body (carried through the edges by `reach`), then its
    marks: a blue snake's pale spine, a worm's rings and pink saddle, and any head or end."""
    beast = seg_kind.split("-")[0]
    path = carried(edges, reach)
    along = Along(centre_line(edges))
    if seg_kind == "blue-tail":  # the body stops where its tail begins to narrow
        path = short_of(path, along, along.length - TAIL)
    out = Layers()
    if beast == "beastly":
        width = st.snake_width
        out.outline.append(Path(path, Style(stroke=st.ink, width=width)))
        for colour, w in ((st.blue, width - 1.0), (st.orange, width - 3.0), (st.worm, width - 5.0)):
            out.body.append(Path(path, Style(stroke=colour, width=w)))
        return out
    colour = {"blue": st.blue, "orange": st.orange, "worm": st.worm}[beast]
    if beast == "worm":
        _worm_band(out, path, edges, st, reach)
    else:
        out.outline.append(Path(path, Style(stroke=st.ink, width=st.snake_width)))
        out.body.append(Path(path, Style(stroke=colour, width=st.snake_width - 1.0)))
    width = st.worm_width if beast == "worm" else st.snake_width
    # marks stop short of a head, an end, or where a tail begins to narrow
    short = {"blue-tail": TAIL + 0.5}.get(seg_kind, 4.0) if len(edges) == 1 else 0.0
    stop = along.length - short
    if beast == "blue":
        spine = Style(stroke=lighter(colour, 0.55), width=1.0, cap="round")
        for s in along.spaced(3.6, stop=stop):
            out.top.append(polyline(along.part(s - 0.6, s + 0.6), spine))
    if beast == "worm":
        middle = along.length / 2
        saddle = (middle - SADDLE / 2, middle + SADDLE / 2) if seg_kind == "worm-saddle" else None
        ring = Style(stroke=lighter(colour, 0.45), width=0.3)  # pale on the dark body
        ends = along.length if len(edges) == 2 else math.inf
        for s in along.spaced(2.2, stop=stop):
            if saddle and saddle[0] - 0.6 < s < saddle[1] + 0.6:
                continue
            x, y, h = along.point(s)
            nx, ny = -math.sin(h), math.cos(h)
            half = (flared(width, st.snake_width, min(s, ends - s)) - 1.2) / 2
            out.top.append(
                polyline([(x - nx * half, y - ny * half), (x + nx * half, y + ny * half)], ring)
            )
        if saddle:
            rim = along.part(saddle[0] - 0.5, saddle[1] + 0.5)
            out.top += [
                polyline(rim, Style(stroke=darker(st.saddle, 0.2), width=width + 1.6)),
                polyline(along.part(*saddle), Style(stroke=st.saddle, width=width + 0.6)),
            ]
    if len(edges) == 1:
        out.top += _end(seg_kind, along, st, width)
    return out


def _worm_band(
    out: Layers,
    path: tuple[Segment, ...],
    edges: tuple[str, ...],
    st: SheetStyle,
    reach: Mapping[str, float],
) -> None:
    """A worm's outline and body along its carried `path`: its own width on its tile, the
    snakes' width at and beyond every edge it reaches (see `flared`)."""
    full = Along(path)
    first = reach.get(edges[0], 0.0)
    last = full.length - reach.get(edges[1], 0.0) if len(edges) == 2 else math.inf

    def width(s: float) -> float:
        return flared(st.worm_width, st.snake_width, min(s - first, last - s))

    out.outline.append(polygon(band(full, lambda s: width(s) / 2), Style(stroke=None, fill=st.ink)))
    body = band(full, lambda s: (width(s) - 1.0) / 2)
    out.body.append(polygon(body, Style(stroke=None, fill=st.worm)))
