"""Marram print-and-play sheets: every tile's front and back lined up for duplex."""

from __future__ import annotations

from sheetgen.draw import Drawing
from sheetgen.games.marram.board import back, front
from sheetgen.games.marram.draw import tile_drawing
from sheetgen.games.marram.model import TileSetLayout
from sheetgen.press import Page, PressOptions, impose_duplex
from sheetgen.press.document import Flip


def tile_pages(
    layout: TileSetLayout,
    press: PressOptions,
    size: float,
    flip: Flip,
    offset: tuple[float, float],
    sets: int = 1,
) -> list[Page]:
    """Fronts and backs of `sets` sets on alternating pages, each back exactly behind its
    front."""
    st, b, words = layout.sheet, layout.sheet.bleed, layout.labels
    fronts: list[Drawing] = []
    backs: list[Drawing] = []
    for tile in [layout.starter, *layout.tiles]:
        starter = tile is layout.starter
        f = tile_drawing(front(tile), st, words, size, b, f"{tile.name} front", starter)
        k = tile_drawing(back(tile), st, words, size, b, f"{tile.name} back", starter)
        fronts += [f] * (tile.count * sets)
        backs += [k] * (tile.count * sets)
    return impose_duplex(fronts, backs, press, flip=flip, offset=offset)
