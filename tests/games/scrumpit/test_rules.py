"""Scrumpit's rules in process, each expectation worked from the rulebook: home zones beside
each side of the 15 x 15 board, rows 1 to 7 narrowing to the Apex Star, letters scoring value x
row only in the player's own zone, fixed zone letters, rack deductions but for the finisher."""

from __future__ import annotations

import pytest

from sheetgen.games.scrumpit.model import BoardLayout, GameRecord, LaidLetter, TilesLayout, Turn
from sheetgen.games.scrumpit.record import check_game
from sheetgen.games.scrumpit.rules import (
    Grid,
    Tile,
    check_board,
    check_tiles,
    play_turn,
    score_game,
    zone_cells,
)
from sheetgen.layouts.read import load

BOARD: BoardLayout = load("scrumpit/standard").model  # type: ignore[assignment]
TILES: TilesLayout = load("scrumpit/tiles").model  # type: ignore[assignment]
VALUES = TILES.values()
ZONES = zone_cells(BOARD)


def test_zones_sit_beside_their_sides_and_narrow_by_a_cell_each_side_a_row() -> None:
    widths = [13, 11, 9, 7, 5, 3, 1]
    assert BOARD.row_cells == widths
    expected: dict[tuple[int, int], tuple[str, int]] = {}
    side_of = {z.side: z.colour for z in BOARD.zones}
    for row, width in enumerate(widths, start=1):
        for k in range((15 - width) // 2, (15 + width) // 2):
            expected[(k, 14 + row)] = (side_of["south"], row)  # below the board
            expected[(k, -row)] = (side_of["north"], row)  # above it
            expected[(14 + row, k)] = (side_of["east"], row)
            expected[(-row, k)] = (side_of["west"], row)
    assert expected == ZONES
    assert side_of == {"south": "yellow", "west": "blue", "north": "red", "east": "green"}
    assert ZONES[(7, 21)] == ("yellow", 7) and ZONES[(-7, 7)] == ("blue", 7)  # the apex stars


def findings(layout: BoardLayout | TilesLayout) -> list[tuple[str, str]]:
    check = check_board if isinstance(layout, BoardLayout) else check_tiles
    return [(f.where, f.message) for f in check(layout) if f.level == "error"]  # type: ignore[arg-type]


def board(**update: object) -> BoardLayout:
    return BOARD.model_copy(update=update)


def test_the_standard_board_and_bags_pass() -> None:
    assert findings(BOARD) == [] and findings(TILES) == []


@pytest.mark.parametrize(
    ("update", "where", "message"),
    [
        ({"size": 13}, "size", "the central board is 13 x 13; Scrumpit's is 15 x 15"),
        ({"row_cells": [13, 11, 9, 7, 5, 3]}, "row_cells",
         "6 home rows; a Scrump Zone has rows 1 to 7"),
        ({"row_cells": [13, 11, 9, 7, 5, 3, 3]}, "row_cells[6]",
         "row 7 is the Apex Star: one cell"),
        ({"row_cells": [13, 11, 9, 11, 5, 3, 1]}, "row_cells[3]",
         "a zone narrows towards its apex: row 4 is wider than row 3"),
        ({"row_cells": [13, 11, 9, 8, 5, 3, 1]}, "row_cells[3]",
         "row 4 has 8 cells; it must be 1 to 15 and odd to sit centred on the board's side"),
        ({"row_cells": [17, 11, 9, 7, 5, 3, 1]}, "row_cells[0]",
         "row 1 has 17 cells; it must be 1 to 15 and odd to sit centred on the board's side"),
    ],
)  # fmt: skip
def test_each_board_fault_is_named(update: dict[str, object], where: str, message: str) -> None:
    assert (where, message) in findings(board(**update))


def test_a_zero_width_row_and_an_even_board_are_named() -> None:
    found = findings(board(row_cells=[13, 11, 9, 7, 5, 3, 0]))
    assert ("row_cells[6]", "row 7 is the Apex Star: one cell") in found
    assert ("row_cells[6]", "row 7 has 0 cells; it must be 1 to 15 and odd to sit centred on "
            "the board's side") in found  # fmt: skip
    even = findings(board(size=14, row_cells=[12, 10, 8, 6, 4, 2, 1]))
    assert ("row_cells[6]", "row 7 has 1 cells; it must be 1 to 14 and even to sit centred on "
            "the board's side") in even  # fmt: skip


def test_zones_must_be_one_a_colour_and_one_a_side() -> None:
    two_yellow = [BOARD.zones[0], BOARD.zones[0].model_copy(update={"side": "west"}),
                  *BOARD.zones[2:]]  # fmt: skip
    found = findings(board(zones=two_yellow))
    assert ("zones", "the zones are yellow, yellow, red, green; there is one each for "
            "yellow, blue, red and green") in found  # fmt: skip
    same_side = [*BOARD.zones[:3], BOARD.zones[3].model_copy(update={"side": "south"})]
    found = findings(board(zones=same_side))
    assert found == [("zones", "two zones are on the south side; one a side")]
    assert findings(board(zones=BOARD.zones[:3]))[0][1].startswith("the zones are yellow, blue,")


def test_high_letters_one_a_bag_and_the_tax_example() -> None:
    def tiles(change: dict[str, dict[str, int]]) -> TilesLayout:
        letters = [x.model_copy(update=change.get(x.letter, {})) for x in TILES.letters]
        return TILES.model_copy(update={"letters": letters})

    q = next(i for i, x in enumerate(TILES.letters) if x.letter == "Q")
    assert findings(tiles({"Q": {"value": 11}})) == [
        (f"letters[{q}]", "Q is worth 12 with one in each bag (it has value 11, count 1)")
    ]
    j = next(i for i, x in enumerate(TILES.letters) if x.letter == "J")
    assert findings(tiles({"J": {"count": 2}})) == [
        (f"letters[{j}]", "J is worth 10 with one in each bag (it has value 10, count 2)")
    ]
    no_z = TILES.model_copy(update={"letters": [x for x in TILES.letters if x.letter != "Z"]})
    assert findings(no_z) == [("letters", "the bags have no Z (every bag has one)")]
    # T 2 + A 1 + X 10 = 13: TAX on row 4 is 52, as the rulebook says
    assert findings(tiles({"A": {"value": 2}})) == [
        ("letters", "the rulebook's TAX example needs T + A + X = 13 and I = S = 1 (here 14, 1, 1)")
    ]
    assert findings(tiles({"I": {"value": 2}}))[0][1].endswith("(here 13, 2, 1)")
    assert findings(tiles({"S": {"value": 3}}))[0][1].endswith("(here 13, 1, 3)")
    twice = TILES.model_copy(update={"letters": [*TILES.letters, TILES.letters[0]]})
    assert ("letters", "a letter is listed twice") in findings(twice)
    two_bags = TILES.model_copy(update={"colours": {"yellow": "#f5c518", "red": "#c0392b"}})
    assert findings(two_bags) == [("colours", "no tile colour for the blue, green bag")]


def turn(player: str, *tiles: tuple[str, int, int], scrumped: tuple[tuple[int, int], ...] = ()
         ) -> Turn:  # fmt: skip
    return Turn(
        player=player,  # type: ignore[arg-type]
        tiles=[LaidLetter(letter=ch, at=(x, y)) for ch, x, y in tiles],
        scrumped=list(scrumped),
    )


def test_a_crossing_scores_both_words_and_only_own_zone_letters() -> None:
    grid: Grid = {}
    # yellow lays ZA across row 1 of its zone (y 15), then an X below the A (y 16, row 2):
    # AX down scores A 1 x 1 + X 10 x 2 = 21; ZA was already scored
    first = play_turn(grid, turn("yellow", ("Z", 6, 15), ("A", 7, 15)), ZONES, VALUES)
    assert first.words == [("ZA", 10 * 1 + 1 * 1)]
    second = play_turn(grid, turn("yellow", ("X", 7, 16)), ZONES, VALUES)
    assert second.words == [("AX", 1 * 1 + 10 * 2)] and second.points == 21
    # the same letters in blue's zone score nothing for yellow: not its home
    other = play_turn({}, turn("blue", ("Q", -1, 7), ("I", 0, 7)), ZONES, VALUES)
    assert other.words == [("QI", 12 * 1 + 1 * 0)]  # Q in blue's row 1, I on the board


def test_scrumped_letters_leave_the_board_first_and_keep_their_bags_colour() -> None:
    """'It does not matter if words are broken up as a result of the Scrump': red lifts
    yellow's A from CAT and lays H there, then lifts the H and blue's T and lays them again
    elsewhere, leaving C alone; a scrumped tile keeps its bag's colour wherever it is laid."""
    grid: Grid = {
        (3, 3): Tile("C", "yellow"),
        (4, 3): Tile("A", "yellow"),
        (5, 3): Tile("T", "blue"),
    }
    play_turn(grid, turn("red", ("H", 4, 3), scrumped=((4, 3),)), ZONES, VALUES)
    assert grid == {
        (3, 3): Tile("C", "yellow"),
        (4, 3): Tile("H", "red"),
        (5, 3): Tile("T", "blue"),
    }
    play_turn(grid, turn("red", ("T", 3, 4), ("H", 3, 5), scrumped=((4, 3), (5, 3))), ZONES, VALUES)
    assert grid == {
        (3, 3): Tile("C", "yellow"),
        (3, 4): Tile("T", "blue"),
        (3, 5): Tile("H", "red"),
    }


def record(**update: object) -> GameRecord:
    base = GameRecord(
        game="scrumpit", component="game", name="t",
        turns=[turn("yellow", ("T", 5, 18), ("A", 6, 18), ("X", 7, 18)),
               turn("blue", ("B", 4, 2), ("E", 4, 3)),
               turn("yellow", ("I", 8, 18))],
        finisher="yellow", racks={"yellow": "QZ", "blue": "QA", "red": "", "green": "K"},
    )  # fmt: skip
    return base.model_copy(update=update)


def test_a_game_runs_totals_turn_by_turn_and_deducts_racks_but_the_finishers() -> None:
    """'At the end of each game any unused tiles on a player's rack are totalled and deducted
    from that player's score, the player finishing that game does not make any deductions.'"""
    game = score_game(record(), BOARD, TILES)
    assert [t.points for t in game.turns] == [52, 0, 56]  # TAX on row 4, BE on the board, TAXI
    assert game.running == [
        {"yellow": 52, "blue": 0, "red": 0, "green": 0},
        {"yellow": 52, "blue": 0, "red": 0, "green": 0},
        {"yellow": 108, "blue": 0, "red": 0, "green": 0},
    ]
    k = VALUES["K"]
    assert game.deductions == {"blue": 12 + 1, "red": 0, "green": k}  # yellow finished: none
    assert game.totals == {"yellow": 108, "blue": -13, "red": 0, "green": -k}
    # no one has finished: the game is not over, and racks are deducted only at its end
    unfinished = score_game(record(finisher=None), BOARD, TILES)
    assert unfinished.deductions == {} and unfinished.totals["yellow"] == 108


def test_a_record_on_a_missing_board_is_named() -> None:
    found = [f for f in check_game(record(board="scrumpit/nowhere")) if f.level == "error"]
    assert len(found) == 1 and found[0].where == "board" and "nowhere" in found[0].message


def test_letters_not_in_the_bags_are_named() -> None:
    tiles = TILES.model_copy(update={"letters": [x for x in TILES.letters if x.letter != "K"]})
    from unittest.mock import patch

    with patch("sheetgen.layouts.read.load_model", side_effect=[BOARD, tiles]):
        found = check_game(record(turns=[turn("yellow", ("K", 5, 18))], racks={"blue": "KA"}))
    assert [(f.where, f.message) for f in found if f.level == "error"] == [
        ("turns[0].tiles[0].letter", "no K in the bags"),
        ("racks.blue", "rack letters ['K'] are not in the bags"),
    ]


@pytest.mark.parametrize(
    "rows", [[13, 11, 9, 7, 5, 3, 1], [15, 15, 13, 9, 5, 3, 1], [1, 1, 1, 1, 1, 1, 1]]
)
@pytest.mark.parametrize(
    "sides", [("south", "north", "east", "west"), ("west", "east", "north", "south")]
)
def test_zones_a_board_check_passes_lie_off_the_board_and_apart(
    rows: list[int], sides: tuple[str, ...]
) -> None:
    """Every layout whose rows and sides the board check passes has its four home zones off
    the 15 x 15 central board and clear of one another: "each player takes a position with
    their coloured triangle" on a side of their own."""
    zones = [z.model_copy(update={"side": s}) for z, s in zip(BOARD.zones, sides, strict=True)]
    layout = BOARD.model_copy(update={"row_cells": rows, "zones": zones})
    assert [f.where for f in check_board(layout) if f.level == "error"] == []
    cells = zone_cells(layout)
    assert len(cells) == 4 * sum(rows)  # none shared
    assert not [c for c in cells if 0 <= c[0] < 15 and 0 <= c[1] < 15]
