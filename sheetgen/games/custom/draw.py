"""A designer's piece drawn from its filled template: the background to the bleed edge, the cut
line of a round or six-sided piece, then each item in its box (texts wrapped or shrunk to fit,
never below 6 pt, pictures fitted, filling or stretched, all turned about the box's centre),
and what keeps text clear of the cut."""

from __future__ import annotations

import math
from collections.abc import Sequence

from sheetgen.draw import (
    Circle,
    Drawing,
    Group,
    Rect,
    Shape,
    Style,
    Text,
    Transform,
    cap_height,
    polygon,
    pt,
    rounded_rect_path,
    text_width,
    wrap,
)
from sheetgen.draw.fonts import descent
from sheetgen.draw.pictures import place
from sheetgen.draw.shapes import Anchor
from sheetgen.games.custom.art import Pictures, frame, image_fit
from sheetgen.games.custom.model import Item, Piece
from sheetgen.games.custom.rules import FilledFace, FilledItem

LEAST = 6.0  # pt: no text is set smaller
LEADING = 1.2  # a line's height, in ems
SAFE = 3.0  # mm text keeps inside the cut, where a cut a little off would trim it
CUT_LINE = Style(stroke="#8a8a8a", width=0.2)  # the line a round or six-sided piece is cut on
STEP = 0.97  # each try at fitting a text sets it this much smaller
# the exact matrices of a quarter turn (math.cos(pi / 2) is 6e-17, not 0), clockwise
ANCHORS: dict[str, Anchor] = {"left": "start", "centre": "middle", "right": "end"}
TURNS = {90: (0.0, 1.0, -1.0, 0.0), 180: (-1.0, 0.0, 0.0, -1.0), 270: (0.0, -1.0, 1.0, 0.0)}


def outline(piece: Piece, grow: float = 0.0) -> list[tuple[float, float]]:
    """The corners of a six-sided piece (flat top and bottom), `grow` mm beyond its cut."""
    w, h = piece.width + 2 * grow, piece.height + 2 * grow
    x, y = -grow, -grow
    return [
        (x, y + h / 2),
        (x + w / 4, y),
        (x + 3 * w / 4, y),
        (x + w, y + h / 2),
        (x + 3 * w / 4, y + h),
        (x + w / 4, y + h),
    ]


def background(piece: Piece, colour: str, bleed: float) -> list[Shape]:
    """The piece's colour to `bleed` mm beyond its cut, and the cut line of a piece that is
    not cut straight (a rectangle's cuts follow the crop marks)."""
    ground = Style(stroke=None, fill=colour)
    w, h = piece.width, piece.height
    if piece.shape == "rectangle":
        if bleed > 0 or piece.radius == 0:
            return [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, ground)]
        return [rounded_rect_path(0, 0, w, h, piece.radius, ground)]
    if piece.shape == "circle":
        return [Circle(w / 2, h / 2, w / 2 + bleed, ground), Circle(w / 2, h / 2, w / 2, CUT_LINE)]
    return [polygon(outline(piece, bleed), ground), polygon(outline(piece), CUT_LINE)]


def set_text(text: str, item: Item, family: str = "sans") -> tuple[float, list[str]] | None:
    """The size (mm) and lines a text item is set in (in `family`, measured by its own
    metrics): its own size, made smaller in steps until it fits its box; None when it fits at
    no size of 6 pt or more."""
    width, height = frame(item)
    size, least = pt(item.points), pt(LEAST)
    weight = item.weight
    while size >= least - 1e-9:
        if item.fit == "shrink":
            lines = text.split("\n")
        else:
            lines = [
                line
                for part in text.split("\n")
                for line in wrap(part, size, width, weight, family)
            ]
        wide = max((text_width(line, size, weight, family) for line in lines), default=0.0)
        tall = cap_height(size, weight, family) + (len(lines) - 1) * LEADING * size
        tall += descent(size, weight, family)
        if wide <= width + 1e-6 and tall <= height + 1e-6:
            return size, lines
        size = least if size > least and size * STEP < least else size * STEP
        if size < least - 1e-9:
            break
    return None


