"""Scribbly Gum tiles: movement tiles with a common back, achievement tiles gold front and
silver back, and the letter tiles; laid out for printing with crop marks and bleed."""

from __future__ import annotations

from dataclasses import replace

from sheetgen.draw import (
    Circle,
    CurveTo,
    Drawing,
    Group,
    MoveTo,
    Path,
    Rect,
    Shape,
    Style,
    label,
    line,
    scale,
    translate,
    wrap,
)
from sheetgen.draw.icons import FOOD_ICONS, arrow, moth, wild
from sheetgen.games.scribbly_gum.draw import food_group
from sheetgen.games.scribbly_gum.model import Achievement, Palette, TilesLayout
from sheetgen.press import Document, impose, impose_duplex
from sheetgen.registry import BuildOptions

UNIT = 45.0  # tiles are designed on a 45 mm square and scaled to the chosen size
FACE = "#fbf7ec"
MOVE_NAMES = {
    "left": "LEFT",
    "right": "RIGHT",
    "up": "UP",
    "down": "DOWN",
    "left/right": "LEFT / RIGHT",
    "up/down": "UP / DOWN",
    "dotted": "DOTTED LINE",
}
HEADINGS = {
    "left": 180.0,
    "right": 0.0,
    "up": 270.0,
    "down": 90.0,
    "left/right": 0.0,
    "up/down": 90.0,
}


def _tile(shapes: list[Shape], size: float, bleed: float, background: str, title: str) -> Drawing:
    """A square tile of `size` mm: background to the bleed, the design scaled from UNIT."""
    k = size / UNIT
    back = Rect(
        -bleed, -bleed, size + 2 * bleed, size + 2 * bleed, Style(stroke=None, fill=background)
    )
    return Drawing(size, size, (back, Group(tuple(shapes), scale(k))), bleed=bleed, title=title)


def movement_face(move: str, ink: str) -> list[Shape]:
    """A movement tile's face on the 45 mm design square."""
    shapes: list[Shape] = []
    if move == "dotted":
        style = Style(stroke=ink, width=1.6, dash=(0.01, 3.0), cap="round")
        shapes += [
            Circle(11, 27, 5, Style(stroke=ink, width=1.2, fill="#ffffff")),
            Circle(34, 12, 5, Style(stroke=ink, width=1.2, fill="#ffffff")),
            Path((MoveTo(15, 23), CurveTo(17, 12, 24, 20, 29.5, 13.5)), style),
        ]
    else:
        both = "/" in move
        shapes.append(arrow(22.5, 19.5, 30 if both else 26, 17, ink, HEADINGS[move], both))
    shapes.append(label(22.5, 38.5, MOVE_NAMES[move], 4.6, weight="bold", colour=ink, max_width=38))
    return shapes


def movement_back(c: Palette) -> list[Shape]:
    """The common back of the movement tiles."""
    return [
        Circle(22.5, 19, 12.5, Style(stroke=None, fill="#ffffff", opacity=0.25)),
        moth(22.5, 19, 20),
        label(22.5, 38, "Scribbly Gum", 4.6, weight="bold", colour="#ffffff"),
    ]


def _dots_row(y: float, filled: int, total: int, ink: str) -> list[Shape]:
    step = 6.0
    x0 = 22.5 - step * (total - 1) / 2
    return [
        Circle(
            x0 + i * step,
            y,
            2.2,
            Style(stroke=ink, width=0.6, fill=ink if i < filled else "#ffffff"),
        )
        for i in range(total)
    ]


def achievement_icon(a: Achievement, c: Palette, ink: str) -> list[Shape]:
    """A small picture of what the achievement asks, centred at (22.5, 19)."""
    if a.icon == "roots":
        return [line(22.5, 9, 22.5, 19, Style(stroke=ink, width=1.6)), *_dots_row(22, 5, 5, ink)]
    if a.icon == "crown":
        return [
            *_dots_row(13, min(a.count, 5), 5, ink),
            line(22.5, 16, 22.5, 26, Style(stroke=ink, width=1.6)),
        ]
    if a.icon == "edges":
        return [
            Circle(8, 19, 3, Style(stroke=ink, width=0.6, fill=ink)),
            Circle(37, 19, 3, Style(stroke=ink, width=0.6, fill=ink)),
            arrow(22.5, 19, 20, 7, ink, 0, both=True),
        ]
    if a.icon == "dotted":
        style = Style(stroke=ink, width=1.1, dash=(0.01, 2.2), cap="round")
        return [
            Circle(10, 25, 3, Style(stroke=ink, width=0.6, fill="#ffffff")),
            Circle(35, 13, 3, Style(stroke=ink, width=0.6, fill="#ffffff")),
            Path((MoveTo(12.5, 22.5), CurveTo(15, 12, 25, 20, 32, 14)), style),
            Path((MoveTo(13, 27), CurveTo(22, 30, 30, 24, 34.5, 16.5)), style),
        ]
    if a.icon == "feast":
        return [
            Circle(22.5, 19, 8, Style(stroke=ink, width=0.6, fill="#ffffff")),
            *food_group("nut", 3, 22.5, 19, 8, c),
        ]
    if a.icon == "wild":
        return [
            Circle(22.5, 19, 8, Style(stroke=ink, width=0.6, fill="#ffffff")),
            wild(22.5, 19, 13, (c.nut, c.leaf, c.blossom)),
        ]
    if a.icon == "meal":
        meal: list[Shape] = []
        for dx, food in ((-11, "nut"), (0, "leaf"), (11, "blossom")):
            meal.append(Circle(22.5 + dx, 19, 5.2, Style(stroke=ink, width=0.5, fill="#ffffff")))
            meal.append(FOOD_ICONS[food](22.5 + dx, 19, 7.5, getattr(c, food)))
        return meal
    return [
        Rect(17.5, 8, 10, 22, Style(stroke=ink, width=0.6, fill="#ffffff"), rx=2),
        *[Circle(22.5, 11 + 4 * i, 1.5, Style(stroke=None, fill=ink)) for i in range(5)],
        label(32, 19, "15", 4, anchor="start", weight="bold", colour=ink),
    ]


