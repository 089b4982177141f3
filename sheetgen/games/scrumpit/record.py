"""Checking a Scrumpit game record: its board and bags load and pass their checks, its letters
are in the bags, then the referee replays it (`referee.py`), against a word list if one is
given."""

from __future__ import annotations

from pathlib import Path

from sheetgen.findings import Finding, error, warning
from sheetgen.games.scrumpit.model import BoardLayout, GameRecord, TilesLayout
from sheetgen.games.scrumpit.referee import referee
from sheetgen.games.scrumpit.words import read_words


def check_game(record: GameRecord, words: Path | None = None) -> list[Finding]:
    """A game record that could have been played: board and bags that pass their checks,
    letters the bags hold, and every rule of play kept (words in the list, if one is given;
    without one, a warning that spelling went unchecked)."""
    out = _check(record, words)
    if words is None:
        out.append(
            warning(
                "turns",
                "the words are not checked against a word list: give --words FILE (one word a "
                "line) to referee the spelling too",
            )
        )
    return out


def _check(record: GameRecord, words: Path | None) -> list[Finding]:
    """Every finding but the word-list warning."""
    # imported here, not at the top, for start-up time
    from sheetgen.errors import SheetgenError
    from sheetgen.layouts.read import load_model

    try:
        board = load_model(record.board, BoardLayout, "board", checked=True)
    except SheetgenError as exc:
        return [error("board", str(exc))]
    try:
        tiles = load_model(record.tiles, TilesLayout, "tiles", checked=True)
    except SheetgenError as exc:
        return [error("tiles", str(exc))]
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
    return referee(record, board, tiles, read_words(words) if words else None)
