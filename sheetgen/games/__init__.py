"""The games sheetgen knows. Each game is a package whose `kinds` module registers its
component kinds (their checks, builders and parts, in `components`, load when first called)
and whose `commands` module (if any) adds CLI commands; all load lazily so that `sheetgen
--help` starts fast and scoring a layout draws nothing."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheetgen.kinds import ComponentKind

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

# mm: the tile (or die face) sizes each kind that takes --tile-size prints well, for its layouts'
# size key and --tile-size alike (the one place these ranges are set): at the smallest its text
# is as TILE_SIZES_WHY says, and at the largest a tile (or a strip of six faces) still goes onto
# A4 and Letter; every size between builds and passes 'sheetgen check' (tests/test_tile_sizes.py)
TILE_SIZES = {
    "scribbly-gum/tiles": (36.0, 120.0),
    "walkabout/dice": (14.0, 38.0),
    "marram/tiles": (36.0, 120.0),
    "scrumpit/tiles": (6.0, 40.0),
}

# what holds of each kind's text down to its smallest size (measured by tests/test_tile_sizes.py)
TILE_SIZES_WHY = {
    "scribbly-gum/tiles": "text stays 6 pt or more, 3 mm clear of the cut",
    "walkabout/dice": "numbers and symbols stay 6 pt or more, 3 mm clear of the cut",
    "marram/tiles": "text stays 6 pt or more, 3 mm clear of the cut",
    "scrumpit/tiles": "text stays 6 pt or more, clear of the cut by 16% of the tile, at most 3 mm",
}


# a layout's credit, for kinds that make screen images only (no page, so no footer to print it)
SCREEN_CREDIT = "designer credit and rules version, for your own record: screen images print none"

# mm: the largest sheet that goes inside 8 mm margins (the press's default) on both A4
# (210 x 297) and Letter (215.9 x 279.4), the papers 'sheetgen check' presses every layout on
BOTH_PAPERS = (194.0, 263.4)


def sheet_side_said(side: str, low: float, high: float) -> str:
    """The description of a sheet's `side` ('width' or 'height') that a larger --paper than
    A4 and Letter takes up to `high` mm."""
    most = BOTH_PAPERS[side == "height"]
    return (
        f"sheet {side} in mm, {low:g} to {high:g}: at most {most:g} goes onto A4 and Letter "
        "inside 8 mm margins, as 'sheetgen check' asks; more needs a larger --paper (A3) "
        "for check and build"
    )


def tile_sizes_said(key: str) -> str:
    """The tile sizes kind `key` takes, in the words every message about them uses."""
    low, high = TILE_SIZES[key]
    return f"{key} takes {low:g} to {high:g} mm ({TILE_SIZES_WHY[key]})"


def tile_size_help() -> str:
    """--tile-size's help: every kind's range, in the same words."""
    ranges = ", ".join(f"{key} {low:g} to {high:g} mm" for key, (low, high) in TILE_SIZES.items())
    return (
        f"tile or die face size in mm, as the layout's own size takes: {ranges} (at the "
        "smallest, text stays 6 pt or more and clear of the cut)"
    )


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
