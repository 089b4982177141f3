"""Scrumpit's rules: board checks, tile-bag checks, laying a turn and scoring words in the home
zones (the referee of whole games is `referee.py`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from sheetgen.colour_sight import alike_findings
from sheetgen.findings import Finding, error
from sheetgen.games.scrumpit.model import (
    COLOURS,
    BoardLayout,
    Colour,
    GameRecord,
    Side,
    TilesLayout,
    Turn,
)

Cell = tuple[int, int]
HOME_ROWS = 7
HIGH = {"Q": 12, "Z": 10, "X": 10, "J": 10}


BOARD_SIZE = 15  # the central board's rows and columns (the rulebook's 15 x 15)


def zone_cells(layout: BoardLayout) -> dict[Cell, tuple[str, int]]:
    """Every home-zone cell: its owner's colour and its row (1 by the board, 7 the apex)."""
    n = layout.size
    out: dict[Cell, tuple[str, int]] = {}
    for zone in layout.zones:
        for r, width in enumerate(layout.row_cells, start=1):
            start = (n - width) // 2
            for k in range(start, start + width):
                cell = {
                    "south": (k, n - 1 + r),
                    "north": (k, -r),
                    "east": (n - 1 + r, k),
                    "west": (-r, k),
                }[zone.side]
                out[cell] = (zone.colour, r)
    return out


def check_board(layout: BoardLayout) -> list[Finding]:
    """15 x 15 with four zones of rows 1-7, the apex at 7, one a side."""
    out: list[Finding] = []
    if layout.size != BOARD_SIZE:
        out.append(
            error(
                "size", f"the central board is {layout.size} x {layout.size}; Scrumpit's is 15 x 15"
            )
        )
    if len(layout.row_cells) != HOME_ROWS:
        out.append(
            error(
                "row_cells",
                f"{len(layout.row_cells)} home rows; a Scrump Zone has rows 1 to {HOME_ROWS}",
            )
        )
    elif layout.row_cells[-1] != 1:
        out.append(error("row_cells[6]", "row 7 is the Apex Star: one cell"))
    for i in range(1, len(layout.row_cells)):
        if layout.row_cells[i] > layout.row_cells[i - 1]:
            out.append(
                error(
                    f"row_cells[{i}]",
                    f"a zone narrows towards its apex: row {i + 1} is wider than row {i}",
                )
            )
    for i, w in enumerate(layout.row_cells):
        if w > layout.size or w < 1 or w % 2 != layout.size % 2:
            out.append(
                error(
                    f"row_cells[{i}]",
                    f"row {i + 1} has {w} cells; it must be 1 to "
                    f"{layout.size} and {'odd' if layout.size % 2 else 'even'} to sit "
                    "centred on the board's side",
                )
            )
    colours = [z.colour for z in layout.zones]
    sides = [z.side for z in layout.zones]
    if sorted(colours) != sorted(COLOURS):
        out.append(
            error(
                "zones",
                f"the zones are {', '.join(colours) or 'none'}; there is one each for yellow, "
                "blue, red and green",
            )
        )
    if len(set(sides)) != len(sides):
        twice = sorted({s for s in sides if sides.count(s) > 1})
        out.append(error("zones", f"two zones are on the {' and '.join(twice)} side; one a side"))
    # no zone can lie on the board or on another: `zone_cells` puts each zone's rows outside
    # its own side, centred on it and no wider than it, and the sides are told apart above
    fills = {f"zones[{i}].fill": zone.fill for i, zone in enumerate(layout.zones)}
    return out + alike_findings(fills)


def check_tiles(layout: TilesLayout) -> list[Finding]:
    """Every bag holds a Q (12) and one each of Z, X and J (10), and the rulebook's TAX holds."""
    out: list[Finding] = []
    by = {x.letter: x for x in layout.letters}
    for letter, value in HIGH.items():
        if letter not in by:
            out.append(error("letters", f"the bags have no {letter} (every bag has one)"))
        elif by[letter].value != value or by[letter].count != 1:
            out.append(
                error(
                    f"letters[{layout.letters.index(by[letter])}]",
                    f"{letter} is worth "
                    f"{value} with one in each bag (it has value {by[letter].value}, "
                    f"count {by[letter].count})",
                )
            )
    if len(by) != len(layout.letters):
        out.append(error("letters", "a letter is listed twice"))
    values = layout.values()
    if all(k in values for k in "TAXIS"):
        tax = sum(values[k] for k in "TAX")
        if tax != 13 or values["I"] != 1 or values["S"] != 1:
            out.append(
                error(
                    "letters",
                    f"the rulebook's TAX example needs T + A + X = 13 and "
                    f"I = S = 1 (here {tax}, {values['I']}, {values['S']})",
                )
            )
    missing = [c for c in COLOURS if c not in layout.colours]
    if missing:
        out.append(error("colours", f"no tile colour for the {', '.join(missing)} bag"))
    return out + alike_findings({f"colours.{bag}": fill for bag, fill in layout.colours.items()})


def score_letters(letters: str, rows: Sequence[int], values: Mapping[str, int]) -> int:
    """Each letter's value times its home row (0 for a letter outside the home zone)."""
    return sum(values[ch] * row for ch, row in zip(letters, rows, strict=True))


class Tile(NamedTuple):
    """A letter on the board and the bag it came from (its colour)."""

    letter: str
    bag: Colour


