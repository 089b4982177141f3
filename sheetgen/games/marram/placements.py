"""Where a tile may be laid next: every empty place touching the board, on either side, at
each quarter turn, where it fits by the rules of `board.fits`."""

from __future__ import annotations

from sheetgen.games.marram.board import STEP, Board, Pos, back, fits, front, turn
from sheetgen.games.marram.model import TileType

Placement = tuple[Pos, str, int]  # place, side up, quarter turns clockwise


def open_places(board: Board) -> list[Pos]:
    """The empty places sharing an edge with a tile on the board, in order (x, then y)."""
    around = {(x + dx, y + dy) for x, y in board for dx, dy in STEP.values()}
    return sorted(p for p in around if p not in board)


def placements(board: Board, tile: TileType) -> list[Placement]:
    """Every legal way to lay `tile` on `board`: place, side and turns, in that order."""
    found: list[Placement] = []
    for pos in open_places(board) if board else [(0, 0)]:
        for side, face in (("front", front(tile)), ("back", back(tile))):
            for n in range(4):
                if fits(board, turn(face, n), pos)[0]:
                    found.append((pos, side, n))
    return found
