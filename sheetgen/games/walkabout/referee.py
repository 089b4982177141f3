"""Refereeing a Walkabout game record: the path continues the map's printed path legally, the
stars used were held, and every symbol was found where the rules let it be drawn. When the
record gives its days (the steps walked each day, and each symbol's day), each day is checked
on its own: its walk is a die's movement or a star's single step, its symbols touch where the
player stood or the path walked that day, and it finds a symbol for as many dice as it can."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from sheetgen.errors import SheetgenError
from sheetgen.findings import Finding, error
from sheetgen.frozen import frozen
from sheetgen.games.walkabout.grid import DIRECTIONS, Grid, Node, Space, direction_between
from sheetgen.games.walkabout.model import DiceLayout, GameRecord, MapLayout
from sheetgen.games.walkabout.rules import (
    TURNS,
    check_dice,
    check_map,
    check_path,
    check_symbols,
    grid_of,
    stars_collected,
)

DICE_A_DAY = 3  # a day rolls three dice: one symbol each at most
LAST_DAY = " (you may quit after moving, finding nothing, but not partway through finding)"
TURN_NAMES = {v: k for k, v in TURNS.items()}


@frozen
class Day:
    """One day of a record: its number (1 = first), the node the player came from before it
    (which way they faced), the nodes from where they stood at its start to where they stood
    at its end, and the symbols it found (by their index in the record's list)."""

    number: int
    before: Node
    nodes: tuple[Node, ...]
    found: tuple[int, ...]


Named = TypeVar("Named", MapLayout, DiceLayout)


def _named(record: GameRecord, key: str, model: type[Named], out: list[Finding]) -> Named | None:
    """The layout the record names at `key` (its map or dice), or None with the reason why
    it cannot be used added to `out`."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import beside, load

    ref = str(getattr(record, key))
    try:
        loaded = load(beside(record, ref))
    except SheetgenError as exc:  # a bad reference is reported as a finding, not a crash
        out.append(error(key, str(exc)))
        return None
    layout = loaded.model
    if not isinstance(layout, model):
        out.append(error(key, f"{ref!r} is not a walkabout {key}"))
        return None
    # a game is played on a map (with dice) that keeps the rules: its own faults are the
    # game's (how its sheet prints, and whether a built-in sheet matches the others, are not:
    # those are the map's own check)
    if isinstance(layout, MapLayout):
        rules = check_map(layout, siblings=False)
    else:
        rules = check_dice(layout)
    own = [f for f in rules if f.level == "error"]
    out += [replace(f, where=f"{key}({ref}).{f.where}") for f in own]
    return layout


def check_game(record: GameRecord) -> list[Finding]:
    """Every rule the record breaks: its path, its symbols' spaces, the stars used, and (with
    days) each day's walk and finds."""
    out: list[Finding] = []
    layout = _named(record, "map", MapLayout, out)
    dice = _named(record, "dice", DiceLayout, out)
    if layout is None:
        return out
    grid = grid_of(layout)
    path_faults = check_path(grid, record.path)
    out += path_faults
    begins = list(record.path[: len(layout.path)]) == list(layout.path)
    if not begins:
        out.append(
            error(
                "path",
                f"the path must begin with the map's printed path {[list(n) for n in layout.path]}",
            )
        )
    out += check_symbols(grid, record.symbols, taken=[s.space for s in layout.symbols])
    held = 1 + stars_collected(layout, record)
    if record.stars_used > held:
        out.append(
            error(
                "stars_used",
                f"{record.stars_used} stars used but only {held} held "
                "(one to start, plus each star walked onto)",
            )
        )
    if not begins:
        return out  # where each day begins is unknown
    start = len(layout.path) - 1  # where the player stands before the first day
    if not record.days:
        return out + _check_undated(grid, record, start)
    days = _days(record, start)
    if days is None:
        walked = len(record.path) - 1 - start
        return [
            *out,
            error(
                "days",
                f"the days walk {sum(record.days)} steps in all, but the path goes {walked} "
                "beyond the printed one (days lists the steps walked each day, 0 on a day "
                "you stayed)",
            ),
        ]
    out += _check_days_named(record, len(days))
    out += _check_finds(grid, record, days, [s.space for s in layout.symbols])
    if dice is not None and not path_faults:
        out += _check_walks(record, days, dice)
        out += _check_moved_symbol(record, days, dice)
    return out


