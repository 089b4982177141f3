"""Scrumpit's layout models: the board with its four home Scrump Zones, the letter bags, the
score pad, a game record for scoring, and every word the sheets print."""

from __future__ import annotations

from typing import Annotated, Literal

from sheetgen.kinds import tile_sizes_of, tile_sizes_said
from sheetgen.model.base import Colour as Hex
from sheetgen.model.base import LayoutBase, PageLabels, Section, TileSizes
from sheetgen.model.tables import Key, key_check

Colour = Literal["yellow", "blue", "red", "green"]
Side = Literal["north", "east", "south", "west"]
COLOURS: tuple[Colour, ...] = ("yellow", "blue", "red", "green")
# mm: the smallest board cell (and tile) whose letters and numbers print at 6 pt
MIN_CELL = tile_sizes_of("scrumpit/tiles")[0]


class ScrumpitLabels(PageLabels):
    """Every word Scrumpit's sheets print (and the press's), English by default."""

    yellow: str = Key(default="YELLOW", max_length=16, description="the yellow bag and zone")
    blue: str = Key(default="BLUE", max_length=16)
    red: str = Key(default="RED", max_length=16)
    green: str = Key(default="GREEN", max_length=16)
    home: str = Key(default="HOME", max_length=16, description="under each zone's colour")
    title: str = Key(default="SCRUMPIT", max_length=20)
    words_read: str = Key(default="Words read", max_length=24)
    left_to_right: str = Key(default="left to right", max_length=24)
    top_to_bottom: str = Key(default="top to bottom", max_length=24)
    cells: str = Key(default="cells {size} mm", max_length=30, description="keeps {size}")
    pencil: str = Key(
        default="for pencil play, not the {tiles} mm tiles",
        max_length=50,
        description="under a shrunk board's cell size; keeps {tiles}",
    )
    caption: str = Key(
        default="Scrumpit board, cells {size} mm", max_length=60, description="keeps {size}"
    )
    bag: str = Key(
        default="{colour} BAG: {count} tiles",
        max_length=40,
        description="keeps {colour} and {count}",
    )
    table_bag: str = Key(
        default="{colour} bag",
        max_length=30,
        description="a bag's name on a digital table; keeps {colour}",
    )
    totals: str = Key(default="Totals", max_length=20, description="under a recorded game's board")
    pad_title: str = Key(default="SCRUMPIT — SCORE PAD", max_length=40)
    pad_note: str = Key(default="each turn: points, then the running total", max_length=60)
    game: str = Key(default="Game {n}", max_length=20, description="keeps {n}")
    started_by: str = Key(default="started by", max_length=20)
    name: str = Key(default="name", max_length=12)
    turn: str = Key(default="turn", max_length=10)
    points: str = Key(default="points", max_length=12)
    total: str = Key(default="total", max_length=12)
    rack: str = Key(default="rack −", max_length=12)
    rack_note: str = Key(
        default="rack −: value of tiles left on the rack (none for whoever reached the Apex Star)",
        max_length=90,
        description="what the rack row takes off, beside each game's title",
    )
    game_total: str = Key(default="game total", max_length=14)
    match: str = Key(default="match total", max_length=14, description="the games so far added up")
    page_rows: str = Key(
        default="ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        min_length=26,
        max_length=26,
        description="the letter of each row of tiled board pages, top to bottom",
    )
    page_name: str = Key(
        default="{row}{column}", max_length=12, description="keeps {row}, {column}"
    )
    page_heading: str = Key(
        default="page {page} of {count} ({rows} rows × {columns} columns)",
        max_length=80,
        description="keeps {page}, {count}, {rows} and {columns}",
    )
    page_keep: str = Key(
        default="Keep this page whole: the pages right of it and below it are laid over its edges.",
        max_length=120,
    )
    page_over_left: str = Key(
        default="Cut along the dashed line on the left and lay this edge over page {page}.",
        max_length=120,
        description="keeps {page}",
    )
    page_over_top: str = Key(
        default="Cut along the dashed line at the top and lay this edge over page {page}.",
        max_length=120,
        description="keeps {page}",
    )
    page_marks: str = Key(
        default="Line up the ⊕ marks and the board across each overlap.", max_length=120
    )
    page_unmarked: str = Key(
        default="Line up the grid lines across each overlap.",
        max_length=120,
        description="on a page with no ⊕ marks",
    )
    page_map: str = Key(default="Where the pages go", max_length=40)

    @key_check("page_rows")
    @classmethod
    def _distinct_rows(cls, value: str) -> str:
        if len(set(value)) != len(value):
            raise ValueError("must hold 26 different characters, one a row of pages")
        return value

    def colour(self, bag: str) -> str:
        """The printed name of a bag's colour."""
        return str(getattr(self, bag))


