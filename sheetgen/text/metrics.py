"""What text is measured by: each character's advance, a capital's height, the ascent and
descent, read straight from a TrueType or OpenType font's tables (`head`, `hhea`, `hmtx`,
`OS/2`, `cmap`, and `loca` and `glyf` where the `OS/2` table gives no capital height), so
that measuring text imports no fontTools."""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Mapping

from sheetgen.frozen import frozen
from sheetgen.text.cmap import glyph_map


@frozen
class Metrics:
    """A font's measures in its own units (`units` an em)."""

    units: int
    advances: dict[int, int]  # each code point's advance
    default: int  # the advance of a character the font lacks (its glyph 0's)
    cap_height: int
    ascent: int  # the top of the tallest letters (hhea)
    descent: int  # the bottom of the lowest, as a positive number (hhea)


class DamagedFont(ValueError):
    """A font file some of whose tables fail their checksums."""

    def __init__(self, tables: list[str]) -> None:
        super().__init__(f"tables {', '.join(tables)} fail their checksums")
        self.tables = tables


def read_metrics(data: bytes) -> Metrics:
    """The metrics of the font file `data`; ValueError or struct.error for a file that is
    no font, or one whose tables are cut short; DamagedFont for one whose tables do not add
    up (a file cut short and padded, or its end overwritten)."""
    tables = _directory(data)
    damaged = damaged_tables(data)
    if damaged:
        raise DamagedFont(damaged)
    head, hhea, hmtx = (tables[tag][0] for tag in (b"head", b"hhea", b"hmtx"))
    units = struct.unpack_from(">H", data, head + 18)[0]
    ascent, descent = struct.unpack_from(">hh", data, hhea + 4)
    count = struct.unpack_from(">H", data, hhea + 34)[0]
    widths = struct.unpack_from(f">{2 * count}H", data, hmtx)[0::2]  # (advance, bearing)s
    if not widths:
        raise ValueError("no horizontal metrics")
    at, length = tables[b"cmap"]
    glyphs = glyph_map(data[at : at + length])
    # glyphs past the last full metric share its advance
    last = max(glyphs.values(), default=0)
    every: list[int] = [*widths, *(widths[-1],) * (last + 1 - count)]
    advances = {code: every[glyph] for code, glyph in glyphs.items()}
    return Metrics(units, advances, widths[0], _cap_height(data, tables, glyphs), ascent, -descent)


# sheetgen's own font files (its fonts/ folder), by length and CRC-32: every table of each adds
# up (a test holds this list to the folder). A file of those very bytes is not summed again
# (the CRC, in C, takes a tenth of the time of summing a file's words).
SHIPPED = frozenset(
    {
        (708_920, 0xFD8FF11C),  # DejaVuSans-Bold.ttf
        (759_720, 0xD74C30B5),  # DejaVuSans.ttf
        (753_660, 0xCA99E1A4),  # NotoEmoji-Regular.ttf
        (252_940, 0x99AD7A2D),  # NotoSansArabic-Bold.ttf
        (244_072, 0xEE03C9A5),  # NotoSansArabic-Regular.ttf
        (3_584_796, 0xE7760A89),  # NotoSansCJKsc-Bold-subset.ttf
        (3_641_628, 0x8EA674C9),  # NotoSansCJKsc-Regular-subset.ttf
        (237_660, 0xC84C2ABD),  # NotoSansDevanagari-Bold.ttf
        (229_336, 0x6C056640),  # NotoSansDevanagari-Regular.ttf
        (27_156, 0x2C11401A),  # NotoSansHebrew-Bold.ttf
        (26_892, 0x2296059E),  # NotoSansHebrew-Regular.ttf
    }
)


def damaged_tables(data: bytes) -> list[str]:
    """The tags (quoted) of a font file's tables whose bytes do not add up to the checksum its
    directory gives them: the sum of its big-endian 32-bit words, `head` counted with its
    checkSumAdjustment as zero. (None of a file sheetgen ships, SHIPPED.)"""
    if (len(data), zlib.crc32(data)) in SHIPPED:
        return []
    return summed_damage(data)


def summed_damage(data: bytes) -> list[str]:
    """`damaged_tables`, every table summed."""
    count = struct.unpack_from(">H", data, 4)[0]
    out = []
    for i in range(count):
        tag, checksum, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        if table_checksum(tag, data[offset : offset + length]) != checksum:
            out.append(repr(tag.decode("latin-1")))
    return out


def table_checksum(tag: bytes, data: bytes) -> int:
    """The checksum of a font table's bytes (`damaged_tables` says how it is summed)."""
    table = bytearray(data)
    if tag == b"head":
        table[8:12] = bytes(4)
    table += bytes(-len(table) % 4)
    return _word_sum(table) & 0xFFFFFFFF


def _word_sum(table: bytearray) -> int:
    """The sum of `table`'s big-endian 32-bit words (its length a multiple of 4), summed as
    an array of machine words: a third of the time of unpacking them one by one."""
    words = array("I", table)  # "I" is 4 bytes wherever CPython runs
    if sys.byteorder == "little":
        words.byteswap()
    return sum(words)


def _directory(data: bytes) -> dict[bytes, tuple[int, int]]:
    """Each table's offset in the file and its length, by its tag."""
    count = struct.unpack_from(">H", data, 4)[0]
    found: dict[bytes, tuple[int, int]] = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        if offset + length > len(data):
            raise ValueError(f"table {tag.decode('latin-1')!r} runs past the end of the file")
        found[tag] = (offset, length)
    for tag in (b"head", b"hhea", b"hmtx", b"cmap"):
        if tag not in found:
            raise ValueError(f"no {tag.decode()} table")
    return found


def _cap_height(
    data: bytes, tables: dict[bytes, tuple[int, int]], glyphs: Mapping[int, int]
) -> int:
    """A capital's height: the OS/2 table's (version 2 on), else the top of the glyph of H."""
    os2 = tables.get(b"OS/2", (0, 0))[0]
    if os2 and struct.unpack_from(">H", data, os2)[0] >= 2:
        cap: int = struct.unpack_from(">h", data, os2 + 88)[0]
        if cap:
            return cap
    if b"glyf" not in tables or b"loca" not in tables:
        raise ValueError("no capital height (no OS/2 version 2 and no glyf table)")
    glyph = glyphs[ord("H")]
    long = struct.unpack_from(">h", data, tables[b"head"][0] + 50)[0]
    loca = tables[b"loca"][0]
    if long:
        start = struct.unpack_from(">L", data, loca + 4 * glyph)[0]
    else:
        start = 2 * struct.unpack_from(">H", data, loca + 2 * glyph)[0]
    top: int = struct.unpack_from(">h", data, tables[b"glyf"][0] + start + 8)[0]
    return top
