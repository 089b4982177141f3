"""The component kinds of this game: each layout model, with its rules check, builder and
parts named in `components` and imported only when called (loading or scoring a layout
never imports drawing code)."""

from __future__ import annotations

from sheetgen.games.marram.model import ArtLayout, BoardLayout, TileSetLayout
from sheetgen.kinds import PRESSED, ComponentKind, Lazy

_HERE = "sheetgen.games.marram.components"

KINDS = [
    ComponentKind(
        "marram",
        "tiles",
        TileSetLayout,
        Lazy("sheetgen.games.marram.rules:check_set"),
        Lazy(f"{_HERE}:build_tiles"),
        options=frozenset({"tile_size", "flip", "copies", "gap", "bleed", "fold"}) | PRESSED,
        parts=Lazy("sheetgen.games.marram.parts:tile_parts"),
    ),
    ComponentKind(
        "marram",
        "art",
        ArtLayout,
        Lazy(f"{_HERE}:check_art"),
        Lazy(f"{_HERE}:build_art"),
        options=frozenset({"px"}),
    ),
    ComponentKind(
        "marram",
        "board",
        BoardLayout,
        Lazy("sheetgen.games.marram.verdict:check_board"),
        Lazy(f"{_HERE}:build_board"),
        options=PRESSED,
    ),
]
