"""Walkabout's layout models: map sheets, the three dice, the dice mat, game records, and every
word they print."""

from __future__ import annotations

import string
from typing import Annotated, Literal

from sheetgen.kinds import tile_sizes_said
from sheetgen.model.base import Colour, LayoutBase, PageLabels, Section, TileSizes, paints
from sheetgen.model.paper import sheet_side_said
from sheetgen.model.tables import Key

Symbol = Literal["spear", "boomerang", "emu", "kangaroo", "waterhole"]
SYMBOLS: tuple[Symbol, ...] = ("spear", "boomerang", "emu", "kangaroo", "waterhole")
WEAPONS = ("spear", "boomerang")
ANIMALS = ("emu", "kangaroo")
Facing = Literal["N", "NE", "SE", "S", "SW", "NW"]
Turn = Literal["F", "L", "R", "HL", "HR"]  # forward, 60° left/right, 120° (hard) left/right
_FORMATTER = string.Formatter()


class WalkaboutLabels(PageLabels):
    """Every word Walkabout prints, in English unless a layout's `[labels]` table says otherwise:
    on the map sheets (their rules and score box), the dice face sheet and the dice mat."""

    # the map sheet's header
    title: str = Key(default="WALKABOUT", min_length=1, max_length=30)
    map_number: str = Key(default="Map {n}", max_length=20, description="keeps {n}")
    name: str = Key(default="Name", max_length=20)
    north: str = Key(
        default="N", min_length=1, max_length=2, description="marks north beside the map"
    )
    intro: str = Key(
        default="Yesterday's path comes in from the south and ends where you stand, facing north.",
        max_length=120,
    )
    # the star track
    stars: str = Key(default="Stars", max_length=20)
    stars_hint: str = Key(
        default="You start with the first. Walk onto a star: fill in the next circle. "
        "Cross one out to take one step any way.",
        max_length=140,
    )
    # the score box: its headings and the scoring rules
    score: str = Key(default="SCORE", max_length=20)
    regions_rule: str = Key(
        default="Regions: score each region one way only, and circle its score in it on the map.",
        max_length=160,
    )
    weapons_rule: str = Key(
        default="• Weapons of one kind, each pointing (over any distance) at a different animal, "
        "the animals all of one kind and in one region;",
        max_length=200,
    )
    animals_rule: str = Key(
        default="• or animals of one kind, each pointing to or away from a different waterhole, "
        "the waterholes all in one region:",
        max_length=200,
    )
    ladder_rule: str = Key(
        default="the 1st scores 0, the 2nd 1, the 3rd and every one after it 2 each.",
        max_length=120,
    )
    kinds_rule: str = Key(
        default="• Or 4 kinds of symbol in it: 1 point; all 5 kinds: 3 points.", max_length=120
    )
    symbols_rule: str = Key(
        default="Symbols: for each kind, your most in any one region. Solo: ½ point each. With "
        "others: 1 point each, only if no one has a region with more.",
        max_length=200,
    )
    stars_rule: str = Key(default="Stars: 1 point for each star you still have.", max_length=100)
    total: str = Key(default="TOTAL", max_length=20)
    # the map sheet's rules column
    day_heading: str = Key(default="EACH DAY", max_length=30)
    day_roll: str = Key(default="1 Roll all three dice.", max_length=200)
    day_move: str = Key(
        default="2 Move: walk one die's whole movement, or all of it but its first forward step "
        "(turn the sheet so you face along the arrow on the dice mat). Stay on the map and "
        "never walk along your path again; crossing it at a node is fine. If no die can move "
        "you, you may stay. Or cross out a star to take one step any way.",
        max_length=400,
    )
    day_find: str = Key(
        default="3 Find: draw each die's symbol (? = any one you like) in an empty space touching "
        "where you stand or today's path, even only at a corner. Weapons and animals point "
        "along a grid line; a waterhole points nowhere.",
        max_length=400,
    )
    day_quit: str = Key(
        default="4 Quit? You may stop after any step. On a day you draw nothing, neither path nor "
        "symbol, you must.",
        max_length=300,
    )
    end_heading: str = Key(default="THE END", max_length=30)
    end_rule: str = Key(
        default="When a player quits, everyone else plays on to the end of the 5th day after that, "
        "then quits too. Then all score; the highest total wins.",
        max_length=300,
    )
    # the dice face sheet
    dice_sheet: str = Key(
        default="Walkabout dice, {size} mm faces: cut out each die's faces at the crop marks, "
        "cut them apart on the thin lines between them, and tape one face to each side of "
        "a blank die.",
        max_length=200,
        description="keeps {size}",
    )
    # the dice mat
    mat_heading: str = Key(
        default="WALKABOUT — {title}", max_length=60, description="keeps {title}"
    )
    mat_put: str = Key(default="Put each die in its column, on the face it rolled.", max_length=120)
    mat_turn: str = Key(
        default="Turn your map so the way you face points along the arrow: each drawing then shows "
        "where that die takes you (○ is where you stand).",
        max_length=200,
    )
    mat_point: str = Key(
        default="Symbols are drawn here pointing up the page (a spear along its blade, a "
        "boomerang toward its bend, tracks the way they walk); on your map, point each along "
        "any grid line.",
        max_length=200,
        description="which way each symbol points, as the mat draws them all pointing up",
    )
    die_name: str = Key(default="{name} die", max_length=30, description="keeps {name}")
    # the symbols, as the mat names them
    spear: str = Key(default="spear", max_length=20)
    boomerang: str = Key(default="boomerang", max_length=20)
    emu: str = Key(default="emu", max_length=20)
    kangaroo: str = Key(default="kangaroo", max_length=20)
    waterhole: str = Key(default="waterhole", max_length=20)
    any_symbol: str = Key(default="any symbol", max_length=20)

    def symbol_name(self, kind: str) -> str:
        """A symbol's name ('?' is 'any symbol')."""
        return self.any_symbol if kind == "?" else str(getattr(self, kind))


