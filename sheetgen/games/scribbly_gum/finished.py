"""A finished Scribbly Gum sheet: the tree diagram as its player leaves it, with the circles
filled in, the meal tracker filled top down and the score strip written in. Everything is
placed on the sheet's own fillable boxes, so it lands where a player would write."""

from __future__ import annotations

from sheetgen.draw import IDENTITY, Circle, Drawing, Field, Shape, Style, label
from sheetgen.draw.walk import leaves
from sheetgen.games.scribbly_gum.draw import draw_tree_sheet, name_overlay
from sheetgen.games.scribbly_gum.model import FOODS, TreeLayout

PEN = "#1d2b53"  # a dark blue marker
INK = 0.72  # how opaque the marker is: the food under it still shows a little


def _boxes(drawing: Drawing) -> dict[str, tuple[float, float, float, float]]:
    """Each fillable box of a sheet by name: x, y, width, height on the sheet (mm)."""
    out = {}
    for shape, transform in leaves(drawing.children, IDENTITY):
        if isinstance(shape, Field):
            x, y = transform.apply(shape.x, shape.y)
            out[shape.name] = (x, y, shape.w * transform.a, shape.h * transform.d)
    return out


def _dot(box: tuple[float, float, float, float]) -> Circle:
    x, y, w, h = box
    return Circle(
        x + w / 2, y + h / 2, min(w, h) / 2 * 0.9, Style(stroke=None, fill=PEN, opacity=INK)
    )


def finished_sheet(
    tree: TreeLayout,
    name: str,
    circles: list[str],
    tracker: tuple[int, int, int],
    written: dict[str, str],
) -> Drawing:
    """The tree sheet with `circles` (ids) filled in, the tracker filled to its counts (nut,
    leaf, blossom), the player's name, and `written` (by score box: round_1 … round_3,
    column_bonus, achievement_A … C, final_score) in the score strip."""
    sheet = draw_tree_sheet(tree)
    boxes = _boxes(sheet)
    shapes: list[Shape] = [_dot(boxes[f"tree_{cid}"]) for cid in circles]
    for food, count in zip(FOODS, tracker, strict=True):
        shapes += [_dot(boxes[f"tracker_{food}_{row}"]) for row in range(1, count + 1)]
    shapes += name_overlay(tree, name).children
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
