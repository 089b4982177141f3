"""A die face's movement is placed as measuring every start exactly would place it: the nearest
start to the middle that keeps `clear` mm from what it avoids (the first in grid order among
equals), else the clearest (the nearest among equals). `place` measures starts roughly with
numpy first and exactly only where that leaves the answer open; here the plain search (every
start measured by `clearance`) is the judge, on seeded random movements, pens and ink to avoid
(boxes and points, ink reaching past them or kept inside, movements crossing them)."""

from __future__ import annotations

import math
import random

import pytest

from sheetgen.games.walkabout.model import Face
from sheetgen.games.walkabout.movement import (
    SLOP,
    Blot,
    Box,
    Pen,
    Point,
    clearance,
    move_points,
    place,
    rough_clearances,
)
from sheetgen.games.walkabout.rules import TURNS

AREA: Box = (2.0, 2.0, 14.0, 14.0)


def _case(seed: int) -> tuple[Face, Pen, list[Blot]]:
    rng = random.Random(seed)
    move = ["F", *(rng.choice(list(TURNS)) for _ in range(rng.randint(0, 4)))]
    pen = Pen(rng.uniform(1.5, 3.6), rng.uniform(0.3, 0.6), "#000000", "#ffffff")
    avoid: list[Blot] = []
    for _ in range(rng.randint(1, 6)):
        x, y = rng.uniform(0, 16), rng.uniform(0, 16)
        w, h = (0.0, 0.0) if rng.random() < 0.3 else (rng.uniform(0, 5), rng.uniform(0, 5))
        avoid.append(((x, y, x + w, y + h), rng.uniform(-0.3, 0.8)))
    return Face(move=move, symbol="?"), pen, avoid  # type: ignore[arg-type]


def _plain(face: Face, pen: Pen, area: Box, avoid: list[Blot], clear: float) -> Point:
    """The search as the rule states it: every start of the 25 x 25 grid measured exactly."""
    pts = [(x * pen.step, y * pen.step) for x, y in move_points(face)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    room_x = area[2] - area[0] - (max(xs) - min(xs))
    room_y = area[3] - area[1] - (max(ys) - min(ys))
    mid = ((area[0] + area[2]) / 2, (area[1] + area[3]) / 2)
    tried = []
    for i in range(25):
        for j in range(25):
            sx = area[0] - min(xs) + max(room_x, 0) * i / 24 + min(room_x, 0) / 2
            sy = area[1] - min(ys) + max(room_y, 0) * j / 24 + min(room_y, 0) / 2
            centre = ((max(xs) + min(xs)) / 2 + sx, (max(ys) + min(ys)) / 2 + sy)
            tried.append((math.hypot(centre[0] - mid[0], centre[1] - mid[1]), (sx, sy)))
    best: tuple[float, float, Point] | None = None
    for near, start in sorted(tried, key=lambda t: t[0]):
        gap = min(clearance(face, pen, start, avoid, clear), clear)
        if gap >= clear:
            return start
        if best is None or gap > best[0] or (gap == best[0] and -near > best[1]):
            best = (gap, -near, start)
    assert best is not None
    return best[2]


@pytest.mark.parametrize("seed", range(12))
def test_the_rough_clearances_are_within_slop_of_the_exact_ones(seed: int) -> None:
    face, pen, avoid = _case(seed)
    rng = random.Random(seed)
    starts = [(rng.uniform(0, 16), rng.uniform(0, 16)) for _ in range(200)]
    most = rng.uniform(0.5, 20.0)
    rough = rough_clearances(face, pen, starts, avoid, most)
    exact = [min(clearance(face, pen, s, avoid, most), most) for s in starts]
    assert max(abs(a - b) for a, b in zip(rough, exact, strict=True)) < SLOP / 100


@pytest.mark.parametrize("seed", range(8))
def test_a_movement_goes_where_measuring_every_start_exactly_puts_it(seed: int) -> None:
    face, pen, avoid = _case(seed)
    for clear in (0.0, 0.5, 1.0, 3.0):  # found at once, found later, never found
        assert place(face, pen, AREA, avoid, clear) == _plain(face, pen, AREA, avoid, clear)


def test_with_nothing_to_avoid_the_movement_goes_in_the_middle() -> None:
    face, pen, _ = _case(0)
    assert place(face, pen, AREA, [], 0.0) == _plain(face, pen, AREA, [], 0.0)
