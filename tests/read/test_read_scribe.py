"""`sheetgen read` on Scribe sheets filled as a player fills them (pikepdf), against records
written here: the record read back is the one that filled the sheet, and scores the same."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pikepdf
import pytest

from sheetgen.games.scribe.model import ScribeLayout
from sheetgen.games.scribe.rules import COLUMNS, MINI_NAMES, GlyphTable, score_super
from sheetgen.layouts.read import load_model
from tests.support import ROOT, sheetgen


def _grid(seed: int, empty: int = 0) -> list[str]:
    """A super grid played out: each square + or O (the rulebook: play goes on until every
    square is filled), `empty` squares left blank for a game stopped early."""
    rng = random.Random(seed)
    cells = [rng.choice("+O") for _ in range(81)]
    for index in rng.sample(range(81), empty):
        cells[index] = "."
    return ["".join(cells[9 * r : 9 * r + 9]) for r in range(9)]


def _table() -> GlyphTable:
    return GlyphTable.of(load_model("scribe/standard", ScribeLayout, "--layout").glyphs)


def _fill(blank: Path, filled: Path, pages: dict[int, dict[str, str]]) -> None:
    """Type values into the fields of each page's sheet, as a viewer saves them."""
    with pikepdf.open(blank) as pdf:
        for parent in pdf.Root.AcroForm.Fields:
            page = int(str(parent.T)[1:].split("s")[0])
            for kid in parent.Kids:
                value = pages.get(page, {}).get(str(kid.T))
                if value is not None:
                    kid.V = pikepdf.String(value)
        pdf.save(filled)


def _values(rows: list[str], seed: int) -> dict[str, str]:
    """The sheet as players leave it: every mark but each player's newest slashed (the
    rulebook's "slash your previous move"), some O's typed lower case, the winner tabs and
    the tally written from the rules' count, the names."""
    rng = random.Random(seed)
    values: dict[str, str] = {"name_plus": "Ada", "name_o": "Bo"}
    for r, row in enumerate(rows, start=1):
        for c, mark in enumerate(row):
            if mark == ".":
                continue
            typed = mark.lower() if mark == "O" and rng.random() < 0.2 else mark
            values[f"cell_{COLUMNS[c]}{r}"] = typed + "/" if rng.random() < 0.95 else typed
    match = score_super(rows, _table())
    for index, mini in enumerate(match.minis):
        if mini.winner:
            values[f"winner_{index + 1}"] = mini.winner
    values["won_plus"], values["won_o"] = str(match.wins["+"]), str(match.wins["O"])
    return values


@pytest.fixture(scope="module")
def blanks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("blank")
    for ref in ("scribe/standard", "scribe/pad"):
        made = sheetgen(
            "build", ref, "--fillable", "-f", "pdf", "--copies", "2", "--out", str(out), "-q"
        )
        assert made.code == 0, made.err
    made = sheetgen("build", "walkabout/map-1", "--fillable", "-f", "pdf", "--out", str(out), "-q")
    assert made.code == 0, made.err
    return out


@pytest.mark.parametrize(("layout", "empty"), [("standard", 0), ("pad", 0), ("standard", 7)])
def test_read_back_record_and_score_equal_the_source(
    blanks: Path, tmp_path: Path, layout: str, empty: int
) -> None:
    sources = {page: _grid(38 + page, empty) for page in (1, 2)}
    filled = tmp_path / "filled.pdf"
    _fill(
        blanks / f"scribe-{layout}-supergrid-fillable.pdf",
        filled,
        {page: _values(rows, page) for page, rows in sources.items()},
    )
    run = sheetgen("read", str(filled), "--out", str(tmp_path / "records"))
    assert run.code == 0, run.err
    assert "note:" not in run.out  # the tabs and the tally agree with the rules
    for page, rows in sources.items():
        text = (tmp_path / "records" / f"filled-p{page}s1.txt").read_text()
        assert text.strip() == "/".join(rows)
        scored = sheetgen("scribe", "score", text.strip(), "--json")
        assert scored.code == 0, scored.err
        source = score_super(rows, _table())
        said = json.loads(scored.out)
        assert (said["winner"], said["wins"]) == (source.winner, source.wins)
        assert score_super(text.strip().split("/"), _table()) == source


