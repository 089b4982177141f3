"""The component kinds of this game: each layout model, with its rules check, builder and
parts named in `components` and imported only when called (loading or scoring a layout
never imports drawing code)."""

from __future__ import annotations

from sheetgen.games.scribe.model import ScribeLayout
from sheetgen.kinds import PRESSED, ComponentKind, Lazy

_HERE = "sheetgen.games.scribe.components"

KINDS = [
    ComponentKind(
        "scribe",
        "supergrid",
        ScribeLayout,
        Lazy(f"{_HERE}:check"),
        Lazy(f"{_HERE}:build"),
        options=frozenset({"copies", "gap"}) | PRESSED,
        parts=Lazy(f"{_HERE}:sheet_parts"),
    )
]
