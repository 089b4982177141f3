"""Each Scribbly Gum movement tile shows the way its name says to draw, as the rulebook's "Here's
what each movement tile means" does: LEFT an arrow to the left, LEFT/RIGHT one with a head at
each end, left and right, UP/DOWN up and down, and DOTTED LINE no arrow but two circles joined
by a dotted line ("along that dotted line").

The expectation is written here from the rulebook, never from the headings table the tiles are
drawn with; what is drawn is read from each tile's drawing: an arrow is a filled polygon, and
a head is an end of its long axis that narrows to a single point (a back end is flat: two
corners)."""

from __future__ import annotations

from typing import Any

import pytest

from sheetgen.draw.shapes import Circle, Close, Drawing, LineTo, MoveTo, Path, Text
from sheetgen.draw.transform import IDENTITY
from sheetgen.draw.walk import leaves
from sheetgen.games.scribbly_gum.tiles import tile_faces
from sheetgen.layouts.read import load

# the rulebook's seven movement tiles: the name printed on each and where its arrow points
RULEBOOK: dict[str, frozenset[str]] = {
    "LEFT": frozenset({"left"}),
    "RIGHT": frozenset({"right"}),
    "UP": frozenset({"up"}),
    "DOWN": frozenset({"down"}),
    "LEFT/RIGHT": frozenset({"left", "right"}),
    "UP/DOWN": frozenset({"up", "down"}),
    "DOTTED LINE": frozenset(),
}
NEAR = 1e-6


def name(drawing: Drawing) -> str:
    """The tile's printed name, its spacing as the rulebook writes it."""
    (said,) = [s.text for s, _ in leaves(drawing.children, IDENTITY) if isinstance(s, Text)]
    return " ".join(said.replace("\u200a", "").replace(" / ", "/").split())


def heads(drawing: Drawing) -> list[frozenset[str]]:
    """Where each arrow on the tile points (up is the top of the tile)."""
    out = []
    for shape, at in leaves(drawing.children, IDENTITY):
        if not (isinstance(shape, Path) and shape.style.fill and not shape.style.stroke):
            continue
        if not any(isinstance(s, Close) for s in shape.segments):
            continue
        pts = [at.apply(s.x, s.y) for s in shape.segments if isinstance(s, MoveTo | LineTo)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        across = max(xs) - min(xs) >= max(ys) - min(ys)
        along = xs if across else ys
        high, low = ("right", "left") if across else ("down", "up")
        ends = ((max(along), high), (min(along), low))
        found = {way for end, way in ends if sum(abs(v - end) < NEAR for v in along) == 1}
        out.append(frozenset(found))
    return out


def dotted(drawing: Drawing) -> tuple[int, int]:
    """A dotted line's picture: its open circles (rings) and its dots (small filled circles)."""
    circles = [s for s, _ in leaves(drawing.children, IDENTITY) if isinstance(s, Circle)]
    rings = [c for c in circles if c.style.stroke and c.style.width > 0]
    dots = [c for c in circles if not c.style.stroke and c.style.fill]
    return len(rings), len(dots)


@pytest.fixture(scope="module")
def tiles() -> dict[str, Drawing]:
    """Every movement tile's face, by the name printed on it."""
    layout: Any = load("scribbly-gum/tiles").model
    faces = tile_faces(layout, 45.0, 0.0).movement.values()
    return {name(face): face for face in faces}


def test_the_seven_kinds_of_the_rulebook_are_printed(tiles: dict[str, Drawing]) -> None:
    """ "Here's what each movement tile means": LEFT, RIGHT, UP, DOWN, LEFT/RIGHT, UP/DOWN and
    DOTTED LINE, each a tile of its own."""
    assert sorted(tiles) == sorted(RULEBOOK)


@pytest.mark.parametrize("kind", list(RULEBOOK))
def test_each_tile_points_the_way_its_name_says(tiles: dict[str, Drawing], kind: str) -> None:
    """ "LEFT: Draw a line from any filled-in circle to the left" and so on: one arrow, its
    heads the ways the tile's name gives, none on the dotted line's tile."""
    drawn = heads(tiles[kind])
    if RULEBOOK[kind]:
        assert drawn == [RULEBOOK[kind]], f"{kind} points {drawn}"
    else:
        assert drawn == [], f"{kind} shows arrows {drawn}"


def test_the_dotted_line_tile_shows_two_circles_joined_by_dots(tiles: dict[str, Drawing]) -> None:
    """ "Draw a line from any filled-in circle that has a dotted line coming out of it, along
    that dotted line": two circles as on the tree, a line of dots between them."""
    rings, dots = dotted(tiles["DOTTED LINE"])
    assert rings == 2 and dots >= 3, (rings, dots)
