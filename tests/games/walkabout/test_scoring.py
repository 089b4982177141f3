"""Walkabout's moves, regions and scoring, each expected number worked out by hand from the
rulebook (shared/rulebooks/walkabout.md, "Scoring"):

- a region scores only one way, its best: weapons of one type each pointing at a different
  animal (animals of one type, in one region), or animals of one type each pointing to or from a
  different waterhole (waterholes in one region): the 1st 0, the 2nd 1, the 3rd and on 2 each;
  or 1 point for 4 types of symbol, 3 for all 5;
- each symbol type: the count in your region with the most, ½ point each solo; 1 point each in a
  multi-player game, only if no other player has a region with more;
- 1 point per star held and not used.

The small grid used here has 7 node columns (q 0-6) and is 6 edges tall (v 0-12). The strip
between columns q and q+1 holds the spaces [q, 1] ... [q, 11]: its nodes zigzag from one column
to the other (7 + 6 = 13 of them), and a zigzag of n nodes makes n - 2 = 11 triangles. Every
triangle of a strip spans the strip's whole width, so a symbol facing N or S (along the strip)
points through every space of its own strip on that side, and through no other space.
"""

from __future__ import annotations

from fractions import Fraction

from sheetgen.games.walkabout.grid import Grid
from sheetgen.games.walkabout.model import Face, GameRecord, MapLayout, PlacedSymbol
from sheetgen.games.walkabout.rules import (
    Option,
    legal_moves,
    points_at,
    regions,
    score_game,
    score_regions,
)

SMALL = Grid(7, 6, 10.0)
STRIP = 11  # spaces in a strip between two neighbouring columns of SMALL
START = [(3, 11), (3, 9)]  # a short path up from the southern edge: it walls nothing off
UP_COLUMN_3 = [(3, v) for v in range(11, 0, -2)]  # the whole height: a left and a right half


def sym(kind: str, space: tuple[int, int], facing: str | None = None) -> PlacedSymbol:
    return PlacedSymbol(symbol=kind, space=space, facing=facing)  # type: ignore[arg-type]


def best(symbols: list[PlacedSymbol], path: list[tuple[int, int]] = START) -> list[tuple[int, str]]:
    return [(r.points, r.way) for r in score_regions(SMALL, path, symbols)]


# --- moves ---------------------------------------------------------------------------------


def test_a_movement_that_runs_over_itself_is_not_offered() -> None:
    # at [4, 18] facing N on map-sized open ground; F HL HL HL walks N to [4, 16], SW to
    # [3, 17], SE to [4, 18] and N again along [4, 18]-[4, 16]: its own first segment.
    # Without the F it runs SW, SE and then N along yesterday's [4, 20]-[4, 18].
    grid = Grid(19, 15, 11.0)
    roll = [Face(move=["F", "HL", "HL", "HL"], symbol="emu")] * 3
    assert legal_moves(grid, [(4, 20), (4, 18)], roll, stars=0) == [
        Option("stay", None, ()),
        Option("quit", None, ()),
    ]


# --- regions -------------------------------------------------------------------------------


def test_a_path_along_the_map_edge_walls_nothing_off() -> None:
    # up the western edge (column 0) from the bottom corner to the top corner
    edge = [(0, v) for v in range(12, -1, -2)]
    owner = regions(SMALL, edge)
    assert set(owner.values()) == {0}
    assert len(owner) == 6 * STRIP
    assert [(r.region, r.spaces) for r in score_regions(SMALL, edge, [])] == [(0, 6 * STRIP)]


def test_regions_are_numbered_from_the_western_one() -> None:
    # up column 2, along the northern edge to column 4 and down it: three strips of two
    walls = [(2, v) for v in range(12, -1, -2)] + [(3, 1)] + [(4, v) for v in range(0, 13, 2)]
    owner = regions(SMALL, walls)
    assert {q: owner[(q, 5)] for q in range(6)} == {0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 2}
    scored = score_regions(SMALL, walls, [])
    assert [(r.region, r.spaces, r.points, r.way) for r in scored] == [
        (n, 2 * STRIP, 0, "nothing") for n in range(3)
    ]
    halves = score_regions(SMALL, UP_COLUMN_3, [])
    assert [(r.region, r.spaces) for r in halves] == [(0, 3 * STRIP), (1, 3 * STRIP)]


# --- pointing ------------------------------------------------------------------------------


def test_a_symbol_without_a_facing_points_at_nothing() -> None:
    assert not points_at(SMALL, sym("waterhole", (0, 8)), (0, 4), both_ways=True)
    assert points_at(SMALL, sym("emu", (0, 8), "N"), (0, 4), both_ways=False)
    assert not points_at(SMALL, sym("emu", (0, 8), "N"), (0, 8), both_ways=True)  # itself


# --- one way per region --------------------------------------------------------------------


def test_weapons_point_one_way_only() -> None:
    # three spears facing S, away from the kangaroos up their strips: nothing to score
    spears = [sym("spear", (q, 8), "S") for q in (0, 2, 4)]
    roos = [sym("kangaroo", (q, 4), "S") for q in (0, 2, 4)]
    assert best(spears + roos) == [(0, "nothing")]
    # turned N they point at three different kangaroos: 0 + 1 + 2
    turned = [sym("spear", (q, 8), "N") for q in (0, 2, 4)]
    assert best(turned + roos) == [(3, "3 spears pointing at 3 kangaroos")]


