"""Walkabout drawings: the map sheet with its scoring box and rules, and finished games."""

from __future__ import annotations

from collections.abc import Sequence

from sheetgen.draw import (
    Circle,
    Drawing,
    Field,
    Rect,
    Shape,
    Style,
    label,
    line,
    polygon,
    polyline,
    text_width,
)
from sheetgen.draw.icons import star
from sheetgen.draw.shapes import Weight
from sheetgen.games.walkabout.grid import Grid, Node, segment
from sheetgen.games.walkabout.model import SYMBOLS, MapLayout, PlacedSymbol
from sheetgen.games.walkabout.symbols import symbol

MAP_TOP = 15.0
BELOW = 78.0  # room the stars, scoring box and rules need under the grid
REGION_BOXES = 9


def map_fits(layout: MapLayout) -> bool:
    """Whether the grid, with the parts below it, fits the sheet."""
    g = Grid(layout.columns, layout.rows, layout.edge)
    return g.width <= layout.sheet.width - 4 and MAP_TOP + g.height + BELOW <= layout.sheet.height


def grid_offset(layout: MapLayout) -> tuple[float, float]:
    g = Grid(layout.columns, layout.rows, layout.edge)
    return (layout.sheet.width - g.width) / 2, MAP_TOP


def node_xy(layout: MapLayout, node: Node) -> tuple[float, float]:
    """Where a node lands on the sheet, in mm."""
    g = Grid(layout.columns, layout.rows, layout.edge)
    ox, oy = grid_offset(layout)
    x, y = g.position(node)
    return ox + x, oy + y


def _grid_lines(layout: MapLayout) -> list[Shape]:
    g = Grid(layout.columns, layout.rows, layout.edge)
    thin = Style(stroke=layout.sheet.grid_line, width=0.25, cap="round")
    border = Style(stroke=layout.sheet.ink, width=0.6, cap="round")
    out: list[Shape] = []
    for node in g.nodes():
        for d in ("N", "NE", "SE"):
            other = g.neighbour(node, d)
            if other is None:
                continue
            style = border if g.is_border(segment(node, other)) else thin
            out.append(line(*node_xy(layout, node), *node_xy(layout, other), style))
    return out


def path_shapes(
    layout: MapLayout, path: Sequence[Node], colour: str, width: float = 1.1
) -> list[Shape]:
    """A path drawn along its nodes, its end marked as the current location."""
    pts = [node_xy(layout, n) for n in path]
    end = pts[-1]
    return [
        polyline(pts, Style(stroke=colour, width=width, cap="round", join="round")),
        Circle(*end, 1.8, Style(stroke=colour, width=0.5, fill="#ffffff")),
        Circle(*end, 0.9, Style(stroke=None, fill=colour)),
    ]


def symbol_shapes(layout: MapLayout, symbols: Sequence[PlacedSymbol]) -> list[Shape]:
    g = Grid(layout.columns, layout.rows, layout.edge)
    ox, oy = grid_offset(layout)
    out: list[Shape] = []
    for s in symbols:
        x, y = g.centre(s.space)
        out.append(symbol(s.symbol, ox + x, oy + y, layout.edge * 0.5, s.facing))
    return out


def _stars_on_map(layout: MapLayout) -> list[Shape]:
    return [star(*node_xy(layout, s), 2.1, "#f2c230", layout.sheet.ink) for s in layout.stars]


def _header(layout: MapLayout) -> list[Shape]:
    s = layout.sheet
    g = Grid(layout.columns, layout.rows, layout.edge)
    nx = (s.width + g.width) / 2 + 5.0
    return [
        label(0, 5.5, "WALKABOUT", 7.0, anchor="start", weight="bold", colour=s.accent),
        label(nx, MAP_TOP + 2.5, "N", 3.0, weight="bold", colour=s.ink),
        polygon(
            [(nx, MAP_TOP + 4.5), (nx - 1.3, MAP_TOP + 8), (nx + 1.3, MAP_TOP + 8)],
            Style(stroke=None, fill=s.ink),
        ),
        label(
            s.width,
            5.0,
            f"Map {layout.sheet_number}",
            4.4,
            anchor="end",
            weight="bold",
            colour=s.ink,
        ),
        label(
            0,
            11.0,
            "Yesterday's path comes in from the south and ends at your "
            "current location; you face north.",
            2.5,
            anchor="start",
            colour=s.ink,
        ),
    ]


