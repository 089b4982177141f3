"""A ticked box fills its printed circle or box: centred on it and covering most of it, as
pdfium (Chrome's engine) and poppler each draw it."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheetgen.backends.pdf import render_pdf
from sheetgen.layout import load
from sheetgen.registry import BuildOptions

DPI = 150
PEN = (31, 58, 147)  # the tick's pen blue, #1f3a93


def ticked_pdf(layout: str) -> tuple[bytes, list[tuple[float, float, float, float, bool]]]:
    """The layout's fillable PDF with every tick box ticked, and each box's rect (points, y up)
    and whether it is round."""
    loaded = load(layout)
    data = render_pdf(loaded.kind.build(loaded.model, BuildOptions()), fillable=True)
    boxes = []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for annot in pdf.pages[0].Annots:
            if annot.get("/FT") != "/Btn":
                continue
            annot.V = annot.AS = pikepdf.Name.Yes
            x1, y1, x2, y2 = (float(v) for v in annot.Rect)
            bbox = annot.AP.N.Yes.BBox
            round_box = b" c " in annot.AP.N.Yes.read_bytes()
            boxes.append((x1, y1, x2, y2, round_box))
            assert float(bbox[2]) == pytest.approx(x2 - x1, abs=0.01)
        out = io.BytesIO()
        pdf.save(out)
    return out.getvalue(), boxes


def pdfium_page(data: bytes) -> Image.Image:
    doc = pdfium.PdfDocument(data)
    doc.init_forms()
    return doc[0].render(scale=DPI / 72, may_draw_forms=True).to_pil().convert("RGB")


def poppler_page(data: bytes, tmp: Path) -> Image.Image:
    (tmp / "t.pdf").write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-png", "-singlefile", str(tmp / "t.pdf"), str(tmp / "t")],
        check=True,
    )
    return Image.open(tmp / "t.png").convert("RGB")


def pen(pixel: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 40 for a, b in zip(pixel, PEN, strict=True))


@pytest.mark.parametrize("layout", ["scribbly-gum/kuringgai", "walkabout/map-1"])
def test_every_ticked_box_is_filled_and_centred(layout: str, tmp_path: Path) -> None:
    data, boxes = ticked_pdf(layout)
    assert len(boxes) >= 8
    with pikepdf.open(io.BytesIO(data)) as pdf:
        height = float(pdf.pages[0].MediaBox[3])
    px = DPI / 72  # pixels a point
    for image in (pdfium_page(data), poppler_page(data, tmp_path)):
        pixels = image.load()
        assert pixels is not None
        for x1, y1, x2, y2, round_box in boxes:
            cx, cy, r = (x1 + x2) / 2, (y1 + y2) / 2, min(x2 - x1, y2 - y1) / 2
            inside = inked = 0
            sum_x = sum_y = 0.0
            for i in range(int(x1 * px), int(x2 * px) + 1):
                for j in range(int((height - y2) * px), int((height - y1) * px) + 1):
                    x, y = (i + 0.5) / px, height - (j + 0.5) / px
                    if round_box and (x - cx) ** 2 + (y - cy) ** 2 > r**2:
                        continue
                    if not (x1 <= x <= x2 and y1 <= y <= y2):
                        continue
                    inside += 1
                    if pen(pixels[i, j]):  # type: ignore[arg-type]
                        inked += 1
                        sum_x, sum_y = sum_x + x, sum_y + y
            assert inked >= 0.85 * inside, (layout, x1, y1, inked, inside)
            mm = 25.4 / 72
            assert abs(sum_x / inked - cx) * mm <= 0.2 and abs(sum_y / inked - cy) * mm <= 0.2