class SymbolInks(Section):
    """The colours symbols are printed in: a player tells weapons, animals and waterholes apart
    by colour as well as by shape."""

    weapons: Colour = paints("#2a2622", "the weapon symbols")
    animals: Colour = paints("#b4532a", "the animal symbols")
    waterholes: Colour = paints("#2f6c9a", "the waterhole symbols")
    any: Colour = paints("#2a2622", "the '?' symbol (any kind)")

    def of(self, kind: str) -> str:
        """The colour of one symbol kind ('?' included)."""
        if kind in WEAPONS:
            return self.weapons
        if kind in ANIMALS:
            return self.animals
        return self.waterholes if kind == "waterhole" else self.any


class PlacedSymbol(Section):
    """A symbol in a space [q, v], pointing one of six ways (waterholes point nowhere); in a
    game record, with the day it was found when the record gives its days."""

    symbol: Symbol = Key(description="which symbol: spear, boomerang, emu, kangaroo or waterhole")
    space: tuple[int, int] = Key(
        description="the triangle [q, v] it is drawn in: between node columns q and q+1, "
        "centred at half-step v"
    )
    facing: Facing | None = Key(
        default=None, description="the way it points (N, NE, SE, S, SW, NW); none for a waterhole"
    )
    day: int | None = Key(
        default=None,
        ge=1,
        le=1000,
        description="in a game record: the day it was found (1 = first)",
    )


class MapSheetStyle(Section):
    """Sizes (mm) and colours of a map sheet."""

    width: float = Key(
        default=194.0, ge=100, le=400, description=sheet_side_said("width", 100, 400)
    )
    height: float = Key(
        default=250.5, ge=100, le=400, description=sheet_side_said("height", 100, 400)
    )
    grid_line: Colour = paints("#b9ad98", "the triangular grid's thin lines")
    path: Colour = paints("#2a2622", "yesterday's path, printed on the map")
    ink: Colour = paints("#2a2622", "the map's border, its text and the stars' outlines")
    accent: Colour = paints("#b4532a", "the title and the score box's headings")
    paper: Colour = paints("#fbf6ea", "the score box's ground")
    star: Colour = paints("#f2c230", "the stars, on the map and in the score box")
    pen: Colour = paints("#666666", "a finished game's handwriting: path and scores")
    symbols: SymbolInks = Key(
        default=SymbolInks(), description="the colours symbols are printed in"
    )