def _scoring_box(layout: MapLayout, top: float) -> list[Shape]:
    s = layout.sheet
    ink = s.ink
    box = Style(stroke=ink, width=0.3, fill="#ffffff")
    out: list[Shape] = [label(0, top + 2, "Stars", 3.0, anchor="start", weight="bold", colour=ink)]
    for i in range(layout.star_circles):
        cx = 16 + i * 7.5
        out.append(Circle(cx, top + 2, 2.8, Style(stroke=ink, width=0.3, fill="#ffffff")))
        if i == 0:
            out.append(star(cx, top + 2, 2.1, "#f2c230", ink))
        out.append(
            Field(
                f"star_{i + 1}",
                "checkbox",
                cx - 2.8,
                top - 0.8,
                5.6,
                5.6,
                Style(stroke=None),
                rx=2.8,
            )
        )
    out.append(
        label(
            16 + layout.star_circles * 7.5,
            top + 2,
            "you begin with the first star; cross one out to use it",
            2.2,
            anchor="start",
            colour=ink,
        )
    )
    y = top + 8
    out.append(Rect(0, y, 96, 64, Style(stroke=ink, width=0.4, fill=s.paper), rx=2))
    out.append(label(3, y + 4, "SCORE", 3.2, anchor="start", weight="bold", colour=s.accent))
    out.append(
        label(
            3,
            y + 10,
            "Regions (each scored one way), then their sum",
            2.6,
            anchor="start",
            colour=ink,
        )
    )
    for k in range(REGION_BOXES):
        bx = 3 + k * 7.6
        out.append(Rect(bx, y + 13, 6.4, 5.5, box, rx=0.8))
        out.append(Field(f"region_{k + 1}", "text", bx, y + 13, 6.4, 5.5, Style(stroke=None)))
    rows = [("regions", y + 16)]
    out.append(
        label(
            3,
            y + 23,
            "Most of each symbol in one region (solo: ½ each)",
            2.6,
            anchor="start",
            colour=ink,
        )
    )
    for k, kind in enumerate(SYMBOLS):
        cx = 8 + k * 17
        out.append(symbol(kind, cx, y + 31, 5.5, "N"))
        out.append(Rect(cx + 3.5, y + 28, 8, 6, box, rx=1))
        out.append(Field(f"most_{kind}", "text", cx + 3.5, y + 28, 8, 6, Style(stroke=None)))
    out.append(label(3, y + 41, "Unused stars (1 each)", 2.6, anchor="start", colour=ink))
    rows.append(("stars", y + 41))
    out.append(label(3, y + 48, "Symbol points", 2.6, anchor="start", colour=ink))
    rows.append(("symbols", y + 48))
    out.append(line(3, y + 52.5, 93, y + 52.5, Style(stroke=ink, width=0.3)))
    out.append(label(3, y + 57, "TOTAL", 3.4, anchor="start", weight="bold", colour=ink))
    rows.append(("total", y + 57))
    for name, ry in rows:
        out.append(Rect(74, ry - 3, 19, 6, box, rx=1))
        out.append(Field(f"score_{name}", "text", 74, ry - 3, 19, 6, Style(stroke=None)))
    out.append(label(3, y + 62, "Name", 2.4, anchor="start", colour=ink))
    out.append(line(12, y + 62.8, 70, y + 62.8, Style(stroke=ink, width=0.25)))
    out.append(Field("name", "text", 12, y + 59, 58, 4.5, Style(stroke=None)))
    return out


def _rules(layout: MapLayout, top: float) -> list[Shape]:
    s = layout.sheet
    x = 101.0
    width = s.width - x
    out: list[Shape] = [
        label(x, top + 10, "EACH DAY", 3.0, anchor="start", weight="bold", colour=s.accent)
    ]
    y = top + 15.5
    for text in layout.rules:
        size = 2.35
        bold = text.startswith("#")
        body = text[1:].strip() if bold else text
        weight: Weight = "bold" if bold else "regular"
        while body and text_width(body, size, weight) > width and size > 1.9:
            size -= 0.05
        out.append(
            label(x, y, body, size, anchor="start", weight=weight, colour=s.ink, max_width=width)
        )
        y += 4.1 if bold else 3.75
    return out


def filled_in(
    layout: MapLayout, marks: Sequence[tuple[tuple[int, int], str]], box: dict[str, str]
) -> list[Shape]:
    """Circled region scores at spaces, and values written in the scoring box."""
    g = Grid(layout.columns, layout.rows, layout.edge)
    ox, oy = grid_offset(layout)
    ink = layout.sheet.accent
    out: list[Shape] = []
    for space, text in marks:
        x, y = g.centre(space)
        out.append(Circle(ox + x, oy + y, 2.6, Style(stroke=ink, width=0.35, fill="#ffffff")))
        out.append(label(ox + x, oy + y, text, 2.8, weight="bold", colour=ink))
    top = MAP_TOP + g.height + 5 + 8
    rows = {"regions": top + 16, "stars": top + 41, "symbols": top + 48, "total": top + 57}
    for key, value in box.items():
        if key in rows:
            out.append(label(83.5, rows[key], value, 3.2, weight="bold", colour=ink))
        elif key.startswith("most_"):
            k = [str(x) for x in SYMBOLS].index(key[5:])
            out.append(label(8 + k * 17 + 7.5, top + 31, value, 3.0, weight="bold", colour=ink))
        elif key == "name":
            out.append(label(13, top + 61.5, value, 2.8, anchor="start", colour=ink, max_width=56))
        elif key.startswith("region_"):
            k = int(key[7:]) - 1
            out.append(label(3 + k * 7.6 + 3.2, top + 15.75, value, 2.6, weight="bold", colour=ink))
    return out


def draw_map(
    layout: MapLayout,
    path: Sequence[Node] | None = None,
    extra: Sequence[PlacedSymbol] = (),
    marks: Sequence[tuple[tuple[int, int], str]] = (),
    box: dict[str, str] | None = None,
) -> Drawing:
    """A map sheet; with `path`, `extra`, `marks` and `box`, a finished game as its player
    would leave it: the whole path, every symbol, region scores circled and the box filled."""
    s = layout.sheet
    g = Grid(layout.columns, layout.rows, layout.edge)
    below = MAP_TOP + g.height + 5
    shapes = _header(layout) + _grid_lines(layout) + _stars_on_map(layout)
    shapes += symbol_shapes(layout, layout.symbols)
    if path is not None:
        shapes += path_shapes(layout, path, s.accent, 0.9)
        shapes += symbol_shapes(layout, extra)
    shapes += path_shapes(layout, layout.path, s.path)
    shapes += _scoring_box(layout, below) + _rules(layout, below)
    shapes += filled_in(layout, marks, box or {})
    return Drawing(s.width, s.height, tuple(shapes), title=f"Walkabout map {layout.sheet_number}")
