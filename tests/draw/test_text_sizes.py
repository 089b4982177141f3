"""No text below 6 pt: every text of every built-in component, at its printed size (each group's
and placement's scale applied), is at least 6 points (2.117 mm) high."""

from __future__ import annotations

import pytest

from sheetgen.layouts.read import builtin_layouts, load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from tests.support import tiered
from tests.support.text_sizes import small_texts

# Shrunk layouts whose small print is not yet large enough (issue #14): known, and kept failing
# strictly, so that this list shrinks when they are mended.
SHRUNK = {}


@pytest.mark.parametrize(
    "ref",
    [
        pytest.param(ref, marks=pytest.mark.xfail(strict=True, reason=SHRUNK[ref]))
        if ref in SHRUNK
        else pytest.param(ref, marks=[pytest.mark.slow] if ref == "walkabout/dice" else [])
        for ref in sorted(builtin_layouts())
    ],
)
def test_no_text_is_printed_below_six_points(ref: str) -> None:
    loaded = load(ref)
    doc = pressed(loaded.kind, loaded.model, BuildOptions())
    small = small_texts(doc)
    assert not small, sorted(small)[:8]


@pytest.mark.parametrize("paper", ["4x6in", "6x4in"])
@pytest.mark.parametrize(
    "ref", tiered(sorted(builtin_layouts()), set(builtin_layouts()) - {"walkabout/dice"})
)
def test_no_text_below_six_points_on_a_small_card(ref: str, paper: str) -> None:
    """On a 4 x 6 in card the press's own words (footer, alignment page) stay 6 pt or more:
    a footer too long is cut at a word, an alignment page too wide is left out (with a note);
    a layout whose sheets do not go onto the card is refused, which prints nothing small."""
    from sheetgen.errors import SheetgenError
    from sheetgen.pipeline.document import document_for
    from sheetgen.press import PressOptions, parse_paper

    loaded = load(ref)
    try:
        doc = document_for(loaded, BuildOptions(PressOptions(paper=parse_paper(paper))))
    except SheetgenError:
        return
    small = small_texts(doc)
    assert not small, sorted(small)[:8]
