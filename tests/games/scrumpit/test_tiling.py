"""The real-size Scrumpit board tiled over pages, as a player cutting and sticking it would judge
it: every page holds board, neighbouring pages overlap by the layout's overlap, each page says
which pages it is laid over and carries a map of all pages with itself marked, no cut splits a
word or the centre star, and no registration mark sits on a cell or a word. Cells come from the
rules' zone geometry, cuts from the dashed lines printed on each page, words from pdfium."""

from __future__ import annotations

import io
import re
from functools import cache

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw.document import Document, Page
from sheetgen.draw.fonts import cap_height, text_width
from sheetgen.draw.shapes import Circle, Drawing, Group, Path, Rect, Style, Text
from sheetgen.draw.transform import IDENTITY
from sheetgen.draw.walk import leaves
from sheetgen.games.scrumpit.board_drawing import board_drawing
from sheetgen.games.scrumpit.model import BoardLayout
from sheetgen.games.scrumpit.rules import zone_cells
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper
from sheetgen.press.tiling import TileWords, tile

LOADED = load("scrumpit/standard")
BOARD: BoardLayout = LOADED.model  # type: ignore[assignment]
CELL = BOARD.cell
Z, N = len(BOARD.row_cells), BOARD.size
SIDE = (N + 2 * Z) * CELL
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 on the board, mm


@cache
def _doc(paper: str) -> Document:
    return document_for(LOADED, BuildOptions(PressOptions(paper=parse_paper(paper))))


def _view(page: Page) -> tuple[float, float, float, float]:
    """The board window a page prints: its x, y on the board and its width and height."""
    view = page.placements[0]
    group = view.drawing.children[0]
    assert isinstance(group, Group)
    return (-group.transform.e, -group.transform.f, view.drawing.width, view.drawing.height)


def _cuts(page: Page) -> tuple[list[float], list[float]]:
    """The page's dashed cut lines, as board x (vertical lines) and board y (horizontal)."""
    x, y, _w, _h = _view(page)
    marks = next(p.drawing for p in page.placements if p.drawing.title == "registration marks")
    xs, ys = [], []
    for shape in marks.children:
        if isinstance(shape, Path) and shape.style.dash:
            (a, b) = [(s.x, s.y) for s in shape.segments if hasattr(s, "x")][:2]
            if a[0] == b[0]:
                xs.append(x + a[0])
            else:
                ys.append(y + a[1])
    return xs, ys


def _marks(page: Page) -> list[tuple[float, float]]:
    """The centres of the page's ⊕ marks on the board."""
    x, y, _w, _h = _view(page)
    marks = next(p.drawing for p in page.placements if p.drawing.title == "registration marks")
    return [(x + s.cx, y + s.cy) for s in marks.children if isinstance(s, Circle)]


def _cells() -> list[Box]:
    """Every playing cell on the board: the centre square's and each home zone's."""
    cells = [(x + Z, y + Z) for x, y in zone_cells(BOARD)]
    cells += [(Z + i, Z + j) for i in range(N) for j in range(N)]
    return [(x * CELL, y * CELL, (x + 1) * CELL, (y + 1) * CELL) for x, y in cells]


def _words() -> list[tuple[str, Box]]:
    """Every text the board draws, with its box on the board."""
    out = []
    drawing = board_drawing(BOARD, BOARD.labels, CELL)
    for shape, at in leaves(drawing.children, IDENTITY):
        if isinstance(shape, Text):
            width = text_width(shape.text, shape.size, shape.weight)
            left = shape.x - {"start": 0.0, "middle": width / 2, "end": width}[shape.anchor]
            top = shape.y - cap_height(shape.size, shape.weight)
            corners = [at.apply(x, y) for x in (left, left + width) for y in (top, shape.y)]
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            out.append((shape.text, (min(xs), min(ys), max(xs), max(ys))))
    return out


def _star() -> Box:
    centre, r = SIDE / 2, 0.42 * CELL
    return (centre - r, centre - r, centre + r, centre + r)


PAPERS = ["A4", "Letter", "A3"]


@pytest.mark.parametrize("paper", PAPERS)
def test_neighbouring_pages_overlap_by_the_layouts_overlap_and_cover_the_board(paper: str) -> None:
    pages = {p.label: p for p in _doc(paper).pages}
    names = sorted(pages)
    rows = sorted({n[0] for n in names})
    cols = sorted({int(n[1:]) for n in names})
    assert len(pages) == len(rows) * len(cols)
    for r in rows:
        for c in cols:
            x, y, w, h = _view(pages[f"{r}{c}"])
            if c == cols[0]:
                assert x == pytest.approx(0)
            if c == cols[-1]:
                assert x + w == pytest.approx(SIDE)
            if r == rows[0]:
                assert y == pytest.approx(0)
            if r == rows[-1]:
                assert y + h == pytest.approx(SIDE)
            if c != cols[-1]:
                right = _view(pages[f"{r}{c + 1}"])
                assert x + w - right[0] == pytest.approx(BOARD.overlap)
            if r != rows[-1]:
                below = _view(pages[f"{chr(ord(r) + 1)}{c}"])
                assert y + h - below[1] == pytest.approx(BOARD.overlap)


