"""Where a layout's problems are, and all at once. Every key and array item of every built-in
layout is found at the line and column its text shows; a layout's problems come all at once,
in the order of the file, each at the place a search of the text finds it (inside arrays of
tables and inline tables too): a value from a file the layout extends at that file's line,
each key written twice and each wrong entry of a list, a missing key's example taken from the
built-in layout `sheetgen new` starts from, range ends rounded."""

from __future__ import annotations

import json
import math
import tomllib
from pathlib import Path
from typing import Any

import pytest

from sheetgen.errors import LayoutError, LayoutProblems, SheetgenError
from sheetgen.games.scribbly_gum.model import TreeLayout
from sheetgen.games.scribe.model import ScribeLayout
from sheetgen.kinds import kind_for
from sheetgen.layouts.find import builtin_layouts
from sheetgen.layouts.read import load, load_model, origin
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


SCRIBE = 'game = "scribe"\ncomponent = "supergrid"\n'


def problems(path: Path | str) -> list[LayoutError]:
    with pytest.raises(LayoutError) as caught:
        load(str(path))
    found = caught.value
    return found.problems if isinstance(found, LayoutProblems) else [found]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


BASE = 'extends = "scribe/standard"\nname = "club"\ntitle = "Club"\n\n[sheet]\ncell = 12.0\n'
CHILD = SCRIBE + 'extends = "../base/club.toml"\nname = "child"\ntitle = "Child"\n'