def _check_undated(grid: Grid, record: GameRecord, start: int) -> list[Finding]:
    """Without days, each symbol must at least touch the walk (from where the player stood
    before the first day on): no day's position or path lies anywhere else."""
    out: list[Finding] = []
    walk = set(record.path[start:])
    for i, s in enumerate(record.symbols):
        if s.day is not None:
            out.append(
                error(
                    f"symbols[{i}].day",
                    f"day {s.day}, but the record lists no days "
                    "(give days = the steps walked each day, to date the symbols)",
                )
            )
        if grid.has_space(s.space) and not walk & set(grid.space_nodes(s.space)):
            out.append(
                error(
                    f"symbols[{i}].space",
                    f"the {s.symbol} at {list(s.space)} touches no node of the walk from "
                    f"{list(record.path[start])} on: a symbol is drawn in a blank space "
                    "touching where you stand or the path walked that day (a corner is enough)",
                )
            )
    return out


def _days(record: GameRecord, start: int) -> list[Day] | None:
    """The record's days, or None when their steps do not add up to the path walked."""
    if start + sum(record.days) != len(record.path) - 1:
        return None
    out, at = [], start
    for number, steps in enumerate(record.days, start=1):
        found = tuple(i for i, s in enumerate(record.symbols) if s.day == number)
        out.append(Day(number, record.path[at - 1], tuple(record.path[at : at + steps + 1]), found))
        at += steps
    return out


def _check_days_named(record: GameRecord, count: int) -> list[Finding]:
    out = []
    for i, s in enumerate(record.symbols):
        if s.day is None:
            out.append(
                error(
                    f"symbols[{i}].day",
                    f"the {s.symbol} at {list(s.space)} names no day "
                    f"(with days given, each symbol gives the day it was found, 1 to {count})",
                )
            )
        elif s.day > count:
            out.append(
                error(
                    f"symbols[{i}].day",
                    f"day {s.day}, but the record has {count} day{'s' if count != 1 else ''}",
                )
            )
    return out


def _touching(grid: Grid, nodes: Sequence[Node]) -> set[Space]:
    """The spaces of the map that touch any of `nodes`, even only at a corner."""
    return {space for node in set(nodes) for space in grid.spaces_at(node)}


def _where(day: Day) -> str:
    """Where a day's symbols may be drawn, in words: where the player stands once the day's
    walk is done, or the path walked that day (from where the day began)."""
    end = list(day.nodes[-1])
    if len(day.nodes) == 1:
        return f"where you stand ({end}; you did not move that day)"
    return (
        f"where you stand after the day's walk ({end}) or that day's path "
        f"(from {list(day.nodes[0])}, where the day began)"
    )


def _check_finds(
    grid: Grid, record: GameRecord, days: list[Day], printed: list[Space]
) -> list[Finding]:
    """Each day's symbols touch where the player stood or that day's path; a day finds one
    symbol a die (3 at most), as many as blank spaces allow; a day with neither walk nor
    symbol ends the game."""
    out: list[Finding] = []
    filled = set(printed)
    for day in days:
        key = f"days[{day.number - 1}]"
        near = _touching(grid, day.nodes)
        for i in day.found:
            s = record.symbols[i]
            if grid.has_space(s.space) and s.space not in near:
                out.append(
                    error(
                        f"symbols[{i}].space",
                        f"day {day.number}: the {s.symbol} at {list(s.space)} does not touch "
                        f"{_where(day)}: a symbol is drawn in a blank space touching where you "
                        "stand or the path walked that day (a corner is enough)",
                    )
                )
        blank = near - filled
        found = len(day.found)
        if found > DICE_A_DAY:
            out.append(
                error(
                    key,
                    f"day {day.number} finds {found} symbols: each of the 3 dice gives one "
                    "symbol, so a day finds 3 at most",
                )
            )
        elif (day.number < len(days) or found) and found < min(DICE_A_DAY, len(blank)):
            # the last day may end after its move, finding nothing ('quit after any of these
            # steps'), but a day that finds does the whole step
            last = "" if day.number < len(days) else LAST_DAY
            out.append(
                error(
                    key,
                    f"day {day.number} finds {found} symbol{'s' if found != 1 else ''} while "
                    f"{len(blank)} blank spaces touch where you stand or that day's path: "
                    f"a symbol is drawn for as many of the 3 dice as possible{last}",
                )
            )
        if len(day.nodes) == 1 and not found and day.number < len(days):
            later = len(days) - day.number
            out.append(
                error(
                    key,
                    f"day {day.number} draws neither path nor symbol, so the game ends with it; "
                    f"{later} more day{'s' if later != 1 else ''} cannot follow",
                )
            )
        filled |= {record.symbols[i].space for i in day.found}
    return out