def test_every_a4_page_prints_board() -> None:
    """pdfium's pixels: on every page at least 5% of the paper is board (the centre's fill or
    a zone's colour); the blank page C1 and near-empty C3 had none."""
    colours = {"#f6efdc", *(z.fill for z in BOARD.zones)}
    wanted = [tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in colours]
    doc = _doc("A4")
    for page, (_name, png) in zip(doc.pages, render(doc, "png", dpi=30), strict=True):
        image = Image.open(io.BytesIO(png)).convert("RGB")
        pixels = np.asarray(image, dtype=int).reshape(-1, 3)
        near = [np.abs(pixels - np.array(w)).sum(axis=1) < 30 for w in wanted]
        board = int(np.logical_or.reduce(near).sum())
        assert board / len(pixels) >= 0.05, (page.label, board / len(pixels))


@cache
def _texts(paper: str) -> dict[str, str]:
    doc = _doc(paper)
    pdf = pdfium.PdfDocument(render(doc, "pdf")[0][1])
    return {
        p.label: " ".join(pdf[i].get_textpage().get_text_range().split())
        for i, p in enumerate(doc.pages)
    }


@pytest.mark.parametrize("paper", ["A4", "A3"])
def test_each_page_names_the_pages_it_is_laid_over(paper: str) -> None:
    """A page is cut on the sides where it has a neighbour (left, top) and laid over that
    neighbour, named; the top-left page is kept whole. Nothing says 'the page before'."""
    texts = _texts(paper)
    for name, text in texts.items():
        row, col = name[0], int(name[1:])
        left = f"lay this edge over page {row}{col - 1}" in text
        top = f"lay this edge over page {chr(ord(row) - 1)}{col}" in text
        assert left == (col > 1), (name, text)
        assert top == (row > "A"), (name, text)
        assert ("Keep this page whole" in text) == (name == "A1"), name
        assert f"page {name} of {len(texts)}" in text
        assert "page before" not in text


def test_each_page_has_a_map_of_all_pages_with_itself_filled() -> None:
    """pdfium finds every page's name in the map (the right third of the page) and the pixels
    around the page's own name are dark, around the others white."""
    doc = _doc("A4")
    data = render(doc, "pdf")[0][1]
    pdf = pdfium.PdfDocument(data)
    names = [p.label for p in doc.pages]
    for i, page in enumerate(doc.pages):
        pdf_page = pdf[i]
        width, height = pdf_page.get_size()
        scale = 4.0
        image = pdf_page.render(scale=scale).to_pil().convert("L")
        textpage = pdf_page.get_textpage()
        for name in names:
            found = []
            search = textpage.search(name, match_case=True, match_whole_word=True)
            while (hit := search.get_next()) is not None:
                left, bottom, right, top = textpage.get_charbox(hit[0])
                if left > width * 2 / 3:
                    found.append((left, bottom, right, top))
            assert len(found) == 1, (page.label, name)
            left, bottom, _right, top = found[0]
            x = int((left - 2.0) * scale)  # just left of the name, inside its box on the map
            y = int((height - (top + bottom) / 2) * scale)
            shade = image.getpixel((x, y))
            assert isinstance(shade, int)
            assert (shade < 80) == (name == page.label), (page.label, name, shade)


@pytest.mark.parametrize("paper", PAPERS)
def test_no_cut_splits_a_word_or_the_centre_star(paper: str) -> None:
    """Each dashed cut line runs clear of every word the board prints ('RED HOME' was cut in
    two) and of the centre star."""
    xs, ys = set(), set()
    for page in _doc(paper).pages:
        px, py = _cuts(page)
        xs |= {round(v, 3) for v in px}
        ys |= {round(v, 3) for v in py}
    assert xs and ys
    for text, (x0, y0, x1, y1) in [*_words(), ("centre star", _star())]:
        assert not any(x0 < x < x1 for x in xs), (paper, text, xs)
        assert not any(y0 < y < y1 for y in ys), (paper, text, ys)


