"""Scribe details a player or a glyph-set designer reads: glyphs listed in reading order, groups
that match no glyph counted, squares refused, glyph sets refused or warned about (with a tie
found by an independent search), and a sheet too narrow for its super grid."""

from __future__ import annotations

import itertools

import pytest

from sheetgen.games.scribe.model import Glyph, ScribeLayout
from sheetgen.games.scribe.rules import (
    GlyphTable,
    GridError,
    check_glyphs,
    parse_square,
    score_mini,
)
from sheetgen.layouts.read import load

LAYOUT: ScribeLayout = load("scribe/standard").model  # type: ignore[assignment]
GLYPHS = list(LAYOUT.glyphs)
TABLE = GlyphTable.of(GLYPHS)


def read(glyphs: list[Glyph], expected: int = 19) -> list[tuple[str, str, str]]:
    return [(f.level, f.where, f.message) for f in check_glyphs(glyphs, expected)]


def test_glyphs_are_listed_in_reading_order_of_their_first_square() -> None:
    # + holds a Single at the top left and a Double along the bottom row
    assert score_mini(["+..", "...", "++."], TABLE).scores["+"].glyphs == ("Single", "Double")
    # four corner Singles, and O's Cross in the middle (5)
    score = score_mini(["+O+", "OOO", "+O+"], TABLE)
    assert score.scores["+"].glyphs == ("Single",) * 4
    assert (score.scores["+"].points, score.scores["O"].points) == (4, 5)


def test_every_group_matching_no_glyph_is_counted() -> None:
    # + has two L-shaped threes (top left, bottom right): no glyph is an L, so 0 points and two
    # unscored groups; O has three lone squares on the other diagonal: three Singles, 3 points
    score = score_mini(["++O", "+O+", "O++"], TABLE)
    assert score.scores["+"].points == 0 and score.scores["+"].unscored == 2
    assert score.scores["+"].glyphs == ()
    assert score.scores["O"].glyphs == ("Single",) * 3 and score.scores["O"].unscored == 0
    assert score.winner == "O"


@pytest.mark.parametrize("text", ["AX", "A-", "I0"])
def test_a_square_needs_a_row_digit(text: str) -> None:
    with pytest.raises(GridError) as caught:
        parse_square(text)
    assert str(caught.value) == f"square {text!r} is not a column A-I and a row 1-9, e.g. E5"


def test_a_glyph_without_dots_is_refused_and_the_rest_still_checked() -> None:
    blank = Glyph(name="Blank", points=1, pattern=".../.../...")
    apart = Glyph(name="Apart", points=2, pattern="#.#/.../...")
    assert read([*GLYPHS[:17], blank, apart]) == [
        ("error", "glyphs[17].pattern", "Blank has no dots"),
        (
            "error",
            "glyphs[18].pattern",
            "Apart's dots are not orthogonally connected (diagonals do not join)",
        ),
    ]


# --- ties ----------------------------------------------------------------------------------


def _shapes(cells: set[tuple[int, int]]) -> set[frozenset[tuple[int, int]]]:
    """All eight turned and mirrored copies of a shape, each moved to the top left."""
    out = set()
    for turns in range(4):
        for mirror in (False, True):
            moved = set(cells)
            for _ in range(turns):
                moved = {(c, -r) for r, c in moved}
            if mirror:
                moved = {(r, -c) for r, c in moved}
            top, left = min(r for r, _ in moved), min(c for _, c in moved)
            out.add(frozenset((r - top, c - left) for r, c in moved))
    return out


def _worth(glyphs: list[Glyph]) -> dict[frozenset[tuple[int, int]], int]:
    return {shape: g.points for g in glyphs for shape in _shapes(set(g.cells()))}


def _points(grid: str, worth: dict[frozenset[tuple[int, int]], int], player: str) -> int:
    """A player's points in a mini grid: flood-fill the groups and look each one up."""
    rows = grid.split("/")
    todo = {(r, c) for r in range(3) for c in range(3) if rows[r][c] == player}
    total = 0
    while todo:
        group, edge = set(), [todo.pop()]
        while edge:
            r, c = edge.pop()
            group.add((r, c))
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in todo:
                    todo.remove(near)
                    edge.append(near)
        top, left = min(r for r, _ in group), min(c for _, c in group)
        total += worth.get(frozenset((r - top, c - left) for r, c in group), 0)
    return total