Grid = dict[Cell, Tile]
CLOCKWISE: tuple[Side, ...] = ("south", "west", "north", "east")  # seats, as play goes round
TOWARDS: dict[Side, Cell] = {"south": (0, 1), "west": (-1, 0), "north": (0, -1), "east": (1, 0)}
# Words read left to right and top to bottom as the starter sees the board from their seat
# (the starting word is the guide): which runs, along x and along y, read backwards.
BACKWARDS: dict[Side, tuple[bool, bool]] = {
    "south": (False, False),
    "west": (True, False),
    "north": (True, True),
    "east": (False, True),
}


def central(board: BoardLayout, cell: Cell) -> bool:
    """Whether a cell is on the central board (not in a home zone, not off the board)."""
    return 0 <= cell[0] < board.size and 0 <= cell[1] < board.size


def star(board: BoardLayout) -> Cell:
    """The central star, where the first word begins."""
    return (board.size // 2, board.size // 2)


def play_order(record: GameRecord, board: BoardLayout) -> list[Colour]:
    """The players (every colour that takes a turn or keeps a rack), clockwise from whoever
    starts: the player of the first turn."""
    seat = {z.colour: CLOCKWISE.index(z.side) for z in board.zones}
    playing = {t.player for t in record.turns} | set(record.racks)
    first = seat.get(record.turns[0].player, 0)
    return sorted(playing, key=lambda c: ((seat.get(c, 0) - first) % len(CLOCKWISE), c))


def guide_side(record: GameRecord, board: BoardLayout) -> Side:
    """The seat of the player who laid the starting word (the first letters laid), whose view
    of the board sets which way words read."""
    sides = {z.colour: z.side for z in board.zones}
    first = next((t for t in record.turns if t.tiles), record.turns[0])
    return sides.get(first.player, "south")


def lay_turn(grid: Grid, turn: Turn) -> list[Cell]:
    """Lift the turn's scrumped letters, then lay its letters; the cells laid. A scrumped tile
    keeps its bag's colour when its letter is laid again that turn; other letters come from
    the player's own bag."""
    lifted = [grid.pop(cell) for cell in map(tuple, turn.scrumped) if cell in grid]
    placed: list[Cell] = []
    for p in turn.tiles:
        tile = next((t for t in lifted if t.letter == p.letter), Tile(p.letter, turn.player))
        if tile in lifted:
            lifted.remove(tile)
        cell = (p.at[0], p.at[1])
        grid[cell] = tile
        placed.append(cell)
    return placed


def _run(grid: Mapping[Cell, Tile], cell: Cell, step: Cell) -> list[Cell]:
    """The cells of the unbroken line of letters through `cell` along `step`, in order."""
    x, y = cell
    while (x - step[0], y - step[1]) in grid:
        x, y = x - step[0], y - step[1]
    out = []
    while (x, y) in grid:
        out.append((x, y))
        x, y = x + step[0], y + step[1]
    return out


def new_words(grid: Mapping[Cell, Tile], placed: Sequence[Cell], side: Side) -> list[list[Cell]]:
    """Every word of two letters or more through a letter just laid, each once, its cells in
    reading order (left to right and top to bottom as the starter `side` sees the board)."""
    out: list[list[Cell]] = []
    seen: set[tuple[Cell, ...]] = set()
    for cell in placed:
        for axis, step in enumerate(((1, 0), (0, 1))):
            word = _run(grid, cell, step)
            if len(word) < 2 or tuple(word) in seen:
                continue
            seen.add(tuple(word))
            out.append(word[::-1] if BACKWARDS[side][axis] else word)
    return out


@dataclass
class TurnScore:
    """A turn's new words, each with the points its letters in the player's home zone make."""

    player: str
    words: list[tuple[str, int]] = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(p for _, p in self.words)


def play_turn(
    grid: Grid,
    turn: Turn,
    zones: Mapping[Cell, tuple[str, int]],
    values: Mapping[str, int],
    side: Side = "south",
) -> TurnScore:
    """Lay a turn's tiles (after any scrumped letters are lifted) and score every new word:
    each of its letters in the player's own home zone is worth its value times its row."""
    score = TurnScore(turn.player)
    for word in new_words(grid, lay_turn(grid, turn), side):
        letters = "".join(grid[c].letter for c in word)
        rows = [zones[c][1] if c in zones and zones[c][0] == turn.player else 0 for c in word]
        score.words.append((letters, score_letters(letters, rows, values)))
    return score


@dataclass
class GameScore:
    """Each turn's score, the running totals after it, the rack deductions at the end (none
    before a player finishes), the final totals and the board as the game left it."""

    turns: list[TurnScore]
    running: list[dict[str, int]]
    deductions: dict[str, int]
    totals: dict[str, int]
    grid: Grid


def score_game(record: GameRecord, board: BoardLayout, tiles: TilesLayout) -> GameScore:
    """Every turn's score and the running totals; once a player has finished, the letters left
    on every other player's rack are deducted."""
    zones = zone_cells(board)
    values = tiles.values()
    side = guide_side(record, board)
    grid: Grid = {}
    totals: dict[str, int] = dict.fromkeys(play_order(record, board), 0)
    turns, running = [], []
    for turn in record.turns:
        result = play_turn(grid, turn, zones, values, side)
        totals[turn.player] += result.points
        turns.append(result)
        running.append(dict(totals))
    deductions: dict[str, int] = {
        p: sum(values.get(ch, 0) for ch in rack)
        for p, rack in record.racks.items()
        if record.finisher and p != record.finisher
    }
    final = {p: t - deductions.get(p, 0) for p, t in totals.items()}
    return GameScore(turns, running, deductions, final, grid)
