"""A picture tiled over pages, judged as the person cutting and sticking them would, from the
paper's geometry and the drawing's own shapes (never from the tiler's tables): the pages'
windows cover the picture with the overlap asked and no page more than the paper needs; each
page holds the picture's shapes that reach into its window, placed at its offset, and none far
from it; each ⊕ mark sits on a cut and shows whole on every page it falls on; the dashed cut
lines run down the middle of each overlap; the map shows every page at its place in the grid,
this one filled; the words name the page, its neighbours and the page count, in type of 6 pt
or more, clear of the map; nothing comes within 3 mm of the paper's edge.

The cases: Scrumpit's real board (its cells and texts kept clear of cuts and marks) and a
poster of every kind of shape (rectangles, circles, lines, curves, texts turned and anchored
three ways, images, fields, scaled and clipped groups), on A4 and Letter, portrait, landscape
and the tiler's own choice. The default tier runs two of them, the slow tier the rest."""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path as FilePath

import pytest
from PIL import Image as PILImage

from sheetgen.draw.document import Page
from sheetgen.draw.fonts import cap_height, pt, text_width
from sheetgen.draw.geometry import flattened
from sheetgen.draw.shapes import (
    Anchor,
    Circle,
    CurveTo,
    Drawing,
    Field,
    Group,
    Image,
    LineTo,
    MoveTo,
    Path,
    Rect,
    Shape,
    Style,
    Text,
)
from sheetgen.draw.sheets import TileWords
from sheetgen.draw.transform import IDENTITY, Transform, rotate, scale, translate
from sheetgen.draw.walk import leaves
from sheetgen.errors import SheetgenError, UsageError
from sheetgen.games.scrumpit.board_drawing import board_drawing, board_keep
from sheetgen.games.scrumpit.components import tile_words
from sheetgen.games.scrumpit.model import BoardLayout
from sheetgen.layouts.read import load
from sheetgen.press import PressOptions, parse_paper
from sheetgen.press.tiling import tile
from sheetgen.text.own_fonts import own_face
from tests.support import tiered
from tests.support.fonts import font_folder

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
EDGE = 3.0  # mm: nothing within this of the paper's edge (a home printer's unprintable rim)
MARK_ARM = 2.5  # mm: half the width of a ⊕ mark, as drawn
WORDS = TileWords(
    rows="ABCDEFGH",
    name="{row}{column}",
    heading="Page {page} of {count}, {rows} rows by {columns} columns",
    keep="Keep this page whole",
    over_left="Cut the left edge and lay it over page {page}",
    over_top="Cut the top edge and lay it over page {page}",
    marks="Line up the marks",
    unmarked="Line up the picture",
    map="Where the pages go",
)


def _png() -> bytes:
    out = io.BytesIO()
    PILImage.new("RGB", (4, 3), "#3366aa").save(out, "PNG")
    return out.getvalue()


def _poster() -> tuple[Drawing, float, list[Box], TileWords, str]:
    """560 x 380 mm of every kind of leaf on a 9 x 8.5 mm grid, under groups translated,
    scaled and clipped; the box of one small rectangle kept clear."""
    png = _png()
    ink = Style(stroke="#204060", width=0.8, fill="#e0e8f0")
    shapes: list[Shape] = [Rect(0, 0, 560, 380, Style(stroke=None, fill="#f4f0e8"))]
    k = 0
    for j in range(44):
        for i in range(62):
            x, y = 4 + i * 9.0, 3 + j * 8.5
            kind = k % 11
            k += 1
            if kind == 0:
                shapes.append(Rect(x, y, 3.0, 2.0, ink))
            elif kind == 1:
                shapes.append(Circle(x + 1.5, y + 1.5, 1.2, Style(width=0.6)))
            elif kind == 2:
                shapes.append(Path((MoveTo(x, y), LineTo(x + 4, y + 3)), Style(width=1.0)))
            elif kind == 3:  # a curve bulging well past its ends
                curve = CurveTo(x - 3, y + 8, x + 7, y + 8, x + 4, y)
                shapes.append(Path((MoveTo(x, y), curve), Style(width=0.5)))
            elif kind == 4:
                anchor: Anchor = ("start", "middle", "end")[(i + j) % 3]
                shapes.append(Text(x + 2, y + 3, "Wq", 2.6, anchor=anchor))
            elif kind == 5:
                shapes.append(Text(x + 2, y + 1, "Lg", 2.4, rotation=90.0))
            elif kind == 6:
                shapes.append(Image(x, y, 3.0, 2.5, png, "png", (4, 3)))
            elif kind == 7:
                shapes.append(Field(f"f{k}", "text", x, y, 4.0, 2.0))
            elif kind == 8:  # scaled twice: its stroke reaches twice as far
                leg = Path((MoveTo(0, 0), LineTo(1.5, 1.0)), Style(width=0.6))
                shapes.append(Group((leg,), translate(x, y) @ scale(2.0)))
            elif kind == 9:  # nested groups, the inner one clipped
                dot = Circle(1.0, 1.0, 0.8, Style(stroke=None, fill="#aa3322"))
                inner = Group((dot, Rect(0, 0, 3, 2, Style(width=0.3))), clip=(0, 0, 3, 2))
                shapes.append(Group((Group((inner,), translate(0.5, 0.5)),), translate(x, y)))
            else:
                shapes.append(Rect(x, y, 2.0, 3.0, Style(stroke=None, fill="#667788")))
    drawing = Drawing(560, 380, tuple(shapes), title="poster")
    return drawing, 10.0, [(300.0, 200.0, 3.0, 2.0)], WORDS, "Poster (real size)"


def _scrumpit() -> tuple[Drawing, float, list[Box], TileWords, str]:
    layout: BoardLayout = load("scrumpit/standard").model  # type: ignore[assignment]
    drawing = board_drawing(layout, layout.labels, layout.cell, pencil=False)
    keep = board_keep(layout, layout.cell)
    return drawing, layout.overlap, keep, tile_words(layout.labels), "Scrumpit board"


ART = {"scrumpit": _scrumpit, "poster": _poster}
ORIENT = {"portrait": False, "landscape": True, "either": None}
CASES = [(a, p, o) for a in ART for p in ("A4", "Letter") for o in ORIENT]
DEFAULT = {("scrumpit", "A4", "either"), ("poster", "Letter", "landscape")}


@cache
def _art(name: str) -> tuple[Drawing, float, list[Box], TileWords, str]:
    return ART[name]()


@cache
def _tiled(name: str, paper: str, orient: str, credit: str = "") -> list[Page]:
    drawing, lap, keep, words, caption = _art(name)
    press = PressOptions(paper=parse_paper(paper), landscape=ORIENT[orient], credit=credit)
    return tile(drawing, press, words, overlap=lap, caption=caption, keep=keep)


