"""Scribbly Gum drawings: the tree diagram sheet (tree, meal tracker, score strip)."""

from __future__ import annotations

import math

from sheetgen.draw import (
    Circle,
    CurveTo,
    Drawing,
    Field,
    MoveTo,
    Path,
    Rect,
    Shape,
    Style,
    label,
    line,
)
from sheetgen.draw.icons import FOOD_ICONS, arrows_ring, moth, wild
from sheetgen.games.scribbly_gum.board import direction_of
from sheetgen.games.scribbly_gum.model import FOODS, Palette, TreeCircle, TreeLayout

GAP = 3.0
TITLE = 14.0
PAD = 3.0
WHITE = "#ffffff"
TRACKER_HEAD = 20.0
TRACKER_FOOT = 16.0


def tree_area(layout: TreeLayout) -> tuple[float, float]:
    """Width and height (mm) that the tree's grid may use inside its grey panel."""
    s = layout.sheet
    panel_w = s.width - s.tracker_width - GAP
    panel_h = s.height - s.score_height - GAP
    return panel_w - 2 * PAD, panel_h - TITLE - 2 * PAD


def grid_origin(layout: TreeLayout) -> tuple[float, float]:
    """Sheet position (mm) of grid point (0, 0): the grid is centred in the tree area."""
    s = layout.sheet
    area_w, area_h = tree_area(layout)
    span_w = (layout.columns - 1) * s.pitch
    span_h = (layout.rows - 1) * s.pitch
    return PAD + (area_w - span_w) / 2, TITLE + PAD + (area_h - span_h) / 2


def circle_centre(layout: TreeLayout, at: tuple[int, int]) -> tuple[float, float]:
    """Where a grid point lands on the sheet, in mm."""
    x0, y0 = grid_origin(layout)
    return x0 + at[0] * layout.sheet.pitch, y0 + at[1] * layout.sheet.pitch


def food_group(food: str, count: int, cx: float, cy: float, r: float, c: Palette) -> list[Shape]:
    """1, 2 or 3 icons of one food fitted inside a circle of radius r."""
    icon = FOOD_ICONS[food]
    colour = getattr(c, food)
    if count == 1:
        return [icon(cx, cy, 1.45 * r, colour)]
    if count == 2:
        return [
            icon(cx - 0.42 * r, cy, 0.92 * r, colour),
            icon(cx + 0.42 * r, cy, 0.92 * r, colour),
        ]
    return [
        icon(cx, cy - 0.42 * r, 0.78 * r, colour),
        icon(cx - 0.45 * r, cy + 0.34 * r, 0.78 * r, colour),
        icon(cx + 0.45 * r, cy + 0.34 * r, 0.78 * r, colour),
    ]


def _tree_circle(layout: TreeLayout, c: TreeCircle) -> list[Shape]:
    cx, cy = circle_centre(layout, c.at)
    r = layout.sheet.circle / 2
    col = layout.colours
    if c.food == "start":
        return [Circle(cx, cy, r, Style(stroke=col.ink, width=0.4, fill=col.ink))]
    out: list[Shape] = [Circle(cx, cy, r, Style(stroke=col.ink, width=0.4, fill=WHITE))]
    if c.food == "wild":
        out.append(Circle(cx, cy, r - 0.7, Style(stroke=col.achievement, width=0.5)))
        out.append(wild(cx, cy, 1.55 * r, (col.nut, col.leaf, col.blossom)))
    elif c.food != "empty":
        out += food_group(c.food, c.count, cx, cy, r, col)
    out.append(
        Field(f"tree_{c.id}", "checkbox", cx - r, cy - r, 2 * r, 2 * r, Style(stroke=None), rx=r)
    )
    return out


def _branches(layout: TreeLayout) -> list[Shape]:
    """Soft wide strokes under every solid line, so the network of lines reads as branches."""
    at = {c.id: c.at for c in layout.circles}
    style = Style(stroke=layout.colours.bark, width=layout.sheet.circle * 0.55, cap="round")
    out: list[Shape] = []
    for text in layout.lines:
        a, b = text.split("-")
        if a in at and b in at:
            out.append(line(*circle_centre(layout, at[a]), *circle_centre(layout, at[b]), style))
    return out


