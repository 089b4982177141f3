"""Marram's tiles as pieces: each design's front and back as its print-and-play sheets draw
them, as many as the set holds; the starter tile apart, in a deck of its own (it is laid first,
face up, never shuffled in).

The rulebook has each player given tiles "drawn at random from the stock", and both sides of
a tile are played (a player lays either side up, and a spade flips a laid tile): a face-down
pile would show everyone the other side of the next tile, so a digital table draws them
blind from a bag. Both sides are public too ("the current player can see ... both sides of
the three tiles selected. The player can also see other players' tiles"): a tile shows its
name whichever side is up, and is kept on the table in front of its player, not in a hand
(a hand would show the others only the side away from its owner)."""

from __future__ import annotations

from sheetgen.draw import Drawing
from sheetgen.draw.pieces import Parts, Piece
from sheetgen.games.marram.draw import tile_drawing
from sheetgen.games.marram.faces import back, front
from sheetgen.games.marram.model import TileSetLayout, TileType


def tile_sides(
    layout: TileSetLayout, size: float, bleed: float
) -> list[tuple[TileType, Drawing, Drawing]]:
    """Every design, the starter first, with its front and back at `size` mm and `bleed` mm of
    art beyond the cut."""
    st, words = layout.sheet, layout.labels
    out = []
    for tile in [layout.starter, *layout.tiles]:
        starter = tile is layout.starter
        f = tile_drawing(front(tile), st, words, size, bleed, f"{tile.name} front", starter)
        k = tile_drawing(back(tile), st, words, size, bleed, f"{tile.name} back", starter)
        out.append((tile, f, k))
    return out


def tile_parts(layout: TileSetLayout) -> Parts:
    """The set's designs at the layout's size and bleed: deck 'tiles' (drawn from a bag), and
    'starter' (laid face up)."""
    sides = tile_sides(layout, layout.sheet.size, layout.sheet.bleed)
    return Parts(
        tuple(
            Piece(tile.name, f, k, tile.count, "starter", drawn="open", both_public=True)
            if tile is layout.starter
            else Piece(tile.name, f, k, tile.count, "tiles", drawn="bag", both_public=True)
            for tile, f, k in sides
        )
    )
