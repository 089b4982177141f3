"""PNG files written losslessly from pixels: a palette image where the picture has no more than
256 colours, else RGB (RGBA when transparent), every row unfiltered and compressed by
libdeflate. Rasterised pages are flat colours and the anti-aliased shades of their edges, and
for those the unfiltered rows (whose repeats deflate finds a pixel or a row back) come out about
a sixth smaller than Pillow's adaptive filters, in about the same time (`benchmarks/run.py
--only pngs`). The same pixels give the same bytes: no time or text chunks."""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterable
from typing import NamedTuple

import deflate
import numpy as np

PALETTE = 256  # the most colours a palette image holds
LEVEL = (
    6  # libdeflate's level for an image held whole: half the time of 9 for 3 % more bytes
    # (docs/internals.md)
)
STREAM_LEVEL = 6  # zlib's, for a banded image (libdeflate compresses only what it holds)
_SAMPLE_PIXELS = 250_000  # about how many pixels are counted before a palette is tried
_CHUNK_PIXELS = 1_000_000  # about how many pixels are indexed at a time
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_RGB, _PALETTED, _RGBA = 2, 3, 6  # PNG colour types


def png_file(pixels: np.ndarray, alpha: bool, dpi: float | None) -> bytes:
    """A PNG of `pixels` (rows of one unsigned 32-bit number a pixel, its bytes R, G, B and A
    in memory order, A zero throughout where there is no `alpha`), with its resolution where
    `dpi` is given."""
    height, width = pixels.shape
    paletted = _paletted(pixels)
    if paletted is not None:
        return _palette_file(*paletted, alpha, dpi)
    data = _deflated(pixels.view(np.uint8).reshape(height, width, 4)[:, :, : 4 if alpha else 3])
    return _file(width, height, _RGBA if alpha else _RGB, dpi, [], data)


def _palette_file(
    colours: np.ndarray, indices: np.ndarray, alpha: bool, dpi: float | None
) -> bytes:
    """A palette PNG: `colours` as `png_file` takes pixels, each pixel's index among them."""
    height, width = indices.shape
    rgba = colours.view(np.uint8).reshape(-1, 4)
    chunks = [(b"PLTE", rgba[:, :3].tobytes())]
    if alpha:
        chunks.append((b"tRNS", rgba[:, 3].tobytes()))
    return _file(width, height, _PALETTED, dpi, chunks, _deflated(indices[:, :, None]))


def png_from_rows(rows: np.ndarray, dpi: float | None) -> bytes:
    """An opaque PNG of its scanlines as they are stored (`_rows`: each a zero filter byte,
    then R, G, B a pixel), with its resolution where `dpi` is given: the very bytes `png_file`
    writes of the same pixels, without their copy into scanlines where the picture is RGB (the
    PNG backend has pdfium draw straight into them)."""
    height, width = rows.shape[0], (rows.shape[1] - 1) // 3
    rgb = rows[:, 1:].reshape(height, width, 3)
    step = _step(height * width)
    paletted = None
    # a sixteenth of the pixels `_paletted` counts first (among them) tells most pictures
    if len(np.unique(_words(rgb[:: 4 * step, :: 4 * step]))) <= PALETTE:
        colours = np.unique(_words(rgb[::step, ::step]))  # as `_paletted` counts them first
        if len(colours) <= PALETTE:
            paletted = _opaque_paletted(_words(rgb), colours)
    if paletted is not None:
        return _palette_file(*paletted, False, dpi)
    return _file(width, height, _RGB, dpi, [], _compressed(rows))


