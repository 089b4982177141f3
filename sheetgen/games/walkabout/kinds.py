"""The component kinds of this game: each layout model, with its rules check, builder and
parts named in `components` and imported only when called (loading or scoring a layout
never imports drawing code)."""

from __future__ import annotations

from sheetgen.games.walkabout.model import DiceLayout, GameRecord, MapLayout, MatLayout
from sheetgen.registry import PRESSED, ComponentKind, lazy

_HERE = "sheetgen.games.walkabout.components"

KINDS = [
    ComponentKind(
        "walkabout",
        "map",
        MapLayout,
        lazy(f"{_HERE}:check_sheet"),
        lazy(f"{_HERE}:build_map"),
        options=frozenset({"copies"}) | PRESSED,
        parts=lazy("sheetgen.games.walkabout.parts:map_parts"),
    ),
    ComponentKind(
        "walkabout",
        "dice",
        DiceLayout,
        lazy("sheetgen.games.walkabout.rules:check_dice"),
        lazy(f"{_HERE}:build_dice"),
        options=frozenset({"tile_size", "copies", "margin", "ruler"}),  # marks its own cuts
        parts=lazy("sheetgen.games.walkabout.parts:dice_parts"),
    ),
    ComponentKind(
        "walkabout",
        "mat",
        MatLayout,
        lazy(f"{_HERE}:check_mat"),
        lazy(f"{_HERE}:build_mat"),
        options=frozenset({"copies"}) | PRESSED,
        parts=lazy("sheetgen.games.walkabout.parts:mat_parts"),
    ),
    ComponentKind(
        "walkabout",
        "game",
        GameRecord,
        lazy("sheetgen.games.walkabout.referee:check_game"),
        lazy(f"{_HERE}:build_game"),
        options=PRESSED,
    ),
]
