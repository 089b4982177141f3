"""One picture in every format: for every built-in component, the PNG that sheetgen writes, its
PDF rendered by pdfium and its SVG rendered by resvg (an independent renderer, with only the
project's own fonts) show the same thing at 150 dpi, clipping included."""

from __future__ import annotations

import io
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
import resvg_py
from PIL import Image, ImageFilter

from sheetgen.backends import image_pages, render
from sheetgen.backends import png as png_backend
from sheetgen.draw.shapes import Circle, Drawing, LineTo, MoveTo, Rect, Shape, Style
from sheetgen.draw.shapes import Path as Line
from sheetgen.layout import builtin_layouts, load
from sheetgen.press import PressOptions
from sheetgen.press.document import Document, alone
from sheetgen.registry import BuildOptions

FONTS = str(Path(__file__).resolve().parent.parent / "fonts")
DPI = 150
# Two renderers anti-alias edges and glyphs differently, so pixels are compared as the eye sees
# them at 150 dpi: each picture smoothed over 5 x 5 pixels (0.85 mm), then a pixel agrees when
# no channel differs by more than 24 of 255. A missing or moved line, glyph or fill of any size
# differs by far more than that.
SMOOTHING = 2
TOLERANCE = 24
AGREEING = 0.99


def _rgb(image: Image.Image) -> Image.Image:
    """The image flattened onto white paper."""
    rgba = image.convert("RGBA")
    paper = Image.new("RGBA", rgba.size, "white")
    paper.alpha_composite(rgba)
    return paper.convert("RGB")


def agreement(a: Image.Image, b: Image.Image) -> float:
    """Share of pixels where two pictures of one size agree, as defined above."""
    assert a.size == b.size
    smooth = ImageFilter.BoxBlur(SMOOTHING)
    x = np.asarray(_rgb(a).filter(smooth), dtype=np.int16)
    y = np.asarray(_rgb(b).filter(smooth), dtype=np.int16)
    return float((np.abs(x - y).max(axis=2) <= TOLERANCE).mean())


def _pdfium_page(pdf: pdfium.PdfDocument, index: int, size: tuple[int, int]) -> Image.Image:
    width, height = size
    bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium.raw.FPDFBitmap_BGRx, True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
    flags = pdfium.raw.FPDF_REVERSE_BYTE_ORDER
    pdfium.raw.FPDF_RenderPageBitmap(bitmap, pdf[index], 0, 0, width, height, 0, flags)
    return bitmap.to_pil().convert("RGB")


def _resvg(svg: bytes, dpi: float, size: tuple[int, int]) -> Image.Image:
    data = resvg_py.svg_to_bytes(
        svg_string=svg.decode("utf-8"),
        dpi=float(dpi),
        skip_system_fonts=True,
        font_dirs=[FONTS],
        background="#ffffff",
    )
    image = Image.open(io.BytesIO(bytes(data))).convert("RGB")
    # resvg rounds the page up to whole pixels, sheetgen to the nearest: at most one more
    assert size[0] <= image.width <= size[0] + 1 and size[1] <= image.height <= size[1] + 1
    return image.crop((0, 0, *size))


def _document(ref: str) -> Document:
    loaded = load(ref)
    return loaded.kind.build(loaded.model, BuildOptions(PressOptions()))


@pytest.mark.parametrize("ref", sorted(builtin_layouts()))
def test_png_pdf_and_svg_show_one_picture(ref: str) -> None:
    doc = _document(ref)
    dpi = doc.dpi or DPI
    pngs = render(doc, "png", dpi=DPI)
    svgs = render(doc, "svg")
    pdf = pdfium.PdfDocument(render(doc, "pdf")[0][1])
    signatures = [page.signature() for page in doc.pages]
    for (label, png), (_, svg), page in zip(pngs, svgs, image_pages(doc), strict=True):
        image = Image.open(io.BytesIO(png))
        assert image.size == png_backend.pixel_size(page, dpi)
        ElementTree.fromstring(svg)  # well-formed XML, or this raises
        from_svg = _resvg(svg, dpi, image.size)
        assert agreement(image, from_svg) >= AGREEING, (ref, label, "svg")
        if page.signature() in signatures:  # a screen image is no page of the PDF
            from_pdf = _pdfium_page(pdf, signatures.index(page.signature()), image.size)
            assert agreement(image, from_pdf) >= AGREEING, (ref, label, "pdf")


