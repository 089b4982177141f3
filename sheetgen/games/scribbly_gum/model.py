"""Scribbly Gum's layout models: the tree diagram sheet, the two-sided pad, and the tiles."""

from __future__ import annotations

import string
from typing import Annotated, Literal

from sheetgen.kinds import tile_sizes_of, tile_sizes_said
from sheetgen.model.base import (
    SCREEN_CREDIT,
    AlignmentLabels,
    Colour,
    LayoutBase,
    Section,
    TileSizes,
    paints,
)
from sheetgen.model.paper import BOTH_PAPERS
from sheetgen.model.tables import Key, key_check, table_check

Food = Literal["nut", "leaf", "blossom"]
FOODS: tuple[Food, ...] = ("nut", "leaf", "blossom")
# what a tree circle holds: the rulebook's circle types (1 to 3 of a food, or a wild circle
# of any one food) and the four filled-in start circles around the moth; no circle is blank
Content = Literal["nut", "leaf", "blossom", "wild", "start"]
GridIndex = Annotated[int, Key(ge=0, le=40)]
_FORMATTER = string.Formatter()


class ScribblyGumLabels(AlignmentLabels):
    """Every word and letter Scribbly Gum prints, in English unless a layout's `[labels]` table
    says otherwise: on the tree sheet, on the tiles and on the screen tiles."""

    game: str = Key(
        default="Scribbly Gum", min_length=1, max_length=24, description="the game's name"
    )
    side: str = Key(default="{side} side", max_length=30, description="keeps {side}")
    meal_tracker: str = Key(default="MEAL TRACKER", max_length=20)
    meals: str = Key(default="meals", max_length=8, description="over the tracker's meal numbers")
    bonus: str = Key(default="bonus", max_length=8, description="beside the column bonuses")
    name: str = Key(default="Name", max_length=12, description="the player's name line")
    total_meals: str = Key(default="total meals", max_length=24)
    round: str = Key(default="round {n}", max_length=14, description="keeps {n}")
    column_bonus: str = Key(default="column bonus", max_length=14)
    advanced: str = Key(default="advanced game", max_length=24)
    achievements: str = Key(default="achievements", max_length=24)
    final_score: str = Key(default="final score", max_length=16)
    letter_a: str = Key(default="A", min_length=1, max_length=2, description="first achievement")
    letter_b: str = Key(default="B", min_length=1, max_length=2, description="second achievement")
    letter_c: str = Key(default="C", min_length=1, max_length=2, description="third achievement")
    left: str = Key(default="LEFT", min_length=1, max_length=14, description="a movement tile")
    right: str = Key(default="RIGHT", min_length=1, max_length=14)
    up: str = Key(default="UP", min_length=1, max_length=14)
    down: str = Key(default="DOWN", min_length=1, max_length=14)
    left_right: str = Key(default="LEFT / RIGHT", min_length=1, max_length=14)
    up_down: str = Key(default="UP / DOWN", min_length=1, max_length=14)
    dotted: str = Key(default="DOTTED LINE", min_length=1, max_length=14)
    gold_side: str = Key(default="gold side: first to score", max_length=30)
    silver_side: str = Key(default="silver side", max_length=30)

    def move(self, move: str) -> str:
        """The name printed on a movement tile ('left/right' -> the left_right label)."""
        return str(getattr(self, move.replace("/", "_")))

    @property
    def letters(self) -> tuple[str, str, str]:
        """The three achievement letters of the score strip."""
        return (self.letter_a, self.letter_b, self.letter_c)


class TreeCircle(Section):
    """A circle of the tree: its id, grid point (column, row; row 0 at the top) and content."""

    id: str = Key(
        pattern=r"^[A-Za-z0-9_]{1,12}$",
        description="the circle's name, used by lines and records, e.g. 'c4'",
    )
    at: tuple[GridIndex, GridIndex] = Key(description="grid column and row (row 0 is the top)")
    food: Content = Key(description="nut, leaf or blossom (with count), wild or start")
    count: int = Key(default=1, ge=1, le=3, description="how many of the food (1 to 3)")

    @table_check
    def _count_only_for_food(self) -> TreeCircle:
        if self.food not in FOODS and self.count != 1:
            raise ValueError(f"count is for nut, leaf or blossom circles, not {self.food}")
        return self


class Dotted(Section):
    """A dotted shortcut between two circles, drawn as a curve bowed by `bend` (grid units)."""

    ends: tuple[str, str] = Key(description="the ids of the two circles it joins")
    bend: float = Key(
        default=0.35,
        ge=-3,
        le=3,
        description="how far the line bows out, as a share of its length (0 straight; the "
        "sign picks the side)",
    )