def _turns(before: Node, nodes: Sequence[Node]) -> tuple[str, ...] | None:
    """A walk's steps as turns from the way the player faced (coming from `before`): F, L, R,
    HL, HR; None for a step back along the way just walked."""
    facing = direction_between(before, nodes[0])
    out = []
    for a, b in itertools.pairwise(nodes):
        step = direction_between(a, b)
        assert facing is not None and step is not None  # the path has been checked
        sixths = (DIRECTIONS.index(step) - DIRECTIONS.index(facing) + 3) % 6 - 3
        if sixths not in TURN_NAMES:
            return None
        out.append(TURN_NAMES[sixths])
        facing = step
    return tuple(out)


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _check_moved_symbol(record: GameRecord, days: list[Day], dice: DiceLayout) -> list[Finding]:
    """The die a day's walk moved by shows that walk's symbol, so a day finding a symbol for
    each of the 3 dice finds it (a '?' face's symbol is any). A single step may be a star
    crossed out, which shows no symbol; a day finding fewer than 3 (for want of blank
    spaces) may leave the moved die's out."""
    makes: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    for die in dice.dice:
        for face in die.faces:
            whole = tuple(face.move)
            for move in {whole, whole[1:]} - {()}:
                makes.setdefault(move, []).append((die.name, face.symbol))
    out: list[Finding] = []
    for day in days:
        if len(day.nodes) <= 2 or len(day.found) != DICE_A_DAY:
            continue
        faces = makes.get(_turns(day.before, day.nodes) or ())
        if not faces or any(symbol == "?" for _, symbol in faces):
            continue  # no die moves so (told by _check_walks), or a face of any symbol
        shown = sorted({symbol for _, symbol in faces})
        if set(shown) & {record.symbols[i].symbol for i in day.found}:
            continue
        named = " or ".join(f"the {die} die's {symbol} face" for die, symbol in faces)
        turns = " ".join(_turns(day.before, day.nodes) or ())
        out.append(
            error(
                f"days[{day.number - 1}]",
                f"day {day.number} walks {turns}, which only {named} moves, but none of its "
                f"{DICE_A_DAY} symbols is {' or '.join(map(_a, shown))}: a symbol is drawn for "
                f"each of the {DICE_A_DAY} dice, the one moved by among them",
            )
        )
    return out


def _check_walks(record: GameRecord, days: list[Day], dice: DiceLayout) -> list[Finding]:
    """Each day walks one die's whole movement, or all of it but its first forward step, or
    (a star crossed out) one step any way; the stars crossed out match the one-step days."""
    faces = {tuple(f.move) for die in dice.dice for f in die.faces}
    moves = faces | {m[1:] for m in faces if len(m) > 1}
    out: list[Finding] = []
    starred, single = [], 0
    for day in days:
        steps = len(day.nodes) - 1
        if not steps:
            continue
        single += steps == 1
        turns = _turns(day.before, day.nodes)
        if turns in moves:
            continue
        if steps == 1:
            starred.append(day.number)
            continue
        out.append(
            error(
                f"days[{day.number - 1}]",
                f"day {day.number} walks {steps} steps ({' '.join(turns or ('?',))}) that no "
                "face of the dice moves, whole or without its first step, and more than the "
                "one step a crossed-out star gives",
            )
        )
    used = record.stars_used
    crossed = f"{used} star{'s' if used != 1 else ''} crossed out"
    if len(starred) > used:
        named = ", ".join(str(n) for n in starred)
        what = (
            f"day {named} takes a single step no die face makes: that is a star crossed out"
            if len(starred) == 1
            else f"days {named} take single steps no die face makes: each is a star crossed out"
        )
        out.append(error("stars_used", f"{crossed}, but {what}"))
    if used > single:
        walks = f"{single} day walks" if single == 1 else f"{single} days walk"
        out.append(
            error(
                "stars_used",
                f"{crossed}, but only {walks} a single step: a star is crossed out only to take "
                "one step",
            )
        )
    return out
