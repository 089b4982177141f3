"""The ink a Walkabout map draws round its spaces (how wide its paths, how large the marks at
its nodes, how wide its grid lines) and the room that leaves a symbol drawn in a space: the
lines its ink keeps inside of, PAPER from the path and the marks at the space's corners; and
the one size of a map's symbols, and where each sits."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from sheetgen.frozen import frozen
from sheetgen.games.walkabout.fit import (
    Keep,
    Point,
    fit,
    fit_size,
    keep_from_line,
    keep_from_point,
)
from sheetgen.games.walkabout.grid import DIRECTIONS, Grid, Node, Segment, Space, segment
from sheetgen.games.walkabout.model import SYMBOLS, MapLayout
from sheetgen.games.walkabout.rules import grid_of
from sheetgen.games.walkabout.symbols import symbol

PATH_WIDTH = 1.1  # mm: yesterday's path, printed
PEN_WIDTH = 0.8  # mm: the path a player draws
END_R = 1.9  # mm: the disc where a player's path ends
START_R, START_WIDTH = 1.8, 0.5  # mm: the ring where yesterday's path ends, and its stroke
STAR = 2.1  # mm: a map star's outer radius
RING, RING_WIDTH = 2.5, 0.4  # mm: the pen ring round a map star walked onto, clear of its
# star, and its stroke
GRID_WIDTH, BORDER_WIDTH = 0.25, 0.6  # mm: the grid's lines and the map's edge
PAPER = 1.0  # mm of paper between a symbol and the path, or a disc, ring or star at a node
GRID_PAPER = 0.3  # mm of paper between a symbol and a bare grid line round its space
SYMBOL = 0.5  # the most a symbol may be across, in edges
SYMBOL_PEN = 0.5  # mm: a map symbol's main strokes
SETTLE = 12  # the most rounds of fitting a symbol whose strokes keep their width (each ~3x
# nearer the size it settles at)


@frozen
class Beside:
    """The ink round a sheet's spaces that its symbols keep PAPER clear of, as how far it
    reaches (mm) from the centre line of a side (`sides`: a path along it) or from a node
    (`nodes`: a path's end disc or ring, a star or the ring round one walked onto, the round
    joint where a path passes). Sides not in `sides` carry only a grid line."""

    sides: dict[Segment, float]
    nodes: dict[Node, float]


def printed_beside(layout: MapLayout) -> Beside:
    """What may come to lie round a printed symbol by the end of any game: the player's path
    along every side (yesterday's, wider, where it lies), at every node a path's end disc, at
    the start its ring, at a star the ring round it."""
    g = grid_of(layout)
    sides = {side: PEN_WIDTH / 2 for space in g.spaces() for side in g.space_edges(space)}
    sides.update({segment(a, b): PATH_WIDTH / 2 for a, b in itertools.pairwise(layout.path)})
    nodes = dict.fromkeys(g.nodes(), END_R)
    nodes[layout.path[-1]] = START_R + START_WIDTH / 2
    nodes.update(dict.fromkeys(layout.stars, RING + RING_WIDTH / 2))
    return Beside(sides, nodes)


def game_beside(layout: MapLayout, path: Sequence[Node], collected: Sequence[Node]) -> Beside:
    """What lies round a symbol on a finished sheet, as drawn: the player's `path` and
    yesterday's, each with its end mark, the stars and the rings round those `collected`."""
    sides: dict[Segment, float] = {}
    nodes = dict.fromkeys(layout.stars, STAR)
    for walk, half in ((path, PEN_WIDTH / 2), (layout.path, PATH_WIDTH / 2)):
        for a, b in itertools.pairwise(walk):
            sides[segment(a, b)] = max(half, sides.get(segment(a, b), 0.0))
        for node in walk:
            nodes[node] = max(half, nodes.get(node, 0.0))
    nodes[path[-1]] = max(END_R, nodes[path[-1]])
    nodes[layout.path[-1]] = max(START_R + START_WIDTH / 2, nodes[layout.path[-1]])
    nodes.update(dict.fromkeys(collected, RING + RING_WIDTH / 2))
    return Beside(sides, nodes)


def keeps(grid: Grid, space: Space, beside: Beside) -> list[Keep]:
    """The lines (in the grid's mm) a symbol in `space` keeps inside of: PAPER from the path
    along a side and from what lies at a corner, GRID_PAPER from a side's bare grid line."""
    middle = grid.centre(space)
    out = []
    for side in grid.space_edges(space):
        a, b = sorted(side)
        if side in beside.sides:
            clear = beside.sides[side] + PAPER
        else:
            clear = (BORDER_WIDTH if grid.is_border(side) else GRID_WIDTH) / 2 + GRID_PAPER
        out.append(keep_from_line(grid.position(a), grid.position(b), middle, clear))
    for node in grid.space_nodes(space):
        if node in beside.nodes:
            out.append(keep_from_point(grid.position(node), middle, beside.nodes[node] + PAPER))
    return out


def symbol_size(layout: MapLayout) -> float:
    """The one size (mm across) of the symbols on a map, printed or drawn in play: the largest,
    up to SYMBOL edges, at which each of the five, pointing any way, keeps PAPER from whatever a
    game could draw round its space (the player's path along all three sides, a path's end disc
    at every corner)."""
    return _symbol_size(layout.columns, layout.rows, layout.edge)


# `searched_size` of the grid every built-in map and the starter are drawn on, worked out ahead
# (the search is most of a map's drawing: 45 ms of a `check`, of `watch`'s every save); a test
# works it out anew.
WORKED_OUT: dict[tuple[int, int, float], float] = {(19, 15, 10.3): 3.4288286227878864}


@functools.cache
def _symbol_size(columns: int, rows: int, edge: float) -> float:
    """`symbol_size` of a grid, worked out once a grid (the same for every map of one grid),
    or ahead (WORKED_OUT)."""
    known = WORKED_OUT.get((columns, rows, edge))
    return known if known is not None else searched_size(columns, rows, edge)


def searched_size(columns: int, rows: int, edge: float) -> float:
    """`symbol_size` of a grid, searched for: every symbol fitted pointing every way."""
    g = Grid(columns, rows, edge)
    space = next(iter(g.spaces()))
    around = Beside(
        {side: PEN_WIDTH / 2 for side in g.space_edges(space)},
        dict.fromkeys(g.space_nodes(space), END_R),
    )
    where = keeps(g, space, around)
    largest = edge * SYMBOL
    return min(
        settled_size(kind, facing, g.centre(space), where, largest)
        for kind, facing in itertools.product(SYMBOLS, DIRECTIONS)
    )


def settle(
    kind: str, facing: str | None, middle: Point, where: list[Keep], largest: float
) -> tuple[float, float, float]:
    """Where a symbol drawn with SYMBOL_PEN strokes sits near `middle` and how large it is: the
    largest up to `largest` whose ink keeps inside `where` (see `fit`). Its strokes are as wide
    at every size, so it is fitted, redrawn at the size found and fitted again till it settles
    (a space beside a star's ring or yesterday's wider path may hold a map's one size only a
    few percent smaller)."""
    x, y, size = middle[0], middle[1], largest
    for _ in range(SETTLE):
        unit = symbol(kind, 0, 0, 1, "#000000", facing, SYMBOL_PEN / size)
        x, y, found = fit(unit, middle, where, largest, largest / 2)
        if found == size:
            break
        size = found
    return x, y, size


def settled_size(
    kind: str, facing: str | None, middle: Point, where: list[Keep], largest: float
) -> float:
    """The size `settle` finds, in the same rounds, the symbol left uncentred in each."""
    size = largest
    for _ in range(SETTLE):
        unit = symbol(kind, 0, 0, 1, "#000000", facing, SYMBOL_PEN / size)
        found = fit_size(unit, middle, where, largest, largest / 2)
        if found == size:
            break
        size = found
    return size
