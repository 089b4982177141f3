"""A spade tile's flip record as a player with a pencil would judge it, at every tile size the
kind takes: "Tiles that can be flipped have a red circle to show it can still be flipped 3 times,
amber twice, green once" (rulebook), so each tile carries three boxes 3, 2, 1 to tick one a flip.
Each box stands apart on white paper, its number readable and clear of the box's outline with
room for a tick over it. Measured from the shapes drawn, in printed mm."""

from __future__ import annotations

import math
from typing import NamedTuple

import pytest

from sheetgen.draw.fonts import pt
from sheetgen.draw.shapes import Drawing, Rect, Shape, Text
from sheetgen.draw.shapes import Path as Line
from sheetgen.draw.transform import Transform
from sheetgen.games.marram.draw import tile_drawing
from sheetgen.games.marram.faces import back, front
from sheetgen.kinds import tile_sizes_of
from tests.games.marram.support import SET, ST, WORDS, printed_box, walk

PAPER = 0.8  # mm of white paper round each box: from its neighbours and the card's outline
SAFE = 3.0  # mm inside the cut for anything that matters
TICK = 3.5  # mm inside a box at the least: a pencil tick over its number
LOW, HIGH = tile_sizes_of("marram/tiles")
SIZES = (LOW, ST.size, HIGH)

Box = tuple[float, float, float, float]


def _apart(a: Box, b: Box) -> float:
    """The paper between two boxes (x0, y0, x1, y1); below zero where they overlap."""
    dx = max(a[0] - b[2], b[0] - a[2])
    dy = max(a[1] - b[3], b[1] - a[3])
    return math.hypot(dx, dy) if dx > 0 and dy > 0 else max(dx, dy)


def _inset(box: Box, by: float) -> Box:
    return box[0] + by, box[1] + by, box[2] - by, box[3] - by


def _margin(inner: Box, outer: Box) -> float:
    """How far `inner` stays inside `outer` on its nearest side."""
    return min(inner[0] - outer[0], inner[1] - outer[1], outer[2] - inner[2], outer[3] - inner[3])


class Badge(NamedTuple):
    """The spade card on one face, in printed mm: its outline's outside and inside, each flip
    box (outside, inside, number, the number's box, its size) and the spade's ink."""

    card: Box
    card_in: Box
    boxes: list[tuple[Box, Box, str, Box, float]]
    spade: Box


def _badge(drawing: Drawing) -> Badge:
    shapes: list[tuple[Shape, Transform]] = walk(drawing.children)
    card, at = next((s, t) for s, t in shapes if isinstance(s, Rect) and s.style.fill == "#ffffff")
    k = at.a  # the design square's scale on the tile
    outline = printed_box(card, at)
    card_in = _inset(outline, card.style.width * k)
    boxes = []
    for shape, t in shapes:
        if isinstance(shape, Rect) and shape.style.stroke in ST.flips:
            outside = printed_box(shape, t)
            inside = _inset(outside, shape.style.width * k)
            ((number, box),) = [
                (s, b)
                for s, u in shapes
                if isinstance(s, Text) and _margin(b := printed_box(s, u), inside) > 0
            ]
            boxes.append((outside, inside, number.text, box, number.size * k))
    ink = [
        b
        for s, t in shapes
        if isinstance(s, Line | Rect)
        and s.style.fill == ST.ink
        and _margin(b := printed_box(s, t), card_in) > 0
    ]
    assert len(ink) == 3  # blade, handle and grip
    spade = (
        min(b[0] for b in ink),
        min(b[1] for b in ink),
        max(b[2] for b in ink),
        max(b[3] for b in ink),
    )
    return Badge(outline, card_in, boxes, spade)


@pytest.mark.parametrize("size", SIZES)
def test_each_flip_box_stands_on_white_paper_with_its_number_clear(size: float) -> None:
    """0.8 mm of paper between each box and its neighbours (the other boxes, the spade) and the
    card's outline; numbers 6 pt or more, 0.8 mm clear of their box's outline inside a box
    3.5 mm across; the card 3 mm inside the cut."""
    spades = [t for t in SET.tiles if t.spade]
    assert spades
    for tile in spades:
        for face in (front(tile), back(tile)):
            badge = _badge(tile_drawing(face, ST, WORDS, size, ST.bleed, tile.name))
            assert sorted(n for _, _, n, _, _ in badge.boxes) == ["1", "2", "3"], tile.name
            for outside, inside, number, ink, font in badge.boxes:
                others = [o for o, *_ in badge.boxes if o != outside] + [badge.spade]
                assert min(_apart(outside, o) for o in others) >= PAPER, (size, number)
                assert _margin(outside, badge.card_in) >= PAPER, (size, number)
                assert font >= pt(6), (size, number)
                assert _margin(ink, inside) >= PAPER, (size, number)
                assert min(inside[2] - inside[0], inside[3] - inside[1]) >= TICK, (size, number)
            assert _margin(badge.card, (0.0, 0.0, size, size)) >= SAFE, size
