"""A board printed edge to edge (`--bleed`): its ground fills the trim and runs on past it by the
bleed, and its art sits SAFE mm inside the trim, so no text or mark is cut into.

A board's own drawing has no ground (it prints on white paper at home, saving ink) and may put
text near its edge; with a bleed it is framed by SAFE mm of its ground colour, the trim growing
by the frame (a tiled board keeps its cells' size). A board sized to fill the paper is drawn in
less room instead (`art_room`), its words their size, so that framed and bled it takes the room
it takes without a bleed. Without a bleed a board is left as it is, byte for byte.
"""

from __future__ import annotations

from sheetgen.draw.shapes import Drawing, Group, Rect, Style
from sheetgen.draw.transform import translate

SAFE = 3.0  # mm: the safe zone a bled board's text and marks keep inside its trim


def art_room(room: tuple[float, float], bleed: float) -> tuple[float, float]:
    """The room (width, height mm) a board's art has where, framed and bled, it must take
    `room` on the page: all of it without a bleed."""
    if bleed <= 0:
        return room
    return (room[0] - 2 * (bleed + SAFE), room[1] - 2 * (bleed + SAFE))


def bled(drawing: Drawing, bleed: float, ground: str) -> Drawing:
    """`drawing` framed by SAFE mm of its `ground`, the ground running on `bleed` mm past the
    trim (so the trim is the drawing and the frame). Unchanged at no bleed."""
    if bleed <= 0:
        return drawing
    width, height = drawing.width + 2 * SAFE, drawing.height + 2 * SAFE
    clip = (0.0, 0.0, drawing.width, drawing.height) if drawing.clip else None
    paint = Style(stroke=None, fill=ground)
    return Drawing(
        width,
        height,
        (
            Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, paint),
            Group(drawing.children, translate(SAFE, SAFE), clip),
        ),
        bleed=bleed,
        title=drawing.title,
        clip=True,
    )
