"""The game record a filled sheet's values make, game by game: the text `sheetgen <game> score`
takes, and what the sheet says that the record leaves to the referee (checked against it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sheetgen.frozen import frozen


class BadMark(ValueError):
    """A field holding what the game's sheet cannot show: said as 'field: what, what would do'."""


@frozen
class Record:
    """A sheet's record as a file's text, the file's ending, and notes for the host (where the
    sheet's own sums disagree with the rules')."""

    text: str
    suffix: str
    notes: tuple[str, ...] = ()


def scribe_record(values: dict[str, str], model: Any) -> Record:
    """A Scribe super grid: each cell `+`, `O` or empty (a player's slash through their older
    mark is left out), as the 9 rows `sheetgen scribe score` takes; the winner tabs and the
    tally are checked against the rules' count."""
    # imported here, not at the top, for start-up time: a reader of one game loads no other
    from sheetgen.games.scribe.rules import (
        COLUMNS,
        EMPTY,
        MINI_NAMES,
        GlyphTable,
        score_super,
    )

    def mark(name: str) -> str:
        raw = values.get(name, "")
        text = raw.replace("/", "").replace("\\", "").replace(" ", "").upper()
        text = text.replace("0", "O")
        if text in ("", "+", "O"):
            return text or EMPTY
        raise BadMark(f"{name} holds {raw!r}; a square holds +, O or nothing (a slash aside)")

    rows = ["".join(mark(f"cell_{c}{r}") for c in COLUMNS) for r in range(1, 10)]
    match = score_super(rows, GlyphTable.of(model.glyphs))
    notes = []
    for index, mini in enumerate(match.minis):
        written = mark(f"winner_{index + 1}")
        if written != EMPTY and mini.full and written != mini.winner:
            notes.append(
                f"the {MINI_NAMES[index]} mini grid's tab says {written} won; the rules "
                f"count {mini.winner}"
            )
    for player, key in (("+", "plus"), ("O", "o")):
        said = values.get(f"won_{key}", "").strip()
        if said and said != str(match.wins[player]):
            notes.append(
                f"the tally says {player} won {said} mini grids; the rules count "
                f"{match.wins[player]}"
            )
    return Record("/".join(rows) + "\n", ".txt", tuple(notes))


Reader = Callable[[dict[str, str], Any], Record]  # a sheet's values and its layout's model

# the record of each kind of sheet `sheetgen read` reads, by kind
READERS: dict[str, Reader] = {
    "scribe/supergrid": scribe_record,
}
