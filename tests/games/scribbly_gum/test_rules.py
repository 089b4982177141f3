"""Scribbly Gum: tree checks that catch broken trees, and scoring by hand-worked examples."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.games.scribbly_gum.model import Achievement, TreeCircle, TreeLayout
from sheetgen.games.scribbly_gum.rules import (
    AchievementTile,
    Progress,
    achieved,
    check_tree,
    column_bonus,
    final_score,
    meals,
)
from sheetgen.games.scribbly_gum.tree_graph import compile_board
from sheetgen.layouts.read import load
from tests.support import ROOT, sheetgen

KURINGGAI: TreeLayout = load("scribbly-gum/kuringgai").model  # type: ignore[assignment]
MOOLOOLAH: TreeLayout = load("scribbly-gum/mooloolah").model  # type: ignore[assignment]


def messages(tree: TreeLayout) -> list[str]:
    return [f"{f.where}: {f.message}" for f in check_tree(tree)]


def with_circles(tree: TreeLayout, circles: list[TreeCircle]) -> TreeLayout:
    return tree.model_copy(update={"circles": circles})


def test_built_in_trees_pass_and_differ() -> None:
    assert check_tree(KURINGGAI) == [] and check_tree(MOOLOOLAH) == []
    assert {c.at for c in KURINGGAI.circles} != {c.at for c in MOOLOOLAH.circles}
    assert KURINGGAI.tracker == MOOLOOLAH.tracker  # same tracker and score area on both sides


def test_a_diagonal_solid_line_is_named() -> None:
    a, b = KURINGGAI.circles[0], KURINGGAI.circles[1]
    diagonal = next(c for c in KURINGGAI.circles if c.at == (a.at[0] + 1, a.at[1] + 1))
    tree = KURINGGAI.model_copy(update={"lines": [*KURINGGAI.lines, f"{a.id}-{diagonal.id}"]})
    found = messages(tree)
    assert (
        f"lines[{len(KURINGGAI.lines)}]: line {a.id}-{diagonal.id} is not horizontal or "
        "vertical (solid lines run left, right, up or down)" in found
    )
    assert b  # the tree has at least two circles


def test_an_orphan_circle_is_named_once() -> None:
    """A circle that no line touches can never be filled: the check names it, in one finding."""
    orphan = TreeCircle(id="zz", at=(0, 0), food="leaf")
    assert all(c.at != (0, 0) for c in KURINGGAI.circles)
    assert messages(with_circles(KURINGGAI, [*KURINGGAI.circles, orphan])) == [
        f"circles[{len(KURINGGAI.circles)}]: circle zz has no line to any other circle: it can "
        "never be reached from the start circles"
    ]


def test_an_island_cut_off_from_the_moth_is_named_even_beside_other_faults() -> None:
    """Two circles joined to each other but to nothing else: each is named, and the finding
    still comes when the tree has another fault too."""
    free = [
        (x, 0) for x in range(KURINGGAI.columns) if all(c.at != (x, 0) for c in KURINGGAI.circles)
    ]
    island = [TreeCircle(id=f"q{k}", at=free[k], food="nut") for k in range(2)]
    assert free[1][0] - free[0][0] == 1  # neighbours on the top row
    tree = KURINGGAI.model_copy(
        update={
            "circles": [*KURINGGAI.circles, *island],
            "lines": [*KURINGGAI.lines, "q0-q1", "a3-nowhere"],
        }
    )
    found = messages(tree)
    n = len(KURINGGAI.circles)
    unreachable = [m for m in found if "never be reached" in m]
    assert unreachable == [
        f"circles[{n + k}]: circle q{k} is joined only to circles that no line joins to a start "
        "circle: it can never be reached from the start circles"
        for k in range(2)
    ]
    assert any("names no circle 'nowhere'" in m for m in found)


def test_check_command_refuses_a_circle_cut_off_by_a_missing_line(tmp_path: Path) -> None:
    """Dropping the only line into a dead-end circle (Kuringgai's l5, reached only from k5)
    makes `sheetgen check` fail with one line naming that circle."""
    text = (ROOT / "layouts" / "scribbly-gum" / "kuringgai.toml").read_text(encoding="utf-8")
    assert sum(line.count("l5") for line in KURINGGAI.lines) == 1
    path = tmp_path / "cut.toml"
    path.write_text(text.replace('"k5-l5", ', "", 1), encoding="utf-8")
    run = sheetgen("check", str(path))
    assert run.code == 1
    number = [c.id for c in KURINGGAI.circles].index("l5") + 1  # counted from 1
    # the finding points at l5's own { ... } in the circles array
    row = next(n for n, line in enumerate(text.splitlines(), 1) if 'id = "l5"' in line)
    column = text.splitlines()[row - 1].index("{") + 1
    assert [line for line in run.err.splitlines() if "error" in line] == [
        f"error: {path}:{row}:{column}: circles[{number}]: circle l5 has no line to any other "
        "circle: it can never be reached from the start circles"
    ]


def test_a_missing_start_circle_is_named() -> None:
    circles = list(KURINGGAI.circles)
    k = next(i for i, c in enumerate(circles) if c.food == "start")
    circles[k] = circles[k].model_copy(update={"food": "leaf"})
    assert "circles: the tree has 3 start circles; it needs exactly 4, around the moth" in messages(
        with_circles(KURINGGAI, circles)
    )


def test_a_start_circle_away_from_the_moth_is_named() -> None:
    moved = KURINGGAI.model_copy(update={"moth": (0, 0)})
    assert any("is not next to the moth" in m for m in messages(moved))


def test_crossing_lines_and_lines_through_circles_are_named() -> None:
    tree = KURINGGAI
    by_at = {c.at: c.id for c in tree.circles}
    # a long horizontal line along row 2: it runs through circles and across vertical lines
    row = [(x, 2) for x in range(9) if (x, 2) in by_at]
    long_h = f"{by_at[row[0]]}-{by_at[row[-1]]}"
    found = messages(tree.model_copy(update={"lines": [*tree.lines, long_h]}))
    assert any(f"line {long_h} passes through circle" in m for m in found)
    assert any("crosses line" in m and long_h in m for m in found)
    assert any("already has a line going" in m for m in found)


def test_food_shortfall_meal_order_and_no_dotted_lines() -> None:
    tracker = KURINGGAI.tracker.model_copy(update={"meals": [1, 2, 3, 2, *range(4, 15)]})
    found = messages(KURINGGAI.model_copy(update={"tracker": tracker, "dotted": []}))
    assert (
        "tracker.meals[3]: meal number 2 beside row 4 is lower than 3 above it (meal numbers "
        "never decrease down the rows)" in found
    )
    assert "dotted: the tree has no dotted line (the dotted-line tile needs at least one)" in found
    few = [
        c.model_copy(update={"food": "leaf", "count": 1}) if c.food == "nut" else c
        for c in KURINGGAI.circles
    ]
    assert any("holds only" in m and "nut" in m for m in messages(with_circles(KURINGGAI, few)))


def test_a_grid_too_big_for_the_page_is_named() -> None:
    big = KURINGGAI.model_copy(update={"sheet": KURINGGAI.sheet.model_copy(update={"pitch": 20.0})})
    assert any(m.startswith("sheet.pitch: the 9 x 13 grid needs") for m in messages(big))


def test_check_command_names_the_fault(tmp_path: Path) -> None:
    text = (ROOT / "layouts" / "scribbly-gum" / "kuringgai.toml").read_text(encoding="utf-8")
    first_line = text.split('lines = [\n  "', 1)[1].split('"', 1)[0]
    a, _b = first_line.split("-")
    broken = text.replace(f'"{first_line}"', f'"{a}-zz9"', 1)
    path = tmp_path / "broken.toml"
    path.write_text(broken, encoding="utf-8")
    run = sheetgen("check", str(path))
    assert run.code == 1
    row = next(n for n, line in enumerate(broken.splitlines(), 1) if f'"{a}-zz9"' in line)
    column = broken.splitlines()[row - 1].index('"') + 1
    assert f"error: {path}:{row}:{column}: lines[1]: line {a}-zz9 names no circle 'zz9'" in run.err
    assert "Traceback" not in run.err


# --- scoring -------------------------------------------------------------------------------

TABLE = KURINGGAI.tracker.meals  # [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 11]


@pytest.mark.parametrize(
    ("tracker", "expected"),
    [
        ((0, 5, 9), 0),  # no blossom yet: no complete row
        ((1, 1, 1), 1),  # row 1 complete
        ((4, 9, 6), 2),  # lowest complete row is 4
        ((10, 12, 15), 5),  # row 10
        ((15, 15, 15), 11),  # every row
    ],
)
def test_meals_are_the_number_beside_the_lowest_complete_row(
    tracker: tuple[int, int, int], expected: int
) -> None:
    assert TABLE == [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 11]
    assert meals(TABLE, tracker) == expected


def test_column_bonus_and_final_score() -> None:
    assert column_bonus((15, 15, 7)) == 6 and column_bonus((14, 3, 0)) == 0
    assert final_score([2, 5, 9], 3, [6, 2]) == 27


def test_first_to_score_gets_gold_all_at_once_then_silver() -> None:
    ach = Achievement(title="T", text="t", kind="meals", count=3, icon="meal", gold=6, silver=3)
    tile = AchievementTile(ach)
    assert tile.score_turn(["bob", "ann"]) == {"ann": 6, "bob": 6}  # both first, same turn
    assert tile.score_turn(["ann", "cat"]) == {"cat": 3}  # ann already has it; silver now
    assert tile.score_turn([]) == {}


def test_achievement_conditions_are_evaluated() -> None:
    board = compile_board(KURINGGAI)
    progress = Progress(set(board.bottom_row), [3, 15, 2], dotted_lines=2)

    def ach(kind: str, count: int = 1) -> Achievement:
        return Achievement(
            title="x",
            text="x",
            kind=kind,
            count=count,
            icon="meal",  # type: ignore[arg-type]
            gold=5,
            silver=2,
        )

    assert achieved(ach("fill_bottom_row"), board, progress)
    assert not achieved(ach("fill_top_row", 3), board, progress)
    assert achieved(ach("dotted_lines", 2), board, progress)
    assert not achieved(ach("dotted_lines", 3), board, progress)
    assert achieved(ach("full_columns"), board, progress)
    assert achieved(ach("meals", 1), board, progress) and not achieved(
        ach("meals", 2), board, progress
    )
    assert not achieved(ach("reach_both_edges"), board, Progress({board.starts[0]}))


def test_two_lines_crossing_between_circles_are_named() -> None:
    circles = [
        TreeCircle(id=i, at=at, food=f)
        for i, at, f in (  # type: ignore[arg-type]
            ("n", (1, 0), "leaf"),
            ("s", (1, 2), "nut"),
            ("w", (0, 1), "blossom"),
            ("e", (2, 1), "leaf"),
            ("s1", (3, 3), "start"),
            ("s2", (5, 3), "start"),
            ("s3", (4, 2), "start"),
            ("s4", (4, 4), "start"),
        )
    ]
    tree = KURINGGAI.model_copy(
        update={"circles": circles, "moth": (4, 3), "lines": ["n-s", "w-e"], "dotted": []}
    )
    found = messages(tree)
    assert "lines[0]: line n-s crosses line w-e" in found
