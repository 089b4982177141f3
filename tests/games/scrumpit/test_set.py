"""Scrumpit: board and bag checks, the rulebook's TAX example, words across rows, sheets."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from pypdf import PdfReader

from sheetgen.games.scrumpit.model import BoardLayout, LaidLetter, TilesLayout, Turn
from sheetgen.games.scrumpit.rules import (
    Grid,
    check_board,
    check_tiles,
    play_turn,
    score_letters,
    zone_cells,
)
from sheetgen.layouts.read import load
from sheetgen.pipeline.document import pressed
from tests.support import sheetgen

BOARD: BoardLayout = load("scrumpit/standard").model  # type: ignore[assignment]
TILES: TilesLayout = load("scrumpit/tiles").model  # type: ignore[assignment]
VALUES = TILES.values()
ZONES = zone_cells(BOARD)


def lay(grid: Grid, player: str, *tiles: tuple[str, int, int]) -> int:
    turn = Turn(player=player, tiles=[LaidLetter(letter=ch, at=(x, y)) for ch, x, y in tiles])  # type: ignore[arg-type]
    return play_turn(grid, turn, ZONES, VALUES).points


def test_rulebook_tax_taxi_taxis() -> None:
    assert score_letters("TAX", [4, 4, 4], VALUES) == 52
    grid: Grid = {}
    # yellow's row 4 is board row 18 (south of the 15 x 15 board)
    assert lay(grid, "yellow", ("T", 5, 18), ("A", 6, 18), ("X", 7, 18)) == 52
    assert lay(grid, "yellow", ("I", 8, 18)) == 56
    assert lay(grid, "yellow", ("S", 9, 18)) == 60  # 168 in all


def test_a_word_split_across_rows_scores_each_letter_by_its_row() -> None:
    grid: Grid = {}
    # a word read top to bottom down column 7, from the board into yellow's rows 1-3
    points = lay(grid, "yellow", ("Q", 7, 14), ("U", 7, 15), ("I", 7, 16), ("Z", 7, 17))
    assert points == 0 * 12 + 1 * 1 + 2 * 1 + 3 * 10


def test_letters_outside_the_home_zone_score_nothing() -> None:
    grid: Grid = {}
    assert lay(grid, "yellow", ("Z", 3, 3), ("O", 4, 3), ("O", 5, 3)) == 0


def test_every_new_word_a_placement_makes_scores() -> None:
    grid: Grid = {}
    lay(grid, "yellow", ("T", 5, 18), ("A", 6, 18), ("X", 7, 18))
    # an I below the A makes AI downward (A row 4, I row 5) and nothing else
    assert lay(grid, "yellow", ("I", 6, 19)) == 1 * 4 + 1 * 5


def test_board_checks() -> None:
    assert check_board(BOARD) == []
    assert len(ZONES) == 4 * 49
    assert {row for _, row in ZONES.values()} == set(range(1, 8))
    messages = [f.message for f in check_board(BOARD.model_copy(update={"size": 13}))]
    assert any("Scrumpit's is 15 x 15" in m for m in messages)
    messages = [
        f.message for f in check_board(BOARD.model_copy(update={"row_cells": [13, 11, 9, 7, 5, 3]}))
    ]
    assert any("a Scrump Zone has rows 1 to 7" in m for m in messages)
    messages = [
        f.message
        for f in check_board(BOARD.model_copy(update={"row_cells": [13, 11, 9, 7, 5, 3, 3]}))
    ]
    assert "row 7 is the Apex Star: one cell" in messages
    zones = [
        BOARD.zones[0],
        BOARD.zones[1],
        BOARD.zones[2],
        BOARD.zones[3].model_copy(update={"side": "south"}),
    ]
    messages = [f.message for f in check_board(BOARD.model_copy(update={"zones": zones}))]
    assert "two zones are on the south side; one a side" in messages


def test_every_bag_has_its_high_letters() -> None:
    assert check_tiles(TILES) == []
    assert {x.letter: (x.value, x.count) for x in TILES.letters if x.letter in "QZXJ"} == {
        "Q": (12, 1),
        "Z": (10, 1),
        "X": (10, 1),
        "J": (10, 1),
    }
    no_q = TILES.model_copy(update={"letters": [x for x in TILES.letters if x.letter != "Q"]})
    assert any("no Q" in f.message for f in check_tiles(no_q))
    bad_t = TILES.model_copy(
        update={
            "letters": [
                x.model_copy(update={"value": 3}) if x.letter == "T" else x for x in TILES.letters
            ]
        }
    )
    assert any("T + A + X = 13" in f.message for f in check_tiles(bad_t))


def test_score_command() -> None:
    run = sheetgen("scrumpit", "score", "TAX", "--row", "4")
    assert run.code == 0 and run.out.split()[0] == "52"
    run = sheetgen("scrumpit", "score", "QUIZ", "--rows", "0,1,2,3", "--json")
    assert json.loads(run.out)["points"] == 33
    bad = sheetgen("scrumpit", "score", "TAX", "--rows", "4,4")
    assert bad.code == 2 and "one row (0-7) for each of the 3 letters" in bad.err


def test_game_command_runs_totals_and_rack_deductions() -> None:
    """'TAX on row 4 would yield 52 points ... TAXI ... a further 56 ... TAXIS ... a further 60';
    'the player finishing that game does not make any deductions'. The example: yellow's
    ROBUST 16 (B 3x1, U 1x2, S 1x3, T 2x4), TAX 52, TAXI 56, TAXIS 60 and INTO 28 (I 1x4,
    N 1x5, T 2x6, O 1x7) make 212; blue's SQUARE 43, JOKES 72 and DYE 36 less its rack
    ZIGLENW (10+1+2+1+1+1+4 = 20) make 131; red's PAGEANT 13 and MAPLE 27 less QIDUVEH
    (12+1+2+1+4+1+4 = 25) make 15."""
    run = sheetgen("scrumpit", "game", "scrumpit/example-game", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    yellow = [t["points"] for t in data["turns"] if t["player"] == "yellow"]
    assert yellow == [0, 16, 52, 56, 60, 28]
    assert data["deductions"] == {"blue": 20, "red": 25}
    assert data["totals"] == {"yellow": 212, "blue": 151 - 20, "red": 40 - 25}
    assert data["running"][-1] == {"yellow": 212, "blue": 151, "red": 40}


def test_board_tiled_and_on_one_page(tmp_path: Path) -> None:
    run = sheetgen(
        "build", "scrumpit/standard", "scrumpit/single", "-f", "pdf", "--out", str(tmp_path)
    )
    assert run.code == 0, run.err
    assert "cells 19 mm on 9 tiled pages of A4" in run.err  # a note, on stderr
    assert "cells 6.6 mm on one page of A4" in run.err
    tiled = PdfReader(tmp_path / "scrumpit-standard-board.pdf")
    assert len(tiled.pages) == 9
    assert "page A1" in tiled.pages[0].extract_text()
    run = sheetgen(
        "build", "scrumpit/standard", "--fit", "--paper", "A3", "-f", "pdf", "--out", str(tmp_path)
    )
    assert "on one page of A3" in run.err
    assert len(PdfReader(tmp_path / "scrumpit-standard-board.pdf").pages) == 1


def test_tile_sheets_and_score_pad(tmp_path: Path) -> None:
    run = sheetgen(
        "build", "scrumpit/tiles", "scrumpit/scorepad", "-f", "pdf", "--out", str(tmp_path), "-q"
    )
    assert run.code == 0, run.err
    tiles = PdfReader(tmp_path / "scrumpit-tiles.pdf")
    assert len(tiles.pages) == 2  # two bag colours a sheet
    text = tiles.pages[0].extract_text()
    assert text.count("Q") >= 1 and "12" in text
    pad = PdfReader(tmp_path / "scrumpit-scorepad.pdf")
    text = "".join(p.extract_text() for p in pad.pages)
    assert "Game 4" in text and "rack" in text


def test_the_example_game_sheet_shows_its_totals_line() -> None:
    """The totals under the board were drawn outside the drawing's box, so every format cut
    them off; they print now, and as the text a viewer finds."""
    import pypdfium2 as pdfium

    from sheetgen.backends import render
    from sheetgen.layouts.read import load as load_layout
    from sheetgen.options import BuildOptions as Options

    loaded = load_layout("scrumpit/example-game")
    doc = pressed(loaded.kind, loaded.model, Options())
    page = pdfium.PdfDocument(render(doc, "pdf")[0][1])[0]
    text = page.get_textpage().get_text_range()
    assert "Totals" in text and "YELLOW 212" in text and "= 15" in text  # red's final total
    # each deduction beside its total, as the game command deducts them (151 - 20, 40 - 25),
    # so the sheet adds up; none beside the player who finished
    flat = " ".join(text.split())
    assert "BLUE 151 rack −20 = 131" in flat and "RED 40 rack −25 = 15" in flat
    assert "YELLOW 212 BLUE" in flat


def test_the_apex_star_leaves_its_row_number_readable() -> None:
    """Row 7, the apex, is where a game ends: its number must not sit under the star. Every
    star edge, followed closely, stays out of the number's box (its advance width by its cap
    height, from the font's own metrics)."""
    from sheetgen.draw.fonts import cap_height, text_width
    from sheetgen.draw.shapes import Path as Outline
    from sheetgen.draw.shapes import Text
    from sheetgen.games.scrumpit.board_drawing import board_shapes

    layout = load("scrumpit/single").model
    assert isinstance(layout, BoardLayout)
    # a zone's cell print turns as a whole to face its player: compare it in its own frame
    shapes = list(flat(board_shapes(layout, layout.labels, 6.6)))
    apex = str(len(layout.row_cells))
    numbers = [s for s in shapes if isinstance(s, Text) and s.text == apex]
    stars = [_corners(s) for s in shapes if isinstance(s, Outline) and len(s.segments) >= 10]
    assert len(numbers) == 4 and len(stars) == 5  # four apex cells, and the centre star
    for number in numbers:
        left, base = number.x, number.y
        right = left + text_width(number.text, number.size, number.weight)
        top = base - cap_height(number.size, number.weight)
        near = [c for c in stars if abs(c[0][0] - left) < 1.5 and abs(c[0][1] - base) < 1.5]
        assert len(near) == 1, "each apex number has its star beside it"
        corners = near[0]
        for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
            for k in range(51):
                x, y = x0 + (x1 - x0) * k / 50, y0 + (y1 - y0) * k / 50
                assert not (left <= x <= right and top <= y <= base), (number.text, x, y)


def flat(shapes: Iterable[object]) -> Iterator[object]:
    """Every shape, those inside groups too, each in its group's own frame."""
    from sheetgen.draw.shapes import Group

    for shape in shapes:
        yield from flat(shape.children) if isinstance(shape, Group) else (shape,)


def _corners(outline: object) -> list[tuple[float, float]]:
    """The corners of a star drawn as a polygon (its segments' end points)."""
    from sheetgen.draw.shapes import LineTo, MoveTo

    segments = getattr(outline, "segments", ())
    return [(s.x, s.y) for s in segments if isinstance(s, (MoveTo, LineTo))]
