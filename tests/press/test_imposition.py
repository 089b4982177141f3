"""Imposition worked out by hand: where N-up cells land on A4 (210 x 297 mm, 8 mm margins),
the crop marks in line with every trim edge, the ruler, orientation, and duplex backs that sit
behind their fronts on portrait and landscape pages turned over either edge."""

from __future__ import annotations

import pytest

from sheetgen.draw.document import Page, Placement
from sheetgen.draw.fonts import cap_height, text_width
from sheetgen.draw.shapes import Drawing, Path, Rect
from sheetgen.draw.transform import Transform
from sheetgen.errors import PressError
from sheetgen.press import NAMED, PressOptions, impose, impose_duplex, pad, parse_paper
from sheetgen.press.marks import cut_marks
from sheetgen.press.plan import Grid
from sheetgen.press.ruler import calibration_ruler
from sheetgen.text.page_words import PageWords


def card(w: float = 63.0, h: float = 88.0, bleed: float = 0.0) -> Drawing:
    return Drawing(w, h, (Rect(0, 0, w, h),), bleed=bleed)


def cells(page: object) -> list[tuple[float, float]]:
    return [
        (round(p.transform.e, 3), round(p.transform.f, 3))
        for p in page.placements  # type: ignore[attr-defined]
        if p.drawing.title == ""
    ]


def marks(page: object) -> set[tuple[float, float, float, float]]:
    placed = next(p for p in page.placements if p.drawing.title == "crop marks")  # type: ignore[attr-defined]
    assert (placed.transform.e, placed.transform.f) == (0, 0)  # drawn in page coordinates
    drawing = placed.drawing
    out = set()
    for shape in drawing.children:
        assert isinstance(shape, Path)
        (a, b) = shape.segments
        out.add((round(a.x, 3), round(a.y, 3), round(b.x, 3), round(b.y, 3)))  # type: ignore[union-attr]
        assert (shape.style.stroke, shape.style.width) == ("#000000", 0.15)
    return out


def ruler_at(page: object) -> tuple[float, float] | None:
    ruler = calibration_ruler(PageWords())
    for p in page.placements:  # type: ignore[attr-defined]
        if p.drawing is ruler:
            return (round(p.transform.e, 3), round(p.transform.f, 3))
    return None


def test_four_cards_make_a_centred_two_by_two_block_with_the_ruler_below() -> None:
    # 194 x 281 mm inside the margins holds 3 x 3 cards; four need 2 x 2 (empty rows and
    # columns dropped): a 126 x 176 block, centred across (x 42), and centred down in the
    # room left above the ruler's 12 mm (9 mm bar + 3 mm clearance): y = 8 + (281-12-176)/2
    page = impose([card() for _ in range(4)], PressOptions(crop_marks="corners"))[0]
    assert (page.width, page.height) == (210.0, 297.0)
    assert cells(page) == [(42.0, 54.5), (105.0, 54.5), (42.0, 142.5), (105.0, 142.5)]
    assert page.trim == (42.0, 54.5, 126.0, 176.0) and page.bleed == page.trim
    assert ruler_at(page) == (22.5, 280.0)  # centred, its foot on the bottom margin
    xs, ys = (42.0, 105.0, 168.0), (54.5, 142.5, 230.5)
    expected = {(x, 53.5, x, 48.5) for x in xs} | {(x, 231.5, x, 236.5) for x in xs}
    expected |= {(41.0, y, 36.0, y) for y in ys} | {(169.0, y, 174.0, y) for y in ys}
    assert marks(page) == expected  # 5 mm long, 1 mm clear of the block, on every trim edge


