"""Backends: one file a format, each turning pages into bytes. Imported lazily by `render`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from sheetgen.draw.document import Document, Page
from sheetgen.errors import SheetgenError
from sheetgen.pipeline.output import file_labels

if TYPE_CHECKING:
    from sheetgen.press.profiles import Standard

Format = Literal["pdf", "svg", "png"]
FORMATS: tuple[Format, ...] = ("pdf", "svg", "png")
MAX_IMAGE_PAGES = 300  # image files one document may make (Marram's tile art is 140)


def image_pages(doc: Document) -> list[Page]:
    """The pages an image format writes, one file each (a pad's repeats once, the first copy
    with its sheet mark, then the document's screen images); more than MAX_IMAGE_PAGES are
    refused before anything is drawn."""
    pages = doc.distinct_pages(marks=False) + list(doc.screens)
    if len(pages) > MAX_IMAGE_PAGES:
        raise SheetgenError(
            f"{len(pages):,} different pages would each be an image file (SVG, PNG), over the "
            f"limit of {MAX_IMAGE_PAGES}; build them as PDF alone (-f pdf), or use fewer --copies"
        )
    return pages


def preflight(
    doc: Document,
    formats: tuple[Format, ...],
    *,
    dpi: float = 300,
    fillable: bool = False,
    transparent: bool = False,
) -> int:
    """Every limit that rendering `doc` in `formats` would meet (image files, pixels, form
    fields), checked without drawing anything, so a build of many layouts is refused before
    its first file is drawn rather than after; returns the pixels its PNGs would hold."""
    pixels = 0
    if "svg" in formats or "png" in formats:
        pages = image_pages(doc)
        if "png" in formats:
            # imported here, not at the top, for start-up time
            from sheetgen.backends.png import check_pixels, pixel_size

            check_pixels(pages, doc.dpi or dpi, transparent)
            pixels = sum(w * h for w, h in (pixel_size(p, doc.dpi or dpi) for p in pages))
    if "pdf" in formats and fillable:
        # imported here, not at the top, for start-up time
        from sheetgen.backends.pdf import check_fields

        check_fields(doc)
    return pixels


MAX_BUILD_PIXELS = 8_000_000_000  # PNG pixels one build may write (--all at 1200 dpi: 6.4 G)


# PNG pixels one export of bare pieces may write: it holds every image's file until all are
# made (a build's are spread over its layouts' workers); 104 Scrumpit tiles at --px 8192 are 7 G
MAX_EXPORT_PIXELS = 1_000_000_000


def check_build_pixels(
    pixels: int, dpi: int, what: str = "build", advice: str = "", limit: int = MAX_BUILD_PIXELS
) -> None:
    """Refuse a build (or an export: `what`, with its `limit`) whose PNGs would hold more
    than `limit` pixels in all (minutes of rasterising, gigabytes held), naming the total, the
    limit and what to ask for instead (`advice`, else a build's)."""
    if pixels > limit:
        advice = advice or (
            f"choose a lower --dpi than {dpi}, fewer --copies or fewer layouts, or leave out "
            "png (-f pdf,svg)"
        )
        raise SheetgenError(
            f"the PNGs of this {what} would hold {pixels / 1e9:,.1f} billion pixels, over the "
            f"limit of {limit / 1e9:g} billion {'an' if what[0] in 'aeiou' else 'a'} {what}; "
            f"{advice}"
        )


def file_count(doc: Document, fmt: Format) -> int:
    """How many files `render` makes of the document in one format: one PDF, or one SVG or
    PNG a distinct page."""
    return 1 if fmt == "pdf" else len(image_pages(doc))


def render(
    doc: Document,
    fmt: Format,
    *,
    dpi: float = 300,
    fillable: bool = False,
    transparent: bool = False,
    pdfx: Standard | None = None,
    ink_limit: float | None = None,
) -> list[tuple[str, bytes]]:
    """The document in one format, as (label, bytes): one PDF (in CMYK, that PDF/X, with
    `pdfx`, its total ink at most `ink_limit` percent where given),
    or one SVG/PNG a distinct page (a pad's copies once), labelled by the page's label or number
    when there are several."""
    if fmt == "pdf":
        # imported here, not at the top, for start-up time
        from sheetgen.backends.pdf import render_pdf

        return [("", render_pdf(doc, fillable=fillable, pdfx=pdfx, ink_limit=ink_limit))]
    pages = image_pages(doc)
    labels = file_labels([p.label for p in pages])
    if fmt == "svg":
        # imported here, not at the top, for start-up time
        from sheetgen.backends.svg import render_svg

        return [(lab, render_svg(page, doc.title)) for lab, page in zip(labels, pages, strict=True)]
    if fmt == "png":
        # imported here, not at the top, for start-up time
        from sheetgen.backends.png import render_pngs

        images = render_pngs(doc, pages, doc.dpi or dpi, transparent)
        return list(zip(labels, images, strict=True))
    raise ValueError(f"no backend renders {fmt!r}")  # a format in FORMATS needs a branch here