class Zone(Section):
    """A home Scrump Zone: whose it is, which side of the board, and its colour."""

    colour: Colour = Key(description="the bag colour whose home zone it is")
    side: Side = Key(description="the side of the board it lies on: north, east, south or west")
    fill: Hex = Key(description="the zone's ground, #rrggbb")


class BoardLayout(LayoutBase):
    """The central board and the four triangular home zones, rows 1 (by the board) to 7."""

    game: Literal["scrumpit"]
    component: Literal["board"]
    labels: ScrumpitLabels = ScrumpitLabels()
    size: int = Key(default=15, ge=5, le=25, description="central board: size x size cells")
    cell: float = Key(default=19.0, ge=MIN_CELL, le=40, description="a board square's side, in mm")
    row_cells: list[int] = Key(description="cells in home rows 1 to 7 (row 7 is the Apex Star)")
    zones: list[Zone] = Key(
        min_length=1, max_length=4, description="the home Scrump Zones, one to four"
    )
    fit: bool = Key(default=False, description="scale the board to fit one page instead of tiling")
    overlap: float = Key(default=12.0, ge=5, le=40, description="overlap between tiled pages, mm")


class Letter(Section):
    letter: str = Key(pattern=r"^[A-Z]$", description="the letter, A to Z")
    value: int = Key(ge=0, le=20, description="points the letter scores")
    count: int = Key(ge=1, le=20, description="tiles of this letter in each bag")


class TilesLayout(LayoutBase):
    """The letters of each colour bag (the same letters in every colour) and their values."""

    game: Literal["scrumpit"]
    component: Literal["tiles"]
    labels: ScrumpitLabels = ScrumpitLabels()
    letters: list[Letter] = Key(
        min_length=1, max_length=26, description="each letter: its points and how many a bag holds"
    )
    size: Annotated[float, TileSizes("scrumpit/tiles")] = Key(
        default=19.0, description=f"tile size in mm: {tile_sizes_said('scrumpit/tiles')}"
    )
    bleed: float = Key(
        default=0.0,
        ge=0,
        le=5,
        description="mm of each tile's colour printed beyond its cut, for a print shop that "
        "asks for bleed (--bleed sets it for one build)",
    )
    colours: dict[Colour, Hex] = Key(description="tile colour of each bag")

    def values(self) -> dict[str, int]:
        return {x.letter: x.value for x in self.letters}


class PadLayout(LayoutBase):
    """A running-total score pad: several games, 2 to 4 players, a rack deduction each game and
    the match total so far."""

    game: Literal["scrumpit"]
    component: Literal["scorepad"]
    labels: ScrumpitLabels = ScrumpitLabels()
    tiles: str = Key(
        default="scrumpit/tiles", description="the tile set whose bag colours head columns"
    )
    players: int = Key(
        default=4, ge=2, le=4, description="columns for the first N bags in play order"
    )
    games: int = Key(default=4, ge=1, le=8, description="games the pad scores")
    turns: int = Key(default=16, ge=4, le=30, description="turn rows in each game")


class LaidLetter(Section):
    """One letter laid this turn: where (board cells 0-14, zones beyond) and what."""

    __schema_name__ = "Placement"  # its definition's name in `sheetgen schema`, kept as it was

    letter: str = Key(pattern=r"^[A-Z]$", description="the letter laid, A to Z")
    at: tuple[int, int] = Key(
        description="the cell [column, row] it is laid on (board cells 0 to 14, zones beyond)"
    )


class Turn(Section):
    """One turn: the letters laid, the cells scrumped first, or the letters exchanged instead
    (which forfeits the turn; a turn with neither is no move the rulebook allows)."""

    player: Colour = Key(description="the bag colour of the player whose turn it is")
    tiles: list[LaidLetter] = Key(default_factory=list, description="the letters laid this turn")
    scrumped: list[tuple[int, int]] = Key(
        default_factory=list, description="cells whose letters were taken first"
    )
    exchanged: str = Key(
        default="",
        pattern=r"^[A-Z]*$",
        max_length=7,
        description="letters put back in the bag for new ones instead of playing (up to 2)",
    )


class GameRecord(LayoutBase):
    """A game turn by turn, in play order from the starter; who reached their Apex Star and
    ended it, and the rack left to each other player then (racks are deducted at the end)."""

    game: Literal["scrumpit"]
    component: Literal["game"]
    labels: ScrumpitLabels = ScrumpitLabels()
    board: str = Key(default="scrumpit/standard", description="the board layout played on")
    tiles: str = Key(default="scrumpit/tiles", description="the tile set played with")
    turns: list[Turn] = Key(min_length=1, description="every turn, in play order from the starter")
    finisher: Colour | None = Key(
        default=None,
        description="the bag colour of the player who reached their Apex Star and ended the game",
    )
    racks: dict[Colour, str] = Key(
        default_factory=dict,
        description="letters left on each rack at the end (only once a player has finished)",
    )
