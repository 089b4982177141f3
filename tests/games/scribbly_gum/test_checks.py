"""Scribbly Gum's tree and tile checks, each fault named as a player or designer would need it,
and the achievements' conditions worked on small hand-made trees."""

from __future__ import annotations

import pytest

from sheetgen.games.scribbly_gum.components import check_sheet
from sheetgen.games.scribbly_gum.model import (
    Achievement,
    Dotted,
    TilesLayout,
    TreeCircle,
    TreeLayout,
)
from sheetgen.games.scribbly_gum.rules import Progress, achieved, check_tiles, check_tree, meals
from sheetgen.games.scribbly_gum.tree_graph import compile_board
from sheetgen.layouts.read import load

KURINGGAI: TreeLayout = load("scribbly-gum/kuringgai").model  # type: ignore[assignment]
TILES: TilesLayout = load("scribbly-gum/tiles").model  # type: ignore[assignment]


def found(**update: object) -> list[tuple[str, str]]:
    """What `check` finds in the Kuringgai tree changed by `update`: its rules and its sheet."""
    return [(f.where, f.message) for f in check_sheet(KURINGGAI.model_copy(update=update))]


def circles_with(*extra: TreeCircle) -> list[TreeCircle]:
    return [*KURINGGAI.circles, *extra]


N = len(KURINGGAI.circles)
FIRST = KURINGGAI.circles[0]  # a3 at (2, 0)


def test_circle_faults_are_named() -> None:
    twin = TreeCircle(id=FIRST.id, at=(0, 12), food="leaf")
    assert (f"circles[{N}].id", f"circle id {FIRST.id!r} is used twice") in found(
        circles=circles_with(twin)
    )
    outside = TreeCircle(id="zz", at=(9, 0), food="leaf")  # columns 0-8
    assert (f"circles[{N}].at", "circle zz at [9, 0] is outside the 9 x 13 grid") in found(
        circles=circles_with(outside)
    )
    below = TreeCircle(id="zz", at=(0, 13), food="leaf")  # rows 0-12
    assert (f"circles[{N}].at", "circle zz at [0, 13] is outside the 9 x 13 grid") in found(
        circles=circles_with(below)
    )
    on_top = TreeCircle(id="zz", at=FIRST.at, food="leaf")
    assert (f"circles[{N}].at", f"circle zz sits on circle {FIRST.id}") in found(
        circles=circles_with(on_top)
    )
    on_moth = TreeCircle(id="zz", at=KURINGGAI.moth, food="leaf")
    assert (f"circles[{N}].at", "circle zz sits on the moth picture") in found(
        circles=circles_with(on_moth)
    )


def test_line_faults_are_named() -> None:
    lines = KURINGGAI.lines
    k = len(lines)
    assert (f"lines[{k}]", "line a3-qq names no circle 'qq'") in found(lines=[*lines, "a3-qq"])
    assert (f"lines[{k}]", "line qq-a3 names no circle 'qq'") in found(lines=[*lines, "qq-a3"])
    # c1-c2 already leaves c1 to the right: a second line c1 to c2's neighbour is one too many
    a, b = lines[0].split("-")
    found_twice = found(lines=[*lines, f"{a}-{b}"])
    assert any(w == f"lines[{k}]" and m.startswith(f"circle {a} already has a line going ")
               for w, m in found_twice)  # fmt: skip


def free_run(length: int) -> list[tuple[int, int]]:
    """`length` empty grid points in a row (no circle, no moth)."""
    taken = {c.at for c in KURINGGAI.circles} | {KURINGGAI.moth}
    for y in range(KURINGGAI.rows):
        for x in range(KURINGGAI.columns - length + 1):
            run = [(x + k, y) for k in range(length)]
            if not taken & set(run):
                return run
    raise AssertionError("no free run")


def test_a_line_through_a_circle_or_the_moth_is_named() -> None:
    # three circles in a row: a line from the first to the third passes through the second
    p, q, r = free_run(3)
    circles = circles_with(
        TreeCircle(id="p", at=p, food="leaf"),
        TreeCircle(id="q", at=q, food="leaf"),
        TreeCircle(id="r", at=r, food="leaf"),
    )
    assert (f"lines[{len(KURINGGAI.lines)}]", "line p-r passes through circle q") in found(
        circles=circles, lines=[*KURINGGAI.lines, "p-r"]
    )
    mx, my = KURINGGAI.moth
    starts = {c.at: c.id for c in KURINGGAI.circles if c.food == "start"}
    left, right = starts[(mx - 1, my)], starts[(mx + 1, my)]
    assert (f"lines[{len(KURINGGAI.lines)}]", f"line {left}-{right} passes through the moth "
            "picture") in found(lines=[*KURINGGAI.lines, f"{left}-{right}"])  # fmt: skip