def _text_shapes(filled: FilledItem, size: float, lines: Sequence[str]) -> list[Shape]:
    item = filled.item
    width, height = frame(item)
    anchor = ANCHORS[item.align]
    x = {"left": 0.0, "centre": width / 2, "right": width}[item.align]
    family = filled.family
    cap = cap_height(size, item.weight, family)
    block = cap + (len(lines) - 1) * LEADING * size + descent(size, item.weight, family)
    top = {"top": 0.0, "middle": (height - block) / 2, "bottom": height - block}[item.valign]
    return [
        Text(
            x,
            top + cap + i * LEADING * size,
            line,
            size,
            filled.colour,
            item.weight,
            anchor,
            family=family,
        )
        for i, line in enumerate(lines)
    ]


def _shape(filled: FilledItem) -> list[Shape]:
    item = filled.item
    style = Style(
        stroke=filled.stroke or None,
        width=item.stroke_width if filled.stroke else 0.25,
        fill=filled.fill or None,
    )
    width, height = frame(item)
    if item.type == "circle":
        return [Circle(width / 2, height / 2, min(width, height) / 2, style)]
    if item.radius:
        return [rounded_rect_path(0, 0, width, height, item.radius, style)]
    return [Rect(0, 0, width, height, style)]


def item_shapes(filled: FilledItem, pictures: Pictures) -> Shape | None:
    """What an item draws, placed and turned in its box; None for a text that fits no size
    (the check refuses it first)."""
    item = filled.item
    if item.type == "text":
        fitted = set_text(filled.text, item, filled.family)
        if fitted is None:
            return None
        shapes = _text_shapes(filled, *fitted)
    elif item.type == "image":
        box = (0.0, 0.0, *frame(item))
        shapes = [place(pictures.of(filled), box, image_fit(item))]
    else:
        shapes = _shape(filled)
    width, height = frame(item)
    cx, cy = item.x + item.width / 2, item.y + item.height / 2
    a, b, c, d = TURNS.get(item.turn, (1.0, 0.0, 0.0, 1.0))
    # the frame's centre to the origin, turned, then to the box's centre on the piece
    e = cx - (a * width / 2 + c * height / 2)
    f = cy - (b * width / 2 + d * height / 2)
    return Group(tuple(shapes), Transform(a, b, c, d, e, f))


def face_drawing(
    piece: Piece, face: FilledFace, bleed: float, title: str, pictures: Pictures
) -> Drawing:
    """One face of a piece, cut to the piece's size, its background `bleed` mm beyond (its
    pictures read by `pictures`: a DataError for one that cannot be)."""
    shapes = background(piece, face.background, bleed)
    for filled in face.items:
        drawn = item_shapes(filled, pictures)
        if drawn is not None:
            shapes.append(drawn)
    return Drawing(piece.width, piece.height, tuple(shapes), bleed=bleed, title=title, clip=True)


def inside_by(piece: Piece, item: Item) -> float:
    """mm from the item's box to the piece's cut at the nearest (negative: past the cut)."""
    corners = [
        (item.x, item.y),
        (item.x + item.width, item.y),
        (item.x, item.y + item.height),
        (item.x + item.width, item.y + item.height),
    ]
    if piece.shape == "circle":
        r = piece.width / 2
        return min(r - math.dist((r, r), corner) for corner in corners)
    if piece.shape == "hexagon":
        edges = outline(piece)
        return min(_edge_distance(edges, corner) for corner in corners)
    return min(min(x, y, piece.width - x, piece.height - y) for x, y in corners)


def _edge_distance(points: list[tuple[float, float]], at: tuple[float, float]) -> float:
    """The signed distance from `at` to the nearest edge of a convex polygon given clockwise
    on the page (positive inside)."""
    out = math.inf
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        length = math.hypot(x2 - x1, y2 - y1)
        # the inward normal of an edge of a polygon wound clockwise with y down
        out = min(out, ((x2 - x1) * (at[1] - y1) - (y2 - y1) * (at[0] - x1)) / length)
    return out