def test_animals_pointing_at_animals_score_nothing() -> None:
    # emus facing each other up and down strips 0 and 2: no weapon, no waterhole
    emus = [sym("emu", (0, 8), "N"), sym("emu", (0, 4), "S")]
    emus += [sym("emu", (2, 8), "N"), sym("emu", (2, 4), "S")]
    assert best(emus) == [(0, "nothing")]


def test_each_weapon_is_given_its_own_animal_where_one_can_be() -> None:
    # strip 0: the spear at [0, 8] faces N, through the emus at [0, 4] and [0, 2]; the spear at
    # [0, 3] faces S, through [0, 4] only. Giving the first spear the emu at [0, 2] leaves the
    # one at [0, 4] for the second: two spears at two different emus, 0 + 1 points.
    symbols = [
        sym("spear", (0, 8), "N"),
        sym("spear", (0, 3), "S"),
        sym("emu", (0, 4), "N"),
        sym("emu", (0, 2), "N"),
    ]
    assert best(symbols) == [(1, "2 spears pointing at 2 emus")]


def test_of_equal_ways_the_first_on_the_score_box_is_named() -> None:
    # two emus at two waterholes (strips 0, 1) and two kangaroos at two (strips 3, 4): 1 point
    # either way; the box lists emus first (its animals are named emu, kangaroo)
    symbols = [sym("waterhole", (q, 2)) for q in (0, 1, 3, 4)]
    symbols += [sym("emu", (0, 8), "N"), sym("emu", (1, 8), "N")]
    symbols += [sym("kangaroo", (3, 8), "S"), sym("kangaroo", (4, 8), "S")]
    assert best(symbols) == [(1, "2 emus pointing at 2 waterholes")]


def test_four_and_five_types_are_named() -> None:
    four = [
        sym("spear", (0, 10), "SE"),
        sym("boomerang", (5, 10), "SW"),
        sym("emu", (2, 2), "NE"),
        sym("waterhole", (5, 2)),
    ]
    assert best(four) == [(1, "4 kinds of symbol")]
    assert best([*four, sym("kangaroo", (3, 6), "SE")]) == [(3, "all 5 kinds of symbol")]


# --- a whole game --------------------------------------------------------------------------

TINY = MapLayout(
    game="walkabout",
    component="map",
    name="tiny",
    sheet_number=1,
    columns=7,
    rows=6,
    edge=10.0,
    path=START,
    stars=[(3, 5), (1, 5)],
)

# The record walks on up column 3 to the northern edge: a west half (strips 0-2) and an east half
# (strips 3-5), and it walks onto the star at [3, 5] (not the one at [1, 5]).
#   West: three spears facing N, each up its own strip at a kangaroo: 0 + 1 + 2 = 3 points.
#   East: three emus each facing N at the waterhole up its own strip: 0 + 1 + 2 = 3 points; it
#   also holds a boomerang, a spear and a kangaroo, all five types: 3 points too. Best: 3.
#   Regions 3 + 3 = 6.
#   Most of a type in one region: spear 3 (west), boomerang 1, emu 3, kangaroo 3 (west),
#   waterhole 3: 13 symbols.
#   Stars: the one to start with and the one walked onto, none used: 2.
WEST = [sym("spear", (q, 10), "N") for q in range(3)]
WEST += [sym("kangaroo", (q, 4), "S") for q in range(3)]
EAST = [sym("waterhole", (q, 2)) for q in (3, 4, 5)] + [sym("emu", (q, 6), "N") for q in (3, 4, 5)]
EAST += [sym("boomerang", (3, 10), "N"), sym("spear", (4, 10), "S"), sym("kangaroo", (5, 10), "S")]
GAME = GameRecord(
    game="walkabout", component="game", name="tiny-game", map="walkabout/tiny", path=UP_COLUMN_3,
    symbols=WEST + EAST, stars_used=0,
)  # fmt: skip


def test_a_solo_game_scores_regions_half_points_and_stars() -> None:
    score = score_game(TINY, GAME)
    assert [r.points for r in score.regions] == [3, 3]
    assert score.region_total == 6
    assert score.most == {"spear": 3, "boomerang": 1, "emu": 3, "kangaroo": 3, "waterhole": 3}
    assert sum(score.symbol_points.values()) == Fraction(13, 2)
    assert (score.stars_collected, score.unused_stars) == (1, 2)
    assert score.total == 6 + Fraction(13, 2) + 2  # 14½


def test_a_multi_player_game_scores_a_type_only_where_nobody_has_more() -> None:
    # another player's best region: as many spears and waterholes (a tie keeps the points), more
    # boomerangs and kangaroos (those score 0), no emus
    other = {"spear": 3, "boomerang": 2, "emu": 0, "kangaroo": 4, "waterhole": 3}
    score = score_game(TINY, GAME, [other])
    assert score.symbol_points == {
        "spear": 3,
        "boomerang": 0,
        "emu": 3,
        "kangaroo": 0,
        "waterhole": 3,
    }
    assert score.total == 6 + 9 + 2
    # a star used costs its point
    used = score_game(TINY, GAME.model_copy(update={"stars_used": 1}), [other])
    assert used.unused_stars == 1 and used.total == 16
