"""Walkabout's five symbols (and '?'), drawn so their pointing direction is plain and the
numbered ones look like that many strokes: spear 1, boomerang 2, emu track 3, kangaroo track 4."""

from __future__ import annotations

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
COLOURS = {
    "spear": "#5a3b24",
    "boomerang": "#5a3b24",
    "emu": "#b4532a",
    "kangaroo": "#b4532a",
    "waterhole": "#2f6c9a",
    "?": "#2a2622",
}


def _stroke(colour: str, width: float = 0.09) -> Style:
    return Style(stroke=colour, width=width, cap="round", join="round")


def _spear(c: str) -> list[Shape]:
    return [
        line(0, 0.46, 0, -0.2, _stroke(c)),
        polygon(
            [(0, -0.48), (0.1, -0.24), (0, -0.18), (-0.1, -0.24)],
            Style(stroke=c, width=0.04, fill=c, join="round"),
        ),
    ]


def _boomerang(c: str) -> list[Shape]:
    return [
        Path((MoveTo(-0.34, 0.3), CurveTo(-0.25, 0.02, -0.1, -0.3, 0, -0.38)), _stroke(c, 0.13)),
        Path((MoveTo(0.34, 0.3), CurveTo(0.25, 0.02, 0.1, -0.3, 0, -0.38)), _stroke(c, 0.13)),
    ]


def _emu(c: str) -> list[Shape]:
    return [
        line(0, 0.36, 0, -0.42, _stroke(c, 0.1)),
        line(0, 0.36, -0.3, -0.22, _stroke(c, 0.1)),
        line(0, 0.36, 0.3, -0.22, _stroke(c, 0.1)),
    ]


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
    kind: str,
    cx: float,
    cy: float,
    size: float,
    facing: str | None = None,
    colour: str | None = None,
) -> Group:
    """A symbol centred on (cx, cy), `size` mm across, pointing `facing` (N when not given)."""
    turn = ANGLE[facing] if facing else 0.0
    shapes: list[Shape] = DRAW[kind](colour or COLOURS[kind])
    return Group(tuple(shapes), translate(cx, cy) @ rotate(turn) @ scale(size))
