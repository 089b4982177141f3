"""Shared vector icons (food, moth, arrows), each drawn centred on (cx, cy) within `size` mm;
and the symbols a designer's text prints inline (card suits, plain shapes), in one colour.

Every icon differs from the others in shape, not only in colour, so a sheet printed in black
and white still plays.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from sheetgen.draw.colour import darker
from sheetgen.draw.geometry import ellipse_path, line, polygon
from sheetgen.draw.shapes import Circle, Close, CurveTo, Group, LineTo, MoveTo, Path, Shape, Style
from sheetgen.draw.transform import rotate, scale, translate


def _placed(shapes: list[Shape], cx: float, cy: float, size: float, turn: float = 0.0) -> Group:
    """Shapes drawn in a unit box (-0.5..0.5) moved to (cx, cy) at `size` mm."""
    t = translate(cx, cy) @ rotate(turn) @ scale(size)
    return Group(tuple(shapes), t)


def leaf(cx: float, cy: float, size: float, colour: str = "#3f8a3a") -> Group:
    """A gum leaf: a long pointed blade, slightly curved, with its midrib."""
    edge = darker(colour)
    blade = Path(
        (
            MoveTo(0, -0.5),
            CurveTo(0.26, -0.22, 0.24, 0.22, 0.02, 0.5),
            CurveTo(-0.2, 0.24, -0.22, -0.2, 0, -0.5),
            Close(),
        ),
        Style(stroke=edge, width=0.05, fill=colour, join="round"),
    )
    rib = Path(
        (MoveTo(0, -0.42), CurveTo(0.04, -0.1, 0.05, 0.2, 0.02, 0.48)),
        Style(stroke="#ffffff", width=0.035, cap="round", opacity=0.85),
    )
    return _placed([blade, rib], cx, cy, size, turn=35.0)


def nut(cx: float, cy: float, size: float, colour: str = "#8a5a2b") -> Group:
    """A gumnut: a round-bottomed cup with a flat rim marked by a cross of valves."""
    edge = darker(colour)
    body = Path(
        (
            MoveTo(-0.34, -0.2),
            CurveTo(-0.38, 0.18, -0.2, 0.46, 0, 0.46),
            CurveTo(0.2, 0.46, 0.38, 0.18, 0.34, -0.2),
            Close(),
        ),
        Style(stroke=edge, width=0.05, fill=colour, join="round"),
    )
    rim = ellipse_path(0, -0.22, 0.36, 0.13, Style(stroke=edge, width=0.05, fill=edge))
    valves = [
        line(-0.16, -0.22, 0.16, -0.22, Style(stroke="#f3e3c8", width=0.05, cap="round")),
        line(0, -0.3, 0, -0.14, Style(stroke="#f3e3c8", width=0.05, cap="round")),
    ]
    stalk = line(0, -0.35, 0.06, -0.5, Style(stroke=edge, width=0.07, cap="round"))
    return _placed([stalk, body, rim, *valves], cx, cy, size)


def blossom(cx: float, cy: float, size: float, colour: str = "#d2467a") -> Group:
    """A gum blossom: a round puff of stamens radiating from a small centre."""
    edge = darker(colour)
    shapes: list[Shape] = [Circle(0, 0, 0.2, Style(stroke=None, fill=colour, opacity=0.35))]
    for k in range(14):
        a = math.radians(k * 360 / 14)
        x, y = 0.42 * math.cos(a), 0.42 * math.sin(a)
        shapes.append(
            line(
                0.12 * math.cos(a),
                0.12 * math.sin(a),
                x,
                y,
                Style(stroke=colour, width=0.045, cap="round"),
            )
        )
        shapes.append(Circle(x, y, 0.065, Style(stroke=None, fill=edge)))
    shapes.append(Circle(0, 0, 0.13, Style(stroke=edge, width=0.04, fill="#f6d36b")))
    return _placed(shapes, cx, cy, size)


def wild(cx: float, cy: float, size: float, colours: tuple[str, str, str]) -> Group:
    """'Any food': the nut, leaf and blossom together in a ring, with a star between them."""
    nut_c, leaf_c, blossom_c = colours
    r = 0.24
    parts: list[Shape] = [
        nut(0, -r, 0.46, nut_c),
        leaf(-r * 0.9, r * 0.6, 0.46, leaf_c),
        blossom(r * 0.9, r * 0.6, 0.46, blossom_c),
    ]
    return _placed(parts, cx, cy, size)


def arrows_ring(cx: float, cy: float, radius: float, size: float, colour: str) -> Group:
    """Four small arrowheads pointing outward around a circle of `radius`: an extra move."""
    shapes: list[Shape] = []
    for k in range(4):
        head = polygon(
            [
                (radius + size, 0),
                (radius + 0.15 * size, -0.6 * size),
                (radius + 0.15 * size, 0.6 * size),
            ],
            Style(stroke=None, fill=colour),
        )
        shapes.append(Group((head,), rotate(90 * k)))
    return Group(tuple(shapes), translate(cx, cy))


def moth(cx: float, cy: float, size: float, body: str = "#7b6a58", wings: str = "#d8c7a8") -> Group:
    """A round-winged baby moth seen from above, antennae up."""
    edge = darker(body, 0.7)
    wing_style = Style(stroke=edge, width=0.025, fill=wings, join="round")
    shapes: list[Shape] = []
    for side in (-1, 1):
        shapes.append(ellipse_path(0.2 * side, -0.1, 0.22, 0.2, wing_style))
        shapes.append(ellipse_path(0.16 * side, 0.16, 0.15, 0.14, wing_style))
        shapes.append(Circle(0.22 * side, -0.12, 0.06, Style(stroke=None, fill=edge, opacity=0.5)))
        shapes.append(
            Path(
                (
                    MoveTo(0.03 * side, -0.3),
                    CurveTo(0.06 * side, -0.42, 0.14 * side, -0.47, 0.2 * side, -0.46),
                ),
                Style(stroke=edge, width=0.03, cap="round"),
            )
        )
        shapes.append(Circle(0.2 * side, -0.46, 0.03, Style(stroke=None, fill=edge)))
    shapes.append(ellipse_path(0, 0.02, 0.07, 0.3, Style(stroke=edge, width=0.025, fill=body)))
    shapes.append(Circle(0, -0.28, 0.07, Style(stroke=edge, width=0.025, fill=body)))
    return _placed(shapes, cx, cy, size)


FOOD_ICONS = {"nut": nut, "leaf": leaf, "blossom": blossom}


def arrow(
    cx: float,
    cy: float,
    length: float,
    width: float,
    colour: str,
    heading: float = 0.0,
    both: bool = False,
) -> Group:
    """A bold arrow `length` mm long centred on (cx, cy), pointing along `heading` degrees
    (0 = right, 90 = down); `both` puts a head at each end."""
    head_l, head_w, shaft = 0.36 * length, width, width * 0.38
    tip = length / 2
    back = -tip + (head_l if both else 0.0)
    pts = [
        (back, -shaft / 2),
        (tip - head_l, -shaft / 2),
        (tip - head_l, -head_w / 2),
        (tip, 0.0),
        (tip - head_l, head_w / 2),
        (tip - head_l, shaft / 2),
        (back, shaft / 2),
    ]
    if both:
        pts += [(back, head_w / 2), (-tip, 0.0), (back, -head_w / 2)]
    shape = polygon(pts, Style(stroke=None, fill=colour))
    return Group((shape,), translate(cx, cy) @ rotate(heading))


def star(cx: float, cy: float, r: float, fill: str, stroke: str, width: float = 0.2) -> Path:
    """A five-pointed star of outer radius `r`, one point up."""
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * k)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return polygon(pts, Style(stroke=stroke, width=width, fill=fill, join="round"))


# --- symbols: plain shapes in one colour, printed inline in a designer's text or alone --------


def _heart(w: float, style: Style) -> list[Shape]:
    c = w / 2
    return [
        Path(
            (
                MoveTo(c, 1.0),
                CurveTo(c - 0.12 * w, 0.86, 0.0, 0.64, 0.0, 0.31),
                CurveTo(0.0, 0.12, 0.13 * w, 0.0, 0.28 * w, 0.0),
                CurveTo(0.39 * w, 0.0, 0.47 * w, 0.07, c, 0.19),
                CurveTo(0.53 * w, 0.07, 0.61 * w, 0.0, 0.72 * w, 0.0),
                CurveTo(0.87 * w, 0.0, w, 0.12, w, 0.31),
                CurveTo(w, 0.64, c + 0.12 * w, 0.86, c, 1.0),
                Close(),
            ),
            style,
        )
    ]


def _diamond(w: float, style: Style) -> list[Shape]:
    c = w / 2
    return [
        Path(
            (
                MoveTo(c, 0.0),
                CurveTo(c + 0.16 * w, 0.2, 0.82 * w, 0.36, w, 0.5),
                CurveTo(0.82 * w, 0.64, c + 0.16 * w, 0.8, c, 1.0),
                CurveTo(c - 0.16 * w, 0.8, 0.18 * w, 0.64, 0.0, 0.5),
                CurveTo(0.18 * w, 0.36, c - 0.16 * w, 0.2, c, 0.0),
                Close(),
            ),
            style,
        )
    ]


def _stem(w: float, style: Style) -> Path:
    """The flared foot of a spade or a club, from its body to the bottom of the box."""
    c = w / 2
    return Path(
        (
            MoveTo(c - 0.05 * w, 0.6),
            CurveTo(c - 0.06 * w, 0.8, c - 0.14 * w, 0.94, c - 0.24 * w, 1.0),
            LineTo(c + 0.24 * w, 1.0),
            CurveTo(c + 0.14 * w, 0.94, c + 0.06 * w, 0.8, c + 0.05 * w, 0.6),
            Close(),
        ),
        style,
    )


def _spade(w: float, style: Style) -> list[Shape]:
    c = w / 2
    body = Path(
        (
            MoveTo(c, 0.0),
            CurveTo(c + 0.1 * w, 0.14, w, 0.3, w, 0.55),
            CurveTo(w, 0.71, 0.87 * w, 0.8, 0.73 * w, 0.8),
            CurveTo(0.63 * w, 0.8, 0.55 * w, 0.75, c, 0.68),
            CurveTo(0.45 * w, 0.75, 0.37 * w, 0.8, 0.27 * w, 0.8),
            CurveTo(0.13 * w, 0.8, 0.0, 0.71, 0.0, 0.55),
            CurveTo(0.0, 0.3, c - 0.1 * w, 0.14, c, 0.0),
            Close(),
        ),
        style,
    )
    return [body, _stem(w, style)]


def _club(w: float, style: Style) -> list[Shape]:
    c, r = w / 2, 0.235  # three round leaves, notched apart where they meet
    return [
        Circle(c, r, r, style),
        Circle(r, 0.6, r, style),
        Circle(w - r, 0.6, r, style),
        Circle(c, 0.54, 0.12, style),
        _stem(w, style),
    ]


def _star(w: float, style: Style) -> list[Shape]:
    r = 1 / (1 + math.cos(math.radians(36)))  # the points' reach: the star is 1 tall
    points = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.4
        a = math.radians(-90 + 36 * k)
        points.append((w / 2 + rr * math.cos(a), r + rr * math.sin(a)))
    return [polygon(points, style)]


def _circle(w: float, style: Style) -> list[Shape]:
    return [Circle(w / 2, 0.5, 0.5, style)]


def _square(w: float, style: Style) -> list[Shape]:
    inset = 0.06  # a square looks larger than a circle as tall: drawn a little smaller
    return [
        polygon(
            [(inset, inset), (w - inset, inset), (w - inset, 1 - inset), (inset, 1 - inset)], style
        )
    ]


def _triangle(w: float, style: Style) -> list[Shape]:
    return [polygon([(w / 2, 0.0), (w, 1.0), (0.0, 1.0)], style)]


# each symbol's width for a height of 1, and how it is drawn in that box (its top-left corner
# at the origin, y down)
SYMBOLS: dict[str, tuple[float, Callable[[float, Style], list[Shape]]]] = {
    "spade": (0.86, _spade),
    "heart": (1.0, _heart),
    "diamond": (0.76, _diamond),
    "club": (0.94, _club),
    "star": (2 * math.sin(math.radians(72)) / (1 + math.cos(math.radians(36))), _star),
    "circle": (1.0, _circle),
    "square": (1.0, _square),
    "triangle": (2 / math.sqrt(3), _triangle),
}


def symbol_width(name: str) -> float:
    """A symbol's width for a height of 1 (a heart is as wide as it is tall)."""
    return SYMBOLS[name][0]


def symbol(name: str, x: float, y: float, height: float, colour: str) -> Group:
    """The symbol `name` filled with `colour`, `height` mm tall, its box's top-left corner at
    (x, y) (it is `symbol_width(name) * height` wide)."""
    width, shapes = SYMBOLS[name]
    style = Style(stroke=None, fill=colour)
    return Group(tuple(shapes(width, style)), translate(x, y) @ scale(height))