@pytest.mark.parametrize("paper", PAPERS)
def test_registration_marks_sit_on_every_cut_and_never_on_a_cell_or_word(paper: str) -> None:
    """A ⊕ mark (5 mm across) covers no playing cell, no word and not the centre star; and
    every cut line carries at least two marks, shared by the two pages it joins."""
    pages = _doc(paper).pages
    seen: dict[tuple[float, float], int] = {}
    for page in pages:
        for x, y in _marks(page):
            key = (round(x, 3), round(y, 3))
            seen[key] = seen.get(key, 0) + 1
    assert seen
    keep = [*_cells(), *(box for _, box in _words()), _star()]
    for (x, y), count in seen.items():
        assert count >= 2, (paper, x, y)  # on both pages of the overlap
        for x0, y0, x1, y1 in keep:
            assert not (x0 < x + 2.5 and x - 2.5 < x1 and y0 < y + 2.5 and y - 2.5 < y1), (
                paper,
                x,
                y,
            )
    xs = {round(v, 3) for page in pages for v in _cuts(page)[0]}
    ys = {round(v, 3) for page in pages for v in _cuts(page)[1]}
    for cut in xs:
        assert sum(abs(x - cut) < 1e-3 for x, _ in seen) >= 2, (paper, "x", cut)
    for cut in ys:
        assert sum(abs(y - cut) < 1e-3 for _, y in seen) >= 2, (paper, "y", cut)


def test_the_tiler_cuts_any_drawing_and_holds_on_each_page_only_what_it_shows() -> None:
    """The press tiles a drawing that is no board (game-agnostic): its pages cover it with the
    overlap asked for, and a word far from a page is not among that page's texts (so a PDF
    viewer's search finds it on its own page only)."""
    words = TileWords(
        rows="ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        name="{row}{column}",
        heading="page {page} of {count} ({rows} x {columns})",
        keep="keep",
        over_left="left over {page}",
        over_top="top over {page}",
        marks="match",
        unmarked="match the picture",
        map="map",
    )
    art = Drawing(
        500,
        300,
        (
            Rect(0, 0, 500, 300, Style(stroke=None, fill="#88aacc")),
            Text(450, 280, "far corner", 5.0),
        ),
    )
    pages = tile(art, PressOptions(), words, overlap=10, caption="poster")
    assert len(pages) >= 2
    holding = []
    for page in pages:
        x, y, w, h = _view(page)
        assert w <= page.width - 16 + 1e-6 and h <= page.height - 16 + 1e-6
        texts = [
            s.text
            for s, _ in leaves(page.placements[0].drawing.children, IDENTITY)
            if isinstance(s, Text)
        ]
        if "far corner" in texts:
            holding.append(page.label)
            assert x + w > 450 and y + h > 275
    assert holding == [pages[-1].label]
    assert re.fullmatch(r"[A-Z]\d+", pages[-1].label)


@pytest.mark.parametrize("paper", PAPERS)
def test_every_tiled_page_carries_the_calibration_ruler_below_its_board_and_words(
    paper: str,
) -> None:
    """The 19 mm cells must match the 19 mm tiles, so each page has the 165 x 9 mm ruler (its
    note found by pdfium), below the board and the page's words, inside the 5 mm safe edge."""
    doc = _doc(paper)
    texts = _texts(paper)
    for page in doc.pages:
        assert "Printed at actual size (100%)" in texts[page.label], (paper, page.label)
        ruler = next(p for p in page.placements if p.drawing.title == "calibration ruler")
        top = ruler.transform.f
        assert ruler.drawing.width == 165 and ruler.drawing.height == 9
        assert top + 9 <= page.height - 5
        view = page.placements[0]
        words = next(p for p in page.placements if p.drawing.title.endswith(" words"))
        assert view.transform.f + view.drawing.height <= words.transform.f
        assert words.transform.f + words.drawing.height <= top - 3 + 1e-6, (paper, page.label)


@pytest.mark.parametrize("paper", PAPERS)
def test_a_page_tells_to_line_up_the_marks_only_if_it_shows_some(paper: str) -> None:
    """'Line up the ⊕ marks' on a page without marks (B2, all cells) misleads: such a page
    says to line up the grid instead."""
    texts = _texts(paper)
    for page in _doc(paper).pages:
        marked = bool(_marks(page))
        assert ("Line up the ⊕ marks" in texts[page.label]) == marked, (paper, page.label)
        assert ("Line up the grid lines" in texts[page.label]) == (not marked), page.label
    if paper == "A4":
        assert not _marks(next(p for p in _doc(paper).pages if p.label == "B2"))


def test_the_page_map_draws_rows_and_columns_alike() -> None:
    """The map of pages is a schematic: every page's box on it has the same width and the same
    height (rows of 190 and 171 mm made an uneven map)."""
    for page in _doc("A4").pages:
        words = next(p for p in page.placements if p.drawing.title.endswith(" words"))
        boxes = [s for s, _ in leaves(words.drawing.children, IDENTITY) if isinstance(s, Rect)]
        assert len(boxes) == len(_doc("A4").pages)
        assert max(b.w for b in boxes) - min(b.w for b in boxes) < 1e-6
        assert max(b.h for b in boxes) - min(b.h for b in boxes) < 1e-6