def _solid_lines(layout: TreeLayout) -> list[Shape]:
    at = {c.id: c.at for c in layout.circles}
    r = layout.sheet.circle / 2
    style = Style(stroke=layout.colours.line, width=0.9, cap="butt")
    out: list[Shape] = []
    for text in layout.lines:
        a, b = text.split("-")
        d = direction_of(at[a], at[b])
        if d is None:
            continue
        (x1, y1), (x2, y2) = circle_centre(layout, at[a]), circle_centre(layout, at[b])
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        out.append(line(x1 + ux * r, y1 + uy * r, x2 - ux * r, y2 - uy * r, style))
    return out


def dotted_curve(
    layout: TreeLayout, a: tuple[int, int], b: tuple[int, int], bend: float
) -> tuple[MoveTo, CurveTo]:
    """The dotted shortcut's curve from circle edge to circle edge, bowed sideways by `bend`."""
    (x1, y1), (x2, y2) = circle_centre(layout, a), circle_centre(layout, b)
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -uy, ux
    off = bend * layout.sheet.pitch
    r = layout.sheet.circle / 2 + 0.4
    sx, sy = x1 + ux * r + nx * off * 0.3, y1 + uy * r + ny * off * 0.3
    ex, ey = x2 - ux * r + nx * off * 0.3, y2 - uy * r + ny * off * 0.3
    c1 = (x1 + (x2 - x1) / 3 + nx * off, y1 + (y2 - y1) / 3 + ny * off)
    c2 = (x1 + 2 * (x2 - x1) / 3 + nx * off, y1 + 2 * (y2 - y1) / 3 + ny * off)
    return MoveTo(sx, sy), CurveTo(*c1, *c2, ex, ey)


def _dotted_lines(layout: TreeLayout) -> list[Shape]:
    at = {c.id: c.at for c in layout.circles}
    style = Style(stroke=layout.colours.ink, width=1.0, dash=(0.01, 1.6), cap="round")
    return [
        Path(dotted_curve(layout, at[d.ends[0]], at[d.ends[1]], d.bend), style)
        for d in layout.dotted
    ]


def _tree_panel(layout: TreeLayout) -> list[Shape]:
    s, col = layout.sheet, layout.colours
    panel_w = s.width - s.tracker_width - GAP
    panel_h = s.height - s.score_height - GAP
    out: list[Shape] = [
        Rect(0, 0, panel_w, panel_h, Style(stroke=None, fill=col.tree), rx=4),
        label(PAD + 1, 7.5, "Scribbly Gum", 6.2, anchor="start", weight="bold", colour=col.score),
        label(
            panel_w - PAD - 1,
            7.5,
            f"{layout.side} side",
            4.2,
            anchor="end",
            weight="bold",
            colour=col.ink,
        ),
    ]
    out += _branches(layout) + _solid_lines(layout) + _dotted_lines(layout)
    mx, my = circle_centre(layout, layout.moth)
    out.append(moth(mx, my, s.pitch * 0.95))
    for c in layout.circles:
        out += _tree_circle(layout, c)
    return out


def _tracker(layout: TreeLayout) -> list[Shape]:
    s, col = layout.sheet, layout.colours
    x0 = s.width - s.tracker_width
    height = s.height - s.score_height - GAP
    out: list[Shape] = [
        Rect(x0, 0, s.tracker_width, height, Style(stroke=None, fill=col.tracker), rx=4),
        label(x0 + s.tracker_width / 2, 4.5, "MEAL TRACKER", 2.6, weight="bold", colour=WHITE),
    ]
    number_w = 9.0
    col_w = (s.tracker_width - number_w - 2) / 3
    row_h = (height - TRACKER_HEAD - TRACKER_FOOT) / 15
    r = min(col_w, row_h) * 0.32
    out.append(label(x0 + 1 + number_w / 2, 10.5, "meals", 2.2, colour=WHITE))
    for k, food in enumerate(FOODS):
        cx = x0 + 1 + number_w + (k + 0.5) * col_w
        out.append(Circle(cx, 13.5, 4.6, Style(stroke=None, fill=WHITE)))
        out.append(FOOD_ICONS[food](cx, 13.5, 6.4, getattr(col, food)))
        arrows = set(layout.tracker.arrows.get(food, []))
        for row in range(1, 16):
            cy = TRACKER_HEAD + (row - 0.5) * row_h
            out.append(Circle(cx, cy, r, Style(stroke=None, fill=WHITE)))
            out.append(
                Circle(cx, cy, r * 0.28, Style(stroke=None, fill=getattr(col, food), opacity=0.35))
            )
            if row in arrows:
                out.append(arrows_ring(cx, cy, r + 0.35, 1.1, WHITE))
            out.append(
                Field(
                    f"tracker_{food}_{row}",
                    "checkbox",
                    cx - r,
                    cy - r,
                    2 * r,
                    2 * r,
                    Style(stroke=None),
                    rx=r,
                )
            )
        by = height - TRACKER_FOOT / 2 - 1
        out.append(Circle(cx, by, 4.2, Style(stroke=WHITE, width=0.4, fill=col.score)))
        out.append(
            label(cx, by, f"+{layout.tracker.column_bonus}", 3.0, weight="bold", colour=WHITE)
        )
    out.append(
        label(x0 + 1 + number_w / 2, height - TRACKER_FOOT / 2 - 1, "bonus", 2.2, colour=WHITE)
    )
    for row, meals in enumerate(layout.tracker.meals, start=1):
        cy = TRACKER_HEAD + (row - 0.5) * row_h
        out.append(label(x0 + 1 + number_w / 2, cy, str(meals), 3.2, weight="bold", colour=WHITE))
    return out


