"""Layouts are read by sheetgen's own validator (`sheetgen.tables`, no pydantic, so that a
scoring command starts fast) and explained, when refused, by pydantic reading the same
declarations. The two must agree: every value one takes the other takes, read to the same
model, and every value one refuses the other refuses. Checked here on every built-in layout
with every key set to every kind of wrong value, with every table's keys left out in turn
and an unknown key added, and with values hypothesis draws near the ranges' ends."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.cmap import code_points
from sheetgen.layout import _read, _whole
from sheetgen.registry import ComponentKind, kind_for
from sheetgen.search_path import builtin_layouts
from sheetgen.tables import ValidationError
from sheetgen.tables_pydantic import mirror
from tests.conftest import ROOT

BAD = ["big", 10**9, -5, 0, 1, 2.5, True, None, [1], {"x": 1}, "", ["a", "b"], [{"y": 2}]]
BAD += ["x" * 300, "#12345g", "a\tb", "ᚠ"]  # a long text, no colour, a tab, a rune no font has


def _kind(name: str) -> tuple[ComponentKind, dict[str, Any]]:
    _, _, data, _, _ = _read(name)
    kind = kind_for(f"{data['game']}/{data['component']}")
    assert kind is not None
    return kind, data


def _both(kind: ComponentKind, data: Any) -> tuple[Any, Any]:
    """The model each validator reads `data` into, as JSON, or None where it refuses it."""
    import pydantic

    text = json.dumps(_whole(data), default=str)
    try:
        ours = kind.model.model_validate_json(text).model_dump(mode="json")
    except ValidationError:
        ours = None
    try:
        theirs = mirror(kind.model).model_validate_json(text, strict=True)
    except pydantic.ValidationError:
        return ours, None
    return ours, theirs.model_dump(mode="json")


def _places(value: Any, loc: tuple[int | str, ...] = ()) -> Any:
    yield loc, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*loc, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:2]):
            yield from _places(item, (*loc, i))


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


@pytest.mark.parametrize("name", NAMES)
def test_both_refuse_or_take_every_wrong_value_of_every_key_alike(name: str) -> None:
    kind, data = _kind(name)
    disagree = []
    for loc, value in list(_places(data)):
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


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_both_refuse_or_take_values_near_the_limits_alike(name: str, data: st.DataObject) -> None:
    kind, layout = _kind(name)
    places = [(loc, v) for loc, v in _places(layout) if loc and loc[0] not in ("game", "component")]
    loc, value = data.draw(st.sampled_from(places))
    changed = _changed(layout, loc, data.draw(_near(value)))
    ours, theirs = _both(kind, changed)
    assert ours == theirs


def test_the_cmap_reader_finds_the_characters_fonttools_finds() -> None:
    fonts = sorted((ROOT / "fonts").glob("*.ttf"))
    assert len(fonts) >= 10
    for font in fonts:
        assert code_points(font) == set(TTFont(str(font), lazy=True).getBestCmap()), font.name


def test_the_cmap_reader_refuses_a_file_that_is_no_font(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(b"not a font at all")
    with pytest.raises(ValueError):
        code_points(bad)


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
print("IMPORTED", [m for m in {heavy!r} if m in sys.modules], code)
"""


@pytest.mark.parametrize(
    "args",
    [
        ["list"],
        ["scribe", "score", "+O+/O+O/OO+"],
        ["scrumpit", "score", "TAX", "--row", "4"],
        ["walkabout", "score", "layouts/walkabout/example-game.toml"],
        ["marram", "score", "layouts/marram/example-board.toml"],
    ],
)
def test_listing_and_scoring_import_no_validation_drawing_or_font_library(args: list[str]) -> None:
    """What makes a command start slowly (pydantic alone takes as long as Typer), kept to the
    commands that draw, and to a layout refused (explained key by key)."""
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
    assert run.stdout.splitlines()[-1] == "IMPORTED [] 0", run.stdout[-500:]
