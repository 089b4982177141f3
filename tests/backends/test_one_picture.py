"""One picture in every format: for every built-in component, the PNG that sheetgen writes, its
PDF rendered by pdfium and its SVG rendered by resvg (an independent renderer, with only the
project's own fonts) show the same thing at 150 dpi, clipping included."""

from __future__ import annotations

import io
import struct
import zlib
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
from sheetgen.backends.pdf import draw_pdf
from sheetgen.draw.document import Document, alone
from sheetgen.draw.shapes import Drawing, Rect, Shape, Style
from sheetgen.kinds import games as registered_games
from sheetgen.layouts.read import builtin_layouts, load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.press import PressOptions
from tests.support import ROOT, tiered

FONTS = str(ROOT / "fonts")
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
    # without the sheet mark, which names the layout: a page two layouts share is the same
    return pressed(loaded.kind, loaded.model, BuildOptions(PressOptions(sheet_mark=False)))


ONE_A_GAME = {
    "scribe/standard",
    "scribbly-gum/kuringgai",
    "walkabout/mat",
    "marram/example-board",
    "scrumpit/tiles",
}


@pytest.mark.parametrize("ref", tiered(sorted(builtin_layouts()), ONE_A_GAME))
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
    """A page over the band limit is drawn and compressed a band at a time (a zlib stream
    fed band by band, so other bytes than the whole page's); put together it is the page
    drawn whole: every row in its place and no seam, pdfium's anti-aliasing of a band at its
    offset differing from the whole page's by at most 2 of 255 levels on one pixel in 500
    (most of them in a band's first row)."""
    doc = _document("scribbly-gum/kuringgai")
    monkeypatch.setattr(png_backend, "_DONE", type(png_backend._DONE)())  # draw it anew
    whole_png = render(doc, "png", dpi=DPI)[0][1]
    whole = Image.open(io.BytesIO(whole_png))
    monkeypatch.setattr(png_backend, "BAND_PIXELS", 97 * whole.width)  # 18 bands, odd height
    monkeypatch.setattr(png_backend, "_DONE", type(png_backend._DONE)())
    banded_png = render(doc, "png", dpi=DPI)[0][1]
    assert banded_png != whole_png  # drawn in bands, not the whole page remembered
    banded = Image.open(io.BytesIO(banded_png))
    assert banded.size == whole.size and banded.mode == "RGB"
    assert banded.info["dpi"] == whole.info["dpi"]
    off = np.abs(
        np.asarray(banded, dtype=np.int16) - np.asarray(whole.convert("RGB"), dtype=np.int16)
    ).max(axis=2)
    assert off.max() <= 2 and (off > 0).mean() < 0.002  # a row out of place differs by far more


def _page_of(children: tuple[Shape, ...], size: float) -> Document:
    drawing = Drawing(size, size, children)
    return Document((alone(drawing),), "test")