def _window(page: Page) -> Box:
    """The part of the picture a page prints, from the shift of its picture: x0, y0, x1, y1."""
    view = page.placements[0].drawing
    group = view.children[0]
    assert isinstance(group, Group) and group.transform.a == 1 and group.transform.d == 1
    x, y = -group.transform.e, -group.transform.f
    return (x, y, x + view.width, y + view.height)


def _grid(pages: list[Page], words: TileWords) -> dict[tuple[int, int], Page]:
    """The pages by (row, column), read from their names."""
    out = {}
    for page in pages:
        row = words.rows.index(page.label[0])
        out[(row, int(page.label[1:]) - 1)] = page
    return out


def _box(points: Sequence[tuple[float, float]], at: Transform, pad: float = 0.0) -> Box:
    placed = [at.apply(x, y) for x, y in points]
    xs, ys = [p[0] for p in placed], [p[1] for p in placed]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _text_corners(t: Text, top: float, bottom: float, grow: float) -> list[tuple[float, float]]:
    width = text_width(t.text, t.size, t.weight, t.family)
    left = t.x - {"start": 0.0, "middle": width / 2, "end": width}[t.anchor]
    corners = [(x, y) for x in (left - grow, left + width + grow) for y in (top, bottom)]
    if not t.rotation:
        return corners
    turn = rotate(t.rotation, t.x, t.y)
    return [turn.apply(x, y) for x, y in corners]


def _inked(shape: Shape, at: Transform) -> Box:
    """A box the shape surely inks into: its outline and half its stroke (a text's capitals,
    a curve's points along it)."""
    half = shape.style.width / 2 if hasattr(shape, "style") and shape.style.stroke else 0.0
    if isinstance(shape, Text):
        top = shape.y - cap_height(shape.size, shape.weight, shape.family)
        return _box(_text_corners(shape, top, shape.y, 0.0), at)
    if isinstance(shape, Circle):
        r = shape.r + half
        return _box([(shape.cx - r, shape.cy - r), (shape.cx + r, shape.cy + r)], at)
    if isinstance(shape, Path):
        return _box(flattened(shape.segments, 24), at, half * abs(at.a))
    assert isinstance(shape, (Rect, Field, Image))
    corners = [
        (shape.x - half, shape.y - half),
        (shape.x + shape.w + half, shape.y + shape.h + half),
    ]
    return _box(corners, at)


def _reach(shape: Shape, at: Transform) -> Box:
    """The furthest the shape's ink can go: its whole stroke out, a curve's handles, a text's
    em square and more (accents above, descenders below)."""
    width = shape.style.width if hasattr(shape, "style") else 0.0  # as if stroked
    if isinstance(shape, Text):
        corners = _text_corners(shape, shape.y - 1.5 * shape.size, shape.y + 0.5 * shape.size, 0.1)
        return _box(corners, at)
    if isinstance(shape, Circle):
        r = shape.r + width
        return _box([(shape.cx - r, shape.cy - r), (shape.cx + r, shape.cy + r)], at)
    if isinstance(shape, Path):
        points = [(s.x, s.y) for s in shape.segments if isinstance(s, (MoveTo, LineTo, CurveTo))]
        points += [(s.x1, s.y1) for s in shape.segments if isinstance(s, CurveTo)]
        points += [(s.x2, s.y2) for s in shape.segments if isinstance(s, CurveTo)]
        return _box(points, at, width * abs(at.a))
    assert isinstance(shape, (Rect, Field, Image))
    corners = [
        (shape.x - width, shape.y - width),
        (shape.x + shape.w + width, shape.y + shape.h + width),
    ]
    return _box(corners, at)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _same(a: Transform, b: Transform) -> bool:
    return all(
        math.isclose(p, q, abs_tol=1e-9) for p, q in zip(a.as_tuple(), b.as_tuple(), strict=True)
    )


def _groups(shapes: Sequence[Shape], at: Transform) -> list[tuple[tuple[float, ...], object]]:
    """Every group's place (its transform, rounded) and clip."""
    out: list[tuple[tuple[float, ...], object]] = []
    for s in shapes:
        if isinstance(s, Group):
            here = at @ s.transform
            out.append((tuple(round(v, 6) for v in here.as_tuple()), s.clip))
            out += _groups(s.children, here)
    return out


def _overlay(page: Page) -> Drawing:
    """The page's ⊕ marks and cut lines, found by their title."""
    (found,) = [p.drawing for p in page.placements if p.drawing.title == "registration marks"]
    return found


def _dashed(page: Page) -> list[Path]:
    marks = _overlay(page)
    return [s for s in marks.children if isinstance(s, Path) and s.style.dash]


def _marks(page: Page) -> list[tuple[float, float]]:
    """The centres of the page's ⊕ marks, on the picture (mm)."""
    x, y, _, _ = _window(page)
    marks = _overlay(page)
    return [(x + s.cx, y + s.cy) for s in marks.children if isinstance(s, Circle)]


def _cuts(pages: dict[tuple[int, int], Page]) -> tuple[list[float], list[float]]:
    """Where the picture is cut: the middle of each overlap of neighbouring windows."""
    rows = 1 + max(r for r, _ in pages)
    cols = 1 + max(c for _, c in pages)
    xs = [(_window(pages[0, c])[2] + _window(pages[0, c + 1])[0]) / 2 for c in range(cols - 1)]
    ys = [(_window(pages[r, 0])[3] + _window(pages[r + 1, 0])[1]) / 2 for r in range(rows - 1)]
    return xs, ys


def _least(length: float, room: float, lap: float) -> int:
    """The fewest windows `room` long, each overlapping the next by `lap`, that cover `length`."""
    n = 1
    while n * room - (n - 1) * lap < length - 1e-6:
        n += 1
    return n


def _info(page: Page) -> tuple[float, float, Drawing]:
    words = next(p for p in page.placements if p.drawing.title.endswith(" words"))
    return words.transform.e, words.transform.f, words.drawing