class Palette(Section):
    """The sheet's colours (the rulebook: light grey tree, dark grey tracker, green score strip).
    The three foods stay apart for colour-blind players too (and each has its own shape); the
    bark under each path is dark enough to show on the tree in greyscale yet light enough that a
    player's black or dark blue pen line stands out on it."""

    tree: Colour = paints("#e4e6e3", "the tree panel behind the circles")
    tracker: Colour = paints("#4d5250", "the meal tracker's panel")
    score: Colour = paints(
        "#467a37",
        "the game's name, the tracker's bonus circles, the score strip's signs and name label",
    )
    strip: Colour = paints(
        "#d3e2cc",
        "the score strip's ground: a light green, so a sheet printed again and again spends "
        "little ink and its dark captions read",
    )
    ink: Colour = paints(
        "#2b2f2d",
        "the circles' outlines, the start circle, the dotted lines and the score captions",
    )
    line: Colour = paints("#ffffff", "the solid lines between circles")
    bark: Colour = paints("#b0a58e", "the wide soft stroke under each solid line (the branches)")
    leaf: Colour = paints(
        "#11501b",
        "the leaf food symbols (in circles, on the tracker and on tiles)",
    )
    nut: Colour = paints(
        "#be986e",
        "the nut food symbols (in circles, on the tracker and on tiles)",
    )
    blossom: Colour = paints(
        "#b2027f",
        "the blossom food symbols (in circles, on the tracker and on tiles)",
    )
    achievement: Colour = paints(
        "#f2c230",
        "the ring round a wild circle, the achievement score circles and the letter tiles' ground",
    )


class Tracker(Section):
    """The meal tracker: meals beside each of the 15 rows, and the rows whose circle has arrows."""

    meals: list[int] = Key(
        min_length=15, max_length=15, description="the meal number printed beside rows 1 to 15"
    )
    arrows: dict[Food, list[int]] = Key(
        description="for each food, the rows (1-15) whose "
        "tracker circle carries four arrows (an extra move)"
    )
    column_bonus: int = Key(
        default=3, ge=0, le=20, description="meals a completed tracker column adds"
    )

    @key_check("arrows")
    @classmethod
    def _rows_in_range(cls, value: dict[Food, list[int]]) -> dict[Food, list[int]]:
        for food, rows in value.items():
            bad = [r for r in rows if not 1 <= r <= 15]
            if bad:
                raise ValueError(f"{food} arrow rows {bad} are outside 1-15")
            if len(set(rows)) != len(rows):
                raise ValueError(f"{food} arrow rows repeat")
        return value


class SheetSize(Section):
    """Sizes in mm: the whole sheet, the grid pitch and circle size, the side panels."""

    width: float = Key(
        default=194.0,
        ge=100,
        le=BOTH_PAPERS[0],
        description=f"sheet width in mm, 100 to {BOTH_PAPERS[0]:g}: it goes onto A4 and Letter "
        "inside 8 mm margins",
    )
    height: float = Key(
        default=248.0,
        ge=100,
        le=BOTH_PAPERS[1],
        description=f"sheet height in mm, 100 to {BOTH_PAPERS[1]:g}: it goes onto A4 and Letter "
        "inside 8 mm margins",
    )
    pitch: float = Key(
        default=14.5,
        ge=6,
        le=30,
        description="distance between grid points, in mm: 6 to 30, as far as the tree area "
        "holds the grid",
    )
    circle: float = Key(
        default=9.6,
        ge=4,
        le=20,
        description="tree circle diameter in mm: 4 to 20, as far as the pitch leaves room for "
        "lines between circles",
    )
    tracker_width: float = Key(
        default=50.0, ge=30, le=80, description="width of the meal tracker panel in mm"
    )
    score_height: float = Key(
        default=38.0, ge=25, le=80, description="height of the score panel in mm"
    )


