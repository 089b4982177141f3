"""Refereeing a Scribbly Gum game record: every rule a finished sheet can show, checked
against the rulebook, each broken rule a finding at its key. A record no game could have
produced (a circle filled twice, more lines than the turns and extra moves allow, a line from
nowhere, an achievement scored twice, before it was met or never) is refused."""

from __future__ import annotations

import difflib
from collections import Counter

from sheetgen.findings import Finding, error, warning
from sheetgen.games.scribbly_gum.model import FOODS, ROUNDS, TURNS, GameRecord, PlayerSheet
from sheetgen.games.scribbly_gum.moves import TILE_NAMES
from sheetgen.games.scribbly_gum.record import Replay, Setup, is_solo, load_setup, replay
from sheetgen.games.scribbly_gum.rounds import check_rounds
from sheetgen.games.scribbly_gum.rules import AchievementTile, achieved
from sheetgen.games.scribbly_gum.tree_graph import START, WILD

# achievements that the tracker's counts alone can show (the others need the circles filled)
TRACKER_KINDS = frozenset({"meals", "full_columns"})
PLURAL = {"nut": "nuts", "leaf": "leaves", "blossom": "blossoms"}


def check_game(record: GameRecord) -> list[Finding]:
    """Every rule the record breaks, each at its key and worded after the rulebook."""
    setup, out = load_setup(record)
    if setup is None:
        return out
    out += _check_revealed(setup, record)
    names: set[str] = set()
    replays: dict[int, Replay] = {}
    for p, sheet in enumerate(record.players):
        key = f"players[{p}]"
        if sheet.name in names:
            out.append(
                error(f"{key}.name", f"two players are named {sheet.name!r}: name each sheet once")
            )
        names.add(sheet.name)
        found = _check_form(setup, sheet, key)
        if sheet.circles is not None and record.revealed is not None and sheet.dotted:
            found.append(
                error(
                    f"{key}.dotted",
                    "with the movement tiles given, the lines along a dotted line are those "
                    "drawn on the DOTTED LINE tile's turns: leave dotted out",
                )
            )
        if not found:
            replays[p] = replay(setup, sheet, record.revealed, key)
            played = replays[p].played
            found = list(played.faults) if played else check_rounds(setup, sheet, key, replays[p])
        out += found
    out += _check_claims(setup, record, replays)
    unread = [s.name for s in record.players if s.circles is not None]
    if record.revealed is None and unread:
        out.append(
            warning(
                "revealed",
                f"no movement tiles given: {', '.join(unread)}'s lines are checked to come out "
                "of filled-in circles along the tree's lines, but not against each turn's "
                "tile, and achievements only by the round",
            )
        )
    return out


def _check_revealed(setup: Setup, record: GameRecord) -> list[Finding]:
    """Each round turns over 7 of the 8 shuffled movement tiles, one set aside unseen: no
    kind more often than the deck holds it."""
    if record.revealed is None:
        return []
    deck = Counter(setup.tiles.movement)
    out = []
    for r, tiles in enumerate(record.revealed, start=1):
        for tile, n in sorted(Counter(tiles).items()):
            if n > deck[tile]:
                has = f"{deck[tile]} such tile{'s' if deck[tile] != 1 else ''}"
                out.append(
                    error(
                        f"revealed[{r - 1}]",
                        f"round {r} turns over the {TILE_NAMES[tile]} tile {n} times, but the "
                        f"deck has {has}: each round's 7 tiles come from the 8 shuffled, "
                        "one set aside unseen",
                    )
                )
    return out


def _check_form(setup: Setup, sheet: PlayerSheet, key: str) -> list[Finding]:
    """A sheet gives circles or tracker counts (not both), and what it gives could be drawn."""
    if (sheet.circles is None) == (sheet.tracker is None):
        both = "not both" if sheet.circles is not None else "one of them"
        return [
            error(
                key,
                f"{sheet.name}: give circles (the circles filled each round) or tracker (its "
                f"counts at the end of each round), {both}",
            )
        ]
    if sheet.tracker is not None:
        if sheet.wild or sheet.dotted:
            return [error(f"{key}.tracker", "wild and dotted go with circles, not tracker counts")]
        return _check_counts(sheet, key)
    return _check_circles(setup, sheet, key)