def test_bleed_widens_the_pitch_and_the_marks_stay_outside_it() -> None:
    # 63 x 88 with 2 mm bleed: 67 x 92 a cell; two abut across: block 134 x 92, at
    # x (210-134)/2 and y 8 + (281-12-92)/2, each trim corner 2 mm further in
    page = impose([card(bleed=2) for _ in range(2)], PressOptions(crop_marks="corners"))[0]
    assert cells(page) == [(40.0, 98.5), (107.0, 98.5)]
    assert page.trim == (40.0, 98.5, 130.0, 88.0)
    assert page.bleed == (38.0, 96.5, 134.0, 92.0)
    found = marks(page)
    # trim edges at x 40, 103, 107, 170; marks start 1 mm outside the bleed (y 96.5 - 1)
    assert {m[0] for m in found if m[0] == m[2]} == {40.0, 103.0, 107.0, 170.0}
    assert (40.0, 95.5, 40.0, 90.5) in found
    assert (37.0, 98.5, 32.0, 98.5) in found  # left of the bleed, at the top trim edge
    rows = impose([card(bleed=2) for _ in range(4)], PressOptions(landscape=False))[0]
    assert [y for _, y in cells(rows)][::2] == [52.5, 144.5]  # rows 88 + 2 x 2 mm apart


def test_marks_shorten_where_the_page_edge_is_near_and_vanish_where_there_is_no_room() -> None:
    paper = parse_paper("100x150")
    # margin 3: one 80 x 138 card at (10, 6). Marks start 1 mm clear of the block and stop
    # 5.25 mm inside the paper's edge (5 mm, half the 0.15 mm line and a pixel to spare): none
    # above or below (4 mm of paper there), 3.75 mm at the sides
    page = impose([card(80, 138)], PressOptions(paper=paper, margin=3, crop_marks="corners"))[0]
    found = marks(page)
    assert {(9.0, 6.0, 5.25, 6.0), (91.0, 6.0, 94.75, 6.0)} <= found
    assert not [m for m in found if m[0] == m[2]]  # no room for a vertical mark
    # an 80 x 140 card's top trim lies 5 mm from the edge: a mark along it would ink within 5 mm
    edge = impose([card(80, 140)], PressOptions(paper=paper, margin=3, crop_marks="corners"))[0]
    assert marks(edge) == set()
    tight = impose([card(96, 146)], PressOptions(paper=paper, margin=1, crop_marks="corners"))[0]
    assert marks(tight) == set()


def test_marks_run_to_5_25mm_inside_the_paper_and_no_nearer() -> None:
    """`full` marks: a line along every trim edge, on past the block as far as a corner mark
    goes (6 mm) but never within 5.25 mm of the paper's edge (5 mm, half the 0.15 mm line and
    a pixel to spare); a trim edge nearer the edge than that gets no line at all, and one just
    5.25 mm in has its line (or, `corners`, its marks)."""
    paper = parse_paper("100x150")
    press = PressOptions(paper=paper, margin=3, ruler=False, crop_marks="full")
    # an 80 x 138 card at (10, 6): lines at x 10 and 90, y 6 and 144, each stopped 5.25 mm in
    page = impose([card(80, 138)], press)[0]
    assert marks(page) == {
        (10.0, 5.25, 10.0, 144.75), (90.0, 5.25, 90.0, 144.75),
        (5.25, 6.0, 94.75, 6.0), (5.25, 144.0, 94.75, 144.0),
    }  # fmt: skip
    # an 89.5 x 139.5 card with its trim corner at (5.25, 5.25): every trim edge lies just at
    # the limit, and has its line; the lines meet in a rectangle round the card
    grid = Grid(100.0, 150.0, 1, 1, 89.5, 139.5, 0.0, 0.0, 5.25, 5.25)
    exact = Page(100.0, 150.0, (Placement(cut_marks(grid, [], "full"), Transform()),))
    assert marks(exact) == {
        (5.25, 5.25, 5.25, 144.75), (94.75, 5.25, 94.75, 144.75),
        (5.25, 5.25, 94.75, 5.25), (5.25, 144.75, 94.75, 144.75),
    }  # fmt: skip
    # corner marks along trims just at the limit, left and right: 5 mm long, 1 mm clear of the
    # card above and below it; none beside it (no paper left between the card and the limit)
    grid = Grid(100.0, 150.0, 1, 1, 89.5, 100.0, 0.0, 0.0, 5.25, 20.0)
    exact = Page(100.0, 150.0, (Placement(cut_marks(grid, [], "corners"), Transform()),))
    assert marks(exact) == {
        (5.25, 19.0, 5.25, 14.0), (5.25, 121.0, 5.25, 126.0),
        (94.75, 19.0, 94.75, 14.0), (94.75, 121.0, 94.75, 126.0),
    }  # fmt: skip
    grid = Grid(100.0, 150.0, 1, 1, 60.0, 139.5, 0.0, 0.0, 20.0, 5.25)  # the same, top and bottom
    exact = Page(100.0, 150.0, (Placement(cut_marks(grid, [], "corners"), Transform()),))
    assert marks(exact) == {
        (19.0, 5.25, 14.0, 5.25), (81.0, 5.25, 86.0, 5.25),
        (19.0, 144.75, 14.0, 144.75), (81.0, 144.75, 86.0, 144.75),
    }  # fmt: skip
    # something below the block (a ruler, a footer) from x 20 to 80, marks to stop at y 123:
    # the lines along x 20 and 80, just at its ends, stop there too (3 mm short of 126)
    grid = Grid(100.0, 150.0, 1, 1, 60.0, 100.0, 0.0, 0.0, 20.0, 20.0)
    below = Page(
        100.0, 150.0, (Placement(cut_marks(grid, [(20.0, 80.0, 123.0)], "full"), Transform()),)
    )
    assert {m for m in marks(below) if m[0] == m[2]} == {
        (20.0, 14.0, 20.0, 123.0),
        (80.0, 14.0, 80.0, 123.0),
    }
    # an 80 x 140 card at (10, 5): its top and bottom trims lie 5 mm from the edge, no line
    page = impose([card(80, 140)], press)[0]
    assert marks(page) == {(10.0, 5.25, 10.0, 144.75), (90.0, 5.25, 90.0, 144.75)}


