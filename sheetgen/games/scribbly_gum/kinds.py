"""The component kinds of this game: each layout model, with its rules check, builder and
parts named in `components` and imported only when called (loading or scoring a layout
never imports drawing code)."""

from __future__ import annotations

from sheetgen.games.scribbly_gum.model import (
    DigitalLayout,
    GameRecord,
    PadLayout,
    TilesLayout,
    TreeLayout,
)
from sheetgen.registry import PRESSED, ComponentKind, lazy

_HERE = "sheetgen.games.scribbly_gum.components"

TREE = ComponentKind(
    "scribbly-gum",
    "tree",
    TreeLayout,
    lazy(f"{_HERE}:check_sheet"),
    lazy(f"{_HERE}:build_tree"),
    options=frozenset({"names", "duplex", "copies", "fold"}) | PRESSED,
    parts=lazy("sheetgen.games.scribbly_gum.parts:tree_parts"),
)
PAD = ComponentKind(
    "scribbly-gum",
    "pad",
    PadLayout,
    lazy(f"{_HERE}:check_pad"),
    lazy(f"{_HERE}:build_pad"),
    options=frozenset({"names", "copies", "fold"}) | PRESSED,
    parts=lazy(f"{_HERE}:pad_parts"),
)
TILES = ComponentKind(
    "scribbly-gum",
    "tiles",
    TilesLayout,
    lazy(f"{_HERE}:check_tile_set"),
    lazy("sheetgen.games.scribbly_gum.tiles:build_tiles"),
    options=frozenset({"tile_size", "flip", "copies", "gap", "bleed", "fold"}) | PRESSED,
    parts=lazy("sheetgen.games.scribbly_gum.parts:tile_parts"),
)
DIGITAL = ComponentKind(
    "scribbly-gum",
    "digital",
    DigitalLayout,
    lazy(f"{_HERE}:check_digital"),
    lazy(f"{_HERE}:build_digital"),
)
GAME = ComponentKind(
    "scribbly-gum",
    "game",
    GameRecord,
    lazy("sheetgen.games.scribbly_gum.referee:check_game"),
    lazy(f"{_HERE}:build_game"),
    options=PRESSED,
)
KINDS = [TREE, PAD, TILES, DIGITAL, GAME]
