"""Scribbly Gum game records: the checks that refuse a record no game could have produced, and
the scoring of its sheets (meals a round, column bonus, achievements, final score, winners),
built on the rules module's one copy of each scoring rule (the simulator uses the same)."""

from __future__ import annotations

from collections.abc import Sequence

from sheetgen.errors import SheetgenError
from sheetgen.findings import Finding, error
from sheetgen.frozen import frozen
from sheetgen.games.scribbly_gum.model import (
    FOODS,
    ROUNDS,
    TURNS,
    Achievement,
    GameRecord,
    PlayerSheet,
    TilesLayout,
    TreeLayout,
)
from sheetgen.games.scribbly_gum.moves import Played, play_turns
from sheetgen.games.scribbly_gum.rules import (
    AchievementTile,
    Progress,
    collect,
    column_bonus,
    extra_moves,
    final_score,
    meals,
    solo_band,
    winners,
)
from sheetgen.games.scribbly_gum.tree_graph import WILD, Board, compile_board

LETTERS = ("A", "B", "C")
Tiles = Sequence[Sequence[str]] | None  # the movement tiles turned over, a list a round


@frozen
class Setup:
    """What a record is played with: the tree (as laid out and compiled for play), the tiles,
    and the achievements in play by letter."""

    tree: TreeLayout
    board: Board
    tiles: TilesLayout
    achievements: dict[str, Achievement]

    def named(self, letter: str) -> str:
        """An achievement as a player reads it: 'A (Deep roots)'."""
        return f"{letter} ({self.achievements[letter].title})"


@frozen
class Replay:
    """A sheet played through round by round: the tracker's counts at each round's end, and
    (for a sheet of circles) the circles filled by then (start circles included), the dotted
    lines drawn by then and the extra moves earned in each round; and, when the record gives
    the movement tiles, the sheet played turn by turn against them."""

    trackers: tuple[tuple[int, int, int], ...]
    filled: tuple[frozenset[int], ...] | None
    dotted: tuple[int, ...]
    extras: tuple[int, ...]
    played: Played | None = None  # read turn by turn, when the record gives the tiles

    def progress(self, round_number: int) -> Progress:
        """What the player had done by the end of a round (1-3), as achievements see it."""
        i = round_number - 1
        filled = set(self.filled[i]) if self.filled is not None else set()
        return Progress(filled, list(self.trackers[i]), self.dotted[i])


def load_setup(record: GameRecord) -> tuple[Setup | None, list[Finding]]:
    """The record's tree, tiles and achievements in play, or the findings that stop them."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import beside, load_model

    out: list[Finding] = []
    try:
        ref = beside(record, record.tree)
        tree = load_model(ref, TreeLayout, f"{record.name}: tree", checked=True)
    except SheetgenError as exc:
        out.append(error("tree", str(exc)))
    try:
        tiles = load_model(beside(record, record.tiles), TilesLayout, f"{record.name}: tiles")
    except SheetgenError as exc:
        out.append(error("tiles", str(exc)))
    if out:
        return None, out
    by_title = {a.title.casefold(): a for a in tiles.achievements}
    chosen: dict[str, Achievement] = {}
    for i, title in enumerate(record.achievements):
        found = by_title.get(title.casefold())
        if found is None:
            # imported here, not at the top, for start-up time
            from sheetgen.kinds import suggest

            hint = suggest(title, [a.title for a in tiles.achievements])
            out.append(error(f"achievements[{i}]", f"no achievement tile {title!r} ({hint})"))
        elif found in chosen.values():
            out.append(error(f"achievements[{i}]", f"{found.title} is in play twice"))
        else:
            chosen[LETTERS[i]] = found
    if out:
        return None, out
    return Setup(tree, compile_board(tree), tiles, chosen), []


def replay(setup: Setup, sheet: PlayerSheet, revealed: Tiles = None, key: str = "") -> Replay:
    """A checked sheet played through: circles fill the tracker as the rules say (a wild
    circle the food chosen, a full column nothing more); tracker counts are taken as given.
    With the tiles `revealed`, the circles are also read turn by turn (faults at `key`), and
    the lines along a dotted line are those of the dotted-line tile's turns."""
    board = setup.board
    if sheet.tracker is not None:
        counts = [c.as_list() for c in sheet.tracker]
        extras, before = [], [0, 0, 0]
        for now in counts:
            filled_in = (range(a + 1, b + 1) for a, b in zip(before, now, strict=True))
            extras.append(sum(extra_moves(r, board.arrows[f]) for f, r in enumerate(filled_in)))
            before = now
        trackers = tuple((c[0], c[1], c[2]) for c in counts)
        return Replay(trackers, None, (0,) * ROUNDS, tuple(extras))
    assert sheet.circles is not None
    played, along = None, set(sheet.dotted)
    if revealed is not None:
        chosen = {cid: FOODS.index(f) for cid, f in sheet.wild.items()}
        played = play_turns(board, sheet.name, key, sheet.circles, chosen, revealed)
        along = {board.ids[line.circle] for line in played.lines if line.how == "dotted"}
    index = {cid: i for i, cid in enumerate(board.ids)}
    tracker = [0, 0, 0]
    filled = set(board.starts)
    states, fills, dotted, extras, lines = [], [], [], [], 0
    for circles in sheet.circles:
        extra = 0
        for cid in circles:
            j = index[cid]
            filled.add(j)
            lines += cid in along
            kind = board.kind[j]
            food = FOODS.index(sheet.wild[cid]) if kind == WILD else kind
            rows = collect(tracker, food, 1 if kind == WILD else board.count[j])
            extra += extra_moves(rows, board.arrows[food])
        states.append((tracker[0], tracker[1], tracker[2]))
        fills.append(frozenset(filled))
        dotted.append(lines)
        extras.append(extra)
    return Replay(tuple(states), tuple(fills), tuple(dotted), tuple(extras), played)


