"""Every Walkabout rules check that refuses a map, a dice set or a game record, each finding read
as a user reads it: its level, the key path it points at and its words.

The grid (see sheetgen/games/walkabout/grid.py): nodes [q, v] with q + v even, N two half edges
up (v - 2), NE one column right and one half edge up; map 1 has 19 node columns (q 0-18) and is
15 edges tall (v 0-30), so its southern edge is v 29 (odd columns) or v 30 (even columns).
"""

from __future__ import annotations

from pathlib import Path

from sheetgen.findings import Finding
from sheetgen.games.walkabout.components import check_sheet
from sheetgen.games.walkabout.grid import Grid
from sheetgen.games.walkabout.model import DiceLayout, Face, GameRecord, MapLayout, PlacedSymbol
from sheetgen.games.walkabout.referee import check_game
from sheetgen.games.walkabout.rules import (
    check_dice,
    check_map,
    check_path,
    check_symbols,
)
from sheetgen.layouts.read import load
from tests.support import sheetgen

MAP: MapLayout = load("walkabout/map-1").model  # type: ignore[assignment]
DICE: DiceLayout = load("walkabout/dice").model  # type: ignore[assignment]
EXAMPLE: GameRecord = load("walkabout/example-game").model  # type: ignore[assignment]
GRID = Grid(MAP.columns, MAP.rows, MAP.edge)


def read(found: list[Finding]) -> list[tuple[str, str, str]]:
    return [(f.level, f.where, f.message) for f in found]


# --- the path ------------------------------------------------------------------------------


def test_every_step_that_is_not_along_a_grid_line_is_named() -> None:
    # [9, 29] to [9, 25] is two edges north, and [9, 25] to [9, 21] two more: both refused
    assert read(check_path(GRID, [(9, 29), (9, 25), (9, 21)])) == [
        ("error", "path[1]", "node [9, 25] is not one step along a grid line from [9, 29]"),
        ("error", "path[2]", "node [9, 21] is not one step along a grid line from [9, 25]"),
    ]


def test_a_node_off_the_grid_and_a_segment_walked_twice() -> None:
    assert read(check_path(GRID, [(9, 29), (9, 28)], "route")) == [
        (
            "error",
            "route[1]",
            "node [9, 28] is not on the map's grid (19 columns, 15 edges tall, q + v even)",
        )
    ]
    assert read(check_path(GRID, [(9, 29), (9, 27), (9, 29)])) == [
        (
            "error",
            "path[2]",
            "the path walks the segment [9, 27]-[9, 29] a second time "
            "(it may cross itself only at a node)",
        )
    ]


# --- the symbols ---------------------------------------------------------------------------


def test_each_symbol_fault_is_an_error_at_its_key() -> None:
    off = PlacedSymbol(symbol="emu", space=(18, 20), facing="N")  # spaces lie in columns 0-17
    water = PlacedSymbol(symbol="waterhole", space=(9, 20), facing="NE")
    again = PlacedSymbol(symbol="boomerang", space=(9, 20))
    assert read(check_symbols(GRID, [off, water, again], "drawn")) == [
        ("error", "drawn[0].space", "space [18, 20] is not on the map"),
        ("error", "drawn[1].facing", "a waterhole points nowhere: leave facing out"),
        ("error", "drawn[2].space", "space [9, 20] already holds a symbol"),
        ("error", "drawn[2].facing", "a boomerang needs a facing (one of N, NE, SE, S, SW, NW)"),
    ]


# --- the map -------------------------------------------------------------------------------


def mine(**update: object) -> list[tuple[str, str, str]]:
    """A designer's own map made from map 1 (not one of the built-in sheets)."""
    return read(check_sheet(MAP.model_copy(update={"name": "mine", **update})))


