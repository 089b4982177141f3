"""The press's small parts against published sizes and plain geometry: the calibration ruler
(100 mm and 4 in = 101.6 mm), paper sizes and their bounds, and pages made for one drawing."""

from __future__ import annotations

import pytest

from sheetgen.draw.document import Document, Page, Placement, alone
from sheetgen.draw.fonts import cap_height, text_width
from sheetgen.draw.shapes import Drawing, Path, Rect, Text
from sheetgen.draw.transform import translate
from sheetgen.errors import UsageError
from sheetgen.model.paper import RULER_HEIGHT
from sheetgen.press.paper import parse_paper
from sheetgen.press.ruler import RULER_WIDTH, calibration_ruler
from sheetgen.text.page_words import PageWords

INCH = 25.4
POINT = INCH / 72


def ruler() -> Drawing:
    return calibration_ruler.__wrapped__(PageWords())  # a fresh drawing, not the shared cached one


def bars() -> dict[float, list[Rect]]:
    """The ruler's filled cells by the top of their bar."""
    out: dict[float, list[Rect]] = {}
    for shape in ruler().children:
        if isinstance(shape, Rect) and shape.style.fill and shape.style.stroke is None:
            out.setdefault(round(shape.y, 3), []).append(shape)
    return out


def test_the_ruler_is_a_100_mm_bar_of_centimetres_and_a_4_inch_bar_of_quarter_inches() -> None:
    cells = bars()
    assert sorted(cells) == [1.0, 5.6]  # two bars, one above the other
    metric, imperial = cells[1.0], cells[5.6]
    # every other centimetre filled: 0-1, 2-3, ... 8-9 cm
    assert [(round(r.x, 3), round(r.w, 3)) for r in metric] == [
        (10.0 * i, 10.0) for i in (0, 2, 4, 6, 8)
    ]
    # every other quarter inch filled across 4 in: 8 of the 16 cells, each 6.35 mm
    assert [round(r.x, 3) for r in imperial] == [round(INCH / 4 * i, 3) for i in range(0, 16, 2)]
    assert all(r.w == pytest.approx(INCH / 4) for r in imperial)
    assert all(r.h == 2.2 for r in metric + imperial)


def test_each_bar_is_outlined_and_ends_in_a_tick_at_zero_and_its_length() -> None:
    drawing = ruler()
    outlines = [s for s in drawing.children if isinstance(s, Rect) and s.style.stroke]
    assert [(r.x, r.y, r.w, r.h) for r in outlines] == [(0, 1.0, 100.0, 2.2), (0, 5.6, 101.6, 2.2)]
    assert all(r.style.fill is None and r.style.width == 0.15 for r in outlines)
    assert all(r.style.stroke == "#222222" for r in outlines)
    ticks = [s for s in drawing.children if isinstance(s, Path)]
    ends = sorted(
        (round(t.segments[0].x, 3), round(t.segments[0].y, 3), round(t.segments[1].y, 3))  # type: ignore[union-attr]
        for t in ticks
    )
    # each tick crosses its bar 0.8 mm beyond both edges, at the bar's two ends
    assert ends == [(0.0, 0.2, 4.0), (0.0, 4.8, 8.6), (100.0, 0.2, 4.0), (101.6, 4.8, 8.6)]
    assert all(t.segments[0].x == t.segments[1].x for t in ticks)  # type: ignore[union-attr]
    assert all((t.style.stroke, t.style.width) == ("#222222", 0.15) for t in ticks)


def test_the_ruler_says_what_it_measures_in_legible_text_inside_its_box() -> None:
    drawing = ruler()
    texts = [s for s in drawing.children if isinstance(s, Text)]
    assert [t.text for t in texts] == [
        "100 mm",
        "4 in",
        "Printed at actual size (100%),",
        "the bars are 100 mm and 4 in long.",
    ]
    labels = {t.text: t for t in texts}
    assert labels["100 mm"].x == 102.0 and labels["4 in"].x == pytest.approx(103.6)
    assert labels["100 mm"].weight == labels["4 in"].weight == "bold"
    for text, bar_top in (("100 mm", 1.0), ("4 in", 5.6)):  # capitals centred on their bar
        t = labels[text]
        assert t.y - cap_height(t.size, "bold") / 2 == pytest.approx(bar_top + 1.1)
    for t in texts:
        assert t.size >= 6 * POINT  # nothing below 6 pt
        assert t.anchor == "start" and t.colour == "#222222"
        assert t.x + text_width(t.text, t.size, t.weight) <= RULER_WIDTH  # inside the box
        assert 0 < t.y <= RULER_HEIGHT
    # the two bars' labels do not reach the note beside them
    note = labels["Printed at actual size (100%),"].x
    assert labels["4 in"].x + text_width("4 in", labels["4 in"].size, "bold") < note
    assert (drawing.width, drawing.height, drawing.title) == (165.0, 9.0, "calibration ruler")


def test_the_ruler_is_one_shared_drawing() -> None:
    assert calibration_ruler(PageWords()) is calibration_ruler(PageWords())


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("A4", (210.0, 297.0)),  # ISO 216
        ("a3", (297.0, 420.0)),
        (" LETTER ", (215.9, 279.4)),  # 8.5 x 11 in
        ("Tabloid", (279.4, 431.8)),  # 11 x 17 in
        ("300x200", (200.0, 300.0)),  # a custom size is held portrait
        ("200 × 300 mm", (200.0, 300.0)),
        ("50x2000", (50.0, 2000.0)),  # the bounds themselves are allowed
        ("2000X50.5", (50.5, 2000.0)),
        ("300x50", (50.0, 300.0)),
        ("2000x2000", (2000.0, 2000.0)),
    ],
)
def test_paper_sizes(text: str, size: tuple[float, float]) -> None:
    paper = parse_paper(text)
    assert (paper.width, paper.height) == size