def achievement_face(a: Achievement, c: Palette, ink: str, value: int, side: str) -> list[Shape]:
    """One side of an achievement tile: title, icon, condition and the points it is worth."""
    shapes: list[Shape] = [
        label(4, 5, a.title.upper(), 3.2, anchor="start", weight="bold", colour=ink, max_width=28)
    ]
    shapes.append(Circle(38.5, 6.5, 4.6, Style(stroke=ink, width=0.6, fill="#ffffff")))
    shapes.append(label(38.5, 6.5, str(value), 4.6, weight="bold", colour=ink))
    # the icon is drawn about (22.5, 19) within 45 x 45; shrink it into the band 10-27 mm
    icon = Group(
        tuple(achievement_icon(a, c, ink)),
        translate(22.5, 18.5) @ scale(0.78) @ translate(-22.5, -19),
    )
    shapes.append(icon)
    lines = wrap(a.text, 2.8, 39)[:3]
    for i, text in enumerate(lines):
        shapes.append(label(22.5, 32.6 + (i - (len(lines) - 1) / 2) * 3.3, text, 2.8, colour=ink))
    shapes.append(label(22.5, 40.6, side, 2.2, colour=ink))  # descenders 3 mm clear of the cut
    return shapes


def letter_face(letter: str, ink: str) -> list[Shape]:
    return [
        Circle(22.5, 22.5, 17, Style(stroke=ink, width=1.0, fill="#ffffff")),
        label(22.5, 22.5, letter, 20, weight="bold", colour=ink),
    ]


def build_tiles(layout: TilesLayout, options: BuildOptions) -> Document:
    """Movement fronts and backs, achievement gold fronts and silver backs (both duplex, lined
    up), then the letter tiles: crop marks on every page."""
    s = layout.sheet
    size = options.tile_size or s.size
    c = Palette()
    press = replace(options.press, crop_marks=True)
    back = _tile(movement_back(c), size, s.bleed, s.back, "movement tile back")
    fronts = [
        _tile(movement_face(m, s.ink), size, s.bleed, FACE, f"movement {m}")
        for m in layout.movement
    ]
    fronts *= options.copies
    pages = impose_duplex(
        fronts, [back] * len(fronts), press, flip=options.flip, offset=options.offset
    )
    gold = [
        _tile(
            achievement_face(a, c, s.ink, a.gold, "gold side: first to score"),
            size,
            s.bleed,
            s.gold,
            f"achievement {a.title} gold",
        )
        for a in layout.achievements
    ]
    silver = [
        _tile(
            achievement_face(a, c, s.ink, a.silver, "silver side"),
            size,
            s.bleed,
            s.silver,
            f"achievement {a.title} silver",
        )
        for a in layout.achievements
    ]
    n = options.copies
    pages += impose_duplex(gold * n, silver * n, press, flip=options.flip, offset=options.offset)
    letters = [
        _tile(letter_face(x, s.ink), size, s.bleed, c.achievement, f"letter {x}")
        for x in layout.letters
    ]
    pages += impose(letters * n, press)
    return Document(
        tuple(pages),
        title="Scribbly Gum tiles",
        subject="Scribbly Gum movement, achievement and letter tiles",
        keywords=("scribbly gum", "tiles"),
        duplex=options.flip,
    )


SCREEN_H = 180.0  # a screen image is drawn 180 mm tall, its width by the aspect ratio


def screen_tile(
    move: str, number: int, width_px: int, height_px: int, background: str, ink: str, accent: str
) -> Drawing:
    """A movement tile for a shared screen: the arrow huge and high-contrast, the name below."""
    width = SCREEN_H * width_px / height_px
    k = SCREEN_H * 0.78 / UNIT
    face = [s for s in movement_face(move, ink)]
    art = Group(tuple(face[:-1]), translate(width / 2 - UNIT * k / 2, 6) @ scale(k))
    shapes: list[Shape] = [
        Rect(0, 0, width, SCREEN_H, Style(stroke=None, fill=background)),
        Rect(
            width / 2 - UNIT * k / 2 - 4,
            4,
            UNIT * k + 8,
            UNIT * k * 0.8 + 4,
            Style(stroke=accent, width=1.6),
            rx=10,
        ),
        art,
        label(
            width / 2,
            SCREEN_H - 17,
            MOVE_NAMES[move],
            17,
            weight="bold",
            colour=accent,
            max_width=width - 20,
        ),
    ]
    return Drawing(width, SCREEN_H, tuple(shapes), title=f"movement tile {number}: {move}")
