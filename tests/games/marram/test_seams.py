"""Marram beasts across tile edges, measured on rendered pixels: two printed tiles cut out of the
sheet (PDF rendered by pdfium, SVG by resvg) and laid edge to edge, and the example board's
picture, show one unbroken snake, as wide at the join as in the middle of a tile."""

from __future__ import annotations

import io
import itertools
from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium
import pytest
import resvg_py
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw.document import Document, Page, alone
from sheetgen.draw.shapes import Drawing, Group
from sheetgen.draw.transform import scale
from sheetgen.games.marram.beasts import U
from sheetgen.games.marram.draw import face_layers, tile_drawing
from sheetgen.games.marram.faces import Face, back, front
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
    """Where a blue snake is painted (body, spine, or the near-black ink of its outline): blue
    the largest channel, above red, or dark and grey. Grass and its tufts are greenest; sand,
    its grains and the other beasts' bodies have more red than blue; white has neither."""
    rgb = np.asarray(image.convert("RGB"), dtype=np.int16)
    r, g, b = rgb[:, :, 0], rgb[:, :, 1], rgb[:, :, 2]
    dark_grey = (rgb.max(axis=2) < 90) & (rgb.max(axis=2) - rgb.min(axis=2) < 24)
    return ((b > g) & (b - r > 12)) | dark_grey


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
    at = {(x, y) for x, y, _ in scaled}
    # the row of the head, the starter and the tail: tiles in the first three columns
    row_y = next(y for x, y in sorted(at) if x == xs[1] and {(xs[0], y), (xs[2], y)} <= at)
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


# --- every legal join of the set, edge against edge -----------------------------------------

JOIN_DPI = 635  # 25 pixels a millimetre: the cut falls between whole pixels
JOIN_PX = 25
INSIDE = 2  # the line measured: the third row of pixels inside the cut (0.1 mm in)
CLOCKWISE = ("N", "E", "S", "W")
# each edge's corners in clockwise order (the rulebook's "patch for patch")
EDGE_CORNERS = {"N": ("NW", "NE"), "E": ("NE", "SE"), "S": ("SE", "SW"), "W": ("SW", "NW")}


@dataclass(frozen=True)
class EdgeLine:
    """What lies on the line just inside one edge of a cut tile, read clockwise round the tile:
    the beast's band (its pixels unlike the tile's own ground there), where it starts and
    ends in mm from the edge's first corner, and its outline's colour at each side."""

    band: tuple[float, float] | None
    outline: tuple[np.ndarray, np.ndarray] | None

    @property
    def width(self) -> float:
        assert self.band
        return self.band[1] - self.band[0]


def _edge_line(picture: np.ndarray, ground: np.ndarray, edge: str) -> EdgeLine:
    """The line `INSIDE` pixels in from `edge` of two pictures of a tile cut to its trim (one
    with everything, one with its ground alone), read clockwise."""
    turns = CLOCKWISE.index(edge)  # turned so that the edge lies along the top, read W to E
    full, bare = (np.rot90(p, turns)[INSIDE].astype(np.int16) for p in (picture, ground))
    unlike = np.abs(full - bare).max(axis=1) > 24
    middle = len(unlike) // 2
    if not unlike[middle - JOIN_PX : middle + JOIN_PX].any():
        assert not unlike.any(), f"something unlike the ground on the {edge} edge"
        return EdgeLine(None, None)
    start, stop = run_through(unlike, middle)
    rim = JOIN_PX // 4  # the outline's middle: 0.25 mm in from the band's side
    sides = (
        full[start + rim - 2 : start + rim + 3].mean(axis=0),
        full[stop - rim - 3 : stop - rim + 2].mean(axis=0),
    )
    return EdgeLine((start / JOIN_PX, stop / JOIN_PX), sides)


def _faces() -> list[tuple[str, Face]]:
    return [
        (f"{tile.name} {side}", face)
        for tile in [SET.starter, *SET.tiles]
        for side, face in (("front", front(tile)), ("back", back(tile)))
    ]


