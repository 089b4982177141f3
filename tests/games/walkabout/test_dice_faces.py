"""Every Walkabout die face reads at every die size: the last step of each walk shows as a line
before its arrowhead, the symbol keeps a millimetre from every part of the walk, the art keeps
3 mm from the cut, and the spear reads as a weapon, never as a second walk.

Measured from the drawing model's shapes as printed (each drawn as the ink it lays down: a
stroke as points along it, each as wide as half the stroke; a circle round its rim; text as its
box), for all 18 faces at the layout's size and at the smallest and largest die; the spear from
its pixels at the size it prints on the smallest die."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw import (
    Drawing,
    Group,
    LineTo,
    MoveTo,
    Rect,
    Shape,
    Style,
    Transform,
)
from sheetgen.draw.document import Document, alone
from sheetgen.games.walkabout.symbols import symbol
from sheetgen.kinds import tile_sizes_of
from tests.games.walkabout.support import DICE, Art
from tests.support.ink import apart, ink, scale

SIZES = sorted({DICE.face_size, *tile_sizes_of("walkabout/dice")})  # 14, 16 and 38 mm
FACES = [(die, n, face) for die in DICE.dice for n, face in enumerate(die.faces, start=1)]


@pytest.fixture(scope="module")
def faces() -> list[tuple[str, Art]]:
    """Every face at every size, named as `light-6@14mm`."""
    return [
        (f"{die.name.lower()}-{n}@{size:g}mm", Art(die, n, face, size))
        for size in SIZES
        for die, n, face in FACES
    ]


def test_the_faces_are_measured_at_the_layouts_size_and_both_ends_of_the_range() -> None:
    assert SIZES == [14.0, 16.0, 38.0] and len(FACES) == 18


def test_the_last_step_shows_as_a_line_before_its_head(faces: list[tuple[str, Art]]) -> None:
    """At least 60% of the last step is plain line before the arrowhead begins, so a player
    reads a step, not a lone head (a head once covered 73% of it). Where the step leaves the
    start ring (the light die's 6, a walk of one step) the ring hides its first part: there
    at least a fifth of the step shows as line between ring and head (once none did)."""
    short = []
    for name, art in faces:
        step, plain, leaves_ring = art.last_step()
        if plain < (0.2 if leaves_ring else 0.6) * step:
            short.append((name, round(plain / step, 2)))
    assert short == []


def test_every_arrowhead_is_wider_than_its_line(faces: list[tuple[str, Art]]) -> None:
    """However short the step, its head stands out from the line: 1.4 line widths long or
    more and 2.4 wide at its base, so it still reads as an arrow on the smallest die."""
    thin = []
    for name, art in faces:
        t = art.at
        tip, a, b = (
            np.array(t.apply(s.x, s.y)) for s in art.head.segments if isinstance(s, MoveTo | LineTo)
        )
        width = art.line.style.width * scale(t)
        base, length = float(np.linalg.norm(a - b)), float(np.linalg.norm(tip - (a + b) / 2))
        if base < 2.4 * width - 1e-9 or length < 1.4 * width - 1e-9:
            thin.append((name, round(base / width, 2), round(length / width, 2)))
    assert thin == []


def test_the_symbol_keeps_a_millimetre_from_the_walk(faces: list[tuple[str, Art]]) -> None:
    """1 mm of bare die, as printed, between the symbol and every part of the walk (line,
    arrowhead, start ring), so neither is read as part of the other (the symbol once came
    within 0.63 mm of the dark die's 5 on a 14 mm die)."""
    near = []
    for name, art in faces:
        gap = apart(art.walk(), ink(art.symbol, art.at))
        if gap < 0.995:
            near.append((name, round(gap, 3)))
    assert near == []


def test_the_art_keeps_3mm_from_the_cut(faces: list[tuple[str, Art]]) -> None:
    """Walk, symbol, number and lattice dots all stay 3 mm inside the cut on every die size
    (on a 14 mm die they once came 2.7 mm from it)."""
    near = []
    for name, art in faces:
        points, reach = ink(art.drawing.children[1:], Transform())
        size = art.size
        edge = np.minimum.reduce(
            [points[:, 0], points[:, 1], size - points[:, 0], size - points[:, 1]]
        )
        least = float((edge - reach).min())
        if least < 3.0:
            near.append((name, round(least, 3)))
    assert near == []


# --- the spear, a symbol and never a second walk --------------------------------------------


def _pixels(shape: Shape, mm: float, dpi: int = 600) -> np.ndarray:
    """`shape` drawn black on white in a square `mm` across, as pixels holding ink."""
    ground = Rect(0, 0, mm, mm, Style(stroke=None, fill="#ffffff"))
    drawing = Drawing(mm, mm, (ground, shape))
    png = render(Document((alone(drawing),), title="symbol"), "png", dpi=dpi)[0][1]
    return np.asarray(Image.open(io.BytesIO(png)).convert("L")) < 160


def _enclosed(ink_px: np.ndarray) -> int:
    """How many bare pixels no path of bare pixels joins to the picture's edge: holes."""
    bare = ~ink_px
    reached = np.zeros_like(bare)
    h, w = bare.shape
    todo = [(y, x) for y in range(h) for x in (0, w - 1)] + [
        (y, x) for x in range(w) for y in (0, h - 1)
    ]
    while todo:
        y, x = todo.pop()
        if 0 <= y < h and 0 <= x < w and bare[y, x] and not reached[y, x]:
            reached[y, x] = True
            todo += [(y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)]
    return int((bare & ~reached).sum())


def test_the_spears_blade_is_hollow_where_a_walks_head_is_filled() -> None:
    """The spear's blade is an outline with die colour inside it, even as small as it prints
    on a 14 mm die (3.5 mm tall); a walk ends in a filled head with none. The spear stays one
    thin stroke from butt to point (the rulebook's '1': one line)."""
    small = tile_sizes_of("walkabout/dice")[0] / 16 * 4  # the symbol's size on the smallest die
    spear = _pixels(symbol("spear", small / 2 + 0.5, small / 2 + 0.5, small, "#000000"), small + 1)
    assert _enclosed(spear) >= 20  # two slivers of die colour either side of the midrib
    art = Art(DICE.dice[0], 6, DICE.dice[0].faces[5], tile_sizes_of("walkabout/dice")[0])
    head = _pixels(Group((art.head,), art.at), 14.0)
    assert _enclosed(head) == 0
    rows, cols = np.flatnonzero(spear.any(axis=1)), np.flatnonzero(spear.any(axis=0))
    assert (cols[-1] - cols[0]) < 0.3 * (rows[-1] - rows[0])
