"""The kind of this package, declared once: pieces of a designer's own game, from a data file."""

from __future__ import annotations

from sheetgen.kinds import PRESSED, ComponentKind, Game, Lazy, Starter

GAME = Game(
    "custom",
    place=9,
    kinds=(
        ComponentKind(
            "custom",
            "pieces",
            summary="your own cards, tiles or tokens: one a row of a CSV, XLSX, ODS or JSON file",
            model_at="sheetgen.games.custom.model:PiecesLayout",
            check=Lazy("sheetgen.games.custom.components:check_pieces"),
            build=Lazy("sheetgen.games.custom.components:build_pieces"),
            starter=Starter("custom/poker", ("data", "title"), sample="poker.csv"),
            options=frozenset({"copies", "gap", "bleed", "flip", "fold"}) | PRESSED,
            cuts=True,
            parts=Lazy("sheetgen.games.custom.components:piece_parts"),
        ),
    ),
)
