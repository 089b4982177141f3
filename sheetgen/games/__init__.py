"""The games sheetgen knows. Each game is a package whose `kinds` module registers its
component kinds and whose `commands` module (if any) adds CLI commands; both load lazily so
that `sheetgen --help` starts fast."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheetgen.registry import ComponentKind

GAMES = ("scribe", "scribbly_gum", "walkabout", "marram", "scrumpit")
COMMANDS = {
    "scribe": "sheetgen.games.scribe.commands",
    "scribbly-gum": "sheetgen.games.scribbly_gum.commands",
    "walkabout": "sheetgen.games.walkabout.commands",
    "marram": "sheetgen.games.marram.commands",
    "scrumpit": "sheetgen.games.scrumpit.commands",
}


def all_kinds() -> list[ComponentKind]:
    """Every game's component kinds, in the order the games are listed."""
    return [kind for game in GAMES for kind in game_kinds(game)]


def game_kinds(game: str) -> list[ComponentKind]:
    """One game's component kinds (`game` as in a layout, 'scribbly-gum', or as its package),
    importing that game alone; none for a game sheetgen does not know."""
    package = game.replace("-", "_")
    if package not in GAMES:
        return []
    kinds: list[ComponentKind] = importlib.import_module(f"sheetgen.games.{package}.kinds").KINDS
    return kinds
