"""Layouts are read by sheetgen's own validator (`sheetgen.model.tables`, no pydantic, so that a
scoring command starts fast) and explained, when refused, by pydantic reading the same
declarations. The two must agree: every value one takes the other takes, read to the same
model, and every value one refuses the other refuses. Checked here on every built-in layout
with every key set to every kind of wrong value, with every table's keys left out in turn
and an unknown key added, and with values hypothesis draws near the ranges' ends."""

from __future__ import annotations

import copy
import json
import math
import os
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.games.marram.model import Claim, Hopper, Placed
from sheetgen.games.scribbly_gum.model import Counts
from sheetgen.games.scribe.model import Glyph, ScribeLayout, SheetStyle
from sheetgen.kinds import ComponentKind, kind_for
from sheetgen.layouts.find import builtin_layouts
from sheetgen.layouts.read import _read, _whole
from sheetgen.model.pydantic_twin import mirror
from sheetgen.model.tables import Refusal, Table
from sheetgen.text.cmap import code_points
from tests.support import ROOT, one_a_kind, tiered
from tests.support.leaves import leaves

BAD = ["big", 10**9, -5, 0, 1, 2.5, True, None, [1], {"x": 1}, "", ["a", "b"], [{"y": 2}]]
BAD += ["x" * 300, "#12345g", "a\tb", "ᚠ"]  # a long text, no colour, a tab, a rune no font has
BAD += [10**400, math.nan, math.inf]  # past the largest float, and no number at all


def _kind(name: str) -> tuple[ComponentKind, dict[str, Any]]:
    _, _, data, _, _ = _read(name)
    kind = kind_for(f"{data['game']}/{data['component']}")
    assert kind is not None
    return kind, data


def _both(kind: ComponentKind, data: Any) -> tuple[Any, Any]:
    """The model each validator reads `data` into, as JSON, or None where it refuses it."""
    import pydantic

    whole = _whole(data)  # as layout.validate reads it, and as JSON gives it to pydantic
    text = json.dumps(whole, default=str)
    try:
        ours = kind.model.model_validate_data(whole).model_dump(mode="json")
    except Refusal:
        ours = None
    try:
        theirs = mirror(kind.model).model_validate_json(text, strict=True)
    except pydantic.ValidationError:
        return ours, None
    return ours, theirs.model_dump(mode="json")


