"""Walkabout's dice: face art (each face, and a cut-out sheet of all 18) and the dice mat.

Movements are drawn with forward pointing up-left (↖), the way the mat shows them: rotate your
sheet so that your travel direction points ↖ and the drawings show where each die takes you.
"""

from __future__ import annotations

from sheetgen.draw import (
    Circle,
    Drawing,
    Group,
    Rect,
    Shape,
    Style,
    label,
    line,
    polygon,
    polyline,
    scale,
    translate,
)
from sheetgen.draw.colour import mix
from sheetgen.games.walkabout.grid import STEP, Node, turn
from sheetgen.games.walkabout.model import DiceLayout, Die, Face
from sheetgen.games.walkabout.rules import TURNS
from sheetgen.games.walkabout.symbols import symbol

FORWARD = "NW"  # the ↖ of the dice mat
SQ3 = 3**0.5


def move_nodes(face: Face) -> list[Node]:
    """The nodes a face's movement visits from (0, 0), starting to face ↖."""
    node, facing, nodes = (0, 0), FORWARD, [(0, 0)]
    for t in face.move:
        facing = turn(facing, TURNS[t])
        node = (node[0] + STEP[facing][0], node[1] + STEP[facing][1])
        nodes.append(node)
    return nodes


def _xy(node: Node) -> tuple[float, float]:
    return node[0] * SQ3 / 2, node[1] / 2