@pytest.fixture
def chain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """mine/child.toml extends ../base/club.toml, which extends scribe/standard."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "base" / "club.toml", BASE)
    return write(tmp_path / "mine" / "child.toml", CHILD)


def test_a_wrong_value_in_an_extended_file_is_said_at_that_files_line(chain: Path) -> None:
    base = chain.parent.parent / "base" / "club.toml"
    text = BASE + 'gutter = "x"\n'
    write(base, text)
    (found,) = problems("mine/child.toml")
    assert (found.file, found.line, found.column) == ("base/club.toml", line_of(text, "gutter"), 1)
    assert str(found).startswith(f"base/club.toml:{line_of(text, 'gutter')}:1: sheet.gutter: 'x'")


def test_origin_names_the_file_and_line_that_write_each_key(chain: Path) -> None:
    loaded = load("mine/child.toml")
    standard = builtin_layouts()["scribe/standard"].read_text(encoding="utf-8")
    assert origin(loaded, ("title",)) == ("mine/child.toml", (line_of(CHILD, "title"), 1))
    assert origin(loaded, ("sheet", "cell")) == ("base/club.toml", (line_of(BASE, "cell"), 1))
    first_pattern = (line_of(standard, "pattern ="), 1)
    assert origin(loaded, ("glyphs", 0, "pattern")) == ("scribe/standard", first_pattern)
    written = tomllib.loads(standard)["sheet"]
    default = next(
        k
        for k in ScribeLayout.model_fields["sheet"].annotation.model_fields  # type: ignore[union-attr]
        if k not in written and k != "cell"
    )
    assert origin(loaded, ("sheet", default), exact=True) is None  # no file writes it
    assert origin(loaded, ("sheet", default)) == ("base/club.toml", (line_of(BASE, "[sheet]"), 1))


def test_extending_a_layout_of_another_kind_is_one_line_at_extends(tmp_path: Path) -> None:
    text = SCRIBE + 'extends = "walkabout/map-1"\nname = "y"\n'
    (found,) = problems(write(tmp_path / "y.toml", text))
    own_kind = sorted(
        name
        for name, path in builtin_layouts().items()
        if (lambda d: (d["game"], d["component"]))(tomllib.loads(path.read_text("utf-8")))
        == ("scribe", "supergrid")
    )
    assert (found.line, found.column, found.where) == (line_of(text, "extends"), 1, "extends")
    assert found.problem == (
        "walkabout/map-1 is a walkabout/map layout; a scribe/supergrid layout extends one of its "
        "own kind"
    )
    assert found.hint == ", ".join(own_kind)


def test_a_named_layout_of_another_kind_is_refused_before_its_own_problems(
    tmp_path: Path,
) -> None:
    broken = write(tmp_path / "s1.toml", SCRIBE + 'name = "Club Sheet"\n[sheet]\nwidth = "wide"\n')
    with pytest.raises(SheetgenError) as caught:
        load_model(str(broken), TreeLayout, "pad: front")
    assert not isinstance(caught.value, LayoutProblems)
    message = str(caught.value)
    assert message.startswith(f"pad: front: {broken} is a scribe/supergrid layout, not ")
    assert "scribbly-gum/tree" in message and "\n" not in message


def test_every_key_written_twice_is_said_with_the_other_problems(tmp_path: Path) -> None:
    text = (
        SCRIBE + 'extends = "scribe/standard"\nname = "d"\nname = "e"\ntitle = 5\n'
        "[sheet]\ncell = 13.0\n[sheet]\ncell = 12.0\n[labels]\nfront = 1\nfront = 2\n"
    )
    said = [(p.line, p.where) for p in problems(write(tmp_path / "d.toml", text))]
    lines = text.splitlines()
    second_sheet = [i for i, line in enumerate(lines, 1) if line == "[sheet]"][1]
    front = [i for i, line in enumerate(lines, 1) if line.startswith("front")]
    assert said == [
        (line_of(text, 'name = "e"'), "name"),
        (line_of(text, "title = 5"), "title"),
        (second_sheet, "[sheet]"),
        (front[1], "labels.front"),  # the first is kept (1 is no text: said once one goes)
    ]


def test_every_wrong_entry_of_a_list_too_long_is_said(tmp_path: Path) -> None:
    source = builtin_layouts()["scribbly-gum/example-game"].read_text(encoding="utf-8")
    row = next(line for line in source.splitlines() if line.strip().startswith('["left", "up"'))
    entries = tomllib.loads(f"x = {row.strip().rstrip(',')}")["x"]
    bad = row.replace('"up"', '"upp"', 1).replace("]", ', "down"]')
    text = source.replace(row, bad).replace('name = "example-game"', 'name = "g"')
    path = write(tmp_path / "g.toml", text)
    said = {p.where: p for p in problems(path)}
    rounds = tomllib.loads(text)["revealed"]
    nth = next(i for i, r in enumerate(rounds, 1) if "upp" in r)
    place = rounds[nth - 1].index("upp") + 1
    assert said[f"revealed[{nth}]"].problem == (f"must hold at most {len(entries)} entries")
    wrong = said[f"revealed[{nth}][{place}]"]
    assert wrong.problem.startswith("'upp' is not one of")
    assert (wrong.line, wrong.column) == (line_of(text, bad), bad.index('"upp"') + 1)


def test_a_list_too_short_with_a_wrong_entry_says_both(tmp_path: Path) -> None:
    source = builtin_layouts()["scribbly-gum/example-game"].read_text(encoding="utf-8")
    rounds = tomllib.loads(source)["revealed"]
    start = source.index("revealed = [")
    end = source.index("\n]\n", start) + 2
    one = [*rounds[0][:-1], "upp"]
    text = source[:start] + f"revealed = [{json.dumps(one)}]" + source[end:]
    said = {p.where: p.problem for p in problems(write(tmp_path / "g.toml", text))}
    assert said["revealed"] == f"must hold exactly {len(rounds)} entries"
    assert said[f"revealed[1][{len(one)}]"].startswith("'upp' is not one of")


def test_a_range_end_is_rounded_and_a_text_size_given_in_points(tmp_path: Path) -> None:
    text = SCRIBE + 'extends = "scribe/standard"\nname = "t"\n[sheet]\ntext = 1.5\n'
    (found,) = problems(write(tmp_path / "t.toml", text))
    field = ScribeLayout.model_fields["sheet"].annotation.model_fields["text"]  # type: ignore[union-attr]
    least = next(m.ge for m in field.metadata if hasattr(m, "ge"))
    shown = f"{math.ceil(least * 100) / 100:g} mm ({round(least * 72 / 25.4)} pt)"
    assert found.problem == f"must be at least {shown}"


def test_a_missing_keys_example_is_the_starting_layouts_value(tmp_path: Path) -> None:
    text = 'game = "walkabout"\ncomponent = "map"\nname = "m"\nsheet_number = 1\n'
    said = {p.where: p.hint for p in problems(write(tmp_path / "m.toml", text))}
    start = kind_for("walkabout/map").starter.layout
    data = tomllib.loads(builtin_layouts()[start].read_text(encoding="utf-8"))
    assert said["columns"].startswith(f"add columns = {data['columns']};")
    assert said["rows"].startswith(f"add rows = {data['rows']};")
    assert said["path"].startswith(f"add path, a list in [ ], as {start} does;")


def test_a_game_sheetgen_does_not_know_and_a_missing_component_are_both_said(
    tmp_path: Path,
) -> None:
    text = 'game = "scrib"\n'
    said = [str(p) for p in problems(write(tmp_path / "m3.toml", text))]
    path = tmp_path / "m3.toml"
    assert said == [
        f"{path}:1:1: game: 'scrib' is not a game sheetgen knows (did you mean 'scribe'?)",
        f"{path}:2:1: component: missing required key (what the layout makes; scribe's "
        "components: supergrid)",
    ]