def _first_tie(glyphs: list[Glyph]) -> str | None:
    """The first filled grid, read square by square with '+' before 'O', that ties."""
    worth = _worth(glyphs)
    for marks in itertools.product("+O", repeat=9):
        grid = "/".join("".join(marks[r * 3 : r * 3 + 3]) for r in range(3))
        if _points(grid, worth, "+") == _points(grid, worth, "O"):
            return grid
    return None


def test_the_independent_search_agrees_on_the_standard_set() -> None:
    assert _first_tie(GLYPHS) is None
    assert _points("OO+/+O+/+++", _worth(GLYPHS), "+") == 6  # the J


def test_a_set_of_singles_ties_at_once() -> None:
    # the first grid tried is all '+': one group of nine, no glyph, 0 points against O's 0
    ones = [Glyph(name="Single", points=1, pattern="#../.../...")]
    assert _first_tie(ones) == "+++/+++/+++"
    assert read(ones, expected=1) == [
        ("warning", "glyphs", "a filled mini grid can tie with this set, e.g. +++/+++/+++")
    ]


def test_a_set_without_the_line_ties_where_the_search_finds_it() -> None:
    # without the Line, '+++/OOO/+++' is two threes against one, all unscored: 0-0
    no_line = [g for g in GLYPHS if g.name != "Line"]
    assert _first_tie(no_line) == "+++/OOO/+++"
    assert read(no_line, expected=18) == [
        ("warning", "glyphs", "a filled mini grid can tie with this set, e.g. +++/OOO/+++")
    ]


# --- the sheet -----------------------------------------------------------------------------


def test_a_sheet_without_room_for_grid_numbers_and_cut_margins_is_refused() -> None:
    from sheetgen.games.scribe.components import check

    # nine 13 mm cells and two 7 mm gutters are 131 mm; the row numbers (at least 6 pt, 2.1 mm)
    # stand beside it, and 3 mm each side stays clear of the cut: 140 mm cannot hold them
    below = LAYOUT.sheet.model_copy(update={"legend": "below", "legend_names": False})

    def found(width: float) -> list[tuple[str, str, str]]:
        sheet = below.model_copy(update={"width": width})
        layout = LAYOUT.model_copy(update={"sheet": sheet})
        return [(f.level, f.where, f.message) for f in check(layout) if f.where == "sheet.cell"]

    assert found(140.0) == [
        (
            "error",
            "sheet.cell",
            "the super grid (131 mm plus labels) is wider than the sheet (140 mm); "
            "use a smaller cell or gutter, or a wider sheet",
        )
    ]
    assert found(160.0) == []


def test_a_legend_too_narrow_for_its_names_is_said_once_at_its_cause() -> None:
    from sheetgen.games.scribe.components import check

    # a larger cell widens the super grid and narrows the legend beside it: every long name
    # then overflows its column, which is one mistake (the cell), said once, not once a name
    def legend_lines(cell: float) -> list[tuple[str, tuple[str, ...], str]]:
        sheet = LAYOUT.sheet.model_copy(update={"cell": cell, "legend": "beside"})
        layout = LAYOUT.model_copy(update={"sheet": sheet})
        about_legend = [f for f in check(layout) if f.where != "sheet.height"]
        return [(f.where, f.also, f.message) for f in about_legend]

    [(where, also, message)] = legend_lines(14.0)
    assert where.startswith("glyphs[") and "sheet.cell" in also
    # captions (names and points) are measured against their neighbours in the row
    assert (
        message.startswith("'Ottoman' and ") and "more captions are too wide for legend " in message
    )
    # narrower still, the diagrams themselves do not fit: that alone is said
    [(where, also, message)] = legend_lines(18.0)
    assert where == "sheet.legend_columns" and "sheet.cell" in also
    assert message.startswith("the legend beside the super grid has 0.0 mm, too little for")
