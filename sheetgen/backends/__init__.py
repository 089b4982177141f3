"""Backends: one file a format, each turning pages into bytes. Imported lazily by `render`."""

from __future__ import annotations

from typing import Literal

from sheetgen.press.document import Document

Format = Literal["pdf", "svg", "png"]
FORMATS: tuple[Format, ...] = ("pdf", "svg", "png")


def render(
    doc: Document,
    fmt: Format,
    *,
    dpi: float = 300,
    fillable: bool = False,
    transparent: bool = False,
) -> list[tuple[str, bytes]]:
    """The document in one format, as (label, bytes): one PDF, or one SVG/PNG a distinct page
    (a pad's copies once), labelled by the page's label or number when there are several."""
    if fmt == "pdf":
        from sheetgen.backends.pdf import render_pdf

        return [("", render_pdf(doc, fillable=fillable))]
    pages = doc.distinct_pages()
    labels = [p.label or f"p{i}" for i, p in enumerate(pages, start=1)] if len(pages) > 1 else [""]
    if fmt == "svg":
        from sheetgen.backends.svg import render_svg

        return [(lab, render_svg(page, doc.title)) for lab, page in zip(labels, pages, strict=True)]
    from sheetgen.backends.png import render_pngs

    images = render_pngs(doc, pages, doc.dpi or dpi, transparent)
    return list(zip(labels, images, strict=True))
