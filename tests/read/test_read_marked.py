"""`sheetgen read` on plain Scribe PDFs marked up with a viewer's pen (ink annotations drawn by
`tests.read.marking`): played out move by move as the rulebook says, each mark drawn by hand
in blue, black or pencil, every mark but each player's newest slashed, the winner's mark in
each full mini grid's tab. The record read from the pixels is the game's, and scores the same."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pikepdf
import pytest

from sheetgen.games.scribe.model import ScribeLayout
from sheetgen.games.scribe.rules import COLUMNS, GlyphTable, score_super
from sheetgen.layouts.read import load, load_model
from sheetgen.read.layout_map import layout_map
from tests.read.marking import PENS, Stroke, add_shapes, mark_up, strokes
from tests.support import sheetgen

Marks = list[tuple[list[Stroke], str]]


def _play(seed: int, moves: int = 81) -> list[tuple[int, int]]:
    """A game as the rulebook plays it, `moves` squares long: the first mark anywhere, each
    next one in the mini grid the last mark's place in its own mini grid points to, anywhere
    when that mini grid is full. Squares as (row, column), 0-8; + moves first."""
    rng = random.Random(seed)
    taken: set[tuple[int, int]] = set()
    played: list[tuple[int, int]] = []
    for _ in range(moves):
        options = [(r, c) for r in range(9) for c in range(9) if (r, c) not in taken]
        if played:
            r, c = played[-1]
            mr, mc = r % 3, c % 3  # the last square's place in its mini grid
            inside = [(3 * mr + i, 3 * mc + j) for i in range(3) for j in range(3)]
            free = [s for s in inside if s not in taken]
            options = free or options
        move = rng.choice(options)
        taken.add(move)
        played.append(move)
    return played


def _rows(played: list[tuple[int, int]]) -> list[str]:
    grid = [["."] * 9 for _ in range(9)]
    for n, (r, c) in enumerate(played):
        grid[r][c] = "+" if n % 2 == 0 else "O"
    return ["".join(row) for row in grid]


def _table() -> GlyphTable:
    return GlyphTable.of(load_model("scribe/standard", ScribeLayout, "--layout").glyphs)


def _drawn(ref: str, played: list[tuple[int, int]], seed: int, slot: int = 1) -> Marks:
    """The marks a pair of players leaves on sheet `slot` of page 1: each square's mark, all
    but each player's last slashed, and each full mini grid's winner in its tab."""
    rng = random.Random(seed)
    (page, *_) = layout_map(load(ref))
    regions = {r.name: r for r in page.sheets[slot - 1].on_page}
    pens = list(PENS)
    out: Marks = []
    last = {len(played) - 1, len(played) - 2}
    for n, (r, c) in enumerate(played):
        box = regions[f"cell_{COLUMNS[c]}{r + 1}"]
        mark = "+" if n % 2 == 0 else "O"
        out.append((strokes(rng, mark, box, n not in last), pens[n % 2 + (n // 40) % 2]))
    for index, mini in enumerate(score_super(_rows(played), _table()).minis):
        if mini.winner:
            out.append((strokes(rng, mini.winner, regions[f"winner_{index + 1}"], False), "black"))
    return out


@pytest.fixture(scope="module")
def blank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("blank")
    made = sheetgen("build", "scribe/standard", "-f", "pdf", "--out", str(out), "-q")
    assert made.code == 0, made.err
    return out / "scribe-standard-supergrid.pdf"


def _read(marked: Path, out: Path) -> str:
    run = sheetgen("read", str(marked), "--out", str(out))
    assert run.code == 0, run.err
    return run.out


def test_a_game_drawn_in_a_viewer_reads_back_and_scores_the_same(
    blank: Path, tmp_path: Path
) -> None:
    played = _play(38)
    marked = tmp_path / "ana.pdf"
    mark_up(blank, marked, {1: _drawn("scribe/standard", played, 38)})
    with pikepdf.open(marked) as pdf:  # the marks are annotations, not the page's own ink
        assert len(pdf.pages[0].Annots) == 81 + 9
    said = _read(marked, tmp_path / "records")
    assert "uncertain" not in said and "note:" not in said  # every mark sure, the tabs agree
    text = (tmp_path / "records" / "ana-p1s1.txt").read_text().strip()
    assert text == "/".join(_rows(played))
    scored = sheetgen("scribe", "score", text, "--json")
    assert scored.code == 0, scored.err
    source = score_super(_rows(played), _table())
    assert (json.loads(scored.out)["winner"], json.loads(scored.out)["wins"]) == (
        source.winner,
        source.wins,
    )


def test_a_game_stopped_early_leaves_its_empty_squares_empty(blank: Path, tmp_path: Path) -> None:
    played = _play(7, moves=50)
    marked = tmp_path / "bo.pdf"
    mark_up(blank, marked, {1: _drawn("scribe/standard", played, 7)})
    said = _read(marked, tmp_path / "records")
    assert "uncertain" not in said
    rows = (tmp_path / "records" / "bo-p1s1.txt").read_text().strip().split("/")
    assert rows == _rows(played) and "".join(rows).count(".") == 31


def test_a_mark_that_is_neither_is_listed_not_guessed(blank: Path, tmp_path: Path) -> None:
    """A lone slash, with no + or O under it, and a pencil dot's smudge are named for the host."""
    played = _play(3, moves=10)
    marks = _drawn("scribe/standard", played, 3)
    (page, *_) = layout_map(load("scribe/standard"))
    regions = {r.name: r for r in page.sheets[0].on_page}
    e5 = regions["cell_E5"]
    assert (4, 4) not in played
    marks.append(([[(e5.x + 2, e5.y + 11), (e5.x + 11, e5.y + 2)]], "black"))
    f6 = regions["cell_F6"]
    assert (5, 5) not in played
    marks.append(([[(f6.x + 6, f6.y + 6), (f6.x + 6.9, f6.y + 6.4)]], "pencil"))
    marked = tmp_path / "odd.pdf"
    mark_up(blank, marked, {1: marks})
    said = _read(marked, tmp_path / "records")
    flagged = [line for line in said.splitlines() if "uncertain:" in line]
    assert len(flagged) == 2, said
    assert "cell_E5" in flagged[0] and "cell_F6" in flagged[1], said