@pytest.mark.parametrize("case", tiered(CASES, DEFAULT), ids="-".join)
def test_the_windows_cover_the_picture_with_the_overlap_on_no_more_pages_than_needed(
    case: tuple[str, str, str],
) -> None:
    art, paper, orient = case
    drawing, lap, _keep, words, _ = _art(art)
    pages = _tiled(*case)
    grid = _grid(pages, words)
    rows, cols = 1 + max(r for r, _ in grid), 1 + max(c for _, c in grid)
    assert len(pages) == rows * cols == len(grid)
    assert [p.label for p in pages] == [grid[r, c].label for r in range(rows) for c in range(cols)]
    page_w, page_h = pages[0].width, pages[0].height
    sheet = parse_paper(paper)
    if orient != "either":
        assert (page_w > page_h) == (orient == "landscape")
    assert {page_w, page_h} == {sheet.width, sheet.height}
    margin = PressOptions().margin
    for (r, c), page in grid.items():
        x0, y0, x1, y1 = _window(page)
        assert x0 == pytest.approx(0 if c == 0 else _window(grid[r, c - 1])[2] - lap)
        assert y0 == pytest.approx(0 if r == 0 else _window(grid[r - 1, c])[3] - lap)
        if c == cols - 1:
            assert x1 == pytest.approx(drawing.width)
        if r == rows - 1:
            assert y1 == pytest.approx(drawing.height)
        assert (x0, x1) == pytest.approx(_window(grid[0, c])[::2])  # columns line up
        assert (y0, y1) == pytest.approx(_window(grid[r, 0])[1::2])  # rows line up
        # the window printed at its size inside the margins, centred across the paper
        assert x1 - x0 <= page_w - 2 * margin + 1e-6
        at = page.placements[0].transform
        assert (at.a, at.d) == (1, 1)
        assert at.e == pytest.approx((page_w - (x1 - x0)) / 2)
        assert at.f == pytest.approx(margin)
        assert page.trim == pytest.approx((at.e, at.f, x1 - x0, y1 - y0))
        assert page.bleed == page.trim  # no bleed: the pages are cut at the marks
        assert page.placements[1].transform == at  # the marks and cuts over the picture
    # the cuts, the middle of each overlap, share the picture out: each part shows once
    xs, ys = _cuts(grid)
    edges_x, edges_y = [0.0, *xs, drawing.width], [0.0, *ys, drawing.height]
    assert edges_x == sorted(edges_x) and edges_y == sorted(edges_y)
    assert all(b - a > lap for a, b in itertools.pairwise(edges_x))
    # no more pages than the paper needs: the columns the printable width takes, the rows the
    # height left over the words (34 mm of the paper, by the tiler's design)
    room_w = page_w - 2 * margin
    room_h = page_h - 2 * margin - 34.0
    assert cols == _least(drawing.width, room_w, lap)
    assert rows == _least(drawing.height, room_h, lap)
    if orient == "either":  # the other way round takes as many pages or more, portrait on ties
        other = _tiled(art, paper, "portrait" if page_w > page_h else "landscape")
        assert len(other) >= len(pages)
        assert len(other) > len(pages) or page_w < page_h


@pytest.mark.parametrize("case", tiered(CASES, DEFAULT), ids="-".join)
def test_every_page_holds_the_picture_clipped_to_its_window(case: tuple[str, str, str]) -> None:
    """A page's picture is the drawing's own shapes in their order, shifted by the window's
    corner: every shape that inks into the window is there, none that cannot reach it, and
    groups keep their clips."""
    drawing = _art(case[0])[0]
    board = list(leaves(drawing.children, IDENTITY))
    board_groups = set(_groups(drawing.children, IDENTITY))
    for page in _tiled(*case):
        window = _window(page)
        view = page.placements[0].drawing
        assert view.clip and (view.width, view.height) == pytest.approx(
            (window[2] - window[0], window[3] - window[1])
        )
        shift = translate(-window[0], -window[1])
        kept = [False] * len(board)
        i = 0
        for shape, at in leaves(view.children, IDENTITY):
            while not (board[i][0] == shape and _same(shift @ board[i][1], at)):
                i += 1  # an IndexError: a shape the drawing does not have there
            kept[i] = True
            i += 1
        for (shape, at), held in zip(board, kept, strict=True):
            if _meets(_inked(shape, at), window):
                assert held, (page.label, shape, window)
            if held:
                assert _meets(_reach(shape, at), window), (page.label, shape, window)
        group = view.children[0]
        assert isinstance(group, Group)
        for where, clip in _groups(group.children, IDENTITY):
            assert (where, clip) in board_groups, (page.label, where, clip)


@pytest.mark.parametrize("case", tiered(CASES, DEFAULT), ids="-".join)
def test_cut_lines_and_marks_sit_where_the_neighbouring_page_lies(
    case: tuple[str, str, str],
) -> None:
    """Each page with a neighbour to its left (above) has one dashed red line down (across) the
    middle of that overlap, the whole height (width) of its picture; each ⊕ mark sits on a cut,
    clear of what matters and of the picture's edge, and every page it falls on whole draws
    it, whole: the two pages it joins line up by it."""
    drawing, lap, keep, words, _ = _art(case[0])
    marks = _check_marks(_tiled(*case), drawing, lap, keep, words)
    xs, ys = _cuts(_grid(_tiled(*case), words))
    for cut in xs:  # two marks at least on every cut: a page lines up by two points
        assert sum(abs(x - cut) < 1e-6 for x, _ in marks) >= 2, cut
    for cut in ys:
        assert sum(abs(y - cut) < 1e-6 for _, y in marks) >= 2, cut


def _red(colour: str | None) -> bool:
    """A red ink: #rrggbb with red well above green and blue."""
    assert colour is not None and len(colour) == 7 and colour[0] == "#", colour
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return r > 150 and r > 2 * g and r > 2 * b


