"""Walkabout's checks and scoring details worked by hand on the triangular grid: nodes [q, v]
with q + v even, N two half edges up; a day's options described as a player reads them; a game
record that continues the printed path, draws in free spaces and uses only stars it holds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetgen.games.walkabout.components import check_sheet
from sheetgen.games.walkabout.grid import Grid
from sheetgen.games.walkabout.model import DiceLayout, GameRecord, MapLayout, PlacedSymbol
from sheetgen.games.walkabout.referee import check_game
from sheetgen.games.walkabout.rules import (
    Option,
    check_dice,
    check_path,
    check_symbols,
    score_game,
)
from sheetgen.layouts.read import load

MAP: MapLayout = load("walkabout/map-1").model  # type: ignore[assignment]
DICE: DiceLayout = load("walkabout/dice").model  # type: ignore[assignment]
EXAMPLE: GameRecord = load("walkabout/example-game").model  # type: ignore[assignment]
GRID = Grid(MAP.columns, MAP.rows, MAP.edge)  # 19 columns, 15 edges: v runs 0 to 30


def where_messages(found: list[object]) -> list[tuple[str, str]]:
    return [(f.where, f.message) for f in found]  # type: ignore[attr-defined]


def test_options_read_as_a_player_would() -> None:
    names = ("Light", "Medium", "Dark")
    assert Option("die", 1, ((9, 7), (10, 6))).describe(names) == (
        "Medium: the whole movement to [10, 6]"
    )
    assert Option("die-short", 2, ((3, 3),)).describe(names) == (
        "Dark without its first step, to [3, 3]"
    )
    assert Option("die", 2, ((1, 1),)).describe() == "die 2: the whole movement to [1, 1]"
    assert Option("die", 3, ((1, 1),)).describe(names) == "die 3: the whole movement to [1, 1]"
    assert Option("star", None, ((4, 6),)).describe(names) == (
        "cross out a star, one step to [4, 6]"
    )
    assert Option("stay", None, ()).describe(names) == "stay (no die's movement can be done)"
    assert Option("quit", None, ()).describe(names) == "quit"


def test_a_path_stays_on_the_grid_steps_along_lines_and_never_repeats_a_segment() -> None:
    assert check_path(GRID, [(9, 29), (9, 27), (10, 26)]) == []
    assert where_messages(check_path(GRID, [(9, 29), (9, 28)])) == [
        (
            "path[1]",
            "node [9, 28] is not on the map's grid (19 columns, 15 edges tall, q + v even)",
        )
    ]
    assert where_messages(check_path(GRID, [(19, 29)], "p"))[0][0] == "p[0]"  # q 0-18
    assert where_messages(check_path(GRID, [(9, 29), (9, 25)])) == [
        ("path[1]", "node [9, 25] is not one step along a grid line from [9, 29]")
    ]
    back_again = [(9, 29), (9, 27), (10, 26), (9, 27)]
    assert where_messages(check_path(GRID, back_again)) == [
        (
            "path[3]",
            "the path walks the segment [10, 26]-[9, 27] a second time (it may cross "
            "itself only at a node)",
        )
    ]
    crossing = [(9, 29), (9, 27), (10, 26), (10, 28), (9, 27), (8, 26)]  # through a node: fine
    assert check_path(GRID, crossing) == []


def test_symbols_sit_one_to_a_space_and_point_only_if_they_may() -> None:
    good = PlacedSymbol(symbol="emu", space=(9, 20), facing="N")
    assert check_symbols(GRID, [good]) == []
    off = PlacedSymbol(symbol="emu", space=(18, 20), facing="N")  # spaces lie in columns 0-17
    twice = [good, PlacedSymbol(symbol="spear", space=(9, 20), facing="S")]
    pointing_water = PlacedSymbol(symbol="waterhole", space=(9, 20), facing="N")
    blind = PlacedSymbol(symbol="spear", space=(9, 20))
    assert where_messages(check_symbols(GRID, [off])) == [
        ("symbols[0].space", "space [18, 20] is not on the map")
    ]
    assert where_messages(check_symbols(GRID, twice)) == [
        ("symbols[1].space", "space [9, 20] already holds a symbol")
    ]
    assert where_messages(check_symbols(GRID, [good], taken=[(9, 20)])) == [
        ("symbols[0].space", "space [9, 20] already holds a symbol")
    ]
    assert where_messages(check_symbols(GRID, [pointing_water])) == [
        ("symbols[0].facing", "a waterhole points nowhere: leave facing out")
    ]
    assert where_messages(check_symbols(GRID, [blind], "s")) == [
        ("s[0].facing", "a spear needs a facing (one of N, NE, SE, S, SW, NW)")
    ]


def map_findings(**update: object) -> list[tuple[str, str]]:
    """A designer's own map made from map 1 (so not held to match the built-in sheets)."""
    return where_messages(check_sheet(MAP.model_copy(update={"name": "mine", **update})))


def test_yesterdays_path_enters_from_the_south_heading_north() -> None:
    assert map_findings() == []
    # v 28 is one edge above the southern edge (v 29 or 30 are on it for column 9 ... )
    assert ("path[0]", "yesterday's path must enter from the southern edge (v = 29 or 30), not "
            "at [9, 27]") in map_findings(path=[(9, 27), (9, 25), (10, 24)])  # fmt: skip
    assert ("path[1]", "yesterday's path must enter heading north") in map_findings(
        path=[(9, 29), (10, 28), (10, 26)]
    )
    assert map_findings(path=[(10, 30), (10, 28), (10, 26)]) == []  # from v 30 too