def _changed(data: dict[str, Any], loc: tuple[int | str, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for part in loc[:-1]:
        node = node[part]
    if value is _GONE:
        del node[loc[-1]]
    else:
        node[loc[-1]] = value
    return out


_GONE = object()
NAMES = sorted(builtin_layouts())


@pytest.mark.parametrize("name", NAMES)
def test_both_read_every_built_in_layout_to_the_same_model(name: str) -> None:
    kind, data = _kind(name)
    ours, theirs = _both(kind, data)
    assert ours is not None
    assert ours == theirs


@pytest.mark.parametrize("name", tiered(NAMES, one_a_kind()))
def test_both_refuse_or_take_every_wrong_value_of_every_key_alike(name: str) -> None:
    kind, data = _kind(name)
    disagree = []
    for loc, value in list(leaves(data)):
        if not loc:
            continue
        cases = [_changed(data, loc, bad) for bad in BAD]
        if isinstance(value, dict):
            cases += [_changed(data, (*loc, key), _GONE) for key in value]
            cases.append(_changed(data, (*loc, "unknown_key"), 1))
        for case in cases:
            ours, theirs = _both(kind, case)
            if ours != theirs:
                disagree.append((loc, ours is not None, theirs is not None))
    assert disagree == []


def _near(value: Any) -> st.SearchStrategy[Any]:
    """Values like `value` and unlike it: numbers about its size and about the usual range
    ends, texts about as long as the limits (1 to 120 characters), lists of them."""
    numbers = st.one_of(
        st.integers(-2, 1002),
        st.floats(-2, 1002, allow_nan=False),
        st.sampled_from([0.0, 1.0, 5.0, 6.0, 2.117, 2.1166, 100.0, 400.0, 4096.0, 4097.0]),
    )
    texts = st.one_of(st.text(max_size=3), st.text(min_size=8, max_size=130))
    if isinstance(value, bool):
        return st.one_of(st.booleans(), numbers)
    if isinstance(value, int | float):
        return st.one_of(numbers, st.just(value + 1), st.just(value - 1))
    if isinstance(value, str):
        return st.one_of(texts, st.just(value * 2), st.just(value[:-1]))
    if isinstance(value, list):
        items = st.one_of(numbers, texts)
        return st.one_of(st.lists(items, max_size=12), st.just(value[:-1]), st.just(value * 2))
    return st.one_of(numbers, texts)


@pytest.mark.parametrize("name", tiered(NAMES, one_a_kind()))
@given(data=st.data())
def test_both_refuse_or_take_values_near_the_limits_alike(name: str, data: st.DataObject) -> None:
    kind, layout = _kind(name)
    places = [(loc, v) for loc, v in leaves(layout) if loc and loc[0] not in ("game", "component")]
    loc, value = data.draw(st.sampled_from(places))
    changed = _changed(layout, loc, data.draw(_near(value)))
    ours, theirs = _both(kind, changed)
    assert ours == theirs


def test_the_cmap_reader_finds_the_characters_fonttools_finds() -> None:
    fonts = sorted((ROOT / "fonts").glob("*.ttf"))
    assert len(fonts) >= 10
    for font in fonts:
        assert code_points(font.read_bytes()) == set(TTFont(str(font), lazy=True).getBestCmap())


def test_the_cmap_reader_refuses_a_file_that_is_no_font(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(b"not a font at all")
    with pytest.raises(ValueError):
        code_points(bad.read_bytes())


HEAVY = ("pydantic", "fontTools", "reportlab", "PIL", "numpy", "pikepdf", "uharfbuzz")
RUN = """
import sys
from sheetgen.cli import main
sys.argv = ["sheetgen", *sys.argv[1:]]
code = 0
try:
    main()
except SystemExit as exc:
    code = exc.code
parts = [m.split(".") for m in sys.modules if m.startswith("sheetgen.games.")]
# every game's declarations and command-line module are read to list games and commands
games = sorted({{p[2] for p in parts if len(p) > 3 and p[3] not in ("kinds", "commands")}})
print("IMPORTED", [m for m in {heavy!r} if m in sys.modules], games, code)
"""


@pytest.mark.parametrize(
    ("args", "game"),
    [
        (["list"], []),
        (["scribe", "score", "+O+/O+O/OO+"], ["scribe"]),
        (["scrumpit", "score", "TAX", "--row", "4"], ["scrumpit"]),
        (["walkabout", "score", "layouts/walkabout/example-game.toml"], ["walkabout"]),
        (["marram", "score", "layouts/marram/example-board.toml"], ["marram"]),
    ],
)
def test_listing_and_scoring_import_their_own_game_and_no_heavy_library(
    args: list[str], game: list[str]
) -> None:
    """What makes a command start slowly (pydantic alone takes as long as Typer), kept to the
    commands that draw, and to a layout refused (explained key by key); a scoring command
    imports its own game's code alone, and `list` none (beyond every game's declarations)."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        pytest.skip("runs sheetgen in a subprocess, which never runs a mutant")
    run = subprocess.run(
        [sys.executable, "-c", RUN.format(heavy=HEAVY), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == f"IMPORTED [] {game} 0", run.stdout[-500:]


@pytest.mark.parametrize("layout", ["scribe/standard", "walkabout/map-1"])
def test_check_imports_no_backend_output_or_heavy_library(layout: str) -> None:
    """`check` presses a layout as `build` does but writes no file: no backend, no output
    module, nor what they import (pikepdf, fontTools and its subsetter), and of the games
    only the layout's own."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        pytest.skip("runs sheetgen in a subprocess, which never runs a mutant")
    heavy = (*HEAVY, "fontTools.subset", "sheetgen.backends", "sheetgen.pipeline.output")
    run = subprocess.run(
        [sys.executable, "-c", RUN.format(heavy=heavy), "check", layout],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    game = layout.split("/")[0]
    assert run.stdout.splitlines()[-1] == f"IMPORTED [] ['{game}'] 0", run.stdout[-500:]


# A table made in Python (by a tool, a test or a rule), copied and dumped ----------------------


def test_a_table_made_in_python_says_which_key_is_wrong_and_how() -> None:

    glyph = {"name": "G", "points": 1, "pattern": "#../.../..."}
    SCRIBE = {"game": "scribe", "component": "supergrid", "name": "x", "glyphs": [glyph]}
    cases: list[tuple[Any, dict[str, Any], str]] = [
        (Glyph, {"name": 5, "points": 1, "pattern": "#../.../..."}, "name: not text"),
        (Glyph, {"name": "G", "points": "1", "pattern": "#../.../..."}, "points: not a whole"),
        (Glyph, {"name": "G", "points": 10, "pattern": "#../.../..."}, "points: 10 is out of"),
        (Glyph, {"name": "G", "points": 1}, "pattern: missing"),
        (Glyph, {"name": "G", "points": 1, "pattern": "#", "dots": 1}, "dots: not a key"),
        (Glyph, {"name": "G", "points": 1, "pattern": "#"}, "pattern: must be three rows"),
        (Glyph, {"name": "", "points": 1, "pattern": "#../.../..."}, "name: shorter than 1"),
        (Claim, {"player": "A", "at": [1], "feature": "beast:N"}, "at: not 2 entries"),
        (Claim, {"player": "A", "at": 5, "feature": "beast:N"}, "at: not a list"),
        (Claim, {"player": "A", "at": [1, 2], "feature": "beast:Q"}, "feature: does not match"),
        (Claim, {"player": "A", "at": [1, True], "feature": "beast:N"}, "at.1: not a whole"),
        (Claim, {"player": "A", "at": [1, 2], "feature": "beast:N", "move": "x"}, "move: not a"),
        (Placed, {"flip": [1, 2]}, "the table: a flip names its player"),
        (SheetStyle, {"width": "wide"}, "width: not a number"),
        (SheetStyle, {"width": 10**400}, "width: too large a number"),
        (SheetStyle, {"legend_names": 1}, "legend_names: not true or false"),
        (SheetStyle, {"legend": "above"}, "legend: not one of ('below', 'beside')"),
        (ScribeLayout, {**SCRIBE, "glyphs": 5}, "glyphs: not a list"),
        (ScribeLayout, {**SCRIBE, "sheet": 5}, "sheet: not a table"),
        (Hopper, {"hops": 3, "guesses": [1]}, "guesses: not a table"),
        (Hopper, {"hops": 3, "guesses": {"A": 31}}, "guesses.A: give a number of hops"),
    ]
    for model, values, said in cases:
        with pytest.raises(Refusal) as refused:
            model(**values)
        assert str(refused.value).startswith(said), (values, str(refused.value))
    with pytest.raises(Refusal, match=r"^the table: not a table"):
        Glyph.model_validate([1])
    assert Glyph.model_validate_data(json.loads(json.dumps(glyph))) == Glyph(**glyph)


def test_a_table_made_in_python_takes_python_forms_that_json_has_not() -> None:

    claim = Claim(player="A", at=(1, 2), feature="patch:NW", move=3.0)  # a tuple, 3.0
    assert claim.at == (1, 2) and claim.move == 3 and type(claim.move) is int
    with pytest.raises(Refusal, match="move: not a whole number"):
        Claim(player="A", at=(1, 2), feature="patch:NW", move=2.5)
    as_json = {"player": "A", "at": [1, 2], "feature": "patch:NW", "move": 3.0}
    with pytest.raises(Refusal, match="move: not a whole number"):
        Claim.model_validate_data(as_json)  # JSON's 3.0 is no whole number, as pydantic reads it
    assert Claim(player="A", at=(1.0, 2), feature="patch:NW").at == (1, 2)  # in a tuple too
    hopper = Hopper(hops=3, guesses={"A": 3, "B": "escape"})
    assert hopper.guesses == {"A": 3, "B": "escape"}

    rules = ScribeLayout(
        game="scribe",
        component="supergrid",
        name="x",
        glyphs=[{"name": "G", "points": 1, "pattern": "#../.../..."}],
        rules=("a tuple for a list",),
    ).rules
    assert rules == ["a tuple for a list"] and type(rules) is list
    counts = Counts(nut=1, leaf=2, blossom=3)
    assert Counts.model_validate(counts) is counts  # a made table stands for itself


def test_copies_dumps_and_equality_are_by_the_fields() -> None:

    claim = Claim(player="A", at=[1, 2], feature="patch:NW")
    assert claim.model_fields_set == {"player", "at", "feature"}
    moved = claim.model_copy(update={"at": (3, 4)})
    assert (moved.at, claim.at) == ((3, 4), (1, 2))  # the copy changed, the original not
    assert moved.model_fields_set == {"player", "at", "feature"}
    assert claim.model_copy(update={"move": 0}).model_fields_set == {
        "player",
        "at",
        "feature",
        "move",
    }
    assert claim.model_dump() == {"player": "A", "at": (1, 2), "feature": "patch:NW", "move": None}
    assert claim.model_dump(mode="json")["at"] == [1, 2]
    assert claim.model_dump(exclude={"move", "at"}) == {"player": "A", "feature": "patch:NW"}
    same = Claim.model_validate({"player": "A", "at": [1, 2], "feature": "patch:NW"})
    assert same == claim and hash(same) == hash(claim) and same != moved
    assert claim != claim.model_dump() and repr(claim).startswith("Claim(player='A', at=(1, 2)")
    with pytest.raises(TypeError, match="frozen"):
        claim.player = "B"  # type: ignore[misc]
    load = _kind("scribe/standard")[0].model.model_validate_data(_kind("scribe/standard")[1])
    assert load.model_dump()["sheet"] == load.sheet.model_dump()  # a table in a table as a dict


class _Written(Table):
    """Fields written with `typing.` are fields; a `ClassVar` is none."""

    count: typing.Optional[int] = None  # noqa: UP045 (written so on purpose)
    kinds: typing.ClassVar[int] = 3


def test_a_field_written_with_typing_is_a_field_and_a_classvar_none() -> None:
    assert list(_Written.model_fields) == ["count"]
    assert _Written(count=2).count == 2
    with pytest.raises(Refusal, match="count: not a whole number"):
        _Written(count="2")
