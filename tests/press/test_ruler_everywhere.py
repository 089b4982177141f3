"""A ruler on every page that has room for one (#37 point 5): every built-in layout that prints
pages, on A4 and on Letter, as built and with --fold and --bleed 3 where its kind takes them.
Every front side of a sheet carries a ruler whose metric bar, read back from the PDF pdfium
draws (the corners of its outline path), is exactly 50.00 or 100.00 mm long; the pages that
carry none are the back sides of duplex sheets, the duplex alignment pages, and a short list of
pages with no margin wide enough (each with the room it has). Where the ruler stands upright,
it keeps to the printable area, 3 mm from every cut and off every piece's art."""

from __future__ import annotations

import ctypes
from functools import cache

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from sheetgen.backends.pdf import render_pdf
from sheetgen.draw.document import Document, Page
from sheetgen.draw.shapes import Text
from sheetgen.errors import CannotFold
from sheetgen.layouts.read import builtin_layouts, load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper
from tests.support import tiered

MM = 25.4 / 72  # mm a PDF point
BAR_WIDTH = 2.2  # mm: every ruler's bar is this wide (docs: Printing)
METRIC = (50.0, 100.0)  # the metric bars a ruler may have
IMPERIAL = (50.8, 101.6)  # its 2 in and 4 in bars, beside the metric one where there is room
EDGE = 5.0  # mm: the printable area's inset from the paper's edge
CUT = 3.0  # mm: nothing that matters this near a cut
FURNITURE = {"crop marks", "fold line", "footer", "calibration ruler"}

# Pages with no ruler because no margin has room for one, with the room measured on them:
# (layout, paper, way) -> pages, 1-based
NO_ROOM = {
    # 40 mm tiles with 3 mm bleed fill A4 to 13 mm of each side; crop marks take 6 mm of it
    ("marram/classic", "A4", "bleed"): {3, 5, 7, 9},
    # 19 mm letter tiles edge to edge: 11.5 mm side margins on A4, 14.5 mm on Letter, crop
    # marks in them
    ("custom/scrumpit-es", "A4", "plain"): {1},
    ("custom/scrumpit-es", "Letter", "plain"): {1},
    # with 3 mm of bleed: a side margin of 17 mm, but the crop marks reach 6 mm into it and a
    # ruler keeps 3 mm from their ends (tests/press/test_marks_clear.py), as from a cut
    ("custom/scrumpit-es", "A4", "bleed"): {1, 2},
    # the 194 x 263 mm board on Letter: 11 mm side margins, 2 mm under it
    ("marram/example-board", "Letter", "plain"): {1},
    # the same board with 3 mm of bleed and its crop marks: less room still
    ("marram/example-board", "Letter", "bleed"): {1},
    # two pad sheets side by side, cut apart, 9.7 mm from the sides of Letter, crop marks there
    ("scribe/pad", "Letter", "plain"): {1},
}


def _ways(ref: str) -> list[str]:
    taken = load(ref).kind.options
    return ["plain"] + [way for way in ("fold", "bleed") if way in taken]


def _cases() -> list[tuple[str, str, str]]:
    refs = sorted(r for r in builtin_layouts() if "ruler" in load(r).kind.options)
    return [(ref, paper, way) for ref in refs for paper in ("A4", "Letter") for way in _ways(ref)]


@cache
def document(ref: str, paper: str, way: str) -> Document:
    press = PressOptions(
        paper=parse_paper(paper), fold=way == "fold", bleed=3.0 if way == "bleed" else None
    )
    return document_for(load(ref), BuildOptions(press, duplex=way == "fold"))


def _points(obj: pdfium.PdfObject) -> list[tuple[float, float]]:
    out = []
    for i in range(raw.FPDFPath_CountSegments(obj.raw)):
        segment = raw.FPDFPath_GetPathSegment(obj.raw, i)
        x, y = ctypes.c_float(), ctypes.c_float()
        raw.FPDFPathSegment_GetPoint(segment, x, y)
        out.append((x.value, y.value))
    return out


