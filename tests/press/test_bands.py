"""Headed bands of pieces as a player cutting them out sees them: on Walkabout's dice sheet
(three dice, a row of six 16 mm faces each, stood under one another) a faint line on every cut
of a row, the ends included, through the bleed to the edge of the colour and no further; each
die as far under the one before as the one before under its own; every name the same height
over its row; the rows across the middle of the page; the PDF's bleed box 2 mm round its trim
box. And, on bands made here of plain squares, one seam line on each cut between abutting
pieces (rows under rows too, on any paper), none where pieces do not abut, and stacking that
raises pieces but never lowers them, nor moves the ruler and the footer.

Expected values come from the layout's sizes and the docs (16 mm faces, 2 mm of die colour
beyond the row's cuts, a faint 0.2 mm line on each cut: docs/games/walkabout.md), the page's
width (a row centred across it), or from an independent reader: pdfium's pixels and text
boxes, pypdf's page boxes."""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from sheetgen.backends import render
from sheetgen.draw import Drawing, LineTo, MoveTo, Path, Rect, Style
from sheetgen.draw.document import Document, Page
from sheetgen.draw.sheets import Band
from sheetgen.games.walkabout.dice import face_bands
from sheetgen.games.walkabout.model import DiceLayout
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper
from sheetgen.press.bands import impose_bands
from sheetgen.press.paper import Paper

DICE: DiceLayout = load("walkabout/dice").model  # type: ignore[assignment]
DPI = 600
PX = DPI / 25.4  # pixels a mm
FACE, BLEED, FACES = 16.0, 2.0, 6  # the docs: 16 mm faces, 2 mm of colour past the cuts
SEAM = 0.2  # mm: the docs' faint line on each cut


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)


@dataclass(frozen=True)
class Strip:
    """A die's row of faces as printed: where its colour begins and ends (mm)."""

    left: float
    right: float
    top: float
    bottom: float

    def cuts(self) -> list[float]:
        """The x of every vertical cut: the colour's edge less the bleed, then a face apart."""
        return [self.left + BLEED + FACE * k for k in range(FACES + 1)]


X0, X1, Y1 = 45.0, 165.0, 180.0  # mm: the part of the page rendered (from its top), the dice's


@dataclass(frozen=True)
class Sheet:
    pdf: bytes
    width: float  # mm
    pixels: np.ndarray  # RGB at 600 dpi of the page from X0 to X1 across, 0 to Y1 down
    strips: list[Strip]  # light, medium, dark
    names: list[tuple[float, ...]]  # each die's name's first letter

    def at(self, x: float, y: float) -> np.ndarray:
        """The colour printed at (x, y) mm."""
        seen: np.ndarray = self.pixels[int(y * PX), int((x - X0) * PX)].astype(float)
        return seen


