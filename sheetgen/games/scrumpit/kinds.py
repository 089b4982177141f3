"""The component kinds of this game: each layout model, with its rules check, builder and
parts named in `components` and imported only when called (loading or scoring a layout
never imports drawing code)."""

from __future__ import annotations

from sheetgen.games.scrumpit.model import BoardLayout, GameRecord, PadLayout, TilesLayout
from sheetgen.kinds import PRESSED, ComponentKind, Lazy

_HERE = "sheetgen.games.scrumpit.components"

KINDS = [
    ComponentKind(
        "scrumpit",
        "board",
        BoardLayout,
        Lazy("sheetgen.games.scrumpit.rules:check_board"),
        Lazy(f"{_HERE}:build_board"),
        options=frozenset({"fit", "copies"}) | PRESSED,
        parts=Lazy("sheetgen.games.scrumpit.parts:board_parts"),
    ),
    ComponentKind(
        "scrumpit",
        "tiles",
        TilesLayout,
        Lazy("sheetgen.games.scrumpit.rules:check_tiles"),
        Lazy(f"{_HERE}:build_tiles"),
        options=frozenset({"tile_size", "copies", "gap"}) | PRESSED,
        parts=Lazy("sheetgen.games.scrumpit.parts:tile_parts"),
    ),
    ComponentKind(
        "scrumpit",
        "scorepad",
        PadLayout,
        Lazy(f"{_HERE}:check_pad"),
        Lazy(f"{_HERE}:build_pad"),
        options=frozenset({"copies"}) | PRESSED,
    ),
    ComponentKind(
        "scrumpit",
        "game",
        GameRecord,
        Lazy("sheetgen.games.scrumpit.record:check_game"),
        Lazy(f"{_HERE}:build_game"),
        options=PRESSED,
        check_words=Lazy("sheetgen.games.scrumpit.record:check_game"),
    ),
]