def _check_counts(sheet: PlayerSheet, key: str) -> list[Finding]:
    assert sheet.tracker is not None
    out = []
    for r in range(1, ROUNDS):
        before, now = sheet.tracker[r - 1].as_list(), sheet.tracker[r].as_list()
        for f, food in enumerate(FOODS):
            if now[f] < before[f]:
                out.append(
                    error(
                        f"{key}.tracker[{r}].{food}",
                        f"{now[f]} {PLURAL[food]} after round {r + 1}, fewer than the {before[f]} "
                        f"after round {r}: the meal tracker is filled in, never rubbed out",
                    )
                )
    return out


def _check_circles(setup: Setup, sheet: PlayerSheet, key: str) -> list[Finding]:
    """Circle ids on the tree, none a start circle, none filled twice; a food for each wild
    circle filled; dotted lines only into circles at the end of one."""
    assert sheet.circles is not None
    board, side = setup.board, setup.tree.side
    index = {cid: i for i, cid in enumerate(board.ids)}
    out: list[Finding] = []
    first: dict[str, int] = {}
    for r, circles in enumerate(sheet.circles, start=1):
        for k, cid in enumerate(circles):
            where = f"{key}.circles[{r - 1}][{k}]"
            if cid not in index:
                close = difflib.get_close_matches(cid, board.ids, n=1, cutoff=0.6)
                hint = f"did you mean {close[0]!r}?" if close else "no circle has that id"
                out.append(error(where, f"no circle {cid!r} on the {side} tree ({hint})"))
            elif board.kind[index[cid]] == START:
                out.append(
                    error(
                        where,
                        f"{cid} is a start circle: the 4 circles around the moth are filled in "
                        "before the game begins",
                    )
                )
            elif cid in first:
                out.append(
                    error(
                        where,
                        f"circle {cid} is filled again in round {r} (first in round "
                        f"{first[cid]}): a filled-in circle is never drawn to a second time",
                    )
                )
            first.setdefault(cid, r)
    for cid, r in first.items():
        if cid in index and board.kind[index[cid]] == WILD and cid not in sheet.wild:
            out.append(
                error(
                    f"{key}.wild",
                    f"wild circle {cid} (round {r}) names no food: add {cid} = "
                    '"nut", "leaf" or "blossom" (the food chosen for it)',
                )
            )
    for cid in sheet.wild:
        if cid not in first or cid not in index or board.kind[index[cid]] != WILD:
            out.append(error(f"{key}.wild.{cid}", f"{cid} is not a wild circle this sheet filled"))
    for k, cid in enumerate(sheet.dotted):
        if cid not in first:
            out.append(error(f"{key}.dotted[{k}]", f"{cid} is not a circle this sheet filled"))
        elif cid in index and not board.dotted[index[cid]]:
            out.append(
                error(f"{key}.dotted[{k}]", f"no dotted line on the {side} tree reaches {cid}")
            )
    return out


def _check_claims(setup: Setup, record: GameRecord, replays: dict[int, Replay]) -> list[Finding]:
    """Claims name achievements in play, once a player; a solo game turns one tile down each
    round; and (where the sheet shows it) each achievement is scored at the end of the round
    in which it is first met, never before and never missed."""
    out, removed_at = _solo_flips(setup, record)
    in_play = ", ".join(setup.named(letter) for letter in setup.achievements) or "none"
    for p, sheet in enumerate(record.players):
        key = f"players[{p}].achievements"
        claimed: dict[str, tuple[int, int]] = {}
        for k, claim in enumerate(sheet.achievements):
            if claim.letter not in setup.achievements:
                out.append(
                    error(
                        f"{key}[{k}].letter",
                        f"no achievement {claim.letter} in this game (in play: {in_play})",
                    )
                )
                continue
            if claim.letter in claimed:
                out.append(
                    error(
                        f"{key}[{k}]",
                        f"{sheet.name} scores {setup.named(claim.letter)} a second time: a player "
                        "scores each achievement once, in its one circle on the sheet",
                    )
                )
                continue
            claimed[claim.letter] = (claim.round, claim.turn)
            gone = removed_at.get(claim.letter)
            if gone is not None and gone <= claim.round:
                out.append(
                    error(
                        f"{key}[{k}]",
                        f"{setup.named(claim.letter)} left the game at the start of round "
                        f"{gone} (turned down on its silver side): it can no longer be scored",
                    )
                )
        if p in replays:
            out += _check_met(setup, sheet, key, replays[p], claimed, removed_at)
    return out


