"""The Scribe SVG parsed and rendered by cairosvg, and the PNG read back, both with ink in place."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import cairosvg
from PIL import Image

from tests.support import sheetgen
from tests.support.render import assert_scribe_grid_inked

SVG_NS = "{http://www.w3.org/2000/svg}"


def test_svg_root_is_sized_in_mm_with_searchable_text(scribe_out: Path) -> None:
    root = ET.parse(scribe_out / "scribe-standard-supergrid.svg").getroot()
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    assert root.get("viewBox") == "0 0 210 297"
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG_NS}text")]
    for word in ("SCRIBE", "Single", "Earring", "9-block", "A", "I", "100 mm"):
        assert word in texts, word
    families = {t.get("font-family") for t in root.iter(f"{SVG_NS}text")}
    assert families == {"'DejaVu Sans', Verdana, 'Bitstream Vera Sans', Arial, sans-serif"}
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    assert set(ids) >= {"d1", "d1-clip"}


def test_svg_renders_with_grid_lines_in_place(scribe_out: Path) -> None:
    dpi = 100
    png = cairosvg.svg2png(
        url=str(scribe_out / "scribe-standard-supergrid.svg"),
        dpi=dpi,
        output_width=round(210 / 25.4 * dpi),
    )
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    flat = Image.new("RGBA", image.size, "white")
    flat.alpha_composite(image)
    assert_scribe_grid_inked(flat, dpi)


def test_png_is_paper_size_times_dpi_with_grid_lines_in_place(scribe_out: Path) -> None:
    written = Image.open(scribe_out / "scribe-standard-supergrid.png")
    assert written.size == (round(210 / 25.4 * 100), round(297 / 25.4 * 100))  # 827 x 1169
    image = written.convert("RGB")
    assert round(written.info["dpi"][0]) == 100
    assert_scribe_grid_inked(image, 100)


def test_png_anti_aliased_and_transparent_on_request(tmp_path: Path) -> None:
    run = sheetgen(
        "build",
        "scribe/standard",
        "-f",
        "png",
        "--dpi",
        "50",
        "--transparent",
        "--out",
        str(tmp_path),
        "-q",
    )
    assert run.code == 0, run.err
    written = Image.open(tmp_path / "scribe-standard-supergrid.png")
    assert written.mode == "RGBA"  # edges in many shades of partial cover: no palette
    image = written.convert("RGBA")
    assert image.size == (round(210 / 25.4 * 50), round(297 / 25.4 * 50))
    assert image.getpixel((0, 0))[3] == 0  # type: ignore[index]
    histogram = image.getchannel("A").histogram()
    assert sum(1 for count in histogram[1:255] if count) > 20  # partial coverage at edges
