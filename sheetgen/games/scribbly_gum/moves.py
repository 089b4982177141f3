"""Scribbly Gum's movement rules: where a turn's line may go, and a sheet of circles played
through turn by turn against the movement tiles turned over (each turn the tile's line, then
every extra move the meal tracker's arrows give), each line it could not have drawn a finding."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from sheetgen.findings import Finding, error
from sheetgen.frozen import frozen
from sheetgen.games.scribbly_gum.rules import Progress, collect, extra_moves
from sheetgen.games.scribbly_gum.tree_graph import DIRECTIONS, WILD, Board

# the directions each movement tile lets a line be drawn in (the dotted-line tile: none, only
# along a dotted line); an extra move may go up, down, left or right, never along a dotted line
TILE_DIRECTIONS: dict[str, tuple[str, ...]] = {
    "left": ("left",),
    "right": ("right",),
    "up": ("up",),
    "down": ("down",),
    "left/right": ("left", "right"),
    "up/down": ("up", "down"),
    "dotted": (),
    "extra": DIRECTIONS,
}
# how the rulebook names each movement tile
TILE_NAMES = {
    "left": "LEFT",
    "right": "RIGHT",
    "up": "UP",
    "down": "DOWN",
    "left/right": "LEFT/RIGHT",
    "up/down": "UP/DOWN",
    "dotted": "DOTTED LINE",
}
WAYS = {
    "left": "left",
    "right": "right",
    "up": "upwards",
    "down": "downwards",
    "left/right": "left or right",
    "up/down": "upwards or downwards",
    "dotted": "along a dotted line",
    "extra": "upwards, downwards, left or right (never along a dotted line)",
}


def line_targets(board: Board, filled: Collection[int], tile: str) -> dict[int, int]:
    """The circles a line may reach this turn (a movement tile, or "extra" for an extra move),
    each with the filled-in circle it is drawn out of: along a printed line in one of the
    tile's directions (the dotted-line tile: along a dotted line) to a circle not yet filled."""
    out: dict[int, int] = {}
    for i in sorted(filled):
        ends = (
            board.dotted[i]
            if tile == "dotted"
            else [board.step[d][i] for d in TILE_DIRECTIONS[tile]]
        )
        for j in ends:
            if j >= 0 and j not in filled:
                out.setdefault(j, i)
    return out


@frozen
class Line:
    """One line a player drew: the circle reached and the circle it came out of (indexes on
    the board), the round and turn, and what let it be drawn (the turn's tile, or "extra")."""

    circle: int
    source: int
    round: int
    turn: int
    how: str


@frozen
class Played:
    """A sheet played through turn by turn: the lines drawn in order, what the player had done
    at the end of each turn (round, turn, progress), and the lines no tile allowed."""

    lines: tuple[Line, ...]
    after: tuple[tuple[int, int, Progress], ...]
    faults: tuple[Finding, ...]


def play_turns(
    board: Board,
    name: str,
    key: str,
    circles: Sequence[Sequence[str]],
    food: Mapping[str, int],
    revealed: Sequence[Sequence[str]],
) -> Played:
    """Read a sheet's circles (ids, each round in the order drawn) against the tiles turned
    over: each turn the next circle must be one the tile's line can reach, then one more for
    each extra move earned; a player draws nothing only when no line is possible. A circle no
    line could reach is a fault, and is taken as filled so the rest can still be read. `food`
    gives the food (0 nut, 1 leaf, 2 blossom) each wild circle was taken as."""
    index = {cid: i for i, cid in enumerate(board.ids)}
    filled = set(board.starts)
    tracker = [0, 0, 0]
    lines: list[Line] = []
    after: list[tuple[int, int, Progress]] = []
    faults: list[Finding] = []
    dotted = 0

    def take(j: int, cid: str) -> int:
        """Fill circle j in and its food on the tracker: the extra moves it earns."""
        filled.add(j)
        kind = board.kind[j]
        got = food[cid] if kind == WILD else kind
        return extra_moves(
            collect(tracker, got, 1 if kind == WILD else board.count[j]), board.arrows[got]
        )

    for r, (tiles, drawn) in enumerate(zip(revealed, circles, strict=True), start=1):
        k = 0
        missed: list[tuple[str, str, str]] = []
        for t, tile in enumerate(tiles, start=1):
            owed, how = 1, tile
            while owed:
                owed -= 1
                targets = line_targets(board, filled, how)
                where = f"{key}.circles[{r - 1}]"
                said = f"{name}, round {r} turn {t}"
                move = "the " + TILE_NAMES[tile] + " tile" if how != "extra" else "an extra move"
                if k < len(drawn) and targets:
                    j = index[drawn[k]]
                    if j not in targets:
                        faults.append(
                            error(
                                f"{where}[{k}]",
                                f"{said}: {move} draws a line only {WAYS[how]} out of a "
                                f"filled-in circle to a new one, and {drawn[k]} is not "
                                "reached that way",
                            )
                        )
                    dotted += how == "dotted"
                    lines.append(Line(j, targets.get(j, -1), r, t, how))
                    owed += take(j, drawn[k])
                    k += 1
                elif targets:
                    j, i = min(targets.items())
                    missed.append(
                        (
                            f"{t}" if how != "extra" else f"{t} (extra move)",
                            board.ids[i],
                            board.ids[j],
                        )
                    )
                how = "extra"
            after.append((r, t, Progress(set(filled), list(tracker), dotted)))
        if missed:
            turns = ", ".join(m[0] for m in missed)
            faults.append(
                error(
                    f"{key}.circles[{r - 1}]",
                    f"{name}, round {r}: no line drawn on turn{'s' if len(missed) > 1 else ''} "
                    f"{turns}, though one was possible (e.g. {missed[0][1]} to "
                    f"{missed[0][2]}): a player does nothing only on a turn with no legal line",
                )
            )
        if k < len(drawn):
            for cid in drawn[k:]:
                take(index[cid], cid)  # taken as filled, so later rounds can still be read
            left = ", ".join(drawn[k:])
            faults.append(
                error(
                    f"{key}.circles[{r - 1}][{k}]",
                    f"{name}, round {r}: {left} filled after the 7 turns and their extra moves "
                    "were all drawn: each turn draws one line, plus one for each arrow circle "
                    "filled on the tracker",
                )
            )
    return Played(tuple(lines), tuple(after), tuple(faults))
