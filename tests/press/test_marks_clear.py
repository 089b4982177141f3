"""Crop marks and the calibration ruler on every built-in layout's pages (A4, US Letter and 4 x 6 in
photo paper), read back from 150 dpi renders of the marks alone and of the ruler alone: no mark
inks the 5 mm round the paper that no printer prints, marks end 3 mm or more from the ruler,
and the ruler never lies across a cut between a pad's sheets (cutting them apart would cut it).
The limits are the house rules (docs/internals.md, "Crop marks and the ruler"; STYLE); where
things sit is read from the pixels and from the pieces' places on the page."""

from __future__ import annotations

import io
import math
from functools import cache

import numpy as np
import pytest
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw.document import Document, Page
from sheetgen.draw.fonts import text_width
from sheetgen.draw.shapes import Drawing, LineTo, MoveTo, Path, Rect, Text
from sheetgen.errors import SheetgenError
from sheetgen.layouts.find import builtin_layouts
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper
from sheetgen.press.footer import footer, footer_span
from sheetgen.press.impose import pad

DPI = 150
PX = DPI / 25.4  # pixels a mm
SAFE = 5.0  # mm at the paper's edge that no printer prints
RULER_ROOM = 3.0  # mm of clear paper wanted between a mark and the ruler
PAPERS = ("A4", "Letter", "4x6in")
MARKS, RULER = "crop marks", "calibration ruler"


@cache
def pressed(ref: str, paper: str) -> tuple[Page, ...]:
    """The pages a default build of `ref` prints on `paper` (none where it does not fit)."""
    options = BuildOptions(PressOptions(paper=parse_paper(paper)))
    try:
        return document_for(load(ref), options).pages
    except SheetgenError:  # a sheet too big for 4 x 6 in: refused, nothing printed
        return ()


def marked(ref: str, paper: str) -> list[tuple[int, Page]]:
    """(index, page) of each page of `ref` on `paper` with crop marks, one a distinct set."""
    found = []
    seen: set[int] = set()
    for i, page in enumerate(pressed(ref, paper)):
        drawn = [id(p.drawing) for p in page.placements if p.drawing.title == MARKS]
        if drawn and drawn[0] not in seen:
            seen.add(drawn[0])
            found.append((i, page))
    return found


# the built-in layouts whose pieces are cut out, so their pages carry crop marks (the slow
# tier's first test finds them among all the layouts); Walkabout's dice in the slow tier alone
CUT = ("marram/classic", "scribe/pad", "scribbly-gum/tiles", "scrumpit/tiles", "walkabout/dice")
# a designer's own pieces
CUT += ("custom/dice-art", "custom/dice-net", "custom/poker", "custom/scrumpit-es")
PAIRS = [  # a Scribe sheet is larger than 4 x 6 in: refused there, nothing printed
    (ref, paper) for ref in CUT for paper in PAPERS if (ref, paper) != ("scribe/pad", "4x6in")
]
# the default tier: each layout once and each paper once, Marram's tiles (the widest block of
# pieces, whose marks a narrow paper crowds) on every paper; the rest in the slow tier
SAMPLED = {
    ("marram/classic", "A4"),
    ("marram/classic", "Letter"),
    ("marram/classic", "4x6in"),
    ("scribe/pad", "A4"),
    ("scribbly-gum/tiles", "Letter"),
    ("scrumpit/tiles", "4x6in"),
}
MARKED = [
    pytest.param(ref, paper, marks=[] if (ref, paper) in SAMPLED else [pytest.mark.slow])
    for ref, paper in PAIRS
]


def marked_pages(ref: str, paper: str) -> list[tuple[int, Page]]:
    """The pages with crop marks of a layout that prints them: there is one at least."""
    found = marked(ref, paper)
    assert found, f"{ref} on {paper}: no page with crop marks"
    return found


def ink(page: Page, title: str) -> np.ndarray:
    """Where the placements titled `title` alone put ink on the page, rendered at 150 dpi."""
    alone = Page(
        page.width, page.height, tuple(p for p in page.placements if p.drawing.title == title)
    )
    [(_, png)] = render(Document((alone,), "probe"), "png", dpi=DPI)
    grey = np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=np.int32)
    return grey < 250


@pytest.mark.slow
def test_the_layouts_that_print_crop_marks_are_all_seen() -> None:
    found = {(ref, paper) for ref in builtin_layouts() for paper in PAPERS if marked(ref, paper)}
    assert found == set(PAIRS)


@pytest.mark.parametrize(("ref", "paper"), MARKED)
def test_no_crop_mark_inks_the_5mm_no_printer_prints(ref: str, paper: str) -> None:
    for index, page in marked_pages(ref, paper):
        mask = ink(page, MARKS)
        assert mask.any()
        rows, cols = np.nonzero(mask)
        height, width = page.height * PX, page.width * PX
        # pixel i spans [i, i + 1) / PX mm: inked, its ink may lie anywhere in that span
        nearest = min(
            rows.min() / PX,  # top
            cols.min() / PX,  # left
            (height - rows.max() - 1) / PX,  # bottom
            (width - cols.max() - 1) / PX,  # right
        )
        assert nearest >= SAFE, f"{ref} on {paper}, page {index + 1}: a mark {nearest:.2f} mm in"