def test_dotted_line_faults_are_named() -> None:
    dotted = list(KURINGGAI.dotted)
    assert ("dotted[3].ends", "dotted line names no circle 'qq'") in found(
        dotted=[*dotted, Dotted(ends=("a3", "qq"))]
    )
    assert ("dotted[3].ends", "dotted line joins circle a3 to itself") in found(
        dotted=[*dotted, Dotted(ends=("a3", "a3"))]
    )
    assert ("dotted", "the tree has no dotted line (the dotted-line tile needs at least one)") in (
        found(dotted=[])
    )


def test_four_start_circles_touch_the_moth() -> None:
    starts = [i for i, c in enumerate(KURINGGAI.circles) if c.food == "start"]
    assert len(starts) == 4
    fewer = [c for i, c in enumerate(KURINGGAI.circles) if i != starts[0]]
    assert ("circles", "the tree has 3 start circles; it needs exactly 4, around the moth") in (
        found(circles=fewer)
    )
    moved = list(KURINGGAI.circles)
    i = starts[0]
    mx, my = KURINGGAI.moth
    moved[i] = moved[i].model_copy(update={"at": (mx + 1, my + 1)})  # diagonal: not touching
    assert (f"circles[{i}]", f"start circle {moved[i].id} is not next to the moth (it must "
            "touch it left, right, above or below)") in found(circles=moved)  # fmt: skip


def test_every_food_needs_a_full_column_of_fifteen() -> None:
    leafless = [c.model_copy(update={"food": "nut"}) if c.food == "leaf" else c
                for c in KURINGGAI.circles]  # fmt: skip
    wild = sum(1 for c in KURINGGAI.circles if c.food == "wild")
    assert ("circles", f"the tree holds only {wild} leaf (wild included); a column of 15 must "
            "be reachable") in found(circles=leafless)  # fmt: skip


def test_meal_numbers_never_decrease_down_the_tracker() -> None:
    table = list(KURINGGAI.tracker.meals)
    table[5] = 1  # row 6 below a 2
    tracker = KURINGGAI.tracker.model_copy(update={"meals": table})
    assert found(tracker=tracker) == [
        (
            "tracker.meals[5]",
            "meal number 1 beside row 6 is lower than 2 above it (meal "
            "numbers never decrease down the rows)",
        )
    ]


def test_the_sheet_must_fit_a4_and_letter_and_hold_its_grid() -> None:
    # A4 210 x 297 and Letter 215.9 x 279.4, less 8 mm margins: 194 x 263.4 fits both
    sheet = KURINGGAI.sheet
    assert found(sheet=sheet.model_copy(update={"height": 251.4})) == []
    # taller, it still fits Letter, but the 9 mm ruler and its 3 mm clearance no longer do
    assert found(sheet=sheet.model_copy(update={"height": 263.4})) == [
        (
            "sheet.height",
            "a sheet 263.4 mm tall leaves no room on Letter for the 'print at 100%' ruler; "
            "at most 251.4 mm keeps it",
        )
    ]
    assert found(sheet=sheet.model_copy(update={"height": 264.0}))[-1] == (
        "sheet",
        "the sheet (194 x 264 mm) does not fit both A4 and Letter inside 8 mm margins "
        "(at most 194 x 263.4 mm)",
    )
    assert ("sheet", "the sheet (194.5 x 248 mm) does not fit both A4 and Letter inside 8 mm "
            "margins (at most 194 x 263.4 mm)") in found(
        sheet=sheet.model_copy(update={"width": 194.5}))  # fmt: skip
    # 9 columns at a 16 mm pitch: 8 x 16 + 9.6 = 137.6 mm, more than the 135 mm tree area
    # (194 less the 50 mm tracker, a 3 mm gap and 2 x 3 mm padding); 13 rows need 201.6 mm,
    # more than 187 (248 less the 38 mm score strip, a 3 mm gap, the 14 mm title, 2 x 3 mm)
    assert ("sheet.pitch", "the 9 x 13 grid needs 138 x 202 mm but the tree area is 135 x "
            "187 mm; use a smaller pitch, fewer rows/columns or a larger sheet") in found(
        sheet=sheet.model_copy(update={"pitch": 16.0, "circle": 9.6}))  # fmt: skip
    assert ("sheet.circle", "circles of 13 mm leave no room for lines at a 14.5 mm pitch") in (
        found(sheet=sheet.model_copy(update={"circle": 13.0}))
    )
    assert found(sheet=sheet.model_copy(update={"circle": 12.5})) == []  # 2 mm for lines


