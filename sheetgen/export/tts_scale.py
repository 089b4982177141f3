"""Tabletop Simulator's sizes in millimetres: how big a card and a tile are at scale 1, so that
every object of an export is given the scale that makes it its own size in mm, and a piece of
19 mm fills a board's 19 mm cell.

Tabletop Simulator saves no size in an object, only a scale (`Transform.scaleX/Y/Z`), and its
knowledge base says only that a board "is re-scaled based on the image used". What an object
measures at scale 1 is taken from what players have measured, not from Berserk's own words
(frankieliu/tts-tools, `docs/`: the Clank Legacy mod's boards and cards against the printed
game's 20 x 29 inch board and 2.5 x 3.5 inch cards):

- a card is `CARD_HEIGHT` tall at scale 1 whatever its sheet's pixels, and as wide as its face's
  proportion makes it (a square face gives a square card);
- a `Custom_Tile` stretched to its image's proportion (`Stretch`) is `TILE_HEIGHT` tall at
  scale 1, as wide as its image's proportion makes it;
- a distance on the table is in Tabletop Simulator's units, taken as inches (`UNIT`).

Scales that follow these make every piece the right size beside every other; were the figures
a little off, every object would be off by the same factor (cards against tiles aside)."""

from __future__ import annotations

UNIT = 25.4  # mm in one unit of the table (an inch)
CARD_HEIGHT = 3.5 * UNIT  # mm: a card's height at scale 1
TILE_HEIGHT = 1.318 * UNIT  # mm: a stretched Custom_Tile's height at scale 1


def card_scale(height: float) -> float:
    """The scale that makes a card `height` mm tall (its width follows its face)."""
    return height / CARD_HEIGHT


def tile_scale(height: float) -> float:
    """The scale that makes a stretched Custom_Tile `height` mm tall (its width follows)."""
    return height / TILE_HEIGHT


def units(mm: float) -> float:
    """A length on the table in its units."""
    return mm / UNIT
