"""The kangaroo track (symbol 4) reads as a track pointing along a grid line, not as '= =' nor as
'=' with crumbs: four straight lines (the rulebook: symbols 1 to 4 look like that many), two
long hind feet side by side and two forepaws 40% of their length ahead of them and closer
together, both pairs either side of the way it points, with paper between the forepaws on a map
and the four apart on the smallest die. Measured from the symbol's own strokes, turned each of
the six ways; the gaps from its pixels at the size it prints on a 14 mm die."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw import Drawing, LineTo, MoveTo, Path, Rect, Style, Transform
from sheetgen.draw.document import Document, alone
from sheetgen.draw.walk import leaves
from sheetgen.games.walkabout.grid import unit
from sheetgen.games.walkabout.model import MapLayout
from sheetgen.games.walkabout.room import SYMBOL_PEN, symbol_size
from sheetgen.games.walkabout.symbols import symbol
from sheetgen.layouts.read import load

FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
Stroke = tuple[np.ndarray, np.ndarray, float]  # its two ends (mm) and its width


def _strokes(facing: str, size: float = 10, pen: float | None = None) -> list[Stroke]:
    drawn = symbol("kangaroo", 0, 0, size, "#000000", facing, pen)
    out = []
    for leaf, at in leaves((drawn,), Transform()):
        assert isinstance(leaf, Path)
        ends = [np.array(at.apply(s.x, s.y)) for s in leaf.segments]
        assert [type(s) for s in leaf.segments] == [MoveTo, LineTo]  # a straight line
        out.append((ends[0], ends[1], leaf.style.width * size))
    return out


def _length(s: Stroke) -> float:
    return float(np.linalg.norm(s[1] - s[0]))


def _across(s: Stroke, facing: str) -> float:
    """How far a stroke lies to the right of the way the symbol points, through its middle."""
    ahead = np.array(unit(facing))
    return float(s[0] @ np.array([-ahead[1], ahead[0]]))


def _pairs(strokes: list[Stroke]) -> tuple[list[Stroke], list[Stroke]]:
    """The hind feet (the two longest strokes) and the forepaws."""
    ordered = sorted(strokes, key=lambda s: -_length(s))
    return ordered[:2], ordered[2:]


@pytest.mark.parametrize("facing", FACINGS)
def test_long_hind_feet_behind_forepaws_set_closer(facing: str) -> None:
    """Along the way it faces (a grid line's, from the grid): every stroke lies along it; the
    two longest are the hind feet, the other two 40% as long (the forepaws once were specks a
    third as long), ahead of the hind feet and closer together, each pair either side of the
    way it points, as far to the left as to the right."""
    ahead = np.array(unit(facing))
    strokes = _strokes(facing)
    assert len(strokes) == 4
    for a, b, _ in strokes:
        way = (b - a) / np.linalg.norm(b - a)
        assert abs(abs(float(way @ ahead)) - 1) < 1e-9
    hind, fore = _pairs(strokes)
    for pair in (hind, fore):
        assert abs(_length(pair[0]) - _length(pair[1])) < 1e-9
        assert abs(_across(pair[0], facing) + _across(pair[1], facing)) < 1e-9
    assert all(abs(_length(f) / _length(h) - 0.4) < 0.02 for f in fore for h in hind)
    assert abs(_across(fore[0], facing)) < abs(_across(hind[0], facing))
    hind_front = max(max(float(s[0] @ ahead), float(s[1] @ ahead)) for s in hind)
    assert all(min(float(s[0] @ ahead), float(s[1] @ ahead)) > hind_front for s in fore)


@pytest.mark.parametrize("facing", FACINGS)
def test_the_forepaws_have_paper_between_them_on_a_map(facing: str) -> None:
    """As a map draws it (its one size there, 0.5 mm strokes) the two forepaws keep about
    0.8 mm of paper between them, never running into one dash (they once had 0.29 mm)."""
    layout = load("walkabout/map-1").model
    assert isinstance(layout, MapLayout)
    _, fore = _pairs(_strokes(facing, symbol_size(layout), SYMBOL_PEN))
    gap = abs(_across(fore[0], facing) - _across(fore[1], facing)) - fore[0][2]
    assert 0.75 <= gap <= 0.9


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
