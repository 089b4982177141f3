"""Walkabout's five symbols (and '?'), drawn so their pointing direction is plain and the
numbered ones look like that many strokes: spear 1, boomerang 2, emu track 3, kangaroo track 4.

The spear is one long, thin shaft under a hollow, leaf-shaped blade: it points where its
blade does, and never reads as a movement (a thick line ending in a filled arrowhead). The
emu track is a heel pad with three equal toes fanned wide and apart from it: a bird's foot,
never an arrowhead pointing back. The kangaroo track is two long hind feet with two forepaws
40% as long ahead of them and closer together, paper between them: it points where the
forepaws are. Each is drawn in its own proportions (its strokes a share of its size, WIDTH),
or, on a map, with strokes of one width in mm whatever its size (`pen`).
"""

from __future__ import annotations

import math

from sheetgen.draw import (
    IDENTITY,
    Circle,
    Close,
    CurveTo,
    Group,
    LineTo,
    MoveTo,
    Path,
    Shape,
    Style,
    Text,
    label,
    line,
    rotate,
    scale,
    text_width,
    translate,
)
from sheetgen.draw.walk import leaves

ANGLE = {"N": 0.0, "NE": 60.0, "SE": 120.0, "S": 180.0, "SW": 240.0, "NW": 300.0}
FOREPAW = 0.4  # a kangaroo's forepaw, as a share of its hind foot's length


def _stroke(colour: str, width: float) -> Style:
    return Style(stroke=colour, width=width, cap="round", join="round")


def _spear(c: str, w: float) -> list[Shape]:
    # a long thin shaft (w wide) running on as the midrib of a hollow, pointed, leaf-shaped
    # blade: one stroke, and never a movement's thick line ending in a filled arrowhead; the
    # blade widens with the stroke so its hollow stays open either side of the midrib
    tip, waist, socket = -0.5, -0.17, -0.02
    edge, rib = 0.7 * w, 0.45 * w
    wide = max(0.11, 0.085 + (edge + rib) / 2)
    right = (
        CurveTo(0.03, -0.42, wide, -0.28, wide, waist),
        CurveTo(wide, -0.09, 0.035, -0.05, 0, socket),
    )
    left = (
        CurveTo(-0.035, -0.05, -wide, -0.09, -wide, waist),
        CurveTo(-wide, -0.28, -0.03, -0.42, 0, tip),
    )
    blade = Path(
        (MoveTo(0, tip), *right, *left, Close()), Style(stroke=c, width=edge, join="round")
    )
    return [
        line(0, 0.5, 0, socket, _stroke(c, w)),
        blade,
        line(0, socket, 0, -0.3, _stroke(c, rib)),
    ]


def _boomerang(c: str, w: float) -> list[Shape]:
    return [
        Path((MoveTo(-0.34, 0.3), CurveTo(-0.25, 0.02, -0.1, -0.3, 0, -0.38)), _stroke(c, w)),
        Path((MoveTo(0.34, 0.3), CurveTo(0.25, 0.02, 0.1, -0.3, 0, -0.38)), _stroke(c, w)),
    ]


def _emu(c: str, w: float) -> list[Shape]:
    # a bird's foot: a heel pad and three toes (w wide) of one length fanned wide, apart from
    # the pad, so it never reads as an arrowhead (the spear's) pointing back
    heel, pad, toe_to = (0.0, 0.3), 0.1, 0.66
    toe_from = pad + w / 2 + max(0.02, 0.5 * w - 0.03)  # clear of the pad by paper that shows
    out: list[Shape] = [Circle(*heel, pad, Style(stroke=None, fill=c))]
    for angle in (-50.0, 0.0, 50.0):
        dx, dy = math.sin(math.radians(angle)), -math.cos(math.radians(angle))
        out.append(
            line(
                heel[0] + dx * toe_from,
                heel[1] + dy * toe_from,
                heel[0] + dx * toe_to,
                heel[1] + dy * toe_to,
                _stroke(c, w),
            )
        )
    return out


