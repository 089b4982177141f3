"""The component kinds of this game, each declared once: what it makes, its layout model, its
rules check, builder and parts (imported only when first used: listing kinds, loading or
scoring a layout never imports drawing code), the options it honours and its starting layout."""

from __future__ import annotations

from sheetgen.kinds import PRESSED, ComponentKind, Game, Lazy, Starter, TileRange

GAME = Game(
    "walkabout",
    place=3,
    commands="sheetgen.games.walkabout.commands",
    kinds=(
        ComponentKind(
            "walkabout",
            "map",
            summary="map sheet: triangular grid, path, symbols, stars, scoring box, rules",
            model_at="sheetgen.games.walkabout.model:MapLayout",
            check=Lazy("sheetgen.games.walkabout.components:check_sheet"),
            build=Lazy("sheetgen.games.walkabout.components:build_map"),
            starter=Starter(
                "walkabout/map-1",
                (
                    "sheet_number",
                    "edge",
                    "sheet.width",
                    "sheet.height",
                    "sheet.accent",
                    "sheet.paper",
                ),
            ),
            options=frozenset({"names", "copies", "sheet_mark"}) | PRESSED,
            parts=Lazy("sheetgen.games.walkabout.parts:map_parts"),
        ),
        ComponentKind(
            "walkabout",
            "dice",
            summary="the three custom dice: cut-out face sheet and each face alone",
            model_at="sheetgen.games.walkabout.model:DiceLayout",
            check=Lazy("sheetgen.games.walkabout.rules:check_dice"),
            build=Lazy("sheetgen.games.walkabout.components:build_dice"),
            starter=Starter("walkabout/dice", ("face_size",)),
            options=frozenset({"tile_size", "copies", "bleed"}) | PRESSED,
            cuts=True,
            parts=Lazy("sheetgen.games.walkabout.parts:dice_parts"),
            sizes=TileRange(
                14.0, 38.0, "numbers and symbols stay 6 pt or more, 3 mm clear of the cut"
            ),
        ),
        ComponentKind(
            "walkabout",
            "mat",
            summary="dice mat: every face's movement, forward marked ↖",
            model_at="sheetgen.games.walkabout.model:MatLayout",
            check=Lazy("sheetgen.games.walkabout.components:check_mat"),
            build=Lazy("sheetgen.games.walkabout.components:build_mat"),
            starter=Starter("walkabout/mat", ("title", "ink", "accent", "paper", "grid_line")),
            options=frozenset({"copies", "bleed"}) | PRESSED,
            parts=Lazy("sheetgen.games.walkabout.parts:mat_parts"),
        ),
        ComponentKind(
            "walkabout",
            "game",
            summary="a finished game record: path and symbols (score with 'walkabout score')",
            model_at="sheetgen.games.walkabout.model:GameRecord",
            check=Lazy("sheetgen.games.walkabout.referee:check_game"),
            build=Lazy("sheetgen.games.walkabout.components:build_game"),
            starter=Starter("walkabout/example-game", ("map", "dice", "player")),
            options=PRESSED,
        ),
    ),
)