def bars(page: pdfium.PdfPage) -> list[float]:
    """The length (mm) of every bar on the page: a path of four corners BAR_WIDTH across and
    40 mm or more long, either way up, measured between its corners on the page."""
    found = []
    for obj in page.get_objects(max_depth=8):
        if obj.type != raw.FPDF_PAGEOBJ_PATH or len(points := _points(obj)) not in (4, 5):
            continue
        matrix, parent = obj.get_matrix(), obj.parent
        while isinstance(parent, pdfium.PdfObject) and parent.type == raw.FPDF_PAGEOBJ_FORM:
            matrix = matrix.multiply(parent.get_matrix())  # a form's content, onto the page
            parent = parent.parent
        xy = [matrix.on_point(x, y) for x, y in points]
        w = (max(p[0] for p in xy) - min(p[0] for p in xy)) * MM
        h = (max(p[1] for p in xy) - min(p[1] for p in xy)) * MM
        if round(min(w, h), 2) == BAR_WIDTH and max(w, h) >= 40.0:
            found.append(round(max(w, h), 2))
    return found


def _expected(doc: Document, ref: str, paper: str, way: str) -> list[bool]:
    """Whether each page should carry a ruler: the front side of every sheet (a duplex
    document's pages go front, back, front...), but for the alignment test and NO_ROOM."""
    sheets = doc.duplex in ("long", "short")
    skip = NO_ROOM.get((ref, paper, way), set())
    return [
        not (sheets and i % 2 == 1)
        and not any(p.drawing.title.startswith("duplex alignment") for p in page.placements)
        and i + 1 not in skip
        for i, page in enumerate(doc.pages)
    ]


@pytest.mark.parametrize("case", tiered(_cases(), {("marram/classic", "A4", "fold")}), ids="-".join)
def test_every_page_with_room_has_a_ruler_of_exactly_50_or_100_mm(
    case: tuple[str, str, str],
) -> None:
    try:
        doc = document(*case)
    except CannotFold:  # refused with one line (no backs, or too big to fold): no pages
        assert case[2] == "fold"
        return
    pdf = pdfium.PdfDocument(render_pdf(doc))
    measured = [bars(pdf[i]) for i in range(len(pdf))]
    for number, (found, wanted) in enumerate(zip(measured, _expected(doc, *case), strict=True), 1):
        assert set(found) <= set(METRIC + IMPERIAL), (case, number, found)  # no other length
        metric = [length for length in found if length in METRIC]
        assert len(metric) == wanted, (case, number, found)  # one ruler, or none where told


UPRIGHT = [
    ("marram/classic", "A4", "fold"),  # the known gaps of #37: fold halves too narrow
    ("scribbly-gum/tiles", "Letter", "fold"),
    ("scribe/pad", "A4", "plain"),  # pad sheets side by side: beside them, off every cut
]


def _boxes(page: Page) -> list[tuple[float, float, float, float, float]]:
    """Each piece's trim box and bleed (x0, y0, x1, y1, bleed)."""
    out = []
    for placed in page.placements:
        drawing = placed.drawing
        if drawing.title in FURNITURE or drawing.width >= page.width:
            continue
        x, y = placed.transform.e, placed.transform.f
        out.append((x, y, x + drawing.width, y + drawing.height, drawing.bleed))
    return out


@pytest.mark.parametrize("case", UPRIGHT, ids="-".join)
def test_an_upright_ruler_keeps_to_the_paper_clear_of_cuts_and_art(
    case: tuple[str, str, str],
) -> None:
    doc = document(*case)
    upright = 0
    for page in doc.pages:
        for placed in page.placements:
            ruler = placed.drawing
            if ruler.title != "calibration ruler" or ruler.width > ruler.height:
                continue
            upright += 1
            x0, y0 = placed.transform.e, placed.transform.f
            x1, y1 = x0 + ruler.width, y0 + ruler.height
            assert x0 >= EDGE and x1 <= page.width - EDGE and y0 >= EDGE
            assert y1 <= page.height - EDGE
            for bx0, by0, bx1, by1, bleed in _boxes(page):
                beside = x1 <= bx0 - max(CUT, bleed) or x0 >= bx1 + max(CUT, bleed)
                assert beside or y1 <= by0 - CUT or y0 >= by1 + CUT, (case, (x0, y0), bx0)
            if case[2] == "fold":
                middle = page.width / 2
                assert x1 <= middle - CUT or x0 >= middle + CUT  # clear of the fold
            for text in (s for s in ruler.children if isinstance(s, Text)):
                assert text.size >= 6 * 25.4 / 72  # 6 pt at least
    assert upright, case
