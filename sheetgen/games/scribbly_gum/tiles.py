"""Scribbly Gum tiles: movement tiles with a common back, achievement tiles gold front and
silver back, and the letter tiles; laid out for printing with crop marks and bleed."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from sheetgen.draw import (
    Circle,
    Drawing,
    Group,
    Rect,
    Shape,
    Style,
    Text,
    cap_height,
    fit_size,
    line,
    scale,
    text_width,
    translate,
    wrap,
)
from sheetgen.draw.icons import FOOD_ICONS, arrow, moth, wild
from sheetgen.draw.sheets import AlignmentTest, Pieces, Sheets, TwoSided
from sheetgen.findings import Finding, error
from sheetgen.frozen import frozen
from sheetgen.games.scribbly_gum.draw import MIN_TEXT, Point, dots_along, food_group, text
from sheetgen.games.scribbly_gum.model import (
    MIN_TILE,
    Achievement,
    DigitalLayout,
    Palette,
    ScribblyGumLabels,
    TilesLayout,
)

if TYPE_CHECKING:  # the options' module reads the press; a builder only reads its options
    from sheetgen.options import BuildOptions

UNIT = 45.0  # tiles are designed on a 45 mm square and scaled to the chosen size
# The design keeps SAFE (design mm) clear inside the cut and prints no text below SMALL, so that
# at the smallest tile, MIN_TILE, these are 3 mm and 6 pt; larger tiles only grow them.
SAFE = 3.0 * UNIT / MIN_TILE
SMALL = MIN_TEXT * UNIT / MIN_TILE
ROOM = UNIT - 2 * SAFE  # width between the safe margins
FACE = "#fbf7ec"
WHITE = "#ffffff"
HEADINGS = {
    "left": 180.0,
    "right": 0.0,
    "up": 270.0,
    "down": 90.0,
    "left/right": 0.0,
    "up/down": 90.0,
}
ART = (22.5, 19.0)  # the centre of a movement tile's picture
# A dotted line between two circles, as on the tree: (centre, radius) of each circle and the curve
DOTTED_CIRCLES = (((11.0, 26.5), 5.0), ((34.0, 11.5), 5.0))
DOTTED_CURVE: tuple[Point, Point, Point, Point] = ((11, 26.5), (15, 13), (25, 21.5), (34, 11.5))
DOTTED_RING = 1.2  # the circles' outline
DOTTED_DOT = 0.8  # a dot's radius
DOTTED_GAP = 1.6  # between a circle's outline and the nearest dot
TOUCHING = set("TVWY")  # capitals whose arms run to the edge of their letter (in bold)


def apart(words: str) -> str:
    """`words` with a hair space between two capitals whose arms would touch in bold ('TT')."""
    out = words[:1]
    for a, b in pairwise(words):
        out += ("\u200a" if a in TOUCHING and b in TOUCHING else "") + b
    return out


def _tile(shapes: list[Shape], size: float, bleed: float, background: str, title: str) -> Drawing:
    """A square tile of `size` mm: background to the bleed, the design scaled from UNIT."""
    k = size / UNIT
    back = Rect(
        -bleed, -bleed, size + 2 * bleed, size + 2 * bleed, Style(stroke=None, fill=background)
    )
    return Drawing(size, size, (back, Group(tuple(shapes), scale(k))), bleed=bleed, title=title)


def _name(words: str, ink: str) -> Text:
    """A movement tile's (or the back's) name under its picture."""
    return text(UNIT / 2, 37.6, apart(words), 4.6, ROOM, ink, weight="bold", least=SMALL)


def movement_art(move: str, ink: str, paper: str) -> list[Shape]:
    """A movement tile's picture about ART: an arrow, or two circles (filled with `paper`)
    joined by a dotted line whose dots keep clear of them."""
    if move != "dotted":
        both = "/" in move
        return [arrow(*ART, 28 if both else 26, 17, ink, HEADINGS[move], both)]
    ring = Style(stroke=ink, width=DOTTED_RING, fill=paper)
    shapes: list[Shape] = [Circle(*c, r, ring) for c, r in DOTTED_CIRCLES]
    clear = DOTTED_CIRCLES[0][1] + DOTTED_RING / 2 + DOTTED_GAP + DOTTED_DOT
    return shapes + dots_along(DOTTED_CURVE, (clear, clear), 3.0, DOTTED_DOT, ink)


def movement_face(move: str, ink: str, words: ScribblyGumLabels) -> list[Shape]:
    """A movement tile's face on the 45 mm design square."""
    return [*movement_art(move, ink, WHITE), _name(words.move(move), ink)]


