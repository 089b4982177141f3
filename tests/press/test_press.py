"""The press: paper sizes, orientation, N-up, crop marks, duplex backs, the ruler."""

from __future__ import annotations

import pytest

from sheetgen.draw import Drawing, Path, Rect
from sheetgen.errors import PressError, UsageError
from sheetgen.press import NAMED, PressOptions, impose, impose_duplex, pad, parse_paper
from sheetgen.press.ruler import calibration_ruler
from sheetgen.text.page_words import PageWords


def card(w: float = 63.0, h: float = 88.0, bleed: float = 0.0) -> Drawing:
    return Drawing(w, h, (Rect(0, 0, w, h),), bleed=bleed)


def test_papers_by_name_and_custom_size() -> None:
    assert parse_paper("a4") == NAMED["a4"]
    assert (parse_paper("Letter").width, parse_paper("Letter").height) == (215.9, 279.4)
    assert (parse_paper("A3").width, parse_paper("tabloid").height) == (297.0, 431.8)
    custom = parse_paper("300x200")
    assert (custom.width, custom.height) == (200.0, 300.0)
    with pytest.raises(UsageError, match="is not a paper size"):
        parse_paper("B5")
    with pytest.raises(UsageError, match="each side must be"):
        parse_paper("10x10")


def test_nine_cards_fit_portrait_a4_and_are_laid_in_rows() -> None:
    pages = impose([card() for _ in range(9)], PressOptions())
    assert len(pages) == 1
    page = pages[0]
    assert (page.width, page.height) == (210.0, 297.0)
    cells = [p for p in page.placements if p.drawing.title == ""]
    assert len(cells) == 9
    xs = sorted({round(p.transform.e, 3) for p in cells})
    assert xs == [10.5, 73.5, 136.5]  # centred: (210 - 3 * 63) / 2, abutting


def test_a_wide_drawing_turns_the_page_to_landscape() -> None:
    page = impose([card(250, 100)], PressOptions())[0]
    assert (page.width, page.height) == (297.0, 210.0)


def test_a_drawing_too_big_for_the_paper_is_refused_with_the_fix() -> None:
    with pytest.raises(PressError, match=r"does not fit on A4 .*use a larger --paper"):
        impose([card(300, 300)], PressOptions())
    assert impose([card(250, 300)], PressOptions(paper=NAMED["a3"]))


def test_crop_marks_line_up_with_every_trim_edge() -> None:
    page = impose([card() for _ in range(2)], PressOptions(crop_marks="corners"))[0]
    marks = next(p.drawing for p in page.placements if p.drawing.title == "crop marks")
    verticals = {
        round(s.segments[0].x, 3)
        for s in marks.children  # type: ignore[union-attr]
        if isinstance(s, Path) and s.segments[0].x == s.segments[1].x
    }  # type: ignore
    cells = sorted(p.transform.e for p in page.placements if p.drawing.title == "")
    assert verticals == {round(cells[0], 3), round(cells[0] + 63, 3), round(cells[1] + 63, 3)}


@pytest.mark.parametrize("flip", ["long", "short"])
def test_duplex_backs_land_behind_their_fronts(flip: str) -> None:
    fronts = [card(bleed=2) for _ in range(5)]
    backs = [card(bleed=2) for _ in range(5)]
    pages = impose_duplex(fronts, backs, PressOptions(), flip=flip)  # type: ignore[arg-type]
    assert len(pages) == 2
    front, back = pages
    width, height = front.width, front.height
    for f, b in zip(front.placements[:5], back.placements[:5], strict=True):
        assert backs.index(b.drawing) == fronts.index(f.drawing)
        fx, fy = f.transform.e, f.transform.f
        bx, by = b.transform.e, b.transform.f
        if flip == "long":  # portrait page turned over its long (vertical) edge
            assert bx == pytest.approx(width - fx - 63) and by == pytest.approx(fy)
        else:
            assert bx == pytest.approx(fx) and by == pytest.approx(height - fy - 88)


def test_duplex_offset_shifts_every_back() -> None:
    plain = impose_duplex([card()], [card()], PressOptions())[1].placements[0].transform
    moved = impose_duplex([card()], [card()], PressOptions(), offset=(0.5, -0.3))[1]
    shifted = moved.placements[0].transform
    assert (shifted.e - plain.e, shifted.f - plain.f) == pytest.approx((0.5, -0.3))


def test_ruler_is_placed_where_it_fits_and_left_out_where_not() -> None:
    ruler = calibration_ruler(PageWords())
    small = impose([card()], PressOptions())[0]
    assert any(p.drawing is ruler for p in small.placements)
    full = impose([card(194, 281)], PressOptions())[0]
    assert not any(p.drawing is ruler for p in full.placements)
    bars = [s for s in ruler.children if isinstance(s, Rect) and s.style.fill is None]
    assert [round(b.w, 3) for b in bars] == [100.0, 101.6]


def test_a_pad_repeats_one_page_object() -> None:
    pages = pad(card(120, 170), PressOptions(gap=10), 50)
    assert len(pages) == 50 and all(p is pages[0] for p in pages)
    sheets = [p for p in pages[0].placements if p.drawing.title == ""]
    assert len(sheets) == 2  # two fit on landscape A4, with cut guides between them
    assert any(p.drawing.title == "crop marks" for p in pages[0].placements)