def _score_circle(
    cx: float, cy: float, r: float, fill: str, name: str, caption: str, ink: str, letter: str = ""
) -> list[Shape]:
    out: list[Shape] = [Circle(cx, cy, r, Style(stroke=ink, width=0.4, fill=fill))]
    if letter:
        out.append(label(cx, cy - r + 2.4, letter, 2.4, weight="bold", colour=ink))
    out.append(label(cx, cy + r + 3.2, caption, 2.3, colour=WHITE, max_width=2 * r + 6))
    out.append(
        Field(name, "text", cx - r * 0.7, cy - r * 0.55, r * 1.4, r * 1.1, Style(stroke=None))
    )
    return out


def _score_strip(layout: TreeLayout) -> list[Shape]:
    s, col = layout.sheet, layout.colours
    y0 = s.height - s.score_height
    out: list[Shape] = [
        Rect(0, y0, s.width, s.score_height, Style(stroke=None, fill=col.score), rx=4),
        label(4, y0 + 6.5, "Name", 3.2, anchor="start", weight="bold", colour=WHITE),
        line(15, y0 + 8.2, 95, y0 + 8.2, Style(stroke=WHITE, width=0.4)),
        Field("name", "text", 15, y0 + 2.5, 80, 5.6, Style(stroke=None)),
    ]
    cy = y0 + s.score_height / 2 + 3
    r = 6.0
    xs = [12.0, 30.0, 48.0]
    for i, x in enumerate(xs, start=1):
        out += _score_circle(x, cy, r, WHITE, f"round_{i}", f"round {i}", col.ink)
    out.append(
        label((xs[0] + xs[-1]) / 2, y0 + 12.5, "total meals", 2.4, weight="bold", colour=WHITE)
    )
    ops = [(21.0, "+"), (39.0, "+"), (57.0, "+"), (81.0, "+"), (145.0, "=")]
    for x, op in ops:
        out.append(label(x, cy, op, 4.5, weight="bold", colour=WHITE))
    out += _score_circle(69.0, cy, r, WHITE, "column_bonus", "column bonus", col.ink)
    for k, letter in enumerate("ABC"):
        x = 95.0 + k * 17.0
        out += _score_circle(
            x, cy, r, col.achievement, f"achievement_{letter}", "", col.ink, letter
        )
        if k < 2:
            out.append(label(x + 8.5, cy, "+", 4.0, weight="bold", colour=WHITE))
    out.append(label(112.0, cy + r + 3.2, "achievements", 2.3, colour=WHITE))
    out.append(label(112.0, y0 + 12.5, "advanced game", 2.2, colour=WHITE))
    out += _score_circle(163.0, cy, 8.5, WHITE, "final_score", "final score", col.ink)
    return out


def draw_tree_sheet(layout: TreeLayout) -> Drawing:
    """One side of the tree diagram at its printed size."""
    shapes = _tree_panel(layout) + _tracker(layout) + _score_strip(layout)
    return Drawing(
        layout.sheet.width,
        layout.sheet.height,
        tuple(shapes),
        title=f"Scribbly Gum tree diagram, {layout.side} side",
    )


def name_overlay(layout: TreeLayout, name: str) -> Drawing:
    """Just a player's name on the name line, to lay over a shared sheet drawing."""
    y0 = layout.sheet.height - layout.sheet.score_height
    text = label(17, y0 + 5.6, name, 4.0, anchor="start", weight="bold", colour=WHITE, max_width=76)
    return Drawing(layout.sheet.width, layout.sheet.height, (text,), title=f"name {name}")
