"""A board printed edge to edge (`--bleed`): its ground fills the trim and runs on past it by the
bleed, and its art sits SAFE mm inside the trim, so no text or mark is cut into.

A board's own drawing has no ground (it prints on white paper at home, saving ink) and may put
text near its edge; with a bleed it is framed by SAFE mm of its ground colour: at its own size
(the trim grows by the frame: a tiled board keeps its cells' size) or, where it must keep the
room it takes on the page (a sheet sized to fill the paper), drawn a little smaller inside it.
Without a bleed a board is left as it is, byte for byte.
"""

from __future__ import annotations

from sheetgen.draw.shapes import Drawing, Group, Rect, Style
from sheetgen.draw.transform import scale, translate

SAFE = 3.0  # mm: the safe zone a bled board's text and marks keep inside its trim


def framed_size(drawing: Drawing) -> tuple[float, float]:
    """The trim of `drawing` framed at its own size."""
    return drawing.width + 2 * SAFE, drawing.height + 2 * SAFE


def bled(
    drawing: Drawing, bleed: float, ground: str, within: tuple[float, float] | None = None
) -> Drawing:
    """`drawing` with its `ground` under it out to `bleed` mm past its trim, its art SAFE mm
    inside the trim: framed at its own size, or, `within` (width, height mm, the bleed
    included) given, its trim and bleed as large as that and the art scaled down (never up) to
    fit inside the frame, centred. Unchanged at no bleed."""
    if bleed <= 0:
        return drawing
    if within is None:
        width, height = framed_size(drawing)
        k = 1.0
    else:
        width, height = within[0] - 2 * bleed, within[1] - 2 * bleed
        room_w, room_h = width - 2 * SAFE, height - 2 * SAFE
        k = min(1.0, room_w / drawing.width, room_h / drawing.height)
    dx, dy = (width - k * drawing.width) / 2, (height - k * drawing.height) / 2
    clip = (0.0, 0.0, drawing.width, drawing.height) if drawing.clip else None
    paint = Style(stroke=None, fill=ground)
    return Drawing(
        width,
        height,
        (
            Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, paint),
            Group(drawing.children, translate(dx, dy) @ scale(k), clip),
        ),
        bleed=bleed,
        title=drawing.title,
        clip=True,
    )