def _check_met(
    setup: Setup,
    sheet: PlayerSheet,
    key: str,
    play: Replay,
    claimed: dict[str, tuple[int, int]],
    removed_at: dict[str, int],
) -> list[Finding]:
    """Each achievement is scored at the end of the turn it is first met: turn by turn when
    the sheet was read against the tiles, else by the round (the turn left unchecked)."""
    out = []
    by_turn = play.played is not None
    if play.played is not None:
        turns = list(play.played.after)
    else:
        turns = [(r, TURNS, play.progress(r)) for r in range(1, ROUNDS + 1)]

    def when(r: int, t: int) -> str:
        return f"round {r} turn {t}" if by_turn else f"round {r}"

    for letter, achievement in setup.achievements.items():
        if play.filled is None and achievement.kind not in TRACKER_KINDS:
            continue  # tracker counts cannot show it: the claim is taken as written
        met = next(((r, t) for r, t, p in turns if achieved(achievement, setup.board, p)), None)
        name = setup.named(letter)
        if letter in claimed:
            cr, ct = claimed[letter]
            claim = (cr, ct) if by_turn else (cr, TURNS)
            if met is None or met > claim:
                out.append(
                    error(
                        key,
                        f"{sheet.name} scores {name} at the end of {when(cr, ct)}, but the "
                        f"sheet does not meet it by then"
                        + (f" (it is met at the end of {when(*met)})" if met else ""),
                    )
                )
            elif met < claim:
                out.append(
                    error(
                        key,
                        f"{sheet.name} meets {name} at the end of {when(*met)} but scores it "
                        f"at {when(cr, ct)}: an achievement is scored at the end of the turn "
                        "it is met",
                    )
                )
        elif met is not None and removed_at.get(letter, ROUNDS + 1) > met[0]:
            out.append(
                error(
                    key,
                    f"{sheet.name} meets {name} at the end of {when(*met)} but never scores "
                    "it: every player checks each achievement at the end of every turn",
                )
            )
    return out


def _solo_flips(setup: Setup, record: GameRecord) -> tuple[list[Finding], dict[str, int]]:
    """A solo game sets out 3 achievements and, at the start of each round, turns down one
    the player has not scored (gold to silver, silver out of the game). The faults, and the
    round at whose start each tile left the game."""
    if not is_solo(record):
        if record.solo_flips:
            only = "only a solo game (one player, with achievements) turns tiles down"
            return [error("solo_flips", only)], {}
        return [], {}
    out = []
    if len(record.achievements) != 3:
        out.append(
            error(
                "achievements",
                f"a solo game is played with 3 achievement tiles, not {len(record.achievements)}",
            )
        )
    tiles = {letter: AchievementTile(a) for letter, a in setup.achievements.items()}
    scored: dict[str, int] = {c.letter: c.round for c in record.players[0].achievements}
    removed: dict[str, int] = {}
    for r in range(1, ROUNDS + 1):
        open_ones = [
            letter
            for letter, tile in tiles.items()
            if not tile.removed and scored.get(letter, ROUNDS + 1) >= r
        ]
        choices = f"one of {', '.join(open_ones)}" if open_ones else "none is left"
        if r > len(record.solo_flips):
            if open_ones:
                out.append(
                    error(
                        "solo_flips",
                        f"no achievement turned down at the start of round {r}: a solo game "
                        f"turns down one not yet scored each round ({choices})",
                    )
                )
            continue
        given = record.solo_flips[r - 1]
        if given not in open_ones:
            why = (
                "is not in play"
                if given not in tiles
                else "has left the game"
                if tiles[given].removed
                else f"was scored in round {scored[given]}"
            )
            out.append(
                error(
                    f"solo_flips[{r - 1}]",
                    f"{given} {why}: at the start of round {r} the solo player turns down an "
                    f"achievement not yet scored ({choices})",
                )
            )
            continue
        tiles[given].turn_down()
        if tiles[given].removed:
            removed[given] = r
    return out, removed