@pytest.mark.parametrize(("ref", "paper"), MARKED)
def test_crop_marks_end_3mm_clear_of_the_ruler(ref: str, paper: str) -> None:
    for index, page in marked_pages(ref, paper):
        ruler = ink(page, RULER)
        if not ruler.any():
            continue  # no ruler on this page
        ys, xs = np.nonzero(ruler)
        top, bottom, left, right = ys.min(), ys.max(), xs.min(), xs.max()
        my, mx = np.nonzero(ink(page, MARKS))
        dx = np.maximum(np.maximum(left - mx, mx - right), 0)
        dy = np.maximum(np.maximum(top - my, my - bottom), 0)
        gap = float(np.sqrt(dx**2 + dy**2).min() - 1) / PX  # less a pixel of each one's blur
        assert gap >= RULER_ROOM - 0.1, f"{ref} on {paper}, page {index + 1}: {gap:.2f} mm"


def _sheets_and_ruler(page: Page, sheet: Drawing | None = None) -> tuple[list[float], list[float]]:
    """The left and right trim x (mm) of every sheet on a pad's page (the drawing placed
    most), and the x span of the ruler's ink (empty where there is none)."""
    pieces_and_furniture = page.placements[: len(page.placements) - page.mark]  # no sheet mark
    placed = [p for p in pieces_and_furniture if p.drawing.title not in (MARKS, RULER, "footer")]
    if sheet is None:
        sheet = max((p.drawing for p in placed), key=lambda d: sum(p.drawing is d for p in placed))
    lefts = sorted(p.transform.e for p in placed if p.drawing is sheet)
    edges = [x for left in lefts for x in (left, left + sheet.width)]
    ruler = ink(page, RULER)
    xs = np.nonzero(ruler.any(axis=0))[0]
    return edges, ([xs.min() / PX, (xs.max() + 1) / PX] if xs.size else [])


def _whole(edges: list[float], span: list[float]) -> bool:
    """Whether a ruler spanning `span` lies under one of the sheets, or beside them all (an
    upright one in a side margin), clear of every cut between sheets side by side."""
    left, right = span
    beside = right <= edges[0] or left >= edges[-1]
    return beside or any(
        a <= left and right <= b for a, b in zip(edges[::2], edges[1::2], strict=True)
    )


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_ruler_never_lies_across_the_cut_between_two_scribe_pad_sheets(paper: str) -> None:
    page = pressed("scribe/pad", paper)[0]
    edges, span = _sheets_and_ruler(page)
    assert len(edges) == 4  # two sheets side by side, cut apart
    assert not span or _whole(edges, span), (edges, span)
    # what the ruler leaves free stays round the sheets: as much paper above as below them
    unmarked = page.placements[: len(page.placements) - page.mark]  # the sheet mark aside
    top = min(p.transform.f for p in unmarked if p.drawing.title not in (MARKS, RULER))
    height = next(p.drawing.height for p in unmarked if p.transform.f == top)
    if not span:
        assert math.isclose(top, page.height - top - height, abs_tol=0.01)


def test_a_pad_sheet_wide_enough_keeps_the_ruler_whole_under_it() -> None:
    # two 190 x 250 sheets side by side on A3 landscape (404 mm between the margins): the
    # 165 mm ruler fits under one of them, so it goes there, not across the cut in the middle
    sheet = Drawing(190.0, 250.0, (Rect(0, 0, 190.0, 250.0),), title="sheet")
    page = pad(sheet, PressOptions(paper=parse_paper("A3")), 1)[0]
    edges, span = _sheets_and_ruler(page, sheet)
    assert len(edges) == 4 and span
    assert span[1] - span[0] > 160  # the whole ruler, bars and note
    assert _whole(edges, span), (edges, span)


# --- every cut has its guide at both ends --------------------------------------------------


def _cuts(page: Page) -> tuple[list[float], list[float], tuple[float, float, float, float]]:
    """The x of every vertical cut and the y of every horizontal one on a page (the trim edges
    of the pieces placed on it, the drawings of the size placed most), and the box the pieces'
    trims fill (left, top, right, bottom)."""
    pieces_and_furniture = page.placements[: len(page.placements) - page.mark]  # no sheet mark
    placed = [p for p in pieces_and_furniture if p.drawing.title not in (MARKS, RULER, "footer")]
    sizes = [(p.drawing.width, p.drawing.height) for p in placed]
    size = max(set(sizes), key=sizes.count)  # the pieces share a size; a heading has its own
    pieces = [p for p in placed if (p.drawing.width, p.drawing.height) == size]
    xs = sorted(
        {round(x, 3) for p in pieces for x in (p.transform.e, p.transform.e + p.drawing.width)}
    )
    ys = sorted(
        {round(y, 3) for p in pieces for y in (p.transform.f, p.transform.f + p.drawing.height)}
    )
    return xs, ys, (xs[0], ys[0], xs[-1], ys[-1])