def test_yesterdays_path_starts_on_the_southern_edge() -> None:
    # [10, 28] is a node one edge above the southern edge's [10, 30]
    assert mine(path=[(10, 28), (10, 26), (10, 24)]) == [
        (
            "error",
            "path[0]",
            "yesterday's path must enter from the southern edge (v = 29 or 30), not at [10, 28]",
        )
    ]
    assert mine(path=[(9, 29), (8, 28)]) == [
        ("error", "path[1]", "yesterday's path must enter heading north")
    ]
    # a broken path is reported as such, without the entry rules piled on top
    assert mine(path=[(9, 27), (9, 23)]) == [
        ("error", "path[1]", "node [9, 23] is not one step along a grid line from [9, 27]")
    ]


def test_stars_and_symbols_of_a_map() -> None:
    assert mine(stars=[(3, 5), (4, 5), (9, 25)]) == [
        ("error", "stars[1]", "star [4, 5] is not on a node of the grid"),
        ("error", "stars[2]", "star [9, 25] sits on yesterday's path"),
    ]
    blind = PlacedSymbol(symbol="kangaroo", space=(4, 9))
    assert mine(symbols=[blind]) == [
        ("error", "symbols[0].facing", "a kangaroo needs a facing (one of N, NE, SE, S, SW, NW)")
    ]


def test_a_grid_that_does_not_fit_its_sheet() -> None:
    # 19 columns of 20 mm edges: 18 x 20 x sqrt(3)/2 = 311.8 mm wide, 15 x 20 = 300 mm tall
    found = mine(edge=20.0)
    assert [(level, where) for level, where, _ in found] == [("error", "edge")]
    assert found[0][2].startswith("a 19 x 15 grid of 20 mm edges (312 x 300 mm) leaves no room ")
    assert "on the 194 x 250.5 mm sheet below the " in found[0][2]


def test_the_built_in_sheets_may_differ_only_in_their_symbols() -> None:
    changed = MAP.model_copy(update={"stars": [(3, 5)], "star_circles": 6})
    assert read(check_map(changed)) == [
        (
            "error",
            "star_circles",
            f"sheet map-1 differs from map-{n} in star_circles, stars; "
            "the sheets may differ only in symbols",
        )
        for n in (2, 3, 4)
    ]
    # a sheet of one's own, even one named like the built-in ones, is free to differ
    assert read(check_map(changed.model_copy(update={"name": "map-9"}))) == []
    # where a sheet came from is no difference
    assert read(check_map(MAP.model_copy(update={"extends": "walkabout/map-2"}))) == []


def test_symbol_colours_too_alike_are_named_at_their_keys_in_the_file(tmp_path: Path) -> None:
    """Rulebook, Scoring: a region scores by weapons pointing at animals or animals at
    waterholes, so a player sorts the symbols by kind at a glance (and the design notes ask for
    colours that stay apart). A designer who prints the animals in the weapons' near-black is
    warned at the line of the file they wrote, naming both keys of its [sheet.symbols] table;
    a warning only: the map still passes."""
    dusk = tmp_path / "dusk.toml"
    dusk.write_text(
        'game = "walkabout"\ncomponent = "map"\nname = "dusk"\nextends = "walkabout/map-1"\n'
        '[sheet.symbols]\nanimals = "#2a2622"\n',
        encoding="utf-8",
    )
    run = sheetgen("check", str(dusk))
    assert run.code == 0, run.err
    assert run.out == (
        f"warning: {dusk}:6:1: sheet.symbols.animals: #2a2622 looks like sheet.symbols.weapons "
        "(#2a2622) to every player: a CIEDE2000 difference of 0.0, where 20 or more tells colours "
        f"apart; choose colours further apart\n{dusk}: ok (1 warning)\n"
    )


# --- the dice ------------------------------------------------------------------------------


def dice_with(faces: list[Face]) -> list[tuple[str, str, str]]:
    light = DICE.dice[0].model_copy(update={"faces": faces})
    return read(check_dice(DICE.model_copy(update={"dice": [light, *DICE.dice[1:]]})))


def test_a_die_showing_the_wrong_symbols() -> None:
    faces = list(DICE.dice[0].faces)
    faces[1] = faces[1].model_copy(update={"symbol": "spear"})  # two spears, no boomerang
    assert dice_with(faces) == [
        (
            "error",
            "dice[0].faces",
            "the Light die shows ['spear', 'spear', 'emu', 'kangaroo', 'waterhole', '?']; "
            "it needs each of the five symbols once and '?' once",
        )
    ]