def pen_lines(setup: Setup, sheet: PlayerSheet, play: Replay) -> list[tuple[int, int, bool]]:
    """The lines a sheet's pen drew, as (from, to, along a dotted line) circle indexes: read
    turn by turn when the tiles are known; otherwise each circle joined to a neighbour filled
    before it (or by the end of its round), along a dotted line if it is marked so."""
    board = setup.board
    if play.played is not None:
        return [
            (ln.source, ln.circle, ln.how == "dotted") for ln in play.played.lines if ln.source >= 0
        ]
    out: list[tuple[int, int, bool]] = []
    filled = set(board.starts)
    for r, circles in enumerate(sheet.circles or []):
        have = play.filled[r] if play.filled is not None else frozenset()
        for cid in circles:
            j = board.ids.index(cid)
            along = cid in sheet.dotted
            near = board.dotted[j] if along else board.neighbours[j]
            source = next((i for i in near if i in filled), None)
            if source is None:
                source = next((i for i in near if i in have), None)
            if source is not None:
                out.append((source, j, along))
            filled.add(j)
    return out


def is_solo(record: GameRecord) -> bool:
    """A solo game: one player, with achievements (the solo rules turn tiles down)."""
    return len(record.players) == 1 and bool(record.achievements)


# --- scoring ---------------------------------------------------------------------------------


@frozen
class ClaimScore:
    """An achievement scored: its letter, when, the side it showed and its points."""

    letter: str
    round: int
    turn: int
    gold: bool
    points: int


@frozen
class SheetScore:
    """One sheet's score: the tracker's final counts, the meals of each round, the column
    bonus, the achievements scored and the final score."""

    name: str
    tracker: tuple[int, int, int]
    round_meals: tuple[int, ...]
    column_bonus: int
    achievements: tuple[ClaimScore, ...]
    total: int


@frozen
class GameScore:
    """Every sheet's score, the winners (the rulebook's tie-break applied), whether a tie was
    broken by column bonus points, and a solo game's band on the solo chart."""

    sheets: tuple[SheetScore, ...]
    winners: tuple[str, ...]
    tie_broken: bool
    solo_band: str | None


def score_game(setup: Setup, record: GameRecord) -> GameScore:
    """Score a checked record. Achievements are scored turn by turn in the order they were
    met: the first players to meet one score its gold side, later ones silver."""
    tiles = {letter: AchievementTile(a) for letter, a in setup.achievements.items()}
    claims = sorted(
        (c.round, c.turn, c.letter, s.name) for s in record.players for c in s.achievements
    )
    flips = dict(enumerate(record.solo_flips, start=1)) if is_solo(record) else {}
    scored: dict[str, list[ClaimScore]] = {s.name: [] for s in record.players}
    for r in range(1, ROUNDS + 1):
        if r in flips:
            tiles[flips[r]].turn_down()
        for t in range(1, TURNS + 1):
            for letter, tile in tiles.items():
                meeting = [n for cr, ct, cl, n in claims if (cr, ct, cl) == (r, t, letter)]
                gold = tile.gold_side
                for name, points in tile.score_turn(meeting).items():
                    scored[name].append(ClaimScore(letter, r, t, gold, points))
    sheets = []
    for sheet in record.players:
        play = replay(setup, sheet, record.revealed)
        bonus = column_bonus(play.trackers[-1], setup.board.column_bonus)
        round_meals = tuple(meals(setup.board.meals, t) for t in play.trackers)
        mine = tuple(sorted(scored[sheet.name], key=lambda c: c.letter))
        total = final_score(round_meals, bonus, (c.points for c in mine))
        sheets.append(SheetScore(sheet.name, play.trackers[-1], round_meals, bonus, mine, total))
    ranked = {s.name: (s.total, s.column_bonus) for s in sheets}
    won = winners(ranked)
    top = max(s.total for s in sheets)
    tied = sum(1 for s in sheets if s.total == top)
    band = solo_band(sheets[0].total) if len(sheets) == 1 else None
    return GameScore(tuple(sheets), tuple(won), tied > len(won), band)
