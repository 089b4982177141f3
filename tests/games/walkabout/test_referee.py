"""Walkabout records refereed day by day, star counts that are never negative, a record's map
found beside it, and the score's words: each rule argued from the rulebook
(../shared/rulebooks/walkabout.md), each test asserting the finding, number or exit code a user
sees.

The example game (layouts/walkabout/example-game.toml) is legal; its day 1 walks from [10, 22]
to [11, 19], day 2 on to [13, 25], day 4 from [14, 28] to [12, 28], day 6 is a single step
(its one star crossed out) and day 11, the last, ends at [7, 9].
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sheetgen.findings import Finding
from sheetgen.games.walkabout.grid import Grid
from sheetgen.games.walkabout.model import GameRecord, MapLayout, PlacedSymbol
from sheetgen.games.walkabout.referee import check_game
from sheetgen.games.walkabout.rules import check_map
from sheetgen.layouts.read import load
from tests.support import ROOT, sheetgen

MAP: MapLayout = load("walkabout/map-1").model  # type: ignore[assignment]
EXAMPLE: GameRecord = load("walkabout/example-game").model  # type: ignore[assignment]
GRID = Grid(MAP.columns, MAP.rows, MAP.edge)


def read(found: list[Finding]) -> list[tuple[str, str]]:
    return [(f.where, f.message) for f in found]


def moved(index: int, space: tuple[int, int], day: int | None = None) -> list[PlacedSymbol]:
    """The example's symbols with one of them moved to `space` (and to `day`, if given)."""
    out = list(EXAMPLE.symbols)
    update: dict[str, object] = {"space": space}
    if day is not None:
        update["day"] = day
    out[index] = out[index].model_copy(update=update)
    return out


def walk(*nodes: tuple[int, int], **update: object) -> GameRecord:
    """A record of one day walking `nodes` from the printed path's end, finding nothing."""
    path = [*MAP.path, *nodes]
    fields: dict[str, object] = {"path": path, "days": [len(nodes)], "symbols": []}
    return EXAMPLE.model_copy(update={**fields, "stars_used": 0, **update})


# --- where a symbol is drawn -------------------------------------------------------------------


def test_the_example_is_a_legal_game() -> None:
    """The built-in example is refereed day by day and breaks no rule."""
    assert EXAMPLE.days and all(s.day for s in EXAMPLE.symbols)
    assert check_game(EXAMPLE) == []
    assert sheetgen("check", "walkabout/example-game").out == "walkabout/example-game: ok\n"


def test_a_symbol_away_from_its_days_path_is_refused() -> None:
    """Rulebook, 3. Find: 'Draw each symbol on a blank space that touches your position and/or
    the path that you traveled **today**'. Day 2 walks [11, 19] to [13, 25]; the space [11, 28]
    touches day 4's path, not day 2's: drawn on day 2 it is refused, naming the day, where it
    began and where the player stands after it (the Find step comes after the Move)."""
    found = read(check_game(EXAMPLE.model_copy(update={"symbols": moved(3, (11, 28))})))
    assert found == [
        (
            "symbols[3].space",
            "day 2: the boomerang at [11, 28] does not touch where you stand after the day's "
            "walk ([13, 25]) or that day's path (from [11, 19], where the day began): a symbol "
            "is drawn in a blank space touching where you stand or the path walked that day (a "
            "corner is enough)",
        )
    ]


def test_a_symbol_touching_the_days_path_at_one_corner_is_fine() -> None:
    """Rulebook, 3. Find: a symbol goes on a space touching your position or today's path,
    '**even if they touch only at a corner**'. The space [6, 6] shares only the node [7, 7]
    with day 11's walk ([9, 9] to [7, 9]); the boomerang found that day may be drawn there."""
    assert set(GRID.space_nodes((6, 6))) & {(9, 9), (8, 8), (7, 7), (7, 9)} == {(7, 7)}
    assert EXAMPLE.symbols[30].day == 11 and EXAMPLE.days[-1] == 3
    assert check_game(EXAMPLE.model_copy(update={"symbols": moved(30, (6, 6))})) == []


