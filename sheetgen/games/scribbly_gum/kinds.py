"""The component kinds of this game, each declared once: what it makes, its layout model, its
rules check, builder and parts (imported only when first used: listing kinds, loading or
scoring a layout never imports drawing code), the options it honours and its starting layout."""

from __future__ import annotations

from sheetgen.kinds import PRESSED, ComponentKind, Game, Lazy, Starter, TileRange

GAME = Game(
    "scribbly-gum",
    place=2,
    commands="sheetgen.games.scribbly_gum.commands",
    kinds=(
        ComponentKind(
            "scribbly-gum",
            "tree",
            summary="tree diagram side: tree, meal tracker, score strip",
            model_at="sheetgen.games.scribbly_gum.model:TreeLayout",
            check=Lazy("sheetgen.games.scribbly_gum.components:check_sheet"),
            build=Lazy("sheetgen.games.scribbly_gum.components:build_tree"),
            starter=Starter(
                "scribbly-gum/kuringgai",
                (
                    "side",
                    "sheet.width",
                    "sheet.height",
                    "sheet.pitch",
                    "sheet.circle",
                    "colours.tree",
                    "colours.score",
                ),
            ),
            options=frozenset({"names", "duplex", "copies", "fold", "sheet_mark"}) | PRESSED,
            parts=Lazy("sheetgen.games.scribbly_gum.parts:tree_parts"),
        ),
        ComponentKind(
            "scribbly-gum",
            "pad",
            summary="two-sided pad: one tree side on each face of every leaf",
            model_at="sheetgen.games.scribbly_gum.model:PadLayout",
            check=Lazy("sheetgen.games.scribbly_gum.components:check_pad"),
            build=Lazy("sheetgen.games.scribbly_gum.components:build_pad"),
            starter=Starter("scribbly-gum/pad", ("front", "back", "leaves")),
            options=frozenset({"names", "copies", "fold", "sheet_mark"}) | PRESSED,
            parts=Lazy("sheetgen.games.scribbly_gum.components:pad_parts"),
        ),
        ComponentKind(
            "scribbly-gum",
            "tiles",
            summary="movement, achievement (gold/silver) and letter tiles",
            model_at="sheetgen.games.scribbly_gum.model:TilesLayout",
            check=Lazy("sheetgen.games.scribbly_gum.components:check_tile_set"),
            build=Lazy("sheetgen.games.scribbly_gum.tiles:build_tiles"),
            starter=Starter(
                "scribbly-gum/tiles",
                ("sheet.size", "sheet.bleed", "sheet.back", "sheet.gold", "sheet.silver"),
            ),
            options=frozenset({"tile_size", "flip", "copies", "gap", "bleed", "fold"}) | PRESSED,
            cuts=True,
            parts=Lazy("sheetgen.games.scribbly_gum.parts:tile_parts"),
            sizes=TileRange(36.0, 120.0, "text stays 6 pt or more, 3 mm clear of the cut"),
        ),
        ComponentKind(
            "scribbly-gum",
            "digital",
            summary="movement tiles as 16:9 screen images (PNG, SVG) for video play",
            model_at="sheetgen.games.scribbly_gum.model:DigitalLayout",
            check=Lazy("sheetgen.games.scribbly_gum.components:check_digital"),
            build=Lazy("sheetgen.games.scribbly_gum.components:build_digital"),
            starter=Starter(
                "scribbly-gum/digital", ("width_px", "height_px", "background", "ink", "accent")
            ),
        ),
        ComponentKind(
            "scribbly-gum",
            "game",
            summary="a finished game: every sheet filled in (score with 'scribbly-gum score')",
            model_at="sheetgen.games.scribbly_gum.model:GameRecord",
            check=Lazy("sheetgen.games.scribbly_gum.referee:check_game"),
            build=Lazy("sheetgen.games.scribbly_gum.components:build_game"),
            starter=Starter("scribbly-gum/example-game", ("tree", "tiles")),
            options=PRESSED,
        ),
    ),
)
