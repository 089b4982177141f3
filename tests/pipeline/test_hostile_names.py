"""No name from a layout becomes a path: die names full of slashes, dots, backslashes and other
scripts give files inside --out, each named by a slug, and never overwrite one another."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.pipeline.output import file_labels, output_name, slug
from tests.support import ROOT, sheetgen

DICE = (ROOT / "layouts" / "walkabout" / "dice.toml").read_text(encoding="utf-8")
HOSTILE = ["a/../../esc", "../..", "/etc/passwd", "C:\\x\\..\\y", "..\\..\\z", "☀☀☀", "Light"]


def _layout(folder: Path, names: list[str]) -> Path:
    """The built-in dice with their three names replaced (TOML strings, escaped as JSON is)."""
    text = DICE
    for old, new in zip(("Light", "Medium", "Dark"), names, strict=True):
        text = text.replace(f'name = "{old}"', f"name = {json.dumps(new)}", 1)
    text = text.replace('name = "dice"', 'name = "hostile"', 1)
    path = folder / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "names",
    [
        HOSTILE[0:3],
        pytest.param(HOSTILE[3:6], marks=pytest.mark.slow),
        pytest.param([HOSTILE[6], "light", "LIGHT"], marks=pytest.mark.slow),
    ],
)
def test_die_names_never_leave_the_output_folder(tmp_path: Path, names: list[str]) -> None:
    out = tmp_path / "deep" / "out"
    out.mkdir(parents=True)
    layout = _layout(tmp_path, names)
    run = sheetgen("build", str(layout), "-f", "svg", "--out", str(out), "-q")
    assert run.code == 0, run.err
    everything = {p for p in tmp_path.rglob("*") if p.is_file()}
    written = everything - {layout}
    assert written and all(p.parent == out for p in written)
    # the cut sheet and 18 faces: nothing overwrote anything, whatever the names folded to
    assert len(written) == 19
    assert all(
        re.fullmatch(r"walkabout-hostile-dice(-[A-Za-z0-9-]+)?\.svg", p.name) for p in written
    )


def test_a_slug_keeps_letters_and_digits_of_any_latin_name() -> None:
    assert slug("a/../../esc") == "a-esc"
    assert slug("Élan vital") == "Elan-vital"
    assert slug("../..") == "" and slug("☀") == ""
    assert slug("x" * 60) == "x" * 40
    # no hyphen at either end, nor where the 40 characters end: spaces at the ends go too
    assert slug(" -Dark- ") == "Dark"
    assert slug("x" * 39 + " y") == "x" * 39
    assert slug("/" + "x" * 40) == "x" * 40  # the 40 are counted after the ends are trimmed
    assert slug("XX-XX") == "XX-XX"  # letters like the hyphen's neighbours stay


def test_labels_that_fold_to_nothing_or_to_each_other_become_page_numbers() -> None:
    assert file_labels(["only one"]) == [""]
    assert file_labels(["A1", "a1", "☀", ""]) == ["A1", "p2", "p3", "p4"]


@given(st.lists(st.text(max_size=30), min_size=2, max_size=8))
def test_any_labels_give_distinct_safe_file_names(labels: list[str]) -> None:
    names = [output_name("walkabout", "dice", "dice", "png", lab) for lab in file_labels(labels)]
    assert len({n.lower() for n in names}) == len(names)
    for name in names:
        assert "/" not in name and "\\" not in name and ".." not in name and "\0" not in name
