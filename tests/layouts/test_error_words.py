"""How a layout that fails to load is reported: by the file an editor can open, at the line and
column of the key, in a designer's words (never pydantic's or tomllib's), one line a mistake,
array places counted from 1."""

from __future__ import annotations

import copy
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from sheetgen.errors import LayoutError, LayoutProblems
from sheetgen.kinds import kinds
from sheetgen.layouts import find as search_path
from sheetgen.layouts.find import builtin_layouts
from sheetgen.layouts.keypath import key_loc, key_path
from sheetgen.layouts.read import _read, load, validate
from sheetgen.layouts.value_words import pattern_words
from sheetgen.model.pydantic_twin import mirror
from sheetgen.pipeline.check import as_json, check_one
from tests.support import ROOT, one_a_kind, tiered
from tests.support.leaves import leaves

SCRIBE = 'game = "scribe"\ncomponent = "supergrid"\n'
# what pydantic, tomllib and Python say that a designer should never read
NOT_PLAIN = re.compile(
    r"Input should|should (be|have|match)|Field required|Value error|after validation|"
    r"Cannot |[\^$]\[|\]\{\d|\{'|literal\[|function-|TOML syntax error: [A-Z]|"
    r"e\.g\. \"\.\.\.\"|= \"\.\.\.\"|\d\.\d{5}"  # placeholders, unrounded numbers
)


def problems(path: Path | str) -> list[LayoutError]:
    with pytest.raises(LayoutError) as caught:
        load(str(path))
    found = caught.value
    return found.problems if isinstance(found, LayoutProblems) else [found]


def line_of(text: str, needle: str, nth: int = 1) -> int:
    hits = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    return hits[nth - 1]


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# 1. a layout of a collection is shown by its file --------------------------------------------


@pytest.fixture
def collection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """A collection `mine` holding a broken scribe/foo, the working folder above it."""
    text = SCRIBE + 'extends = "scribe/standard"\nname = "Bad Name"\n'
    write(tmp_path / "mine" / "scribe", "foo.toml", text)
    monkeypatch.chdir(tmp_path)
    search_path.forget()
    yield tmp_path / "mine", text
    search_path.forget()


def test_a_collections_layout_is_shown_by_its_path(collection: tuple[Path, str]) -> None:
    _, text = collection
    search_path.use([Path("mine")])
    (problem,) = problems("scribe/foo")
    line = line_of(text, "name =")
    assert str(problem).startswith(f"mine/scribe/foo.toml:{line}:1: name: 'Bad Name' is not")
    result = as_json([check_one("scribe/foo", None)])["layouts"][0]
    assert (result["layout"], result["source"]) == ("scribe/foo", "mine/scribe/foo.toml")


def test_outside_the_working_folder_the_path_is_absolute(
    collection: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, _ = collection
    monkeypatch.setenv(search_path.ENVIRONMENT, str(folder))
    monkeypatch.chdir(ROOT)
    (problem,) = problems("scribe/foo")
    assert problem.file == str(folder / "scribe" / "foo.toml")
    # a built-in layout keeps its name
    assert load("scribe/standard").source == "scribe/standard"


# 2. a key or table written twice -------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "where", "first", "second", "problem"),
    [
        ('name = "dup"\nname = "dup2"\n', "name", 'name = "dup"', 'name = "dup2"', "written twice"),
        (
            'name = "x"\n[sheet]\ncell = 13\n[sheet]\ngutter = 7\n',
            "[sheet]",
            "[sheet]",
            "[sheet]",
            "written twice",
        ),
        (
            'name = "x"\nsheet = 3\n[sheet]\ngutter = 7\n',
            "sheet",
            "sheet = 3",
            "[sheet]",
            "set both as a value",
        ),
        (
            'name = "x"\n[[glyphs]]\nname = "a"\n[[glyphs]]\n  points = 1\n  points = 2\n',
            "glyphs[2].points",
            "points = 1",
            "points = 2",
            "written twice",
        ),
    ],
)
def test_a_key_written_twice_is_named_at_its_second_line(
    tmp_path: Path, body: str, where: str, first: str, second: str, problem: str
) -> None:
    text = SCRIPT_HEAD + body
    path = write(tmp_path, "dup.toml", text)
    (found,) = [p for p in problems(path) if p.problem.startswith(problem)]
    twice = first == second
    line = line_of(text, second, 2 if twice else 1)
    column = text.splitlines()[line - 1].index(second.split()[0]) + 1
    assert (found.line, found.column, found.where) == (line, column, where)
    assert found.problem.startswith(f"{problem}")
    assert f"line {line_of(text, first)}" in found.problem
    assert NOT_PLAIN.search(str(found)) is None


