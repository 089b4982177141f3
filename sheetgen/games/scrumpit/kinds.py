"""The component kinds of this game, each declared once: what it makes, its layout model, its
rules check, builder and parts (imported only when first used: listing kinds, loading or
scoring a layout never imports drawing code), the options it honours and its starting layout."""

from __future__ import annotations

from sheetgen.kinds import PRESSED, ComponentKind, Game, Lazy, Starter, TileRange

GAME = Game(
    "scrumpit",
    place=5,
    commands="sheetgen.games.scrumpit.commands",
    kinds=(
        ComponentKind(
            "scrumpit",
            "board",
            summary="the 15 x 15 board with four home Scrump Zones: tiled, or fitted (--fit)",
            model_at="sheetgen.games.scrumpit.model:BoardLayout",
            check=Lazy("sheetgen.games.scrumpit.rules:check_board"),
            build=Lazy("sheetgen.games.scrumpit.components:build_board"),
            starter=Starter("scrumpit/standard", ("cell", "overlap", "fit")),
            options=frozenset({"fit", "copies", "bleed"}) | PRESSED,
            parts=Lazy("sheetgen.games.scrumpit.parts:board_parts"),
        ),
        ComponentKind(
            "scrumpit",
            "tiles",
            summary="letter tiles for the four colour bags, with crop marks",
            model_at="sheetgen.games.scrumpit.model:TilesLayout",
            check=Lazy("sheetgen.games.scrumpit.rules:check_tiles"),
            build=Lazy("sheetgen.games.scrumpit.components:build_tiles"),
            starter=Starter("scrumpit/tiles", ("size",)),
            options=frozenset({"tile_size", "copies", "gap", "bleed"}) | PRESSED,
            cuts=True,
            parts=Lazy("sheetgen.games.scrumpit.parts:tile_parts"),
            sizes=TileRange(
                6.0,
                40.0,
                "text stays 6 pt or more, clear of the cut by 16% of the tile, at most 3 mm",
            ),
        ),
        ComponentKind(
            "scrumpit",
            "scorepad",
            summary="running-total score pad, a rack deduction each game",
            model_at="sheetgen.games.scrumpit.model:PadLayout",
            check=Lazy("sheetgen.games.scrumpit.components:check_pad"),
            build=Lazy("sheetgen.games.scrumpit.components:build_pad"),
            starter=Starter("scrumpit/scorepad", ("tiles", "players", "games", "turns")),
            options=frozenset({"copies", "sheet_mark"}) | PRESSED,
        ),
        ComponentKind(
            "scrumpit",
            "game",
            summary="a recorded game: the final board and scores (score with 'scrumpit game')",
            model_at="sheetgen.games.scrumpit.model:GameRecord",
            check=Lazy("sheetgen.games.scrumpit.record:check_game"),
            build=Lazy("sheetgen.games.scrumpit.components:build_game"),
            starter=Starter("scrumpit/example-game", ("board", "tiles")),
            options=PRESSED,
            check_words=Lazy("sheetgen.games.scrumpit.record:check_game"),
        ),
    ),
)