def test_without_days_a_symbol_must_still_touch_the_walk(tmp_path: Path) -> None:
    """Rulebook, 3. Find: every symbol touches the player's position or a day's path, so with
    no days given a symbol touching no node walked since yesterday cannot have been drawn (the
    issue's case: a symbol far from the path passed 'check')."""
    undated = [s.model_copy(update={"day": None}) for s in EXAMPLE.symbols]
    undated[0] = undated[0].model_copy(update={"space": (2, 20)})
    found = read(check_game(EXAMPLE.model_copy(update={"days": [], "symbols": undated})))
    assert found == [
        (
            "symbols[0].space",
            "the waterhole at [2, 20] touches no node of the walk from [10, 22] on: a symbol "
            "is drawn in a blank space touching where you stand or the path walked that day "
            "(a corner is enough)",
        )
    ]
    record = tmp_path / "far.toml"
    record.write_text(
        'game = "walkabout"\ncomponent = "game"\nname = "far"\n'
        'extends = "walkabout/example-game"\ndays = []\n'
        'symbols = [{ symbol = "waterhole", space = [2, 20] }]\n',
        encoding="utf-8",
    )
    run = sheetgen("walkabout", "score", str(record))
    assert run.code == 1 and run.out == ""
    line = 'symbols = [{ symbol = "waterhole", space = [2, 20] }]'  # the file's sixth line
    at = f"6:{line.index('space') + 1}"
    assert f"{record}:{at}: symbols[1].space: the waterhole at [2, 20] touches no node" in run.err
    assert len(run.err.strip().splitlines()) == 1 and "Traceback" not in run.err


# --- how many symbols a day ---------------------------------------------------------------------


def test_a_day_finds_at_most_three_symbols() -> None:
    """Rulebook, 3. Find: 'for **as many** of the 3 dice **as possible**, draw the symbol shown
    on the die': three dice, three symbols a day at most. A fourth symbol dated day 4 is
    refused; day 2, left with two while blank spaces touched its path, is refused too."""
    found = read(check_game(EXAMPLE.model_copy(update={"symbols": moved(3, (11, 28), day=4)})))
    assert found == [
        (
            "days[1]",
            "day 2 finds 2 symbols while 21 blank spaces touch where you stand or that day's "
            "path: a symbol is drawn for as many of the 3 dice as possible",
        ),
        ("days[3]", "day 4 finds 4 symbols: each of the 3 dice gives one symbol, so a day "
                    "finds 3 at most"),
    ]  # fmt: skip


def test_the_last_day_may_stop_before_finding() -> None:
    """Rulebook, How to play: 'You may choose to quit after any of these steps'. The last day
    may end after its move, finding nothing."""
    last = [s for s in EXAMPLE.symbols if s.day != len(EXAMPLE.days)]
    assert check_game(EXAMPLE.model_copy(update={"symbols": last})) == []


def test_the_last_day_finds_all_it_can_or_nothing() -> None:
    """Rulebook, How to play: 'You may choose to quit after any of these steps' (after 2. Move,
    after 3. Find: between steps, not inside one); 3. Find: 'for **as many** of the 3 dice **as
    possible**, draw the symbol'. Day 11, the last, drawing one or two of its three symbols
    while blank spaces touch its path has stopped partway through Find: refused."""
    last = len(EXAMPLE.days)
    assert [i for i, s in enumerate(EXAMPLE.symbols) if s.day == last] == [30, 31, 32]
    why = (
        "blank spaces touch where you stand or that day's path: a symbol is drawn for as many "
        "of the 3 dice as possible (you may quit after moving, finding nothing, but not "
        "partway through finding)"
    )
    for kept in (EXAMPLE.symbols[:32], EXAMPLE.symbols[:31]):
        found = len(kept) - 30
        assert read(check_game(EXAMPLE.model_copy(update={"symbols": kept}))) == [
            (
                "days[10]",
                f"day 11 finds {found} symbol{'s' if found > 1 else ''} while 14 {why}",
            )
        ]