class MapLayout(LayoutBase):
    """A map sheet: triangular grid, yesterday's path, pre-printed symbols, stars, scoring box."""

    game: Literal["walkabout"]
    component: Literal["map"]
    sheet_number: int = Key(
        ge=1, le=999, description="the map's number, printed in its header ('Map 2')"
    )
    columns: int = Key(ge=5, le=40, description="node columns (vertical grid lines)")
    rows: int = Key(ge=4, le=40, description="edges from the top of the grid to the bottom")
    edge: float = Key(
        default=10.3,
        ge=5,
        le=25,
        description="a grid triangle's side (node to node), in mm: 5 to 25, as far as the "
        "sheet holds the grid with the title, star track, score box and rules",
    )
    path: list[tuple[int, int]] = Key(
        min_length=2,
        description="yesterday's path as nodes "
        "[q, v], from the southern edge to the current location",
    )
    symbols: list[PlacedSymbol] = Key(
        default_factory=list, description="symbols printed on the map before play"
    )
    stars: list[tuple[int, int]] = Key(default_factory=list, description="star nodes [q, v]")
    star_circles: int = Key(
        default=9,
        ge=1,
        le=12,
        description="circles of the star track: one to start, one a map star",
    )
    sheet: MapSheetStyle = Key(
        default=MapSheetStyle(), description="sizes (mm) and colours of the map sheet"
    )
    labels: WalkaboutLabels = WalkaboutLabels()


class Face(Section):
    """A die face: its movement (turns, the first one F) and its symbol ('?' for any)."""

    move: list[Turn] = Key(
        min_length=1,
        max_length=6,
        description="the movement: turns in order (F forward, L/R 60 degrees left/right, "
        "HL/HR 120 degrees), the first one F",
    )
    symbol: Symbol | Literal["?"] = Key(
        description="the symbol found with this face, or '?' for any"
    )


class Die(Section):
    name: str = Key(min_length=1, max_length=12, description="the die's name, printed on the mat")
    colour: Colour = Key(description="the faces' ground, #rrggbb")
    ink: Colour = Key(description="the faces' movements, symbols and numbers, #rrggbb")
    faces: list[Face] = Key(min_length=1, max_length=6, description="its faces, one to six")


class DiceLayout(LayoutBase):
    """The three custom dice: the face sheet to cut out, and each face alone as an image."""

    game: Literal["walkabout"]
    component: Literal["dice"]
    dice: list[Die] = Key(min_length=1, max_length=3, description="the custom dice, one to three")
    face_size: Annotated[float, TileSizes("walkabout/dice")] = Key(
        default=16.0, description=f"die face size in mm: {tile_sizes_said('walkabout/dice')}"
    )
    labels: WalkaboutLabels = WalkaboutLabels()


class MatLayout(LayoutBase):
    """The dice mat: every face's movement drawn large, forward marked by an arrow."""

    game: Literal["walkabout"]
    component: Literal["mat"]
    dice: str = Key(default="walkabout/dice", description="the dice layout it shows")
    title: str = Key(default="Dice mat", max_length=40, description="the mat's heading")
    ink: Colour = paints("#2a2622", "the movements and the faces' numbers and names")
    accent: Colour = paints("#b4532a", "the heading and the forward arrow")
    paper: Colour = paints("#fbf6ea", "each face's cell")
    grid_line: Colour = paints("#b9ad98", "the grid points each movement is drawn on")
    symbols: SymbolInks = Key(
        default=SymbolInks(), description="the colours symbols are printed in"
    )
    labels: WalkaboutLabels = WalkaboutLabels()


class GameRecord(LayoutBase):
    """A finished sheet: the map it was played on, the whole path, what was drawn, stars used;
    optionally the steps walked each day (with each symbol's day), so that each day's walk and
    finds can be checked against the rules."""

    game: Literal["walkabout"]
    component: Literal["game"]
    map: str = Key(
        description="the map layout played on: a built-in name (walkabout/map-1) or a file, "
        "taken from the record's folder"
    )
    dice: str = Key(
        default="walkabout/dice", description="the dice played with (for the days' walks)"
    )
    path: list[tuple[int, int]] = Key(
        min_length=2, description="the whole path walked, as nodes [q, v] from the southern edge"
    )
    days: list[Annotated[int, Key(ge=0, le=60)]] = Key(
        default_factory=list,
        max_length=1000,
        description="the steps walked each day after yesterday, in order (0 on a day you stayed)",
    )
    symbols: list[PlacedSymbol] = Key(
        default_factory=list, description="every symbol drawn during the game"
    )
    stars_used: int = Key(default=0, ge=0, le=50, description="stars crossed out to take a step")
    player: str = Key(
        default="", max_length=40, description="the player's name, written on the sheet"
    )
    labels: WalkaboutLabels = WalkaboutLabels()
