"""A Marram tile as it lies during a game: its design, side, turns and flips, the beasts taken
off it (pitchfork and animals)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from sheetgen.games.marram.faces import Face, back, front, turn
from sheetgen.games.marram.model import TileType

SWAP = {"g": "s", "s": "g"}


def swapped(face: Face) -> Face:
    """A face with grass and sand swapped: the back a tile gains once its beasts are gone."""
    return replace(
        face,
        corners=tuple((c, SWAP[k]) for c, k in face.corners),
        centre=SWAP[face.centre],
        items=(),
    )


@dataclass
class Lying:
    """A tile on the board: its design, the side up, its quarter turns, whether its patches are
    swapped (a tile flipped after losing its beasts), the printed segments taken off it, its
    flips, whether it may flip (pitchfork), and the move that last laid or flipped it."""

    tile: TileType
    side: str
    turns: int
    move: int
    swapped: bool = False
    removed: frozenset[int] = frozenset()
    flips: list[int] = field(default_factory=list)
    flippable: bool = False
    boot_blocked: bool = False

    def kept(self) -> list[int]:
        """The printed indices of the segments still on the tile, in face order."""
        return [i for i in range(len(self.tile.segments)) if i not in self.removed]

    def face(self) -> Face:
        """The face as it lies: the side up, beasts taken off, patches swapped, turned."""
        base = front(self.tile) if self.side == "front" else back(self.tile)
        if self.removed:
            base = replace(base, segments=tuple(base.segments[i] for i in self.kept()))
        return turn(swapped(base) if self.swapped else base, self.turns)