def test_the_moved_dies_symbol_is_among_the_days_finds() -> None:
    """Rulebook, Dice: 'Each face shows a movement **and** a symbol'; 3. Find: 'for as many of
    the 3 dice as possible, draw the symbol shown on the die'. Day 1 walks F F HR, which only
    the Dark die's kangaroo face moves: a day finding three symbols finds that kangaroo, so
    day 1's waterhole, spear and emu (its kangaroo drawn as an emu) are refused."""
    symbols = list(EXAMPLE.symbols)
    assert (symbols[2].symbol, symbols[2].day) == ("kangaroo", 1)
    symbols[2] = symbols[2].model_copy(update={"symbol": "emu"})
    assert read(check_game(EXAMPLE.model_copy(update={"symbols": symbols}))) == [
        (
            "days[0]",
            "day 1 walks F F HR, which only the Dark die's kangaroo face moves, but none of "
            "its 3 symbols is a kangaroo: a symbol is drawn for each of the 3 dice, the one "
            "moved by among them",
        )
    ]


def test_a_day_with_neither_path_nor_symbol_ends_the_game() -> None:
    """Rulebook, 4. Quit?: 'If you drew nothing today – neither new path nor symbols – then you
    must quit.' A day 2 that walks nothing and finds nothing, with nine days after it, is
    refused (and, as blank spaces touched where the player stood, so is finding nothing)."""
    days = [EXAMPLE.days[0], 0, *EXAMPLE.days[1:]]
    later = [
        s.model_copy(update={"day": s.day + 1}) if s.day and s.day > 1 else s
        for s in EXAMPLE.symbols
    ]
    found = read(check_game(EXAMPLE.model_copy(update={"days": days, "symbols": later})))
    assert found == [
        ("days[1]", "day 2 finds 0 symbols while 5 blank spaces touch where you stand or that "
                    "day's path: a symbol is drawn for as many of the 3 dice as possible"),
        ("days[1]", "day 2 draws neither path nor symbol, so the game ends with it; 10 more "
                    "days cannot follow"),
    ]  # fmt: skip


def test_the_days_must_add_up_to_the_path() -> None:
    """The days list the steps walked each day: together they are the whole walk after the
    printed path, or the days cannot be told apart."""
    found = read(check_game(EXAMPLE.model_copy(update={"days": EXAMPLE.days[:-1]})))
    assert found == [
        (
            "days",
            "the days walk 27 steps in all, but the path goes 30 beyond the printed one (days "
            "lists the steps walked each day, 0 on a day you stayed)",
        )
    ]


def test_with_days_every_symbol_names_its_day() -> None:
    """With days given, each symbol is checked against its own day's path: one without a day,
    or with a day the record does not have, is refused."""
    symbols = list(EXAMPLE.symbols)
    symbols[0] = symbols[0].model_copy(update={"day": None})
    symbols[1] = symbols[1].model_copy(update={"day": 12})
    found = read(check_game(EXAMPLE.model_copy(update={"symbols": symbols})))
    assert found[:2] == [
        ("symbols[0].day", "the waterhole at [10, 20] names no day (with days given, each "
                           "symbol gives the day it was found, 1 to 11)"),
        ("symbols[1].day", "day 12, but the record has 11 days"),
    ]  # fmt: skip


def test_a_printed_symbol_has_no_day() -> None:
    """A map's symbols are printed before play ('A few map spaces have pre-printed symbols'):
    none was found on a day."""
    printed = [MAP.symbols[0].model_copy(update={"day": 1}), *MAP.symbols[1:]]
    found = read(check_map(MAP.model_copy(update={"symbols": printed})))
    assert found == [("symbols[0].day", "a printed symbol was found on no day: leave day out")]


# --- each day's walk ------------------------------------------------------------------------------


def test_a_days_walk_is_one_dies_movement() -> None:
    """Rulebook, 2. Move: 'Do all of one die's movement' or 'all of one die's movement except
    for its first forward step'. No face of the dice walks four steps straight ahead (the
    longest forward run is the medium die's F F F), so that day is refused."""
    north = walk((10, 20), (10, 18), (10, 16), (10, 14))
    assert read(check_game(north)) == [
        (
            "days[0]",
            "day 1 walks 4 steps (F F F F) that no face of the dice moves, whole or without its "
            "first step, and more than the one step a crossed-out star gives",
        )
    ]
    assert check_game(walk((10, 20), (10, 18), (10, 16))) == []  # the medium die's F F F


