"""Shapes that reduce to paths: lines, polylines, polygons, arcs, ellipses, rounded rectangles."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from sheetgen.draw.shapes import Close, CurveTo, LineTo, MoveTo, Path, Segment, Style

Point = tuple[float, float]


def line(x1: float, y1: float, x2: float, y2: float, style: Style = Style()) -> Path:
    """A straight segment from (x1, y1) to (x2, y2)."""
    return Path((MoveTo(x1, y1), LineTo(x2, y2)), style)


def flattened(segments: Sequence[Segment], steps: int) -> list[Point]:
    """The points a path's segments pass through, each curve at `steps` points along it (evenly
    in its parameter), for measuring a path: its lengths, headings and how near it comes."""
    points: list[Point] = []
    for seg in segments:
        if isinstance(seg, MoveTo | LineTo):
            points.append((seg.x, seg.y))
        elif isinstance(seg, CurveTo):
            x0, y0 = points[-1]
            x1, y1, x2, y2, x, y = seg.x1, seg.y1, seg.x2, seg.y2, seg.x, seg.y
            points += [
                (a * x0 + b * x1 + c * x2 + d * x, a * y0 + b * y1 + c * y2 + d * y)
                for a, b, c, d in _bernstein(steps)
            ]
    return points


@cache
def _bernstein(steps: int) -> tuple[tuple[float, float, float, float], ...]:
    """The weights of a cubic Bézier's four points at `steps` points along it, t = 1/steps to 1
    (the same for every curve: worked out once)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u**3, 3 * u * u * t, 3 * u * t * t, t**3))
    return tuple(out)


def polyline(points: Sequence[Point], style: Style = Style(), closed: bool = False) -> Path:
    """Straight segments through `points`; `closed` joins the last point back to the first."""
    if len(points) < 2:
        raise ValueError("a polyline needs at least two points")
    segs: list[Segment] = [MoveTo(*points[0])]
    segs += [LineTo(*p) for p in points[1:]]
    if closed:
        segs.append(Close())
    return Path(tuple(segs), style)


def polygon(points: Sequence[Point], style: Style = Style()) -> Path:
    """A closed polygon through `points`."""
    return polyline(points, style, closed=True)


def hexagon(width: float, height: float, grow: float = 0.0) -> list[Point]:
    """The corners of a six-sided piece's cut in its `width` x `height` mm box (a flat top and
    bottom from a quarter to three quarters of the width, a corner at the middle of each side),
    of the box grown `grow` mm on every side, clockwise on the page from the left corner."""
    w, h, x, y = width + 2 * grow, height + 2 * grow, -grow, -grow
    corners = [(0.0, h / 2), (w / 4, 0.0), (3 * w / 4, 0.0), (w, h / 2), (3 * w / 4, h), (w / 4, h)]
    return [(x + cx, y + cy) for cx, cy in corners]


def regular_polygon(
    cx: float, cy: float, r: float, sides: int, style: Style = Style(), start_deg: float = -90.0
) -> Path:
    """A regular polygon with its first vertex at `start_deg` (-90 is straight up)."""
    pts = [_polar(cx, cy, r, start_deg + 360.0 * i / sides) for i in range(sides)]
    return polygon(pts, style)


def _polar(cx: float, cy: float, r: float, deg: float) -> Point:
    t = math.radians(deg)
    return (cx + r * math.cos(t), cy + r * math.sin(t))


def arc_segments(cx: float, cy: float, r: float, start_deg: float, end_deg: float) -> list[CurveTo]:
    """Cubic Béziers (≤ 90° each) for a circular arc; angles clockwise on the page, 0 = east."""
    sweep = end_deg - start_deg
    n = max(1, math.ceil(abs(sweep) / 90.0 - 1e-9))
    step = sweep / n
    k = 4.0 / 3.0 * math.tan(math.radians(step) / 4.0)
    out = []
    for i in range(n):
        a0 = math.radians(start_deg + i * step)
        a1 = math.radians(start_deg + (i + 1) * step)
        x0, y0 = cx + r * math.cos(a0), cy + r * math.sin(a0)
        x3, y3 = cx + r * math.cos(a1), cy + r * math.sin(a1)
        out.append(
            CurveTo(
                x0 - k * r * math.sin(a0),
                y0 + k * r * math.cos(a0),
                x3 + k * r * math.sin(a1),
                y3 - k * r * math.cos(a1),
                x3,
                y3,
            )
        )
    return out


def arc(
    cx: float, cy: float, r: float, start_deg: float, end_deg: float, style: Style = Style()
) -> Path:
    """An open circular arc."""
    start = MoveTo(*_polar(cx, cy, r, start_deg))
    return Path((start, *arc_segments(cx, cy, r, start_deg, end_deg)), style)


def ellipse_path(cx: float, cy: float, rx: float, ry: float, style: Style = Style()) -> Path:
    """A closed ellipse as four Béziers."""
    segs: list[Segment] = [MoveTo(cx + rx, cy)]
    for c in arc_segments(0.0, 0.0, 1.0, 0.0, 360.0):
        segs.append(
            CurveTo(
                cx + rx * c.x1,
                cy + ry * c.y1,
                cx + rx * c.x2,
                cy + ry * c.y2,
                cx + rx * c.x,
                cy + ry * c.y,
            )
        )
    segs.append(Close())
    return Path(tuple(segs), style)


def rounded_rect_path(
    x: float, y: float, w: float, h: float, r: float, style: Style = Style()
) -> Path:
    """A rectangle with corner radius `r`, as a closed path."""
    r = max(0.0, min(r, w / 2, h / 2))
    if r == 0:
        return polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], style)
    segs: list[Segment] = [MoveTo(x + r, y), LineTo(x + w - r, y)]
    segs += arc_segments(x + w - r, y + r, r, -90, 0)
    segs.append(LineTo(x + w, y + h - r))
    segs += arc_segments(x + w - r, y + h - r, r, 0, 90)
    segs.append(LineTo(x + r, y + h))
    segs += arc_segments(x + r, y + h - r, r, 90, 180)
    segs.append(LineTo(x, y + r))
    segs += arc_segments(x + r, y + r, r, 180, 270)
    segs.append(Close())
    return Path(tuple(segs), style)
