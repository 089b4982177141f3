"""Where a layout's problems are: every key and array item of every built-in layout is found
at the line and column its text shows, and a layout's problems come all at once, in the order
of the file, each at the place a search of the text finds it (inside arrays of tables and
inline tables too)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from sheetgen.errors import LayoutProblems
from sheetgen.layouts.read import load
from sheetgen.layouts.toml.positions import positions
from tests.support import ROOT

LAYOUTS = sorted((ROOT / "layouts").glob("*/*.toml"))


def paths(value: Any, loc: tuple[int | str, ...] = ()) -> list[tuple[tuple[int | str, ...], Any]]:
    """Every key path of parsed TOML data, with its value."""
    out = [(loc, value)] if loc else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*loc, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += paths(item, (*loc, index))
    return out


@pytest.mark.parametrize("path", LAYOUTS, ids=[f"{p.parent.name}/{p.stem}" for p in LAYOUTS])
def test_every_key_of_every_layout_is_found_where_it_is_written(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    rows = text.splitlines()
    found = positions(text)
    for loc, value in paths(tomllib.loads(text)):
        assert loc in found, loc
        line, column = found[loc]
        there = rows[line - 1][column - 1 :]
        if isinstance(loc[-1], str):  # a key: its line starts with it, or a table header
            assert there.startswith((loc[-1], f'"{loc[-1]}"', "[")), (loc, there)
        elif isinstance(value, str):  # an array item: its text starts there
            assert there.startswith(('"', "'")) and value[:5] in there, (loc, there)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            assert there[0] in "+-0123456789in", (loc, there)


def where(text: str, needle: str) -> str:
    """`line:column` of `needle`'s first match in `text`, found by plain search."""
    offset = text.index(needle)
    line = text.count("\n", 0, offset) + 1
    return f"{line}:{offset - (text.rfind(chr(10), 0, offset) + 1) + 1}"


def test_every_problem_is_reported_at_once_at_its_place(tmp_path: Path) -> None:
    text = (ROOT / "layouts" / "walkabout" / "map-1.toml").read_text(encoding="utf-8")
    text = text.replace("columns = 19", 'columns = "nineteen"')
    text = text.replace('facing = "NE" }', 'facing = "up" }')  # inside an inline table
    text = text.replace("[9, 25]", '[9, "x"]')  # an item of an array of arrays
    path = tmp_path / "map.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LayoutProblems) as caught:
        load(str(path))
    got = [f"{p.line}:{p.column}: {p.where}" for p in caught.value.problems]
    wanted = [
        ("columns =", "columns"),
        ('"x"', "path[3][2]"),
        ('facing = "up"', "symbols[3].facing"),
    ]
    assert got == [f"{where(text, needle)}: {key}" for needle, key in wanted]
    lines = str(caught.value).splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == [
        f"{path}:{g.split(':')[0]}:{g.split(':')[1]}" for g in got
    ]


def test_a_missing_key_is_placed_at_its_table(tmp_path: Path) -> None:
    text = (ROOT / "layouts" / "scribe" / "standard.toml").read_text(encoding="utf-8")
    text = text.replace('name = "Cross"\n', "", 1)
    path = tmp_path / "scribe.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LayoutProblems) as caught:
        load(str(path))
    (problem,) = caught.value.problems
    header = text.index('[[glyphs]]\npoints = 5\npattern = ".#./###/.#."')
    assert (problem.line, problem.column) == (text.count("\n", 0, header) + 1, 1)
    assert problem.where == "glyphs[8].name" and problem.problem == "missing required key"
    assert text[:header].count("[[glyphs]]") + 1 == 8  # the 8th [[glyphs]] table