def test_a_large_page_is_rasterised_in_bands_that_meet_without_a_seam(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A page over the band limit is drawn a band at a time with a preview's palette; put
    together it is the page drawn whole (flat colours exactly, every row in its place)."""
    doc = _document("scribbly-gum/kuringgai")
    whole = Image.open(io.BytesIO(render(doc, "png", dpi=DPI)[0][1]))
    monkeypatch.setattr(png_backend, "BAND_PIXELS", 97 * whole.width)  # 18 bands, odd height
    monkeypatch.setattr(png_backend, "_PREVIEW_PIXELS", 400_000)
    banded = Image.open(io.BytesIO(render(doc, "png", dpi=DPI)[0][1]))
    assert banded.size == whole.size and banded.mode == "P"
    x = np.asarray(whole.convert("RGB"), dtype=np.int16)
    y = np.asarray(banded.convert("RGB"), dtype=np.int16)
    assert (np.abs(x - y).max(axis=2) <= 40).mean() > 0.995  # edges: nearest of another palette
    flat = [(255, 255, 255), (0xE4, 0xE6, 0xE3)]  # paper and tree: exact, row for row
    for colour in flat:
        assert ((x == colour).all(axis=2) == (y == colour).all(axis=2)).mean() > 0.999


def _page_of(children: tuple[Shape, ...], size: float) -> Document:
    drawing = Drawing(size, size, children)
    return Document((alone(drawing),), "test")


def test_a_page_of_few_colours_is_stored_bit_for_bit() -> None:
    """201 colours, each a one-pixel square on the pixel grid (1 mm at 25.4 dpi) far apart on a
    large page, so that the palette's sample of every other pixel misses most of them: the PNG
    is pdfium's raster exactly."""
    squares = tuple(
        Rect(1.0 + 2 * (i % 20) * 25, 1.0 + 2 * (i // 20) * 25, 1.0, 1.0,
             Style(stroke=None, fill=f"#{i:02x}{255 - i:02x}{(7 * i) % 256:02x}"))
        for i in range(200)
    )  # fmt: skip
    doc = _page_of(squares, 1500.0)
    png = Image.open(io.BytesIO(render(doc, "png", dpi=25.4)[0][1]))
    pdf = pdfium.PdfDocument(render(doc, "pdf")[0][1])
    truth = np.asarray(_pdfium_page(pdf, 0, png.size))
    assert len(np.unique(truth.reshape(-1, 3), axis=0)) == 201
    assert (np.asarray(png.convert("RGB")) == truth).all()


def test_a_thin_line_keeps_its_colour_among_many_edge_shades() -> None:
    """Lines two or three pixels wide, at odd pixels, in colours found nowhere else, drawn among
    anti-aliased circles: every pixel pdfium paints in a line's colour has it in the PNG."""
    circles = tuple(
        Circle(5 + 9 * (i % 10), 5 + 9 * (i // 10), 3.7, Style(stroke="#203040", width=0.6,
               fill=f"#{40 + 2 * i:02x}{200 - i:02x}{90 + i:02x}"))
        for i in range(100)
    )  # fmt: skip
    colours = ("#c0262d", "#1f5fbf", "#2f8f3a", "#8b3fb0")
    pixel = 25.4 / DPI
    lines = tuple(
        Line(
            (
                MoveTo(0.5, (17 + 139 * i + 0.5 * (2 + i % 2)) * pixel),
                LineTo(95.0, (17 + 139 * i + 0.5 * (2 + i % 2)) * pixel),
            ),
            Style(stroke=colour, width=(2 + i % 2) * pixel),
        )
        for i, colour in enumerate(colours)
    )  # fmt: skip  (rows 17, 156, 295 and 434: odd, on the pixel grid, two or three pixels wide)
    doc = _page_of(circles + lines, 96.0)
    png = Image.open(io.BytesIO(render(doc, "png", dpi=DPI)[0][1]))
    pdf = pdfium.PdfDocument(render(doc, "pdf")[0][1])
    truth = np.asarray(_pdfium_page(pdf, 0, png.size))
    ours = np.asarray(png.convert("RGB"))
    assert len(np.unique(truth.reshape(-1, 3), axis=0)) > 1000  # a quantised page
    for colour in colours:
        rgb = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
        painted = (truth == rgb).all(axis=2)
        assert painted.sum() > 100 and (ours[painted] == rgb).all(), colour


def test_flat_colours_are_kept_exactly_and_edges_are_smooth() -> None:
    """A palette image, but the page's own colours are exact (the tree's paper white, its
    title green) and edges keep their anti-aliasing (many in-between shades)."""
    doc = _document("scribbly-gum/kuringgai")
    image = Image.open(io.BytesIO(render(doc, "png", dpi=DPI)[0][1]))
    assert image.mode == "P"
    rgb = image.convert("RGB")
    assert rgb.getpixel((5, 5)) == (255, 255, 255)
    colours = {colour for _, colour in rgb.getcolors(256) or []}
    assert len(colours) > 100  # anti-aliased edges, not a two-tone cut-out
    palette = load("scribbly-gum/kuringgai").model.colours  # type: ignore[attr-defined]
    for hex_colour in (palette.tree, palette.score):
        assert tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)) in colours


