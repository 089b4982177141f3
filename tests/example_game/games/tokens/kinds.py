"""The kinds of this game, each declared once: sheetgen finds `GAME` here."""

from __future__ import annotations

from sheetgen.kinds import PRESSED, ComponentKind, Game, Lazy, Starter

GAME = Game(
    "tokens",
    place=99,  # listed after the built-in games
    kinds=(
        ComponentKind(
            "tokens",
            "round",
            summary="numbered round score tokens to cut out",
            model_at="sheetgen.games.tokens.model:TokensLayout",
            check=Lazy("sheetgen.games.tokens.components:check"),
            build=Lazy("sheetgen.games.tokens.components:build"),
            starter=Starter("tokens/round", ("size", "highest", "colour")),
            options=frozenset({"copies", "gap"}) | PRESSED,
            cuts=True,
        ),
    ),
)