def test_a_winner_tab_that_disagrees_is_said(blanks: Path, tmp_path: Path) -> None:
    rows = _grid(5)
    values = _values(rows, 5)
    winner = score_super(rows, _table()).minis[0].winner
    values["winner_1"] = "O" if winner == "+" else "+"
    filled = tmp_path / "filled.pdf"
    _fill(blanks / "scribe-standard-supergrid-fillable.pdf", filled, {1: values})
    run = sheetgen("read", str(filled), "--out", str(tmp_path / "records"))
    assert run.code == 0, run.err
    assert f"the {MINI_NAMES[0]} mini grid's tab says {values['winner_1']} won" in run.out


def _refused(tmp_path: Path, file: Path, *words: str) -> None:
    out = tmp_path / "records"
    run = sheetgen("read", str(file), "--out", str(out))
    assert run.code != 0
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.err, run.err
    for word in words:
        assert word in lines[0]
    assert not out.exists()  # nothing written


def test_bad_inputs_are_one_line_and_write_nothing(blanks: Path, tmp_path: Path) -> None:
    text = tmp_path / "notes.pdf"
    text.write_text("not a pdf at all")
    _refused(tmp_path, text, "notes.pdf", "not a PDF")
    other = tmp_path / "other.pdf"
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.save(other)
    _refused(tmp_path, other, "other.pdf", "not a sheet sheetgen made")
    _refused(tmp_path, blanks / "scribe-standard-supergrid-fillable.pdf", "no sheet", "filled")
    _refused(tmp_path, blanks / "walkabout-map-1-fillable.pdf", "walkabout/map", "scribe")
    _refused(tmp_path, tmp_path / "missing.pdf", "missing.pdf", "no such file")


def test_a_bad_mark_and_a_changed_sheet_are_refused(blanks: Path, tmp_path: Path) -> None:
    values = _values(_grid(3), 3)
    values["cell_E5"] = "X"
    bad = tmp_path / "bad.pdf"
    _fill(blanks / "scribe-standard-supergrid-fillable.pdf", bad, {1: values})
    _refused(tmp_path, bad, "cell_E5", "'X'", "+, O or nothing")
    moved = tmp_path / "moved.pdf"
    _fill(blanks / "scribe-standard-supergrid-fillable.pdf", moved, {1: _values(_grid(3), 3)})
    with pikepdf.open(moved, allow_overwriting_input=True) as pdf:
        words = str(pdf.docinfo.Keywords).split(", ")
        pdf.docinfo.Keywords = ", ".join(
            w[:-6] + "000000" if w.startswith("SG1") else w for w in words
        )
        pdf.save(moved)
    _refused(tmp_path, moved, "geometry", "scribe/standard")


def test_a_layout_of_ones_own_is_found_with_layouts(tmp_path: Path) -> None:
    """A sheet of a layout from a folder of one's own names it `scribe/club` (its game and
    name): read finds it given the same folder, and says where to look without it."""
    home = tmp_path / "mine" / "scribe"
    home.mkdir(parents=True)
    text = (ROOT / "layouts" / "scribe" / "pad.toml").read_text(encoding="utf-8")
    (home / "club.toml").write_text(text.replace('name = "pad"', 'name = "club"'), "utf-8")
    made = sheetgen(
        "--layouts",
        str(tmp_path / "mine"),
        "build",
        "scribe/club",
        "--fillable",
        "-f",
        "pdf",
        "--out",
        str(tmp_path),
        "-q",
    )
    assert made.code == 0, made.err
    rows = _grid(9)
    filled = tmp_path / "club.pdf"
    _fill(tmp_path / "scribe-club-supergrid-fillable.pdf", filled, {1: _values(rows, 9)})
    _refused(tmp_path, filled, "scribe/club", "--layouts")
    run = sheetgen(
        "read", str(filled), "--layouts", str(tmp_path / "mine"), "--out", str(tmp_path / "r")
    )
    assert run.code == 0, run.err
    assert (tmp_path / "r" / "club-p1s1.txt").read_text().strip() == "/".join(rows)
