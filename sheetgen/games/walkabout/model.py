"""Walkabout's layout models: map sheets, the three dice, the dice mat, and game records."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from sheetgen.registry import Colour, LayoutBase, Section

Symbol = Literal["spear", "boomerang", "emu", "kangaroo", "waterhole"]
SYMBOLS: tuple[Symbol, ...] = ("spear", "boomerang", "emu", "kangaroo", "waterhole")
WEAPONS = ("spear", "boomerang")
ANIMALS = ("emu", "kangaroo")
Facing = Literal["N", "NE", "SE", "S", "SW", "NW"]
Turn = Literal["F", "L", "R", "HL", "HR"]  # forward, 60° left/right, 120° (hard) left/right


class PlacedSymbol(Section):
    """A symbol in a space [q, v], pointing one of six ways (waterholes point nowhere)."""

    symbol: Symbol
    space: tuple[int, int]
    facing: Facing | None = None


class MapSheetStyle(Section):
    """Sizes (mm) and colours of a map sheet."""

    width: float = Field(194.0, ge=100, le=400)
    height: float = Field(263.0, ge=100, le=400)
    grid_line: Colour = "#b9ad98"
    path: Colour = "#2a2622"
    ink: Colour = "#2a2622"
    accent: Colour = "#b4532a"
    paper: Colour = "#fbf6ea"


class MapLayout(LayoutBase):
    """A map sheet: triangular grid, yesterday's path, pre-printed symbols, stars, scoring box."""

    game: Literal["walkabout"]
    component: Literal["map"]
    sheet_number: int = Field(ge=1, le=4)
    columns: int = Field(ge=5, le=40, description="node columns (vertical grid lines)")
    rows: int = Field(ge=4, le=40, description="edges from the top of the grid to the bottom")
    edge: float = Field(11.0, ge=5, le=25, description="edge length in mm")
    path: list[tuple[int, int]] = Field(
        min_length=2,
        description="yesterday's path as nodes "
        "[q, v], from the southern edge to the current location",
    )
    symbols: list[PlacedSymbol] = Field(default_factory=list)
    stars: list[tuple[int, int]] = Field(default_factory=list, description="star nodes [q, v]")
    star_circles: int = Field(8, ge=1, le=12)
    rules: list[str] = Field(default_factory=list, max_length=14)
    sheet: MapSheetStyle = MapSheetStyle()


class Face(Section):
    """A die face: its movement (turns, the first one F) and its symbol ('?' for any)."""

    move: list[Turn] = Field(min_length=1, max_length=6)
    symbol: Symbol | Literal["?"]


class Die(Section):
    name: str = Field(min_length=1, max_length=12)
    colour: Colour
    ink: Colour
    faces: list[Face] = Field(min_length=1, max_length=6)


class DiceLayout(LayoutBase):
    """The three custom dice, the face art sheet and the dice mat."""

    game: Literal["walkabout"]
    component: Literal["dice"]
    dice: list[Die] = Field(min_length=1, max_length=3)
    face_size: float = Field(16.0, ge=10, le=40, description="die face size in mm")


class MatLayout(LayoutBase):
    """The dice mat: every face's movement drawn large, forward marked ↖."""

    game: Literal["walkabout"]
    component: Literal["mat"]
    dice: str = Field("walkabout/dice", description="the dice layout it shows")
    title: str = Field("Dice mat", max_length=40)


class GameRecord(LayoutBase):
    """A finished sheet: the map it was played on, the whole path, what was drawn, stars used."""

    game: Literal["walkabout"]
    component: Literal["game"]
    map: str = Field(description="the map layout played on, e.g. walkabout/map-1")
    path: list[tuple[int, int]] = Field(min_length=2)
    symbols: list[PlacedSymbol] = Field(default_factory=list)
    stars_used: int = Field(0, ge=0, le=50)
    player: str = Field("", max_length=40)