def _squares(count: int, alpha: bool) -> Document:
    """`count` one-pixel squares of as many colours on the pixel grid (1 mm at 25.4 dpi), far
    apart on a large page, so that the count on every few pixels misses most of them."""
    squares = tuple(
        Rect(1.0 + 2 * (i % 20) * 25, 1.0 + 2 * (i // 20) * 25, 1.0, 1.0,
             Style(stroke=None, fill=f"#{i:02x}{255 - i:02x}{(7 * i) % 256:02x}"))
        for i in range(count)
    )  # fmt: skip
    return _page_of(squares, 1500.0)


def test_a_page_of_256_colours_is_stored_bit_for_bit() -> None:
    """255 squares on white paper, 256 colours, the most a palette holds: the PNG is a palette
    image, and pdfium's raster exactly, with its resolution."""
    doc = _squares(255, alpha=False)
    png = Image.open(io.BytesIO(render(doc, "png", dpi=25.4)[0][1]))
    (truth,) = _pdfium_truth(doc, 25.4, transparent=False)
    assert len(np.unique(truth.reshape(-1, 3), axis=0)) == 256
    assert png.mode == "P" and round(png.info["dpi"][0], 1) == 25.4
    assert np.array_equal(np.asarray(png.convert("RGB")), truth)


def test_a_transparent_page_of_few_colours_keeps_its_transparency() -> None:
    """200 opaque squares on a transparent page: a palette image whose transparency chunk
    gives each colour its alpha, read back as pdfium's raster exactly, the paper clear."""
    doc = _squares(200, alpha=True)
    png = Image.open(io.BytesIO(render(doc, "png", dpi=25.4, transparent=True)[0][1]))
    (truth,) = _pdfium_truth(doc, 25.4, transparent=True)
    assert len(np.unique(truth.reshape(-1, 4), axis=0)) == 201
    assert png.mode == "P" and "transparency" in png.info
    rgba = np.asarray(png.convert("RGBA"))
    assert rgba[0, 0, 3] == 0 and np.array_equal(rgba, truth)


def _pdfium_truth(doc: Document, dpi: float, transparent: bool) -> list[np.ndarray]:
    """pdfium's own raster of each image page of the PDF sheetgen draws for them (before its
    fonts are cut down), as RGB, or RGBA on a transparent background."""
    pages = image_pages(doc)
    pdf = pdfium.PdfDocument(draw_pdf(doc, pages))
    out = []
    for at, page in enumerate(pages):
        width, height = png_backend.pixel_size(page, dpi)
        fmt = pdfium.raw.FPDFBitmap_BGRA if transparent else pdfium.raw.FPDFBitmap_BGRx
        bitmap = pdfium.PdfBitmap.new_native(width, height, fmt, True)
        bitmap.fill_rect((255, 255, 255, 0 if transparent else 255), 0, 0, width, height)
        flags = pdfium.raw.FPDF_REVERSE_BYTE_ORDER
        pdfium.raw.FPDF_RenderPageBitmap(bitmap, pdf[at], 0, 0, width, height, 0, flags)
        out.append(np.asarray(bitmap.to_pil().convert("RGBA" if transparent else "RGB")))
    return out


@pytest.mark.parametrize(
    ("ref", "transparent"),
    [
        ("scribbly-gum/kuringgai", False),
        ("scribe/standard", True),
        pytest.param("walkabout/dice", False, marks=pytest.mark.slow),
        pytest.param("marram/classic", False, marks=pytest.mark.slow),
        pytest.param("scrumpit/standard", True, marks=pytest.mark.slow),
    ],
)
def test_every_png_is_pdfiums_raster_exactly(ref: str, transparent: bool) -> None:
    """Lossless: each PNG, read back by Pillow, is pdfium's raster of the same page pixel for
    pixel and channel for channel; a page of few colours is a palette image, any other is RGB
    (RGBA on a transparent background)."""
    doc = _document(ref)
    dpi = doc.dpi or 60
    pngs = render(doc, "png", dpi=dpi, transparent=transparent)
    truths = _pdfium_truth(doc, dpi, transparent)
    assert len(pngs) == len(truths)
    for (label, png), truth in zip(pngs, truths, strict=True):
        image = Image.open(io.BytesIO(png))
        mode = "RGBA" if transparent else "RGB"
        shades = len(np.unique(truth.reshape(-1, truth.shape[2]), axis=0))
        assert image.mode == ("P" if shades <= 256 else mode), (ref, label, shades)
        assert np.array_equal(np.asarray(image.convert(mode)), truth), (ref, label)


def test_a_png_is_unfiltered_and_says_its_resolution() -> None:
    """The rows of sheetgen's PNGs are stored unfiltered (filter type 0, which deflates flat
    colours best), in one IDAT chunk after a pHYs chunk that gives the dpi (PNG 1.2, 11.3.5.3:
    pixels per metre, unit 1)."""
    png = render(_document("scribe/standard"), "png", dpi=100)[0][1]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = {}, 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", png[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind  # each chunk's check (PNG 1.2, 5.3)
        chunks.setdefault(kind.decode("ascii"), body)
        at += 12 + length
    assert list(chunks) == ["IHDR", "pHYs", "IDAT", "IEND"] and chunks["IEND"] == b""
    assert struct.unpack(">IIB", chunks["pHYs"]) == (3937, 3937, 1)  # 100 / 0.0254, rounded
    # width, height, bit depth, colour type 2 (RGB), compression, filter method, interlace
    assert struct.unpack(">IIBBBBB", chunks["IHDR"]) == (827, 1169, 8, 2, 0, 0, 0)
    width, height = 827, 1169
    rows = zlib.decompress(chunks["IDAT"])
    assert len(rows) == height * (1 + 3 * width)
    assert set(rows[:: 1 + 3 * width]) == {0}  # every row's filter byte


def test_a_png_over_the_pixel_budget_is_refused_in_one_line(tmp_path: Path) -> None:
    from tests.support import sheetgen

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
    rasterise = png_backend._png

    def counting(page: pdfium.PdfPage, width: int, height: int, alpha: bool, dpi: float) -> bytes:
        drawn.append((width, height))
        return rasterise(page, width, height, alpha, dpi)

    monkeypatch.setattr(png_backend, "_png", counting)
    monkeypatch.setattr(png_backend, "_DONE", type(png_backend._DONE)())
    tree = render(_document("scribbly-gum/kuringgai"), "png", dpi=60)
    pad = render(_document("scribbly-gum/pad"), "png", dpi=60)
    assert len(tree) == 1 and len(pad) == 2
    assert pad[0][1] == tree[0][1]
    assert len(drawn) == 2  # the tree's page, then only the pad's other side


def test_a_build_gives_each_worker_whole_games() -> None:
    """`build --all` hands a game's layouts to one worker, in order, so the page a pad shares
    with its tree meets the tree's raster in that worker."""
    from sheetgen.pipeline.build import by_game

    loaded = [load(ref) for ref in sorted(builtin_layouts())]
    jobs = [(item, None, (), None, Path()) for item in loaded]
    groups = by_game(jobs)  # type: ignore[arg-type]
    games = [[job[0].model.game for job in group] for group in groups]
    assert all(len(set(g)) == 1 for g in games)
    assert len(groups) == len({item.model.game for item in loaded}) == len(registered_games())
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
