"""Every printed Walkabout page carries the calibration ruler on A4 and on US Letter, so a
player can check the print is at actual size (the map's triangles must match the dice mat)."""

from __future__ import annotations

import pytest

from sheetgen.layouts.read import builtin_layouts, load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper

REFS = sorted(ref for ref in builtin_layouts() if ref.startswith("walkabout/"))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("ref", REFS)
def test_every_page_carries_the_calibration_ruler(ref: str, paper: str) -> None:
    options = BuildOptions(PressOptions(paper=parse_paper(paper)))
    doc = document_for(load(ref), options)
    rulers = [
        sum(p.drawing.title == "calibration ruler" for p in page.placements) for page in doc.pages
    ]
    assert doc.pages and rulers == [1] * len(doc.pages), (ref, paper, rulers)
    for page in doc.pages:  # and it lies on the paper, below every sheet
        (ruler,) = [p for p in page.placements if p.drawing.title == "calibration ruler"]
        top = ruler.transform.f
        assert top + ruler.drawing.height <= page.height - 5.0
        assert page.trim[1] + page.trim[3] <= top
