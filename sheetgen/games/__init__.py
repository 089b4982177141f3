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

CATALOGUE = {  # every component kind, game by game, and what it makes (for 'sheetgen list')
    "scribe/supergrid": "super grid sheet: nine mini grids, winner boxes, glyph legend, rules",
    "scribbly-gum/tree": "tree diagram side: tree, meal tracker, score strip",
    "scribbly-gum/pad": "two-sided pad: one tree side on each face of every leaf",
    "scribbly-gum/tiles": "movement, achievement (gold/silver) and letter tiles",
    "scribbly-gum/digital": "movement tiles as 16:9 screen images (PNG, SVG) for video play",
    "scribbly-gum/game": "a finished game: every sheet filled in (score with 'scribbly-gum score')",
    "walkabout/map": "map sheet: triangular grid, path, symbols, stars, scoring box, rules",
    "walkabout/dice": "the three custom dice: cut-out face sheet and each face alone",
    "walkabout/mat": "dice mat: every face's movement, forward marked ↖",
    "walkabout/game": "a finished game record: path and symbols (score with 'walkabout score')",
    "marram/tiles": "the tile set as duplex print-and-play sheets, with an alignment test",
    "marram/art": "every tile design's front and back as its own image",
    "marram/board": "a board of placed tiles with claims (score with 'marram score')",
    "scrumpit/board": "the 15 x 15 board with four home Scrump Zones: tiled, or fitted (--fit)",
    "scrumpit/tiles": "letter tiles for the four colour bags, with crop marks",
    "scrumpit/scorepad": "running-total score pad, a rack deduction each game",
    "scrumpit/game": "a recorded game: the final board and scores (score with 'scrumpit game')",
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
