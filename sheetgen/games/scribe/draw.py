"""Scribe's sheet drawing: the super grid with labels and winner boxes, names, legend, rules."""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.draw import (
    Circle,
    Drawing,
    Field,
    Group,
    Rect,
    Shape,
    Style,
    label,
    line,
    scale,
    text_width,
)
from sheetgen.games.scribe.model import Glyph, ScribeLayout
from sheetgen.games.scribe.rules import COLUMNS

TITLE_BAND = 18.0
LABEL_BAND = 6.0
TALLY_BAND = 12.0
LEGEND_CELL = 3.4
LEGEND_ROW = 21.0
RULE_LINE = 3.8
TEXT = 2.6


@dataclass(frozen=True)
class Plan:
    """Where the parts of the sheet go, in the sheet's own (unscaled) millimetres."""

    grid_x: float
    grid_y: float
    grid_size: float
    tally_y: float
    legend_y: float
    rules_y: float
    bottom: float


def plan(layout: ScribeLayout) -> Plan:
    """Lay the sheet out top to bottom; `bottom` past the sheet height means it does not fit."""
    s = layout.sheet
    size = 9 * s.cell + 2 * s.gutter
    span = LABEL_BAND + size + s.gutter
    grid_x = (s.width - span) / 2 + LABEL_BAND
    grid_y = TITLE_BAND + LABEL_BAND
    tally_y = grid_y + size + 3.0
    legend_y = tally_y + TALLY_BAND
    rows = -(-len(layout.glyphs) // s.legend_columns)
    rules_y = legend_y + 6.0 + rows * LEGEND_ROW + 2.0
    bottom = rules_y + len(layout.rules) * RULE_LINE
    return Plan(grid_x, grid_y, size, tally_y, legend_y, rules_y, bottom)


def cell_origin(layout: ScribeLayout, p: Plan, row: int, col: int) -> tuple[float, float]:
    """Top-left corner of super grid square (row, col), 0-based, in sheet millimetres."""
    s = layout.sheet
    return (
        p.grid_x + col * s.cell + (col // 3) * s.gutter,
        p.grid_y + row * s.cell + (row // 3) * s.gutter,
    )


def _header(layout: ScribeLayout) -> list[Shape]:
    s = layout.sheet
    out: list[Shape] = [
        label(0, 6.0, layout.title.upper(), 9.0, anchor="start", weight="bold", colour=s.accent)
    ]
    if layout.byline:
        out.append(
            label(
                0, 13.0, layout.byline, TEXT, anchor="start", colour=s.ink, max_width=s.width * 0.5
            )
        )
    for i, player in enumerate(("+", "O")):
        y = 5.0 + i * 7.5
        x = s.width - 70.0
        out.append(label(x, y, player, 5.0, weight="bold", colour=s.ink))
        out.append(line(x + 4, y + 2.4, s.width, y + 2.4, Style(stroke=s.grid, width=0.3)))
        out.append(
            Field(
                f"name_{'plus' if player == '+' else 'o'}",
                "text",
                x + 4,
                y - 3.2,
                s.width - x - 4,
                5.4,
                Style(stroke=None),
            )
        )
    return out


def _super_grid(layout: ScribeLayout, p: Plan) -> list[Shape]:
    s = layout.sheet
    thin = Style(stroke=s.grid, width=0.25)
    out: list[Shape] = []
    mini = 3 * s.cell
    for index in range(9):
        x, y = cell_origin(layout, p, 3 * (index // 3), 3 * (index % 3))
        if index % 2 == 0:
            out.append(Rect(x, y, mini, mini, Style(stroke=None, fill=s.shade)))
        for k in (1, 2):
            out.append(line(x + k * s.cell, y, x + k * s.cell, y + mini, thin))
            out.append(line(x, y + k * s.cell, x + mini, y + k * s.cell, thin))
        out.append(Rect(x, y, mini, mini, Style(stroke=s.ink, width=0.7, join="round")))
        box = min(s.gutter - 1.5, 6.0)
        bx, by = x + mini + (s.gutter - box) / 2, y + mini - box
        out.append(label(bx + box / 2, by - 1.9, "win", 2.2, colour=s.grid))
        out.append(
            Field(
                f"winner_{index + 1}",
                "text",
                bx,
                by,
                box,
                box,
                Style(stroke=s.accent, width=0.35),
                rx=0.8,
                max_length=1,
            )
        )
    for row in range(9):
        for col in range(9):
            x, y = cell_origin(layout, p, row, col)
            out.append(
                Field(
                    f"cell_{COLUMNS[col]}{row + 1}",
                    "text",
                    x,
                    y,
                    s.cell,
                    s.cell,
                    Style(stroke=None),
                    max_length=1,
                )
            )
    for i in range(9):
        x, _ = cell_origin(layout, p, 0, i)
        out.append(
            label(x + s.cell / 2, p.grid_y - 3.0, COLUMNS[i], 3.2, weight="bold", colour=s.grid)
        )
        _, y = cell_origin(layout, p, i, 0)
        out.append(
            label(p.grid_x - 3.0, y + s.cell / 2, str(i + 1), 3.2, weight="bold", colour=s.grid)
        )
    return out


def _tally(layout: ScribeLayout, p: Plan) -> list[Shape]:
    s = layout.sheet
    y = p.tally_y + 4.0
    x = p.grid_x
    out: list[Shape] = [
        label(x, y, "Mini grids won:", TEXT + 0.4, anchor="start", weight="bold", colour=s.ink)
    ]
    x += text_width("Mini grids won:", TEXT + 0.4, "bold") + 4.0
    for player in ("+", "O"):
        out.append(label(x, y, player, 4.0, weight="bold", colour=s.ink))
        out.append(
            Field(
                f"won_{'plus' if player == '+' else 'o'}",
                "text",
                x + 3.0,
                y - 3.0,
                9.0,
                6.0,
                Style(stroke=s.accent, width=0.35),
                rx=0.8,
            )
        )
        x += 17.0
    out.append(label(x + 2.0, y, "Five wins take the match.", TEXT, anchor="start", colour=s.grid))
    return out


def _glyph_diagram(glyph: Glyph, x: float, y: float, ink: str, faint: str) -> list[Shape]:
    out: list[Shape] = [
        Rect(x, y, 3 * LEGEND_CELL, 3 * LEGEND_CELL, Style(stroke=faint, width=0.2))
    ]
    dots = glyph.cells()
    for r in range(3):
        for c in range(3):
            cx, cy = x + (c + 0.5) * LEGEND_CELL, y + (r + 0.5) * LEGEND_CELL
            if (r, c) in dots:
                out.append(Circle(cx, cy, LEGEND_CELL * 0.36, Style(stroke=None, fill=ink)))
            else:
                out.append(Circle(cx, cy, 0.25, Style(stroke=None, fill=faint)))
    return out


def _legend(layout: ScribeLayout, p: Plan) -> list[Shape]:
    s = layout.sheet
    n = len(layout.glyphs)
    out: list[Shape] = [
        label(
            0,
            p.legend_y + 1.5,
            f"The {n} glyphs",
            TEXT + 0.6,
            anchor="start",
            weight="bold",
            colour=s.accent,
        ),
        label(
            text_width(f"The {n} glyphs", TEXT + 0.6, "bold") + 3.0,
            p.legend_y + 1.5,
            "each one also counts turned or mirrored; a glyph is worth one point a dot",
            TEXT,
            anchor="start",
            colour=s.ink,
        ),
    ]
    slot = s.width / s.legend_columns
    for i, glyph in enumerate(layout.glyphs):
        row, col = divmod(i, s.legend_columns)
        cx = (col + 0.5) * slot
        y = p.legend_y + 6.0 + row * LEGEND_ROW
        out += _glyph_diagram(glyph, cx - 1.5 * LEGEND_CELL, y, s.ink, s.grid)
        out.append(
            label(
                cx,
                y + 3 * LEGEND_CELL + 3.0,
                glyph.name,
                2.4,
                weight="bold",
                colour=s.ink,
                max_width=slot - 1.5,
            )
        )
        points = f"{glyph.points} point{'s' if glyph.points != 1 else ''}"
        out.append(label(cx, y + 3 * LEGEND_CELL + 6.2, points, 2.2, colour=s.accent))
    return out


def _rules(layout: ScribeLayout, p: Plan) -> list[Shape]:
    s = layout.sheet
    return [
        label(
            0,
            p.rules_y + (i + 0.5) * RULE_LINE,
            text,
            TEXT,
            anchor="start",
            colour=s.ink,
            max_width=s.width,
        )
        for i, text in enumerate(layout.rules)
    ]


def draw_sheet(layout: ScribeLayout) -> Drawing:
    """The whole super grid sheet at its printed size (the layout's size times its scale)."""
    p = plan(layout)
    shapes = (
        _header(layout)
        + _super_grid(layout, p)
        + _tally(layout, p)
        + _legend(layout, p)
        + _rules(layout, p)
    )
    s = layout.sheet
    body: tuple[Shape, ...] = tuple(shapes)
    if s.scale != 1:
        body = (Group(body, scale(s.scale)),)
    return Drawing(s.width * s.scale, s.height * s.scale, body, title=f"{layout.title} super grid")
