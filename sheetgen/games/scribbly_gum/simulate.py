"""The solo game played many times by a random and a greedy player, to measure a tree.

Solo rules (rulebook): 3 random achievements, gold side up; at the start of each round one
not yet scored is flipped to silver (or removed if already silver). 3 rounds of 7 tiles from
the shuffled 8, one set aside unseen. A circle whose tracker circle carries arrows gives an
extra move (any direction, not dotted), and extra moves chain. No legal line: no move.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from typing import Literal

from sheetgen.frozen import frozen
from sheetgen.games.scribbly_gum.model import ROUNDS, TURNS, Achievement
from sheetgen.games.scribbly_gum.moves import TILE_DIRECTIONS
from sheetgen.games.scribbly_gum.rules import (
    SOLO_CHART,
    TRACKER_ROWS,
    AchievementTile,
    Progress,
    achieved,
    collect,
    column_bonus,
    extra_moves,
    final_score,
    meals,
)
from sheetgen.games.scribbly_gum.tree_graph import DIRECTIONS, START, WILD, Board

Player = Literal["random", "greedy"]
SOLO = "solo"  # the one player of a solo game


class Game:
    """One solo game in progress on a board."""

    def __init__(
        self,
        board: Board,
        rng: random.Random,
        player: Player,
        trace: list[tuple[object, ...]] | None = None,
    ) -> None:
        self.board, self.rng, self.player, self.trace = board, rng, player, trace
        n = board.size
        self.filled = bytearray(n)
        self.filled_set: set[int] = set()
        self.targets: dict[str, set[int]] = {d: set() for d in DIRECTIONS}
        self.dotted_targets: set[int] = set()
        self.tracker = [0, 0, 0]
        self.dotted_lines = 0
        self.extra = 0
        for s in board.starts:
            self._fill(s)

    def _fill(self, j: int) -> None:
        b = self.board
        self.filled[j] = 1
        self.filled_set.add(j)
        for d in DIRECTIONS:
            targets = self.targets[d]
            targets.discard(j)
            t = b.step[d][j]
            if t >= 0 and not self.filled[t]:
                targets.add(t)
        self.dotted_targets.discard(j)
        for t in b.dotted[j]:
            if not self.filled[t]:
                self.dotted_targets.add(t)

    def _collect(self, j: int) -> None:
        """Fill circle j and record its food on the tracker; arrows give extra moves."""
        b = self.board
        self._fill(j)
        kind = b.kind[j]
        if kind == START:
            return
        food = self._wild_choice() if kind == WILD else kind
        rows = collect(self.tracker, food, 1 if kind == WILD else b.count[j])
        if self.trace is not None:
            self.trace += [("tracker", food, row) for row in rows]
        self.extra += extra_moves(rows, b.arrows[food])

    def _wild_choice(self) -> int:
        t = self.tracker
        if self.player == "random":
            return self.rng.randrange(3)
        low = min(t)
        return t.index(low)

    def _choose(self, options: set[int]) -> int:
        if self.player == "random":
            return self.rng.choice(sorted(options))
        best, best_value = -1, -1.0
        for j in sorted(options):
            value = self._value(j)
            if value > best_value:
                best, best_value = j, value
        return best

    def _value(self, j: int) -> float:
        """The greedy player's view of a circle: food that lifts its lowest column, extra moves
        and room to grow."""
        b, t, filled = self.board, self.tracker, self.filled
        growth = 0
        for n in b.neighbours[j]:
            if not filled[n]:
                growth += 1
        kind = b.kind[j]
        if kind == START:
            return 0.3 * growth
        low = min(t)
        food = t.index(low) if kind == WILD else kind
        have = t[food]
        room = min(1 if kind == WILD else b.count[j], TRACKER_ROWS - have)
        lifting = min(max(low + 2 - have, 0), room)  # units that raise a lagging column count twice
        arrows = b.arrows_upto[food]
        extras = arrows[have + room] - arrows[have]
        return room + lifting + 2.5 * extras + 0.3 * growth + (0.5 if kind == WILD else 0.0)

    def move(self, options: set[int], how: str) -> bool:
        """Draw one line to a chosen circle among `options`; False when there is none."""
        if not options:
            if self.trace is not None:
                self.trace.append(("no move", how))
            return False
        j = self._choose(options)
        if how == "dotted":
            self.dotted_lines += 1
        if self.trace is not None:
            self.trace.append(("move", how, j))
        self._collect(j)
        return True

    def play_tile(self, tile: str) -> None:
        """One turn: the tile's line, then every extra move it earns."""
        if tile == "dotted":
            self.move(set(self.dotted_targets), "dotted")
        else:
            options: set[int] = set()
            for d in TILE_DIRECTIONS[tile]:
                options |= self.targets[d]
            self.move(options, tile)
        while self.extra:
            self.extra -= 1
            options = set().union(*self.targets.values())
            if self.trace is not None:
                self.trace.append(("extra",))
            self.move(options, "extra")

    def meals(self) -> int:
        return meals(self.board.meals, self.tracker)

    def progress(self) -> Progress:
        return Progress(self.filled_set, self.tracker, self.dotted_lines)


