"""A layout's problems said where they are and all at once: a value from a file the layout
extends at that file's line, each key written twice and each wrong entry of a list, a missing
key's example taken from the built-in layout `sheetgen new` starts from, range ends rounded."""

from __future__ import annotations

import json
import math
import tomllib
from pathlib import Path

import pytest

from sheetgen.errors import LayoutError, LayoutProblems, SheetgenError
from sheetgen.games.scribbly_gum.model import TreeLayout
from sheetgen.games.scribe.model import ScribeLayout
from sheetgen.kinds import kind_for
from sheetgen.layouts.find import builtin_layouts
from sheetgen.layouts.read import load, load_model, origin

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
