"""Walkabout: map and dice checks, legal moves, regions, pointing and scoring by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetgen.games.walkabout.components import check_sheet
from sheetgen.games.walkabout.grid import Grid
from sheetgen.games.walkabout.model import (
    DiceLayout,
    Face,
    GameRecord,
    MapLayout,
    PlacedSymbol,
)
from sheetgen.games.walkabout.rules import (
    check_dice,
    ladder,
    legal_moves,
    points_at,
    regions,
    score_game,
    score_regions,
)
from sheetgen.layouts.read import load

MAP: MapLayout = load("walkabout/map-1").model  # type: ignore[assignment]
DICE: DiceLayout = load("walkabout/dice").model  # type: ignore[assignment]


def sym(kind: str, space: tuple[int, int], facing: str | None = None) -> PlacedSymbol:
    return PlacedSymbol(symbol=kind, space=space, facing=facing)  # type: ignore[arg-type]


def test_built_in_maps_and_dice_pass() -> None:
    for n in range(1, 5):
        assert check_sheet(load(f"walkabout/map-{n}").model) == []  # type: ignore[arg-type]
    assert check_dice(DICE) == []


def test_broken_maps_are_named() -> None:
    def msgs(**update: object) -> list[str]:
        return [f"{f.where}: {f.message}" for f in check_sheet(MAP.model_copy(update=update))]

    assert any(
        "path[2]: node [11, 25] is not one step along a grid line" in m
        for m in msgs(path=[(9, 29), (9, 27), (11, 25)])
    )
    assert any("walks the segment" in m for m in msgs(path=[(9, 29), (9, 27), (9, 25), (9, 27)]))
    assert any("must enter from the southern edge" in m for m in msgs(path=[(9, 21), (9, 19)]))
    assert any("must enter heading north" in m for m in msgs(path=[(9, 29), (10, 28)]))
    assert any(
        "stars[0]: star [9, 27] sits on yesterday's path" in m for m in msgs(stars=[(9, 27)])
    )
    assert any(
        "already holds a symbol" in m
        for m in msgs(symbols=[sym("waterhole", (4, 9)), sym("emu", (4, 9), "N")])
    )
    assert any("a kangaroo needs a facing" in m for m in msgs(symbols=[sym("kangaroo", (4, 9))]))
    assert any("leaves no room" in m for m in msgs(edge=14.0))
    # the built-in sheets may differ only in their symbols
    assert any("differs from map-2 in stars" in m for m in msgs(stars=[(3, 5)]))


def test_broken_dice_are_named() -> None:
    light = DICE.dice[0]
    bad = light.model_copy(
        update={
            "faces": [
                Face(move=["L", "F"], symbol="spear"),
                *light.faces[1:5],
                Face(move=["F", "HL", "HL", "HL"], symbol="emu"),
            ]
        }
    )
    found = [
        f"{f.where}: {f.message}"
        for f in check_dice(DICE.model_copy(update={"dice": [bad, *DICE.dice[1:]]}))
    ]
    assert "dice[0].faces[0].move: a movement begins with one forward step (F)" in found
    assert any("dice[0].faces: the Light die shows" in m for m in found)
    assert "dice[0].faces[5].move: the movement walks one segment twice" in found
    twin = DICE.dice[1].model_copy(update={"faces": [light.faces[0], *DICE.dice[1].faces[1:]]})
    found = [
        f.message for f in check_dice(DICE.model_copy(update={"dice": [light, twin, DICE.dice[2]]}))
    ]
    assert "the movement F L is also on the Light die's face 1" in found


# --- moves -----------------------------------------------------------------------------------

GRID = Grid(MAP.columns, MAP.rows, MAP.edge)


def test_options_with_and_without_the_first_step() -> None:
    path = list(MAP.path)  # ends at [10, 22] facing north
    roll = [
        Face(move=["F", "R"], symbol="spear"),
        Face(move=["F", "F"], symbol="emu"),
        Face(move=["F", "L", "L"], symbol="?"),
    ]
    options = legal_moves(GRID, path, roll, stars=0)
    got = {(o.kind, o.die, o.nodes) for o in options}
    assert ("die", 0, ((10, 20), (11, 19))) in got  # N then NE
    assert ("die-short", 0, ((11, 21),)) in got  # just the turn right: NE
    assert ("die", 1, ((10, 20), (10, 18))) in got
    assert ("die-short", 1, ((10, 20),)) in got
    assert ("die", 2, ((10, 20), (9, 19), (8, 20))) in got  # N, NW, SW
    assert ("die-short", 2, ((9, 21), (8, 22))) in got
    assert options[-1].kind == "quit" and not any(o.kind == "star" for o in options)


def test_a_move_that_reuses_a_segment_or_leaves_the_map_is_not_offered() -> None:
    # back at [10, 24] facing SW: a forward step would run down yesterday's segment
    path = [(9, 29), (9, 27), (9, 25), (10, 24), (10, 22), (11, 23), (10, 24)]
    roll = [Face(move=["F", "L"], symbol="spear")] * 3
    options = legal_moves(GRID, path, roll, stars=0)
    assert {(o.kind, o.nodes) for o in options} == {("die-short", ((10, 26),)), ("quit", ())}
    # against the western edge facing north: F then NW leaves the map, and so does NW alone
    options = legal_moves(GRID, [(0, 28), (0, 26)], roll, stars=0)
    assert [o.kind for o in options] == ["stay", "quit"]


def test_no_die_move_allows_staying_and_stars_step_anywhere() -> None:
    # walled in at the top-left corner: every die move leaves the map
    path = [(0, 6), (0, 4), (0, 2), (0, 0)]
    roll = [Face(move=["F", "F"], symbol="spear")] * 3
    options = legal_moves(GRID, path, roll, stars=1)
    kinds = [o.kind for o in options]
    assert "die" not in kinds and "stay" in kinds
    stars = {o.nodes for o in options if o.kind == "star"}
    assert stars == {((1, 1),)}  # the only unused segment from the corner


# --- regions, pointing, scoring ------------------------------------------------------------


def _inside(grid: Grid, space: tuple[int, int], x: float, y: float) -> bool:
    (ax, ay), (bx, by), (cx, cy) = (grid.position(n) for n in grid.space_nodes(space))

    def side(px: float, py: float, qx: float, qy: float) -> float:
        return (qx - px) * (y - py) - (qy - py) * (x - px)

    d1, d2, d3 = side(ax, ay, bx, by), side(bx, by, cx, cy), side(cx, cy, ax, ay)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


@pytest.mark.parametrize("facing", ["N", "NE", "SE", "S", "SW", "NW"])
@pytest.mark.parametrize("space", [(8, 14), (9, 14), (3, 7), (14, 21)])
def test_pointing_matches_a_ray_marched_across_the_map(space: tuple[int, int], facing: str) -> None:
    from sheetgen.games.walkabout.grid import unit

    source = sym("spear", space, facing)
    x, y = GRID.centre(space)
    ux, uy = unit(facing)
    buckets: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for s in GRID.spaces():
        cx, cy = GRID.centre(s)
        buckets.setdefault((round(cx / 11), round(cy / 11)), []).append(s)
    hit = set()
    for k in range(1, 2000):  # march in 0.1 mm steps, testing the triangles nearby
        px, py = x + ux * k * 0.1, y + uy * k * 0.1
        bx, by = round(px / 11), round(py / 11)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for s in buckets.get((bx + dx, by + dy), []):
                    if s != space and _inside(GRID, s, px, py):
                        hit.add(s)
    assert hit
    assert {s for s in GRID.spaces() if points_at(GRID, source, s, False)} == hit


def test_the_path_splits_the_map_into_regions() -> None:
    # a wall straight up column 9 from the south edge to the north edge: two regions
    wall = [(9, v) for v in range(29, 0, -2)]
    owner = regions(GRID, wall)
    assert len(set(owner.values())) == 2
    assert owner[(8, 14)] != owner[(9, 14)]
    assert len(set(regions(GRID, MAP.path).values())) == 1


SMALL = Grid(7, 6, 10.0)


def test_ladder() -> None:
    assert [ladder(n) for n in range(7)] == [0, 0, 1, 3, 5, 7, 9]


def score_of(symbols: list[PlacedSymbol], path: list[tuple[int, int]] | None = None) -> list[int]:
    return [r.points for r in score_regions(SMALL, path or [(3, 11), (3, 9)], symbols)]


def test_weapons_pointing_at_different_animals_of_one_type() -> None:
    # three spears in a row each pointing north at its own kangaroo two spaces up
    spears = [sym("spear", (q, 8), "N") for q in (0, 2, 4)]
    roos = [sym("kangaroo", (q, 4), "S") for q in (0, 2, 4)]
    assert score_of(spears + roos) == [3]  # 0 + 1 + 2
    emus = [sym("emu", (q, 4), "S") for q in (0, 2)] + [sym("kangaroo", (4, 4), "S")]
    assert score_of(spears + emus) == [1]  # the best is two spears at two emus


def test_boomerangs_at_animals_of_two_types_score_nothing() -> None:
    booms = [sym("boomerang", (0, 8), "N"), sym("boomerang", (2, 8), "N")]
    animals = [sym("emu", (0, 4), "N"), sym("kangaroo", (2, 4), "N")]
    assert score_of(booms + animals) == [0]


def test_boomerangs_at_animals_in_two_regions_score_nothing() -> None:
    booms = [sym("boomerang", (0, 8), "N"), sym("boomerang", (4, 8), "N")]
    emus = [sym("emu", (0, 4), "N"), sym("emu", (4, 4), "N")]
    assert score_of(booms + emus) == [1]  # one region: two boomerangs, two emus
    # a wall up column 3 puts the emus in different regions, and the boomerangs too
    wall = [(3, 11), (3, 9), (3, 7), (3, 5), (3, 3), (3, 1)]
    assert score_of(booms + emus, wall) == [0, 0]


def test_two_weapons_at_one_animal_count_once() -> None:
    both = [sym("spear", (2, 8), "N"), sym("spear", (2, 6), "N"), sym("emu", (2, 4), "S")]
    assert score_of(both) == [0]


def test_animals_point_to_or_from_waterholes_in_one_region() -> None:
    emus = [sym("emu", (0, 6), "N"), sym("emu", (2, 6), "S"), sym("emu", (4, 6), "N")]
    holes = [sym("waterhole", (0, 2)), sym("waterhole", (2, 2)), sym("waterhole", (4, 2))]
    assert score_of(emus + holes) == [3]  # the middle emu faces away: it still counts
    # split the map: the waterholes on the right now lie in another region than the left one
    wall = [(3, 11), (3, 9), (3, 7), (3, 5), (3, 3), (3, 1)]
    scores = score_of(emus + holes, wall)
    assert sorted(scores) == [0, 1]


def test_four_and_five_kinds_of_symbol() -> None:
    four = [
        sym("spear", (0, 2), "S"),
        sym("boomerang", (2, 2), "S"),
        sym("emu", (4, 6), "N"),
        sym("waterhole", (1, 9)),
    ]
    assert score_of(four) == [1]
    assert score_of([*four, sym("kangaroo", (5, 9), "S")]) == [3]


def test_a_finished_game_adds_halves_and_stars() -> None:
    layout = MAP
    path = [
        *MAP.path,
        (10, 20),
        (10, 18),
        (9, 17),
        (9, 15),
        (9, 13),
        (10, 12),
        (10, 10),
        (9, 9),
    ]  # walks onto the star at [9, 9]
    record = GameRecord(
        game="walkabout",
        component="game",
        name="t",
        map="walkabout/map-1",
        path=path,
        symbols=[sym("waterhole", (9, 20)), sym("waterhole", (9, 18)), sym("emu", (8, 20), "N")],
        stars_used=0,
    )
    score = score_game(layout, record)
    assert score.stars_collected == 1 and score.unused_stars == 2
    assert score.most == {"spear": 1, "boomerang": 0, "emu": 2, "kangaroo": 1, "waterhole": 3}
    assert score.symbol_points["waterhole"] == Fraction(3, 2)
    assert score.total == score.region_total + Fraction(7, 2) + 2
