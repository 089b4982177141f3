"""Marram print-and-play sheets: every tile's front and back lined up for duplex."""

from __future__ import annotations

from sheetgen.draw import Drawing
from sheetgen.draw.document import Flip
from sheetgen.draw.sheets import TwoSided
from sheetgen.games.marram.model import TileSetLayout
from sheetgen.games.marram.parts import tile_sides


def tile_sheets(
    layout: TileSetLayout,
    size: float,
    bleed: float,
    flip: Flip,
    offset: tuple[float, float],
    sets: int = 1,
) -> TwoSided:
    """Fronts and backs of `sets` sets on alternating pages, each back exactly behind its
    front."""
    fronts: list[Drawing] = []
    backs: list[Drawing] = []
    for tile, f, k in tile_sides(layout, size, bleed):
        fronts += [f] * (tile.count * sets)
        backs += [k] * (tile.count * sets)
    return TwoSided(fronts, backs, flip=flip, offset=offset)
