"""Shared vector icons (food, moth, arrows), each drawn centred on (cx, cy) within `size` mm.

Every icon differs from the others in shape, not only in colour, so a sheet printed in black
and white still plays.
"""

from __future__ import annotations

import math

from sheetgen.draw.colour import darker
from sheetgen.draw.geometry import ellipse_path, line, polygon
from sheetgen.draw.shapes import Circle, Close, CurveTo, Group, MoveTo, Path, Shape, Style
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
