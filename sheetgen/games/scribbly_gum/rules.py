"""Scribbly Gum's rules: tree checks, tile checks, meals and scores, achievements."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from sheetgen.colour_sight import alike_findings
from sheetgen.findings import Finding, error
from sheetgen.games.scribbly_gum.areas import tree_area
from sheetgen.games.scribbly_gum.model import FOODS, Achievement, TilesLayout, TreeLayout
from sheetgen.games.scribbly_gum.tree_graph import Board, direction_of
from sheetgen.model.paper import BOTH_PAPERS

TRACKER_ROWS = 15


def _line_ends(layout: TreeLayout) -> list[tuple[int, str, str]]:
    return [(i, *text.split("-")) for i, text in enumerate(layout.lines)]  # type: ignore[misc]


def _between(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """Grid points strictly between a and b on a straight horizontal or vertical line."""
    (ax, ay), (bx, by) = a, b
    if ay == by:
        return [(x, ay) for x in range(min(ax, bx) + 1, max(ax, bx))]
    return [(ax, y) for y in range(min(ay, by) + 1, max(ay, by))]


def _crosses(
    p: tuple[tuple[int, int], tuple[int, int]], q: tuple[tuple[int, int], tuple[int, int]]
) -> bool:
    """True when two horizontal/vertical segments share a point other than a common end."""
    (a, b), (c, d) = p, q
    shared_end = {a, b} & {c, d}
    pts_p = {a, b, *_between(a, b)}
    pts_q = {c, d, *_between(c, d)}
    return bool((pts_p & pts_q) - shared_end) or len(pts_p & pts_q) > 1


Box = tuple[int, int, int, int]


def _box(seg: tuple[tuple[int, int], tuple[int, int]]) -> Box:
    """The grid points a segment spans, as (left, top, right, bottom)."""
    (ax, ay), (bx, by) = seg
    return min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)


def _apart(p: Box, q: Box) -> bool:
    """True when two spans share no grid point."""
    return p[2] < q[0] or q[2] < p[0] or p[3] < q[1] or q[3] < p[1]


def check_tree(layout: TreeLayout) -> list[Finding]:
    """Every fault of a tree, each naming the circle or line it concerns."""
    found: list[Finding] = []
    ids: set[str] = set()
    where: dict[tuple[int, int], str] = {}
    for i, c in enumerate(layout.circles):
        key = f"circles[{i}]"
        if c.id in ids:
            found.append(error(f"{key}.id", f"circle id {c.id!r} is used twice"))
        ids.add(c.id)
        x, y = c.at
        if not (0 <= x < layout.columns and 0 <= y < layout.rows):
            found.append(
                error(
                    f"{key}.at",
                    f"circle {c.id} at {list(c.at)} is outside the "
                    f"{layout.columns} x {layout.rows} grid",
                )
            )
        if c.at in where:
            found.append(error(f"{key}.at", f"circle {c.id} sits on circle {where[c.at]}"))
        where.setdefault(c.at, c.id)
        if c.at == layout.moth:
            found.append(error(f"{key}.at", f"circle {c.id} sits on the moth picture"))
    at = {c.id: c.at for c in layout.circles}
    # a circle off the grid is one fault, said above: its lines are not judged again
    off = {
        c.id
        for c in layout.circles
        if not (0 <= c.at[0] < layout.columns and 0 <= c.at[1] < layout.rows)
    }
    segments: list[tuple[int, str, tuple[tuple[int, int], tuple[int, int]]]] = []
    leaving: dict[tuple[str, str], str] = {}
    for i, a, b in _line_ends(layout):
        key = f"lines[{i}]"
        missing = [p for p in (a, b) if p not in at]
        if missing:
            found.append(error(key, f"line {a}-{b} names no circle {missing[0]!r}"))
            continue
        if {a, b} & off:
            continue
        d = direction_of(at[a], at[b])
        if d is None:
            found.append(
                error(
                    key,
                    f"line {a}-{b} is not horizontal or vertical "
                    "(solid lines run left, right, up or down)",
                )
            )
            continue
        back = {"left": "right", "right": "left", "up": "down", "down": "up"}[d]
        for circle, direction in ((a, d), (b, back)):
            if (circle, direction) in leaving:
                found.append(
                    error(
                        key,
                        f"circle {circle} already has a line going {direction} "
                        f"({leaving[(circle, direction)]})",
                    )
                )
            leaving.setdefault((circle, direction), f"{a}-{b}")
        for point in _between(at[a], at[b]):
            if point in where:
                found.append(error(key, f"line {a}-{b} passes through circle {where[point]}"))
            if point == layout.moth:
                found.append(error(key, f"line {a}-{b} passes through the moth picture"))
        segments.append((i, f"{a}-{b}", (at[a], at[b])))
    boxes = [_box(seg) for _, _, seg in segments]
    for n, (i, name, seg) in enumerate(segments):
        for (_, other, seg2), box in zip(segments[n + 1 :], boxes[n + 1 :], strict=True):
            if _apart(boxes[n], box):
                continue  # no point in common, so no crossing: most pairs, at no cost
            if _crosses(seg, seg2):
                found.append(error(f"lines[{i}]", f"line {name} crosses line {other}"))
    for i, dot in enumerate(layout.dotted):
        a, b = dot.ends
        for end in (a, b):
            if end not in at:
                found.append(error(f"dotted[{i}].ends", f"dotted line names no circle {end!r}"))
        if a == b:
            found.append(error(f"dotted[{i}].ends", f"dotted line joins circle {a} to itself"))
    if not layout.dotted:
        found.append(
            error("dotted", "the tree has no dotted line (the dotted-line tile needs at least one)")
        )
    found += _check_starts(layout, at)
    found += _check_reach(layout)
    found += _check_food(layout)
    found += _check_tracker(layout)
    found += _check_fit(layout)
    foods = {f"colours.{food}": getattr(layout.colours, food) for food in FOODS}
    return found + alike_findings(foods, marked=True)  # each food has its own picture too


def _check_starts(layout: TreeLayout, at: dict[str, tuple[int, int]]) -> list[Finding]:
    starts = [c for c in layout.circles if c.food == "start"]
    out = []
    if len(starts) != 4:
        out.append(
            error(
                "circles",
                f"the tree has {len(starts)} start circles; it needs exactly 4, around the moth",
            )
        )
    mx, my = layout.moth
    for c in starts:
        x, y = c.at
        if abs(x - mx) + abs(y - my) != 1:
            out.append(
                error(
                    f"circles[{layout.circles.index(c)}]",
                    f"start circle {c.id} is "
                    "not next to the moth (it must touch it left, right, above or below)",
                )
            )
    return out


def _check_reach(layout: TreeLayout) -> list[Finding]:
    """One finding for each circle that no path of solid and dotted lines joins to a start
    circle; lines that name no circle are reported elsewhere and left out here."""
    links: dict[str, set[str]] = {c.id: set() for c in layout.circles}
    pairs = [text.split("-") for text in layout.lines] + [list(d.ends) for d in layout.dotted]
    for pair in pairs:
        if len(pair) == 2 and all(p in links for p in pair) and pair[0] != pair[1]:
            links[pair[0]].add(pair[1])
            links[pair[1]].add(pair[0])
    seen = {c.id for c in layout.circles if c.food == "start"}
    if not seen:
        return []  # the missing start circles are reported on their own
    queue = deque(seen)
    while queue:
        for other in links[queue.popleft()] - seen:
            seen.add(other)
            queue.append(other)
    out = []
    for i, c in enumerate(layout.circles):
        if c.id in seen:
            continue
        seen.add(c.id)  # a repeated id is named once
        why = "has no line to any other circle" if not links[c.id] else "is joined only to"
        detail = "" if not links[c.id] else " circles that no line joins to a start circle"
        out.append(
            error(
                f"circles[{i}]",
                f"circle {c.id} {why}{detail}: it can never be reached from the start circles",
            )
        )
    return out


def _check_food(layout: TreeLayout) -> list[Finding]:
    wild = sum(1 for c in layout.circles if c.food == "wild")
    out = []
    for food in FOODS:
        total = sum(c.count for c in layout.circles if c.food == food) + wild
        if total < TRACKER_ROWS:
            out.append(
                error(
                    "circles",
                    f"the tree holds only {total} {food} (wild included); "
                    f"a column of {TRACKER_ROWS} must be reachable",
                )
            )
    return out


def _check_tracker(layout: TreeLayout) -> list[Finding]:
    meals = layout.tracker.meals
    return [
        error(
            f"tracker.meals[{i}]",
            f"meal number {meals[i]} beside row {i + 1} is lower "
            f"than {meals[i - 1]} above it (meal numbers never decrease down the rows)",
        )
        for i in range(1, len(meals))
        if meals[i] < meals[i - 1]
    ]


def _check_fit(layout: TreeLayout) -> list[Finding]:
    s = layout.sheet
    area_w, area_h = tree_area(layout)
    need_w = (layout.columns - 1) * s.pitch + s.circle
    need_h = (layout.rows - 1) * s.pitch + s.circle
    out = []
    if need_w > area_w or need_h > area_h:
        out.append(
            error(
                "sheet.pitch",
                f"the {layout.columns} x {layout.rows} grid needs "
                f"{need_w:.0f} x {need_h:.0f} mm but the tree area is {area_w:.0f} x "
                f"{area_h:.0f} mm; use a smaller pitch, fewer rows/columns or a larger sheet",
                ("sheet.width", "sheet.height", "columns", "rows", "sheet"),
            )
        )
    if s.circle > s.pitch - 2:
        out.append(
            error(
                "sheet.circle",
                f"circles of {s.circle:g} mm leave no room for lines at a {s.pitch:g} mm pitch",
                ("sheet.pitch",),
            )
        )
    if s.width > BOTH_PAPERS[0] or s.height > BOTH_PAPERS[1]:
        out.append(
            error(
                "sheet",
                f"the sheet ({s.width:g} x {s.height:g} mm) does not fit both "
                f"A4 and Letter inside 8 mm margins (at most {BOTH_PAPERS[0]:g} x "
                f"{BOTH_PAPERS[1]:g} mm)",
            )
        )
    return out


def check_tiles(layout: TilesLayout) -> list[Finding]:
    """The movement deck holds every kind the rulebook names, one of them twice."""
    kinds = ["left", "right", "up", "down", "left/right", "up/down", "dotted"]
    out = [
        error("movement", f"the deck has no {k!r} tile") for k in kinds if k not in layout.movement
    ]
    letters = layout.letters
    if len(set(letters)) != len(letters):
        out.append(error("letters", "letter tiles repeat"))
    if len(layout.achievements) < len(letters):
        out.append(
            error(
                "achievements",
                f"{len(letters)} letter tiles but only {len(layout.achievements)} achievements",
            )
        )
    sides = {"sheet.gold": layout.sheet.gold, "sheet.silver": layout.sheet.silver}
    return out + alike_findings(sides)


# --- scoring -------------------------------------------------------------------------------


def meals(table: Sequence[int], tracker: Sequence[int]) -> int:
    """Meals collected: the number beside the lowest row filled in all three columns."""
    complete = min(tracker)
    return table[complete - 1] if complete > 0 else 0


def column_bonus(tracker: Sequence[int], bonus: int = 3) -> int:
    """Points for every column filled to the bottom (15)."""
    return bonus * sum(1 for n in tracker if n >= TRACKER_ROWS)


def final_score(round_meals: Sequence[int], bonus: int, achievements: Iterable[int] = ()) -> int:
    """The sum of the three round totals, the column bonus and any achievement points."""
    return sum(round_meals) + bonus + sum(achievements)


def collect(tracker: list[int], food: int, amount: int) -> range:
    """Fill `amount` of one food (0 nut, 1 leaf, 2 blossom) on the meal tracker, top down; a
    full column of 15 takes no more. The rows filled (1-15): see `extra_moves`."""
    start = tracker[food]
    tracker[food] = min(start + amount, TRACKER_ROWS)
    return range(start + 1, tracker[food] + 1)


def extra_moves(rows: Iterable[int], arrows: Collection[int]) -> int:
    """The extra moves that filling these tracker rows of one food earns: one a circle with
    four arrows around it."""
    return sum(1 for row in rows if row in arrows)


def winners(scores: Mapping[str, tuple[int, int]]) -> list[str]:
    """The winners, from each player's (final score, column bonus points): the highest score
    wins; of tied players, the one with the most column bonus points; still tied, they all win
    together. In the order given."""
    best = max(scores.values(), default=(0, 0))
    return [name for name, score in scores.items() if score == best]


# the solo chart: the bands of final score (lowest, highest, name) a solo game is rated by
SOLO_CHART = (
    (0, 19, "0-19"),
    (20, 24, "20-24"),
    (25, 29, "25-29"),
    (30, 34, "30-34"),
    (35, 39, "35-39"),
    (40, 10**9, "40+"),
)


def solo_band(score: int) -> str:
    """The solo chart's band a final score falls in."""
    return next(name for low, high, name in SOLO_CHART if low <= score <= high)


