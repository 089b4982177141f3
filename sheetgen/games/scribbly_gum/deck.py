"""The movement deck as a shared screen plays it: each tile drawn for the screen, with its name,
the game's rounds and turns, and what players do when a round and the game are over."""

from __future__ import annotations

from sheetgen.draw.screen import ScreenDeck, ScreenTile
from sheetgen.games.scribbly_gum.model import ROUNDS, TURNS, DigitalLayout, TilesLayout
from sheetgen.games.scribbly_gum.tiles import screen_tile


def screen_deck(tiles: TilesLayout, screen: DigitalLayout) -> ScreenDeck:
    """The movement tiles of `tiles`, drawn and named as `screen` shows them."""
    return ScreenDeck(
        game="Scribbly Gum",
        title=f"Scribbly Gum — movement tiles ({tiles.name})",
        tile_called="movement tile",
        tiles=tuple(
            ScreenTile(m, screen.labels.move(m), screen_tile(m, i, screen))
            for i, m in enumerate(tiles.movement, start=1)
        ),
        rounds=ROUNDS,
        turns=TURNS,
        round_end="score your meals",
        game_end="Add up your meals, column bonus and achievements.",
    )