class TreeLayout(LayoutBase):
    """One side of the Scribbly Gum tree diagram."""

    game: Literal["scribbly-gum"]
    component: Literal["tree"]
    labels: ScribblyGumLabels = ScribblyGumLabels()
    side: str = Key(min_length=1, max_length=30, description="the side's name, e.g. Kuringgai")
    other_side: str | None = Key(
        default=None,
        description="the tree layout printed on the back with --duplex: a name "
        "(scribbly-gum/mooloolah) or a path to a .toml file",
    )
    columns: int = Key(ge=3, le=16, description="grid columns of the tree")
    rows: int = Key(ge=3, le=20, description="grid rows of the tree")
    moth: tuple[GridIndex, GridIndex] = Key(description="grid point of the baby moth picture")
    circles: list[TreeCircle] = Key(
        min_length=5, max_length=400, description="the tree's circles, each on a grid point"
    )
    lines: list[str] = Key(description="solid lines as 'id-id', horizontal or vertical")
    dotted: list[Dotted] = Key(
        default_factory=list, description="dotted shortcut lines between two circles"
    )
    tracker: Tracker = Key(
        description="the meal tracker: meal numbers, column bonus, rows with arrows"
    )
    sheet: SheetSize = Key(default=SheetSize(), description="sizes of the sheet, in mm")
    colours: Palette = Key(default=Palette(), description="the sheet's colours")

    @key_check("lines")
    @classmethod
    def _line_form(cls, value: list[str]) -> list[str]:
        for text in value:
            parts = text.split("-")
            if len(parts) != 2 or not all(parts):
                raise ValueError(f"line {text!r} is not of the form 'id-id', e.g. 'a1-a2'")
        return value


class PadLayout(LayoutBase):
    """A two-sided pad: one tree side on the front of each leaf, the other on the back."""

    game: Literal["scribbly-gum"]
    component: Literal["pad"]
    labels: ScribblyGumLabels = ScribblyGumLabels()
    front: str = Key(
        description="the tree layout on the front: a name (scribbly-gum/kuringgai) or a path "
        "to a .toml file"
    )
    back: str = Key(
        description="the tree layout on the back: a name (scribbly-gum/mooloolah) or a path "
        "to a .toml file"
    )
    leaves: int = Key(
        default=20, ge=1, le=1000, description="leaves in the pad (each printed twice)"
    )


Move = Literal["left", "right", "up", "down", "left/right", "up/down", "dotted"]
AchievementKind = Literal[
    "fill_bottom_row",
    "fill_top_row",
    "reach_both_edges",
    "dotted_lines",
    "big_circles",
    "wild_circles",
    "meals",
    "full_columns",
]
Icon = Literal["roots", "crown", "edges", "dotted", "feast", "wild", "meal", "column"]


class Achievement(Section):
    """An achievement tile: its condition (machine-checkable), icon, and gold and silver values."""

    title: str = Key(
        min_length=1, max_length=24, description="the achievement's name, printed on its tile"
    )
    text: str = Key(min_length=1, max_length=90, description="the condition in words")
    kind: AchievementKind = Key(description="the condition the rules check and score")
    count: int = Key(default=1, ge=1, le=60, description="how many, for conditions that count")
    icon: Icon = Key(description="the picture on the tile")
    gold: int = Key(ge=1, le=20, description="points for the first to meet it (the gold side)")
    silver: int = Key(
        ge=0, le=20, description="points for those who meet it later (the silver side)"
    )

    @table_check
    def _silver_below_gold(self) -> Achievement:
        if self.silver >= self.gold:
            raise ValueError(f"silver ({self.silver}) must be lower than gold ({self.gold})")
        return self


# mm: the smallest tile, whose text is 6 pt and whose art keeps 3 mm off the cut
MIN_TILE = tile_sizes_of("scribbly-gum/tiles")[0]


class TileSheet(Section):
    """Tile printing: size, bleed and colours."""

    size: Annotated[float, TileSizes("scribbly-gum/tiles")] = Key(
        default=45.0,
        description=f"tile size in mm, square: {tile_sizes_said('scribbly-gum/tiles')}",
    )
    bleed: float = Key(
        default=2.0, ge=0, le=5, description="art beyond the cut on each side, in mm"
    )
    back: Colour = paints("#467a37", "the movement tiles' backs")
    gold: Colour = paints("#dba52c", "the gold side of the achievement tiles")
    silver: Colour = paints("#e8ebed", "the silver side of the achievement tiles")
    ink: Colour = paints("#2b2f2d", "the tiles' lines, symbols and text")


class TilesLayout(LayoutBase):
    """The 8 movement tiles, the 8 achievement tiles and the letter tiles."""

    game: Literal["scribbly-gum"]
    component: Literal["tiles"]
    labels: ScribblyGumLabels = ScribblyGumLabels()
    movement: list[Move] = Key(min_length=8, max_length=8, description="the eight movement tiles")
    duplicate_note: str = Key(default="", max_length=200, description="why one kind appears twice")
    achievements: list[Achievement] = Key(
        min_length=1, max_length=8, description="the achievement tiles"
    )
    letters: list[str] = Key(
        default_factory=lambda: ["A", "B", "C"],
        min_length=1,
        max_length=3,
        description="the letters of the achievement tiles in play (A, B, C)",
    )
    sheet: TileSheet = Key(default=TileSheet(), description="tile size and bleed (mm) and colours")