SCRIPT_HEAD = SCRIBE + 'extends = "scribe/standard"\n'


def test_the_briefs_duplicate_reads_as_a_designer_would_say_it(tmp_path: Path) -> None:
    text = SCRIPT_HEAD + 'name = "dup"\nname = "dup2"\n'
    path = write(tmp_path, "dup.toml", text)
    assert [str(p) for p in problems(path)] == [
        f"{path}:5:1: name: written twice (first on line 4); keep one"
    ]


def test_a_key_twice_in_an_inline_table_is_found_at_the_key(tmp_path: Path) -> None:
    text = SCRIPT_HEAD + 'name = "x"\nlabels = { front = "a", front = "b" }\n'
    (found,) = problems(write(tmp_path, "dup.toml", text))
    line = text.splitlines()[4]
    assert (found.line, found.column) == (5, line.rindex("front") + 1)
    assert found.problem.startswith("written twice")


@pytest.mark.parametrize(
    "body",
    ['title = "open\n', "title = My title\n", 'title = "a" "b"\n', "[sheet\n", "title\n"],
)
def test_other_syntax_errors_keep_their_place_in_plain_words(tmp_path: Path, body: str) -> None:
    text = SCRIPT_HEAD + body
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        place = re.search(r"line (\d+), column (\d+)", str(exc))
    assert place is not None
    (found,) = problems(write(tmp_path, "bad.toml", text))
    assert (found.line, found.column) == (int(place[1]), int(place[2]))
    assert found.problem.startswith("TOML syntax error: ")
    assert NOT_PLAIN.search(str(found)) is None, str(found)


# 3. a missing key: where it would go, and what to write ---------------------------------------


def test_a_missing_top_level_key_says_where_and_what_to_write(tmp_path: Path) -> None:
    text = SCRIBE + 'title = "Mine"\n\n[sheet]\ncell = 13.0\n'
    path = write(tmp_path, "miss.toml", text)
    found = {p.where: p for p in problems(path)}
    start = "scribe/standard"  # a built-in layout of this kind
    data = tomllib.loads(builtin_layouts()[start].read_text(encoding="utf-8"))
    assert (data["game"], data["component"]) == ("scribe", "supergrid")
    after_the_top_level_keys = line_of(text, "title =") + 1
    assert str(found["name"]) == (
        f"{path}:{after_the_top_level_keys}:1: name: missing required key (add name = "
        f'"my-layout"; or start from a built-in layout with extends = "{start}")'
    )
    assert str(found["glyphs"]).startswith(
        f"{path}:{after_the_top_level_keys}:1: glyphs: missing required key (add [[glyphs]] "
        "tables, each with name, points and pattern;"
    )


def test_a_layout_that_extends_is_not_told_to_extend(tmp_path: Path) -> None:
    write(tmp_path, "base.toml", SCRIBE + 'title = "Base"\n')
    text = 'extends = "base.toml"\ntitle = "Mine"\n'
    found = {p.where: p for p in problems(write(tmp_path, "mine.toml", text))}
    assert found["name"].hint == 'add name = "my-layout"'


def test_a_missing_key_in_a_table_points_at_its_header(tmp_path: Path) -> None:
    text = (ROOT / "layouts" / "marram" / "classic.toml").read_text(encoding="utf-8")
    text = text.replace("spade = 9\n", "", 1)
    (found,) = problems(write(tmp_path, "set.toml", text))
    assert (found.line, found.column, found.where) == (line_of(text, "[totals]"), 1, "totals.spade")
    assert re.fullmatch(r"add spade = \d+", found.hint), found.hint


# 4. values in plain words, array places counted from 1 ---------------------------------------


