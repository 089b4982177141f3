"""Deck sheets and dice templates for digital tables, as plain arithmetic on pixels: how many
faces a sheet holds, its grid and cell size within a tabletop's limits, where each face goes,
and where each face of a six-sided die goes in the Custom Dice template."""

from __future__ import annotations

import math

from sheetgen.errors import SheetgenError
from sheetgen.frozen import frozen

MAX_ACROSS = 10  # faces across a Tabletop Simulator deck sheet
MAX_DOWN = 7  # faces down
MAX_SIDE = 4096  # px: the largest side of an image a digital table is asked to load
MAX_CELL = 512  # px: the widest face a sheet is given unless asked for less
MIN_CELL = 32  # px: a narrower face shows nothing a player can read


@frozen
class SheetGrid:
    """One deck sheet: `cols` x `rows` cells of `cell_w` x `cell_h` px, filled left to right and
    top to bottom from its top-left corner, with no gap and no margin."""

    cols: int
    rows: int
    cell_w: int
    cell_h: int

    @property
    def size(self) -> tuple[int, int]:
        """The sheet's width and height in px."""
        return self.cols * self.cell_w, self.rows * self.cell_h

    def cell(self, index: int) -> tuple[int, int]:
        """The top-left pixel of cell `index` (0 is the top-left cell)."""
        row, col = divmod(index, self.cols)
        return col * self.cell_w, row * self.cell_h


def sheet_room(cell_w: int, cell_h: int) -> tuple[int, int]:
    """The most columns and rows of `cell_w` x `cell_h` px faces a sheet holds: at most 10 x 7,
    and within MAX_SIDE px a side."""
    return min(MAX_ACROSS, MAX_SIDE // cell_w), min(MAX_DOWN, MAX_SIDE // cell_h)


def grid_shape(count: int, room: tuple[int, int] = (MAX_ACROSS, MAX_DOWN)) -> tuple[int, int]:
    """Columns and rows of a sheet of `count` cells within `room` (at most 10 x 7): the grid
    that leaves the fewest cells empty, of those the widest (34 faces in 7 x 5)."""
    most_cols, most_rows = room
    if not 1 <= count <= most_cols * most_rows <= MAX_ACROSS * MAX_DOWN:
        raise ValueError(f"a deck sheet holds 1 to {most_cols * most_rows} faces, not {count}")
    grids = [
        (cols, rows)
        for cols in range(1, most_cols + 1)
        for rows in [math.ceil(count / cols)]
        if rows <= most_rows
    ]
    return min(grids, key=lambda grid: (grid[0] * grid[1] - count, -grid[0]))


def split_deck(count: int, per: int = MAX_ACROSS * MAX_DOWN) -> list[range]:
    """The indices of a deck's `count` faces on each of its sheets, `per` a sheet (at most 70;
    Tabletop Simulator keeps the last cell of a sheet for the picture a card in another
    player's hand shows, unless the deck's back is hidden: sheetgen's decks hide their backs)."""
    return [range(start, min(start + per, count)) for start in range(0, count, per)]


def face_pixels(width: float, height: float, want: int) -> tuple[int, int]:
    """A face of `width` x `height` mm in px: `want` px wide, its height in proportion, or
    less where one face alone would pass MAX_SIDE."""
    return cell_pixels(width, height, 1, 1, want)


def deck_sheets(
    count: int, width: float, height: float, want: int
) -> list[tuple[range, SheetGrid]]:
    """A deck of `count` designs of `width` x `height` mm on sheets: each face `want` px wide
    (less only where one face would pass MAX_SIDE), as few sheets as hold them at that size,
    each sheet's grid the one that holds its faces with the fewest empty cells."""
    cell_w, cell_h = face_pixels(width, height, want)
    cols, rows = sheet_room(cell_w, cell_h)
    return [
        (indices, SheetGrid(*grid_shape(len(indices), (cols, rows)), cell_w, cell_h))
        for indices in split_deck(count, cols * rows)
    ]


def cell_pixels(width: float, height: float, cols: int, rows: int, want: int) -> tuple[int, int]:
    """The cell size in px of a sheet of `cols` x `rows` faces of `width` x `height` mm: `want`
    px wide, or less where the sheet would pass MAX_SIDE on either side; its height in the
    face's proportion."""
    cell_w = min(want, MAX_SIDE // cols)
    cell_h = round(cell_w * height / width)
    if rows * cell_h > MAX_SIDE:
        cell_h = MAX_SIDE // rows
        cell_w = math.floor(cell_h * width / height)
    if min(cell_w, cell_h) < MIN_CELL:
        raise SheetgenError(
            f"faces of {width:g} x {height:g} mm cannot fit {cols} x {rows} on a "
            f"{MAX_SIDE} px sheet at {MIN_CELL} px or more a side"
        )
    return cell_w, cell_h


# Tabletop Simulator's Custom Dice d6 template: the six faces as an unfolded cube, a cross of
# 4 x 3 square cells: face 1 above face 3 and face 6 below it, 2, 3, 5 and 4 across the middle
# (opposite faces add up to 7, as on a die). The cells left out stay blank.
DIE_TEMPLATE_CELLS = (4, 3)
DIE_TEMPLATE: dict[int, tuple[int, int]] = {
    1: (1, 0),
    2: (0, 1),
    3: (1, 1),
    5: (2, 1),
    4: (3, 1),
    6: (1, 2),
}
MAX_DIE_FACE = MAX_SIDE // DIE_TEMPLATE_CELLS[0]  # px: a template within MAX_SIDE


def die_template_cell(face: int, face_px: int) -> tuple[int, int]:
    """The top-left pixel of die face `face` (1 to 6) in a template of `face_px` px cells."""
    col, row = DIE_TEMPLATE[face]
    return col * face_px, row * face_px