def test_a_single_step_no_die_makes_is_a_star_crossed_out() -> None:
    """Rulebook, 2. Move: 'Cross out a star you have, to move 1 step in any direction'. A
    hard left (south-west) single step is on no face, whole or shortened: it is a star crossed
    out, and a record that crosses none out is refused."""
    southwest = walk((9, 23))
    assert read(check_game(southwest)) == [
        (
            "stars_used",
            "0 stars crossed out, but day 1 takes a single step no die face makes: that is a "
            "star crossed out",
        )
    ]
    assert check_game(southwest.model_copy(update={"stars_used": 1})) == []


def test_stars_are_crossed_out_only_to_step() -> None:
    """Rulebook, 2. Move: a star is crossed out 'to move 1 step in any direction'. The example
    walks a single step on one day only, so it cannot have crossed out two stars, though it
    held three."""
    found = read(check_game(EXAMPLE.model_copy(update={"stars_used": 2})))
    assert found == [
        (
            "stars_used",
            "2 stars crossed out, but only 1 day walks a single step: a star is crossed out "
            "only to take one step",
        )
    ]


# --- stars are never negative -----------------------------------------------------------------


def test_moves_refuses_a_negative_star_count() -> None:
    """Rulebook, General rules: 'You begin the game with one star, and can collect more'; you
    'Cross out a star you have'. Nobody holds fewer than none: '--stars -1' is a usage error,
    one line, exit 2."""
    run = sheetgen(
        "walkabout", "moves", "walkabout/example-game", "--roll", "1,2,3", "--stars", "-1"
    )
    assert run.code == 2 and run.out == ""
    assert run.err.startswith("error: ") and "'--stars'" in run.err
    assert len(run.err.strip().splitlines()) == 1
    ok = sheetgen("walkabout", "moves", "walkabout/example-game", "--roll", "1,2,3", "--stars", "0")
    assert ok.code == 0 and "cross out a star" not in ok.out


def test_a_record_cannot_use_fewer_than_no_stars(tmp_path: Path) -> None:
    """Stars crossed out are counted from none up: a record with stars_used = -1 is refused
    with its file, line and key."""
    record = tmp_path / "minus.toml"
    record.write_text(
        'game = "walkabout"\ncomponent = "game"\nname = "minus"\n'
        'extends = "walkabout/example-game"\nstars_used = -1\n',
        encoding="utf-8",
    )
    run = sheetgen("walkabout", "score", str(record))
    assert run.code == 1 and run.out == ""
    assert f"{record}:5:1: stars_used: must be at least 0 (got -1)" in run.err
    assert len(run.err.strip().splitlines()) == 1


# --- the record's map is found beside it ------------------------------------------------------