def movement_back(words: ScribblyGumLabels) -> list[Shape]:
    """The common back of the movement tiles."""
    return [
        Circle(*ART, 12.5, Style(stroke=None, fill=WHITE, opacity=0.25)),
        moth(*ART, 20),
        _name(words.game, WHITE),
    ]


def _dots_row(y: float, filled: int, total: int, ink: str) -> list[Shape]:
    step = 6.0
    x0 = 22.5 - step * (total - 1) / 2
    return [
        Circle(
            x0 + i * step,
            y,
            2.2,
            Style(stroke=ink, width=0.6, fill=ink if i < filled else WHITE),
        )
        for i in range(total)
    ]


# Centre to centre of a meal's three food circles (5.45 out to their outlines' edge): 2.1
# between outlines, which the icon's scale (ICON) prints 1 mm apart on the smallest tile.
MEAL_STEP = 13.0


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
        ring = Style(stroke=ink, width=0.6, fill=WHITE)
        clear = 3 + 0.3 + 1.0 + 0.55
        return [
            Circle(10, 25, 3, ring),
            Circle(35, 13, 3, ring),
            *dots_along(((10, 25), (13, 12), (25, 20), (35, 13)), (clear, clear), 2.2, 0.55, ink),
            *dots_along(((10, 25), (20, 31), (31, 25), (35, 13)), (clear, clear), 2.2, 0.55, ink),
        ]
    if a.icon == "feast":  # three circles, each holding three of a food
        feast: list[Shape] = []
        for dx, food in ((-MEAL_STEP, "nut"), (0, "leaf"), (MEAL_STEP, "blossom")):
            feast.append(Circle(22.5 + dx, 19, 5.2, Style(stroke=ink, width=0.5, fill=WHITE)))
            feast += food_group(food, 3, 22.5 + dx, 19, 5.2, c)
        return feast
    if a.icon == "wild":
        return [
            Circle(22.5, 19, 8, Style(stroke=ink, width=0.6, fill=WHITE)),
            wild(22.5, 19, 13, (c.nut, c.leaf, c.blossom)),
        ]
    if a.icon == "meal":
        meal: list[Shape] = []
        for dx, food in ((-MEAL_STEP, "nut"), (0, "leaf"), (MEAL_STEP, "blossom")):
            meal.append(Circle(22.5 + dx, 19, 5.2, Style(stroke=ink, width=0.5, fill=WHITE)))
            meal.append(FOOD_ICONS[food](22.5 + dx, 19, 7.5, getattr(c, food)))
        return meal
    return [
        Rect(17.5, 9.5, 10, 19, Style(stroke=ink, width=0.6, fill=WHITE), rx=2),
        *[Circle(22.5, 11.5 + 3.75 * i, 1.45, Style(stroke=None, fill=ink)) for i in range(5)],
        Text(31, 19 + cap_height(4.6, "bold") / 2, "15", 4.6, colour=ink, weight="bold"),
    ]


# The achievement tile, top to bottom in design mm: the title beside the value badge, the icon,
# up to three lines of the condition, and the side line just inside the safe margin.
BADGE_R = 4.4
BADGE_LINE = 0.6  # the badge's outline
BADGE = (UNIT - SAFE - BADGE_R - BADGE_LINE / 2, SAFE + BADGE_R + BADGE_LINE / 2)
TITLE_GAP = 2.0 * UNIT / MIN_TILE  # between the title and the badge's outline: 2 mm at MIN_TILE
TITLE_ROOM = BADGE[0] - BADGE_R - BADGE_LINE / 2 - TITLE_GAP - SAFE
TITLE_SIZES = (3.2, 2.9)  # one line at 3.2 (shrunk to 2.9 if it must be), or two at 2.9
ICON = (22.5, 19.0, 0.62)  # where the icon's centre lands, and its scale
CONDITION_SIZES = (2.8, SMALL)
CONDITION_LINES = 3
CONDITION_STEP = 3.1
CONDITION_LAST = 35.0  # the cap middle of the last line when there are three
SIDE_SIZE = SMALL
SIDE_CY = UNIT - SAFE - 0.24 * SIDE_SIZE - cap_height(SIDE_SIZE) / 2  # descenders at SAFE


