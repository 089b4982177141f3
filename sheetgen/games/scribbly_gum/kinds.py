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
from sheetgen.kinds import PRESSED, ComponentKind, Lazy

_HERE = "sheetgen.games.scribbly_gum.components"

TREE = ComponentKind(
    "scribbly-gum",
    "tree",
    TreeLayout,
    Lazy(f"{_HERE}:check_sheet"),
    Lazy(f"{_HERE}:build_tree"),
    options=frozenset({"names", "duplex", "copies", "fold"}) | PRESSED,
    parts=Lazy("sheetgen.games.scribbly_gum.parts:tree_parts"),
)
PAD = ComponentKind(
    "scribbly-gum",
    "pad",
    PadLayout,
    Lazy(f"{_HERE}:check_pad"),
    Lazy(f"{_HERE}:build_pad"),
    options=frozenset({"names", "copies", "fold"}) | PRESSED,
    parts=Lazy(f"{_HERE}:pad_parts"),
)
TILES = ComponentKind(
    "scribbly-gum",
    "tiles",
    TilesLayout,
    Lazy(f"{_HERE}:check_tile_set"),
    Lazy("sheetgen.games.scribbly_gum.tiles:build_tiles"),
    options=frozenset({"tile_size", "flip", "copies", "gap", "bleed", "fold"}) | PRESSED,
    parts=Lazy("sheetgen.games.scribbly_gum.parts:tile_parts"),
)
DIGITAL = ComponentKind(
    "scribbly-gum",
    "digital",
    DigitalLayout,
    Lazy(f"{_HERE}:check_digital"),
    Lazy(f"{_HERE}:build_digital"),
)
GAME = ComponentKind(
    "scribbly-gum",
    "game",
    GameRecord,
    Lazy("sheetgen.games.scribbly_gum.referee:check_game"),
    Lazy(f"{_HERE}:build_game"),
    options=PRESSED,
)
KINDS = [TREE, PAD, TILES, DIGITAL, GAME]
