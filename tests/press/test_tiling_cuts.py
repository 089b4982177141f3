"""A tiled picture's cuts go where ranking every choice one by one puts them: each cut at the
first of its choices (its even share, the edges of boxes and texts within reach, every half
millimetre) least by texts split, then most marks (two at most), then fewest boxes crossed, then
distance from its even share. The press ranks them all at once with numpy and counts marks once
for each set of boxes blocking them; here the plain ranking is the judge, on seeded random axes
(boxes of no width, whole-millimetre edges, edges shared, texts and none)."""

from __future__ import annotations

import math
import random

import pytest

from sheetgen.press.tiling import _Axis


def _plain(axis: _Axis, window: float, lap: float) -> list[float]:
    """The cuts as the rule states them: every choice of every cut scored on its own."""
    pages = max(1, math.ceil((axis.length - lap) / (window - lap) - 1e-9))
    step, stride = (axis.length - lap) / pages, window - lap - 1e-6
    last = axis.length - lap / 2
    cuts: list[float] = []
    before = lap / 2
    for k in range(1, pages):
        low, high = max(before + lap, last - (pages - k) * stride), before + stride
        ideal = min(max(k * step + lap / 2, low), high)
        edges = {e for lo, hi, _, _ in axis.boxes for e in (lo, hi)} | {
            e for t in axis.texts for e in t
        }
        near = [low + i * 0.5 for i in range(int((high - low) / 0.5) + 1)]
        choices = [ideal, *sorted(e for e in edges if low <= e <= high), *near]

        def score(c: float, ideal: float = ideal) -> tuple[int, int, int, float]:
            split = sum(lo < c < hi for lo, hi in axis.texts)
            marks = min(2, len(axis.spots(c)))
            crossed = sum(lo < c < hi for lo, hi, _, _ in axis.boxes)
            return (split, -marks, crossed, round(abs(c - ideal), 6))

        before = min(choices, key=score)
        cuts.append(before)
    return cuts


@pytest.mark.parametrize("seed", range(40))
def test_the_cuts_are_those_of_the_plain_ranking(seed: int) -> None:
    rng = random.Random(seed)
    length = rng.uniform(100, 900)
    boxes = []
    for _ in range(rng.randint(0, 80)):
        lo = rng.choice([rng.uniform(0, length), float(rng.randint(0, int(length)))])
        hi = lo + rng.choice([rng.uniform(0, 40), 10.0, 0.0])
        a = rng.uniform(0, 300)
        boxes.append((lo, hi, a, a + rng.uniform(0, 30)))
    texts = tuple((lo - 1, hi + 1) for lo, hi, _, _ in boxes[: rng.randint(0, len(boxes))])
    axis = _Axis(length, rng.uniform(50, 300), tuple(boxes), texts)
    window, lap = rng.uniform(150, 280), rng.uniform(0, 30)
    assert repr(axis.cuts(window, lap)) == repr(_plain(axis, window, lap))
