"""A PDF page as pdfium shows it, and how far apart two colours look (CIEDE2000, through
coloraide, an implementation of its own): what the CMYK tests compare with the design."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from coloraide import Color
from PIL import Image as PILImage


def render(source: Path | bytes, page: int = 0, dpi: int = 100) -> PILImage.Image:
    """Page `page` of the PDF at `dpi`, in RGB."""
    document = pdfium.PdfDocument(source)
    try:
        return document[page].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def delta_e(a: str, b: str) -> float:
    """CIEDE2000 between two `#rrggbb` colours."""
    return float(Color(a).delta_e(Color(b), method="2000"))


def bags_as_shown(design: Path, printed: Path, colours: dict[str, str]) -> list[tuple[str, str]]:
    """Each of `colours` (name: `#rrggbb`) the RGB `design` PDF shows over 2,000 pixels of a
    page, with the colour the `printed` PDF shows there (their median), as pdfium draws both
    at 100 dpi: (the design's colour, the printed one), page by page."""
    import numpy

    out = []
    for page in (0, 1):
        rgb = numpy.asarray(render(design, page), dtype=int)
        shown = numpy.asarray(render(printed, page), dtype=int)
        assert rgb.shape == shown.shape
        for hex_colour in colours.values():
            want = numpy.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)])
            where = numpy.abs(rgb - want).max(axis=2) <= 2  # the design's pixels of it
            if where.sum() >= 2000:  # (else that bag is on the other page)
                median = numpy.median(shown[where], axis=0).astype(int)
                out.append((hex_colour, "#{:02x}{:02x}{:02x}".format(*median)))
    return out
