"""Scrumpit's rules: board checks, tile-bag checks, and word scoring in the home zones."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sheetgen.findings import Finding, error
from sheetgen.games.scrumpit.model import (
    COLOURS,
    BoardLayout,
    GameRecord,
    TilesLayout,
    Turn,
)

Cell = tuple[int, int]
HOME_ROWS = 7
HIGH = {"Q": 12, "Z": 10, "X": 10, "J": 10}


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
    """15 x 15 with four zones of rows 1-7, the apex at 7, no zone on the board or another."""
    out: list[Finding] = []
    if layout.size != 15:
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
                "zones", f"zones are {colours}; there is one each for yellow, blue, red and green"
            )
        )
    if len(set(sides)) != len(sides):
        out.append(error("zones", f"two zones share a side ({sides}); one a side"))
    if not out:
        cells = zone_cells(layout)
        on_board = [c for c in cells if 0 <= c[0] < layout.size and 0 <= c[1] < layout.size]
        if on_board:
            out.append(error("zones", f"zone cells lie on the central board at {on_board[:3]}"))
        expected = len(layout.zones) * sum(layout.row_cells)
        if len(cells) != expected:
            out.append(error("zones", "home zones overlap each other"))
    return out


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
    return out


def score_letters(letters: str, rows: Sequence[int], values: Mapping[str, int]) -> int:
    """Each letter's value times its home row (0 for a letter outside the home zone)."""
    return sum(values[ch] * row for ch, row in zip(letters, rows, strict=True))


@dataclass
class TurnScore:
    player: str
    words: list[tuple[str, int]] = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(p for _, p in self.words)


def _word_through(grid: Mapping[Cell, str], cell: Cell, step: Cell) -> list[Cell]:
    x, y = cell
    while (x - step[0], y - step[1]) in grid:
        x, y = x - step[0], y - step[1]
    out = []
    while (x, y) in grid:
        out.append((x, y))
        x, y = x + step[0], y + step[1]
    return out


def play_turn(
    grid: dict[Cell, str],
    turn: Turn,
    zones: Mapping[Cell, tuple[str, int]],
    values: Mapping[str, int],
) -> TurnScore:
    """Lay a turn's tiles (after any scrumped letters are lifted) and score every new word:
    each of its letters in the player's own home zone is worth its value times its row."""
    for cell in turn.scrumped:
        if cell in zones:
            raise ValueError(f"letters in a home zone are fixed: {list(cell)} cannot be scrumped")
        grid.pop(cell, None)
    placed: list[Cell] = [(p.at[0], p.at[1]) for p in turn.tiles]
    for p, cell in zip(turn.tiles, placed, strict=True):
        if cell in grid:
            raise ValueError(f"{list(cell)} already holds a letter")
        owner = zones.get(cell)
        if owner and owner[0] != turn.player:
            raise ValueError(f"{list(cell)} is in the {owner[0]} home zone; no one may invade it")
        grid[cell] = p.letter
    score = TurnScore(turn.player)
    seen: set[tuple[Cell, ...]] = set()
    for cell in placed:
        for step in ((1, 0), (0, 1)):
            word = _word_through(grid, cell, step)
            if len(word) < 2 or tuple(word) in seen:
                continue
            seen.add(tuple(word))
            letters = "".join(grid[c] for c in word)
            rows = [zones[c][1] if c in zones and zones[c][0] == turn.player else 0 for c in word]
            score.words.append((letters, score_letters(letters, rows, values)))
    return score


@dataclass
class GameScore:
    turns: list[TurnScore]
    running: list[dict[str, int]]
    deductions: dict[str, int]
    totals: dict[str, int]


def score_game(record: GameRecord, board: BoardLayout, tiles: TilesLayout) -> GameScore:
    """Every turn's score and the running totals; at the end, rack letters are deducted from
    everyone but the player who finished."""
    zones = zone_cells(board)
    values = tiles.values()
    grid: dict[Cell, str] = {}
    totals: dict[str, int] = {z.colour: 0 for z in board.zones}
    turns, running = [], []
    for turn in record.turns:
        result = play_turn(grid, turn, zones, values)
        totals[turn.player] = totals.get(turn.player, 0) + result.points
        turns.append(result)
        running.append(dict(totals))
    deductions: dict[str, int] = {
        p: sum(values[ch] for ch in rack)
        for p, rack in record.racks.items()
        if p != record.finisher
    }
    final = {p: t - deductions.get(p, 0) for p, t in totals.items()}
    return GameScore(turns, running, deductions, final)


def check_game(record: GameRecord) -> list[Finding]:
    """A game record plays out: every tile on a free cell, no zone invaded, known letters."""
    from sheetgen.errors import SheetgenError
    from sheetgen.layout import load_model

    try:
        board = load_model(record.board, BoardLayout, "board")
        tiles = load_model(record.tiles, TilesLayout, "tiles")
    except SheetgenError as exc:
        return [error("board", str(exc))]
    values = tiles.values()
    out = []
    for i, turn in enumerate(record.turns):
        for j, p in enumerate(turn.tiles):
            if p.letter not in values:
                out.append(error(f"turns[{i}].tiles[{j}].letter", f"no {p.letter} in the bags"))
    for colour, rack in record.racks.items():
        bad = [ch for ch in rack if ch not in values]
        if bad:
            out.append(error(f"racks.{colour}", f"rack letters {bad} are not in the bags"))
    if out:
        return out
    try:
        score_game(record, board, tiles)
    except ValueError as exc:
        out.append(error("turns", str(exc)))
    return out
