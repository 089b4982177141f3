"""Dice Race's kind, declared once: sheetgen finds `GAME` through the entry point in
pyproject.toml (group `sheetgen.games`), and the layouts this package ships in `layouts/`."""

from __future__ import annotations

from pathlib import Path

from sheetgen.kinds import PRESSED, ComponentKind, Game, Lazy, Starter

GAME = Game(
    "dice-race",
    place=50,  # where it is listed among the plugins' games
    commands="sheetgen_dice_race.commands",
    layouts=Path(__file__).resolve().parent / "layouts",  # layouts/dice-race/<name>.toml
    kinds=(
        ComponentKind(
            "dice-race",
            "sheet",
            summary="Dice Race sheet: six lanes to tick, turn track, score boxes (a pad)",
            model_at="sheetgen_dice_race.model:DiceRaceLayout",
            check=Lazy("sheetgen_dice_race.components:check"),
            build=Lazy("sheetgen_dice_race.components:build"),
            starter=Starter("dice-race/standard", ("title", "lane", "turns", "bonus", "penalty")),
            options=frozenset({"copies", "gap"}) | PRESSED,
            cuts=True,
        ),
    ),
)
