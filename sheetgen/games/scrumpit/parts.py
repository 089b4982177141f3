"""Scrumpit's letter tiles as pieces, a deck a colour bag ('bag-yellow'), each letter as many
times as a bag holds it and drawn as the tile sheets draw it; and the board whole.

The rulebook has each player draw from their own coloured bag, "no peeking": on a digital
table each colour's tiles are drawn blind from a bag of their own. The printed tiles have
nothing on their backs; on a table each bag's tiles get a back of the bag's colour with its
mark (`Piece.table_back`), which is what the other players see of a tile on a rack (a hand).
The board's cells are where tiles snap to, and the board is cut to its cross of cells. A
tiles export has no board; its bags are laid out in front of where the board lies when
loaded from its own save: 15 cells and a home zone of 7 rows each side, tiles filling its
cells."""

from __future__ import annotations

from sheetgen.draw import Drawing, Rect, Style
from sheetgen.draw.pieces import OnTable, Parts, Piece
from sheetgen.games.scrumpit.board_drawing import board_drawing
from sheetgen.games.scrumpit.draw import bag_mark, text_ink, tile_drawing
from sheetgen.games.scrumpit.model import BoardLayout, TilesLayout
from sheetgen.games.scrumpit.rules import BOARD_SIZE, HOME_ROWS, zone_cells


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
    """Every bag's letters at the layout's size and bleed, named by bag and letter
    ('yellow-Q'): nothing printed on their backs, a back of the bag's colour and mark on a
    digital table; each bag named as the layout's words name it ('Yellow bag'). The board
    they are laid on is the standard board's cells across, each a tile's size."""
    board = (BOARD_SIZE + 2 * HOME_ROWS) * layout.size
    words = layout.labels
    return Parts(
        tuple(
            Piece(
                f"{bag}-{letter.letter}",
                tile_drawing(letter, bag, fill, layout.size, layout.bleed),
                None,
                letter.count,
                f"bag-{bag}",
                table_back=back,
                drawn="bag",
                deck_name=words.table_bag.format(colour=words.colour(bag).capitalize()),
            )
            for bag, fill in layout.colours.items()
            for back in [tile_back(bag, fill, layout.size)]
            for letter in layout.letters
        ),
        board_room=(board, board),
    )


def cell_centres(layout: BoardLayout) -> tuple[tuple[float, float], ...]:
    """The centre (mm from the board's top-left) of every cell a tile is laid on: the 15 x 15
    centre, row by row, then every home-zone cell."""
    z, n, cell = len(layout.row_cells), layout.size, layout.cell
    centre = [(x + z, y + z) for y in range(n) for x in range(n)]
    zones = [(x + z, y + z) for x, y in sorted(zone_cells(layout))]
    return tuple(((x + 0.5) * cell, (y + 0.5) * cell) for x, y in centre + zones)


def board_parts(layout: BoardLayout) -> Parts:
    """The board with its home zones, whole at the layout's own cell size, without the cell
    size the printed board notes in its corner; cut to its shape, with its cells."""
    return Parts(
        boards=(board_drawing(layout, layout.labels, layout.cell, caption=False),),
        on_table=(OnTable(cell_centres(layout), cut_to_shape=True),),
    )
