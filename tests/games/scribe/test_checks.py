"""Scribe's input reading, forced moves and glyph-set checks, against the rulebook: "where your
last mark sits inside its mini grid names the mini grid you must play in next; if that mini grid
is full, play anywhere", a glyph is worth one point a dot, glyphs differ turned or mirrored."""

from __future__ import annotations

import pytest

from sheetgen.games.scribe.model import Glyph
from sheetgen.games.scribe.rules import (
    GlyphTable,
    GridError,
    check_glyphs,
    forced_mini,
    mini_rows,
    parse_rows,
    parse_square,
    score_mini,
    score_super,
)
from sheetgen.layouts.read import load

LAYOUT = load("scribe/standard").model
GLYPHS = list(LAYOUT.glyphs)  # type: ignore[attr-defined]
TABLE = GlyphTable.of(GLYPHS)


def test_marks_may_be_written_with_o_zero_and_dash() -> None:
    assert parse_rows(" +o0 / -.+ /O+O ", 3, "grid") == ["+OO", "..+", "O+O"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("+O+/O+O", "grid has 2 rows; it needs 3 rows of 3 separated by '/'"),
        ("+O+", "grid has 1 row; it needs 3 rows of 3 separated by '/'"),
        ("+O+/O+O/OO+/+++", "grid has 4 rows; it needs 3 rows of 3 separated by '/'"),
        ("+O+/O+/OO+", "grid row 2 'O+' has 2 marks; it needs 3"),
        ("+O+/O+O/OO++", "grid row 3 'OO++' has 4 marks; it needs 3"),
        (
            "+O+/O+X/OO+",
            "grid row 2 has 'X' at position 3; use '+', 'O' or '.' for an empty square",
        ),
        (
            "x../.../...",
            "grid row 1 has 'x' at position 1; use '+', 'O' or '.' for an empty square",
        ),
    ],
)
def test_bad_grids_are_named_by_row_and_position(text: str, message: str) -> None:
    with pytest.raises(GridError) as caught:
        parse_rows(text, 3, "grid")
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "cell"), [("E5", (4, 4)), ("a1", (0, 0)), (" i9 ", (8, 8)), ("D2", (1, 3))]
)
def test_squares_are_a_column_letter_and_a_row_number(text: str, cell: tuple[int, int]) -> None:
    assert parse_square(text) == cell


@pytest.mark.parametrize("text", ["J1", "A0", "E10", "", "55", "EE"])
def test_other_squares_are_refused(text: str) -> None:
    with pytest.raises(GridError) as caught:
        parse_square(text)
    assert str(caught.value) == (
        f"square {text.strip().upper()!r} is not a column A-I and a row 1-9, e.g. E5"
    )


EMPTY_SUPER = ["." * 9] * 9


@pytest.mark.parametrize(
    ("last", "mini"),
    [
        ((4, 4), 4),  # E5 is the centre square of the centre mini grid: play in the centre
        ((0, 0), 0),  # A1, a top-left square: the top-left mini grid
        ((8, 8), 8),
        ((1, 3), 3),  # D2: middle row, left column of its mini grid: middle left
        ((5, 7), 7),  # H6: bottom row, middle column: bottom middle
        ((6, 2), 2),  # C7: top row, right column: top right
    ],
)
def test_the_last_mark_names_the_next_mini_grid(last: tuple[int, int], mini: int) -> None:
    assert forced_mini(EMPTY_SUPER, last) == mini


def test_a_full_mini_grid_frees_the_next_move() -> None:
    rows = [("+O+" + "." * 6) if r < 3 else "." * 9 for r in range(9)]  # top-left mini full
    assert forced_mini(rows, (0, 0)) is None
    assert forced_mini(rows, (0, 1)) == 1
    almost = list(rows)
    almost[2] = "+O." + "." * 6
    assert forced_mini(almost, (3, 3)) == 0  # one empty square left: it must be played


def test_mini_grids_are_read_row_by_row() -> None:
    rows = [f"{r}{r}{r}abcdef" if r < 3 else "." * 9 for r in range(9)]
    assert mini_rows(rows, 0) == ["000", "111", "222"]
    assert mini_rows(rows, 2) == ["def", "def", "def"]
    assert mini_rows(["." * 8 + str(r) for r in range(9)], 8) == ["..6", "..7", "..8"]