def _kangaroo(c: str, w: float) -> list[Shape]:
    # a track as a kangaroo leaves it: two long hind feet (w wide) side by side, and ahead of
    # them, between them, two forepaws FOREPAW of their length and a little narrower, with
    # paper between the two (0.23 across: 0.8 mm on a map) and between them and the hind feet;
    # one figure, 0.9 from heel to paw, narrowing to the front and symmetric about the way it
    # points: never two like pairs (which read as '= =') nor a pair of specks
    fore_w, clear, reach = 0.8 * w, 0.06, 0.45
    hind_x, fore_x = 0.28, 0.115 + fore_w / 2
    hind = (2 * reach - w - fore_w - clear) / (1 + FOREPAW)
    hind_back = reach - w / 2
    hind_front = hind_back - hind
    fore_back = hind_front - (w + fore_w) / 2 - clear
    fore_front = fore_back - FOREPAW * hind
    return [
        line(-hind_x, hind_back, -hind_x, hind_front, _stroke(c, w)),
        line(hind_x, hind_back, hind_x, hind_front, _stroke(c, w)),
        line(-fore_x, fore_back, -fore_x, fore_front, _stroke(c, fore_w)),
        line(fore_x, fore_back, fore_x, fore_front, _stroke(c, fore_w)),
    ]


def _waterhole(c: str, w: float) -> list[Shape]:
    # two rings a little finer than a stroke, and a dot; the rings set apart by their own width
    # or more, so heavier rings never run together
    ring = 0.65 * w
    inner = 0.4 - max(0.16, 2 * ring)
    return [
        Circle(0, 0, 0.4, Style(stroke=c, width=ring)),
        Circle(0, 0, inner, Style(stroke=c, width=ring)),
        Circle(0, 0, 0.08, Style(stroke=None, fill=c)),
    ]


def _any(c: str, w: float) -> list[Shape]:
    return [
        Circle(0, 0, 0.44, Style(stroke=c, width=w)),
        label(0, 0.02, "?", 0.62, weight="bold", colour=c),
    ]


WIDTH = {  # each symbol's main stroke as a share of its size, where no pen is given (dice, mat)
    "spear": 0.075,
    "boomerang": 0.13,
    "emu": 0.1,
    "kangaroo": 0.13,
    "waterhole": 0.08 / 0.65,
    "?": 0.07,
}
DRAW = {
    "spear": _spear,
    "boomerang": _boomerang,
    "emu": _emu,
    "kangaroo": _kangaroo,
    "waterhole": _waterhole,
    "?": _any,
}


def symbol(
    kind: str,
    cx: float,
    cy: float,
    size: float,
    colour: str,
    facing: str | None = None,
    pen: float | None = None,
) -> Group:
    """A symbol centred on (cx, cy), `size` mm across, in `colour`, pointing `facing` (N when
    not given), its main strokes `pen` mm wide (its own share of its size, WIDTH, when not
    given; finer parts in proportion)."""
    turn = ANGLE[facing] if facing else 0.0
    w = pen / size if pen is not None else WIDTH[kind]
    return Group(tuple(DRAW[kind](colour, w)), translate(cx, cy) @ rotate(turn) @ scale(size))


def ink(drawn: Group) -> list[tuple[tuple[float, float, float, float], float]]:
    """Where a drawn symbol's ink lies, shape by shape: each within so many mm of a box (x0, y0,
    x1, y1). A line or curve: the box of its points (a curve's control points too, so a
    little generous) and half its stroke; a circle: its centre, and its radius and half its
    stroke; text: its advance, from an ascender's height down to a descender's depth."""
    out: list[tuple[tuple[float, float, float, float], float]] = []
    for leaf, at in leaves((drawn,), IDENTITY):
        k = math.sqrt(abs(at.a * at.d - at.b * at.c))
        if isinstance(leaf, Path):
            corners = [at.apply(x, y) for s in leaf.segments for x, y in _points(s)]
            out.append((_box(corners), _half(leaf.style) * k))
        elif isinstance(leaf, Circle):
            out.append((_box([at.apply(leaf.cx, leaf.cy)]), (leaf.r + _half(leaf.style)) * k))
        elif isinstance(leaf, Text):
            w = text_width(leaf.text, leaf.size, leaf.weight, leaf.family)
            x0 = leaf.x - {"start": 0.0, "middle": w / 2, "end": w}[leaf.anchor]
            ends = [(x, leaf.y + dy * leaf.size) for x in (x0, x0 + w) for dy in (-0.8, 0.25)]
            out.append((_box([at.apply(x, y) for x, y in ends]), 0.0))
    return out


def _half(style: Style) -> float:
    return style.width / 2 if style.stroke else 0.0


def _box(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _points(segment: object) -> list[tuple[float, float]]:
    """A path segment's points: its end and, for a curve, its control points."""
    if isinstance(segment, CurveTo):
        return [(segment.x1, segment.y1), (segment.x2, segment.y2), (segment.x, segment.y)]
    if isinstance(segment, MoveTo | LineTo):
        return [(segment.x, segment.y)]
    return []
