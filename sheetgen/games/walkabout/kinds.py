"""The component kinds of this game: each layout model, with its rules check, builder and
parts named in `components` and imported only when called (loading or scoring a layout
never imports drawing code)."""

from __future__ import annotations

from sheetgen.games.walkabout.model import DiceLayout, GameRecord, MapLayout, MatLayout
from sheetgen.kinds import PRESSED, ComponentKind, Lazy

_HERE = "sheetgen.games.walkabout.components"

KINDS = [
    ComponentKind(
        "walkabout",
        "map",
        MapLayout,
        Lazy(f"{_HERE}:check_sheet"),
        Lazy(f"{_HERE}:build_map"),
        options=frozenset({"copies"}) | PRESSED,
        parts=Lazy("sheetgen.games.walkabout.parts:map_parts"),
    ),
    ComponentKind(
        "walkabout",
        "dice",
        DiceLayout,
        Lazy("sheetgen.games.walkabout.rules:check_dice"),
        Lazy(f"{_HERE}:build_dice"),
        options=frozenset({"tile_size", "copies", "margin", "ruler"}),  # marks its own cuts
        parts=Lazy("sheetgen.games.walkabout.parts:dice_parts"),
    ),
    ComponentKind(
        "walkabout",
        "mat",
        MatLayout,
        Lazy(f"{_HERE}:check_mat"),
        Lazy(f"{_HERE}:build_mat"),
        options=frozenset({"copies"}) | PRESSED,
        parts=Lazy("sheetgen.games.walkabout.parts:mat_parts"),
    ),
    ComponentKind(
        "walkabout",
        "game",
        GameRecord,
        Lazy("sheetgen.games.walkabout.referee:check_game"),
        Lazy(f"{_HERE}:build_game"),
        options=PRESSED,
    ),
]
