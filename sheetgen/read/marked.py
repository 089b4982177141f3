"""A plain sheetgen PDF marked up in a viewer (its pen, lines, shapes, stamps): each page
rendered with its annotations by pdfium, beside the same page of the layout rendered blank
from the PDF this sheetgen builds for it on the same paper, and each sheet's mark regions read
from the difference (`read.pixels`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium

from sheetgen.backends.pdf import render_pdf
from sheetgen.layouts.read import Loaded
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press.paper import NAMED, Paper
from sheetgen.read.form import ReadError
from sheetgen.read.layout_map import PageMap, layout_map
from sheetgen.read.pixels import DPI, Mark, read_marks

MM = 25.4 / 72  # millimetres a PDF point
SIZE_SLACK = 0.5  # mm a page may differ from its paper's size and still be that paper


def _grey(page: pdfium.PdfPage) -> np.ndarray:
    """The page at DPI, annotations drawn from their appearance streams, in grey."""
    bitmap = page.render(scale=DPI / 72, may_draw_forms=True, draw_annots=True)
    return np.asarray(bitmap.to_pil().convert("L"))


def _paper(path: Path, number: int, width: float, height: float) -> Paper:
    """The paper a page of `width` by `height` mm is, upright or on its side."""
    short, long = sorted((width, height))
    for paper in NAMED.values():
        if abs(paper.width - short) <= SIZE_SLACK and abs(paper.height - long) <= SIZE_SLACK:
            return paper
    names = ", ".join(p.name for p in NAMED.values())
    raise ReadError(
        f"{path}: page {number} is {width:.1f} x {height:.1f} mm, none of {names}; read the "
        "PDF as sheetgen built it, not rescaled"
    )


class Blank:
    """The layout's pages built blank on each paper asked for (each paper built once): their
    mark regions and their pixels at DPI."""

    def __init__(self, loaded: Loaded) -> None:
        self.loaded = loaded
        self._built: dict[str, tuple[tuple[PageMap, ...], list[np.ndarray], int]] = {}

    def page(self, paper: Paper, number: int) -> tuple[PageMap | None, np.ndarray]:
        """The region map (None where the page has no sheet to write on) and pixels of page
        `number` of a document of this layout on `paper`: its copies repeat the pages of one."""
        if paper.name not in self._built:
            base = BuildOptions()
            options = replace(base, press=replace(base.press, paper=paper))
            document = document_for(self.loaded, options)
            pdf = pdfium.PdfDocument(render_pdf(document))
            maps = layout_map(self.loaded, options)
            self._built[paper.name] = (maps, [_grey(p) for p in pdf], len(document.pages))
        maps, pixels, count = self._built[paper.name]
        index = (number - 1) % count
        mapped = {m.page: m for m in maps}.get(index + 1)
        return mapped, pixels[index]


def read_marked(path: Path, loaded: Loaded) -> list[tuple[int, int, list[Mark]]]:
    """Every sheet of every page of the marked PDF at `path` read against the blank: (page,
    slot, its regions' marks), sheets with no ink in any region left out."""
    blank = Blank(loaded)
    out = []
    pdf = pdfium.PdfDocument(path)
    try:
        for number, page in enumerate(pdf, start=1):
            width, height = (v * MM for v in page.get_size())
            mapped, empty = blank.page(_paper(path, number, width, height), number)
            if mapped is None:
                continue
            image = _grey(page)
            if image.shape != empty.shape:
                raise ReadError(f"{path}: page {number} is not the size sheetgen built it")
            for sheet in mapped.sheets:
                ticked = tuple(r for r in sheet.on_page if r.kind == "mark")
                marks = read_marks(image, empty, ticked)
                if any(m.value or not m.sure for m in marks):
                    out.append((number, sheet.slot, marks))
    finally:
        pdf.close()
    return out