def test_the_movement_deck_and_letters() -> None:
    assert check_tiles(TILES) == []
    for kind in ("left", "right", "up", "down", "left/right", "up/down", "dotted"):
        deck = [m for m in TILES.movement if m != kind]
        bad = TILES.model_copy(update={"movement": deck})
        assert [(f.where, f.message) for f in check_tiles(bad)] == [
            ("movement", f"the deck has no {kind!r} tile")
        ]
    twice = TILES.model_copy(update={"letters": ["A", "A", "C"]})
    assert [(f.where, f.message) for f in check_tiles(twice)] == [
        ("letters", "letter tiles repeat")
    ]
    few = TILES.model_copy(update={"achievements": TILES.achievements[:2]})
    assert [(f.where, f.message) for f in check_tiles(few)] == [
        ("achievements", "3 letter tiles but only 2 achievements")
    ]


def achievement(kind: str, count: int = 1) -> Achievement:
    return Achievement(title="x", text="x", kind=kind, count=count, icon="meal", gold=5, silver=2)  # type: ignore[arg-type]


BOARD = compile_board(KURINGGAI)


def test_rows_and_edges() -> None:
    top, bottom = set(BOARD.top_row), set(BOARD.bottom_row)
    assert top and bottom and not top & bottom
    assert achieved(achievement("fill_bottom_row"), BOARD, Progress(set(bottom)))
    assert not achieved(achievement("fill_bottom_row"), BOARD, Progress(set(list(bottom)[1:])))
    assert achieved(achievement("fill_top_row", 3), BOARD, Progress(set(list(top)[:3])))
    assert not achieved(achievement("fill_top_row", 3), BOARD, Progress(set(list(top)[:2])))
    # asking for more than the row holds means the whole row
    assert achieved(achievement("fill_top_row", 60), BOARD, Progress(set(top)))
    left, right = set(BOARD.left_column), set(BOARD.right_column)
    both = {next(iter(left)), next(iter(right))}
    assert achieved(achievement("reach_both_edges"), BOARD, Progress(both))
    assert not achieved(achievement("reach_both_edges"), BOARD, Progress({next(iter(left))}))
    assert not achieved(achievement("reach_both_edges"), BOARD, Progress({next(iter(right))}))


def test_circles_meals_and_columns() -> None:
    wild = {i for i in range(BOARD.size) if BOARD.kind[i] == 3}
    big = {i for i in range(BOARD.size) if BOARD.count[i] == 3 and BOARD.kind[i] < 3}
    assert wild and big
    assert achieved(achievement("wild_circles", len(wild)), BOARD, Progress(wild))
    assert not achieved(achievement("wild_circles", len(wild) + 1), BOARD, Progress(wild | big))
    assert achieved(achievement("big_circles", len(big)), BOARD, Progress(big))
    assert not achieved(achievement("big_circles", len(big) + 1), BOARD, Progress(big | wild))
    # the tracker's lowest complete row is 4: meals 2 (1 1 1 2 ...)
    assert meals(BOARD.meals, [4, 9, 15]) == 2 and meals(BOARD.meals, [0, 9, 15]) == 0
    assert achieved(achievement("meals", 2), BOARD, Progress(tracker=[4, 9, 15]))
    assert not achieved(achievement("meals", 3), BOARD, Progress(tracker=[4, 9, 15]))
    assert achieved(achievement("full_columns", 2), BOARD, Progress(tracker=[15, 15, 3]))
    assert not achieved(achievement("full_columns", 2), BOARD, Progress(tracker=[15, 14, 3]))
    assert achieved(achievement("dotted_lines", 2), BOARD, Progress(dotted_lines=2))
    assert not achieved(achievement("dotted_lines", 2), BOARD, Progress(dotted_lines=1))


@pytest.mark.parametrize("tree", ["scribbly-gum/kuringgai", "scribbly-gum/mooloolah"])
def test_the_built_in_trees_pass(tree: str) -> None:
    assert check_tree(load(tree).model) == []  # type: ignore[arg-type]


def test_a_single_simulated_game_is_its_own_distribution() -> None:
    from sheetgen.games.scribbly_gum.simulate import summarise

    one = summarise("greedy", [31])
    assert (one.games, one.mean, one.p10, one.median, one.p90) == (1, 31, 31, 31, 31)
    assert sum(one.bands.values()) == 1  # the one score falls in one band of the chart
    two = summarise("random", [10, 20])
    assert (two.p10, two.median, two.p90) == (11, 15, 19)  # inclusive deciles of 10 and 20


