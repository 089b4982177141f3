"""The glyph legend a player reads off the sheet shows the reference's 19 glyphs: under each
name, the dots of that glyph and no others, and the points it is worth.

The expectation is copied by hand from `scribe-glyphs.md` ("`#` = a dot, `.` = empty; rows
separated by `/`"), never read from the layout file the sheet is drawn from, and what is drawn
is read from the sheet's drawing: each legend diagram is a square of nine circles, the large
ones the dots a player sees, the tiny ones marking the empty cells; its captions are the texts
just under it. A glyph "stands for all its rotations and mirror images", so a diagram may show
it turned or mirrored, but not with a dot more, a dot less or another glyph's shape."""

from __future__ import annotations

import re
from functools import cache

import pytest

from sheetgen.draw.shapes import Circle, Drawing, Rect, Text
from sheetgen.draw.transform import IDENTITY
from sheetgen.draw.walk import leaves
from sheetgen.games.scribe.draw import draw_sheet
from sheetgen.layouts.read import load

Cells = frozenset[tuple[int, int]]

# The reference's table, transcribed: name -> (points, pattern); "It is worth its number of dots".
REFERENCE: dict[str, tuple[int, str]] = {
    "Single": (1, "#.. / ... / ..."),
    "Double": (2, "##. / ... / ..."),
    "Line": (3, "### / ... / ..."),
    "Pipe": (4, "..# / ### / ..."),
    "Squat-T": (4, "### / .#. / ..."),
    "4-block": (4, "##. / ##. / ..."),
    "T": (5, "### / .#. / .#."),
    "Cross": (5, ".#. / ### / .#."),
    "6-block": (6, "### / ### / ..."),
    "Bomber": (6, "### / .## / ..#"),
    "Chair": (6, "..# / ### / #.#"),
    "J": (6, "..# / #.# / ###"),
    "Earring": (7, ".## / #.# / ###"),
    "House": (7, ".#. / ### / ###"),
    "H": (7, "#.# / ### / #.#"),
    "U": (7, "#.# / #.# / ###"),
    "Ottoman": (8, "### / ##. / ###"),
    "O": (8, "### / #.# / ###"),
    "9-block": (9, "### / ### / ###"),
}


def cells(pattern: str) -> Cells:
    rows = [row.strip() for row in pattern.split("/")]
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


def shape(dots: Cells) -> Cells:
    """The dots up to rotation and reflection: the least of the eight images, each moved to
    the top left corner."""
    images = []
    for turns in range(4):
        for mirror in (False, True):
            image = dots
            for _ in range(turns):
                image = frozenset((c, 2 - r) for r, c in image)
            if mirror:
                image = frozenset((r, 2 - c) for r, c in image)
            top = min(r for r, _ in image)
            left = min(c for _, c in image)
            images.append(tuple(sorted((r - top, c - left) for r, c in image)))
    return frozenset(min(images))


def test_the_transcribed_table_is_the_one_the_reference_checks() -> None:
    """The reference's own checks on its table hold for the copy: 19 glyphs, 105 dots in all,
    J = 6, 9-block = 9, each worth its dots, no two alike turned or mirrored."""
    assert len(REFERENCE) == 19
    assert sum(len(cells(p)) for _, p in REFERENCE.values()) == 105
    assert REFERENCE["J"][0] == 6 and REFERENCE["9-block"][0] == 9
    assert all(points == len(cells(p)) for points, p in REFERENCE.values())
    assert len({shape(cells(p)) for _, p in REFERENCE.values()}) == 19


def _grown(rect: Rect, at: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    return rect.x + at[0], rect.y + at[1], rect.x + rect.w + at[0], rect.y + rect.h + at[1]


@cache
def legend(ref: str) -> dict[str, tuple[Cells, list[str]]]:
    """Each legend diagram of the sheet drawn from `ref`: its dots (row, column) and the
    captions under it, keyed by the first caption (the glyph's name)."""
    drawing: Drawing = draw_sheet(load(ref).model)  # type: ignore[arg-type]
    placed = list(leaves(drawing.children, IDENTITY))
    circles = [(t.apply(s.cx, s.cy), s.r * t.a) for s, t in placed if isinstance(s, Circle)]
    texts = [(t.apply(s.x, s.y), s.text) for s, t in placed if isinstance(s, Text)]
    found: dict[str, tuple[Cells, list[str]]] = {}
    for leaf, t in placed:
        if not isinstance(leaf, Rect) or abs(leaf.w - leaf.h) > 1e-6:
            continue
        x0, y0 = t.apply(leaf.x, leaf.y)
        side = leaf.w * t.a
        inside = [(c, r) for c, r in circles if x0 < c[0] < x0 + side and y0 < c[1] < y0 + side]
        if len(inside) != 9:  # a diagram is a square of nine circles, one a cell
            continue
        cell = side / 3
        dots = frozenset(
            (int((y - y0) // cell), int((x - x0) // cell)) for (x, y), r in inside if r > cell / 4
        )
        under = sorted(
            (y, text)
            for (x, y), text in texts
            if abs(x - (x0 + side / 2)) < 0.01 and y0 + side < y < y0 + side + 4 * cell
        )
        captions = [text for _, text in under]
        assert captions, f"a legend diagram at ({x0:.1f}, {y0:.1f}) has no caption"
        found[captions[0]] = (dots, captions)
    return found


REFS = ["scribe/standard", "scribe/pad"]


@pytest.mark.parametrize("ref", REFS)
def test_the_legend_names_the_19_glyphs_once_each(ref: str) -> None:
    """The legend's heading promises "The 19 glyphs": every name of the reference, each under
    exactly one diagram."""
    assert sorted(legend(ref)) == sorted(REFERENCE)


@pytest.mark.parametrize("ref", REFS)
@pytest.mark.parametrize("name", list(REFERENCE))
def test_each_diagram_shows_its_glyphs_dots(ref: str, name: str) -> None:
    """A player copies a glyph from the legend: the diagram over its name has the reference's
    dots for it (turned or mirrored at most), as many as it is worth."""
    points, pattern = REFERENCE[name]
    dots, _ = legend(ref)[name]
    assert len(dots) == points, f"{name}: {len(dots)} dots drawn, {pattern!r} has {points}"
    assert shape(dots) == shape(cells(pattern)), f"{name} drawn as {sorted(dots)}"


@pytest.mark.parametrize("ref", REFS)
def test_each_glyph_is_captioned_with_its_points(ref: str) -> None:
    """Under each name the points it scores: "It is worth its number of dots"."""
    for name, (points, _) in REFERENCE.items():
        _, captions = legend(ref)[name]
        said = [int(n) for text in captions[1:] for n in re.findall(r"\d+", text)]
        assert said == [points], f"{name} is captioned {captions[1:]}, worth {points}"