def test_movements_that_revisit_a_node_without_reusing_a_segment_are_fine() -> None:
    faces = list(DICE.dice[0].faces)
    # F HR L from [0, 0] facing N: N to [0, -2], SE to [1, -1], NE to [2, -2]
    faces[3] = faces[3].model_copy(update={"move": ["F", "HR", "L"]})
    # F R HR HR F: N to A, round the triangle A-NE-S-NW back to A, then on NW: A twice, no
    # segment twice
    faces[4] = faces[4].model_copy(update={"move": ["F", "R", "HR", "HR", "F"]})
    assert dice_with(faces) == []
    faces[4] = faces[4].model_copy(update={"move": ["F", "R", "HR", "HR", "HR"]})  # A-NE again
    assert dice_with(faces) == [
        ("error", "dice[0].faces[4].move", "the movement walks one segment twice")
    ]


def test_dice_faults_are_errors() -> None:
    light = DICE.dice[0]
    faces = [light.faces[0].model_copy(update={"move": ["R", "F"]}), *light.faces[1:]]
    assert dice_with(faces) == [
        ("error", "dice[0].faces[0].move", "a movement begins with one forward step (F)")
    ]
    assert dice_with(list(light.faces[:5])) == [
        ("error", "dice[0].faces", "the Light die has 5 faces; a die has 6"),
        (
            "error",
            "dice[0].faces",
            "the Light die shows ['spear', 'boomerang', 'emu', 'kangaroo', 'waterhole']; "
            "it needs each of the five symbols once and '?' once",
        ),
    ]
    twin = [*light.faces[:5], light.faces[0].model_copy(update={"symbol": "?"})]
    assert dice_with(twin) == [
        ("error", "dice[0].faces[5].move", "the movement F L is also on the Light die's face 1")
    ]


# --- a game record -------------------------------------------------------------------------


def record(**update: object) -> GameRecord:
    """The example with its days and symbols left out, then `update`d."""
    return EXAMPLE.model_copy(update={"days": [], "symbols": [], **update})


def test_a_record_is_refused_for_each_rule_it_breaks() -> None:
    assert read(check_game(record(map="walkabout/dice"))) == [
        ("error", "map", "'walkabout/dice' is not a walkabout map")
    ]
    missing = read(check_game(record(map="walkabout/map-7")))
    assert [(level, where) for level, where, _ in missing] == [("error", "map")]
    assert "walkabout/map-7" in missing[0][2]
    # the printed path is [9, 29] ... [10, 22]; this one turns off at [9, 25]
    assert read(check_game(record(path=[(9, 29), (9, 27), (9, 25), (8, 24)]))) == [
        (
            "error",
            "path",
            "the path must begin with the map's printed path "
            "[[9, 29], [9, 27], [9, 25], [10, 24], [10, 22]]",
        )
    ]
    doubled = [*MAP.path, (10, 24)]  # back down yesterday's last segment
    assert read(check_game(record(path=doubled, stars_used=0))) == [
        (
            "error",
            "path[5]",
            "the path walks the segment [10, 22]-[10, 24] a second time "
            "(it may cross itself only at a node)",
        )
    ]
    on_printed = PlacedSymbol(symbol="spear", space=MAP.symbols[0].space, facing="S")
    assert read(check_game(record(symbols=[on_printed]))) == [
        ("error", "symbols[0].space", "space [4, 9] already holds a symbol"),
        (
            "error",
            "symbols[0].space",
            "the spear at [4, 9] touches no node of the walk from [10, 22] on: a symbol is "
            "drawn in a blank space touching where you stand or the path walked that day "
            "(a corner is enough)",
        ),
    ]
    # walking only yesterday's path collects no star: the one every player starts with is all
    assert read(check_game(record(path=list(MAP.path), symbols=[], stars_used=2))) == [
        (
            "error",
            "stars_used",
            "2 stars used but only 1 held (one to start, plus each star walked onto)",
        )
    ]
    assert check_game(record(path=list(MAP.path), symbols=[], stars_used=1)) == []