def free_column(length: int) -> list[tuple[int, int]]:
    """`length` empty grid points in a column (no circle, no moth)."""
    taken = {c.at for c in KURINGGAI.circles} | {KURINGGAI.moth}
    for x in range(KURINGGAI.columns):
        for y in range(KURINGGAI.rows - length + 1):
            run = [(x, y + k) for k in range(length)]
            if not taken & set(run):
                return run
    raise AssertionError("no free column")


@pytest.mark.parametrize(
    "run,lines,circle,way",
    [  # p, q, r in a row (or a column); two lines leave one circle the same way
        (free_run, ["p-q", "r-p"], "p", "right"),  # r-p arrives at p from the right
        (free_run, ["r-q", "p-r"], "r", "left"),  # p-r arrives at r from the left
        (free_column, ["p-q", "r-p"], "p", "down"),
        (free_column, ["r-q", "p-r"], "r", "up"),
    ],
)
def test_a_circle_with_two_lines_one_way_is_named_whichever_end_each_line_names_first(
    run: object, lines: list[str], circle: str, way: str
) -> None:
    """A solid line leaves both its circles: written p-q or q-p, it is the same line, and a
    second line leaving a circle the same way is one too many."""
    p, q, r = run(3)  # type: ignore[operator]
    circles = circles_with(
        TreeCircle(id="p", at=p, food="leaf"),
        TreeCircle(id="q", at=q, food="leaf"),
        TreeCircle(id="r", at=r, food="leaf"),
    )
    k = len(KURINGGAI.lines)
    findings = found(circles=circles, lines=[*KURINGGAI.lines, *lines])
    assert (f"lines[{k + 1}]", f"circle {circle} already has a line going {way} ({lines[0]})") in (
        findings
    )


def test_a_tree_with_its_lines_written_backwards_is_the_same_tree() -> None:
    backwards = ["-".join(reversed(line.split("-"))) for line in KURINGGAI.lines]
    assert found(lines=backwards) == found()


def test_every_faulty_line_is_named_not_only_the_first() -> None:
    lines = KURINGGAI.lines
    k = len(lines)
    missing = found(lines=[*lines, "a3-qq", "a3-qr"])
    assert (f"lines[{k}]", "line a3-qq names no circle 'qq'") in missing
    assert (f"lines[{k + 1}]", "line a3-qr names no circle 'qr'") in missing
    ids = {c.at: c.id for c in KURINGGAI.circles}
    diagonal = [(a, b) for a in ids for b in ids if b[0] - a[0] == 1 and b[1] - a[1] == 1][:2]
    skew = [f"{ids[a]}-{ids[b]}" for a, b in diagonal]
    findings = found(lines=[*lines, *skew])
    for n, line in enumerate(skew):
        assert (f"lines[{k + n}]", f"line {line} is not horizontal or vertical (solid lines run "
                "left, right, up or down)") in findings  # fmt: skip


@pytest.mark.parametrize("at", [(9, 0), (0, 13)])  # one past the 9 x 13 grid's last column, row
def test_a_line_to_a_circle_off_the_grid_is_not_judged_again(at: tuple[int, int]) -> None:
    """A circle off the grid is one fault; a line to it says nothing more."""
    off = TreeCircle(id="zz", at=at, food="leaf")
    k = len(KURINGGAI.lines)
    findings = found(circles=circles_with(off), lines=[*KURINGGAI.lines, f"{FIRST.id}-zz"])
    assert (f"circles[{N}].at", f"circle zz at {list(at)} is outside the 9 x 13 grid") in findings
    assert [m for w, m in findings if w == f"lines[{k}]"] == []


def test_lines_that_meet_but_at_a_shared_circle_cross() -> None:
    """Solid lines may meet only at a circle both join: a line ending on another's middle, or
    the same line twice, crosses it."""
    p, q, r = free_run(3)
    column = [(q[0], q[1] + 1), (q[0], q[1] + 2)]
    taken = {c.at for c in KURINGGAI.circles} | {KURINGGAI.moth}
    if taken & set(column):
        pytest.skip("no room under the free run in this tree")
    circles = circles_with(
        TreeCircle(id="p", at=p, food="leaf"),
        TreeCircle(id="r", at=r, food="leaf"),
        TreeCircle(id="s", at=column[1], food="leaf"),
        TreeCircle(id="t", at=q, food="leaf"),
    )
    k = len(KURINGGAI.lines)
    # t sits on p-r's middle; s-t runs up to it: p-r passes through t, and s-t meets p-r there
    t_junction = found(circles=circles, lines=[*KURINGGAI.lines, "p-r", "s-t"])
    assert (f"lines[{k}]", "line p-r crosses line s-t") in t_junction
    twice = found(circles=circles, lines=[*KURINGGAI.lines, "p-t", "t-p"])
    assert (f"lines[{k}]", "line p-t crosses line t-p") in twice


