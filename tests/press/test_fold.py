"""What a gutter-fold page carries besides its pieces, read back from the PDF pdfium draws: the
credit in the footer, the word "fold" over a dashed line down the middle that stops short of
the footer, crop marks only round the fronts a page holds, the compact ruler on the front half
clear of pieces and marks, and the orientation that holds the most pairs. Expectations come
from the docstring's promises (fold line at the middle, marks on the front half, the 5 mm
printable edge) and from plain arithmetic on the pieces' places."""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest

from sheetgen.backends.pdf import draw_pdf
from sheetgen.draw import Drawing, Path, Rect, Style
from sheetgen.draw.document import Document, Page
from sheetgen.errors import PressError
from sheetgen.press import PressOptions
from sheetgen.press.fold import fold_pages
from sheetgen.press.paper import NAMED

CREDIT = "Fold test credit v1"
DPI = 300
PX = DPI / 25.4  # pixels a mm
PT = 72 / 25.4  # points a mm
EDGE = 5.0  # mm: the printable area's inset from the paper edge
SIZES = [(40.0, 40.0), (60.0, 90.0), (90.0, 60.0)]  # square, tall and wide pieces


def piece(w: float, h: float, title: str) -> Drawing:
    return Drawing(w, h, (Rect(0, 0, w, h, style=Style(fill="#336699")),), title=title)


def pages_for(w: float, h: float, count: int = 7, **options: object) -> list[Page]:
    opts = PressOptions(credit=CREDIT, crop_marks="full", **options)  # type: ignore[arg-type]
    fronts = [piece(w, h, f"front {i}") for i in range(count)]
    backs = [piece(w, h, f"back {i}") for i in range(count)]
    return fold_pages(fronts, backs, opts, (w, h, 0.0))


def fronts_on(page: Page) -> list[tuple[float, float, float, float]]:
    """Each front's trim box (x0, y0, x1, y1) in mm from the top left."""
    return [
        (p.transform.e, p.transform.f, p.transform.e + p.drawing.width,
         p.transform.f + p.drawing.height)
        for p in page.placements
        if p.drawing.title.startswith("front")
    ]  # fmt: skip


def titled(page: Page, title: str) -> list[Drawing]:
    return [p.drawing for p in page.placements if p.drawing.title == title]


def rendered(pages: list[Page]) -> pdfium.PdfDocument:
    return pdfium.PdfDocument(draw_pdf(Document(tuple(pages), title="fold"), pages))


