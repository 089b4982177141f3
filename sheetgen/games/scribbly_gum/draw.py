"""Scribbly Gum drawings: the tree diagram sheet (tree, meal tracker, score strip)."""

from __future__ import annotations

import math
from itertools import pairwise

from sheetgen.draw import (
    Circle,
    Drawing,
    Field,
    Rect,
    Shape,
    Style,
    Text,
    fit_size,
    label,
    line,
    pt,
)
from sheetgen.draw.fonts import cap_height, descent
from sheetgen.draw.icons import FOOD_ICONS, arrows_ring, moth, wild
from sheetgen.draw.shapes import Anchor, Weight
from sheetgen.games.scribbly_gum.areas import GAP, PAD, TITLE, tree_area
from sheetgen.games.scribbly_gum.model import FOODS, Palette, TreeCircle, TreeLayout
from sheetgen.games.scribbly_gum.tree_graph import direction_of

WHITE = "#ffffff"
TRACKER_HEAD = 20.0
TRACKER_FOOT = 16.0
CIRCLE_LINE = 0.4  # mm: a tree circle's outline
MIN_TEXT = pt(6)  # mm: no printed text is smaller
Point = tuple[float, float]


def text(
    x: float,
    cy: float,
    words: str,
    size: float,
    room: float,
    colour: str,
    *,
    anchor: Anchor = "middle",
    weight: Weight = "regular",
    least: float = MIN_TEXT,
) -> Text:
    """A label shrunk to `room` mm wide if it must be, but never below `least` (6 pt unless
    the drawing is scaled): a longer one runs over its room rather than turn unreadable."""
    size = max(fit_size(words, room, size, weight), min(size, least))
    return label(x, cy, words, size, anchor=anchor, weight=weight, colour=colour)


def bezier(p: tuple[Point, Point, Point, Point], t: float) -> Point:
    """The point at t (0 to 1) along a cubic Bézier curve of four points."""
    u = 1 - t
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = p
    return (
        u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
        u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3,
    )


def dots_along(
    curve: tuple[Point, Point, Point, Point],
    clear: tuple[float, float],
    spacing: float,
    radius: float,
    colour: str,
) -> list[Shape]:
    """Round dots about `spacing` mm apart along a cubic curve between two circle centres (its
    ends): the dots start and stop `clear` mm (centre to dot centre) from each end, so the
    first and last dot keep a gap to the circles instead of bumping them."""
    samples = [bezier(curve, k / 400) for k in range(401)]
    run = [0.0]
    for (ax, ay), (bx, by) in pairwise(samples):
        run.append(run[-1] + math.hypot(bx - ax, by - ay))
    start = next(i for i, p in enumerate(samples) if math.dist(p, curve[0]) >= clear[0] - 1e-9)
    end = next(
        i
        for i in range(len(samples) - 1, -1, -1)
        if math.dist(samples[i], curve[3]) >= clear[1] - 1e-9
    )
    length = run[end] - run[start]
    count = max(1, round(length / spacing))
    style = Style(stroke=None, fill=colour)
    out: list[Shape] = []
    i = start
    for k in range(count + 1):
        goal = run[start] + length * k / count
        while i < end and run[i] < goal:
            i += 1
        out.append(Circle(*samples[i], radius, style))
    return out


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


WILD_RING = 0.5  # mm: the width of a wild circle's gold ring
WILD_RING_INSET = 0.7  # mm from a wild circle's outline in to its gold ring's centre line