class DigitalLayout(LayoutBase):
    """The movement tiles as screen images for a shared screen or smartboard (16:9)."""

    game: Literal["scribbly-gum"]
    component: Literal["digital"]
    labels: ScribblyGumLabels = ScribblyGumLabels()
    tiles: str = Key(
        default="scribbly-gum/tiles", description="the tiles layout whose deck to show"
    )
    credit: str = Key(default="", max_length=120, description=SCREEN_CREDIT)
    width_px: int = Key(default=1920, ge=320, le=7680, description="image width in pixels")
    height_px: int = Key(default=1080, ge=180, le=4320, description="image height in pixels")
    background: Colour = paints("#17301f", "the screen behind the movement art")
    ink: Colour = paints("#ffffff", "the movement art's lines")
    accent: Colour = paints("#ffd23f", "the frame round the art and the move's name")


Letter = Literal["A", "B", "C"]
ROUNDS, TURNS = 3, 7  # a game is 3 rounds of 7 turns (7 of the 8 movement tiles a round)


class Claim(Section):
    """An achievement a player scored: its letter and the turn at whose end it was met."""

    letter: Letter = Key(description="the achievement's letter tile: A, B or C")
    round: int = Key(ge=1, le=ROUNDS, description="the round (1-3)")
    turn: int = Key(ge=1, le=TURNS, description="the turn of that round (1-7)")


class Counts(Section):
    """How many of each food are filled in on the meal tracker."""

    nut: int = Key(ge=0, le=15, description="nuts on the meal tracker")
    leaf: int = Key(ge=0, le=15, description="leaves on the meal tracker")
    blossom: int = Key(ge=0, le=15, description="blossoms on the meal tracker")

    def as_list(self) -> list[int]:
        """The counts in the tracker's column order (nut, leaf, blossom)."""
        return [self.nut, self.leaf, self.blossom]


class PlayerSheet(Section):
    """One player's finished sheet: either the circles filled each round (with the food each
    wild circle gave and the circles reached along a dotted line) or the meal tracker's counts
    at the end of each round; and the achievements scored (advanced game)."""

    name: str = Key(min_length=1, max_length=40, description="the player's name")
    circles: list[list[str]] | None = Key(
        default=None,
        min_length=ROUNDS,
        max_length=ROUNDS,
        description="the ids of the circles filled in rounds 1, 2 and 3, each round in the order "
        "drawn (start circles left out)",
    )
    wild: dict[str, Food] = Key(
        default_factory=dict, description="the food each filled wild circle gave, by circle id"
    )
    dotted: list[str] = Key(
        default_factory=list, description="the circles reached by drawing along a dotted line"
    )
    tracker: list[Counts] | None = Key(
        default=None,
        min_length=ROUNDS,
        max_length=ROUNDS,
        description="the meal tracker's counts at the end of rounds 1, 2 and 3",
    )
    achievements: list[Claim] = Key(
        default_factory=list,
        max_length=10,
        description="the achievements the player claimed, and when",
    )


class GameRecord(LayoutBase):
    """A finished game of Scribbly Gum: the tree side played, the achievements in play (none in
    the basic game), the movement tiles turned over each turn (if known), each player's sheet,
    and for a solo game the tile turned down each round. `sheetgen scribbly-gum score` scores
    it; `sheetgen build` draws each sheet."""

    game: Literal["scribbly-gum"]
    component: Literal["game"]
    labels: ScribblyGumLabels = ScribblyGumLabels()
    tree: str = Key(
        description="the tree side played: scribbly-gum/kuringgai, scribbly-gum/mooloolah, or a "
        "tree layout file (taken from the record's folder)"
    )
    tiles: str = Key(
        default="scribbly-gum/tiles", description="the tiles layout (its achievements)"
    )
    achievements: list[str] = Key(
        default_factory=list,
        max_length=3,
        description="the titles of the achievement tiles in play, lettered A, B and C in order",
    )
    solo_flips: list[Letter] = Key(
        default_factory=list,
        max_length=ROUNDS,
        description="solo game: the achievement turned down at the start of each round",
    )
    revealed: list[Annotated[list[Move], Key(min_length=TURNS, max_length=TURNS)]] | None = Key(
        default=None,
        min_length=ROUNDS,
        max_length=ROUNDS,
        description="the movement tile turned over on each turn: rounds 1-3, 7 tiles each "
        "(then each sheet's circles are read in turn order and checked against them)",
    )
    players: list[PlayerSheet] = Key(
        min_length=1, max_length=100, description="each player's finished sheet"
    )
