"""PNG backend: the pixels of the PDF itself. The pages are drawn once as PDF, rasterised by
pdfium (Chromium's PDF engine, what most viewers draw with) and encoded by Pillow as a palette
image, so PDF, SVG and PNG show one picture with one clipping rule."""

from __future__ import annotations

import ctypes
import io
import math
from collections import OrderedDict
from collections.abc import Iterator
from functools import cache, lru_cache

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

from sheetgen.backends.pdf import draw_pdf
from sheetgen.draw.shapes import Drawing, Group, Shape, Text
from sheetgen.errors import SheetgenError
from sheetgen.press.document import Document, Page

BAND_PIXELS = 24_000_000  # a page larger than this is rasterised in bands of at most this many
MAX_PIXELS = 600_000_000  # no image larger than this (an A3 sheet at 1200 dpi is 279 million)
PALETTE = 255  # colours of a palette image: exact where the page has no more than this
_PREVIEW_PIXELS = 8_000_000  # the rendering a banded page's palette is chosen from
_SAMPLE_PIXELS = 500_000  # about how many pixels a palette is counted on
_FLAT = 160  # at most this many fill colours kept exact in a palette


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
                painted = _painted(pages[i])
                found[keys[i]] = _encode(_raster(pdf[at], *sizes[i], transparent, painted), dpi)
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


class _Scratch:
    """The memory pages are rasterised into, kept for the next page (fresh memory for every
    page costs more to map than to draw). A band's pixels are used up before the next band."""

    buffer: ctypes.Array[ctypes.c_ubyte] | None = None


def _buffer(size: int) -> ctypes.Array[ctypes.c_ubyte]:
    if _Scratch.buffer is None or len(_Scratch.buffer) < size:
        _Scratch.buffer = None  # let the old one go first
        _Scratch.buffer = (ctypes.c_ubyte * size)()
    return _Scratch.buffer


def _painted(page: Page) -> np.ndarray:
    """The colours (as `_band` makes them) that the page paints at full opacity: where a shape
    is a pixel or two wide, its colour fills those pixels, and the palette keeps it exact."""
    found: set[str] = {"#ffffff"}
    for placement in page.placements:
        found |= _drawing_colours(placement.drawing)
    rgb = np.array([bytes.fromhex(c[1:]) + b"\0" for c in sorted(found)], dtype="V4")
    return rgb.view(np.uint32)


@lru_cache(maxsize=256)
def _drawing_colours(drawing: Drawing) -> frozenset[str]:
    return _colours(drawing.children)


def _colours(shapes: tuple[Shape, ...]) -> frozenset[str]:
    found: set[str] = set()
    for shape in shapes:
        if isinstance(shape, Group):
            found |= _colours(shape.children)
        elif isinstance(shape, Text):
            found.add(shape.colour)
        elif shape.style.opacity == 1:
            found.update(c for c in (shape.style.stroke, shape.style.fill) if c is not None)
    return frozenset(found)


def _raster(
    page: pdfium.PdfPage, width: int, height: int, alpha: bool, painted: np.ndarray
) -> Image.Image:
    """The page as one palette image. A page within BAND_PIXELS is rasterised whole and its
    palette taken from itself; a larger one in bands, with the palette of a preview, so that no
    more than one band of full colour is ever held."""
    if width * height <= BAND_PIXELS:
        whole = _band(page, width, height, 0, height, alpha)
        palette, seen = _palette(whole, alpha, painted)
        if alpha:
            return _image(_indexed_alpha(whole, palette), palette, alpha)
        with _Lookup(palette, seen) as lookup:
            return _image(lookup.indices(whole), lookup.palette, alpha)
    shrink = math.sqrt(width * height / _PREVIEW_PIXELS)
    pw, ph = max(1, round(width / shrink)), max(1, round(height / shrink))
    palette, seen = _palette(_band(page, pw, ph, 0, ph, alpha), alpha, painted)
    indices = np.empty((height, width), dtype=np.uint8)
    with _Lookup(palette, seen) as lookup:  # alpha never bands (see _check_budget)
        for top, rows in _bands(width, height):
            indices[top : top + rows] = lookup.indices(_band(page, width, height, top, rows, alpha))
    return _image(indices, lookup.palette, alpha)