def _tree_circle(layout: TreeLayout, c: TreeCircle) -> list[Shape]:
    cx, cy = circle_centre(layout, c.at)
    r = layout.sheet.circle / 2
    col = layout.colours
    if c.food == "start":
        return [Circle(cx, cy, r, Style(stroke=col.ink, width=CIRCLE_LINE, fill=col.ink))]
    out: list[Shape] = [Circle(cx, cy, r, Style(stroke=col.ink, width=CIRCLE_LINE, fill=WHITE))]
    if c.food == "wild":
        ring = Style(stroke=col.achievement, width=WILD_RING)
        out.append(Circle(cx, cy, r - WILD_RING_INSET, ring))
        out.append(wild(cx, cy, 1.55 * r, (col.nut, col.leaf, col.blossom)))
    else:
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
    style = Style(stroke=layout.colours.line, width=0.5, cap="butt")
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
) -> tuple[Point, Point, Point, Point]:
    """The dotted shortcut's curve from circle centre to circle centre, bowed by `bend`."""
    (x1, y1), (x2, y2) = circle_centre(layout, a), circle_centre(layout, b)
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length
    off = bend * layout.sheet.pitch
    c1 = (x1 + (x2 - x1) / 3 + nx * off, y1 + (y2 - y1) / 3 + ny * off)
    c2 = (x1 + 2 * (x2 - x1) / 3 + nx * off, y1 + 2 * (y2 - y1) / 3 + ny * off)
    return (x1, y1), c1, c2, (x2, y2)


DOT = 0.5  # radius (mm) of a dotted line's dots
DOT_GAP = 0.8  # mm of tree between a circle's outline and the first dot


def _dotted_lines(layout: TreeLayout) -> list[Shape]:
    at = {c.id: c.at for c in layout.circles}
    clear = layout.sheet.circle / 2 + CIRCLE_LINE / 2 + DOT_GAP + DOT
    out: list[Shape] = []
    for d in layout.dotted:
        curve = dotted_curve(layout, at[d.ends[0]], at[d.ends[1]], d.bend)
        out += dots_along(curve, (clear, clear), 1.7, DOT, layout.colours.ink)
    return out


def _tree_panel(layout: TreeLayout) -> list[Shape]:
    s, col, words = layout.sheet, layout.colours, layout.labels
    panel_w = s.width - s.tracker_width - GAP
    panel_h = s.height - s.score_height - GAP
    half = (panel_w - 2 * PAD - 4) / 2
    out: list[Shape] = [
        Rect(0, 0, panel_w, panel_h, Style(stroke=None, fill=col.tree), rx=4),
        text(PAD + 1, 7.5, words.game, 6.2, half, col.score, anchor="start", weight="bold"),
        text(
            panel_w - PAD - 1,
            7.5,
            words.side.format(side=layout.side),
            4.2,
            half,
            col.ink,
            anchor="end",
            weight="bold",
        ),
    ]
    out += _branches(layout) + _solid_lines(layout) + _dotted_lines(layout)
    mx, my = circle_centre(layout, layout.moth)
    out.append(moth(mx, my, s.pitch * 0.95))
    for c in layout.circles:
        out += _tree_circle(layout, c)
    return out


NUMBER_W = 9.0  # mm: the meal-number column of the tracker
BONUS_R = 4.2  # mm: radius of a column bonus circle


def bonus_centre(layout: TreeLayout, column: int) -> Point:
    """Where the column bonus circle under a tracker column (0 nut, 1 leaf, 2 blossom) sits."""
    s = layout.sheet
    col_w = (s.tracker_width - NUMBER_W - 2) / 3
    height = s.height - s.score_height - GAP
    x = s.width - s.tracker_width + 1 + NUMBER_W + (column + 0.5) * col_w
    return x, height - TRACKER_FOOT / 2 - 1


ARROW = 2.4  # mm: an extra-move arrowhead's size (its tip 0.85 of it beyond its base)
ARROW_GAP = 0.3  # mm between a tracker circle's edge and its arrows
ARROW_CLEAR = 1.0  # mm at least between an arrow's tip and the neighbouring circles


def extra_move_arrows(cx: float, cy: float, r: float, pitch: float) -> Shape:
    """The four white arrowheads pointing out from a tracker circle of radius `r` (an extra
    move): ARROW mm, or smaller where the circles' `pitch` (mm, centre to centre) leaves less
    room, so every tip stays ARROW_CLEAR mm off the neighbouring circles."""
    size = min(ARROW, pitch - 2 * r - ARROW_GAP - ARROW_CLEAR)
    return arrows_ring(cx, cy, r + ARROW_GAP, size, WHITE)


