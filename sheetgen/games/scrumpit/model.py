"""Scrumpit's layout models: the board with its four home Scrump Zones, the letter bags, the
score pad, and a game record for scoring."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from sheetgen.registry import Colour as Hex
from sheetgen.registry import LayoutBase, Section

Colour = Literal["yellow", "blue", "red", "green"]
Side = Literal["north", "east", "south", "west"]
COLOURS: tuple[Colour, ...] = ("yellow", "blue", "red", "green")


class Zone(Section):
    """A home Scrump Zone: whose it is, which side of the board, and its colour."""

    colour: Colour
    side: Side
    fill: Hex


class BoardLayout(LayoutBase):
    """The central board and the four triangular home zones, rows 1 (by the board) to 7."""

    game: Literal["scrumpit"]
    component: Literal["board"]
    size: int = Field(15, ge=5, le=25, description="central board: size x size cells")
    cell: float = Field(19.0, ge=4, le=40, description="cell size in mm")
    row_cells: list[int] = Field(description="cells in home rows 1 to 7 (row 7 is the Apex Star)")
    zones: list[Zone] = Field(min_length=1, max_length=4)
    fit: bool = Field(False, description="scale the board to fit one page instead of tiling")
    overlap: float = Field(12.0, ge=5, le=40, description="overlap between tiled pages, mm")


class Letter(Section):
    letter: str = Field(pattern=r"^[A-Z]$")
    value: int = Field(ge=0, le=20)
    count: int = Field(ge=1, le=20, description="tiles of this letter in each bag")


class TilesLayout(LayoutBase):
    """The letters of each colour bag (the same letters in every colour) and their values."""

    game: Literal["scrumpit"]
    component: Literal["tiles"]
    letters: list[Letter] = Field(min_length=1, max_length=26)
    size: float = Field(19.0, ge=10, le=40, description="tile size in mm")
    colours: dict[Colour, Hex] = Field(description="tile colour of each bag")

    def values(self) -> dict[str, int]:
        return {x.letter: x.value for x in self.letters}


class PadLayout(LayoutBase):
    """A running-total score pad: several games, 2 to 4 players, a rack deduction each game."""

    game: Literal["scrumpit"]
    component: Literal["scorepad"]
    players: int = Field(4, ge=2, le=4)
    games: int = Field(4, ge=1, le=8)
    turns: int = Field(16, ge=4, le=30, description="turn rows in each game")


class Placement(Section):
    """One letter laid this turn: where (board cells 0-14, zones beyond) and what."""

    letter: str = Field(pattern=r"^[A-Z]$")
    at: tuple[int, int]


class Turn(Section):
    player: Colour
    tiles: list[Placement] = Field(default_factory=list)
    scrumped: list[tuple[int, int]] = Field(
        default_factory=list, description="cells whose letters were taken first"
    )


class GameRecord(LayoutBase):
    """A game turn by turn, for scoring; the rack left to each player at the end."""

    game: Literal["scrumpit"]
    component: Literal["game"]
    board: str = "scrumpit/standard"
    tiles: str = "scrumpit/tiles"
    turns: list[Turn] = Field(min_length=1)
    finisher: Colour | None = None
    racks: dict[Colour, str] = Field(
        default_factory=dict, description="letters left on each rack at the end"
    )
