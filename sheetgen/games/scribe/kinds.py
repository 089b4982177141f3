"""The component kinds of this game, each declared once: what it makes, its layout model, its
rules check, builder and parts (imported only when first used: listing kinds, loading or
scoring a layout never imports drawing code), the options it honours and its starting layout."""

from __future__ import annotations

from sheetgen.kinds import PRESSED, ComponentKind, Game, Lazy, Starter

GAME = Game(
    "scribe",
    place=1,
    commands="sheetgen.games.scribe.commands",
    kinds=(
        ComponentKind(
            "scribe",
            "supergrid",
            summary="super grid sheet: nine mini grids, winner boxes, glyph legend, rules",
            model_at="sheetgen.games.scribe.model:ScribeLayout",
            check=Lazy("sheetgen.games.scribe.components:check"),
            build=Lazy("sheetgen.games.scribe.components:build"),
            starter=Starter(
                "scribe/standard",
                (
                    "title",
                    "sheet.width",
                    "sheet.height",
                    "sheet.text",
                    "sheet.cell",
                    "sheet.gutter",
                    "sheet.ink",
                    "sheet.accent",
                ),
            ),
            options=frozenset({"copies", "gap", "sheet_mark"}) | PRESSED,
            cuts=True,
            parts=Lazy("sheetgen.games.scribe.components:sheet_parts"),
        ),
    ),
)
