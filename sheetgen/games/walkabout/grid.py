"""The triangular grid of a Walkabout map, with vertical grid lines.

Nodes are (q, v): column q, and v counted in half edges downwards, with q + v even. From a node
the six neighbours lie N (q, v-2), NE (q+1, v-1), SE (q+1, v+1), S (q, v+2), SW (q-1, v+1) and
NW (q-1, v-1). A space (triangle) is named [q, v]: it lies between columns q and q+1 with its
centre at half-step v; when q + v is odd it points right, otherwise left.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator

from sheetgen.frozen import frozen

Node = tuple[int, int]
Space = tuple[int, int]
Segment = frozenset[Node]

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")  # clockwise
STEP: dict[str, Node] = {
    "N": (0, -2),
    "NE": (1, -1),
    "SE": (1, 1),
    "S": (0, 2),
    "SW": (-1, 1),
    "NW": (-1, -1),
}
SQRT3 = math.sqrt(3)


def turn(direction: str, sixths: int) -> str:
    """The direction `sixths` × 60° clockwise from `direction`."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + sixths) % 6]


def direction_between(a: Node, b: Node) -> str | None:
    """The direction of the step from node a to its neighbour b (None if not neighbours)."""
    delta = (b[0] - a[0], b[1] - a[1])
    for name, step in STEP.items():
        if step == delta:
            return name
    return None


@functools.cache
def _spaces(columns: int, rows: int) -> tuple[Space, ...]:
    grid = Grid(columns, rows, 1.0)
    return tuple(
        (q, v) for q in range(columns - 1) for v in range(1, 2 * rows) if grid.has_space((q, v))
    )


def segment(a: Node, b: Node) -> Segment:
    return frozenset((a, b))


@frozen
class Grid:
    """A map grid: `columns` columns of nodes, `rows` edges tall, edges of `edge` mm."""

    columns: int
    rows: int
    edge: float

    @property
    def max_v(self) -> int:
        return 2 * self.rows

    def has_node(self, node: Node) -> bool:
        q, v = node
        return 0 <= q < self.columns and 0 <= v <= 2 * self.rows and (q + v) % 2 == 0  # max_v

    def nodes(self) -> Iterator[Node]:
        for q in range(self.columns):
            for v in range(q % 2, self.max_v + 1, 2):
                yield (q, v)

    def neighbour(self, node: Node, direction: str) -> Node | None:
        dq, dv = STEP[direction]
        other = (node[0] + dq, node[1] + dv)
        return other if self.has_node(other) else None

    def space_nodes(self, space: Space) -> tuple[Node, Node, Node]:
        """The three corners of a space."""
        q, v = space
        if (q + v) % 2:  # points right: vertical edge on column q
            return ((q, v - 1), (q, v + 1), (q + 1, v))
        return ((q + 1, v - 1), (q + 1, v + 1), (q, v))

    def has_space(self, space: Space) -> bool:
        q, _v = space
        if not 0 <= q < self.columns - 1:
            return False
        a, b, c = self.space_nodes(space)
        return self.has_node(a) and self.has_node(b) and self.has_node(c)

    def spaces(self) -> tuple[Space, ...]:
        """Every space of the grid, column by column (worked out once for a grid's size)."""
        return _spaces(self.columns, self.rows)

    def spaces_at(self, node: Node) -> set[Space]:
        """The spaces with `node` for a corner (up to six): a space's corners lie in its own
        column of nodes and the next, one row above it, on its row, or one row below."""
        q, v = node
        near = ((q + dq, v + dv) for dq in (-1, 0) for dv in (-1, 0, 1))
        return {s for s in near if self.has_space(s) and node in self.space_nodes(s)}

    def space_edges(self, space: Space) -> tuple[Segment, Segment, Segment]:
        a, b, c = self.space_nodes(space)
        return (segment(a, b), segment(b, c), segment(a, c))

    def position(self, node: Node) -> tuple[float, float]:
        """Node position in mm from the grid's top-left node column."""
        return node[0] * self.edge * SQRT3 / 2, node[1] * self.edge / 2

    def centre(self, space: Space) -> tuple[float, float]:
        pts = [self.position(n) for n in self.space_nodes(space)]
        return sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3

    @property
    def width(self) -> float:
        return (self.columns - 1) * self.edge * SQRT3 / 2

    @property
    def height(self) -> float:
        return self.rows * self.edge

    def is_border(self, seg: Segment) -> bool:
        """True for a segment on the map's edge (it has a space on one side only)."""
        a, b = tuple(seg)
        sides = [s for s in self._spaces_beside(a, b) if self.has_space(s)]
        return len(sides) < 2

    def _spaces_beside(self, a: Node, b: Node) -> list[Space]:
        (qa, va), (qb, vb) = sorted((a, b))
        if qa == qb:  # vertical edge: spaces to its left and right
            v = (va + vb) // 2
            return [(qa - 1, v), (qa, v)]
        # a diagonal edge: the spaces on either side are centred level with its two ends
        return [(qa, min(va, vb)), (qa, max(va, vb))]


UNIT_VECTORS = {d: (STEP[d][0] * SQRT3 / 2, STEP[d][1] / 2) for d in DIRECTIONS}


def unit(direction: str) -> tuple[float, float]:
    """A unit vector (in edge lengths, y down) pointing along `direction`."""
    x, y = UNIT_VECTORS[direction]
    n = math.hypot(x, y)
    return x / n, y / n
