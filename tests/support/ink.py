"""The ink of drawn shapes as printed, sampled along every stroke, fill, circle and text box
(each point with how far its ink reaches round it), and how much bare paper lies between two
inks."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

import numpy as np

from sheetgen.draw import (
    Circle,
    Close,
    CurveTo,
    LineTo,
    MoveTo,
    Path,
    Shape,
    Text,
    Transform,
    cap_height,
    text_width,
)
from sheetgen.draw.walk import leaves

GAP = 0.02  # mm between the points an outline is sampled at (off by 0.0001 mm at most)
Ink = tuple[np.ndarray, np.ndarray]  # points (n x 2, mm) and how far ink reaches round each


def scale(t: Transform) -> float:
    return math.sqrt(abs(t.a * t.d - t.b * t.c))


def _runs(path: Path, t: Transform) -> list[list[tuple[float, float]]]:
    """A path as polylines in page mm, its curves flattened finely."""
    runs: list[list[tuple[float, float]]] = []
    run: list[tuple[float, float]] = []
    for s in path.segments:
        if isinstance(s, MoveTo):
            if len(run) > 1:
                runs.append(run)
            run = [t.apply(s.x, s.y)]
        elif isinstance(s, LineTo):
            run.append(t.apply(s.x, s.y))
        elif isinstance(s, CurveTo):
            p0, p1, p2, p3 = (
                np.array(p)
                for p in (run[-1], t.apply(s.x1, s.y1), t.apply(s.x2, s.y2), t.apply(s.x, s.y))
            )
            for u in np.linspace(0, 1, 41)[1:]:
                q = (1 - u) ** 3 * p0 + 3 * (1 - u) ** 2 * u * p1 + 3 * (1 - u) * u**2 * p2
                q = q + u**3 * p3
                run.append((float(q[0]), float(q[1])))
        elif isinstance(s, Close):
            run.append(run[0])
    return [*runs, run] if len(run) > 1 else runs


def _along(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = []
    for a, b in itertools.pairwise(points):
        n = max(1, math.ceil(math.dist(a, b) / GAP))
        out += [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(n + 1)]
    return out


def ink(shapes: Iterable[Shape], t: Transform) -> Ink:
    """The ink of shapes as printed: the outline of every stroke and fill, sampled."""
    points: list[tuple[float, float]] = []
    reach: list[float] = []
    for leaf, at in leaves(shapes, t):
        k = scale(at)
        if isinstance(leaf, Path | Circle):
            half = leaf.style.width * k / 2 if leaf.style.stroke else 0.0
        if isinstance(leaf, Path):
            for run in _runs(leaf, at):
                line = _along(run)
                points += line
                reach += [half] * len(line)
        elif isinstance(leaf, Circle):
            cx, cy = at.apply(leaf.cx, leaf.cy)
            r = leaf.r * k
            n = max(12, math.ceil(2 * math.pi * r / GAP))
            for i in range(n):
                a = 2 * math.pi * i / n
                points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
                reach.append(half)
        elif isinstance(leaf, Text):
            w = text_width(leaf.text, leaf.size, leaf.weight, leaf.family)
            h = cap_height(leaf.size, leaf.weight, leaf.family)
            x0 = leaf.x - {"start": 0.0, "middle": w / 2, "end": w}[leaf.anchor]
            box = [(x0, leaf.y - h), (x0 + w, leaf.y - h), (x0 + w, leaf.y), (x0, leaf.y)]
            line = _along([at.apply(x, y) for x, y in [*box, box[0]]])
            points += line
            reach += [0.0] * len(line)
    return np.array(points).reshape(-1, 2), np.array(reach)


def apart(a: Ink, b: Ink) -> float:
    """mm of bare die between two inks (negative where they overlap)."""
    (pa, ra), (pb, rb) = a, b
    gaps = np.sqrt(((pa[:, None, :] - pb[None, :, :]) ** 2).sum(-1)) - ra[:, None] - rb[None, :]
    return float(gaps.min())
