"""Marram print-and-play sheets: every tile's front and back lined up for duplex."""

from __future__ import annotations

from sheetgen.draw import Drawing
from sheetgen.games.marram.model import TileSetLayout
from sheetgen.games.marram.parts import tile_sides
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
    fronts: list[Drawing] = []
    backs: list[Drawing] = []
    for tile, f, k in tile_sides(layout, size, press.bleed_or(layout.sheet.bleed)):
        fronts += [f] * (tile.count * sets)
        backs += [k] * (tile.count * sets)
    return impose_duplex(fronts, backs, press, flip=flip, offset=offset)