def _strip(pixels: np.ndarray, colour: str) -> Strip:
    """The band of `colour` at least 50 mm wide: its rows and columns."""
    mask = np.abs(pixels - _rgb(colour).astype(np.int16)).max(axis=-1) <= 3
    rows = np.flatnonzero(mask.sum(axis=1) > 50 * PX)
    middle = mask[(rows[0] + rows[-1]) // 2]
    cols = np.flatnonzero(middle)
    assert rows[-1] - rows[0] + 1 == len(rows), colour  # one band of it
    return Strip(X0 + cols[0] / PX, X0 + (cols[-1] + 1) / PX, rows[0] / PX, (rows[-1] + 1) / PX)


def _boxes(page: pdfium.PdfPage, word: str, first: bool = False) -> list[tuple[float, ...]]:
    """The box (left, top, right, bottom: mm from the page's top left) of every place `word`
    is printed on `page` (of its first letter alone, with `first`)."""
    text = page.get_textpage()
    height = page.get_height()
    found = []
    searcher = text.search(word, match_case=True, match_whole_word=True)
    while (hit := searcher.get_next()) is not None:
        start, count = hit
        boxes = [text.get_charbox(i) for i in range(start, start + (1 if first else count))]
        left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
        low, high = min(b[1] for b in boxes), max(b[3] for b in boxes)
        found.append(tuple(v * 25.4 / 72 for v in (left, height - high, right, height - low)))
    return found


@pytest.fixture(scope="module")
def sheet() -> Sheet:
    doc = document_for(load("walkabout/dice"), BuildOptions())
    assert len(doc.pages) == 1  # the three dice on one page
    pdf = render(doc, "pdf")[0][1]
    page = pdfium.PdfDocument(pdf)[0]
    width, height = page.get_width(), page.get_height()  # pt
    crop = (X0 / 25.4 * 72, height - Y1 / 25.4 * 72, width - X1 / 25.4 * 72, 0)
    image = page.render(scale=DPI / 72, crop=crop).to_pil().convert("RGB")
    pixels = np.asarray(image).astype(np.int16)
    strips = [_strip(pixels, die.colour) for die in DICE.dice]
    names = []
    for die in DICE.dice:
        (box,) = _boxes(page, die.name, first=True)
        names.append(box)
    return Sheet(pdf, width * 25.4 / 72, pixels, strips, names)


# --- the dice sheet: the seams -------------------------------------------------------------


def _coverage(pixels: np.ndarray, ground: np.ndarray, line: np.ndarray) -> np.ndarray:
    """How much of each pixel the line covers, from how far its colour went from the ground's
    towards the line's."""
    way = line - ground
    cover: np.ndarray = np.clip(((pixels - ground) @ way) / (way @ way), 0.0, 1.0)
    return cover


def test_a_faint_line_runs_along_every_cut_of_each_dies_row(sheet: Sheet) -> None:
    """On each of the seven cuts of a row (the two ends too: once the long cuts are made the
    line still shows where to cut): one line 0.2 mm wide centred on the cut, in the die's
    colour darkened a little towards its ink (faint, never black or the ink itself), running
    the whole height of the colour, through the bleed, and stopping where the colour does."""
    reach = round(0.8 * PX)  # pixels either side of a cut looked at
    for die, strip in zip(DICE.dice, sheet.strips, strict=True):
        assert round(strip.right - strip.left, 1) == FACES * FACE + 2 * BLEED
        colour, ink = _rgb(die.colour), _rgb(die.ink)
        for x in strip.cuts():
            col = int((x - X0) * PX)
            rows = slice(round((strip.top + 4) * PX), round((strip.bottom - 4) * PX))
            around = sheet.pixels[rows, col - reach : col + reach].astype(float)
            core = around[:, reach].mean(axis=0)
            # between the die's colour and its ink, nearer the colour
            t = float((core - colour) @ (ink - colour) / ((ink - colour) @ (ink - colour)))
            off = float(np.abs(core - (colour + t * (ink - colour))).max())
            assert 0.2 <= t <= 0.5 and off <= 8, (die.name, x, core, t)
            cover = _coverage(around, colour, core).mean(axis=0)
            width = cover.sum() / PX
            centre = (np.arange(len(cover)) + 0.5 + col - reach) @ cover / cover.sum()
            assert abs(width - SEAM) <= 0.03, (die.name, x, width)
            assert abs(X0 + centre / PX - x) <= 0.04, (die.name, x, X0 + centre / PX)
            # along the cut: the line (and nothing else: the crop marks are black) from the
            # colour's top edge to its bottom edge, unbroken
            top = round((strip.top - 3) * PX)
            down = sheet.pixels[top : round((strip.bottom + 3) * PX), int(centre)]
            seam = np.flatnonzero(np.abs(down - core).max(axis=-1) <= 24)
            first, last = (top + seam[0]) / PX, (top + seam[-1] + 1) / PX
            assert abs(first - strip.top) <= 2 / PX and abs(last - strip.bottom) <= 2 / PX
            assert len(seam) == seam[-1] - seam[0] + 1, (die.name, x)


def test_no_seam_runs_along_a_rows_outer_long_cuts(sheet: Sheet) -> None:
    """A die's row is one row: its top and bottom cuts are the crop marks' to show, so the
    colour along them stays plain between the vertical seams."""
    for die, strip in zip(DICE.dice, sheet.strips, strict=True):
        for y in (strip.top + BLEED, strip.bottom - BLEED):
            for x in strip.cuts()[:-1]:
                seen = sheet.at(x + FACE / 2, y)
                assert np.abs(seen - _rgb(die.colour)).max() <= 3, (die.name, x, y, seen)


# --- the dice sheet: the rows under their names --------------------------------------------


def test_each_die_stands_as_far_under_the_one_before_as_that_one_under_its_own(
    sheet: Sheet,
) -> None:
    """The dice are stacked: the dark die's row stands as far under the medium's as the
    medium's under the light's, not in the middle of what the page leaves it."""
    light, medium, dark = sheet.strips
    assert abs((dark.top - medium.bottom) - (medium.top - light.bottom)) <= 1.5 / PX


def test_every_dies_name_stands_the_same_height_over_its_row_clear_of_its_marks(
    sheet: Sheet,
) -> None:
    """Each name the same distance over the colour of its row (the first die's note above its
    name), far enough that the crop marks over the row stand clear under it; and it begins
    where the row's first cut is."""
    over = [strip.top - name[3] for strip, name in zip(sheet.strips, sheet.names, strict=True)]
    assert max(over) - min(over) <= 0.1, over
    for strip, name in zip(sheet.strips, sheet.names, strict=True):
        x = int((strip.cuts()[3] - X0) * PX)  # a middle cut, clear of the name
        column = sheet.pixels[round(name[3] * PX) : round(strip.top * PX), x]
        above = np.flatnonzero(column.max(axis=-1) < 100)  # dark: the crop mark's
        assert len(above) > 2 * PX, strip  # its crop mark is there, under the name
        assert above[0] / PX >= 1.0, (strip, above[0] / PX)  # a millimetre or more clear
        assert strip.cuts()[0] <= name[0] <= strip.cuts()[0] + 0.6, (name, strip)


def test_every_row_is_centred_across_the_page(sheet: Sheet) -> None:
    for strip in sheet.strips:
        assert abs((strip.left + strip.right) / 2 - sheet.width / 2) <= 0.05, strip


def test_the_pdfs_bleed_box_is_its_trim_box_and_2mm_round_it(sheet: Sheet) -> None:
    """A print shop reads the trim box as the cuts round every row (the light die's top cut to
    the dark die's bottom one) and the bleed box as the colour 2 mm beyond them."""
    page = PdfReader(io.BytesIO(sheet.pdf)).pages[0]
    top_of = float(page.mediabox.top)

    def mm(box: object) -> tuple[float, ...]:  # left, top, right, bottom, mm from the top left
        x0, y0, x1, y1 = (float(v) for v in box)  # type: ignore[attr-defined]
        return tuple(v * 25.4 / 72 for v in (x0, top_of - y1, x1, top_of - y0))

    trim, bleed = mm(page.trimbox), mm(page.bleedbox)
    light, dark = sheet.strips[0], sheet.strips[-1]
    cuts = (light.left + BLEED, light.top + BLEED, light.right - BLEED, dark.bottom - BLEED)
    assert all(abs(a - b) <= 0.05 for a, b in zip(trim, cuts, strict=True)), (trim, cuts)
    grown = (trim[0] - BLEED, trim[1] - BLEED, trim[2] + BLEED, trim[3] + BLEED)
    assert all(abs(a - b) <= 0.01 for a, b in zip(bleed, grown, strict=True)), (bleed, grown)


# --- bands of plain squares: seams on every cut between abutting pieces ----------------------


def _square(size: float, bleed: float, colour: str = "#c8d8ec") -> Drawing:
    paint = Style(stroke=None, fill=colour)
    return Drawing(
        size, size, (Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, paint),), bleed=bleed
    )


