"""Fuzzing: valid and nearly-valid layouts of every kind (numbers scaled, huge, NaN or infinite;
texts with control characters, paths and markup; tables dropped, renamed and nested) never end
in an unhandled exception; each is a named layout error, a finding, or a PDF that qpdf's checks
pass whose image files all get safe names inside the output folder."""

from __future__ import annotations

import copy
import io
from typing import Any

import pikepdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.backends.pdf import render_pdf
from sheetgen.errors import SheetgenError
from sheetgen.layouts.layers import read_chain
from sheetgen.layouts.read import builtin_layouts, validate
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.pipeline.output import file_labels, output_name
from tests.support import one_a_kind

LAYOUTS = sorted(builtin_layouts())
RAW = {name: read_chain(path, name)[0] for name, path in builtin_layouts().items()}
# renders of the largest documents (each a full print-and-play set) are capped per kind; their
# layouts are still validated, checked and built every time
RENDER_BUDGET = {"marram/classic": 40, "marram/art": 40}
rendered: dict[str, int] = {}

HOSTILE_TEXT = [
    "",
    "#zzzzzz",
    "../../etc/x",
    "a/../../esc",
    "C:\\x\\..\\y",
    "<b>x</b>",
    "nul\x00here",
    "line\u2028break",
    "\x1b]0;title\x07\x1b[2J",
    "non\ufffechar",
    "W" * 2000,
]
JUNK = st.one_of(
    st.integers(-(10**9), 10**9),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False, width=32),
    st.floats(),  # NaN and the infinities too
    st.text(max_size=12),  # control characters among them
    st.booleans(),
    st.lists(st.integers(-5, 40), max_size=4),
    st.just({}),
    st.sampled_from(HOSTILE_TEXT),
    st.recursive(  # nesting where none belongs
        st.integers(0, 3),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
        max_leaves=8,
    ),
)


def leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path into nested dicts and lists (lists sampled, not all walked)."""
    out: list[tuple[Any, ...]] = [path] if path else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += leaves(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:3]):
            out += leaves(v, (*path, i))
    return out


def parent_of(data: Any, path: tuple[Any, ...]) -> Any:
    for p in path[:-1]:
        data = data[p]
    return data


@st.composite
def nearly_valid(draw: st.DrawFn, name: str) -> dict[str, Any]:
    data = copy.deepcopy(RAW[name])
    paths = [p for p in leaves(data) if p[0] not in ("game", "component")]
    for _ in range(draw(st.sampled_from([0, 1, 1, 1, 2, 2, 3]))):
        path = draw(st.sampled_from(paths))
        try:  # an earlier mutation may have removed or replaced the way there
            holder, key = parent_of(data, path), path[-1]
            value = holder[key]
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(holder, (dict, list)):
            continue
        action = draw(st.sampled_from(["drop", "junk", "scale", "rename", "scale"]))
        if action == "drop" and isinstance(holder, dict):
            del holder[key]
        elif action == "rename" and isinstance(holder, dict):
            holder[f"{key}x"] = holder.pop(key)
        elif action == "scale" and isinstance(value, (int, float)) and not isinstance(value, bool):
            factor = draw(st.sampled_from([0, -1, 0.5, 0.9, 1.1, 2, 1000]))
            holder[key] = type(value)(value * factor)
        else:
            holder[key] = draw(JUNK)
    return data


# examples a layout: 10 in the default tier, on one layout of each kind; in the slow tier the
# profile's (60 with `quick`, 1,000 with HYPOTHESIS_PROFILE=thorough; see conftest) on every
# layout. The same examples every run.
CASES = [
    *(pytest.param(name, 10, id=f"{name}-quick") for name in sorted(one_a_kind())),
    *(pytest.param(name, None, id=f"{name}-deep", marks=pytest.mark.slow) for name in LAYOUTS),
]


@pytest.mark.parametrize(("name", "examples"), CASES)
def test_fuzzed_layouts_never_crash(name: str, examples: int | None) -> None:
    fewer = {} if examples is None else {"max_examples": examples}

    @settings(derandomize=True, **fewer)
    @given(nearly_valid(name))
    def run(data: dict[str, Any]) -> None:
        try:
            loaded = validate(data, name)
        except SheetgenError:
            return  # a named layout error: fine
        findings = loaded.kind.check(loaded.model)
        if any(f.level == "error" for f in findings):
            return
        try:
            doc = pressed(loaded.kind, loaded.model, BuildOptions())
        except SheetgenError:
            return  # e.g. a sheet that no longer fits the paper, said in one line
        labels = file_labels([page.label for page in doc.distinct_pages()])
        model = loaded.model
        for label in labels:  # every image file a safe name inside --out (or this raises)
            output_name(model.game, model.name, model.component, "png", label)
        if rendered.get(name, 0) >= RENDER_BUDGET.get(name, 10**9):
            return
        rendered[name] = rendered.get(name, 0) + 1
        with pikepdf.open(io.BytesIO(render_pdf(doc))) as pdf:
            assert pdf.check_pdf_syntax() == []  # qpdf's own checks, through its library

    run()
