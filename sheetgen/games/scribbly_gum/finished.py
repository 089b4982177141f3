"""A finished Scribbly Gum sheet: the tree diagram as its player leaves it, with the pen's lines
drawn from circle to circle (along the dotted line too), the circles filled in (a wild circle
showing the food chosen), the meal tracker filled top down, the column bonuses earned circled
and the score strip written in. Everything is placed on the sheet's own fillable boxes, so it
lands where a player would write."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from sheetgen.draw import IDENTITY, Circle, Drawing, Field, Shape, Style, label, line, polyline
from sheetgen.draw.walk import leaves
from sheetgen.games.scribbly_gum.draw import (
    BONUS_R,
    WILD_RING,
    WILD_RING_INSET,
    bezier,
    bonus_centre,
    circle_centre,
    dotted_curve,
    draw_tree_sheet,
    food_group,
    name_overlay,
)
from sheetgen.games.scribbly_gum.model import FOODS, TreeLayout
from sheetgen.games.scribbly_gum.rules import TRACKER_ROWS

PEN = "#1d2b53"  # a dark blue marker
INK = 0.72  # how opaque the marker is: the food under it still shows a little
PEN_LINE = 1.6  # mm: the marker's line along the tree's lines
WHITE = "#ffffff"
# a line the pen drew: the circle it came out of, the circle it reached, along a dotted line
PenLine = tuple[str, str, bool]
Box = tuple[float, float, float, float]  # a fillable box on the sheet: x, y, width, height (mm)


def _boxes(drawing: Drawing) -> dict[str, Box]:
    """Each fillable box of a sheet by name: x, y, width, height on the sheet (mm)."""
    out = {}
    for shape, transform in leaves(drawing.children, IDENTITY):
        if isinstance(shape, Field):
            x, y = transform.apply(shape.x, shape.y)
            out[shape.name] = (x, y, shape.w * transform.a, shape.h * transform.d)
    return out


def _dot(box: Box) -> Circle:
    x, y, w, h = box
    return Circle(
        x + w / 2, y + h / 2, min(w, h) / 2 * 0.9, Style(stroke=None, fill=PEN, opacity=INK)
    )


def _pen_lines(tree: TreeLayout, lines: Sequence[PenLine]) -> list[Shape]:
    """The pen's lines between circles, stopping at each circle's edge (the filled circle
    covers the rest): straight along a solid line, curved along a dotted one."""
    at = {c.id: c.at for c in tree.circles}
    bends = {frozenset(d.ends): d for d in tree.dotted}
    r = tree.sheet.circle / 2
    style = Style(stroke=PEN, width=PEN_LINE, cap="round", join="round", opacity=0.9)
    out: list[Shape] = []
    for a, b, along in lines:
        (x1, y1), (x2, y2) = circle_centre(tree, at[a]), circle_centre(tree, at[b])
        if along:
            d = bends[frozenset((a, b))]
            curve = dotted_curve(tree, at[d.ends[0]], at[d.ends[1]], d.bend)
            points = [bezier(curve, k / 60) for k in range(61)]
            kept = [p for p in points if min(math.dist(p, curve[0]), math.dist(p, curve[3])) > r]
            out.append(polyline(kept, style))
            continue
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        out.append(line(x1 + ux * r, y1 + uy * r, x2 - ux * r, y2 - uy * r, style))
    return out


def _wild_choice(tree: TreeLayout, cid: str, food: str, box: Box) -> list[Shape]:
    """A filled wild circle taken as `food`: the printed wild picture covered in white inside
    the gold ring, the food drawn whole in its place as a circle of that one food is, the
    pen's fill over it as over every filled circle, and the gold ring drawn again on top so
    it still marks the circle wild."""
    at = {c.id: c.at for c in tree.circles}
    cx, cy = circle_centre(tree, at[cid])
    r = tree.sheet.circle / 2
    ring = r - WILD_RING_INSET
    return [
        Circle(cx, cy, ring, Style(stroke=None, fill=WHITE)),
        *food_group(food, 1, cx, cy, r, tree.colours),
        _dot(box),
        Circle(cx, cy, ring, Style(stroke=tree.colours.achievement, width=WILD_RING)),
    ]


def _bonus_earned(tree: TreeLayout, column: int) -> list[Shape]:
    """A column bonus earned: ringed by the pen (a white edge keeps the ring off the dark
    tracker); one not earned is left as printed."""
    cx, cy = bonus_centre(tree, column)
    return [
        Circle(cx, cy, BONUS_R + 0.95, Style(stroke=WHITE, width=0.5)),
        Circle(cx, cy, BONUS_R + 0.35, Style(stroke=PEN, width=1.0)),
    ]


def finished_sheet(
    tree: TreeLayout,
    name: str,
    circles: Sequence[str],
    tracker: tuple[int, int, int],
    written: Mapping[str, str],
    lines: Sequence[PenLine] = (),
    wild: Mapping[str, str] | None = None,
) -> Drawing:
    """The tree sheet with the pen's `lines` drawn, `circles` (ids) filled in (a wild one
    showing its food from `wild`), the tracker filled to its counts (nut, leaf, blossom) and
    each full column's bonus circled, the player's name, and `written` (by score box: round_1
    … round_3, column_bonus, achievement_A … C, final_score) in the score strip."""
    sheet = draw_tree_sheet(tree)
    boxes = _boxes(sheet)
    shapes: list[Shape] = _pen_lines(tree, lines)
    chosen = wild or {}
    shapes += [_dot(boxes[f"tree_{cid}"]) for cid in circles if cid not in chosen]
    for cid, food in sorted(chosen.items()):
        shapes += _wild_choice(tree, cid, food, boxes[f"tree_{cid}"])
    for k, (food, count) in enumerate(zip(FOODS, tracker, strict=True)):
        shapes += [_dot(boxes[f"tracker_{food}_{row}"]) for row in range(1, count + 1)]
        if count >= TRACKER_ROWS:
            shapes += _bonus_earned(tree, k)
    shapes += name_overlay(tree, name, PEN).children
    for key, value in written.items():
        x, y, w, h = boxes[key]
        size = min(h * 0.9, 5.0)
        shapes.append(label(x + w / 2, y + h / 2, value, size, weight="bold", colour=PEN))
    return Drawing(
        sheet.width,
        sheet.height,
        (*sheet.children, *shapes),
        title=f"{sheet.title}: {name}",
    )