def _bands(width: int, height: int) -> Iterator[tuple[int, int]]:
    step = max(1, BAND_PIXELS // width)
    for top in range(0, height, step):
        yield top, min(step, height - top)


def _palette(pixels: np.ndarray, alpha: bool, painted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """At most 255 colours for the page, in colour order, and the colours they were chosen
    from: all of its own where it has no more;
    else every colour that fills an area (a pixel equal to its right and lower neighbours),
    however small, kept exact (up to 160, the commonest first), and the rest fitted by median
    cut to the in-between shades of anti-aliased edges, weighted by how often each shows.
    Shades are counted on every few pixels, which finds them at a fraction of the cost."""
    step = max(1, math.isqrt(pixels.size // _SAMPLE_PIXELS))
    colours, counts = np.unique(pixels[::step, ::step], return_counts=True)
    if len(colours) <= PALETTE:
        return colours, colours
    common = colours[np.argsort(-counts, kind="stable")]
    fills = np.union1d(_fill_colours(pixels), painted) if not alpha else common[:_FLAT]
    ranked = np.concatenate([common[np.isin(common, fills)], np.setdiff1d(fills, common)])
    flat = ranked[:_FLAT]
    rest_mask = ~np.isin(colours, flat)
    rest, weights = colours[rest_mask], np.minimum(counts[rest_mask], 8)  # none crowds out
    shades = _rgba(np.repeat(rest, weights), alpha)
    mode = "RGBA" if alpha else "RGB"
    sample = Image.frombytes(mode, (len(shades), 1), shades[:, : len(mode)].tobytes())
    method = Image.Quantize.FASTOCTREE if alpha else Image.Quantize.MEDIANCUT
    left = PALETTE - len(flat)
    fitted = sample.quantize(left, method=method, dither=Image.Dither.NONE, kmeans=1)
    found = np.frombuffer(bytes(fitted.getpalette(mode) or []), dtype=np.uint8)
    rows = found.reshape(-1, len(mode))[:left]
    if not alpha:
        rows = np.hstack([rows, np.zeros((len(rows), 1), dtype=np.uint8)])
    fitted_keys = np.ascontiguousarray(rows).view(np.uint32).reshape(-1)
    palette = np.unique(np.concatenate([flat, fitted_keys]))[:PALETTE]
    return palette, np.union1d(colours, fills)


def _fill_colours(pixels: np.ndarray) -> np.ndarray:
    """The colours (24-bit) of pixels equal to their right and lower neighbours: fills, not the
    shades of an edge (which change across it). Looked for at every other row and column, which
    finds every fill at least 3 pixels across in a quarter of the time; a fill's pixels come in
    runs, so only the first of each run is sorted."""
    corner = pixels[:-1:2, :-1:2]
    below, beside = pixels[1::2, :-1:2], pixels[:-1:2, 1::2]
    rows, cols = min(len(corner), len(below)), min(corner.shape[1], beside.shape[1])
    corner, below, beside = corner[:rows, :cols], below[:rows, :cols], beside[:rows, :cols]
    solid = corner[(corner == below) & (corner == beside)]
    firsts = np.concatenate([solid[:1], solid[1:][solid[1:] != solid[:-1]]])
    return np.unique(firsts)


def _rgba(colours: np.ndarray, alpha: bool) -> np.ndarray:
    """Colours (numbers as `_band` makes them) as rows of R, G, B, A."""
    whole = colours if alpha else colours | np.uint32(0xFF000000)
    return np.ascontiguousarray(whole, dtype=np.uint32).view(np.uint8).reshape(-1, 4)


def _nearest(colours: np.ndarray, palette: np.ndarray, alpha: bool) -> np.ndarray:
    """For each colour, the index of the palette colour nearest to it (itself where it is one).
    Squared distances as |c|² - 2c·p + |p|², in float32: every term is an integer below 2²⁴, so
    each sum is exact. (einsum, not a BLAS product, whose threads spin for nothing.)"""
    channels = 4 if alpha else 3
    these = _rgba(colours, alpha)[:, :channels].astype(np.float32)
    those = _rgba(palette, alpha)[:, :channels].astype(np.float32)
    out = np.empty(len(colours), dtype=np.uint8)
    for start in range(0, len(these), 8192):  # a few thousand colours at a time
        chunk = these[start : start + 8192]
        distance = (those**2).sum(axis=1) - 2 * np.einsum("ij,kj->ik", chunk, those)
        out[start : start + 8192] = distance.argmin(axis=1)
    return out


@cache
def _table() -> np.ndarray:
    """A table of the palette index each 24-bit colour maps to, made once and kept for the next
    page: left all _UNKNOWN after use."""
    return np.full(1 << 24, _UNKNOWN, dtype=np.uint8)


_UNKNOWN = PALETTE  # no palette index: a palette has at most PALETTE colours, 0 to PALETTE - 1


class _Lookup:
    """Each pixel's palette index, by a table over every colour: filled in at the start for the
    colours the palette was chosen from, and for any other colour when a pixel shows it (a rare
    shade the palette's sample missed: added to the palette while it has room, else mapped to
    the nearest), then cleared again at the end."""

    def __init__(self, palette: np.ndarray, seen: np.ndarray) -> None:
        self.palette, self.table, self.filled = palette, _table(), [seen]
        self.table[seen] = _nearest(seen, palette, alpha=False)

    def __enter__(self) -> _Lookup:
        return self

    def __exit__(self, *_: object) -> None:
        for colours in self.filled:
            self.table[colours] = _UNKNOWN

    def indices(self, pixels: np.ndarray) -> np.ndarray:
        found: np.ndarray = self.table[pixels]
        strays = found == _UNKNOWN
        if strays.any():
            colours = pixels[strays]
            missing = np.unique(colours)
            room = PALETTE - len(self.palette)
            self.palette = np.concatenate([self.palette, missing[:room]])
            self.table[missing] = _nearest(missing, self.palette, alpha=False)
            self.filled.append(missing)
            found[strays] = self.table[colours]
        return found


def _indexed_alpha(pixels: np.ndarray, palette: np.ndarray) -> np.ndarray:
    """Each RGBA pixel as the index of its own colour in the palette, or of the nearest one."""
    colours, inverse = np.unique(pixels, return_inverse=True)
    found: np.ndarray = _nearest(colours, palette, alpha=True)[inverse]
    return found.reshape(pixels.shape)


def _image(indices: np.ndarray, palette: np.ndarray, alpha: bool) -> Image.Image:
    height, width = indices.shape
    image = Image.frombuffer("P", (width, height), indices, "raw", "P", 0, 1)
    rgba = _rgba(palette, alpha)
    image.putpalette(rgba[:, :3].tobytes(), "RGB")
    if alpha:
        image.info["transparency"] = rgba[:, 3].tobytes()
    return image


def _encode(image: Image.Image, dpi: float) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(round(dpi, 3), round(dpi, 3)), optimize=False)
    return out.getvalue()
