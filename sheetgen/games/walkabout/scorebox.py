"""The parts of a map sheet below its grid: the star track, the score box with the scoring
rules beside the boxes they fill, and the rules of a day and of the game's end.

Each part returns its shapes and, where a finished game writes into it, the places it writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sheetgen.draw import Circle, Field, Group, Rect, Shape, Style, label, line
from sheetgen.draw.icons import star
from sheetgen.games.walkabout.model import SYMBOLS, MapLayout, WalkaboutLabels
from sheetgen.games.walkabout.prose import paragraph
from sheetgen.games.walkabout.room import SYMBOL_PEN
from sheetgen.games.walkabout.symbols import ink as ink_boxes
from sheetgen.games.walkabout.symbols import symbol

BOX_W = 99.0  # the score box's width; the rules column fills the rest of the sheet
GUTTER = 4.0
BODY = 2.3  # mm: the score box's rules (6.5 pt)
COLUMN = 2.5  # mm: the rules column's text (7.1 pt)
REGION_BOXES = 9
STAR_R = 2.6
STAR_PITCH = 6.6
SUM_X, SUM_W = 77.0, 19.0  # the column of sums at the right of the score box

Rect4 = tuple[float, float, float, float]  # x, y, width, height


@dataclass
class Slots:
    """Where a finished game writes: star circle centres, region boxes, symbol count boxes,
    the sums (regions, symbols, stars, total) and the name line (x, y, width)."""

    stars: list[tuple[float, float]] = field(default_factory=list)
    regions: list[Rect4] = field(default_factory=list)
    most: dict[str, Rect4] = field(default_factory=dict)
    sums: dict[str, Rect4] = field(default_factory=dict)
    name: tuple[float, float, float] = (0.0, 0.0, 0.0)


def _box(name: str, rect: Rect4, ink: str, digits: int = 2) -> list[Shape]:
    """A box for a score of up to `digits` digits."""
    x, y, w, h = rect
    return [
        Rect(x, y, w, h, Style(stroke=ink, width=0.3, fill="#ffffff"), rx=0.8),
        Field(name, "number", x, y, w, h, Style(stroke=None), max_length=digits),
    ]


def star_track(layout: MapLayout, words: WalkaboutLabels, top: float, slots: Slots) -> list[Shape]:
    """'Stars', one circle a star the player can hold (the first printed full), and how the
    track is kept."""
    s = layout.sheet
    cy = top + STAR_R
    out: list[Shape] = [label(0, cy, words.stars, 3.0, anchor="start", weight="bold", colour=s.ink)]
    for i in range(layout.star_circles):
        cx = 15.0 + i * STAR_PITCH
        slots.stars.append((cx, cy))
        out.append(Circle(cx, cy, STAR_R, Style(stroke=s.ink, width=0.3, fill="#ffffff")))
        if i == 0:
            out.append(star(cx, cy, STAR_R * 0.78, s.star, s.ink))
        d, x, y = 2 * STAR_R, cx - STAR_R, cy - STAR_R
        out.append(Field(f"star_{i + 1}", "checkbox", x, y, d, d, Style(stroke=None), rx=STAR_R))
    x = 15.0 + layout.star_circles * STAR_PITCH
    hint, _ = paragraph(words.stars_hint, x, cy - BODY * 0.95, s.width - x, 2.2, s.ink)
    return out + hint


def score_box(
    layout: MapLayout, words: WalkaboutLabels, top: float, bottom: float, slots: Slots
) -> list[Shape]:
    """The score box: each way of scoring in words, next to the boxes it fills."""
    s = layout.sheet
    ink, width = s.ink, BOX_W - 6
    out: list[Shape] = [
        Rect(0, top, BOX_W, bottom - top, Style(stroke=ink, width=0.4, fill=s.paper), rx=2),
        label(3, top + 4, words.score, 3.2, anchor="start", weight="bold", colour=s.accent),
    ]
    y = top + 7.5
    text = [words.regions_rule, words.weapons_rule, words.animals_rule]
    for rule in text:
        shapes, y = paragraph(rule, 3, y, width, BODY, ink)
        out += shapes
    shapes, y = paragraph(words.ladder_rule, 6, y, width - 3, BODY, ink, "bold")
    out += shapes
    shapes, y = paragraph(words.kinds_rule, 3, y, width, BODY, ink)
    out += shapes
    y += 1.0
    for k in range(REGION_BOXES):
        rect = (3 + k * 6.9, y, 6.0, 5.5)
        slots.regions.append(rect)
        out += _box(f"region_{k + 1}", rect, ink)
    out += _sum("regions", y, ink, slots)
    y += 7.5
    shapes, y = paragraph(words.symbols_rule, 3, y, width, BODY, ink)
    out += shapes
    y += 0.8
    for k, kind in enumerate(SYMBOLS):
        rect = (8.9 + k * 14.2, y, 6.6, 6.0)
        room = (3.0 if k == 0 else rect[0] - 7.6, rect[0])  # from the last box to its own
        out.append(_centred(kind, room, y + 3, s.symbols.of(kind)))
        slots.most[kind] = rect
        out += _box(f"most_{kind}", rect, ink)
    out += _sum("symbols", y, ink, slots)
    y += 8.0
    shapes, _ = paragraph(words.stars_rule, 3, y + 3 - BODY * 0.36, SUM_X - 5, BODY, ink)
    out += shapes
    out += _sum("stars", y, ink, slots)
    y += 7.0
    out.append(line(3, y, BOX_W - 3, y, Style(stroke=ink, width=0.3)))
    y += 1.5
    out.append(label(3, y + 3, words.total, 3.4, anchor="start", weight="bold", colour=ink))
    out += _sum("total", y, ink, slots)
    return out


def _centred(kind: str, room: tuple[float, float], cy: float, colour: str) -> Group:
    """A symbol as the map draws it (SYMBOL_PEN strokes), its ink centred across `room` (mm,
    left and right): a wide emu track as clear of its box as a narrow spear."""
    drawn = symbol(kind, 0, cy, 4.8, colour, pen=SYMBOL_PEN)
    boxes = ink_boxes(drawn)
    left = min(box[0] - pen for box, pen in boxes)
    right = max(box[2] + pen for box, pen in boxes)
    # drawn again where it belongs: a symbol is one group, which the map's checks recognise
    return symbol(kind, sum(room) / 2 - (left + right) / 2, cy, 4.8, colour, pen=SYMBOL_PEN)


def _sum(name: str, y: float, ink: str, slots: Slots) -> list[Shape]:
    rect = (SUM_X, y, SUM_W, 6.0)
    slots.sums[name] = rect
    return _box(f"score_{name}", rect, ink, digits=4)  # a solo total holds a half: 37.5


def score_box_height(layout: MapLayout, words: WalkaboutLabels) -> float:
    """How tall the score box is with these labels (its rules wrap to its width)."""
    slots = Slots()
    score_box(layout, words, 0.0, 0.0, slots)
    return max(y + h for _, y, _, h in slots.sums.values()) + 2.5


def rules_column(
    layout: MapLayout, words: WalkaboutLabels, top: float
) -> tuple[list[Shape], float]:
    """The rules of a day and of the game's end, right of the score box; and where they end."""
    s = layout.sheet
    x = BOX_W + GUTTER
    width = s.width - x
    out: list[Shape] = []
    y = top + 1.0
    for heading, rules in (
        (words.day_heading, (words.day_roll, words.day_move, words.day_find, words.day_quit)),
        (words.end_heading, (words.end_rule,)),
    ):
        out.append(label(x, y + 1.6, heading, 3.2, anchor="start", weight="bold", colour=s.accent))
        y += 5.2
        for rule in rules:
            shapes, y = paragraph(rule, x, y, width, COLUMN, s.ink)
            out += shapes
            y += 1.2
        y += 2.0
    return out, y
