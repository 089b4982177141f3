"""Scrumpit's shared drawing: inks, each bag's mark (its shape, drawn wherever its colour is)
and the letter tile."""

from __future__ import annotations

from sheetgen.draw import (
    Circle,
    Drawing,
    Group,
    Rect,
    Shape,
    Style,
    cap_height,
    label,
    polygon,
    pt,
    text_width,
    translate,
)
from sheetgen.games.scrumpit.model import Letter

INK = "#2b2a26"
WHITE = "#ffffff"
SIX_PT = pt(6)  # the smallest text printed, in mm
MARKS = {"yellow": "circle", "blue": "square", "red": "triangle", "green": "diamond"}


def _luminance(colour: str) -> float:
    """WCAG relative luminance of a `#rrggbb` colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_ink(fill: str) -> str:
    """INK or white, whichever reads better on `fill` (the higher WCAG contrast)."""
    lum = _luminance(fill)
    return INK if (lum + 0.05) / (_luminance(INK) + 0.05) >= 1.05 / (lum + 0.05) else WHITE


def bag_mark(bag: str, cx: float, cy: float, size: float, style: Style) -> Shape:
    """The bag's shape, `size` across, centred on (cx, cy): yellow a circle, blue a square,
    red a triangle, green a diamond."""
    h = size / 2
    kind = MARKS[bag]
    if kind == "circle":
        return Circle(cx, cy, h * 0.95, style)
    if kind == "square":
        return Rect(cx - h * 0.85, cy - h * 0.85, size * 0.85, size * 0.85, style)
    if kind == "triangle":
        return polygon(
            [(cx, cy - h), (cx + h * 1.05, cy + h * 0.85), (cx - h * 1.05, cy + h * 0.85)], style
        )
    return polygon([(cx, cy - h * 1.1), (cx + h, cy), (cx, cy + h * 1.1), (cx - h, cy)], style)


def tile_shapes(
    letter: Letter, bag: str, fill: str, size: float, bleed: float = 0.0
) -> tuple[Shape, ...]:
    """A letter tile `size` mm across: the bag's colour (to `bleed` mm beyond the cut), the
    letter above, the bag's mark at bottom left and the value at bottom right; text never
    under 6 pt, kept 3 mm from the cut where the tile is large enough."""
    ink = text_ink(fill)
    inset = min(3.0, 0.16 * size)
    small = max(0.18 * size, SIX_PT)
    value_top = size - inset - cap_height(small, "bold")
    room = value_top - 0.1 * size - inset  # height for the letter's capital (J dips below)
    big = min(0.5 * size, room / cap_height(1.0, "bold"))
    widest = text_width("20", small, "bold")  # the highest value a letter may have
    mark = min(max(cap_height(small, "bold"), 0.15 * size), size - 2 * inset - widest - 0.3)
    edge = 0.065 * size  # the bevel line: far enough in that a cut 0.5 mm off still frames it
    ground = Style(stroke=None, fill=fill)
    return (
        Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, ground)
        if bleed
        else Rect(0, 0, size, size, ground),
        Rect(
            edge,
            edge,
            size - 2 * edge,
            size - 2 * edge,
            Style(stroke=ink, width=0.012 * size, opacity=0.5),
            rx=0.08 * size,
        ),
        label(size / 2, inset + room / 2, letter.letter, big, weight="bold", colour=ink),
        label(
            size - inset,
            value_top + cap_height(small, "bold") / 2,
            str(letter.value),
            small,
            anchor="end",
            weight="bold",
            colour=ink,
        ),
        bag_mark(
            bag,
            inset + mark / 2,
            size - inset - cap_height(small, "bold") / 2,
            mark,
            Style(stroke=None, fill=ink),
        ),
    )


def tile_drawing(letter: Letter, bag: str, fill: str, size: float, bleed: float = 0.0) -> Drawing:
    """One letter tile as a drawing (placed once for every tile of that letter in the bag),
    its colour `bleed` mm beyond its cut."""
    shapes = tile_shapes(letter, bag, fill, size, bleed)
    return Drawing(size, size, shapes, bleed=bleed, title=f"tile {letter.letter}")


def placed_tile(letter: Letter, bag: str, fill: str, x: float, y: float, size: float) -> Group:
    """A tile `size` mm across with its top-left corner at (x, y) mm, outlined so that it
    stands out on a cell of its own colour."""
    edge = Rect(0, 0, size, size, Style(stroke=INK, width=max(0.25, 0.04 * size)), rx=0.04 * size)
    return Group((*tile_shapes(letter, bag, fill, size), edge), translate(x, y))
