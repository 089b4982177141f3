"""PNG backend: the pixels of the PDF itself. The pages are drawn once as PDF, rasterised by
pdfium (Chromium's PDF engine, what most viewers draw with) and stored losslessly
(`png_file`), so PDF, SVG and PNG show one picture with one clipping rule."""

from __future__ import annotations

import ctypes
from collections import OrderedDict
from collections.abc import Iterator

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from sheetgen.backends.pdf import draw_pdf
from sheetgen.backends.png_file import png_file, png_from_bands, png_from_rows
from sheetgen.cancel import checkpoint
from sheetgen.draw.document import Document, Page
from sheetgen.errors import SheetgenError

BAND_PIXELS = 24_000_000  # a page larger than this is rasterised in bands of at most this many
MAX_PIXELS = 600_000_000  # no image larger than this (an A3 sheet at 1200 dpi is 279 million)


def pixel_size(page: Page, dpi: float) -> tuple[int, int]:
    """The page's image size in pixels at `dpi` (its size in mm times dpi, rounded)."""
    return round(page.width * dpi / 25.4), round(page.height * dpi / 25.4)


def render_pngs(doc: Document, pages: list[Page], dpi: float, transparent: bool) -> list[bytes]:
    """Each page as PNG bytes at `dpi`, rasterised from the PDF those pages make. A page that
    shows what a page already rasterised in this process showed (the pad's sheets are the
    trees' pages) is not rasterised again."""
    check_pixels(pages, dpi, transparent)
    sizes = [pixel_size(page, dpi) for page in pages]
    keys = [_Key((page.picture(), dpi, transparent)) for page in pages]
    found = {key: _DONE[key] for key in keys if key in _DONE}
    first: dict[_Key, int] = {}
    for i, key in enumerate(keys):
        first.setdefault(key, i)
    new = [i for key, i in first.items() if key not in found]
    if new:
        pdf = pdfium.PdfDocument(draw_pdf(doc, [pages[i] for i in new]))
        try:
            for at, i in enumerate(new):
                checkpoint()
                found[keys[i]] = _png(pdf[at], *sizes[i], transparent, dpi)
        finally:
            pdf.close()
    for key in keys:
        _remember(key, found[key])
    return [found[key] for key in keys]


class _Key:
    """What a page shows, hashed once (a page's picture is a deep tuple, slow to hash)."""

    __slots__ = ("hash", "value")

    def __init__(self, value: tuple[object, ...]) -> None:
        self.value, self.hash = value, hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and self.hash == other.hash and self.value == other.value


_DONE: OrderedDict[_Key, bytes] = OrderedDict()  # the last pages rasterised
_REMEMBERED = 64


def _remember(key: _Key, png: bytes) -> None:
    _DONE[key] = png
    _DONE.move_to_end(key)
    while len(_DONE) > _REMEMBERED:
        _DONE.popitem(last=False)


def check_pixels(pages: list[Page], dpi: float, transparent: bool) -> None:
    """Refuse, before any is drawn, an image over MAX_PIXELS, or a transparent one that would
    need banding (over BAND_PIXELS)."""
    for page in pages:
        _check_budget(*pixel_size(page, dpi), dpi, transparent)


def _check_budget(width: int, height: int, dpi: float, transparent: bool) -> None:
    pixels = width * height
    if pixels > MAX_PIXELS:
        raise SheetgenError(
            f"a {width} x {height} px image ({pixels / 1e6:,.0f} megapixels) is over the "
            f"{MAX_PIXELS // 1_000_000}-megapixel limit of a PNG; choose a lower --dpi than {dpi:g}"
        )
    if transparent and pixels > BAND_PIXELS:
        raise SheetgenError(
            f"a transparent {width} x {height} px image is over the "
            f"{BAND_PIXELS // 1_000_000}-megapixel limit of transparent PNGs; choose a lower "
            f"--dpi than {dpi:g}, or leave out --transparent"
        )