@dataclass
class Progress:
    """What a player has done so far, as far as achievements care."""

    filled: set[int] = field(default_factory=set)
    tracker: list[int] = field(default_factory=lambda: [0, 0, 0])
    dotted_lines: int = 0


def achieved(achievement: Achievement, board: Board, progress: Progress) -> bool:
    """Whether a player's progress meets an achievement's condition."""
    kind, n, filled = achievement.kind, achievement.count, progress.filled
    if kind == "fill_bottom_row":
        return board.bottom_row <= filled
    if kind == "fill_top_row":
        return len(board.top_row & filled) >= min(n, len(board.top_row))
    if kind == "reach_both_edges":
        return bool(board.left_column & filled) and bool(board.right_column & filled)
    if kind == "dotted_lines":
        return progress.dotted_lines >= n
    if kind == "big_circles":
        return sum(1 for i in filled if board.count[i] == 3 and board.kind[i] < 3) >= n
    if kind == "wild_circles":
        return sum(1 for i in filled if board.kind[i] == 3) >= n
    if kind == "meals":
        return meals(board.meals, progress.tracker) >= n
    return sum(1 for t in progress.tracker if t >= TRACKER_ROWS) >= n  # full_columns


@dataclass
class AchievementTile:
    """One achievement in play: gold until someone scores it, then silver; in the solo game it
    may also be turned down at a round's start (gold to silver, silver out of the game)."""

    achievement: Achievement
    gold_side: bool = True
    removed: bool = False
    scored_by: set[str] = field(default_factory=set)

    def open_to(self, player: str) -> bool:
        """Whether the player may still score it: each player scores an achievement once, and
        a tile out of the game scores for nobody."""
        return not self.removed and player not in self.scored_by

    def score_turn(self, meeting: Iterable[str]) -> dict[str, int]:
        """Points for the players who meet it this turn and may still score it; all of the
        first ones get gold, then the tile turns to silver."""
        new = sorted(p for p in set(meeting) if self.open_to(p))
        if not new:
            return {}
        value = self.achievement.gold if self.gold_side else self.achievement.silver
        self.scored_by.update(new)
        self.gold_side = False
        return {name: value for name in new}

    def turn_down(self) -> None:
        """The solo game's choice at the start of a round: a gold tile flips to silver, a
        silver one leaves the game."""
        if self.gold_side:
            self.gold_side = False
        else:
            self.removed = True
