"""Walkabout's five symbols (and '?'), drawn so their pointing direction is plain and the
numbered ones look like that many strokes: spear 1, boomerang 2, emu track 3, kangaroo track 4.

The spear is one long, thin shaft under a filled blade: an arrow pointing where it points. The
emu track is a heel pad with three equal toes fanned wide and apart from it: a bird's foot,
never an arrowhead pointing back.
"""

from __future__ import annotations

import math

from sheetgen.draw import (
    Circle,
    CurveTo,
    Group,
    MoveTo,
    Path,
    Shape,
    Style,
    label,
    line,
    polygon,
    rotate,
    scale,
    translate,
)

ANGLE = {"N": 0.0, "NE": 60.0, "SE": 120.0, "S": 180.0, "SW": 240.0, "NW": 300.0}


def _stroke(colour: str, width: float = 0.09) -> Style:
    return Style(stroke=colour, width=width, cap="round", join="round")


def _spear(c: str) -> list[Shape]:
    return [
        line(0, 0.5, 0, -0.2, _stroke(c, 0.075)),
        polygon(
            [(0, -0.5), (0.12, -0.3), (0, -0.16), (-0.12, -0.3)],
            Style(stroke=c, width=0.04, fill=c, join="round"),
        ),
    ]


def _boomerang(c: str) -> list[Shape]:
    return [
        Path((MoveTo(-0.34, 0.3), CurveTo(-0.25, 0.02, -0.1, -0.3, 0, -0.38)), _stroke(c, 0.13)),
        Path((MoveTo(0.34, 0.3), CurveTo(0.25, 0.02, 0.1, -0.3, 0, -0.38)), _stroke(c, 0.13)),
    ]


def _emu(c: str) -> list[Shape]:
    # a bird's foot: a heel pad and three toes of one length fanned wide, apart from the pad,
    # so it never reads as an arrowhead (the spear's) pointing back
    heel, toe_from, toe_to = (0.0, 0.3), 0.17, 0.7
    out: list[Shape] = [Circle(*heel, 0.1, Style(stroke=None, fill=c))]
    for angle in (-50.0, 0.0, 50.0):
        dx, dy = math.sin(math.radians(angle)), -math.cos(math.radians(angle))
        out.append(
            line(
                heel[0] + dx * toe_from,
                heel[1] + dy * toe_from,
                heel[0] + dx * toe_to,
                heel[1] + dy * toe_to,
                _stroke(c, 0.1),
            )
        )
    return out


def _kangaroo(c: str) -> list[Shape]:
    return [
        line(-0.13, 0.44, -0.13, -0.02, _stroke(c, 0.11)),
        line(0.13, 0.44, 0.13, -0.02, _stroke(c, 0.11)),
        line(-0.1, -0.2, -0.1, -0.42, _stroke(c, 0.08)),
        line(0.1, -0.2, 0.1, -0.42, _stroke(c, 0.08)),
    ]


def _waterhole(c: str) -> list[Shape]:
    return [
        Circle(0, 0, 0.4, Style(stroke=c, width=0.08)),
        Circle(0, 0, 0.24, Style(stroke=c, width=0.08)),
        Circle(0, 0, 0.08, Style(stroke=None, fill=c)),
    ]


def _any(c: str) -> list[Shape]:
    return [
        Circle(0, 0, 0.44, Style(stroke=c, width=0.07)),
        label(0, 0.02, "?", 0.62, weight="bold", colour=c),
    ]


DRAW = {
    "spear": _spear,
    "boomerang": _boomerang,
    "emu": _emu,
    "kangaroo": _kangaroo,
    "waterhole": _waterhole,
    "?": _any,
}


def symbol(
    kind: str, cx: float, cy: float, size: float, colour: str, facing: str | None = None
) -> Group:
    """A symbol centred on (cx, cy), `size` mm across, in `colour`, pointing `facing` (N when
    not given)."""
    turn = ANGLE[facing] if facing else 0.0
    return Group(tuple(DRAW[kind](colour)), translate(cx, cy) @ rotate(turn) @ scale(size))