def _check_marks(
    pages: list[Page], drawing: Drawing, lap: float, keep: Sequence[Box], words: TileWords
) -> set[tuple[float, float]]:
    """Checks the cut lines and marks of `pages` (as the test above says); the marks."""
    grid = _grid(pages, words)
    xs, ys = _cuts(grid)
    marks: set[tuple[float, float]] = set()
    for (r, c), page in grid.items():
        x0, y0, x1, y1 = _window(page)
        w, h = x1 - x0, y1 - y0
        lines = [
            [(s.x, s.y) for s in p.segments if isinstance(s, (MoveTo, LineTo))]
            for p in _dashed(page)
        ]
        want = []
        if c > 0:
            want.append([(xs[c - 1] - x0, 0.0), (xs[c - 1] - x0, h)])
        if r > 0:
            want.append([(0.0, ys[r - 1] - y0), (w, ys[r - 1] - y0)])
        flat = sorted(tuple(v for point in ln for v in point) for ln in lines)
        assert len(flat) == len(want), page.label
        for got, ought in zip(
            flat, sorted(tuple(v for pt_ in ln for v in pt_) for ln in want), strict=True
        ):
            assert got == pytest.approx(ought), page.label
        assert all(p.style.stroke == _dashed(page)[0].style.stroke for p in _dashed(page))
        assert xs[c - 1] - x0 == pytest.approx(lap / 2) if c > 0 else True
        marks |= {(round(x, 6), round(y, 6)) for x, y in _marks(page)}
        drawn = _overlay(page)
        circles = [s for s in drawn.children if isinstance(s, Circle)]
        arms = [s for s in drawn.children if isinstance(s, Path) and not s.style.dash]
        assert len(arms) == 2 * len(circles)
        guides: list[Circle | Path] = [*circles, *arms, *_dashed(page)]
        for guide in guides:  # thin red lines, seen on any art
            assert _red(guide.style.stroke) and 0.1 <= guide.style.width <= 0.5, guide
            assert guide.style.fill is None
        # a ring inside the cross, both of a size to line up by eye
        assert all(1.0 <= circle.r <= MARK_ARM - 0.5 for circle in circles)
        for circle in circles:  # a cross through each ring, as wide as the mark
            ends = sorted(
                tuple(round(v, 6) for v in (s.x, s.y))
                for a in arms
                for s in a.segments
                if isinstance(s, (MoveTo, LineTo))
                and math.dist((s.x, s.y), (circle.cx, circle.cy)) < MARK_ARM + 1e-6
            )
            cx, cy, arm = circle.cx, circle.cy, MARK_ARM
            assert ends == sorted(
                tuple(round(v, 6) for v in p)
                for p in [(cx - arm, cy), (cx + arm, cy), (cx, cy - arm), (cx, cy + arm)]
            ), page.label
    texts = [
        _box(_text_corners(s, s.y - cap_height(s.size, s.weight, s.family), s.y, 0.0), at)
        for s, at in leaves(drawing.children, IDENTITY)
        if isinstance(s, Text)
    ]
    matters = [(x, y, x + w, y + h) for x, y, w, h in keep] + texts
    for mx, my in marks:
        on_x = any(abs(mx - c) < 1e-6 for c in xs)
        on_y = any(abs(my - c) < 1e-6 for c in ys)
        assert on_x or on_y, (mx, my)
        # clear of the picture's edges along its cut, and of the crossing cuts' overlaps
        assert (my if on_x else mx) >= EDGE + MARK_ARM - 1e-6
        assert (my if on_x else mx) <= (
            drawing.height if on_x else drawing.width
        ) - EDGE - MARK_ARM + 1e-6
        for cut in ys if on_x else xs:
            assert abs((my if on_x else mx) - cut) >= lap - 1e-6, (mx, my)
        clear = MARK_ARM + 2 - 1e-5  # 2 mm round each mark (to the rounding of its centre)
        reach = (mx - clear, my - clear, mx + clear, my + clear)
        assert not any(_meets(reach, box) for box in matters), (mx, my)
        for page in grid.values():
            x0, y0, x1, y1 = _window(page)
            whole = x0 + MARK_ARM < mx < x1 - MARK_ARM and y0 + MARK_ARM < my < y1 - MARK_ARM
            here = any(math.dist((mx, my), m) < 1e-6 for m in _marks(page))
            assert here == whole, (page.label, mx, my)
    return marks


def test_marks_run_along_each_free_cut_at_most_40_mm_apart() -> None:
    """On a picture with nothing to keep clear, the marks along each stretch of a cut between
    the picture's edges (3 mm and a mark's half-width in) and the other cuts' overlaps are
    evenly spaced, no more than 40 mm apart, the first and last at its ends (one alone, in its
    middle)."""
    lap = 12.0
    plain = Drawing(430, 640, (Rect(0, 0, 430, 640, Style(stroke=None, fill="#ccddee")),))
    pages = tile(plain, PressOptions(), WORDS, overlap=lap, caption="plain")
    grid = _grid(pages, WORDS)
    xs, ys = _cuts(grid)
    assert xs and ys
    marks = {(round(x, 6), round(y, 6)) for p in pages for x, y in _marks(p)}
    end = EDGE + MARK_ARM
    for cuts, others, across, flip in ((xs, ys, 640, False), (ys, xs, 430, True)):
        stops = [end, *(v for o in others for v in (o - lap, o + lap)), across - end]
        for cut in cuts:
            along = sorted(
                m[0] if flip else m[1] for m in marks if abs((m[1] if flip else m[0]) - cut) < 1e-6
            )
            for a, b in zip(stops[::2], stops[1::2], strict=True):
                here = [v for v in along if a - 1e-6 <= v <= b + 1e-6]
                count = math.floor((b - a) / 40.0) + 1
                want = (
                    [(a + b) / 2]
                    if count == 1
                    else [a + i * (b - a) / (count - 1) for i in range(count)]
                )
                assert here == pytest.approx(want), (cut, a, b)
            assert len(along) == sum(
                math.floor((b - a) / 40.0) + 1 for a, b in zip(stops[::2], stops[1::2], strict=True)
            )


@pytest.mark.parametrize("case", tiered(CASES, DEFAULT), ids="-".join)
def test_the_map_shows_every_page_at_its_place_this_one_filled(case: tuple[str, str, str]) -> None:
    """The map is the picture's outline split into equal rows and columns, one box a page at its
    row and column, named inside where the name fits, this page's box dark with its name white;
    it sits at the right of the words, under its title, inside the band below the picture."""
    drawing, _, _, words, _ = _art(case[0])
    pages = _tiled(*case)
    grid = _grid(pages, words)
    rows, cols = 1 + max(r for r, _ in grid), 1 + max(c for _, c in grid)
    margin = PressOptions().margin
    for (r, c), page in grid.items():
        left, _top, info = _info(page)
        assert left == pytest.approx(margin)
        assert info.width == pytest.approx(page.width - 2 * margin)
        scheme = [(s, at) for s, at in leaves(info.children, IDENTITY) if isinstance(s, Rect)]
        assert len(scheme) == rows * cols
        boxes = [_box([(s.x, s.y), (s.x + s.w, s.y + s.h)], at) for s, at in scheme]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        bw, bh = (x1 - x0) / cols, (y1 - y0) / rows
        assert (x1 - x0) / (y1 - y0) == pytest.approx(drawing.width / drawing.height)
        assert x1 == pytest.approx(info.width)  # at the right margin
        assert x1 - x0 <= min(70.0, info.width / 3) + 1e-6
        assert y0 > 0 and y1 <= info.height + 1e-6
        # as large as a third of the words' width (70 mm at most) or the band's height allow
        assert x1 - x0 == pytest.approx(min(70.0, info.width / 3)) or y1 == pytest.approx(
            min(info.height, 50.0)
        )
        found = {}
        for (s, _), b in zip(scheme, boxes, strict=True):
            cell = (round((b[1] - y0) / bh), round((b[0] - x0) / bw))
            assert b == pytest.approx(
                (
                    x0 + cell[1] * bw,
                    y0 + cell[0] * bh,
                    x0 + (cell[1] + 1) * bw,
                    y0 + (cell[0] + 1) * bh,
                )
            )
            found[cell] = s
        assert set(found) == set(grid)
        for cell, s in found.items():
            assert (s.style.fill not in (None, "#ffffff")) == (cell == (r, c)), (page.label, cell)
            assert s.style.stroke
        texts = [(s, at) for s, at in leaves(info.children, IDENTITY) if isinstance(s, Text)]
        title = [(s, at) for s, at in texts if s.text == words.map]
        assert len(title) == 1
        t, at = title[0]
        tx, ty = at.apply(t.x, t.y)
        assert t.anchor == "end" and tx == pytest.approx(info.width) and ty <= y0
        assert t.size >= pt(6) - 1e-9 and t.weight == "bold"
        assert tx - text_width(t.text, t.size, t.weight) >= x0 - 1e-6  # over the map only
        # one dark ink for the words, the title and the names (but the filled page's)
        inks = {s.colour for s, _ in texts if s.colour != "#ffffff"}
        assert len(inks) == 1
        ink = inks.pop()
        assert all(int(ink[i : i + 2], 16) < 80 for i in (1, 3, 5)), ink
        names = {s.text: at.apply(s.x, s.y) for s, at in texts if at.e > 0 and s.text != words.map}
        for (rr, cc), here in grid.items():
            if here.label in names:
                nx, ny = names[here.label]
                assert nx == pytest.approx(x0 + (cc + 0.5) * bw)
                assert y0 + rr * bh < ny < y0 + (rr + 1) * bh
                colour = next(
                    s.colour for s, _ in texts if s.text == here.label and s.anchor == "middle"
                )
                assert (colour == "#ffffff") == ((rr, cc) == (r, c))
        for name, _ in names.items():
            width = text_width(name, pt(7), "bold")
            assert width < bw, (page.label, name)
        if bw > 8 and bh > 4:  # room for every name
            assert set(names) >= {p.label for p in pages}


