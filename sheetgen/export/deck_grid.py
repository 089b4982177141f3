"""Deck sheets and dice templates for digital tables, as plain arithmetic on pixels: how many
faces a sheet holds, its grid and cell size within a tabletop's limits, where each face goes,
and where each face of a six-sided die goes in the Custom Dice template."""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheetgen.errors import SheetgenError

MAX_ACROSS = 10  # faces across a Tabletop Simulator deck sheet
MAX_DOWN = 7  # faces down
MAX_SIDE = 4096  # px: the largest side of an image a digital table is asked to load
MAX_CELL = 512  # px: the widest face a sheet is given unless asked for less
MIN_CELL = 32  # px: a narrower face shows nothing a player can read


@dataclass(frozen=True)
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


def split_deck(count: int) -> list[range]:
    """The indices of a deck's `count` faces on each of its sheets, 70 a sheet. (Tabletop
    Simulator shows the last image of a sheet for a card in a hand, which would leave 69 a
    sheet, unless the deck's back is hidden: sheetgen's decks hide their backs.)"""
    per = MAX_ACROSS * MAX_DOWN
    return [range(start, min(start + per, count)) for start in range(0, count, per)]


def grid_shape(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet of `count` cells (at most 70): as wide as it can be, up to
    10 across, with as many rows as it needs."""
    if not 1 <= count <= MAX_ACROSS * MAX_DOWN:
        raise ValueError(f"a deck sheet holds 1 to {MAX_ACROSS * MAX_DOWN} faces, not {count}")
    cols = min(MAX_ACROSS, count)
    return cols, math.ceil(count / cols)


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
