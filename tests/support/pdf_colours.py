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
