"""Scrumpit's tile sheets as a player printing them sees them: two bags a page on A4 and US
Letter, in the rulebook's order of play (yellow with blue, red with green), each bag's heading
read back from the PDF right above its own tiles, whose colour is read from the render; crop
marks and the calibration ruler on every page. Where two bags do not fit a page (more copies,
larger tiles), a bag a page or more, as before."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw import LineTo, Path
from sheetgen.draw.document import Document, Page
from sheetgen.games.scrumpit.model import TilesLayout
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper

LOADED = load("scrumpit/tiles")
TILES: TilesLayout = LOADED.model  # type: ignore[assignment]
BAG = sum(x.count for x in TILES.letters)  # the rulebook's bags hold 50 tiles each
MM = 72 / 25.4
DPI = 100


@cache
def build(paper: str = "A4", copies: int = 1, size: float | None = None) -> Document:
    options = BuildOptions(PressOptions(paper=parse_paper(paper)), copies=copies)
    return document_for(LOADED, replace(options, tile_size=size))


def tiles(page: Page) -> list[tuple[float, float, float]]:
    """Each tile's top-left corner on the page (mm) and its size."""
    return [
        (p.transform.e, p.transform.f, p.drawing.width)
        for p in page.placements
        if p.drawing.title.startswith("tile ")
    ]


def headings(data: bytes, index: int) -> dict[str, tuple[float, float]]:
    """Each bag heading pdfium reads on page `index`, by bag: its ink's top and bottom (mm from
    the page's top)."""
    page = pdfium.PdfDocument(data)[index]
    height, text = page.get_height(), page.get_textpage()
    out = {}
    for bag in TILES.colours:
        words = f"{bag.upper()} BAG: {BAG} tiles"
        search = text.search(words, match_case=True)
        found = search.get_next()
        if found is None:
            continue
        start, count = found
        boxes = [text.get_charbox(i) for i in range(start, start + count)]
        out[bag] = (
            (height - max(b[3] for b in boxes)) / MM,
            (height - min(b[1] for b in boxes)) / MM,
        )
    return out


def colour_at(image: Image.Image, x: float, y: float, dpi: int = DPI) -> tuple[int, int, int]:
    px = dpi / 25.4
    return image.getpixel((round(x * px), round(y * px)))  # type: ignore[return-value]


def near(colour: tuple[int, int, int], other: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(colour, other, strict=True)) < 40


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_two_bags_a_page_each_headed_right_above_its_own_tiles(paper: str) -> None:
    doc = build(paper)
    width, height = parse_paper(paper).width, parse_paper(paper).height
    assert [p.label for p in doc.pages] == ["yellow-blue", "red-green"]  # 2 pages, not 4
    data = render(doc, "pdf")[0][1]
    pdf = pdfium.PdfDocument(data)
    for index, page in enumerate(doc.pages):
        assert (page.width, page.height) == (width, height)
        image = pdf[index].render(scale=DPI / 72).to_pil().convert("RGB")
        placed = tiles(page)
        assert len(placed) == 2 * BAG
        heads = headings(data, index)
        bags = page.label.split("-")
        assert list(heads) == [b for b in TILES.colours if b in bags]  # the two, and no other
        above = 0.0  # the bottom of what the page holds above this bag
        for bag in bags:
            fill = rgb(TILES.colours[bag])
            own = [
                (x, y, s)
                for x, y, s in placed
                if near(colour_at(image, x + s / 2, y + 0.1 * s), fill)
            ]
            assert len(own) == BAG, (paper, bag)
            top = min(y for _, y, _ in own)
            bottom = max(y + s for _, y, s in own)
            head_top, head_bottom = heads[bag]
            # the heading lies between what is above and its own tiles, right above them
            assert above < head_top and head_bottom < top, (paper, bag)
            assert top - head_bottom < 12.0, (paper, bag, top - head_bottom)
            above = bottom
        titles = {p.drawing.title for p in page.placements}
        assert {"crop marks", "calibration ruler"} <= titles
        assert "100 mm" in pdf[index].get_textpage().get_text_range()


def test_where_two_bags_do_not_fit_a_page_each_bag_has_its_own() -> None:
    # two sets: 100 tiles a bag, 10 rows of 19 mm, more than half an A4 page holds
    doc = build("A4", copies=2)
    assert [p.label for p in doc.pages] == ["yellow", "blue", "red", "green"]
    assert all(len(tiles(p)) == 2 * BAG for p in doc.pages)
    # 40 mm tiles: four across, six rows a page; 50 tiles take three pages a bag
    doc = build("A4", size=40.0)
    assert [p.label for p in doc.pages] == [f"{b}-{i}" for b in TILES.colours for i in (1, 2, 3)]
    assert {s for p in doc.pages for _, _, s in tiles(p)} == {40.0}
    # 6 mm tiles: two bags a page, as at 19 mm
    doc = build("Letter", size=6.0)
    assert [p.label for p in doc.pages] == ["yellow-blue", "red-green"]
    assert {s for p in doc.pages for _, _, s in tiles(p)} == {6.0}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_cut_of_both_bags_has_a_mark_long_enough_to_lay_a_rule_on(paper: str) -> None:
    """Each band's crop marks keep their length: a band above another is given room for
    whole marks over and under its tiles, and the ruler under the last band leaves its marks
    whole (on Letter they were 1.4 mm stubs over the ruler, 1.75 mm round the upper bag)."""
    for page in build(paper).pages:
        lengths = [
            math.dist((shape.segments[0].x, shape.segments[0].y), (end.x, end.y))
            for placed in page.placements
            if placed.drawing.title == "crop marks"
            for shape in placed.drawing.children
            if isinstance(shape, Path) and isinstance(end := shape.segments[-1], LineTo)
        ]
        assert len(lengths) == 2 * (2 * (10 + 1) + 2 * (5 + 1)), (paper, page.label)
        assert min(lengths) >= 3.5, (paper, page.label, sorted(lengths)[:4])