def test_five_mini_grids_win_the_match() -> None:
    plus_mini = ["+++", "+++", "+++"]  # + fills it: a 9-block, 9 points to 0
    o_mini = ["OOO", "OOO", "OOO"]
    minis = [plus_mini] * 5 + [o_mini] * 4
    rows = ["".join(minis[3 * (r // 3) + c][r % 3] for c in range(3)) for r in range(9)]
    match = score_super(rows, TABLE)
    assert match.wins == {"+": 5, "O": 4} and match.winner == "+"
    assert [m.winner for m in match.minis] == ["+"] * 5 + ["O"] * 4
    four = score_super(["." * 9] * 3 + rows[3:], TABLE)
    assert four.wins == {"+": 2, "O": 4} and four.winner is None
    assert score_mini(plus_mini, TABLE).scores["+"].glyphs == ("9-block",)


def glyph(name: str, points: int, pattern: str) -> Glyph:
    return Glyph(name=name, points=points, pattern=pattern)


def test_the_standard_glyphs_pass() -> None:
    assert check_glyphs(GLYPHS) == []


def messages(glyphs: list[Glyph]) -> list[tuple[str, str, str]]:
    return [(f.level, f.where, f.message) for f in check_glyphs(glyphs)]


def test_a_set_of_the_wrong_size_is_refused() -> None:
    assert messages(GLYPHS[:18]) == [("error", "glyphs", "18 glyphs; Scribe has 19")]
    assert not [f for f in check_glyphs(GLYPHS[:18], expected=18) if f.level == "error"]


def test_each_faulty_glyph_is_named_with_the_rule_it_breaks() -> None:
    bad = [
        *GLYPHS[:15],
        glyph("Single", 1, "..#/.../..."),  # a name already used (and the Single's shape)
        glyph("Apart", 2, "#.#/.../..."),  # not connected
        glyph("Greedy", 4, "##./.../..."),  # a 2-dot glyph claiming 4 points (and a Double)
        glyph("Diagonal", 2, "#../.#./..."),  # diagonals do not join
    ]
    found = messages(bad)
    assert ("error", "glyphs[15].name", "'Single' is used twice") in found
    assert ("error", "glyphs[15].pattern", "Single is Single turned or mirrored (glyphs must "
            "differ under rotation and reflection)") in found  # fmt: skip
    assert ("error", "glyphs[16].pattern", "Apart's dots are not orthogonally connected "
            "(diagonals do not join)") in found  # fmt: skip
    assert ("error", "glyphs[17].points", "Greedy is worth 4 but has 2 dots (a glyph is worth "
            "its dots)") in found  # fmt: skip
    assert ("error", "glyphs[18].pattern", "Diagonal's dots are not orthogonally connected "
            "(diagonals do not join)") in found  # fmt: skip
    assert ("error", "glyphs[17].pattern", "Greedy is Double turned or mirrored (glyphs must "
            "differ under rotation and reflection)") in found  # fmt: skip
    assert not any(level == "warning" for level, _, _ in found)  # ties checked only when sound
    assert len(found) == 6


def test_a_turned_copy_is_named_after_the_first_glyph_of_that_shape() -> None:
    line = next(g for g in GLYPHS if g.name == "Line")
    turned = glyph("Upright", 3, "#../#../#..")
    found = messages([*GLYPHS[:18], turned])
    assert found == [("error", "glyphs[18].pattern", f"Upright is {line.name} turned or "
                      "mirrored (glyphs must differ under rotation and reflection)")]  # fmt: skip


def test_a_sheet_too_narrow_for_its_grid_is_refused() -> None:
    from sheetgen.games.scribe.components import check

    sheet = LAYOUT.sheet.model_copy(update={"width": 120.0})  # type: ignore[attr-defined]
    layout = LAYOUT.model_copy(update={"sheet": sheet})
    # nine 13 mm cells and two 7 mm gutters: 131 mm, plus the row numbers, on a 120 mm sheet
    assert [(f.level, f.where, f.message) for f in check(layout) if f.where == "sheet.cell"] == [  # type: ignore[arg-type]
        (
            "error",
            "sheet.cell",
            "the super grid (131 mm plus labels) is wider than the sheet "
            "(120 mm); use a smaller cell or gutter, or a wider sheet",
        )
    ]
    assert check(LAYOUT) == []  # type: ignore[arg-type]