@pytest.mark.parametrize("case", tiered(CASES, DEFAULT), ids="-".join)
def test_the_words_name_the_page_its_neighbours_and_the_count(case: tuple[str, str, str]) -> None:
    """Under the picture: the caption, 'page A2 of 6' with the rows and columns, which pages its
    cut edges go over (or that it is kept whole), how to line it up (by marks only on a page
    that shows some); each line in 6 pt or more, below the one before, left of the map, inside
    the band between the picture and the paper's foot."""
    _drawing, _, _, words, caption = _art(case[0])
    pages = _tiled(*case)
    grid = _grid(pages, words)
    rows, cols = 1 + max(r for r, _ in grid), 1 + max(c for _, c in grid)
    for (r, c), page in grid.items():
        _left, top, info = _info(page)
        _x0, y0, _x1, y1 = _window(page)
        assert top >= page.placements[0].transform.f + (y1 - y0)  # below the picture
        maps = [s for s, _ in leaves(info.children, IDENTITY) if isinstance(s, Rect)]
        map_left = min(
            at.apply(s.x, s.y)[0]
            for s, at in leaves(info.children, IDENTITY)
            if isinstance(s, Rect)
        )
        lines = [
            (s, at)
            for s, at in leaves(info.children, IDENTITY)
            if isinstance(s, Text) and at.e == 0
        ]
        said = [s.text for s, _ in lines]
        name = page.label
        heading = words.heading.format(page=name, count=rows * cols, rows=rows, columns=cols)
        want = [caption, heading]
        if (r, c) == (0, 0):
            want.append(words.keep)
        if c > 0:
            want.append(words.over_left.format(page=words.name.format(row=words.rows[r], column=c)))
        if r > 0:
            want.append(
                words.over_top.format(page=words.name.format(row=words.rows[r - 1], column=c + 1))
            )
        want.append(words.marks if _marks(page) else words.unmarked)
        assert " ".join(said) == " ".join(want), page.label
        assert maps
        last = -math.inf
        for s, _ in lines:
            assert s.size >= pt(6) - 1e-9, (page.label, s.text)
            assert s.anchor == "start" and s.x == 0 and not s.rotation
            top_of = s.y - cap_height(s.size, s.weight)
            assert top_of >= last + 0.2 * s.size, (page.label, s.text)  # a gap between lines
            last = s.y
            assert text_width(s.text, s.size, s.weight) <= map_left - 2.0, (page.label, s.text)
            assert last + 0.3 * s.size <= info.height + 1e-6
        assert [s.weight for s, _ in lines[:2]] == ["bold", "bold"]


@pytest.mark.parametrize("case", tiered(CASES, DEFAULT), ids="-".join)
def test_nothing_comes_within_3_mm_of_the_paper_edge_nor_overlaps(
    case: tuple[str, str, str],
) -> None:
    """The picture, its marks, the words, the ruler and the footer each sit inside the paper
    less 3 mm, one under the other without overlapping."""
    for page in _tiled(*case):
        spans = []
        for placement in page.placements:
            d, at = placement.drawing, placement.transform
            x0, y0 = at.apply(0, 0)
            x1, y1 = at.apply(d.width, d.height)
            assert x0 >= EDGE and x1 <= page.width - EDGE, (page.label, d.title)
            assert y0 >= EDGE and y1 <= page.height - EDGE, (page.label, d.title)
            for s, where in leaves(d.children, at):
                if isinstance(s, Text) and d.title.endswith(" words"):
                    tx0, _ty0, tx1, ty1 = _inked(s, where)
                    assert tx0 >= EDGE and tx1 <= page.width - EDGE and ty1 <= y1 + 1e-6
            if d.title != "registration marks":
                spans.append((y0, y1, d.title))
        spans.sort()
        for (_, a1, a), (b0, _, b) in itertools.pairwise(spans):
            assert a1 <= b0 + 1e-6, (page.label, a, b)
        titles = [t for _, _, t in spans]
        assert titles[0].startswith("page ") and titles[1].endswith(" words"), titles
        # the ruler where the band under the picture keeps 25 mm for the words (five lines
        # and the map) above it: 4 mm under the picture, the ruler 9 mm, 3 mm clear of it
        tallest = max(p.placements[0].drawing.height for p in _tiled(*case))
        band = page.height - 2 * PressOptions().margin - tallest
        room = page.width - 2 * PressOptions().margin >= 165 and band - 4 - 9 - 3 >= 25
        assert ("calibration ruler" in titles) == room, (page.label, band)
        if room:
            _, _top, info = _info(page)
            assert info.height >= 25 - 1e-6


def test_a_credit_puts_the_footer_under_every_page_and_the_words_above_it() -> None:
    pages = _tiled("poster", "A4", "portrait", credit="Poster by N. Body, 2026")
    bare = _tiled("poster", "A4", "portrait")
    assert len(pages) == len(bare)
    for page in pages:
        footers = [p for p in page.placements if "footer" in p.drawing.title.lower()]
        assert len(footers) == 1, [p.drawing.title for p in page.placements]
        f = footers[0]
        fx0, fy0 = f.transform.apply(0, 0)
        fx1, fy1 = f.transform.apply(f.drawing.width, f.drawing.height)
        assert fx0 >= 0 and fx1 <= page.width and fy0 >= 0 and fy1 <= page.height
        others = [p for p in page.placements if p is not f]
        low = max(p.transform.apply(p.drawing.width, p.drawing.height)[1] for p in others)
        assert low <= page.height - PressOptions(credit="x").footer_top + 1e-6