def test_a_corner_mark_of_the_shortest_length_and_one_run_over_the_bleed() -> None:
    """An 86 x 100 card on 100 x 150 paper lies 7 mm from each side: a mark 1 mm clear of it
    runs from 6 mm to the 5.25 mm limit, 0.75 mm, the shortest kept. With 0.5 mm bleed the
    block's edge is 6.5 mm in, leaving 0.25 mm past the clearance: the mark starts instead
    1 mm outside the cut, over the bleed cut away, at 6 mm again."""
    paper = parse_paper("100x150")
    press = PressOptions(paper=paper, margin=3, ruler=False, crop_marks="corners")
    for bleed in (0.0, 0.5):
        found = marks(impose([card(86, 100, bleed=bleed)], press)[0])
        across = {m for m in found if m[1] == m[3]}
        # trims at y 25 and 125: the card (with its bleed) centred down the page
        assert across == {
            (6.0, 25.0, 5.25, 25.0), (6.0, 125.0, 5.25, 125.0),
            (94.0, 25.0, 94.75, 25.0), (94.0, 125.0, 94.75, 125.0),
        }, bleed  # fmt: skip


def test_a_gap_between_cells_and_pages_of_the_same_grid() -> None:
    # 63 x 88 with 4 mm gaps: portrait holds (194+4)//67 x (281+4)//92 = 2 x 3, landscape
    # (281 x 194 inside) 4 x 2 = 8, so landscape: a 264 x 180 block at x (297-264)/2 and
    # y 8 + (194-12-180)/2, the ruler 4 mm below it
    pages = impose([card() for _ in range(9)], PressOptions(gap=4))
    assert len(pages) == 2 and (pages[0].width, pages[0].height) == (297.0, 210.0)
    xs, ys = (16.5, 83.5, 150.5, 217.5), (9.0, 101.0)
    assert cells(pages[0]) == [(x, y) for y in ys for x in xs]
    assert cells(pages[1]) == [(16.5, 9.0)]  # the ninth keeps the first place
    assert ruler_at(pages[0]) == (66.0, 193.0)
    tall = impose([card() for _ in range(6)], PressOptions(gap=4, landscape=False))[0]
    # portrait 2 x 3: a 130 x 272 block leaves 9 mm below, too little for the ruler
    assert cells(tall)[:2] == [(40.0, 12.5), (107.0, 12.5)] and ruler_at(tall) is None