def test_a_png_over_the_pixel_budget_is_refused_in_one_line(tmp_path: Path) -> None:
    from tests.conftest import sheetgen

    run = sheetgen(
        "build", "scribe/standard", "-f", "png", "--dpi", "1200", "--transparent",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert run.code == 1
    assert run.err.count("\n") == 1 and "megapixel" in run.err and "--dpi" in run.err
    assert "Traceback" not in run.err
    assert list(tmp_path.iterdir()) == []


def test_a_page_two_layouts_share_is_rasterised_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The two-sided pad's first sheet is the Kuringgai tree's page: built after the tree, its
    PNG is the tree's PNG byte for byte, and pdfium draws that page only once."""
    drawn: list[tuple[int, int]] = []
    rasterise = png_backend._raster

    def counting(
        page: pdfium.PdfPage, width: int, height: int, alpha: bool, painted: np.ndarray
    ) -> Image.Image:
        drawn.append((width, height))
        return rasterise(page, width, height, alpha, painted)

    monkeypatch.setattr(png_backend, "_raster", counting)
    monkeypatch.setattr(png_backend, "_DONE", type(png_backend._DONE)())
    tree = render(_document("scribbly-gum/kuringgai"), "png", dpi=60)
    pad = render(_document("scribbly-gum/pad"), "png", dpi=60)
    assert len(tree) == 1 and len(pad) == 2
    assert pad[0][1] == tree[0][1]
    assert len(drawn) == 2  # the tree's page, then only the pad's other side


def test_a_build_gives_each_worker_whole_games() -> None:
    """`build --all` hands a game's layouts to one worker, in order, so the page a pad shares
    with its tree meets the tree's raster in that worker."""
    from sheetgen.build import by_game

    loaded = [load(ref) for ref in sorted(builtin_layouts())]
    jobs = [(item, None, (), None, Path()) for item in loaded]
    groups = by_game(jobs)  # type: ignore[arg-type]
    games = [[job[0].model.game for job in group] for group in groups]
    assert all(len(set(g)) == 1 for g in games)
    assert len(groups) == len({item.model.game for item in loaded}) == 5
    assert [job[0] for group in groups for job in group] == sorted(
        loaded, key=lambda item: [g[0] for g in games].index(item.model.game)
    )


@pytest.mark.parametrize("ref", ["scribe/standard", "walkabout/map-1", "scrumpit/single"])
def test_png_text_sits_where_the_written_pdf_draws_it(ref: str) -> None:
    """The PNG is rasterised before the PDF's fonts are cut down; the cut keeps what places
    the glyphs (their hinting), so pdfium draws the written PDF's text on the PNG's pixels:
    next to no pixel is more than 30 levels off (text half a pixel away gives thousands)."""
    doc = _document(ref)
    page = doc.distinct_pages()[0]
    png = np.asarray(Image.open(io.BytesIO(render(doc, "png", dpi=DPI)[0][1])).convert("RGB"))
    pdf = pdfium.PdfDocument(render(doc, "pdf")[0][1])
    written = np.asarray(_pdfium_page(pdf, 0, png_backend.pixel_size(page, DPI)))
    off = np.abs(png.astype(np.int16) - written).max(axis=2) > 30
    assert off.sum() <= 10, off.sum()


def test_every_circle_in_a_pdf_is_a_closed_outline() -> None:
    """A stroked path that is not closed ends in two line caps (PDF 1.7, 8.5.3.2); at a
    circle's start that is a seam pdfium draws (it showed in the white circles of the digital
    dotted-line tile). Every circle (a move and four curves) is closed before it is painted."""
    circles = 0
    for ref in ("scribbly-gum/digital", "scribbly-gum/kuringgai"):
        circles += _closed_circles(pikepdf.open(io.BytesIO(render(_document(ref), "pdf")[0][1])))
    assert circles > 100


def _closed_circles(pdf: pikepdf.Pdf) -> int:
    """How many circles the PDF paints, each asserted closed before it is painted."""
    circles = 0
    with pdf:
        streams = [page.obj for page in pdf.pages]
        streams += [
            o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"
        ]
        for stream in streams:
            path: list[str] = []
            for _, operator in pikepdf.parse_content_stream(stream):
                op = str(operator)
                if op in ("m", "c", "l", "h", "re"):
                    path.append(op)
                elif op in ("S", "B", "f", "F", "B*", "f*", "n"):
                    if path[-5:] == ["m", "c", "c", "c", "c"] or path[-6:-1] == [
                        "m",
                        "c",
                        "c",
                        "c",
                        "c",
                    ]:
                        circles += 1
                        assert path[-1] == "h", (op, path[-6:])
                    path = []
    return circles