def test_the_bag_colour_runs_past_the_outer_cuts_and_stops_short_of_the_marks() -> None:
    """A cut a little outside the line leaves no white sliver on the outer tiles: the bag's
    colour reaches past every outer cut of its block (read 0.5 mm out, on a 300 dpi render),
    yet stops short of where the crop marks begin (1 mm out), so they stay on white paper."""
    doc = build("A4")
    data = render(doc, "pdf")[0][1]
    dpi = 300
    for index, page in enumerate(doc.pages):
        image = pdfium.PdfDocument(data)[index].render(scale=dpi / 72).to_pil().convert("RGB")
        placed = tiles(page)
        for bag in page.label.split("-"):
            fill = rgb(TILES.colours[bag])
            own = [
                (x, y, s)
                for x, y, s in placed
                if near(colour_at(image, x + s / 2, y + 0.1 * s, dpi), fill)
            ]
            left, top = min(x for x, _, _ in own), min(y for _, y, _ in own)
            right = max(x + s for x, _, s in own)
            bottom = max(y + s for _, y, s in own)
            middle_x, middle_y = (left + right) / 2, (top + bottom) / 2
            for out in (0.5, 0.9):
                seen = [
                    colour_at(image, x, y, dpi)
                    for x, y in (
                        (left - out, middle_y),
                        (right + out, middle_y),
                        (middle_x, top - out),
                        (middle_x, bottom + out),
                    )
                ]
                want = fill if out == 0.5 else (255, 255, 255)
                assert all(near(c, want) for c in seen), (page.label, bag, out, seen)


def titled(page: Page, title: str) -> list[object]:
    return [p for p in page.placements if p.drawing.title == title]


@pytest.mark.parametrize(
    ("paper", "copies", "size"), [("A4", 1, None), ("Letter", 1, None), ("A4", 2, None),
                                  ("A4", 1, 40.0)]
)  # fmt: skip
def test_each_page_once_has_its_footer_and_ruler_its_tiles_centred_in_the_trim_box(
    paper: str, copies: int, size: float | None
) -> None:
    """Shared page or a bag's own, a page prints the credit once, at its foot, and the ruler
    once; each bag's block of tiles sits centred across the page; the PDF's trim box is the
    box round every tile on the page (what a print shop trims to)."""
    doc = build(paper, copies, size)
    data = render(doc, "pdf")[0][1]
    pdf = pdfium.PdfDocument(data)
    credit = TILES.credit
    widest = max(  # tiles in a full row
        sum(1 for _, y, _ in tiles(page) if y == row)
        for page in doc.pages
        for _, row, _ in tiles(page)
    )
    for index, page in enumerate(doc.pages):
        text = pdf[index].get_textpage().get_text_range()
        assert text.count(credit) == 1, (page.label, text.count(credit))
        assert len(titled(page, "footer")) == 1 and len(titled(page, "calibration ruler")) == 1
        placed = tiles(page)
        rows: dict[float, list[tuple[float, float]]] = {}
        for x, y, s in placed:
            rows.setdefault(round(y, 6), []).append((x, s))
        for y, row in rows.items():
            if len(row) == widest:
                left, right = min(x for x, _ in row), max(x + s for x, s in row)
                assert abs(left - (page.width - right)) < 1e-6, (page.label, y)
        x0 = min(x for x, _, _ in placed)
        y0 = min(y for _, y, _ in placed)
        x1 = max(x + s for x, _, s in placed)
        y1 = max(y + s for _, y, s in placed)
        assert page.trim is not None
        assert np.allclose(page.trim, (x0, y0, x1 - x0, y1 - y0)), page.label
        trim = pdf[index].get_trimbox()
        assert np.allclose(
            [v / MM for v in trim], (x0, page.height - y1, x1, page.height - y0), atol=0.01
        )


def test_without_the_ruler_no_page_has_one() -> None:
    for paper, copies in (("A4", 1), ("A4", 2)):
        options = BuildOptions(PressOptions(paper=parse_paper(paper), ruler=False), copies=copies)
        doc = document_for(LOADED, options)
        assert not any(titled(page, "calibration ruler") for page in doc.pages)