def test_an_unmarked_plain_sheet_is_one_line_and_writes_nothing(
    blank: Path, tmp_path: Path
) -> None:
    out = tmp_path / "records"
    run = sheetgen("read", str(blank), "--out", str(out))
    assert run.code != 0 and len(run.err.strip().splitlines()) == 1, run.err
    assert "no mark" in run.err and "Traceback" not in run.err
    assert not out.exists()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_many_games_read_back_every_mark(blank: Path, tmp_path: Path, seed: int) -> None:
    played = _play(100 + seed, moves=81 - 9 * seed)
    marked = tmp_path / "g.pdf"
    mark_up(blank, marked, {1: _drawn("scribe/standard", played, 100 + seed)})
    said = _read(marked, tmp_path / "records")
    assert "uncertain" not in said
    assert (tmp_path / "records" / "g-p1s1.txt").read_text().strip() == "/".join(_rows(played))


def test_marks_made_with_shape_tools_are_read(blank: Path, tmp_path: Path) -> None:
    """An O drawn with the circle tool (no appearance stream: pdfium draws it) and a + drawn
    as two lines read as the pen's do."""
    played = _play(11, moves=6)
    (page, *_) = layout_map(load("scribe/standard"))
    regions = {r.name: r for r in page.sheets[0].on_page}
    boxes = [
        ("+" if n % 2 == 0 else "O", regions[f"cell_{COLUMNS[c]}{r + 1}"])
        for n, (r, c) in enumerate(played)
    ]
    marked = tmp_path / "shapes.pdf"
    with pikepdf.open(blank) as pdf:
        add_shapes(pdf, 0, boxes)
        pdf.save(marked)
    said = _read(marked, tmp_path / "records")
    assert "uncertain" not in said
    assert (tmp_path / "records" / "shapes-p1s1.txt").read_text().strip() == "/".join(_rows(played))


@pytest.mark.slow
def test_a_pads_second_copy_reads_both_its_sheets(tmp_path: Path) -> None:
    """A pad prints two sheets a page; its second copy's page is read sheet by sheet."""
    made = sheetgen(
        "build", "scribe/pad", "-f", "pdf", "--copies", "2", "--out", str(tmp_path), "-q"
    )
    assert made.code == 0, made.err
    (pad,) = tmp_path.glob("*.pdf")
    games = {1: _play(21, 81), 2: _play(22, 40)}
    marks = _drawn("scribe/pad", games[1], 21, 1) + _drawn("scribe/pad", games[2], 22, 2)
    marked = tmp_path / "pad-played.pdf"
    mark_up(pad, marked, {2: marks})
    said = _read(marked, tmp_path / "records")
    assert "uncertain" not in said
    for slot, played in games.items():
        text = (tmp_path / "records" / f"pad-played-p2s{slot}.txt").read_text().strip()
        assert text == "/".join(_rows(played))