def test_a_custom_paper_is_named_by_its_size() -> None:
    assert parse_paper("300x200").name == "300x200 mm"
    assert parse_paper("210.5x99").name == "210.5x99 mm"
    assert parse_paper("A4").name == "A4"
    # a size in inches keeps the inches the user wrote, each side as written
    assert parse_paper("5x7in").name == "5x7 in"
    assert parse_paper("8.5X11IN").name == "8.5x11 in"
    assert (parse_paper("5x7in").width, parse_paper("5x7in").height) == (127.0, 177.8)


@pytest.mark.parametrize(
    "text",
    [
        "49.9x300",
        "300x49.9",
        "2000.1x300",
        "300x2000.1",
        "10x10",
        # as inches these are 50 mm and 2000 mm to the last bit: the bounds themselves
        "1.968503937007874x40",
        "40x78.74015748031496",
    ],
)
def test_paper_beyond_50_to_2000_mm_is_refused(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_paper(text)
    said = f"--paper {text!r}: each side must be 50 to 2000 mm"
    # sizes that read as inches (10 x 10 in is 254 mm a side) are offered as such
    inches = all(50 <= float(n) * 25.4 <= 2000 for n in text.split("x"))
    hint = f" (did you mean {text}in? a number without a unit is mm)" if inches else ""
    assert str(caught.value) == said + hint


@pytest.mark.parametrize("text", ["B5", "300", "300x", "x200", "-300x200", "300x200cm", ""])
def test_what_is_not_a_paper_size_is_refused_with_the_choices(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_paper(text)
    assert str(caught.value) == (
        f"--paper {text!r} is not a paper size (use A4, Letter, A3, Tabloid or WxH in mm "
        "or inches, e.g. 300x200 or 4x6in)"
    )


def test_landscape_swaps_the_sides() -> None:
    a4 = parse_paper("A4")
    assert a4.oriented(True) == (297.0, 210.0) and a4.oriented(False) == (210.0, 297.0)


def test_a_drawing_alone_is_a_page_of_its_size_with_bleed_around() -> None:
    drawing = Drawing(40.0, 30.0, (), bleed=2.0)
    page = alone(drawing, "light-1")
    assert (page.width, page.height) == (44.0, 34.0)
    assert page.trim == (2.0, 2.0, 40.0, 30.0)  # the cut line, 2 mm in from each edge
    assert page.bleed == (0.0, 0.0, 44.0, 34.0)
    assert page.placements == (Placement(drawing, translate(2.0, 2.0)),)
    assert page.label == "light-1"
    plain = alone(Drawing(16.0, 16.0, ()))
    assert (plain.width, plain.height, plain.trim, plain.label) == (16, 16, (0, 0, 16, 16), "")


def test_repeated_pages_are_rendered_once_in_order() -> None:
    a, b = Drawing(10, 10, ()), Drawing(10, 10, ())
    p1 = Page(100, 100, (Placement(a, translate(1, 1)),))
    p2 = Page(100, 100, (Placement(b, translate(1, 1)),))  # another drawing: another page
    p3 = Page(100, 100, (Placement(a, translate(2, 1)),))  # moved: another page
    again = Page(100, 100, (Placement(a, translate(1, 1)),))  # the same as p1
    labelled = Page(100, 100, (Placement(a, translate(1, 1)),), label="x")
    taller = Page(100, 120, (Placement(a, translate(1, 1)),))
    doc = Document((p1, p2, again, p3, p1, labelled, taller), "t")
    assert doc.distinct_pages() == [p1, p2, p3, labelled, taller]
    assert p1.signature() == again.signature() != p3.signature()
    assert Page(100, 100, (), trim=(0, 0, 1, 1)).signature() == Page(100, 100, ()).signature()


def test_a_document_of_more_pieces_than_the_budget_is_refused_before_imposing() -> None:
    """A custom tile set of 444 tiles a bag, a thousand times, would be 444,000 pieces a bag and
    minutes of work: refused in one line that names the limit and the fix."""
    from sheetgen.draw import Drawing
    from sheetgen.errors import PressError
    from sheetgen.press import PressOptions, impose
    from sheetgen.press.impose import MAX_PIECES

    tile = Drawing(19, 19, ())
    assert len(impose([tile] * 1000, PressOptions())) > 1
    with pytest.raises(PressError, match=f"{MAX_PIECES + 1:,} pieces to print, over the limit"):
        impose([tile] * (MAX_PIECES + 1), PressOptions())


def test_more_image_pages_than_the_budget_are_refused_before_drawing() -> None:
    """An image format writes a file a page: past the limit the build says so and how to get
    the PDF alone, before anything is drawn."""
    from sheetgen.backends import MAX_IMAGE_PAGES, image_pages
    from sheetgen.errors import SheetgenError

    pages = tuple(Page(10, 10 + i / 1000, ()) for i in range(MAX_IMAGE_PAGES + 1))
    assert len(image_pages(Document(pages[:-1], "ok"))) == MAX_IMAGE_PAGES
    with pytest.raises(SheetgenError, match=r"301 different pages .* \(-f pdf\)"):
        image_pages(Document(pages, "too many"))
