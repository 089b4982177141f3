"""The record of where every mark can go (`read.layout_map`) is the drawing's own: each region
lies exactly where the fillable PDF's form field of that name lies, read back with pikepdf."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from sheetgen.layouts.read import load
from sheetgen.read.layout_map import layout_map
from tests.support import sheetgen

MM = 25.4 / 72


@pytest.mark.parametrize("ref", ["scribe/standard", "scribe/pad", "scribbly-gum/kuringgai"])
def test_every_region_is_where_its_field_is(tmp_path: Path, ref: str) -> None:
    made = sheetgen("build", ref, "--fillable", "-f", "pdf", "--out", str(tmp_path), "-q")
    assert made.code == 0, made.err
    (pdf,) = tmp_path.glob("*.pdf")
    fields: dict[str, tuple[float, float, float, float]] = {}
    with pikepdf.open(pdf) as doc:
        for index, page in enumerate(doc.pages, start=1):
            height = float(page.mediabox[3])
            for annot in page.Annots:
                x1, y1, x2, y2 = (float(v) for v in annot.Rect)
                name = f"{annot.Parent.T}.{annot.T}"
                fields[name] = (x1 * MM, (height - y2) * MM, (x2 - x1) * MM, (y2 - y1) * MM)
            assert str(page.Annots[0].Parent.T).startswith(f"p{index}s")
    mapped = {
        f"p{page.page}s{sheet.slot}.{r.name}": (r.x, r.y, r.w, r.h)
        for page in layout_map(load(ref))
        for sheet in page.sheets
        for r in sheet.on_page
    }
    assert mapped.keys() == fields.keys()
    for name, box in mapped.items():
        assert max(abs(a - b) for a, b in zip(box, fields[name], strict=True)) < 0.01, name