def play(
    board: Board,
    deck: Sequence[str],
    achievements: Sequence[Achievement],
    player: Player,
    rng: random.Random,
    trace: list[tuple[object, ...]] | None = None,
) -> int:
    """One solo game's final score."""
    game = Game(board, rng, player, trace)
    chosen = rng.sample(list(achievements), min(3, len(achievements)))
    tiles_in_play = [AchievementTile(a) for a in chosen]
    if trace is not None:
        trace.append(("achievements", tuple(a.title for a in chosen)))
    points: list[int] = []
    round_meals: list[int] = []
    for round_number in range(1, ROUNDS + 1):
        open_ones = [t for t in tiles_in_play if t.open_to(SOLO)]
        if open_ones:
            pick = (
                rng.choice(open_ones)
                if player == "random"
                else max(
                    open_ones,
                    key=lambda t: (
                        not achieved(t.achievement, board, game.progress()),
                        t.achievement.gold,
                    ),
                )
            )
            pick.turn_down()
            if trace is not None:
                trace.append(("turn down", pick.achievement.title))
        tiles = list(deck)
        rng.shuffle(tiles)
        hidden, tiles = tiles[0], tiles[1 : 1 + TURNS]
        if trace is not None:
            trace.append(("round", round_number, hidden))
        for tile in tiles:
            if trace is not None:
                trace.append(("tile", tile))
            game.play_tile(tile)
            progress = game.progress()
            for tile_in_play in tiles_in_play:
                if tile_in_play.open_to(SOLO) and achieved(
                    tile_in_play.achievement, board, progress
                ):
                    scored = tile_in_play.score_turn([SOLO])[SOLO]
                    points.append(scored)
                    if trace is not None:
                        trace.append(("achievement", tile_in_play.achievement.title, scored))
        round_meals.append(game.meals())
        if trace is not None:
            trace.append(("round end", round_number, game.meals()))
    return final_score(round_meals, column_bonus(game.tracker, board.column_bonus), points)


@frozen
class Summary:
    """A score distribution and its share in each band of the rulebook's solo chart."""

    player: Player
    games: int
    mean: float
    p10: float
    median: float
    p90: float
    bands: dict[str, float]


def summarise(player: Player, scores: list[int]) -> Summary:
    ordered = sorted(scores)
    # one game has no spread: its score is every decile
    deciles = (
        statistics.quantiles(ordered, n=10, method="inclusive") if len(ordered) > 1 else ordered * 9
    )
    bands = {
        name: sum(1 for s in ordered if lo <= s <= hi) / len(ordered) for lo, hi, name in SOLO_CHART
    }
    return Summary(
        player,
        len(ordered),
        statistics.fmean(ordered),
        deciles[0],
        statistics.median(ordered),
        deciles[-1],
        bands,
    )


def simulate(
    board: Board, deck: Sequence[str], achievements: Sequence[Achievement], games: int, seed: int
) -> list[Summary]:
    """Play `games` solo games for each kind of player; the same seed gives the same figures."""
    out = []
    for offset, player in enumerate(("random", "greedy")):
        rng = random.Random(seed * 2 + offset)
        scores = [play(board, deck, achievements, player, rng) for _ in range(games)]  # type: ignore[arg-type]
        out.append(summarise(player, scores))  # type: ignore[arg-type]
    return out