def test_the_briefs_examples_read_plainly(tmp_path: Path) -> None:
    text = SCRIPT_HEAD + 'name = "Bad Name"\n[sheet]\ncell = "big"\nink = "red"\ngutter = 400\n'
    path = write(tmp_path, "mine.toml", text)
    got = [str(p).removeprefix(f"{path}:") for p in problems(path)]
    assert got[:3] == [
        f"{line_of(text, 'name =')}:1: name: 'Bad Name' is not a file-name word (use "
        'lower-case letters, digits and hyphens, up to 40, e.g. name = "bad-name")',
        f"{line_of(text, 'cell =')}:1: sheet.cell: 'big' is not a number (write a number of "
        "millimetres from 6 to 25, e.g. cell = 13)",
        f"{line_of(text, 'ink =')}:1: sheet.ink: 'red' is not a colour (write #rrggbb, e.g. "
        'ink = "#1d2330")',
    ]
    assert re.fullmatch(
        rf"{line_of(text, 'gutter =')}:1: sheet.gutter: must be at most \d+ mm "
        r"\(got 400\)",
        got[3],
    ), got[3]


def test_places_in_arrays_are_counted_from_one() -> None:
    assert key_path(("tiles", 4, "count")) == "tiles[5].count"
    assert key_loc("tiles[5].items[1].kind") == ("tiles", 4, "items", 0, "kind")
    assert key_path(key_loc("players[1].circles[2][2]")) == "players[1].circles[2][2]"


def test_every_text_pattern_of_every_kind_has_words() -> None:
    patterns = set()
    for kind in kinds().values():
        text = json.dumps(mirror(kind.model).model_json_schema())
        patterns |= set(re.findall(r'"pattern": ("(?:[^"\\]|\\.)*")', text))
    assert patterns
    for pattern in patterns:
        assert pattern_words(json.loads(pattern))[1] != "see its description", pattern


BAD = ["big", 10**9, -5, 2.5, True, [1], {"x": 1}, "", ["a", "b"], [{"y": 2}], "x" * 300]


def _set(data: Any, loc: tuple[int | str, ...], value: Any) -> None:
    for part in loc[:-1]:
        data = data[part]
    data[loc[-1]] = value


@pytest.mark.parametrize("name", tiered(sorted(builtin_layouts()), one_a_kind()))
def test_every_wrong_value_of_every_layout_is_said_plainly_once(name: str) -> None:
    """Every key of every built-in layout set to every kind of wrong value (and every key of
    a table left out): each message free of pydantic's words, naming a place the data has
    (counted from 1), one line for the one mistake (a table replaced whole may hold several)."""
    _, _, data, _, _ = _read(name)
    for loc, value in list(leaves(data)):
        if loc[:1] in ((), ("game",), ("component",)):
            continue
        cases = [(bad, "set") for bad in BAD]
        cases += [(key, "del") for key in value] if isinstance(value, dict) else []
        for bad, how in cases:
            changed = copy.deepcopy(data)
            if how == "set":
                _set(changed, loc, bad)
            else:
                _set(changed, (*loc, bad), None)
                del _get(changed, loc)[bad]
            try:
                validate(changed, name)
            except LayoutError as exc:
                said = exc.problems if isinstance(exc, LayoutProblems) else [exc]
                for problem in said:
                    assert NOT_PLAIN.search(str(problem)) is None, (loc, bad, str(problem))
                    _get(changed, key_loc(problem.where)[:-1])  # a place the data holds
                several = how == "set" and isinstance(bad, dict | list)  # wrong items, length
                assert len(said) == 1 or several, (loc, bad, [str(p) for p in said])


def _get(data: Any, loc: tuple[int | str, ...]) -> Any:
    for part in loc:
        data = data[part]
    return data


# 5. one mistake, one line ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("layout", "old", "new", "where"),
    [
        ("marram/classic", 'corners = "gggg"', 'cornres = "gggg"', "tiles[1].cornres"),
        ("scribbly-gum/tiles", 'icon = "roots"', 'icn = "roots"', "achievements[1].icn"),
        ("scrumpit/tiles", '{ letter = "A",', '{ leter = "A",', "letters[1].leter"),
        ("marram/example-board", "at = [0, 0]", 'at = ["x"]', "placed[1].at"),
    ],
)
def test_a_misspelled_key_or_a_short_pair_is_one_line(
    tmp_path: Path, layout: str, old: str, new: str, where: str
) -> None:
    text = builtin_layouts()[layout].read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    (found,) = problems(write(tmp_path, "one.toml", text))
    assert found.where == where
    assert found.line == line_of(text, new)