def test_a_records_map_is_read_from_the_records_folder(tmp_path: Path) -> None:
    """A record names the map it was played on; a map file named by a relative path is looked
    for beside the record, whatever folder the command runs in."""
    games = tmp_path / "games"
    games.mkdir()
    text = (ROOT / "layouts" / "walkabout" / "map-1.toml").read_text(encoding="utf-8")
    (games / "my-map.toml").write_text(text.replace('name = "map-1"', 'name = "my-map"'), "utf-8")
    record = (ROOT / "layouts" / "walkabout" / "example-game.toml").read_text(encoding="utf-8")
    (games / "game.toml").write_text(
        record.replace('map = "walkabout/map-1"', 'map = "my-map.toml"'), encoding="utf-8"
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = sheetgen("walkabout", "score", str(games / "game.toml"), cwd=elsewhere)
    assert run.code == 0, run.err
    assert "  total: 28.5 points\n" in run.out  # the same sheet as the built-in map-1
    assert sheetgen("check", "games/game.toml", cwd=tmp_path).code == 0
    built = sheetgen("build", "games/game.toml", "-f", "pdf", "--out", ".", "-q", cwd=tmp_path)
    assert built.code == 0, built.err
    (games / "my-map.toml").unlink()
    gone = sheetgen("check", str(games / "game.toml"), cwd=elsewhere)
    assert gone.code == 1 and f"{games / 'my-map.toml'}: no such file" in gone.out + gone.err


# --- the score's words ----------------------------------------------------------------------------


def test_the_score_names_region_points_and_the_stars() -> None:
    """Rulebook, Scoring: 'For each region ... write and circle its score ... add up their
    scores and write their sum in the first scoring box', and '1 point per star that you have
    and haven't used'. The text output calls the region sum points, and shows the stars
    collected and used."""
    run = sheetgen("walkabout", "score", "walkabout/example-game")
    assert run.code == 0, run.err
    assert "  region points: 14 points\n" in run.out
    assert "  stars: 1 + 2 collected - 1 used = 2 unused -> 2 points\n" in run.out
    assert "score" not in run.out.lower()


def test_a_game_on_a_map_that_breaks_the_rules_is_refused(tmp_path: Path) -> None:
    """A game is played on a map that keeps the rules: a record whose map puts two symbols in
    one space fails 'check' with the map's own fault, at the record's 'map' line."""
    symbols = (
        '  { symbol = "waterhole", space = [14, 12] },\n'
        '  { symbol = "spear", space = [8, 8], facing = "N" },\n'
        '  { symbol = "spear", space = [8, 8], facing = "N" },\n'
    )
    (tmp_path / "twice.toml").write_text(
        'game = "walkabout"\ncomponent = "map"\nextends = "walkabout/map-1"\nname = "twice"\n'
        f"sheet_number = 5\nsymbols = [\n{symbols}]\n",
        encoding="utf-8",
    )
    record = tmp_path / "rec.toml"
    record.write_text(
        'game = "walkabout"\ncomponent = "game"\nextends = "walkabout/example-game"\n'
        'name = "rec"\nmap = "twice.toml"\n',
        encoding="utf-8",
    )
    assert sheetgen("check", str(tmp_path / "twice.toml")).code == 1  # the map alone fails
    run = sheetgen("check", str(record))
    assert run.code == 1
    assert (
        f"error: {record}:5:1: map(twice.toml).symbols[3].space: space [8, 8] already holds a "
        "symbol" in run.err
    )


def test_a_built_in_sheet_out_of_step_with_the_others_is_the_sheets_fault_not_the_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rulebook, Materials: the 4 map sheets 'differ only by a different arrangement of the
    few initial symbols'. Should a built-in sheet's file be edited out of step (map-2 given 10
    star circles, the others 9), 'check' of that sheet names the difference, but a game played
    on it is refereed by the game's rules alone and passes: the sheet, not the player, is at
    fault."""
    shipped = tmp_path / "layouts"  # a copy of the built-in layouts, map-2 edited
    shutil.copytree(ROOT / "layouts", shipped)
    map_2 = shipped / "walkabout" / "map-2.toml"
    text = map_2.read_text(encoding="utf-8")
    map_2.write_text(text.replace("sheet_number = 2\n", "sheet_number = 2\nstar_circles = 10\n"))
    monkeypatch.setattr("sheetgen.layouts.find.resource_dir", lambda name: shipped)
    sheet = sheetgen("check", "walkabout/map-2")
    assert sheet.code == 1
    assert sheet.err.count(": star_circles: sheet map-2 differs from map-") == 3
    record = tmp_path / "rec.toml"
    record.write_text(
        'game = "walkabout"\ncomponent = "game"\nname = "rec"\nmap = "walkabout/map-2"\n'
        "stars_used = 0\npath = [[9, 29], [9, 27], [9, 25], [10, 24], [10, 22], [10, 20]]\n",
        encoding="utf-8",
    )
    run = sheetgen("check", str(record))
    assert (run.code, run.out, run.err) == (0, f"{record}: ok\n", "")


def test_the_spaces_at_a_node_are_those_with_it_for_a_corner() -> None:
    """What the referee reads a day's reach from: every space one of whose three corners is the
    node, as the grid's own list of spaces and their corners says (on a map and a tiny grid)."""
    for grid in (Grid(MAP.columns, MAP.rows, MAP.edge), Grid(3, 2, 10.0)):
        for node in grid.nodes():
            expected = {s for s in grid.spaces() if node in grid.space_nodes(s)}
            assert grid.spaces_at(node) == expected, node
            assert 1 <= len(expected) <= 6
        assert len(set(grid.spaces())) == len(grid.spaces())