def test_the_orientation_that_holds_more_wins_and_portrait_wins_ties() -> None:
    # 130 x 90: portrait holds 1 x 3, landscape (281 x 194 inside) 2 x 2
    assert impose([card(130, 90)] * 4, PressOptions())[0].width == 297.0
    assert impose([card(130, 90)] * 3, PressOptions())[0].width == 210.0  # 3 either way
    forced = impose([card(130, 90)] * 3, PressOptions(landscape=True))[0]
    assert forced.width == 297.0
    assert len(impose([card()] * 9, PressOptions(per_page=4))) == 3  # at most 4 a page


def test_a_sheet_that_fits_neither_way_is_refused_naming_paper_margins_and_fix() -> None:
    with pytest.raises(PressError) as caught:
        impose([card(200, 290, bleed=1)], PressOptions())
    assert str(caught.value) == (
        "a 200 × 290 mm sheet (plus 1 mm bleed) does not fit on A4 (210 × 297 mm) inside 8 mm "
        "margins (use a larger --paper, e.g. A3)"
    )
    assert impose([card(200, 290, bleed=1)], PressOptions(paper=NAMED["a3"]))  # fits A3
    assert impose([card(194, 281)], PressOptions())  # exactly the room inside the margins


def test_cells_imposed_together_must_match_and_exist() -> None:
    with pytest.raises(PressError, match=r"^nothing to print: the component made no drawings$"):
        impose([], PressOptions())
    for odd in (card(64, 88), card(63, 89), card(bleed=1)):
        with pytest.raises(PressError, match=r"^drawings imposed together must share one size"):
            impose([card(), odd], PressOptions())
    with pytest.raises(PressError, match=r"^3 fronts but 2 backs: duplex needs one back each$"):
        impose_duplex([card()] * 3, [card()] * 2, PressOptions())


@pytest.mark.parametrize(
    ("size", "count", "flip", "mirror"),
    [
        ((63.0, 88.0), 5, "long", "x"),  # portrait turned over its long (side) edge
        ((63.0, 88.0), 5, "short", "y"),  # portrait over its short (top) edge
        ((130.0, 90.0), 4, "long", "y"),  # landscape: the long edge is the top
        ((130.0, 90.0), 4, "short", "x"),
    ],
)
def test_duplex_backs_sit_behind_their_fronts(
    size: tuple[float, float], count: int, flip: str, mirror: str
) -> None:
    w, h = size
    fronts = [card(w, h, bleed=2) for _ in range(count)]
    backs = [card(w, h, bleed=2) for _ in range(count)]
    for offset in ((0.0, 0.0), (0.5, -0.3)):
        front, back = impose_duplex(fronts, backs, PressOptions(), flip, offset)  # type: ignore[arg-type]
        assert (front.width > front.height) == (w == 130.0)
        assert back.trim is not None and front.trim is not None
        for i, (f, b) in enumerate(
            zip(front.placements[:count], back.placements[:count], strict=True)
        ):
            assert f.drawing is fronts[i] and b.drawing is backs[i]
            fx, fy = f.transform.e, f.transform.f
            # mirrored in x, left and right swap; in y, top and bottom
            expected = (front.width - fx - w, fy) if mirror == "x" else (fx, front.height - fy - h)
            assert (b.transform.e, b.transform.f) == pytest.approx(
                (expected[0] + offset[0], expected[1] + offset[1])
            )
        assert not any(p.drawing.title == "crop marks" for p in back.placements)
        assert ruler_at(back) is None  # the back carries only the backs


def test_backs_turn_over_the_long_edge_unless_told_otherwise() -> None:
    front, back = impose_duplex([card()], [card()], PressOptions())
    f, b = front.placements[0].transform, back.placements[0].transform
    assert (b.e, b.f) == (210 - f.e - 63, f.f)


