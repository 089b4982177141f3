"""What the Scribbly Gum tests share: the Kuringgai tree and the example game on it, records
made from the example, and the errors `check` finds in one."""

from __future__ import annotations

from sheetgen.games.scribbly_gum.model import GameRecord, TreeLayout
from sheetgen.games.scribbly_gum.referee import check_game
from sheetgen.games.scribbly_gum.tree_graph import compile_board
from sheetgen.layouts.read import load

KURINGGAI: TreeLayout = load("scribbly-gum/kuringgai").model  # type: ignore[assignment]
EXAMPLE: GameRecord = load("scribbly-gum/example-game").model  # type: ignore[assignment]
ANA, BEN = EXAMPLE.players
BOARD = compile_board(KURINGGAI)


def read(record: GameRecord) -> list[tuple[str, str]]:
    """The errors `check` finds (the warning that a record gives no tiles is tested apart)."""
    return [(f.where, f.message) for f in check_game(record) if f.level == "error"]


def with_ana(**update: object) -> GameRecord:
    """The example with Ana's sheet changed."""
    return EXAMPLE.model_copy(update={"players": [ANA.model_copy(update=update), BEN]})


def untiled(record: GameRecord) -> GameRecord:
    """The record without its movement tiles (the sheets read round by round)."""
    return record.model_copy(update={"revealed": None})