@pytest.fixture(scope="module")
def edge_lines() -> dict[tuple[str, str], EdgeLine]:
    """Every face of the set printed from its real drawing (PDF rendered by pdfium), cut to its
    trim, and measured on the line just inside each of its four edges."""
    st, size = SET.sheet, SET.sheet.size
    pages = []
    for name, face in _faces():
        starter = name.startswith(f"{SET.starter.name} ")
        drawn = tile_drawing(face, st, SET.labels, size, st.bleed, name, starter)
        layers = face_layers(face, st, SET.labels, st.bleed * U / size, {}, starter)
        bare = Drawing(size, size, (Group(tuple(layers.ground), scale(size / U)),), bleed=st.bleed)
        pages += [alone(drawn), alone(bare)]
    pdf = pdfium.PdfDocument(render(Document(tuple(pages), title="faces"), "pdf")[0][1])
    b, side = round(st.bleed * JOIN_PX), round(size * JOIN_PX)
    out = {}
    for k, (name, _) in enumerate(_faces()):
        picture, ground = (
            np.asarray(pdf[2 * k + i].render(scale=JOIN_DPI / 72).to_pil().convert("RGB"))[
                b : b + side, b : b + side
            ]
            for i in (0, 1)
        )
        for edge in CLOCKWISE:
            out[(name, edge)] = _edge_line(picture, ground, edge)
    return out


def _beast_at(face: Face, edge: str) -> str | None:
    return next((s.kind.split("-")[0] for s in face.segments if edge in s.edges), None)


def _legal(a: Face, edge_a: str, b: Face, edge_b: str) -> bool:
    """Whether `a`'s `edge_a` may lie against `b`'s `edge_b` (b turned to face it), by the
    rulebook: "the adjoining edges match, snake for snake type, worm for worm, and patch for
    patch. If an adjoining edge has no snake or worm, it must adjoin a matching edge without a
    snake or a worm", and a beastly tile "can extend any type of beast"."""
    mine = [a.kind(c) for c in EDGE_CORNERS[edge_a]]
    theirs = [b.kind(c) for c in EDGE_CORNERS[edge_b]]
    if mine != theirs[::-1]:
        return False
    x, y = _beast_at(a, edge_a), _beast_at(b, edge_b)
    return x == y or (x is not None and y is not None and "beastly" in (x, y))


def test_every_legal_join_of_the_set_meets_at_one_width_place_and_outline(
    edge_lines: dict[tuple[str, str], EdgeLine],
) -> None:
    """Two tiles of the set laid edge to edge, in every way the rulebook allows (every face,
    every edge, against every face turned to meet it): on the lines just inside the cut on each
    side, a beast's band is as wide, lies at the same place along the edge, and has an
    outline of the same colour; where one side shows no beast, neither does the other."""
    faces = _faces()
    size = SET.sheet.size
    joins: set[tuple[str, str]] = set()
    wrong: list[str] = []
    for (name_a, a), (name_b, b) in itertools.combinations_with_replacement(faces, 2):
        for edge_a, edge_b in itertools.product(CLOCKWISE, CLOCKWISE):
            if not _legal(a, edge_a, b, edge_b):
                continue
            joins.add(_pair(_beast_at(a, edge_a) or "", _beast_at(b, edge_b) or ""))
            one, other = edge_lines[(name_a, edge_a)], edge_lines[(name_b, edge_b)]
            where = f"{name_a} {edge_a} / {name_b} {edge_b}"
            if (one.band is None) != (other.band is None):
                wrong.append(f"{where}: a beast on one side only")
                continue
            if one.band is None or other.band is None or one.outline is None:
                continue
            assert other.outline is not None
            # read clockwise round each tile, the two edges run opposite ways
            facing = (size - other.band[1], size - other.band[0])
            if abs(one.width - other.width) > 0.08 or abs(one.band[0] - facing[0]) > 0.08:
                wrong.append(f"{where}: band {one.band} against {facing} mm")
            for mine, theirs in zip(one.outline, other.outline[::-1], strict=True):
                if np.abs(mine - theirs).max() > 10:
                    wrong.append(f"{where}: outline {mine.round()} against {theirs.round()}")
    assert not wrong, (len(wrong), wrong[:12])
    beasts = ("blue", "orange", "worm")
    expected = {("", ""), *((k, k) for k in (*beasts, "beastly"))}
    expected |= {_pair("beastly", k) for k in beasts}
    assert joins == expected, sorted(joins)


def _pair(x: str, y: str) -> tuple[str, str]:
    return (x, y) if x <= y else (y, x)


def test_every_beast_meets_every_edge_alike_at_its_middle(
    edge_lines: dict[tuple[str, str], EdgeLine],
) -> None:
    """A beastly edge joins blue snakes, orange snakes and worms alike, so every beast's band
    meets the cut as wide as every other's, centred on the edge's middle."""
    size = SET.sheet.size
    bands = [line.band for line in edge_lines.values() if line.band]
    assert len(bands) > 50
    widths = [b1 - b0 for b0, b1 in bands]
    assert max(widths) - min(widths) <= 0.08, (min(widths), max(widths))
    for b0, b1 in bands:
        assert abs((b0 + b1) / 2 - size / 2) <= 0.06, (b0, b1)