def _title_lines(title: str) -> tuple[float, list[str]]:
    """The title's size and lines: one line if it fits at a size from TITLE_SIZES[0] down to
    TITLE_SIZES[1], else lines wrapped at TITLE_SIZES[1]."""
    size = fit_size(title, TITLE_ROOM, TITLE_SIZES[0], "bold")
    if size >= TITLE_SIZES[1]:
        return size, [title]
    return TITLE_SIZES[1], wrap(title, TITLE_SIZES[1], TITLE_ROOM, "bold")


def _condition_lines(words: str) -> tuple[float, list[str]]:
    """The condition's size and lines: the first size that keeps it to three lines."""
    for size in CONDITION_SIZES:
        lines = wrap(words, size, ROOM)
        if len(lines) <= CONDITION_LINES:
            break
    return size, lines


def achievement_face(a: Achievement, c: Palette, ink: str, value: int, side: str) -> list[Shape]:
    """One side of an achievement tile: title, value badge, icon, condition and side line."""
    size, lines = _title_lines(a.title)
    shapes: list[Shape] = [
        text(SAFE, BADGE[1] + (i - (len(lines) - 1) / 2) * 3.5, t, size, TITLE_ROOM, ink,
             anchor="start", weight="bold", least=SMALL)
        for i, t in enumerate(lines)
    ]  # fmt: skip
    shapes.append(Circle(*BADGE, BADGE_R, Style(stroke=ink, width=BADGE_LINE, fill=WHITE)))
    shapes.append(text(*BADGE, str(value), 4.6, 2 * BADGE_R - 1.5, ink, weight="bold"))
    x, y, k = ICON
    icon = Group(
        tuple(achievement_icon(a, c, ink)), translate(x, y) @ scale(k) @ translate(-22.5, -19)
    )
    shapes.append(icon)
    size, lines = _condition_lines(a.text)
    middle = CONDITION_LAST - (CONDITION_LINES - 1) / 2 * CONDITION_STEP
    for i, t in enumerate(lines):
        cy = middle + (i - (len(lines) - 1) / 2) * CONDITION_STEP
        shapes.append(text(UNIT / 2, cy, t, size, ROOM, ink, least=SMALL))
    shapes.append(text(UNIT / 2, SIDE_CY, side, SIDE_SIZE, ROOM, ink, least=SMALL))
    return shapes


def letter_face(letter: str, ink: str) -> list[Shape]:
    """A letter tile: the letter large in a white disc."""
    return [
        Circle(22.5, 22.5, 17, Style(stroke=ink, width=1.0, fill=WHITE)),
        text(22.5, 22.5, letter, 20, 28, ink, weight="bold"),
    ]


def text_findings(layout: TilesLayout) -> list[Finding]:
    """Achievements whose words do not fit their tile at the smallest print size."""
    out = []
    for i, a in enumerate(layout.achievements):
        _, lines = _title_lines(a.title)
        if len(lines) > 2:
            out.append(
                error(
                    f"achievements[{i}].title",
                    f"{a.title!r} takes {len(lines)} lines on the tile; 2 fit: shorten it",
                )
            )
        elif any(text_width(t, SMALL, "bold") > TITLE_ROOM for t in lines):
            out.append(
                error(
                    f"achievements[{i}].title",
                    f"{a.title!r} has a word too long to keep 2 mm from the value disc "
                    "at 6 pt: shorten it",
                )
            )
        _, lines = _condition_lines(a.text)
        if len(lines) > CONDITION_LINES:
            out.append(
                error(
                    f"achievements[{i}].text",
                    f"the condition takes {len(lines)} lines on the tile; "
                    f"{CONDITION_LINES} fit: shorten it",
                )
            )
    return out


def tile_size(layout: TilesLayout, options: BuildOptions) -> float:
    """The tile size asked for: --tile-size (its range checked by the CLI), else the
    layout's."""
    return options.tile_size or layout.sheet.size


@frozen
class TileFaces:
    """Every side of the deck's tiles, each drawn once: a front a kind of movement (in the
    order the deck first lists it) and their common back, each achievement's gold and silver
    sides (in the layout's order), and the letter tiles."""

    movement: dict[str, Drawing]
    back: Drawing
    gold: list[Drawing]
    silver: list[Drawing]
    letters: list[Drawing]


