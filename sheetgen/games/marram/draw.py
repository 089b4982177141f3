"""Marram tile art on the 40 mm design square, scaled to the tile: grass and sand patches whose
bulges meet across tile edges, the beasts (see `beasts`), coins, flowers, the spade with its
three flip boxes, and the starter's mark."""

from __future__ import annotations

import math
from collections.abc import Mapping

from sheetgen.draw import (
    Circle,
    CurveTo,
    Drawing,
    Group,
    MoveTo,
    Path,
    Rect,
    Shape,
    Style,
    label,
    scale,
    text_width,
    translate,
)
from sheetgen.draw.colour import darker
from sheetgen.draw.icons import star
from sheetgen.draw.shapes import Close
from sheetgen.games.marram.beasts import MID, Layers, U, beast_layers
from sheetgen.games.marram.board import Face
from sheetgen.games.marram.ground import CORNER_XY, ground
from sheetgen.games.marram.model import MarramLabels, SheetStyle

TEXT = 2.4  # mm on a 40 mm tile: over 6 pt
FLIP_BOX = 3.2  # a flip box's side
FLIP_XS = (26.6, 30.5, 34.4)  # the three flip boxes' centres, 4 mm clear of the east cut
FLIP_Y = 13.2
SPADE_XY = (30.5, 7.4)
OVERRUN = 0.5  # mm a beast runs past the bleed's edge, so no sliver of ground shows there


def _item(kind: str, corner: str, st: SheetStyle, words: MarramLabels) -> list[Shape]:
    cx, cy = CORNER_XY[corner]
    x = cx + (7.5 if cx == 0 else -7.5)
    y = cy + (7.5 if cy == 0 else -7.5)
    if kind in ("gold", "silver"):
        fill = st.gold if kind == "gold" else st.silver
        letter = words.gold_letter if kind == "gold" else words.silver_letter
        rim = darker(fill, 0.55)
        return [
            Circle(x, y, 3.2, Style(stroke=rim, width=0.6, fill=fill)),
            Circle(x, y, 2.35, Style(stroke=rim, width=0.3)),
            label(x, y, letter, TEXT, weight="bold", colour=st.ink, max_width=3.4),
        ]
    petals: list[Shape] = []
    for k in range(5):
        a = math.radians(k * 72 - 90)
        petals.append(
            Circle(
                x + math.cos(a) * 1.7,
                y + math.sin(a) * 1.7,
                1.4,
                Style(stroke="#b04a7a", width=0.3, fill="#f7b8d2"),
            )
        )
    return [*petals, Circle(x, y, 1.0, Style(stroke=None, fill="#f2c230"))]


def _spade(st: SheetStyle) -> list[Shape]:
    """The spade and its three flip boxes on a white card in the north-east quarter: at each
    flip the next box is ticked on both sides (3, 2, 1: the flips left while it stays clear, in
    the rulebook's red, amber and green); with all three ticked the tile is flipped no more."""
    x, y = SPADE_XY
    left = FLIP_XS[0] - FLIP_BOX / 2 - 0.6
    right = FLIP_XS[-1] + FLIP_BOX / 2 + 0.6
    top = y - 3.9
    card = Rect(
        left,
        top,
        right - left,
        FLIP_Y + FLIP_BOX / 2 + 0.6 - top,
        Style(stroke=st.ink, width=0.3, fill="#ffffff"),
        rx=1.2,
    )
    blade = Path(
        (
            MoveTo(x, y - 2.9),
            CurveTo(x + 2.6, y - 0.8, x + 2.0, y + 1.1, x, y + 0.8),
            CurveTo(x - 2.0, y + 1.1, x - 2.6, y - 0.8, x, y - 2.9),
            Close(),
        ),
        Style(stroke=None, fill=st.ink),
    )
    handle = Rect(x - 0.4, y + 0.5, 0.8, 2.2, Style(stroke=None, fill=st.ink))
    grip = Rect(x - 1.3, y + 2.5, 2.6, 0.7, Style(stroke=None, fill=st.ink), rx=0.3)
    out: list[Shape] = [card, blade, handle, grip]
    for k, (bx, colour) in enumerate(zip(FLIP_XS, st.flips, strict=True)):
        h = FLIP_BOX / 2
        out += [
            Rect(bx - h, FLIP_Y - h, FLIP_BOX, FLIP_BOX, Style(stroke=colour, width=0.7), rx=0.4),
            label(bx, FLIP_Y, str(3 - k), TEXT, colour=st.ink),
        ]
    return out


def _starter_mark(st: SheetStyle, words: MarramLabels) -> list[Shape]:
    """The starter's badge at the top middle: a star and the word, so the shuffled tile is
    found again."""
    width = min(text_width(words.starter, TEXT, "bold"), 20.0)
    w = width + 6.6
    x0, y = (U - w) / 2, 8.0
    return [
        Rect(x0, y - 3.0, w, 6.0, Style(stroke=st.ink, width=0.3, fill="#ffffff"), rx=3.0),
        star(x0 + 3.0, y + 0.1, 1.9, st.gold, darker(st.gold, 0.55)),
        label(
            x0 + 5.2,
            y,
            words.starter,
            TEXT,
            anchor="start",
            weight="bold",
            colour=st.ink,
            max_width=20.0,
        ),
    ]


def face_layers(
    face: Face,
    st: SheetStyle,
    words: MarramLabels,
    bleed: float,
    reach: Mapping[str, float],
    starter: bool = False,
) -> Layers:
    """Everything on one side of a tile, on the design square, in painting order: the ground
    to `bleed` beyond the cut, each beast carried `reach[edge]` beyond its edges."""
    out = Layers(ground=ground(face, st, bleed))
    for seg in face.segments:
        layers = beast_layers(seg.kind, seg.edges, st, reach)
        out.outline += layers.outline
        out.body += layers.body
        out.top += layers.top
    for kind, corner in face.items:
        out.top += _item(kind, corner, st, words)
    if face.spade:
        out.top += _spade(st)
    if starter:
        out.top += _starter_mark(st, words)
    return out


def tile_drawing(
    face: Face,
    st: SheetStyle,
    words: MarramLabels,
    size: float,
    bleed: float,
    title: str,
    starter: bool = False,
) -> Drawing:
    """A tile side at `size` mm with `bleed` mm of art beyond the cut; the beasts run through
    the bleed, square to the cut, and OVERRUN mm past it at every tile size."""
    b = bleed * U / size
    reach = dict.fromkeys(MID, (bleed + OVERRUN) * U / size)
    shapes = face_layers(face, st, words, b, reach, starter).all()
    return Drawing(size, size, (Group(tuple(shapes), scale(size / U)),), bleed=bleed, title=title)


def placed_layers(
    face: Face,
    st: SheetStyle,
    words: MarramLabels,
    at: tuple[float, float, float],
    joined: frozenset[str],
    starter: bool = False,
) -> Layers:
    """A tile side on a board picture, `at` (x, y, size): its beasts carried a little over the
    `joined` edges, where a neighbour's matching beast continues them."""
    x, y, size = at
    layers = face_layers(face, st, words, 0.0, {e: 0.4 for e in joined}, starter)
    place = translate(x, y) @ scale(size / U)
    ground, outline, body, top = (
        list[Shape]([Group(tuple(part), place)])
        for part in (layers.ground, layers.outline, layers.body, layers.top)
    )
    return Layers(ground, outline, body, top)