def test_as_many_achievements_as_letters_is_enough_and_gold_and_silver_are_told_apart() -> None:
    exact = TILES.model_copy(update={"achievements": TILES.achievements[: len(TILES.letters)]})
    assert check_tiles(exact) == []
    same = TILES.sheet.model_copy(update={"silver": TILES.sheet.gold})
    wheres = {f.where for f in check_tiles(TILES.model_copy(update={"sheet": same}))}
    assert wheres & {"sheet.gold", "sheet.silver"}, wheres
    assert wheres <= {"sheet.gold", "sheet.silver"}, wheres


def test_a_grid_exactly_as_wide_or_as_tall_as_the_tree_area_fits() -> None:
    """The tree area is 135 x 187 mm (see above): 9 columns at a 15.5 mm pitch with 11 mm
    circles need 8 x 15.5 + 11 = 135 mm across, and 13 rows at 14.5 mm with 13 mm circles
    need 12 x 14.5 + 13 = 187 mm down; neither is too big."""
    short = KURINGGAI.model_copy(update={"rows": 10})
    sheet = short.sheet.model_copy(update={"pitch": 15.5, "circle": 11.0})
    wide = short.model_copy(update={"sheet": sheet})
    assert [f for f in check_sheet(wide) if f.where == "sheet.pitch"] == []
    tall = KURINGGAI.sheet.model_copy(update={"pitch": 14.5, "circle": 13.0})
    assert [f.where for f in check_sheet(KURINGGAI.model_copy(update={"sheet": tall}))
            if f.where.startswith("sheet.")] == ["sheet.circle"]  # fmt: skip


def test_a_grid_too_wide_alone_is_named_with_every_key_that_sets_it() -> None:
    short = KURINGGAI.model_copy(update={"rows": 10})  # 9 x 16 + 9.6 = 153.6 mm down fits
    wide = short.model_copy(
        update={"sheet": short.sheet.model_copy(update={"pitch": 16.0, "circle": 9.6})}
    )
    findings = [f for f in check_sheet(wide) if f.where == "sheet.pitch"]
    assert [f.also for f in findings] == [("sheet.width", "sheet.height", "columns", "rows",
                                           "sheet")]  # fmt: skip
    crowded = KURINGGAI.sheet.model_copy(update={"circle": 13.0})
    circle = [f for f in check_sheet(KURINGGAI.model_copy(update={"sheet": crowded}))
              if f.where == "sheet.circle"]  # fmt: skip
    assert [f.also for f in circle] == [("sheet.pitch",)]


@pytest.mark.parametrize("first_vertical", [True, False])
def test_lines_whose_spans_only_touch_still_cross_where_they_meet(first_vertical: bool) -> None:
    """A line ending on another's middle meets it at one point, where their spans only touch
    (the one's end is the other's edge): it crosses, whichever line is written first."""
    p, q, r, w = t_room()
    circles = circles_with(
        TreeCircle(id="p", at=p, food="leaf"),
        TreeCircle(id="q", at=q, food="leaf"),
        TreeCircle(id="r", at=r, food="leaf"),
        TreeCircle(id="w", at=w, food="leaf"),
    )
    lines = ["p-r", "w-q"] if first_vertical else ["w-q", "p-r"]
    k = len(KURINGGAI.lines)
    findings = found(circles=circles, lines=[*KURINGGAI.lines, *lines])
    assert (f"lines[{k}]", f"line {lines[0]} crosses line {lines[1]}") in findings


def t_room() -> tuple[tuple[int, int], ...]:
    """Free grid points p, q, r in a column (q between) and w two to q's left or right, with
    the point between w and q free too: room for a line p-r and a line w-q ending on q."""
    taken = {c.at for c in KURINGGAI.circles} | {KURINGGAI.moth}
    for x in range(KURINGGAI.columns):
        for y in range(1, KURINGGAI.rows - 1):
            column = [(x, y - 1), (x, y), (x, y + 1)]
            for side in (-2, 2):
                w, between = (x + side, y), (x + side // 2, y)
                if 0 <= w[0] < KURINGGAI.columns and not taken & {*column, w, between}:
                    return (*column, w)
    raise AssertionError("no room for a T in this tree")
