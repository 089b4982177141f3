"""The component kinds of this game, each declared once: what it makes, its layout model, its
rules check, builder and parts (imported only when first used: listing kinds, loading or
scoring a layout never imports drawing code), the options it honours and its starting layout."""

from __future__ import annotations

from sheetgen.kinds import PRESSED, ComponentKind, Game, Lazy, Starter, TileRange

GAME = Game(
    "marram",
    place=4,
    commands="sheetgen.games.marram.commands",
    kinds=(
        ComponentKind(
            "marram",
            "tiles",
            summary="the tile set as duplex print-and-play sheets, with an alignment test",
            model_at="sheetgen.games.marram.model:TileSetLayout",
            check=Lazy("sheetgen.games.marram.rules:check_set"),
            build=Lazy("sheetgen.games.marram.components:build_tiles"),
            starter=Starter(
                "marram/classic",
                ("sheet.size", "sheet.bleed", "sheet.grass", "sheet.sand", "sheet.blue"),
            ),
            options=frozenset({"tile_size", "flip", "copies", "gap", "bleed", "fold"}) | PRESSED,
            cuts=True,
            parts=Lazy("sheetgen.games.marram.parts:tile_parts"),
            sizes=TileRange(36.0, 120.0, "text stays 6 pt or more, 3 mm clear of the cut"),
        ),
        ComponentKind(
            "marram",
            "art",
            summary="every tile design's front and back as its own image",
            model_at="sheetgen.games.marram.model:ArtLayout",
            check=Lazy("sheetgen.games.marram.components:check_art"),
            build=Lazy("sheetgen.games.marram.components:build_art"),
            starter=Starter("marram/art", ("tiles", "px")),
            options=frozenset({"px"}),
        ),
        ComponentKind(
            "marram",
            "board",
            summary="a board of placed tiles with claims (score with 'marram score')",
            model_at="sheetgen.games.marram.model:BoardLayout",
            check=Lazy("sheetgen.games.marram.verdict:check_board"),
            build=Lazy("sheetgen.games.marram.components:build_board"),
            starter=Starter("marram/example-board", ("tiles", "title", "variant", "length")),
            options=frozenset({"bleed"}) | PRESSED,
        ),
    ),
)