def test_stars_lie_on_free_nodes() -> None:
    stars = list(MAP.stars)
    assert ("stars[8]", "star [9, 28] is not on a node of the grid") in map_findings(
        stars=[*stars, (9, 28)]
    )
    assert ("stars[8]", "star [9, 27] sits on yesterday's path") in map_findings(
        stars=[*stars, (9, 27)]
    )


def test_a_grid_too_big_for_its_sheet_is_refused() -> None:
    found = map_findings(edge=20.0)
    assert len(found) == 1 and found[0][0] == "edge"
    assert found[0][1].startswith("a 19 x 15 grid of 20 mm edges (")
    assert found[0][1].endswith("; use a shorter edge or fewer rows")


def test_the_dice_each_show_six_faces_five_symbols_and_a_wild() -> None:
    assert check_dice(DICE) == []
    light = DICE.dice[0]
    five = light.model_copy(update={"faces": light.faces[:5]})
    found = where_messages(check_dice(DICE.model_copy(update={"dice": [five, *DICE.dice[1:]]})))
    assert ("dice[0].faces", "the Light die has 5 faces; a die has 6") in found
    assert any(w == "dice[0].faces" and m.startswith("the Light die shows [") for w, m in found)
    faces = list(light.faces)
    faces[0] = faces[0].model_copy(update={"move": ["L", "F"]})
    faces[1] = faces[1].model_copy(update={"move": ["F", "HL", "HL"]})  # a triangle, back home
    faces[2] = faces[2].model_copy(update={"move": ["F", "HL", "HL", "HL"]})  # round again
    faces[3] = faces[3].model_copy(update={"move": list(faces[4].move)})
    changed = light.model_copy(update={"faces": faces})
    found = where_messages(check_dice(DICE.model_copy(update={"dice": [changed, *DICE.dice[1:]]})))
    assert ("dice[0].faces[0].move", "a movement begins with one forward step (F)") in found
    assert ("dice[0].faces[2].move", "the movement walks one segment twice") in found
    assert not any(w == "dice[0].faces[1].move" for w, _ in found)
    assert ("dice[0].faces[4].move", f"the movement {' '.join(faces[4].move)} is also on the "
            "Light die's face 4") in found  # fmt: skip


def record(**update: object) -> GameRecord:
    return EXAMPLE.model_copy(update=update)


def test_the_example_game_is_legal() -> None:
    assert check_game(EXAMPLE) == []


def test_a_record_must_continue_the_printed_path() -> None:
    found = where_messages(check_game(record(path=[(9, 29), (9, 27), (10, 26)])))
    assert found == [("path", "the path must begin with the map's printed path [[9, 29], "
                      "[9, 27], [9, 25], [10, 24], [10, 22]]")]  # fmt: skip


def test_a_record_draws_in_free_spaces_and_uses_the_stars_it_holds() -> None:
    printed = MAP.symbols[0].space
    on_printed = PlacedSymbol(symbol="emu", space=printed, facing="N", day=1)
    found = where_messages(check_game(record(symbols=[*EXAMPLE.symbols, on_printed])))
    assert (f"symbols[{len(EXAMPLE.symbols)}].space",
            f"space {list(printed)} already holds a symbol") in found  # fmt: skip
    # the example walks onto the stars at [13, 25] and [9, 9]: with the one every player
    # starts with, it holds 3 (its days are left out here: only one of them is a single step,
    # so with them no more than one star could have been crossed out)
    undated = record(days=[], symbols=[s.model_copy(update={"day": None}) for s in EXAMPLE.symbols])
    assert check_game(undated.model_copy(update={"stars_used": 3})) == []
    assert where_messages(check_game(undated.model_copy(update={"stars_used": 4}))) == [
        ("stars_used", "4 stars used but only 3 held (one to start, plus each star walked onto)")
    ]


def test_a_record_names_a_map() -> None:
    found = check_game(record(map="walkabout/map-9"))
    assert len(found) == 1 and found[0].where == "map" and "map-9" in found[0].message
    not_map = where_messages(check_game(record(map="walkabout/dice")))
    assert not_map == [("map", "'walkabout/dice' is not a walkabout map")]


def test_symbol_points_solo_and_against_others() -> None:
    score = score_game(MAP, EXAMPLE)
    # solo: half a point for each symbol of a type in the region holding most of that type
    assert score.symbol_points == {k: Fraction(n, 2) for k, n in score.most.items()}
    beaten = {k: n + 1 for k, n in score.most.items()}
    tied = dict(score.most)
    against = score_game(MAP, EXAMPLE, [tied, {k: 0 for k in score.most}])
    assert against.symbol_points == {k: Fraction(n) for k, n in score.most.items()}
    lost = score_game(MAP, EXAMPLE, [beaten])
    assert set(lost.symbol_points.values()) == {Fraction(0)}
    # one star to start and two walked onto ([13, 25], [9, 9]), one crossed out: two left
    assert (score.stars_collected, score.unused_stars) == (2, 2)
    assert score_game(MAP, record(stars_used=0)).unused_stars == 3
    assert score.total == score.region_total + sum(score.symbol_points.values()) + 2


@pytest.mark.parametrize("stars_used", [0, 1])
def test_unused_stars_never_go_negative(stars_used: int) -> None:
    assert score_game(MAP, record(stars_used=stars_used + 3)).unused_stars == 0
