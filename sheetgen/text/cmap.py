"""The characters a TrueType or OpenType font file has glyphs for, read straight from its
`cmap` table (formats 4 and 12, the subtable fontTools' `getBestCmap` would choose): what a
layout's texts are checked against, without importing fontTools."""

from __future__ import annotations

import struct
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

# the (platform, encoding) of the subtables a Unicode font maps by, best first (fontTools')
_BEST = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


def code_points(font: bytes) -> frozenset[int]:
    """The code points the font file `font` maps to a glyph; ValueError for a file that is no
    font or has no Unicode map it reads."""
    try:
        return _read(_cmap_table(font))
    except (struct.error, IndexError) as exc:
        raise ValueError(f"no readable cmap ({exc})") from None


def _cmap_table(font: bytes) -> bytes:
    """The bytes of the font's cmap table."""
    count = struct.unpack_from(">H", font, 4)[0]
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sLLL", font, 12 + 16 * i)
        if tag == b"cmap":
            return font[offset : offset + length]
    raise ValueError("no cmap table")


def _read(data: bytes) -> frozenset[int]:
    return frozenset(glyph_map(data))


@lru_cache(maxsize=8)  # (a face's metrics and its characters read the same table)
def glyph_map(data: bytes) -> Mapping[int, int]:
    """Each code point a cmap table (its bytes) maps to a glyph, and that glyph's number."""
    return MappingProxyType(_glyph_map(data))


def _glyph_map(data: bytes) -> dict[int, int]:
    base = 0
    subtables: dict[tuple[int, int], int] = {}
    for i in range(struct.unpack_from(">H", data, base + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHL", data, base + 4 + 8 * i)
        subtables.setdefault((platform, encoding), base + offset)
    for key in _BEST:
        if key in subtables:
            at = subtables[key]
            form = struct.unpack_from(">H", data, at)[0]
            if form == 4:
                return _format_4(data, at)
            if form == 12:
                return _format_12(data, at)
            raise ValueError(f"cmap subtable format {form}")
    raise ValueError("no Unicode cmap subtable")


def _format_4(data: bytes, at: int) -> dict[int, int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    found: dict[int, int] = {}
    for s, (start, end, delta, offset) in enumerate(zip(starts, ends, deltas, ranges, strict=True)):
        if start == 0xFFFF:
            continue
        if offset == 0:
            glyphs = [(c + delta) & 0xFFFF for c in range(start, end + 1)]
        else:
            first = ranges_at + 2 * s + offset
            listed = struct.unpack_from(f">{end - start + 1}H", data, first)
            glyphs = [(g + delta) & 0xFFFF if g else 0 for g in listed]
        found.update((c, g) for c, g in zip(range(start, end + 1), glyphs, strict=True) if g)
    return found


def _format_12(data: bytes, at: int) -> dict[int, int]:
    groups = struct.unpack_from(">L", data, at + 12)[0]
    found: dict[int, int] = {}
    for g in range(groups):
        start, end, glyph = struct.unpack_from(">LLL", data, at + 16 + 12 * g)
        found.update(zip(range(start, end + 1), range(glyph, glyph + end - start + 1), strict=True))
    return found
