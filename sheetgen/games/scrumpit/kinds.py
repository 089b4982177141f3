"""The component kinds of this game: each layout model, with its rules check, builder and
parts named in `components` and imported only when called (loading or scoring a layout
never imports drawing code)."""

from __future__ import annotations

from sheetgen.games.scrumpit.model import BoardLayout, GameRecord, PadLayout, TilesLayout
from sheetgen.registry import PRESSED, ComponentKind, lazy

_HERE = "sheetgen.games.scrumpit.components"

KINDS = [
    ComponentKind(
        "scrumpit",
        "board",
        BoardLayout,
        lazy("sheetgen.games.scrumpit.rules:check_board"),
        lazy(f"{_HERE}:build_board"),
        options=frozenset({"fit", "copies"}) | PRESSED,
        parts=lazy("sheetgen.games.scrumpit.parts:board_parts"),
    ),
    ComponentKind(
        "scrumpit",
        "tiles",
        TilesLayout,
        lazy("sheetgen.games.scrumpit.rules:check_tiles"),
        lazy(f"{_HERE}:build_tiles"),
        options=frozenset({"tile_size", "copies", "gap"}) | PRESSED,
        parts=lazy("sheetgen.games.scrumpit.parts:tile_parts"),
    ),
    ComponentKind(
        "scrumpit",
        "scorepad",
        PadLayout,
        lazy(f"{_HERE}:check_pad"),
        lazy(f"{_HERE}:build_pad"),
        options=frozenset({"copies"}) | PRESSED,
    ),
    ComponentKind(
        "scrumpit",
        "game",
        GameRecord,
        lazy("sheetgen.games.scrumpit.record:check_game"),
        lazy(f"{_HERE}:build_game"),
        options=PRESSED,
        check_words=lazy("sheetgen.games.scrumpit.record:check_game"),
    ),
]
