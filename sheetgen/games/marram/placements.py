"""Where a tile may be laid next: every empty place touching the board, on either side, at
each quarter turn, where it fits by the rules of `faces.fits`."""

from __future__ import annotations

from sheetgen.games.marram.faces import STEP, Board, Face, Pos, back, fits, front, turn
from sheetgen.games.marram.model import TileType

WayToLay = tuple[Pos, str, int]  # a tile's place, side up, quarter turns clockwise


def open_places(board: Board) -> list[Pos]:
    """The empty places sharing an edge with a tile on the board, in order (x, then y)."""
    around = {(x + dx, y + dy) for x, y in board for dx, dy in STEP.values()}
    return sorted(p for p in around if p not in board)


def placements(board: Board, tile: TileType) -> list[WayToLay]:
    """Every legal way to lay `tile` on `board`: place, side and turns, in that order."""
    found: list[WayToLay] = []
    for pos in open_places(board) if board else [(0, 0)]:
        for side, face in (("front", front(tile)), ("back", back(tile))):
            for n in range(4):
                if fits(board, turn(face, n), pos)[0]:
                    found.append((pos, side, n))
    return found


def _looks(face: Face) -> tuple[object, ...]:
    """What a face lying on the board shows: the patch at each corner, the middle, each
    segment with the edges it reaches, each coin or flower with its corner."""
    return (
        tuple(sorted(face.corners)),
        face.centre,
        frozenset((s.kind, frozenset(s.edges)) for s in face.segments),
        frozenset(face.items),
    )


Alike = list[tuple[str, int]]  # the other sides and turns that give the same tile


def distinct(found: list[WayToLay], tile: TileType) -> list[tuple[WayToLay, Alike]]:
    """`found` with each resulting tile listed once, at its first side and turn, with the
    other sides and turns (in order) that leave the same tile lying at that place."""
    faces = {"front": front(tile), "back": back(tile)}
    out: dict[tuple[Pos, tuple[object, ...]], tuple[WayToLay, Alike]] = {}
    for pos, side, n in found:
        key = (pos, _looks(turn(faces[side], n)))
        if key in out:
            out[key][1].append((side, n))
        else:
            out[key] = ((pos, side, n), [])
    return list(out.values())
