"""Marram tile art on the 40 mm design square, scaled to the tile: grass and sand patches whose
bulges meet across tile edges, the beasts (see `beasts`), coins, flowers, the spade with its
three flip boxes, and the starter's mark."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

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
from sheetgen.games.marram.faces import Face
from sheetgen.games.marram.ground import CORNER_XY, ground
from sheetgen.games.marram.model import MarramLabels, SheetStyle

TEXT = 2.4  # mm on a 40 mm tile: over 6 pt
# The spade card: a 2 x 2 grid in the north-east quarter, the spade then the flip boxes 3, 2, 1
# in reading order. Sizes on the 40 mm design square; a 36 mm tile prints them at 0.9.
CARD_RIGHT, CARD_TOP = 36.4, 3.6  # the card's outline 3 mm inside the cut on a 36 mm tile
CARD_LINE = 0.3
FLIP_BOX = 4.6  # a flip box's side, to the middle of its outline: room for a tick over its number
FLIP_LINE = 0.6
PAPER = 1.0  # white paper around each box and the spade: 0.9 mm on a 36 mm tile
CELL = FLIP_BOX + FLIP_LINE  # a grid cell: a box to the outside of its outline
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


def _cells() -> list[tuple[float, float]]:
    """The centres of the card's four cells in reading order: the spade, then boxes 3, 2, 1."""
    right = CARD_RIGHT - CARD_LINE / 2 - PAPER - CELL / 2
    top = CARD_TOP + CARD_LINE / 2 + PAPER + CELL / 2
    step = CELL + PAPER
    return [(right - step + col * step, top + row * step) for row in (0, 1) for col in (0, 1)]


def _spade_glyph(x: float, y: float, height: float, ink: str) -> list[Shape]:
    """A spade `height` tall centred on (x, y): blade, handle and grip."""
    k = height / 6.1  # the glyph's own height: the blade's tip to the grip's foot
    y -= 0.15 * k  # the glyph runs from -2.9 to 3.2 about its origin

    def at(dx: float, dy: float) -> tuple[float, float]:
        return x + dx * k, y + dy * k

    blade = Path(
        (
            MoveTo(*at(0, -2.9)),
            CurveTo(*at(2.6, -0.8), *at(2.0, 1.1), *at(0, 0.8)),
            CurveTo(*at(-2.0, 1.1), *at(-2.6, -0.8), *at(0, -2.9)),
            Close(),
        ),
        Style(stroke=None, fill=ink),
    )
    handle = Rect(*at(-0.4, 0.5), 0.8 * k, 2.2 * k, Style(stroke=None, fill=ink))
    grip = Rect(*at(-1.3, 2.5), 2.6 * k, 0.7 * k, Style(stroke=None, fill=ink), rx=0.3 * k)
    return [blade, handle, grip]


def _spade(st: SheetStyle) -> list[Shape]:
    """The spade and its three flip boxes on a white card in the north-east quarter: at each
    flip the next box is ticked on both sides (3, 2, 1: the flips left while it stays clear, in
    the rulebook's red, amber and green); with all three ticked the tile is flipped no more.
    Each box keeps PAPER clear to its neighbours and the card's outline, its number a little
    more to its own outline, so a tick fits over it."""
    side = 2 * CELL + 3 * PAPER + CARD_LINE
    card = Rect(
        CARD_RIGHT - side,
        CARD_TOP,
        side,
        side,
        Style(stroke=st.ink, width=CARD_LINE, fill="#ffffff"),
        rx=1.2,
    )
    (sx, sy), *boxes = _cells()
    out: list[Shape] = [card, *_spade_glyph(sx, sy, CELL, st.ink)]
    h = FLIP_BOX / 2
    for k, ((bx, by), colour) in enumerate(zip(boxes, st.flips, strict=True)):
        out += [
            Rect(bx - h, by - h, FLIP_BOX, FLIP_BOX, Style(stroke=colour, width=FLIP_LINE), rx=0.5),
            label(bx, by, str(3 - k), TEXT, colour=st.ink),
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


@lru_cache(maxsize=256)
def _beast(
    kind: str, edges: tuple[str, ...], st: SheetStyle, reach: tuple[tuple[str, float], ...]
) -> tuple[tuple[Shape, ...], tuple[Shape, ...], tuple[Shape, ...]]:
    """`beast_layers` of one segment (its outline, body and marks), drawn once for each
    segment, style and reach: a set's tiles repeat their beasts (60 segments, 21 unlike)."""
    layers = beast_layers(kind, edges, st, dict(reach))
    return tuple(layers.outline), tuple(layers.body), tuple(layers.top)


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
        outline, body, top = _beast(seg.kind, seg.edges, st, tuple(reach.items()))
        out.outline += outline
        out.body += body
        out.top += top
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