def span(faces: list[Face]) -> float:
    """The widest extent (in edges) of any of the movements, so all share one scale."""
    widest = 1.0
    for face in faces:
        pts = [_xy(n) for n in move_nodes(face)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        widest = max(widest, max(xs) - min(xs), max(ys) - min(ys))
    return widest


def movement(face: Face, box: float, ink: str, widest: float, lattice: str | None = None) -> Group:
    """The movement centred in a `box` mm square at the origin, drawn at the scale that fits
    the `widest` movement: grid dots, start ring, path and arrowhead."""
    nodes = move_nodes(face)
    pts = [_xy(n) for n in nodes]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    k = box * 0.8 / widest
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2

    def place(x: float, y: float) -> tuple[float, float]:
        return (x - cx) * k + box / 2, (y - cy) * k + box / 2

    at = [place(x, y) for x, y in pts]
    shapes: list[Shape] = []
    if lattice:
        reach_q = int(box / k / (SQ3 / 2)) + 2
        reach_v = int(2 * box / k) + 3
        q_mid, v_mid = round(cx / (SQ3 / 2)), round(cy * 2)
        for q in range(q_mid - reach_q, q_mid + reach_q + 1):
            for v in range(v_mid - reach_v, v_mid + reach_v + 1):
                if (q + v) % 2:
                    continue
                px, py = place(*_xy((q, v)))
                if 0.3 <= px <= box - 0.3 and 0.3 <= py <= box - 0.3:
                    shapes.append(
                        Circle(px, py, max(0.12, k * 0.05), Style(stroke=None, fill=lattice))
                    )
    width = max(0.35, k * 0.12)
    shapes.append(
        polyline(
            [*at[:-1], _short(at[-2], at[-1], width * 2.2)],
            Style(stroke=ink, width=width, cap="round", join="round"),
        )
    )
    shapes.append(_head(at[-2], at[-1], width * 3.0, ink))
    shapes.append(Circle(*at[0], width * 1.1, Style(stroke=ink, width=width * 0.6, fill="#ffffff")))
    return Group(tuple(shapes))


def _short(a: tuple[float, float], b: tuple[float, float], by: float) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5
    return (b[0] - dx / n * by, b[1] - dy / n * by)


def _head(a: tuple[float, float], b: tuple[float, float], size: float, ink: str) -> Shape:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / n, dy / n
    bx, by = b[0] - ux * size, b[1] - uy * size
    return polygon(
        [
            b,
            (bx - uy * size * 0.55, by + ux * size * 0.55),
            (bx + uy * size * 0.55, by - ux * size * 0.55),
        ],
        Style(stroke=None, fill=ink),
    )


def face_drawing(die: Die, face: Face, size: float, widest: float = 3.0) -> Drawing:
    """One die face: its colour, the movement top-left and the symbol bottom-right, all inside
    a safe square 1 mm in from the edge (drawn at 16 mm and scaled)."""
    unit = 16.0
    dots = mix(die.colour, die.ink, 0.35)
    shapes: list[Shape] = [
        Rect(0, 0, unit, unit, Style(stroke=None, fill=die.colour)),
        Group((movement(face, 11.0, die.ink, widest, dots),), translate(1.0, 1.0)),
        symbol(face.symbol, 12.3, 12.3, 5.0, "N", die.ink),
    ]
    body = Group(tuple(shapes), scale(size / unit))
    return Drawing(size, size, (body,), title=f"{die.name} die face")


def face_sheet(layout: DiceLayout, size: float) -> Drawing:
    """All faces as a cut-out sheet: a row a die, cut lines around every face."""
    label_w, gap, overrun = 22.0, 6.0, 2.0  # cut lines run `overrun` mm past the strip
    width = label_w + 6 * size + overrun
    height = len(layout.dice) * (size + gap) + 14
    shapes: list[Shape] = [
        label(
            0,
            3,
            f"Walkabout dice faces, {size:g} mm: cut along the "
            "lines and tape one face to each side of a blank die",
            2.6,
            anchor="start",
            colour="#2a2622",
            max_width=width,
        )
    ]
    cut = Style(stroke="#2a2622", width=0.15)
    widest = span([f for die in layout.dice for f in die.faces])
    for d, die in enumerate(layout.dice):
        y = 9 + d * (size + gap)
        shapes.append(
            label(
                0,
                y + size / 2,
                die.name,
                3.2,
                anchor="start",
                weight="bold",
                colour="#2a2622",
                max_width=label_w - 2,
            )
        )
        for i, face in enumerate(die.faces):
            x = label_w + i * size
            shapes.append(Group(face_drawing(die, face, size, widest).children, translate(x, y)))
            shapes.append(label(x + size / 2, y + size + 2.1, str(i + 1), 2.2, colour="#6d6358"))
        for i in range(len(die.faces) + 1):
            shapes.append(line(label_w + i * size, y - 2, label_w + i * size, y + size + 0.5, cut))
        for yy in (y, y + size):
            end = label_w + len(die.faces) * size + overrun
            shapes.append(line(label_w - overrun, yy, end, yy, cut))
    return Drawing(width, height, tuple(shapes), title="dice face sheet")


def mat_drawing(layout: DiceLayout, title: str) -> Drawing:
    """The dice mat: each face's movement on a larger triangular grid, a column a die."""
    width, height = 194.0, 263.0
    ink = "#2a2622"
    shapes: list[Shape] = [
        label(
            0,
            6,
            f"WALKABOUT — {title}".upper(),
            6.0,
            anchor="start",
            weight="bold",
            colour="#b4532a",
        ),
        label(
            0,
            13,
            "Put each die on its column at the face it rolled. Turn your map so your "
            "travel direction points",
            2.7,
            anchor="start",
            colour=ink,
        ),
        label(
            0,
            17.5,
            "the same way as this ↖ arrow: each drawing then shows where that die "
            "takes you (○ is where you stand).",
            2.7,
            anchor="start",
            colour=ink,
        ),
        label(width, 10, "↖", 12, anchor="end", weight="bold", colour="#b4532a"),
    ]
    col_w = width / len(layout.dice)
    cell_h = (height - 30) / 6
    widest = span([f for die in layout.dice for f in die.faces])
    for d, die in enumerate(layout.dice):
        x = d * col_w
        shapes.append(Rect(x + 1, 22, col_w - 2, 7, Style(stroke=None, fill=die.colour), rx=1.5))
        shapes.append(
            label(x + col_w / 2, 25.5, f"{die.name} die", 3.4, weight="bold", colour=die.ink)
        )
        for i, face in enumerate(die.faces):
            y = 30 + i * cell_h
            shapes.append(
                Rect(
                    x + 1,
                    y + 1,
                    col_w - 2,
                    cell_h - 2,
                    Style(stroke="#c9bda8", width=0.3, fill="#fbf6ea"),
                    rx=2,
                )
            )
            box = cell_h - 6
            shapes.append(
                Group(
                    (movement(face, box, ink, widest, lattice="#b9ad98"),), translate(x + 4, y + 3)
                )
            )
            shapes.append(
                label(
                    x + col_w - 4, y + 6, str(i + 1), 3.2, anchor="end", weight="bold", colour=ink
                )
            )
            shapes.append(symbol(face.symbol, x + col_w - 11, y + cell_h / 2 + 3, 11, "N"))
            shapes.append(label(x + col_w - 11, y + cell_h - 4, _name(face), 2.2, colour=ink))
    return Drawing(width, height, tuple(shapes), title="dice mat")


def _name(face: Face) -> str:
    return "any symbol" if face.symbol == "?" else face.symbol
