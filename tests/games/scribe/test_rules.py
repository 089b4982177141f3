"""Scribe's scorer and glyph checks against the rulebook and known positions."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.games.scribe.model import Glyph
from sheetgen.games.scribe.rules import (
    GlyphTable,
    check_glyphs,
    forced_mini,
    parse_rows,
    score_mini,
    score_super,
    tie_example,
)
from sheetgen.layouts.read import load
from tests.support import sheetgen

GLYPHS = load("scribe/standard").model.glyphs  # type: ignore[attr-defined]
TABLE = GlyphTable.of(GLYPHS)


def points(grid: str) -> tuple[int, int]:
    score = score_mini(parse_rows(grid, 3, "grid"), TABLE)
    return score.scores["+"].points, score.scores["O"].points


def symmetries(grid: str) -> list[str]:
    rows = grid.split("/")
    out = []
    for swap, flip_r, flip_c in itertools.product((False, True), repeat=3):
        cells = [[rows[c][r] if swap else rows[r][c] for c in range(3)] for r in range(3)]
        if flip_r:
            cells = cells[::-1]
        if flip_c:
            cells = [row[::-1] for row in cells]
        out.append("/".join("".join(row) for row in cells))
    return out


def test_rulebook_figure_3_plus_four_singles_beats_o_two() -> None:
    assert points("+O+/O+O/OO+") == (4, 2)
    score = score_mini(parse_rows("+O+/O+O/OO+", 3, "grid"), TABLE)
    assert score.scores["+"].glyphs == ("Single",) * 4
    assert score.winner == "+"


@pytest.mark.parametrize("grid", symmetries("+O+/O+O/OO+"))
def test_figure_3_scores_the_same_turned_and_mirrored(grid: str) -> None:
    assert points(grid) == (4, 2)


def test_j_is_worth_six() -> None:
    assert points("OO+/+O+/+++") == (6, 0)  # + holds a J; O's L-tromino is no glyph
    score = score_mini(parse_rows("OO+/+O+/+++", 3, "grid"), TABLE)
    assert score.scores["+"].glyphs == ("J",)


def test_glyph_inside_a_bigger_group_does_not_count() -> None:
    # + has an L-tromino (no glyph) and O a Z-shaped group (no glyph): neither holds a Pipe or
    # a Single inside a larger group that may count on its own.
    score = score_mini(parse_rows("++O/+OO/O++", 3, "grid"), TABLE)
    assert score.scores["+"].points == 2  # the lone pair bottom right is a Double
    assert score.scores["+"].unscored == 1


def test_known_positions() -> None:
    assert points("+++/+++/+++") == (9, 0)
    assert points("+++/+O+/+++") == (8, 1)  # O (8) against a Single
    assert points("+.+/.+./+.+") == (5, 0)  # five Singles; empty squares score nothing
    assert points("+O+/+O+/+O+") == (6, 3)  # two Lines against one


def test_no_filled_mini_grid_ties() -> None:
    assert tie_example(TABLE) is None
    for marks in itertools.product("+O", repeat=9):
        rows = ["".join(marks[i : i + 3]) for i in (0, 3, 6)]
        plus, o = points("/".join(rows))
        assert plus != o


@given(st.lists(st.sampled_from("+O."), min_size=9, max_size=9))
def test_score_is_the_same_under_all_eight_symmetries(marks: list[str]) -> None:
    grid = "/".join("".join(marks[i : i + 3]) for i in (0, 3, 6))
    expected = points(grid)
    for other in symmetries(grid):
        assert points(other) == expected


def test_standard_glyph_set_passes_every_check() -> None:
    assert check_glyphs(GLYPHS) == []
    assert sum(g.points for g in GLYPHS) == 105


def test_glyph_set_faults_are_named() -> None:
    bad = [*GLYPHS[:18], Glyph(name="Bad", points=3, pattern="#.#/.../#..")]
    messages = [f.message for f in check_glyphs(bad)]
    assert any("Bad's dots are not orthogonally connected" in m for m in messages)
    assert not any("worth 3" in m for m in messages)  # three dots, three points: right
    mirrored = [*GLYPHS, Glyph(name="Twin", points=6, pattern="#../#.#/###")]
    found = check_glyphs(mirrored)
    assert any("J turned or mirrored" in f.message for f in found)
    assert any("20 glyphs" in f.message for f in found)
    wrong_points = [*GLYPHS[:11], GLYPHS[11].model_copy(update={"points": 5}), *GLYPHS[12:]]
    assert any("worth 5 but has 6 dots" in f.message for f in check_glyphs(wrong_points))


def test_a_custom_set_that_allows_a_tie_is_warned() -> None:
    ones = [Glyph(name="Single", points=1, pattern="#../.../...")]
    found = check_glyphs(ones, expected=1)
    assert [f.level for f in found] == ["warning"]
    assert "can tie" in found[0].message


SUPER = "+O+O+O+O+/O+O+O+O+O/+O+O+O+O+/OOO+++OOO/OOO+++OOO/OOO+++OOO/+++++++++/OOOOOOOOO/+++++++++"


def test_super_grid_winners_and_match() -> None:
    match = score_super(parse_rows(SUPER, 9, "super grid"), TABLE)
    assert [m.winner for m in match.minis] == ["+", "O", "+", "O", "+", "O", "+", "+", "+"]
    assert match.wins == {"+": 6, "O": 3}
    assert match.winner == "+"


def test_forced_mini_grid_follows_the_last_square() -> None:
    rows = parse_rows("/".join(["........."] * 9), 9, "super grid")
    assert forced_mini(rows, (0, 0)) == 0  # A1: top-left square -> top-left mini grid
    assert forced_mini(rows, (4, 4)) == 4  # E5: centre -> centre
    assert forced_mini(rows, (2, 7)) == 7  # H3: bottom-middle square of its mini grid
    full = parse_rows(SUPER, 9, "super grid")
    assert forced_mini(full, (4, 4)) is None  # the target is full: play anywhere


def test_cli_scores_a_mini_grid() -> None:
    run = sheetgen("scribe", "score", "+O+/O+O/OO+")
    assert run.code == 0, run.err
    assert "+   4 points: Single, Single, Single, Single" in run.out
    assert "O   2 points" in run.out
    data = json.loads(sheetgen("scribe", "score", "+O+/O+O/OO+", "--json").out)
    assert data["players"]["+"]["points"] == 4 and data["players"]["O"]["points"] == 2
    assert data["winner"] == "+"


def test_cli_scores_a_super_grid_and_the_next_move() -> None:
    run = sheetgen("scribe", "score", SUPER.replace("/+++++++++", "/+++++++..", 1), "--last", "I9")
    assert run.code == 0, run.err
    assert "mini grids won: + 5, O 3" in run.out
    assert "match winner: +" in run.out
    assert "next move: in the bottom right mini grid (G7-I9)" in run.out
    assert "bottom right (G7-I9)     4   3  not full" in run.out


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ("+O+/O+O", "mini grid has 2 rows; it needs 3 rows of 3"),
        ("+O+/O+X/OO+", "mini grid row 2 has 'X' at position 3"),
        ("+O+/O+OO/OO+", "mini grid row 2 'O+OO' has 4 marks; it needs 3"),
    ],
)
def test_cli_bad_grids_get_one_line(grid: str, message: str) -> None:
    run = sheetgen("scribe", "score", grid)
    assert run.code == 2
    assert message in run.err
    assert len(run.err.strip().splitlines()) == 1
    assert "Traceback" not in run.err