def _heading(width: float) -> Drawing:
    return Drawing(width, 4.0, (Rect(0, 0, 20, 4, Style(stroke=None, fill="#1030a0")),))


def _band(name: str, count: int, size: float = 21.5, bleed: float = 2.0) -> Band:
    pieces = [_square(size, bleed) for _ in range(count)]
    return Band(name, pieces, _heading, "#c8d8ec", 0.0, True, "#804020")


Segment = tuple[float, float, float, float]


def _lines(page: Page, title: str) -> list[Segment]:
    """Every straight line of the drawing titled `title` on `page`, in page mm, each from its
    left or top end."""
    out = []
    for placed in page.placements:
        if placed.drawing.title != title:
            continue
        for shape in placed.drawing.children:
            assert isinstance(shape, Path)
            ends = [s for s in shape.segments if isinstance(s, MoveTo | LineTo)]
            assert len(ends) == 2
            (x0, y0), (x1, y1) = (placed.transform.apply(s.x, s.y) for s in ends)
            out.append((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
    return out


def _cells(page: Page, band: Band) -> list[tuple[float, float]]:
    """Where each of the band's pieces stands on `page`: its cut's top-left corner."""
    ours = {id(piece) for piece in band.pieces}
    return [(p.transform.e, p.transform.f) for p in page.placements if id(p.drawing) in ours]


def _expected_seams(
    cells: Sequence[tuple[float, float]], size: float, bleed: float
) -> list[Segment]:
    """A line on each cut between two pieces and at each end of a row, the height of the
    colour (the bleed above and below the row); one along each cut where a piece stands on
    another, as long as the colour is wide."""
    rows: dict[float, list[float]] = {}
    for x, y in cells:
        rows.setdefault(round(y, 6), []).append(x)
    out: list[Segment] = []
    tops = sorted(rows)
    for i, y in enumerate(tops):
        xs = sorted(rows[y])
        cuts = [*xs, xs[-1] + size]
        assert all(abs(b - a - size) < 1e-6 for a, b in itertools.pairwise(cuts))  # abutting
        out += [(x, y - bleed, x, y + size + bleed) for x in cuts]
        below = rows.get(tops[i + 1], []) if i + 1 < len(tops) else []
        out += [
            (x - bleed, y + size, x + size + bleed, y + size)
            for x in xs
            if any(abs(x - under) < 1e-6 for under in below)
        ]
    return sorted(out)


def _same(got: list[Segment], want: list[Segment]) -> bool:
    return len(got) == len(want) and all(
        max(abs(a - b) for a, b in zip(g, w, strict=True)) < 1e-3  # a µm: nothing prints finer
        for g, w in zip(sorted(got), want, strict=True)
    )


@pytest.mark.parametrize(
    ("paper", "stack", "size"),
    [
        (Paper("test", 100.0, 150.0), True, 21.5),
        (parse_paper("3.937x5.906in"), False, 21.5),  # 99.9998 x 150.0124 mm: cuts off 1/1000
        (Paper("test", 100.0, 150.0), True, 17.4625),  # 11/16 in
        (Paper("test", 100.0, 150.0), True, 22.225),  # 7/8 in: rows once lost their seams
    ],
    ids=["mm", "inch-paper", "11-16in", "7-8in"],
)
def test_one_seam_along_every_cut_between_abutting_pieces(
    paper: Paper, stack: bool, size: float
) -> None:
    """Seven squares in rows across a 100 mm paper (3, 3 and 1 of them; 4 and 3 when smaller),
    centred: a line on each of a row's cuts and one along each cut between a square and the
    one under it (none under those with none under them): each once, on the cut, however the
    paper's and the pieces' sizes put the cuts between whole tenths of a millimetre."""
    band = _band("squares", 7, size=size)
    (page,) = impose_bands([band], PressOptions(paper=paper), together=1, stack=stack)
    cells = _cells(page, band)
    cols = len({round(x, 6) for x, _ in cells})
    left = (paper.width - cols * size) / 2  # centred across the paper
    steps = [round(size * c, 6) for c in range(cols)]
    assert sorted({round(x - left, 6) for x, _ in cells}) == steps
    assert len({round(y, 6) for _, y in cells}) == -(-7 // cols) >= 2
    got, want = _lines(page, "squares seams"), _expected_seams(cells, size, 2.0)
    assert _same(got, want), (sorted(got), want)


@pytest.mark.parametrize(("size", "copies"), [(22.225, 3), (17.4625, 2), (16.0, 3)])
def test_two_or_three_of_each_die_get_every_seam_once(size: float, copies: int) -> None:
    """Walkabout's dice at 7/8 in with three of each (three rows a die on A4), at 11/16 in and
    16 mm with two or three (two rows): every cut between faces, along a row and between rows,
    has its line, and once (at 7/8 in the seams between a die's rows were once missing)."""
    bands = face_bands(DICE, size, BLEED, copies).bands
    pages = impose_bands(bands, PressOptions(credit="Walkabout"), len(bands), stack=True)
    for band in bands:
        (page,) = [page for page in pages if _cells(page, band)]
        cells = _cells(page, band)
        assert len(cells) == FACES * copies and len({round(y, 6) for _, y in cells}) >= 2
        got, want = _lines(page, f"{band.name} seams"), _expected_seams(cells, size, BLEED)
        assert _same(got, want), (band.name, sorted(got), want)


def test_a_band_of_one_piece_has_a_seam_at_both_ends() -> None:
    band = _band("one", 1, size=30.0)
    (page,) = impose_bands([band], PressOptions(), together=1, stack=True)
    ((x, y),) = _cells(page, band)
    ends = [(x, y - 2, x, y + 32), (x + 30, y - 2, x + 30, y + 32)]  # through the 2 mm bleed
    assert _same(_lines(page, "one seams"), ends)


# --- stacking: the pieces raised, never lowered; the ruler and footer where they were --------


def _ys(pages: Sequence[Page], bands: Sequence[Band]) -> list[float]:
    """The top cut of each band's pieces (the bands on one page)."""
    (page,) = pages
    return [min(y for _, y in _cells(page, band)) for band in bands]


def test_stacking_raises_the_last_band_but_never_lowers_one() -> None:
    """Walkabout's dice at 26 mm, two of each, on A4: the dark die's two rows fill what the page
    leaves them, so the press already stands them high enough for their lower crop marks to
    keep their length, higher than stacking would; stacking leaves them there. At 16 mm,
    stacking raises the dark die's row to stand under the medium one."""
    opts = PressOptions(credit="Walkabout")
    for size, copies in [(26.0, 2), (16.0, 1)]:
        bands = face_bands(DICE, size, 2.0, copies).bands
        stacked = _ys(impose_bands(bands, opts, len(bands), stack=True), bands)
        centred = _ys(impose_bands(bands, opts, len(bands), stack=False), bands)
        lower = [s > c + 1e-9 for s, c in zip(stacked, centred, strict=True)]
        assert not any(lower), (size, stacked, centred)
        assert stacked[:-1] == centred[:-1]
        if size == 16.0:
            assert stacked[-1] < centred[-1] - 10


def _furniture(pages: Sequence[Page]) -> list[float]:
    """The ruler's '100 mm' (and its caption's) and the footer's credit where pdfium reads
    them."""
    pdf = render(Document(tuple(pages), title="bands"), "pdf")[0][1]
    page = pdfium.PdfDocument(pdf)[0]
    return [v for word in ("100 mm", "A credit line") for box in _boxes(page, word) for v in box]


def test_stacking_leaves_the_ruler_and_the_footer_at_the_foot_of_the_page() -> None:
    bands = [_band("a", 4), _band("b", 4), _band("c", 4)]
    opts = PressOptions(paper=Paper("A4", 210.0, 297.0), credit="A credit line")
    stacked = impose_bands(bands, opts, 3, stack=True)
    centred = impose_bands(bands, opts, 3, stack=False)
    assert _ys(stacked, bands)[-1] < _ys(centred, bands)[-1] - 10  # the last band raised
    assert _furniture(stacked) == pytest.approx(_furniture(centred), abs=0.01)


# --- the page's boxes, labels and furniture ---------------------------------------------------


def test_every_seam_is_the_bands_faint_colour_at_0_2_mm() -> None:
    """The lines between rows as well as along them are the band's seam colour, 0.2 mm wide
    (the docs' faint line), never a default black stroke."""
    band = _band("squares", 7)
    (page,) = impose_bands([band], PressOptions(paper=Paper("test", 100.0, 150.0)), together=1)
    (seams,) = [p.drawing for p in page.placements if p.drawing.title == "squares seams"]
    across = [(x0, y0) for x0, y0, x1, y1 in _lines(page, "squares seams") if y0 == y1]
    assert across  # rows stand under rows: seams across as well as down
    for shape in seams.children:
        assert isinstance(shape, Path)
        assert shape.style.stroke == "#804020" and shape.style.width == pytest.approx(SEAM)


def _grown(box: tuple[float, float, float, float], by: float) -> tuple[float, ...]:
    x, y, w, h = box
    return (x - by, y - by, w + 2 * by, h + 2 * by)


@pytest.mark.parametrize("stack", [False, True], ids=["centred", "stacked"])
def test_a_shared_page_says_its_bleed_is_2_mm_round_its_trim(stack: bool) -> None:
    """Three bands of squares with 2 mm of colour past their cuts, on one page: the page's
    bleed box (what a print shop reads) is its trim box grown by 2 mm on every side, stacked
    or not."""
    bands = [_band("a", 4), _band("b", 4), _band("c", 4)]
    (page,) = impose_bands(bands, PressOptions(paper=Paper("A4", 210.0, 297.0)), 3, stack=stack)
    assert page.trim is not None and page.bleed is not None
    assert page.bleed == pytest.approx(_grown(page.trim, 2.0))
    tops = [min(y for _, y in _cells(page, band)) for band in bands]
    bottoms = [max(y for _, y in _cells(page, band)) + 21.5 for band in bands]
    assert page.trim[1] == pytest.approx(tops[0]) and page.trim[1] + page.trim[3] == (
        pytest.approx(bottoms[-1])
    )


def test_a_shared_page_has_one_ruler_and_one_footer_under_its_last_band() -> None:
    bands = [_band("a", 4), _band("b", 4), _band("c", 4)]
    opts = PressOptions(paper=Paper("A4", 210.0, 297.0), credit="A credit line")
    (page,) = impose_bands(bands, opts, 3)
    titles = [p.drawing.title for p in page.placements]
    assert titles.count("calibration ruler") == 1 and titles.count("footer") == 1
    words = _furniture([page])
    last = max(y for _, y in _cells(page, bands[-1]))
    assert min(words[1::4]) > last  # the ruler's words and the credit under the last band


def test_a_band_over_two_pages_numbers_them_and_starts_as_a_page_of_one_does() -> None:
    """A band with more squares than a page holds goes on pages of its own, named
    'squares-1', 'squares-2' (a band that fits keeps its bare name), and its first page's
    squares stand where those of a band that fills one page stand."""
    opts = PressOptions(paper=Paper("test", 100.0, 150.0))
    (one,) = impose_bands([_band("squares", 1)], opts, together=1)
    capacity = 0
    while len(impose_bands([_band("squares", capacity + 1)], opts, together=1)) == 1:
        capacity += 1
    full = _band("squares", capacity)
    (whole,) = impose_bands([full], opts, together=1)
    over = _band("squares", capacity + 1)
    pages = impose_bands([over], opts, together=1)
    assert [p.label for p in pages] == ["squares-1", "squares-2"]
    assert one.label == whole.label == "squares"
    first = sorted(_cells(pages[0], over))
    assert len(first) == capacity
    assert (
        max(math.dist(a, b) for a, b in zip(first, sorted(_cells(whole, full)), strict=True)) < 1e-6
    )


def test_each_heading_begins_at_its_bands_first_cut_and_ends_at_the_right_margin() -> None:
    """A band's heading is given the width from its pieces' first cut to the page's right
    margin (8 mm), no more: a long heading wraps or shrinks there, never off the page."""
    bands = [_band("a", 4), _band("b", 4)]
    opts = PressOptions(paper=Paper("A4", 210.0, 297.0))
    (page,) = impose_bands(bands, opts, 2)
    headings = [p for p in page.placements if p.drawing.title == "" and p.drawing.height == 4.0]
    assert len(headings) == 2
    for band, placed in zip(bands, headings, strict=True):
        first_cut = min(x for x, _ in _cells(page, band))
        assert placed.transform.e == pytest.approx(first_cut)
        assert placed.transform.e + placed.drawing.width == pytest.approx(210.0 - opts.margin)