def test_the_ruler_needs_3_mm_below_the_cells_and_165_mm_across() -> None:
    # one 190 x 266 sheet: 281 - 266 = 15 mm spare; y = 8 + (281 - 12 - 266) / 2 = 9.5, so
    # the sheet ends at 275.5 and the ruler's top (280) is 4.5 mm below
    assert ruler_at(impose([card(190, 266)], PressOptions())[0]) == (22.5, 280.0)
    # 190 x 269: 12 mm spare, exactly the ruler and its 3 mm
    assert ruler_at(impose([card(190, 269)], PressOptions())[0]) == (22.5, 280.0)
    assert ruler_at(impose([card(190, 270)], PressOptions())[0]) is None
    narrow = PressOptions(paper=parse_paper("181x297"))  # 165 mm between the margins
    assert ruler_at(impose([card(100, 100)], narrow)[0]) == (8.0, 280.0)
    narrower = PressOptions(paper=parse_paper("180.9x297"))
    assert ruler_at(impose([card(100, 100)], narrower)[0]) is None


def test_a_pad_repeats_one_page_with_cut_guides_when_several_fit() -> None:
    one = pad(card(190, 245), PressOptions(), 3)
    assert len(one) == 3 and one[0] is one[1] is one[2]
    assert len(cells(one[0])) == 1
    assert not any(p.drawing.title == "crop marks" for p in one[0].placements)
    two = pad(card(120, 170), PressOptions(), 2)[0]
    assert len(cells(two)) == 2 and any(p.drawing.title == "crop marks" for p in two.placements)
    assert len(cells(pad(card(63, 88), PressOptions(per_page=2), 1)[0])) == 2


def _footers(page: object) -> list[str]:
    return [
        shape.text
        for p in page.placements  # type: ignore[attr-defined]
        if p.drawing.title == "footer"
        for shape in p.drawing.children
    ]


def test_duplex_sheets_say_front_and_back_in_a_footer_the_crop_marks_leave_clear() -> None:
    # 30 x 30 tiles on A4: 6 x 9 = 54 a sheet, so 108 tiles make two full sheets, front and back
    tiles = [card(30, 30)] * 108
    opts = PressOptions(crop_marks="corners", credit="Game v1 by A. Designer")
    pages = impose_duplex(tiles, tiles, opts)
    assert [_footers(p) for p in pages] == [
        [f"Game v1 by A. Designer · {side}"] for _ in (1, 2) for side in ("front", "back")
    ]
    assert pages[0].signature() == pages[2].signature()  # repeats stay one picture
    text = pages[0].placements[-1].drawing.children[0]
    assert text.y <= 297 - 5 - 0.5  # descenders clear of the 5 mm edge
    half = text_width(text.text, text.size) / 2
    for x1, y1, x2, y2 in marks(pages[0]):
        crosses = (
            105 - half - 0.5 <= x1 <= 105 + half + 0.5
            and max(y1, y2) > text.y - cap_height(text.size) - 0.5
        )
        assert not crosses, (x1, y1, x2, y2)
    single = impose(tiles[:4], opts)
    assert [_footers(p) for p in single] == [["Game v1 by A. Designer"]]


def test_crop_marks_stop_short_of_the_ruler() -> None:
    # a 150 x 265 card on A4 ends 5 mm above the ruler: room for a mark of 3.5 mm, not 5
    page = impose([card(150, 265)], PressOptions(crop_marks="corners"))[0]
    at = ruler_at(page)
    assert at is not None
    x0, y0 = at
    for x1, y1, x2, y2 in marks(page):
        inside = x0 - 1 <= x1 <= x0 + 166 and max(y1, y2) > y0 - 0.5
        assert not inside, (x1, y1, x2, y2)


def test_a_part_filled_last_page_has_marks_only_for_its_filled_rows() -> None:
    # 30 x 30 tiles on A4: 6 x 9 a page, 54 + 8 = 62 tiles; the last page fills 2 rows
    pages = impose([card(30, 30)] * 62, PressOptions(crop_marks="corners"))
    last = marks(pages[1])
    cells_y = sorted({y for _, y in cells(pages[1])})
    assert len(cells_y) == 2
    bottom = cells_y[-1] + 30
    across = {round(y1, 3) for x1, y1, x2, y2 in last if y1 == y2}
    assert across == {round(cells_y[0], 3), round(cells_y[1], 3), round(bottom, 3)}
    down_from = {round(min(y1, y2), 3) for x1, y1, x2, y2 in last if x1 == x2}
    assert max(down_from) == round(bottom + 1, 3)  # the lower marks start 1 mm under row 2
    assert len(marks(pages[0])) > len(last)