def _ends_marked(page: Page) -> list[str]:
    """Each cut line whose mark is missing at one of its ends, read from the marks' pixels: on
    the line (a pixel either side), beyond the pieces' trim on that side."""
    mask = ink(page, MARKS)
    xs, ys, (left, top, right, bottom) = _cuts(page)
    missing = []
    for x in xs:
        column = mask[:, max(round(x * PX) - 1, 0) : round(x * PX) + 2].any(axis=1)
        rows = np.nonzero(column)[0] / PX
        if not (rows < top).any():
            missing.append(f"x = {x:g} mm: no mark above")
        if not (rows > bottom).any():
            missing.append(f"x = {x:g} mm: no mark below")
    for y in ys:
        row = mask[max(round(y * PX) - 1, 0) : round(y * PX) + 2, :].any(axis=0)
        cols = np.nonzero(row)[0] / PX
        if not (cols < left).any():
            missing.append(f"y = {y:g} mm: no mark left")
        if not (cols > right).any():
            missing.append(f"y = {y:g} mm: no mark right")
    return missing


@pytest.mark.parametrize(("ref", "paper"), MARKED)
def test_every_cut_line_has_a_mark_at_both_ends(ref: str, paper: str) -> None:
    """A player may cut from either end: every cut line has its mark beyond the pieces at both
    ends, top and bottom, left and right (on 4 x 6 in paper the footer's two lines left Marram's
    cuts without a mark at the bottom)."""
    for index, page in marked_pages(ref, paper):
        assert not _ends_marked(page), f"{ref} on {paper}, page {index + 1}: {_ends_marked(page)}"


@pytest.mark.parametrize(("ref", "paper"), MARKED)
def test_crop_marks_keep_clear_of_the_footer(ref: str, paper: str) -> None:
    """No mark's ink comes within 0.3 mm of the footer's (FOOTER_GAP less a pixel's blur)."""
    for index, page in marked_pages(ref, paper):
        words = ink(page, "footer")
        if not words.any():
            continue
        ys, xs = np.nonzero(words)
        my, mx = np.nonzero(ink(page, MARKS))
        near = (np.abs(my[:, None] - ys[None, :]) <= 0.3 * PX + 1) & (
            np.abs(mx[:, None] - xs[None, :]) <= 0.3 * PX + 1
        )
        assert not near.any(), f"{ref} on {paper}, page {index + 1}"


@pytest.mark.parametrize(("ref", "paper"), MARKED)
def test_no_crop_mark_is_a_stub(ref: str, paper: str) -> None:
    """Every corner mark is long enough to lay a rule on: where a block of pieces centred
    between the margins left the marks under it short (1.2 mm under Marram's tiles on a
    4 x 6 in card, 1.5 mm over the ruler on A4), the block stands higher, so the marks above
    and below share the room. Read from the marks' own lines."""
    for _, page in marked_pages(ref, paper):
        marks = [p.drawing for p in page.placements if p.drawing.title == MARKS]
        lengths = [
            math.dist((start.x, start.y), (end.x, end.y))
            for drawing in marks
            for line in drawing.children
            if isinstance(line, Path)
            and isinstance(start := line.segments[0], MoveTo)
            and isinstance(end := line.segments[-1], LineTo)
        ]
        assert len(lengths) == sum(len(drawing.children) for drawing in marks)
        assert min(lengths) >= 2.5, (ref, paper, sorted(lengths)[:3])


@pytest.mark.parametrize(
    "width", [101.6, 120.0, 152.4, 210.0], ids=["4x6in", "120mm", "6x4in", "A4"]
)
def test_the_span_marks_keep_clear_of_is_the_printed_footers_widest_line(width: float) -> None:
    """Marks stop above the footer where it is printed: over its widest line, 1 mm to spare
    each side of the page's middle. The lines are read from the footer as drawn (two on a
    4 x 6 in card, one on wider paper, shrunk on 120 mm paper to the 110 mm inside its safe
    edges) and measured in its font."""
    credit = "Marram Classic · rules as in the Combined Rules Book and How to Play on Board Game"
    text = f"{credit} Arena · front"
    drawn = [s for s in footer(width, 150.0, text).children if isinstance(s, Text)]
    assert len(drawn) == (2 if width < 110 else 1)
    half = max(text_width(s.text, s.size) for s in drawn) / 2
    left, right = footer_span(width, text)
    assert (left, right) == pytest.approx((width / 2 - half - 1.0, width / 2 + half + 1.0))