def _tracker(layout: TreeLayout) -> list[Shape]:
    """The meal tracker: a column of 15 circles a food, each circle holding its food's picture
    (shape and colour), the meal numbers beside the rows, the column bonuses below."""
    s, col, words = layout.sheet, layout.colours, layout.labels
    x0 = s.width - s.tracker_width
    height = s.height - s.score_height - GAP
    number_w = NUMBER_W
    out: list[Shape] = [
        Rect(x0, 0, s.tracker_width, height, Style(stroke=None, fill=col.tracker), rx=4),
        text(
            x0 + s.tracker_width / 2,
            4.5,
            words.meal_tracker,
            2.6,
            s.tracker_width - 4,
            WHITE,
            weight="bold",
        ),
        text(x0 + 1 + number_w / 2, 10.5, words.meals, 2.2, number_w, WHITE),
    ]
    col_w = (s.tracker_width - number_w - 2) / 3
    row_h = (height - TRACKER_HEAD - TRACKER_FOOT) / 15
    r = min(col_w, row_h) * 0.32
    for k, food in enumerate(FOODS):
        cx = x0 + 1 + number_w + (k + 0.5) * col_w
        colour = getattr(col, food)
        out.append(Circle(cx, 13.5, 4.6, Style(stroke=None, fill=WHITE)))
        out.append(FOOD_ICONS[food](cx, 13.5, 6.4, colour))
        arrows = set(layout.tracker.arrows.get(food, []))
        for row in range(1, 16):
            cy = TRACKER_HEAD + (row - 0.5) * row_h
            out.append(Circle(cx, cy, r, Style(stroke=None, fill=WHITE)))
            out.append(FOOD_ICONS[food](cx, cy, 1.15 * r, colour))
            if row in arrows:
                out.append(extra_move_arrows(cx, cy, r, min(col_w, row_h)))
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
        _, by = bonus_centre(layout, k)
        out.append(Circle(cx, by, BONUS_R, Style(stroke=WHITE, width=0.4, fill=col.score)))
        out.append(
            label(cx, by, f"+{layout.tracker.column_bonus}", 3.0, weight="bold", colour=WHITE)
        )
    out.append(
        text(
            x0 + 1 + number_w / 2, height - TRACKER_FOOT / 2 - 1, words.bonus, 2.2, number_w, WHITE
        )
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
        out.append(text(cx, cy - r + 2.4, letter, 2.4, 2 * r - 4, ink, weight="bold"))
    if caption:
        out.append(text(cx, cy + r + 3.2, caption, 2.3, 2 * r + 5, ink))
    out.append(
        Field(name, "text", cx - r * 0.7, cy - r * 0.55, r * 1.4, r * 1.1, Style(stroke=None))
    )
    return out


NAME_LABEL = 13.0  # mm from the name box's left edge to where the name is written
NAME_TEXT = 4.0  # mm: the size of a name printed with --names (or in a game record)


def name_box(layout: TreeLayout) -> tuple[float, float, float, float]:
    """The white box at the top of the score strip where the player writes their name: x, y,
    width and height on the sheet (mm), 9 mm tall for a hand-written name."""
    return 4.0, layout.sheet.height - layout.sheet.score_height + 2.0, 92.0, 9.0


def _name_area(layout: TreeLayout) -> list[Shape]:
    """The name box: white with a green edge, 'Name' inside at its left, a fillable field
    over the rest of it."""
    x, y, w, h = name_box(layout)
    col = layout.colours
    return [
        Rect(x, y, w, h, Style(stroke=col.score, width=0.4, fill=WHITE), rx=2.0),
        text(
            x + 2.5,
            y + h / 2,
            layout.labels.name,
            3.2,
            NAME_LABEL - 3.5,
            col.score,
            anchor="start",
            weight="bold",
        ),
        Field(
            "name",
            "text",
            x + NAME_LABEL,
            y + 1.0,
            w - NAME_LABEL - 1.5,
            h - 2.0,
            Style(stroke=None),
        ),
    ]


def _score_strip(layout: TreeLayout) -> list[Shape]:
    """The score strip: a light green ground, the name box, white circles for the three
    rounds' meals, the column bonus and the final score, gold ones for the achievements."""
    s, col, words = layout.sheet, layout.colours, layout.labels
    y0 = s.height - s.score_height
    out: list[Shape] = [
        Rect(0, y0, s.width, s.score_height, Style(stroke=None, fill=col.strip), rx=4),
        *_name_area(layout),
    ]
    cy = y0 + s.score_height / 2 + 4
    r = 6.0
    xs = [12.0, 30.0, 48.0]
    for i, x in enumerate(xs, start=1):
        caption = words.round.format(n=i)
        out += _score_circle(x, cy, r, WHITE, f"round_{i}", caption, col.ink)
    heads = y0 + 14.0
    out.append(
        text((xs[0] + xs[-1]) / 2, heads, words.total_meals, 2.4, 48, col.ink, weight="bold")
    )
    ops = [(21.0, "+"), (39.0, "+"), (57.0, "+"), (81.0, "+"), (145.0, "=")]
    for x, op in ops:
        out.append(label(x, cy, op, 4.5, weight="bold", colour=col.score))
    out += _score_circle(69.0, cy, r, WHITE, "column_bonus", words.column_bonus, col.ink)
    for k, letter in enumerate(words.letters):
        x = 95.0 + k * 17.0
        out += _score_circle(
            x, cy, r, col.achievement, f"achievement_{'ABC'[k]}", "", col.ink, letter
        )
        if k < 2:
            out.append(label(x + 8.5, cy, "+", 4.0, weight="bold", colour=col.score))
    out.append(text(112.0, cy + r + 3.2, words.achievements, 2.3, 44, col.ink))
    out.append(text(112.0, heads, words.advanced, 2.2, 44, col.ink))
    out += _score_circle(163.0, cy, 8.5, WHITE, "final_score", words.final_score, col.ink)
    return out


def draw_tree_sheet(layout: TreeLayout) -> Drawing:
    """One side of the tree diagram at its printed size."""
    shapes = _tree_panel(layout) + _tracker(layout) + _score_strip(layout)
    return Drawing(
        layout.sheet.width,
        layout.sheet.height,
        tuple(shapes),
        title=f"{layout.labels.game}: {layout.labels.side.format(side=layout.side)}",
    )


def name_overlay(layout: TreeLayout, name: str, colour: str | None = None) -> Drawing:
    """Just a player's name in the name box (in the sheet's ink, or `colour`), to lay over a
    shared sheet drawing: on one line, shrunk to the box if it must be; a name too long for
    one line at 6 pt goes on two, each within the box."""
    x, y, w, h = name_box(layout)
    ink = colour or layout.colours.ink
    room, left = w - NAME_LABEL - 3, x + NAME_LABEL + 1
    one_line = fit_size(name, room, NAME_TEXT, "bold") >= MIN_TEXT
    lines = [name] if one_line else list(_halves(name))
    size = min(fit_size(line, room, NAME_TEXT, "bold") for line in lines)
    if len(lines) == 2:  # both lines, capitals to descenders, within the box's height
        tall = NAME_LEADING + cap_height(1.0, "bold") + descent(1.0, "bold")
        size = min(size, (h - 2 * NAME_CLEAR) / tall)
    step = size * NAME_LEADING
    middle = y + h / 2 - (descent(size, "bold") / 2 if len(lines) == 2 else 0.0)  # of the ink
    shown = tuple(
        label(left, middle + (i - (len(lines) - 1) / 2) * step, line, max(size, MIN_TEXT),
              anchor="start", weight="bold", colour=ink)
        for i, line in enumerate(lines)
    )  # fmt: skip
    return Drawing(layout.sheet.width, layout.sheet.height, shown, title=f"name {name}")


NAME_LEADING = 1.15  # a two-line name's baselines apart, in text sizes
NAME_CLEAR = 0.5  # mm kept between a two-line name and the top and foot of its box


def _halves(name: str) -> tuple[str, str]:
    """A name in two lines: broken at the space nearest its middle, or at its middle."""
    middle = len(name) / 2
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if spaces:
        at = min(spaces, key=lambda i: abs(i - middle))
        return name[:at], name[at + 1 :]
    at = math.ceil(middle)
    return name[:at], name[at:]
