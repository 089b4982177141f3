"""A tree layout compiled for play: circles by index, neighbours by direction, food tables."""

from __future__ import annotations

from sheetgen.frozen import frozen
from sheetgen.games.scribbly_gum.model import FOODS, TreeLayout

DIRECTIONS = ("left", "right", "up", "down")
STEP = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
WILD, START = 3, 4
KIND_INDEX = {"nut": 0, "leaf": 1, "blossom": 2, "wild": WILD, "start": START}


def direction_of(a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """The direction from grid point a to b when they share a row or column, else None."""
    (ax, ay), (bx, by) = a, b
    if ay == by and ax != bx:
        return "right" if bx > ax else "left"
    if ax == bx and ay != by:
        return "down" if by > ay else "up"
    return None


@frozen
class Board:
    """A tree ready for play. Circle i has `kind[i]` (0 nut, 1 leaf, 2 blossom, 3 wild,
    4 start) and `count[i]`; `step[d][i]` is the circle a solid line reaches from i in
    direction d (or -1); `dotted[i]` the circles a dotted line joins to i."""

    ids: tuple[str, ...]
    at: tuple[tuple[int, int], ...]
    kind: tuple[int, ...]
    count: tuple[int, ...]
    step: dict[str, tuple[int, ...]]
    dotted: tuple[tuple[int, ...], ...]
    starts: tuple[int, ...]
    top_row: frozenset[int]
    bottom_row: frozenset[int]
    left_column: frozenset[int]
    right_column: frozenset[int]
    meals: tuple[int, ...]
    arrows: tuple[frozenset[int], frozenset[int], frozenset[int]]
    column_bonus: int
    neighbours: tuple[tuple[int, ...], ...]  # circles a solid line reaches, any direction
    arrows_upto: tuple[tuple[int, ...], ...]  # per food: arrow rows at or above each row 0-15

    @property
    def size(self) -> int:
        return len(self.ids)


def compile_board(layout: TreeLayout) -> Board:
    """The playable form of a layout that has passed `check_tree` (ids and lines resolve)."""
    index = {c.id: i for i, c in enumerate(layout.circles)}
    at = tuple(c.at for c in layout.circles)
    step = {d: [-1] * len(at) for d in DIRECTIONS}
    for text in layout.lines:
        a, b = (index[p] for p in text.split("-"))
        d = direction_of(at[a], at[b])
        if d is None:
            continue
        back = {"left": "right", "right": "left", "up": "down", "down": "up"}[d]
        step[d][a], step[back][b] = b, a
    dotted: list[list[int]] = [[] for _ in at]
    for line in layout.dotted:
        a, b = index[line.ends[0]], index[line.ends[1]]
        dotted[a].append(b)
        dotted[b].append(a)
    rows = [y for _, y in at]
    cols = [x for x, _ in at]
    return Board(
        ids=tuple(c.id for c in layout.circles),
        at=at,
        kind=tuple(KIND_INDEX[c.food] for c in layout.circles),
        count=tuple(c.count for c in layout.circles),
        step={d: tuple(v) for d, v in step.items()},
        dotted=tuple(tuple(v) for v in dotted),
        starts=tuple(i for i, c in enumerate(layout.circles) if c.food == "start"),
        top_row=frozenset(i for i, y in enumerate(rows) if y == min(rows)),
        bottom_row=frozenset(i for i, y in enumerate(rows) if y == max(rows)),
        left_column=frozenset(i for i, x in enumerate(cols) if x == min(cols)),
        right_column=frozenset(i for i, x in enumerate(cols) if x == max(cols)),
        meals=tuple(layout.tracker.meals),
        arrows=tuple(frozenset(layout.tracker.arrows.get(f, [])) for f in FOODS),  # type: ignore
        column_bonus=layout.tracker.column_bonus,
        neighbours=tuple(
            tuple(step[d][i] for d in DIRECTIONS if step[d][i] >= 0) for i in range(len(at))
        ),
        arrows_upto=tuple(
            tuple(sum(1 for r in layout.tracker.arrows.get(f, []) if r <= row) for row in range(16))
            for f in FOODS
        ),
    )
