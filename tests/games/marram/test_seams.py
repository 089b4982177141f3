"""Marram beasts across tile edges, measured on rendered pixels: two printed tiles cut out of the
sheet (PDF rendered by pdfium, SVG by resvg) and laid edge to edge, and the example board's
picture, show one unbroken snake, as wide at the join as in the middle of a tile."""

from __future__ import annotations

import io

import numpy as np
import pypdfium2 as pdfium
import pytest
import resvg_py
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw.document import Page
from sheetgen.draw.shapes import Group
from sheetgen.games.marram.model import BoardLayout, TileSetLayout
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.press import PressOptions
from tests.support import ROOT

DPI = 300
PX = DPI / 25.4  # pixels a millimetre
FONTS = str(ROOT / "fonts")
SET: TileSetLayout = load("marram/classic").model  # type: ignore[assignment]
BOARD: BoardLayout = load("marram/example-board").model  # type: ignore[assignment]
DESIGN = 40.0  # the layout gives body widths for a 40 mm tile


def blue_mask(image: Image.Image) -> np.ndarray:
    """Where a blue snake is painted (body, its near-black outline or spine): blue the largest
    channel, above red. Grass and its tufts are greenest; sand, its grains, the other beasts
    and their outlines have more red than blue; white has neither."""
    rgb = np.asarray(image.convert("RGB"), dtype=np.int16)
    r, g, b = rgb[:, :, 0], rgb[:, :, 1], rgb[:, :, 2]
    return (b > g) & (b - r > 12)


def run_through(column: np.ndarray, y: int) -> tuple[int, int]:
    """The unbroken stretch of True in `column` that holds row `y` (or its nearest True row)."""
    rows = np.flatnonzero(column)
    assert rows.size, "no snake in this column"
    y = int(rows[np.argmin(np.abs(rows - y))])
    top = bottom = y
    while top > 0 and column[top - 1]:
        top -= 1
    while bottom < len(column) - 1 and column[bottom + 1]:
        bottom += 1
    return top, bottom + 1


def width_mm(mask: np.ndarray, x: int, y: int) -> tuple[float, float]:
    """The snake's width across column x near row y, and the middle of that stretch, in mm."""
    top, bottom = run_through(mask[:, x], y)
    return (bottom - top) / PX, (top + bottom) / 2 / PX


def _pdf_page(doc_pdf: bytes, index: int, page: Page) -> Image.Image:
    pdf = pdfium.PdfDocument(doc_pdf)
    return pdf[index].render(scale=DPI / 72).to_pil().convert("RGB")


def _svg_page(svg: bytes) -> Image.Image:
    data = resvg_py.svg_to_bytes(
        svg_string=svg.decode("utf-8"),
        dpi=float(DPI),
        skip_system_fonts=True,
        font_dirs=[FONTS],
        background="#ffffff",
    )
    return Image.open(io.BytesIO(bytes(data))).convert("RGB")


def cut(image: Image.Image, page: Page, title: str) -> Image.Image:
    """The tile called `title` cut out of a rendered sheet along its trim edges."""
    placed = next(p for p in page.placements if p.drawing.title == title)
    x, y, size = placed.transform.e, placed.transform.f, placed.drawing.width
    return image.crop(
        (round(x * PX), round(y * PX), round((x + size) * PX), round((y + size) * PX))
    )


@pytest.fixture(scope="module")
def sheet() -> tuple[Page, dict[str, Image.Image]]:
    """The first tile sheet's front (after the two alignment pages), rendered from the PDF and
    from the SVG."""
    doc = pressed(load("marram/classic").kind, SET, BuildOptions(PressOptions()))
    first = next(i for i, p in enumerate(doc.pages) if any(pl.drawing.bleed for pl in p.placements))
    assert first == 2  # the alignment test's front and back come first
    page = doc.pages[first]
    svg = render(doc, "svg")[first][1]
    pdf = render(doc, "pdf")[0][1]
    return page, {"pdf": _pdf_page(pdf, first, page), "svg": _svg_page(svg)}


@pytest.mark.parametrize("backend", ["pdf", "svg"])
def test_two_cut_tiles_laid_edge_to_edge_show_one_snake_of_full_width(
    sheet: tuple[Page, dict[str, Image.Image]], backend: str
) -> None:
    page, images = sheet
    # the starter and a straight blue body: both grass above sand, a blue body from W to E
    left = cut(images[backend], page, f"{SET.starter.name} front")
    right = cut(images[backend], page, "blue-body-straight front")
    assert left.size == right.size
    laid = Image.new("RGB", (left.width * 2, left.height), "white")
    laid.paste(left, (0, 0))
    laid.paste(right, (left.width, 0))
    mask = blue_mask(laid)
    size = page.placements[0].drawing.width
    expected = SET.sheet.snake_width * size / DESIGN
    edge_y = round(size / 2 * PX)  # beasts cross an edge at its middle
    seam = left.width
    middle, _ = width_mm(mask, left.width // 2, edge_y)
    before, before_y = width_mm(mask, seam - 1, edge_y)  # the last pixel of the left tile
    after, after_y = width_mm(mask, seam, edge_y)  # the first of the right one
    assert middle == pytest.approx(expected, abs=0.25)
    assert before == pytest.approx(expected, abs=0.25), (before, expected)
    assert after == pytest.approx(expected, abs=0.25), (after, expected)
    assert abs(before_y - after_y) < 0.2  # the two halves line up: no step at the join
    assert abs(before_y - size / 2) < 0.2  # square to the edge at its middle


def _tile_origins(page: Page) -> tuple[float, float, float, float, float]:
    """The board picture's tile size and the page x, y of tiles (0, 0) and (1, 0), read from
    where the picture puts the tiles' groups."""
    (board,) = [p for p in page.placements if p.drawing.title.startswith("Marram board")]
    scaled = {
        (g.transform.e, g.transform.f, g.transform.a)
        for g in board.drawing.children
        if isinstance(g, Group) and g.transform.a != 1
    }
    xs = sorted({x for x, _, _ in scaled})
    size = next(iter(scaled))[2] * DESIGN
    row_y = next(y for x, y, _ in scaled if x == xs[1])
    ox, oy = board.transform.e, board.transform.f
    return size, ox + xs[1], oy + row_y, ox + xs[2], oy + row_y


def test_the_example_boards_snake_keeps_its_width_across_every_join() -> None:
    placed = {tuple(p.at) for p in BOARD.placed}
    assert {(-1, 0), (0, 0), (1, 0)} <= placed  # head, starter body, tail in a row
    doc = pressed(load("marram/example-board").kind, BOARD, BuildOptions(PressOptions()))
    page = doc.pages[0]
    image = _pdf_page(render(doc, "pdf")[0][1], 0, page)
    mask = blue_mask(image)
    size, x0, y0, x1, _ = _tile_origins(page)
    expected = SET.sheet.snake_width * size / DESIGN
    edge_y = round((y0 + size / 2) * PX)
    widths = {}
    for name, x in (("west join", x0), ("east join", x1)):
        for dx in (-2, -1, 0, 1, 2):  # the white join line is drawn beneath the snake
            widths[(name, dx)] = width_mm(mask, round(x * PX) + dx, edge_y)[0]
    widths[("middle", 0)] = width_mm(mask, round((x0 + size / 2) * PX), edge_y)[0]
    for where, w in widths.items():
        assert w == pytest.approx(expected, abs=0.25), (where, w, expected)
