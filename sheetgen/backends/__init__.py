"""Backends: one file a format, each turning pages into bytes. Imported lazily by `render`."""

from __future__ import annotations

from typing import Literal

from sheetgen.press.document import Document

Format = Literal["pdf", "svg", "png"]
FORMATS: tuple[Format, ...] = ("pdf", "svg", "png")


def render(doc: Document, fmt: Format, *, dpi: int = 300, fillable: bool = False,
           transparent: bool = False) -> list[bytes]:
    """The document in one format: one PDF, or one SVG/PNG a distinct page (pad copies once)."""
    if fmt == "pdf":
        from sheetgen.backends.pdf import render_pdf

        return [render_pdf(doc, fillable=fillable)]
    if fmt == "svg":
        from sheetgen.backends.svg import render_svg

        return [render_svg(page, doc.title) for page in doc.distinct_pages()]
    from sheetgen.backends.png import render_png

    return [render_png(page, dpi, transparent) for page in doc.distinct_pages()]
