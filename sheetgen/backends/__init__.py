"""Backends: one file a format, each turning pages into bytes. Imported lazily by `render`."""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

from sheetgen.errors import SheetgenError
from sheetgen.press.document import Document, Page

Format = Literal["pdf", "svg", "png"]
FORMATS: tuple[Format, ...] = ("pdf", "svg", "png")
MAX_IMAGE_PAGES = 300  # image files one document may make (Marram's tile art is 140)


def image_pages(doc: Document) -> list[Page]:
    """The pages an image format writes, one file each (a pad's repeats once); more than
    MAX_IMAGE_PAGES are refused before anything is drawn."""
    pages = doc.distinct_pages()
    if len(pages) > MAX_IMAGE_PAGES:
        raise SheetgenError(
            f"{len(pages):,} different pages would each be an image file (SVG, PNG), over the "
            f"limit of {MAX_IMAGE_PAGES}; build them as PDF alone (-f pdf), or use fewer --copies"
        )
    return pages


def file_labels(labels: list[str]) -> list[str]:
    """What tells a set's image files apart: none for a set of one; else each page's own label
    as a slug (letters, digits and single hyphens, so a name from a layout never becomes a
    path), or `p<number>` where it has none, it gives no slug, or it would repeat (in any case:
    some file systems do not tell 'A1' from 'a1')."""
    if len(labels) == 1:
        return [""]
    out: list[str] = []
    for number, label in enumerate(labels, start=1):
        found = slug(label)
        taken = found.lower() in {o.lower() for o in out}
        out.append(found if found and not taken else f"p{number}")
    return out


def slug(text: str) -> str:
    """`text` folded to ASCII letters and digits, every run of anything else one hyphen, none
    at either end, at most 40 characters: 'Dark ☀/../x' -> 'Dark-x', 'Élan' -> 'Elan'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", ascii_text).strip("-")[:40].strip("-")


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
    pages = image_pages(doc)
    labels = file_labels([p.label for p in pages])
    if fmt == "svg":
        from sheetgen.backends.svg import render_svg

        return [(lab, render_svg(page, doc.title)) for lab, page in zip(labels, pages, strict=True)]
    from sheetgen.backends.png import render_pngs

    images = render_pngs(doc, pages, doc.dpi or dpi, transparent)
    return list(zip(labels, images, strict=True))