def test_small_paper_leaves_out_the_ruler_and_wraps_long_words_at_6_pt_or_more() -> None:
    """On paper too narrow for the 165 mm ruler, no ruler; a caption too long for one line at
    6 pt is broken into lines that each fit beside the map."""
    drawing = Drawing(400, 300, (Rect(0, 0, 400, 300, Style(stroke=None, fill="#ddeeff")),))
    caption = "A very long caption " * 12
    press = PressOptions(paper=parse_paper("150x200"))
    pages = tile(drawing, press, WORDS, overlap=8, caption=caption.strip(), keep=())
    assert len(pages) > 1
    for page in pages:
        assert not [p for p in page.placements if p.drawing.title == "calibration ruler"]
        _left, _top, info = _info(page)
        texts = [
            s for s, at in leaves(info.children, IDENTITY) if isinstance(s, Text) and at.e == 0
        ]
        first = [s for s in texts if s.text and caption.startswith(s.text)]
        assert len(first) >= 1
        parts = []
        for s in texts:
            parts.append(s.text)
            assert s.size >= pt(6) - 1e-9
            assert text_width(s.text, s.size, s.weight) <= info.width * 2 / 3
        assert " ".join(parts).startswith(caption.strip()[:200].rsplit(" ", 1)[0])
    a4 = tile(drawing, PressOptions(landscape=False), WORDS, overlap=8, caption="short", keep=())
    assert all(any(p.drawing.title == "calibration ruler" for p in page.placements) for page in a4)


def test_an_overlap_too_large_names_the_largest_that_works() -> None:
    drawing = Drawing(700, 500, (Rect(0, 0, 700, 500, Style(stroke=None, fill="#ddeeff")),))
    press = PressOptions(paper=parse_paper("A4"), landscape=False)
    with pytest.raises(SheetgenError) as refused:
        tile(drawing, press, WORDS, overlap=150, caption="x")
    message = str(refused.value)
    assert "150 mm" in message and "A4" in message
    most = float(message.split("at most ")[1].split(" mm")[0])
    room = message.split("(")[1].split(" mm")[0]
    w, h = (float(v) for v in room.split(" x "))
    assert w == pytest.approx(210 - 16, abs=0.1)
    assert h == pytest.approx(297 - 16 - 34, abs=0.1)  # less the words' 34 mm
    assert most == pytest.approx(min(w, h) / 2, abs=0.1)
    tile(drawing, press, WORDS, overlap=most, caption="x")
    with pytest.raises(SheetgenError):
        tile(drawing, press, WORDS, overlap=most + 0.1, caption="x")


def test_a_picture_taller_than_the_rows_named_is_refused_with_its_page_count() -> None:
    tall = Drawing(150, 2600, (Rect(0, 0, 150, 2600, Style(stroke=None, fill="#ddeeff")),))
    press = PressOptions(landscape=False)
    with pytest.raises(SheetgenError) as refused:
        tile(tall, press, WORDS, overlap=10, caption="x")
    room_h = 297 - 16 - 34.0
    rows = _least(2600, room_h, 10)
    assert rows > len(WORDS.rows)
    assert f"{rows} x 1 pages of A4" in str(refused.value)
    assert f"limit of {len(WORDS.rows)} rows" in str(refused.value)
    wide = Drawing(10000, 1800, (Rect(0, 0, 10000, 1800, Style(stroke=None, fill="#ddeeff")),))
    with pytest.raises(SheetgenError, match="400 pages"):
        tile(wide, press, WORDS, overlap=10, caption="x")


def test_crop_marks_are_refused_on_a_tiled_picture() -> None:
    drawing = Drawing(400, 300, (Rect(0, 0, 400, 300, Style(stroke=None, fill="#ddeeff")),))
    with pytest.raises(UsageError) as refused:
        tile(drawing, PressOptions(crop_marks="corners"), WORDS, overlap=8, caption="x")
    said = str(refused.value)
    assert said.startswith("--crop-marks corners: a picture tiled over pages is cut at its")
    assert said.endswith(
        "not at crop marks (put it on one page, e.g. with --fit or a larger --paper)"
    )
    assert tile(drawing, PressOptions(crop_marks="none"), WORDS, overlap=8, caption="x")


def _ladder(x: float, y: float, k: int, family: str) -> Shape:
    """The k-th kind of shape (of 10) at (x, y), about 2 mm across (texts of the last kind in
    the designer's font `family`)."""
    pen = Style(stroke="#204060", width=1.0)
    shapes: list[Shape] = [
        Rect(x - 1, y - 0.75, 2.0, 1.5, pen),
        Circle(x, y, 0.8, pen),
        Path((MoveTo(x - 1, y - 0.5), LineTo(x + 1, y + 0.5)), pen),
        Path((MoveTo(x - 1, y), CurveTo(x - 1.5, y + 3, x + 1.5, y - 3, x + 1, y)), pen),
        Text(x, y, "Hxg", 2.0, anchor=("start", "middle", "end")[int(x * 8 + y * 8) % 3]),
        Text(x, y, "Hxg", 2.0, rotation=90.0),
        Image(x - 1, y - 0.75, 2.0, 1.5, _png(), "png", (4, 3)),
        Field("f", "text", x - 1, y - 0.75, 2.0, 1.5),
        Group(
            (Path((MoveTo(-0.5, 0), LineTo(0.5, 0)), Style(width=0.5)),),
            translate(x, y) @ scale(2.0),
        ),
        Text(x, y, "AXY", 2.0, anchor=("start", "end")[int(x * 8 + y * 8) % 2], family=family),
    ]
    return shapes[k]