def _band(
    page: pdfium.PdfPage, width: int, height: int, top: int, rows: int, alpha: bool
) -> np.ndarray:
    """Rows `top` to `top + rows` of the page rasterised at width x height pixels, anti-aliased
    (pdfium clips its drawing to the band, so a band costs its own pixels only): one number a
    pixel, its RGBA bytes read as an unsigned 32-bit integer, or with no alpha its RGB (24 bits)."""
    fmt = pdfium_c.FPDFBitmap_BGRA if alpha else pdfium_c.FPDFBitmap_BGRx
    buffer = _buffer(4 * width * rows)
    bitmap = pdfium.PdfBitmap.new_native(width, rows, fmt, rev_byteorder=True, buffer=buffer)
    bitmap.fill_rect((255, 255, 255, 0 if alpha else 255), 0, 0, width, rows)
    flags = pdfium_c.FPDF_REVERSE_BYTE_ORDER
    pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, -top, width, height, 0, flags)
    pixels = np.frombuffer(memoryview(buffer), dtype=np.uint32, count=width * rows)
    pixels = pixels.reshape(rows, width)
    bitmap.close()  # pdfium lets go; the buffer is Python's and lives on in `pixels`
    if not alpha:
        np.bitwise_and(pixels, _RGB, out=pixels)
    return pixels


_RGB = np.uint32(0xFFFFFF)


def _scanlines(page: pdfium.PdfPage, width: int, height: int) -> np.ndarray:
    """The page rasterised opaque at width x height pixels, anti-aliased, as a PNG's unfiltered
    scanlines: pdfium draws each row's R, G, B bytes (24 bits a pixel, in that order) straight
    after the row's filter byte, which is left zero (filter none); the same pixels as `_band`'s,
    with no copy of them."""
    stride = 1 + 3 * width
    whole = _buffer(stride * height + 1)  # (pdfium asks for whole rows after the first byte)
    pixels = (ctypes.c_ubyte * (stride * height)).from_buffer(whole, 1)
    bitmap = pdfium.PdfBitmap.new_native(
        width, height, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True, buffer=pixels, stride=stride
    )
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
    flags = pdfium_c.FPDF_REVERSE_BYTE_ORDER
    pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, flags)
    bitmap.close()  # pdfium lets go; the buffer is Python's
    rows = np.frombuffer(memoryview(whole), dtype=np.uint8, count=stride * height)
    rows = rows.reshape(height, stride)
    rows[:, 0] = 0  # the filter bytes (the memory is reused: pdfium drew only the pixels)
    return rows


class _Scratch:
    """The memory pages are rasterised into, kept for the next page (fresh memory for every
    page costs more to map than to draw). A band's pixels are used up before the next band."""

    buffer: ctypes.Array[ctypes.c_ubyte] | None = None


def _buffer(size: int) -> ctypes.Array[ctypes.c_ubyte]:
    if _Scratch.buffer is None or len(_Scratch.buffer) < size:
        _Scratch.buffer = None  # let the old one go first
        _Scratch.buffer = (ctypes.c_ubyte * size)()
    return _Scratch.buffer


def _png(page: pdfium.PdfPage, width: int, height: int, alpha: bool, dpi: float) -> bytes:
    """The page as PNG bytes: rasterised whole where it is within BAND_PIXELS, else a band at
    a time, each compressed before the next is drawn (only pages without alpha band, see
    _check_budget)."""
    if width * height <= BAND_PIXELS:
        if not alpha:
            return png_from_rows(_scanlines(page, width, height), dpi)
        return png_file(_band(page, width, height, 0, height, alpha), alpha, dpi)
    bands = (_band(page, width, height, top, rows, alpha) for top, rows in _bands(width, height))
    return png_from_bands(width, height, dpi, bands)


def _bands(width: int, height: int) -> Iterator[tuple[int, int]]:
    step = max(1, BAND_PIXELS // width)
    for top in range(0, height, step):
        yield top, min(step, height - top)