def tile_faces(layout: TilesLayout, size: float, bleed: float) -> TileFaces:
    """The deck's tile sides at `size` mm with `bleed` mm of ground beyond the cut."""
    s, words, c = layout.sheet, layout.labels, Palette()
    movement: dict[str, Drawing] = {
        m: _tile(movement_face(m, s.ink, words), size, bleed, FACE, f"movement {m}")
        for m in dict.fromkeys(layout.movement)
    }
    back = _tile(movement_back(words), size, bleed, s.back, "movement tile back")
    gold, silver = (
        [
            _tile(
                achievement_face(a, c, s.ink, a.gold if side == "gold" else a.silver, said),
                size,
                bleed,
                colour,
                f"achievement {a.title} {side}",
            )
            for a in layout.achievements
        ]
        for side, said, colour in (
            ("gold", words.gold_side, s.gold),
            ("silver", words.silver_side, s.silver),
        )
    )
    letters = [
        _tile(letter_face(x, s.ink), size, bleed, c.achievement, f"letter {x}")
        for x in layout.letters
    ]
    return TileFaces(movement, back, gold, silver, letters)


def build_tiles(layout: TilesLayout, options: BuildOptions) -> Sheets:
    """The duplex alignment test (print it and set --offset before the rest), movement fronts
    and backs, achievement gold fronts and silver backs (both duplex, lined up), then the
    letter tiles: crop marks on every page (the kind's pieces are cut)."""
    n, flip, offset = options.copies, options.flip, options.offset
    test = AlignmentTest(f"scribbly-gum/{layout.name}", flip, offset, layout.labels)
    bleed = options.press.bleed_or(layout.sheet.bleed)
    faces = tile_faces(layout, tile_size(layout, options), bleed)
    fronts = [faces.movement[m] for m in layout.movement] * n
    movement = TwoSided(fronts, [faces.back] * len(fronts), flip=flip, offset=offset)
    achievements = TwoSided(faces.gold * n, faces.silver * n, flip=flip, offset=offset)
    words = layout.labels
    return Sheets(
        (test, movement, achievements, Pieces(faces.letters * n)),
        title=f"{words.game} tiles",
        subject="Scribbly Gum movement, achievement and letter tiles",
        keywords=("scribbly gum", "tiles"),
        duplex=options.flip,
    )


SCREEN_H = 180.0  # a screen image is drawn 180 mm tall, its width by the aspect ratio
SCREEN_ART = 3.2  # the picture's scale from the tile's design
SCREEN_FRAME = (176.0, 112.0)  # the frame around the picture, its line's outer edges
SCREEN_LINE = 1.6  # the frame's line
SCREEN_NAME = 17.0  # the name's size
SCREEN_GAP = 14.0  # between the frame and the name's capitals


def screen_tile(move: str, number: int, screen: DigitalLayout) -> Drawing:
    """A movement tile for a shared screen: the picture large and high-contrast in a frame,
    the name below; frame and name together centred on the screen, the picture in its frame."""
    width = SCREEN_H * screen.width_px / screen.height_px
    name_h = cap_height(SCREEN_NAME, "bold")
    frame_w, frame_h = SCREEN_FRAME
    top = (SCREEN_H - (frame_h + SCREEN_GAP + name_h)) / 2
    cx, cy = width / 2, top + frame_h / 2
    art = Group(
        tuple(movement_art(move, screen.ink, screen.background)),
        translate(cx, cy) @ scale(SCREEN_ART) @ translate(-ART[0], -ART[1]),
    )
    shapes: list[Shape] = [
        Rect(0, 0, width, SCREEN_H, Style(stroke=None, fill=screen.background)),
        Rect(
            cx - frame_w / 2 + SCREEN_LINE / 2,
            top + SCREEN_LINE / 2,
            frame_w - SCREEN_LINE,
            frame_h - SCREEN_LINE,
            Style(stroke=screen.accent, width=SCREEN_LINE),
            rx=10,
        ),
        art,
        text(
            cx,
            top + frame_h + SCREEN_GAP + name_h / 2,
            apart(screen.labels.move(move)),
            SCREEN_NAME,
            width - 20,
            screen.accent,
            weight="bold",
        ),
    ]
    return Drawing(width, SCREEN_H, tuple(shapes), title=f"movement tile {number}: {move}")
