"""Scribbly Gum records without the movement tiles: the lines of a sheet of circles checked
round by round, as far as the rules still show them (the tiles themselves are unknown)."""

from __future__ import annotations

from collections import Counter, deque

from sheetgen.findings import Finding, error
from sheetgen.games.scribbly_gum.model import ROUNDS, TURNS, PlayerSheet
from sheetgen.games.scribbly_gum.moves import TILE_DIRECTIONS, TILE_NAMES, WAYS
from sheetgen.games.scribbly_gum.record import Replay, Setup
from sheetgen.games.scribbly_gum.tree_graph import DIRECTIONS


def check_rounds(setup: Setup, sheet: PlayerSheet, key: str, play: Replay) -> list[Finding]:
    """A round draws at most one line a turn plus its extra moves, and a line only from a
    filled-in circle (along a dotted line only on the dotted-line tile)."""
    out = []
    dotted_tiles = setup.tiles.movement.count("dotted")
    lines = [0, *play.dotted]
    food = [0, *(sum(t) for t in play.trackers)]
    for r in range(1, ROUNDS + 1):
        extra = play.extras[r - 1]
        most = TURNS + extra
        plural = "s" if extra != 1 else ""
        if sheet.circles is not None and len(sheet.circles[r - 1]) > most:
            out.append(
                error(
                    f"{key}.circles[{r - 1}]",
                    f"{len(sheet.circles[r - 1])} circles filled in round {r}, but a round is "
                    f"{TURNS} turns of one line each and the tracker's arrows gave {extra} extra "
                    f"move{plural}: {most} circles at most",
                )
            )
        if sheet.tracker is not None and food[r] - food[r - 1] > 3 * most:
            out.append(
                error(
                    f"{key}.tracker[{r - 1}]",
                    f"{food[r] - food[r - 1]} food filled in on the tracker in round {r}, but "
                    f"{TURNS} turns and {extra} extra move{plural} reach {most} circles of "
                    f"3 food at most: {3 * most} food",
                )
            )
        if lines[r] - lines[r - 1] > dotted_tiles:
            out.append(
                error(
                    f"{key}.dotted",
                    f"{lines[r] - lines[r - 1]} dotted lines drawn in round {r}, but the deck "
                    f"has {dotted_tiles} dotted-line tile{'s' if dotted_tiles != 1 else ''} "
                    "(each turned up once a round) and extra moves never follow a dotted line",
                )
            )
    if play.filled is not None and sheet.circles is not None:
        out += _check_reached(setup, sheet, key, play.filled)
        out += _check_directions(setup, sheet, key, play)
    return out


def _check_directions(setup: Setup, sheet: PlayerSheet, key: str, play: Replay) -> list[Finding]:
    """Without the tiles, what the deck still shows: read in the order drawn, a circle whose
    only filled-in neighbour lies one way was reached by a line drawn that way, and a round
    turns over 7 of the 8 tiles, so no more such lines than the tiles allowing that way plus
    the round's extra moves."""
    board, deck = setup.board, setup.tiles.movement
    assert sheet.circles is not None
    back = {"left": "right", "right": "left", "up": "down", "down": "up"}
    out = []
    filled = set(board.starts)
    for r, circles in enumerate(sheet.circles, start=1):
        forced: Counter[str] = Counter()
        for cid in circles:
            j = board.ids.index(cid)
            ways = {d for d in DIRECTIONS if board.step[back[d]][j] in filled}
            if cid not in sheet.dotted and len(ways) == 1:
                forced[ways.pop()] += 1
            filled.add(j)
        extra = play.extras[r - 1]
        for d in DIRECTIONS:
            kinds = sorted({t for t in deck if d in TILE_DIRECTIONS[t]})
            allow = min(sum(1 for t in deck if t in kinds), TURNS)
            if forced[d] > allow + extra:
                names = " and ".join(TILE_NAMES[t] for t in kinds)
                out.append(
                    error(
                        f"{key}.circles[{r - 1}]",
                        f"{sheet.name}, round {r}: {forced[d]} circles can only have been "
                        f"reached by a line drawn {WAYS[d]}, but the deck's {names} tiles allow "
                        f"{allow} such line{'s' if allow != 1 else ''} a round and the "
                        f"tracker's arrows gave {extra} extra move{'s' if extra != 1 else ''}: "
                        f"{allow + extra} at most",
                    )
                )
    return out


def _check_reached(
    setup: Setup, sheet: PlayerSheet, key: str, filled: tuple[frozenset[int], ...]
) -> list[Finding]:
    """Every circle filled by a round's end is joined to the start circles by lines drawn by
    then: solid lines, and dotted lines into the circles marked as reached along one."""
    board = setup.board
    assert sheet.circles is not None
    along_dots = {board.ids.index(cid) for cid in sheet.dotted}
    out: list[Finding] = []
    for r, have in enumerate(filled, start=1):
        reached = set(board.starts)
        queue = deque(reached)
        while queue:
            i = queue.popleft()
            solid = [j for j in board.neighbours[i] if j not in along_dots]
            for j in [*solid, *(j for j in board.dotted[i] if j in along_dots)]:
                if j in have and j not in reached:
                    reached.add(j)
                    queue.append(j)
        for k, cid in enumerate(sheet.circles[r - 1]):
            if board.ids.index(cid) not in reached:
                how = "a dotted line" if cid in sheet.dotted else "a solid line"
                out.append(
                    error(
                        f"{key}.circles[{r - 1}][{k}]",
                        f"circle {cid} is joined by {how} to no circle filled in by the end of "
                        f"round {r}: every line is drawn out of a filled-in circle",
                    )
                )
    return out
