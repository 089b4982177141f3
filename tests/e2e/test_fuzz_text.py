"""Fuzzing the text of layout files, not their values: every built-in layout (every kind) cut,
spliced, doubled and strewn with TOML's own tokens (brackets, braces, quotes, escapes, dots,
equals signs, comments, line breaks, huge numbers) and with stray bytes, then checked with the
real command. Whatever the text, `sheetgen check` ends in one of its answers: exit 0, or exit
1 with every line an `error:` line holding nothing a terminal would act on; never an internal
error (exit 70), a traceback, or a hang (the scanners are linear in the text: a hang would
stop the run, which no timeout hides).

Slow tier: the profile's examples a layout (60 with `quick`, 1,000 with `thorough`);
SHEETGEN_FUZZ_EXAMPLES sets another number, and SHEETGEN_FUZZ_FIGURES names a file that gets
one line an example (its layout, exit code and seconds) for the figures of a long run."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.layouts.read import builtin_layouts
from tests.support import sheetgen

LAYOUTS = sorted(builtin_layouts())
TEXTS = {name: path.read_bytes() for name, path in builtin_layouts().items()}
# TOML's tokens, and the runs of them that once cost a reader dearly
TOKENS = [
    *"[]{}=,.\"'#\n\\",
    "[[",
    "]]",
    '"""',
    "'''",
    "\\u",
    "\\U0011FFFF",
    "\\uD800",
    "\r\n",
    "\t",
    " = ",
    "x = [}",
    "a.b.c",
    "nan",
    "-inf",
    "1e999",
    "0x7fffffffffffffff",
    "9" * 5000,
    "1979-05-27T07:32:00Z",
    "true",
    '"\x1b]0;t\x07"',
    "\u202e",
    "\ufeff",
    "[" * 70,
    "{a=" * 70,
    "a." * 40,
    "x = 1\n" * 3,
    "[sheet]\n",
    "[[glyphs]]\n",
    "extends = ",
]
ACTIVE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
FIGURES = os.environ.get("SHEETGEN_FUZZ_FIGURES")


@st.composite
def mutated(draw: st.DrawFn, name: str) -> bytes:
    """The layout's text with one to four changes, each at a place drawn anywhere in it."""
    text = TEXTS[name]
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        action = draw(
            st.sampled_from(["token", "token", "token", "cut", "cut", "double", "end", "bytes"])
        )
        if action == "token":
            text = text[:at] + draw(st.sampled_from(TOKENS)).encode() + text[at:]
        elif action == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 200)) :]
        elif action == "double":  # a span written again elsewhere (a paste twice)
            start = draw(st.integers(0, len(text)))
            text = text[:at] + text[start : start + draw(st.integers(1, 400))] + text[at:]
        elif action == "end":  # a file cut short (a save interrupted)
            text = text[:at]
        else:
            text = text[:at] + draw(st.binary(min_size=1, max_size=6)) + text[at:]
    return text


@pytest.mark.slow
@pytest.mark.parametrize("name", LAYOUTS)
def test_mutated_layout_texts_end_in_an_answer(name: str, tmp_path: Path) -> None:
    examples = os.environ.get("SHEETGEN_FUZZ_EXAMPLES")
    chosen = {"max_examples": int(examples)} if examples else {}
    # a layout found by path, in a folder of the layout's game (its `extends` and the names
    # it gives resolve as the built-in one's do)
    path = tmp_path / name.replace("/", "-")

    @settings(derandomize=True, **chosen)
    @given(mutated(name))
    def run(text: bytes) -> None:
        path.write_bytes(text)
        started = time.perf_counter()
        result = sheetgen("check", str(path))
        if FIGURES:  # the figures of a long run: no assertion rests on a time
            with open(FIGURES, "a", encoding="utf-8") as figures:
                seconds = round(time.perf_counter() - started, 3)
                print(json.dumps([name, result.code, seconds]), file=figures)
        said = result.err + result.out
        assert "Traceback" not in said and "internal error" not in said, said
        assert result.code in (0, 1), (result.code, said)
        if result.code == 1:
            lines = result.err.splitlines()
            assert lines and all(line.startswith("error: ") for line in lines), result.err
        assert not ACTIVE.search(said), said

    run()