def grey(page: pdfium.PdfPage) -> np.ndarray:
    return np.asarray(page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L"))


def text_box(page: pdfium.PdfPage, word: str) -> tuple[float, float, float, float]:
    """The ink box (x0, y0 from the top, x1, y1; mm) of the first `word` on the page."""
    text = page.get_textpage()
    found = text.search(word, match_case=True, match_whole_word=True)
    hit = found.get_next()
    assert hit is not None, f"no {word!r} on the page"
    start, count = hit
    boxes = [text.get_charbox(i) for i in range(start, start + count)]
    height = page.get_height()
    return (
        min(b[0] for b in boxes) / PT,
        (height - max(b[3] for b in boxes)) / PT,
        max(b[2] for b in boxes) / PT,
        (height - min(b[1] for b in boxes)) / PT,
    )


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_the_orientation_holding_most_pairs_is_chosen_portrait_on_ties(w: float, h: float) -> None:
    def per_page(pages: list[Page]) -> int:
        return len(fronts_on(pages[0]))

    held = {}
    for landscape in (False, True):
        try:
            held[landscape] = per_page(pages_for(w, h, landscape=landscape))
        except PressError:
            held[landscape] = 0
    chosen = pages_for(w, h)
    best = max(held.values())
    assert per_page(chosen) == best
    page = chosen[0]
    assert (page.width > page.height) == (held[False] < best)  # portrait unless it holds fewer


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_every_fold_page_has_the_credit_the_fold_word_and_a_line_short_of_the_footer(
    w: float, h: float
) -> None:
    pages = pages_for(w, h)
    pdf = rendered(pages)
    for page, drawn in zip(pdf, pages, strict=True):
        width, height = drawn.width, drawn.height
        assert CREDIT in page.get_textpage().get_text_range()
        _fx0, footer_top, _fx1, footer_bottom = text_box(page, CREDIT.split()[0])
        assert footer_bottom <= height - EDGE + 0.05
        x0, top, x1, bottom = text_box(page, "fold")
        assert abs((x0 + x1) / 2 - width / 2) < 0.2  # the word centred over the fold
        assert top >= EDGE - 0.05
        ink = grey(page)
        middle = round(width / 2 * PX)
        column = ink[:, middle - 1 : middle + 2].min(axis=1) < 128
        below_word = np.nonzero(column[round((bottom + 0.1) * PX) :])[0]
        line_top = bottom + 0.1 + below_word[0] / PX
        line_bottom = np.nonzero(column)[0][-1] / PX
        assert 0.2 <= line_top - bottom <= 1.5  # the line begins just under its word
        assert 1.2 <= footer_top - line_bottom <= 4.0  # and ends clear of the footer
        dashes = column[round(line_top * PX) : round(line_bottom * PX)]
        assert 0.45 < dashes.mean() < 0.75  # dashed, not solid
        assert (
            not (ink[:, middle + round(2 * PX) :] < 128)[: round(line_bottom * PX)]
            .any(axis=0)
            .all()
        )  # nothing smeared across the right half


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_crop_marks_are_at_the_cuts_of_the_fronts_each_page_holds(w: float, h: float) -> None:
    pages = pages_for(w, h)
    assert any(len(fronts_on(p)) < len(fronts_on(pages[0])) for p in pages) or len(pages) == 1
    for page in pages:
        boxes = fronts_on(page)
        xs = {round(v, 6) for b in boxes for v in (b[0], b[2])}
        ys = {round(v, 6) for b in boxes for v in (b[1], b[3])}
        (marks,) = titled(page, "crop marks")
        vertical, horizontal = set(), set()
        for shape in marks.children:
            assert isinstance(shape, Path)
            (x0, y0), (x1, _y1) = ((s.x, s.y) for s in shape.segments)  # type: ignore[union-attr]
            assert max(x0, x1) <= page.width / 2 - 1.0  # on the front half only
            if x0 == x1:
                vertical.add(round(x0, 6))
            else:
                horizontal.add(round(y0, 6))
        assert vertical == xs and horizontal == ys
        # full marks are cut guides: each runs the whole block and past both its ends
        top, bottom = min(b[1] for b in boxes), max(b[3] for b in boxes)
        left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
        for shape in marks.children:
            (x0, y0), (x1, y1) = ((s.x, s.y) for s in shape.segments)  # type: ignore[union-attr]
            if x0 == x1:
                assert min(y0, y1) < top - 1.0 and max(y0, y1) > bottom + 1.0
            else:
                assert min(x0, x1) < left - 1.0 and max(x0, x1) > right + 1.0


def test_without_a_footer_the_fold_line_stops_at_the_printable_edge() -> None:
    fronts = [piece(60, 90, f"front {i}") for i in range(3)]
    (page,) = fold_pages(fronts, fronts, PressOptions(crop_marks="full"), (60, 90, 0.0))
    assert len(titled(page, "fold line")) == 1
    ink = grey(rendered([page])[0])
    middle = round(page.width / 2 * PX)
    rows = np.nonzero(ink[:, middle - 1 : middle + 2].min(axis=1) < 128)[0]
    assert page.height - EDGE - 1.0 <= rows[-1] / PX <= page.height - EDGE


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_a_ruler_never_crosses_the_fold(w: float, h: float) -> None:
    for page in pages_for(w, h, count=3):
        for placed in page.placements:
            if placed.drawing.title == "calibration ruler":
                x0 = placed.transform.e
                x1 = x0 + placed.drawing.width
                assert x0 >= EDGE and x1 <= page.width - EDGE
                if placed.drawing.width > placed.drawing.height:  # across: on the front half
                    assert x1 <= page.width / 2 - EDGE
                else:  # upright, beside the fold on the back half, 3 mm from it
                    assert x0 >= page.width / 2 + 3.0


def test_no_crop_marks_when_asked_for_none() -> None:
    fronts = [piece(60, 90, f"front {i}") for i in range(5)]
    pages = fold_pages(
        fronts, fronts, PressOptions(credit=CREDIT, crop_marks="none"), (60, 90, 0.0)
    )
    assert len(pages) == 2
    for page in pages:
        assert all(not d.children for d in titled(page, "crop marks"))


def test_the_ruler_sits_centred_on_the_front_half_clear_of_pieces_marks_and_footer() -> None:
    pages = pages_for(90, 60)  # landscape: half a page is wide enough for the compact ruler
    ruled = 0
    for page in pages:
        placed = [p for p in page.placements if p.drawing.title == "calibration ruler"]
        assert len(placed) == 1  # every page has one: across where it fits, else upright
        if placed[0].drawing.width < placed[0].drawing.height:
            continue
        ruled += 1
        (ruler,) = placed
        x0, y0 = ruler.transform.e, ruler.transform.f
        x1, y1 = x0 + ruler.drawing.width, y0 + ruler.drawing.height
        assert abs((x0 + x1) / 2 - page.width / 4) < 1e-6  # centred on the front half
        assert x0 >= EDGE and x1 <= page.width / 2 - EDGE  # clear of the fold
        assert all(y0 - b[3] >= 3.0 for b in fronts_on(page))  # 3 mm under the pieces
        (marks,) = titled(page, "crop marks")
        for shape in marks.children:
            (mx0, my0), (mx1, my1) = ((s.x, s.y) for s in shape.segments)  # type: ignore[union-attr]
            crosses = min(mx0, mx1) <= x1 + 1.0 and max(mx0, mx1) >= x0 - 1.0
            assert not crosses or max(my0, my1) <= y0 - 0.5  # marks stop above the ruler
        pdf = rendered([page])
        _x0, footer_top, _x1, _y1 = text_box(pdf[0], CREDIT.split()[0])
        assert y1 <= footer_top - 0.5
    assert ruled == 1  # only the last page has room under its pieces for one across
    assert not any(titled(p, "calibration ruler") for p in pages_for(90, 60, ruler=False))


def test_a_piece_too_big_to_fold_is_refused_in_words() -> None:
    with pytest.raises(PressError) as refused:
        pages_for(150, 150, paper=NAMED["a4"])
    assert str(refused.value) == (
        "--fold: a 150 × 150 mm piece (plus 0 mm bleed) does not fit twice, front beside back, "
        "on A4 (210 × 297 mm) inside 8 mm margins (use a larger --paper, or leave out --fold "
        "and print duplex)"
    )
