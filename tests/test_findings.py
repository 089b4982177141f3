"""Where a rules finding points a designer: the file and the line and column of the key that
a file of the layout writes (its key, else a key that shares its cause, else the table it
belongs in), places counted from 1."""

from __future__ import annotations

from pathlib import Path

from sheetgen.findings import error, in_text, shown
from sheetgen.layouts.keypath import key_loc
from tests.support import sheetgen

TEXT = """\
extends = "scribe/standard"
name = "mine"

[sheet]
width = 180
gutter = 6

[[glyphs]]
name = "A"

[[glyphs]]
name = "B"
pattern = "x"
"""
MINE = in_text("my.toml", TEXT)


def test_a_finding_points_at_its_own_key_when_the_file_writes_it() -> None:
    found = error("sheet.width", "too narrow", also=("sheet.gutter",))
    assert found.place(MINE) == ("my.toml", "sheet.width", (5, 1))
    assert found.line("my.toml", MINE) == "error: my.toml:5:1: sheet.width: too narrow"


def test_else_at_the_first_key_of_its_cause_the_file_writes() -> None:
    found = error("labels.won_note", "too wide", also=("sheet.cell", "sheet.gutter"))
    assert found.place(MINE) == ("my.toml", "sheet.gutter", (6, 1))
    assert found.refusal("my.toml", MINE) == "my.toml:6:1: sheet.gutter: too wide"


def test_else_at_its_table_or_with_no_place_when_no_file_writes_it() -> None:
    assert error("sheet.height", "x").place(MINE) == ("my.toml", "sheet.height", (4, 1))
    assert error("labels.won", "x").place(MINE) == (None, "labels.won", None)
    assert error("labels.won", "x").line("my.toml", MINE) == "error: my.toml:labels.won: x"


def test_array_places_are_found_and_shown_counted_from_one() -> None:
    # a rules check indexes the data from 0; a designer counts the second [[glyphs]] as 2
    assert error("glyphs[1].pattern", "x").place(MINE) == ("my.toml", "glyphs[2].pattern", (13, 1))
    assert error("glyphs[1].dots", "x").place(MINE) == ("my.toml", "glyphs[2].dots", (11, 1))
    assert shown("tree(kuringgai).nodes[3]") == "tree(kuringgai).nodes[4]"
    assert key_loc(shown("tree(kuringgai).nodes[3]")) == ("tree", "nodes", 3)


def test_a_finding_about_a_value_of_the_file_it_extends_points_there(tmp_path: Path) -> None:
    # the base of the designer's own sets the cell; the child only names itself: the tally
    # row too wide for the small cell is reported at the base's line, in the base's name
    base = tmp_path / "base.toml"
    base.write_text(
        'extends = "scribe/standard"\ngame = "scribe"\ncomponent = "supergrid"\n'
        'name = "base"\n[sheet]\ncell = 8\n',
        encoding="utf-8",
    )
    child = tmp_path / "child.toml"
    child.write_text(
        'extends = "base.toml"\ngame = "scribe"\ncomponent = "supergrid"\nname = "child"\n',
        encoding="utf-8",
    )
    run = sheetgen("check", str(child))
    assert run.code == 1
    assert run.err.startswith(f"error: {base}:6:1: sheet.cell: the tally row"), run.err
