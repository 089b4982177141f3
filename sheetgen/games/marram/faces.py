"""Marram tiles as the rules see them: faces, rotation, edge matching, and the features
(beasts and patches) of a board of placed tiles."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sheetgen.frozen import frozen
from sheetgen.games.marram.model import CORNERS, EDGES, TileType

Pos = tuple[int, int]
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP: dict[str, Pos] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
# each edge's two corners in clockwise order; facing edges meet with their pairs reversed
EDGE_CORNERS = {"N": ("NW", "NE"), "E": ("NE", "SE"), "S": ("SE", "SW"), "W": ("SW", "NW")}
MIRROR = {"NW": "NE", "NE": "NW", "SE": "SW", "SW": "SE", "N": "N", "S": "S", "E": "W", "W": "E"}
LATTICE: dict[str, Pos] = {"NW": (0, 0), "NE": (1, 0), "SE": (1, 1), "SW": (0, 1)}
ADJACENT = (("NW", "NE"), ("NE", "SE"), ("SE", "SW"), ("SW", "NW"))


@frozen
class Segment:
    """A beast segment on a face: its kind and the edge(s) it reaches."""

    kind: str
    edges: tuple[str, ...]

    @property
    def beast(self) -> str:
        """blue, orange, worm, or beastly (takes the type of what it joins)."""
        return self.kind.split("-")[0]


@frozen
class Face:
    """One side of a tile, turned as it lies: corner kinds, middle, segments, items, spade."""

    corners: tuple[tuple[str, str], ...]  # (corner, kind) in CORNERS order
    centre: str
    segments: tuple[Segment, ...]
    items: tuple[tuple[str, str], ...] = ()  # (kind, corner)
    spade: bool = False
    name: str = ""

    def kind(self, corner: str) -> str:
        return dict(self.corners)[corner]

    def connection(self, edge: str) -> str | None:
        for seg in self.segments:
            if edge in seg.edges:
                return seg.beast
        return None

    def segment_at(self, edge: str) -> int | None:
        for i, seg in enumerate(self.segments):
            if edge in seg.edges:
                return i
        return None


def parse_segment(text: str) -> Segment:
    kind, _, edges = text.partition(":")
    return Segment(kind, tuple(edges.split("-")))


def _centre(corners: str, given: str | None) -> str:
    """What lies in the middle of a face: as given, else the kind of three or four corners."""
    if given:
        return given
    return "s" if corners.count("s") > 2 else "g"


def front(tile: TileType) -> Face:
    """A tile's front as printed, unturned."""
    return Face(
        tuple(zip(CORNERS, tile.corners, strict=True)),
        _centre(tile.corners, tile.centre),
        tuple(parse_segment(s) for s in tile.segments),
        tuple((i.kind, i.corner) for i in tile.items),
        tile.spade,
        tile.name,
    )


def back_corners(tile: TileType) -> str:
    """The back's corner kinds by the rule: mirrored left to right, or swapped on spade tiles."""
    if tile.spade:
        return "".join("s" if k == "g" else "g" for k in tile.corners)
    kinds: dict[str, str] = dict(zip(CORNERS, tile.corners, strict=True))
    return "".join(kinds[MIRROR[c]] for c in CORNERS)


def back(tile: TileType) -> Face:
    """A tile's back: the same segments; patches mirrored (spade tiles: swapped)."""
    corners = tile.back or back_corners(tile)
    centre = _centre(tile.corners, tile.centre)
    if tile.spade:
        centre = "s" if centre == "g" else "g"
        items: tuple[tuple[str, str], ...] = ()
    else:
        items = tuple((i.kind, MIRROR[i.corner]) for i in tile.items)
    return Face(
        tuple(zip(CORNERS, corners, strict=True)),
        centre,
        tuple(parse_segment(s) for s in tile.segments),
        items,
        tile.spade,
        tile.name,
    )


def turn(face: Face, turns: int) -> Face:
    """The face turned `turns` quarter turns clockwise."""
    if turns % 4 == 0:
        return face

    def c(name: str) -> str:
        return CORNERS[(CORNERS.index(name) + turns) % 4]

    def e(name: str) -> str:
        return EDGES[(EDGES.index(name) + turns) % 4]

    corners = dict((c(k), v) for k, v in face.corners)
    return Face(
        tuple((k, corners[k]) for k in CORNERS),
        face.centre,
        tuple(Segment(s.kind, tuple(e(x) for x in s.edges)) for s in face.segments),
        tuple((kind, c(corner)) for kind, corner in face.items),
        face.spade,
        face.name,
    )


def compatible(a: str | None, b: str | None) -> bool:
    """Beast connections match when equal, or when one is beastly and the other a beast."""
    return a == b or (a is not None and b is not None and "beastly" in (a, b))