def _opaque_paletted(
    pixels: np.ndarray, colours: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """`_paletted`'s answer for an opaque picture (every pixel under 2**24), its colours
    counted first as `colours`: each pixel's index read from a table of every 24-bit colour
    rather than searched for (the same indices; the same colours, as `_paletted`'s are all the
    picture's where it has no more than PALETTE)."""
    step = max(1, _CHUNK_PIXELS // pixels.shape[1])
    while len(colours) <= PALETTE:
        table = np.full(1 << 24, PALETTE, dtype=np.uint16)  # PALETTE: not among them
        table[colours] = np.arange(len(colours), dtype=np.uint16)
        out = np.empty(pixels.shape, dtype=np.uint8)
        for top in range(0, len(pixels), step):
            rows = pixels[top : top + step]
            at = table[rows]
            missed = at == PALETTE
            if missed.any():
                colours = np.union1d(colours, rows[missed])
                break
            out[top : top + step] = at
        else:
            return colours, out
    return None


def _words(rgb: np.ndarray) -> np.ndarray:
    """RGB samples (height x width x 3) as `png_file` takes pixels: one unsigned 32-bit number
    a pixel, its bytes R, G, B and a zero A in memory order."""
    words = np.zeros((*rgb.shape[:2], 4), dtype=np.uint8)
    words[:, :, :3] = rgb
    return words.view(np.uint32)[:, :, 0]


def png_from_bands(width: int, height: int, dpi: float, bands: Iterable[np.ndarray]) -> bytes:
    """An RGB PNG of rows given a band at a time (as `png_file` takes them, without alpha),
    compressed as they come, so that only one band is ever held uncompressed."""
    stream = zlib.compressobj(STREAM_LEVEL)
    data = []
    for band in bands:
        data.append(
            stream.compress(_rows(band.view(np.uint8).reshape(*band.shape, 4)[:, :, :3]).data)
        )
    data.append(stream.flush())
    return _file(width, height, _RGB, dpi, [], b"".join(data))


def _paletted(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The picture's colours (at most PALETTE) and each pixel's index among them, or None where
    it has more. Counted first on every few pixels, which tells most pages of anti-aliased
    edges (thousands of shades) at a fraction of the cost; a colour that count missed is added
    when a pixel shows it, and the indexing begins again."""
    step = _step(pixels.size)
    colours = np.unique(pixels[::step, ::step])
    while len(colours) <= PALETTE:
        indexed = _indexed(pixels, colours)
        if isinstance(indexed, _Missing):
            colours = np.union1d(colours, indexed.colours)
        else:
            return colours, indexed
    return None


def _step(pixels: int) -> int:
    """Every how many rows and columns the colours of a picture of `pixels` are counted first."""
    return max(1, math.isqrt(pixels // _SAMPLE_PIXELS))


class _Missing(NamedTuple):
    """Colours a picture shows that a palette lacks."""

    colours: np.ndarray


def _indexed(pixels: np.ndarray, colours: np.ndarray) -> np.ndarray | _Missing:
    """Each pixel's index among `colours` (sorted), as bytes; or, where a pixel's colour is not
    among them, the colours of the first rows that show such pixels. A few rows at a time, so
    the search's 64-bit answers never take a whole page of memory."""
    out = np.empty(pixels.shape, dtype=np.uint8)
    step = max(1, _CHUNK_PIXELS // pixels.shape[1])
    for top in range(0, len(pixels), step):
        rows = pixels[top : top + step]
        at = np.minimum(np.searchsorted(colours, rows), len(colours) - 1)
        missed = colours[at] != rows
        if missed.any():
            return _Missing(np.unique(rows[missed]))
        out[top : top + step] = at
    return out


def _deflated(samples: np.ndarray) -> bytes:
    return _compressed(_rows(samples))


def _compressed(rows: np.ndarray) -> bytes:
    return bytes(deflate.zlib_compress(rows.data, LEVEL))


def _rows(samples: np.ndarray) -> np.ndarray:
    """Samples (height x width x channels) as PNG scanlines, each a filter type 0 (none) and
    the row's samples, in one buffer."""
    height, width, channels = samples.shape
    rows = np.zeros((height, 1 + width * channels), dtype=np.uint8)
    rows[:, 1:].reshape(height, width, channels)[...] = samples  # a view: no copy of the rows
    return rows


def _file(
    width: int,
    height: int,
    colour_type: int,
    dpi: float | None,
    chunks: list[tuple[bytes, bytes]],
    data: bytes,
) -> bytes:
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    out = [_chunk(b"IHDR", header)]
    if dpi:
        per_metre = round(dpi / 0.0254)
        out.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    out += [_chunk(kind, body) for kind, body in chunks]
    out += [_chunk(b"IDAT", data), _chunk(b"IEND", b"")]
    return _SIGNATURE + b"".join(out)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