def test_a_page_keeps_the_shapes_that_reach_its_window_and_none_that_cannot(
    tmp_path: FilePath,
) -> None:
    """Shapes of every kind stepped an eighth of a millimetre at a time across each edge of a
    page's window (and an image flush against each edge): each one that inks into the window
    is kept, none whose ink cannot reach it, in the drawing's order; groups left with nothing
    are dropped, those kept keep their place and clip. Texts in a designer's font (capitals
    0.7 of an em, letters of their own widths) are measured in it."""
    from sheetgen.press.tiling import leaf_boxes, visible

    family = own_face(font_folder(tmp_path), "Boxes.ttf").css_family
    assert text_width("AXY", 2.0, family=family) != pytest.approx(text_width("AXY", 2.0))

    window = (100.0, 60.0, 80.0, 50.0)
    x0, y0, x1, y1 = 100.0, 60.0, 180.0, 110.0
    shapes: list[Shape] = []
    steps = [i / 8 for i in range(-64, 65)]
    for k in range(10):
        for d in steps:
            shapes += [
                _ladder(x0 + d, 85.0, k, family),
                _ladder(x1 + d, 85.0, k, family),
                _ladder(140.0, y0 + d, k, family),
                _ladder(140.0, y1 + d, k, family),
            ]
    png = _png()
    shapes += [  # flush against each edge: they touch the window but show nothing in it
        Image(x0 - 3, 80, 3, 2, png, "png", (4, 3)),
        Image(x1, 80, 3, 2, png, "png", (4, 3)),
        Image(130, y0 - 2, 3, 2, png, "png", (4, 3)),
        Image(130, y1, 3, 2, png, "png", (4, 3)),
    ]
    inner = Group((Rect(0, 0, 4, 4, Style(width=0.2)),), translate(2, 2), clip=(0, 0, 3, 3))
    shapes += [
        Group((inner,), translate(150, 90)),
        Group((Group((Rect(0, 0, 4, 4),), clip=(0, 0, 4, 4)),), translate(10, 10)),
    ]
    kept = visible(tuple(shapes), iter(leaf_boxes(tuple(shapes), IDENTITY)), window)
    board = list(leaves(shapes, IDENTITY))
    held = [(s, at) for s, at in leaves(kept, IDENTITY)]
    i, flags = 0, [False] * len(board)
    for shape, at in held:
        while not (board[i][0] == shape and _same(board[i][1], at)):
            i += 1
        flags[i] = True
        i += 1
    box = (x0, y0, x1, y1)
    for (shape, at), here in zip(board, flags, strict=True):
        if _meets(_inked(shape, at), box):
            assert here, (shape, at)
        # (a turned text is kept up to its length off the window: its box is grown for
        # accents and descenders after turning, the way of an upright one)
        if here and not (isinstance(shape, Text) and shape.rotation):
            assert _meets(_reach(shape, at), box), (shape, at)
    assert sum(flags) > 100 and not all(flags)

    def groups(found: Sequence[Shape]) -> list[Group]:
        out = [g for g in found if isinstance(g, Group)]
        return out + [h for g in out for h in groups(g.children)]

    assert all(g.children for g in groups(kept))
    assert inner in groups(kept)
    assert not [g for g in groups(kept) if g.transform == translate(10, 10)]


def test_an_overlap_too_narrow_for_a_whole_mark_shows_none_and_says_so() -> None:
    """With 4 mm of overlap a ⊕ mark (5 mm across) on a cut shows whole on neither page: no
    page draws a part of one, and each says to line up the picture instead."""
    plain = Drawing(430, 640, (Rect(0, 0, 430, 640, Style(stroke=None, fill="#ccddee")),))
    pages = tile(plain, PressOptions(), WORDS, overlap=4.0, caption="plain")
    assert len(pages) > 2
    assert not _check_marks(pages, plain, 4.0, [], WORDS)
    for page in pages:
        said = [s.text for s, _ in leaves(_info(page)[2].children, IDENTITY) if isinstance(s, Text)]
        assert WORDS.unmarked in said and WORDS.marks not in said


@pytest.mark.parametrize("vertical", [True, False])
def test_a_cut_moves_to_keep_1_mm_clear_of_a_word_where_its_share_falls(vertical: bool) -> None:
    """A word where the even share would cut (the picture's middle, two pages each way) is
    left whole, the cut at least 1 mm clear of it on the side nearer the share."""
    size = 4.0
    word = "MIDDLE OF THE PICTURE"
    half = text_width(word, size) / 2
    if vertical:  # the word across the vertical cut, the text turned for the horizontal one
        art = Drawing(300, 200, (Text(150, 100, word, size, anchor="middle"),))
    else:
        art = Drawing(150, 400, (Text(60, 200, word, size, anchor="middle", rotation=90.0),))
    pages = tile(art, PressOptions(landscape=False), WORDS, overlap=10, caption="x")
    xs, ys = _cuts(_grid(pages, WORDS))
    (cut,) = xs if vertical else ys
    middle = 150.0 if vertical else 200.0
    assert abs(cut - middle) >= half + 1.0 - 1e-6, cut
    assert abs(cut - middle) <= half + 1.6, cut  # and no further than it needs


def test_words_a_little_too_long_shrink_onto_one_line_no_smaller_than_6_pt() -> None:
    """A caption that fits beside the map at 6.5 pt is set on one line at that size (in its
    own bold weight), not wrapped; the map's title, too long for the map, is shrunk to its
    width."""
    drawing = Drawing(400, 300, (Rect(0, 0, 400, 300, Style(stroke=None, fill="#ddeeff")),))
    room = 210 - 16 - min(70.0, (210 - 16) / 3) - 4.0  # the words' width on A4, beside the map
    unit = text_width("Wide caption words ", pt(6.5), "bold")
    caption = ("Wide caption words " * math.floor(room / unit)).strip()
    caption += " x" * 40
    while text_width(caption, pt(6.5), "bold") > room:
        caption = caption[:-2]
    assert text_width(caption, pt(9), "bold") > room  # too long at the heading's 9 pt
    long_map = "Where every one of these pages goes, laid out"
    words = TileWords(**{**WORDS.__dict__, "map": long_map})
    pages = tile(drawing, PressOptions(landscape=False), words, overlap=8, caption=caption)
    for page in pages:
        texts = [
            (s, at) for s, at in leaves(_info(page)[2].children, IDENTITY) if isinstance(s, Text)
        ]
        (line,) = [s for s, _ in texts if s.text == caption]
        assert pt(6) - 1e-9 <= line.size < pt(9) and line.weight == "bold"
        assert text_width(caption, line.size, "bold") <= room + 1e-6
        (title, at) = next((s, at) for s, at in texts if s.text == long_map)
        right = at.apply(title.x, title.y)[0]
        width = _info(page)[2].width  # the map's column: a third of it, 70 mm at most
        assert right - text_width(long_map, title.size, "bold") >= width - min(70, width / 3) - 1e-6


def _plain(width: float, height: float) -> Drawing:
    return Drawing(width, height, (Rect(0, 0, width, height, Style(stroke=None, fill="#ddeeff")),))


@pytest.mark.parametrize(
    ("width", "height"), [(400, 300), (300, 400), (150, 500), (500, 150), (300, 300)]
)
def test_the_tiler_turns_the_paper_the_way_that_takes_fewer_pages(
    width: float, height: float
) -> None:
    """Left to choose, the tiler prints the picture on as few pages as either way round of
    the paper takes, upright when both take as many."""
    art = _plain(width, height)
    upright = tile(art, PressOptions(landscape=False), WORDS, overlap=10, caption="x")
    turned = tile(art, PressOptions(landscape=True), WORDS, overlap=10, caption="x")
    chosen = tile(art, PressOptions(), WORDS, overlap=10, caption="x")
    assert len(chosen) == min(len(upright), len(turned))
    wide = chosen[0].width > chosen[0].height
    assert wide == (len(turned) < len(upright))
    for pages in (upright, turned, chosen):  # a page a window, one window under another
        grid = _grid(pages, WORDS)
        assert _window(grid[max(grid)])[2:] == pytest.approx((width, height))