def edge_matches(face: Face, edge: str, other: Face) -> bool:
    """Whether `face`'s `edge` fits against `other` lying across that edge."""
    mine = [face.kind(c) for c in EDGE_CORNERS[edge]]
    theirs = [other.kind(c) for c in EDGE_CORNERS[OPPOSITE[edge]]]
    return mine == theirs[::-1] and compatible(
        face.connection(edge), other.connection(OPPOSITE[edge])
    )


Board = Mapping[Pos, Face]


def fits(board: Board, face: Face, pos: Pos) -> tuple[bool, str]:
    """Whether `face` may be laid at `pos`: an empty place next to the board, every adjoining
    edge matching patch for patch and beast for beast, one kind of beast along every beast."""
    if pos in board:
        return False, f"{list(pos)} already holds a tile"
    neighbours = [(e, (pos[0] + STEP[e][0], pos[1] + STEP[e][1])) for e in EDGES]
    if board and not any(p in board for _, p in neighbours):
        return False, f"{list(pos)} does not touch the tiles already laid"
    for e, p in neighbours:
        if p in board and not edge_matches(face, e, board[p]):
            return False, f"the {e} edge does not match the tile at {list(p)}"
    trial = dict(board)
    trial[pos] = face
    for beast in beasts(trial):
        if len(beast.types) > 1:
            return False, "it would join beasts of different kinds"
    return True, "fits"


@dataclass
class Beast:
    """A beast: its segments (position, index), their kinds, and its unjoined edges."""

    parts: list[tuple[Pos, int]] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    open_edges: int = 0

    @property
    def types(self) -> set[str]:
        return {k.split("-")[0] for k in self.kinds} - {"beastly"}

    @property
    def complete(self) -> bool:
        return self.open_edges == 0


@dataclass
class Patch:
    """A patch of grass or sand: its quarters (position, corner), bulges and items."""

    kind: str
    quarters: list[tuple[Pos, str]] = field(default_factory=list)
    points: set[Pos] = field(default_factory=set)  # lattice points it touches
    bulges: int = 0
    items: list[str] = field(default_factory=list)
    complete: bool = False


class _Union:
    def __init__(self) -> None:
        self.parent: dict[object, object] = {}

    def find(self, x: object) -> object:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def join(self, a: object, b: object) -> None:
        self.parent[self.find(a)] = self.find(b)


def beasts(board: Board) -> list[Beast]:
    """Every beast on the board: segments joined across matching edges."""
    u = _Union()
    open_count: dict[tuple[Pos, int], int] = {}
    for pos, face in board.items():
        for i, seg in enumerate(face.segments):
            u.find((pos, i))
            open_count[(pos, i)] = 0
            for e in seg.edges:
                other = (pos[0] + STEP[e][0], pos[1] + STEP[e][1])
                j = board[other].segment_at(OPPOSITE[e]) if other in board else None
                if j is None:
                    open_count[(pos, i)] += 1
                else:
                    u.join((pos, i), (other, j))
    groups: dict[object, Beast] = {}
    for part in sorted(open_count):
        beast = groups.setdefault(u.find(part), Beast())
        beast.parts.append(part)
        beast.kinds.append(board[part[0]].segments[part[1]].kind)
        beast.open_edges += open_count[part]
    return list(groups.values())


def patches(board: Board) -> list[Patch]:
    """Every grass and sand patch: quarters joined inside tiles and around lattice points."""
    u = _Union()
    for pos, face in board.items():
        for a, b in ADJACENT:
            if face.kind(a) == face.kind(b):
                u.join((pos, a), (pos, b))
        for a, b in (("NW", "SE"), ("NE", "SW")):
            if face.kind(a) == face.kind(b) == face.centre:
                u.join((pos, a), (pos, b))
        for c in CORNERS:
            point = (pos[0] + LATTICE[c][0], pos[1] + LATTICE[c][1])
            u.join((pos, c), ("point", point, face.kind(c)))
    groups: dict[object, Patch] = {}
    for pos in sorted(board):
        face = board[pos]
        for c in CORNERS:
            patch = groups.setdefault(u.find((pos, c)), Patch(face.kind(c)))
            patch.quarters.append((pos, c))
            patch.points.add((pos[0] + LATTICE[c][0], pos[1] + LATTICE[c][1]))
            patch.items += [kind for kind, corner in face.items if corner == c]
    for patch in groups.values():
        full = [
            p
            for p in patch.points
            if all((p[0] - dx, p[1] - dy) in board for dx, dy in LATTICE.values())
        ]
        patch.bulges = len(full)
        patch.complete = len(full) == len(patch.points)
    return list(groups.values())
