"""Scrumpit's letter tiles as pieces, a deck a colour bag ('bag-yellow'), each letter as many
times as a bag holds it and drawn as the tile sheets draw it; and the board whole.

The rulebook says only that each player draws from their own coloured bag: the printed tiles
have nothing on their backs. A digital table has no bags, so each bag's tiles get a back of
the bag's colour with its mark (`Piece.table_back`), so face-down piles of different bags can
be told apart."""

from __future__ import annotations

from sheetgen.draw import Drawing, Rect, Style
from sheetgen.draw.pieces import Parts, Piece
from sheetgen.games.scrumpit.board_drawing import board_drawing
from sheetgen.games.scrumpit.draw import bag_mark, text_ink, tile_drawing
from sheetgen.games.scrumpit.model import BoardLayout, TilesLayout


def tile_back(bag: str, fill: str, size: float) -> Drawing:
    """A bag's tile back `size` mm across: the bag's colour, its mark large in the middle."""
    return Drawing(
        size,
        size,
        (
            Rect(0, 0, size, size, Style(stroke=None, fill=fill)),
            bag_mark(bag, size / 2, size / 2, 0.5 * size, Style(stroke=None, fill=text_ink(fill))),
        ),
        title=f"{bag} bag back",
    )


def tile_parts(layout: TilesLayout) -> Parts:
    """Every bag's letters at the layout's size, named by bag and letter ('yellow-Q'): nothing
    printed on their backs, a back of the bag's colour and mark on a digital table."""
    return Parts(
        tuple(
            Piece(
                f"{bag}-{letter.letter}",
                tile_drawing(letter, bag, fill, layout.size),
                None,
                letter.count,
                f"bag-{bag}",
                table_back=back,
            )
            for bag, fill in layout.colours.items()
            for back in [tile_back(bag, fill, layout.size)]
            for letter in layout.letters
        )
    )


def board_parts(layout: BoardLayout) -> Parts:
    """The board with its home zones, whole at the layout's own cell size, without the cell
    size the printed board notes in its corner."""
    return Parts(boards=(board_drawing(layout, layout.labels, layout.cell, caption=False),))
