"""The kangaroo track (symbol 4) reads as a track pointing along a grid line, not as '= =': four
straight lines (the rulebook: symbols 1 to 4 look like that many), two long hind feet side by
side and two short forepaws ahead of them and closer together, the four apart on the smallest
die. Measured from the symbol's own strokes, turned each of the six ways; the gaps from its
pixels at the size it prints on a 14 mm die."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw import Drawing, LineTo, MoveTo, Path, Rect, Style, Transform
from sheetgen.draw.walk import leaves
from sheetgen.games.walkabout.grid import unit
from sheetgen.games.walkabout.symbols import symbol
from sheetgen.press import Document, alone

FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
Stroke = tuple[np.ndarray, np.ndarray, float]  # its two ends (mm) and its width


def _strokes(facing: str) -> list[Stroke]:
    drawn = symbol("kangaroo", 0, 0, 10, "#000000", facing)
    out = []
    for leaf, at in leaves((drawn,), Transform()):
        assert isinstance(leaf, Path)
        ends = [np.array(at.apply(s.x, s.y)) for s in leaf.segments]
        assert [type(s) for s in leaf.segments] == [MoveTo, LineTo]  # a straight line
        out.append((ends[0], ends[1], leaf.style.width * 10))
    return out


@pytest.mark.parametrize("facing", FACINGS)
def test_long_hind_feet_behind_short_forepaws_set_closer(facing: str) -> None:
    """Along the way it faces (a grid line's, from the grid): every stroke lies along it; the
    two longest are the hind feet, the other two at most half as long, ahead of the hind feet's
    middles and at most half as far apart (the old track's two pairs were alike: '= =')."""
    ahead = np.array(unit(facing))
    across = np.array([-ahead[1], ahead[0]])
    strokes = sorted(_strokes(facing), key=lambda s: -float(np.linalg.norm(s[1] - s[0])))
    assert len(strokes) == 4
    for a, b, _ in strokes:
        way = (b - a) / np.linalg.norm(b - a)
        assert abs(abs(float(way @ ahead)) - 1) < 1e-9
    hind, fore = strokes[:2], strokes[2:]

    def length(s: Stroke) -> float:
        return float(np.linalg.norm(s[1] - s[0]))

    def apart(pair: list[Stroke]) -> float:
        return abs(float((pair[0][0] - pair[1][0]) @ across))

    assert max(map(length, fore)) <= 0.5 * min(map(length, hind))
    assert apart(fore) <= 0.5 * apart(hind)
    hind_middle = max(float((s[0] + s[1]) @ ahead) / 2 for s in hind)
    assert all(min(float(s[0] @ ahead), float(s[1] @ ahead)) > hind_middle for s in fore)


def test_the_four_lines_stay_apart_on_the_smallest_die() -> None:
    """Drawn 3.5 mm across (its size on a 14 mm die) at 300 dpi, the track is four separate
    marks: the forepaws never run into each other or into the hind feet."""
    mm = 3.5
    ground = Rect(0, 0, mm + 1, mm + 1, Style(stroke=None, fill="#ffffff"))
    mark = symbol("kangaroo", mm / 2 + 0.5, mm / 2 + 0.5, mm, "#000000", "NE")
    drawing = Drawing(mm + 1, mm + 1, (ground, mark))
    png = render(Document((alone(drawing),), title="kangaroo"), "png", dpi=300)[0][1]
    inked = np.asarray(Image.open(io.BytesIO(png)).convert("L")) < 160
    assert _pieces(inked) == 4


def _pieces(inked: np.ndarray) -> int:
    """How many separate marks (8-connected runs of inked pixels) a picture holds."""
    seen = np.zeros_like(inked)
    count = 0
    h, w = inked.shape
    for y, x in zip(*np.nonzero(inked), strict=True):
        if seen[y, x]:
            continue
        count += 1
        todo = [(int(y), int(x))]
        while todo:
            j, i = todo.pop()
            if 0 <= j < h and 0 <= i < w and inked[j, i] and not seen[j, i]:
                seen[j, i] = True
                todo += [(j + dj, i + di) for dj in (-1, 0, 1) for di in (-1, 0, 1)]
    return count