def test_the_page_limits_hold_exactly() -> None:
    """400 pages and as many rows as there are row letters are allowed; one column or one row
    more is refused. A picture exactly two windows and an overlap long takes two pages."""
    from sheetgen.press.tiling import plan

    press = PressOptions(landscape=False)
    room_w, room_h = 210 - 16, 297 - 16 - 34.0  # A4 upright: the picture's room on a page
    most = plan(_plain(50 * room_w - 49 * 10, 8 * room_h - 7 * 10), press, 10, (), 8)
    assert (most.rows, most.columns) == (8, 50)
    with pytest.raises(SheetgenError, match="8 x 51 pages"):
        plan(_plain(50 * room_w - 49 * 10 + 1, 8 * room_h - 7 * 10), press, 10, (), 8)
    with pytest.raises(SheetgenError, match="9 x 1 pages"):
        plan(_plain(100, 8 * room_h - 7 * 10 + 1), press, 10, (), 8)
    one_row = plan(_plain(400 * room_w - 399 * 10, 100), press, 10, (), 1)
    assert (one_row.rows, one_row.columns) == (1, 400)
    two = plan(_plain(2 * room_w - 10, 2 * room_h - 10), press, 10, (), 8)
    assert (two.rows, two.columns) == (2, 2)
    for message in ("use larger --paper or --fit", "over the limit of 8 rows and 400 pages"):
        with pytest.raises(SheetgenError) as refused:
            plan(_plain(100, 8 * room_h), press, 10, (), 8)
        assert message in str(refused.value)


@pytest.mark.parametrize(
    ("paper", "height", "ruler"),
    [("A4", 239.5, True), ("A4", 240.0, True), ("A4", 240.5, False), ("181x297", 200, True),
     ("180.5x297", 200, False), ("175x297", 200, False)],
)  # fmt: skip
def test_the_ruler_goes_under_the_words_where_the_paper_leaves_room(
    paper: str, height: float, ruler: bool
) -> None:
    """The 165 mm ruler goes centred at the foot of every page where the paper is 165 mm wide
    inside its margins and the band under the picture keeps 25 mm for the words above it (4 mm
    under the picture, the ruler 9 mm, 3 mm clear of it): a picture 240 mm tall on A4."""
    art = _plain(300, height)
    pages = tile(
        art, PressOptions(paper=parse_paper(paper), landscape=False), WORDS, overlap=10, caption="x"
    )
    for page in pages:
        found = [p for p in page.placements if p.drawing.title == "calibration ruler"]
        assert bool(found) == ruler, page.label
        if found:
            at = found[0].transform
            assert at.e == pytest.approx((page.width - found[0].drawing.width) / 2)
            assert at.f + found[0].drawing.height == pytest.approx(page.height - 8)
            _, top, info = _info(page)
            assert top + info.height <= at.f - 3 + 1e-6


def test_on_short_paper_the_words_take_a_quarter_of_the_height() -> None:
    """Where 34 mm would be more than a quarter of the paper's height inside its margins, the
    words and map take that quarter and the picture the rest."""
    press = PressOptions(paper=parse_paper("160x110"), landscape=True)
    room = (110 - 16) * 3 / 4
    for height, rows in ((130, 2), (140, 3)):  # two pages take 2 x 70.5 - 6 = 135 mm
        pages = tile(_plain(100, height), press, WORDS, overlap=6, caption="x")
        assert len(pages) == rows == _least(height, room, 6)
        assert max(_window(p)[3] - _window(p)[1] for p in pages) <= room + 1e-6


def test_the_words_are_set_line_under_line_from_the_top_of_their_band() -> None:
    """The first line's capitals start within a millimetre of the band's top, and each line is
    1.2 to 1.7 times its size below the one before, as text is leaded."""
    pages = _tiled("scrumpit", "A4", "either")
    for page in pages:
        lines = [
            s
            for s, at in leaves(_info(page)[2].children, IDENTITY)
            if isinstance(s, Text) and at.e == 0
        ]
        first = lines[0]
        assert 0 <= first.y - cap_height(first.size, first.weight) <= 1.0
        for a, b in itertools.pairwise(lines):
            assert 1.2 * b.size <= b.y - a.y <= 1.7 * max(a.size, b.size), (a.text, b.text)


def test_the_map_names_a_page_inside_its_box_where_the_name_fits() -> None:
    """On maps of 1 to 8 rows and 1 to 40 columns, a page's name is drawn in the middle of its
    box where the box leaves room round the name's capitals (a millimetre across, 1.2 mm up
    and down) and never where it would touch or cross the box's lines; the boxes' lines thin."""
    from sheetgen.press.tiling import Plan, _map

    bold = pt(7)
    cap = cap_height(bold, "bold")
    checked = drawn = 0
    grids = [(r, c, 93.0) for r in range(1, 9) for c in (1, 2, 3, 5, 8, 11, 14, 17, 20, 26, 40)]
    grids += [(r, c, h) for r in (1, 2, 5, 8) for c in (1, 2, 4, 9, 16) for h in (60, 35, 20, 12)]
    grids += [(1, 1, 5.5), (2, 1, 5.5)]  # one wide row 3.5 mm tall: room for the name
    for rows, cols, high in grids:
        cuts_x = tuple(100.0 * (c + 1) for c in range(cols - 1))
        cuts_y = tuple(high * (r + 1) for r in range(rows - 1))
        plan = Plan(cuts_x, cuts_y, False, 100.0 * cols, high * rows, 10.0)
        shapes = _map(plan, WORDS, 0, 0, 64.0, 34.0)
        boxes = [s for s in shapes if isinstance(s, Rect)]
        names = [s for s in shapes if isinstance(s, Text) and s.text != WORDS.map]
        assert len(boxes) == rows * cols
        # within its 64 mm column, under its title (whose baseline sits just above it)
        assert min(b.x for b in boxes) >= -1e-6 and max(b.x + b.w for b in boxes) <= 64 + 1e-6
        assert max(b.y + b.h for b in boxes) <= 34 + 1e-6
        (title,) = [s for s in shapes if isinstance(s, Text) and s.text == WORDS.map]
        assert 0.8 <= boxes[0].y - title.y <= 2.0 and title.y - cap >= 0
        for box in boxes:
            assert box.style.stroke == title.colour and 0.1 <= box.style.width <= 0.5
            inside = [
                n for n in names if box.x < n.x < box.x + box.w and box.y < n.y < box.y + box.h
            ]
            r, c = round((box.y - boxes[0].y) / box.h), round((box.x - boxes[0].x) / box.w)
            name = WORDS.name.format(row=WORDS.rows[r], column=c + 1)
            width = text_width(name, bold, "bold")
            roomy = width <= box.w - 1.0 and cap <= box.h - 1.6
            tight = width > box.w - 0.5 or cap > box.h - 1.0
            checked += 1
            if inside:
                (label_,) = inside
                drawn += 1
                assert label_.text == name and label_.weight == "bold"
                assert label_.x == pytest.approx(box.x + box.w / 2)
                assert label_.y - cap / 2 == pytest.approx(box.y + box.h / 2)
                assert not tight, (rows, cols, name, box)
            else:
                assert not roomy, (rows, cols, name, box)
    assert 0 < drawn < checked
