"""A designer's own font: a TrueType or OpenType file a layout names, with its licence beside
it, checked once before anything is drawn and then used as sheetgen's own faces are (measured,
shaped, embedded in the PDF as a subset, drawn as outlines in the SVG), with sheetgen's faces
for the characters it lacks.

Fonts come from strangers as often as layouts do: the file is read as every file a layout
names is (a regular file, its size bounded, recorded for `watch`), and a file that is no font,
is damaged, forbids embedding or cannot be read is refused in one line naming it. OpenType
fonts with PostScript (CFF) outlines are turned into TrueType outlines, which the PDF embeds."""

from __future__ import annotations

import hashlib
import io
import os
import struct
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from sheetgen.errors import SheetgenError
from sheetgen.files import ReadRefused, read_limited
from sheetgen.text.cmap import code_points
from sheetgen.text.metrics import damaged_tables, read_metrics, table_checksum
from sheetgen.text.typefaces import FontFace, add_own

if TYPE_CHECKING:  # a name alone: fontTools is imported where a font is converted
    from fontTools.ttLib import TTFont

MAX_OWN_FONT_BYTES = 30 * 1024 * 1024  # a designer's font file (a whole CJK font is ~20 MiB)
SUFFIXES = (".ttf", ".otf")
# a licence file beside the font: its name starts so (any case), or it is the font's own name
# with .txt, .md or .pdf
LICENCE_STARTS = ("license", "licence", "ofl", "copying")
LICENCE_SUFFIXES = (".txt", ".md", ".pdf")
_TRUETYPE = (b"\x00\x01\x00\x00", b"true")
_REFUSED_KINDS = {
    b"ttcf": "a font collection (.ttc); take the one font you want out of it as a .ttf",
    b"wOFF": "a web font (WOFF); use the .ttf or .otf it was made from",
    b"wOF2": "a web font (WOFF2); use the .ttf or .otf it was made from",
}


class FontRefused(SheetgenError):
    """A designer's font that cannot be used: `file: what is wrong (what would be right)`."""


def own_face(path: Path, shown: str) -> FontFace:
    """The face of the font file at `path` (shown as `shown` in messages), made known by its
    family name (`FontFace.css_family`); FontRefused when it has no licence beside it, cannot
    be read, is no TrueType or OpenType font, is damaged or forbids embedding."""
    if path.suffix.lower() not in SUFFIXES:
        raise FontRefused(
            f"{shown}: not a font file sheetgen reads; name a TrueType (.ttf) or OpenType (.otf) "
            "file"
        )
    if licence_beside(path) is None:
        raise FontRefused(
            f"{shown}: no licence file beside the font; put the licence it came with next to "
            f"it (LICENSE.txt, OFL.txt or {path.stem}.txt), so whoever gets your layout knows "
            "its terms"
        )
    try:  # a regular file only (a pipe would never end), recorded for `watch`
        data = read_limited(path, MAX_OWN_FONT_BYTES)
    except ReadRefused as exc:
        if exc.too_long:
            raise FontRefused(
                f"{shown}: longer than {MAX_OWN_FONT_BYTES // 1024 // 1024} MiB for a font"
            ) from None
        raise FontRefused(f"{shown}: {exc}, not a font file") from None
    except OSError as exc:
        raise FontRefused(f"{shown}: cannot be read ({exc.strerror})") from None
    font = _face(data, shown)
    add_own(font)
    return font


def licence_beside(path: Path) -> Path | None:
    """The licence file in the font's folder (see `LICENCE_STARTS`), or None."""
    stems = {path.stem.lower() + suffix for suffix in LICENCE_SUFFIXES}
    try:
        with os.scandir(path.parent) as entries:
            names = sorted(entry.name for entry in entries if entry.is_file())
    except OSError:
        return None
    for name in names:
        lower = name.lower()
        if lower.startswith(LICENCE_STARTS) or lower in stems:
            return path.parent / name
    return None


@lru_cache(maxsize=32)
def _face(data: bytes, shown: str) -> FontFace:
    """The face of a font file's bytes, checked (and made TrueType); FontRefused if unusable."""
    head = data[:4]
    if head in _REFUSED_KINDS:
        raise FontRefused(f"{shown}: {_REFUSED_KINDS[head]}")
    if head not in (*_TRUETYPE, b"OTTO"):
        raise FontRefused(
            f"{shown}: not a TrueType or OpenType font; use the .ttf or .otf file the font came as"
        )
    try:
        damaged = damaged_tables(data)
        if "'head'" in damaged:  # a checksum many fonts get wrong: the table itself is read
            data, damaged = _head_summed(data), [t for t in damaged if t != "'head'"]
    except struct.error:
        raise FontRefused(f"{shown}: cut short (its table directory is incomplete)") from None
    if damaged:
        fail = "tables fail their checksums" if len(damaged) > 1 else "table fails its checksum"
        raise FontRefused(
            f"{shown}: the font file is damaged (its {', '.join(damaged)} {fail}); use a good "
            "copy of it"
        )
    try:
        if head == b"OTTO":
            data = _truetype(data)
        _check_tables(data)
        read_metrics(data)
        code_points(data)
    except (ValueError, KeyError, IndexError, AssertionError, struct.error, TypeError) as exc:
        said = _reason(exc)  # with what to do, or a fault a good copy mends
        fix = "" if ";" in said else "; use a good copy of the font"
        raise FontRefused(f"{shown}: {said}{fix}") from None
    digest = hashlib.sha256(data).hexdigest()[:16]
    return FontFace(shown, f"SheetgenOwn-{digest}", f"own-{digest}", data)


def _head_summed(data: bytes) -> bytes:
    """The font with its `head` table's checksum in the table directory made right (fonts
    made by some tools sum it with the file's checksum adjustment in; fontTools and reportlab
    do not read it)."""
    out = bytearray(data)
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        at = 12 + 16 * i
        tag, _, offset, length = struct.unpack_from(">4sLLL", data, at)
        if tag == b"head":
            struct.pack_into(">L", out, at + 4, table_checksum(tag, data[offset : offset + length]))
    return bytes(out)


def _reason(exc: Exception) -> str:
    """A font's fault in words: the check's own, or what the reader could not read."""
    if isinstance(exc, ValueError) and not isinstance(exc, struct.error) and str(exc):
        said = str(exc)
        return said if said.startswith(("no ", "its ", "the ")) else f"cannot be read ({said})"
    return f"cannot be read ({type(exc).__name__}: the file is cut short or damaged)"


def _check_tables(data: bytes) -> None:
    """What every backend needs of a TrueType font: its tables there and readable, a name to
    embed it under, and its licence bits allowing it in a PDF; ValueError saying what fails."""
    try:
        _read_tables(data)
    except ValueError:
        raise
    except Exception as exc:  # any other failure to parse means a damaged file
        raise ValueError(f"cannot be read ({type(exc).__name__})") from None


def _read_tables(data: bytes) -> None:
    # imported here, not at the top, for start-up time
    from fontTools.pens.basePen import NullPen
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), lazy=True)
    for tag in ("head", "hhea", "hmtx", "maxp", "cmap", "name", "post", "glyf", "loca"):
        if tag not in font:
            raise ValueError(f"no {tag!r} table (a font needs it)")
    if font["head"].magicNumber != 0x5F0F3CF5:
        raise ValueError("its 'head' table is damaged")
    if font["maxp"].numGlyphs < 2:
        raise ValueError("no glyphs")
    if not font.getBestCmap():
        raise ValueError("no Unicode character map (a symbol font sheetgen cannot address)")
    if "OS/2" in font:
        kind = font["OS/2"].fsType
        if kind & 0x000F == 0x0002 or kind & 0x0300:
            raise ValueError(
                "its licence bits (OS/2 fsType) forbid embedding it in a document; choose a "
                "font whose licence allows it"
            )
    names = [font["name"].getDebugName(i) for i in (6, 4, 1)]
    if not any(names):
        raise ValueError("no name (its 'name' table names no font)")
    name = next(n for n in names if n)
    if any(ord(c) > 126 or c in "[](){}<>/%" for c in name.replace(" ", "-")):
        raise ValueError(f"its name {name!r} holds characters a PDF font name cannot")
    glyph_set = font.getGlyphSet()
    glyph_set[font.getGlyphOrder()[0]].draw(NullPen())  # the glyph table reads


def _truetype(data: bytes) -> bytes:
    """An OpenType font with PostScript (CFF) outlines made a TrueType one (`to_glyf`), which
    reportlab embeds and every backend reads alike."""
    # imported here, not at the top, for start-up time
    from fontTools.ttLib import TTFont

    try:
        font = TTFont(io.BytesIO(data), recalcTimestamp=False)
        if "CFF2" in font:
            raise ValueError(
                "its outlines are variable PostScript ones (CFF2); make a static instance of it "
                "or use its .ttf"
            )
        if "CFF " not in font:
            raise ValueError("no outlines (no 'CFF ' table)")
        to_glyf(font)
    except ValueError:
        raise
    except Exception as exc:  # any failure to read the outlines means a damaged file
        raise ValueError(f"its outlines cannot be read ({type(exc).__name__})") from None
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def to_glyf(font: TTFont) -> None:
    """`font`'s PostScript (CFF) outlines replaced, in place, by TrueType ones: quadratic
    outlines within 1 unit of the cubic ones, with the tables TrueType outlines need (also
    used by `fonts/subset_cjk.py`, which makes the shipped CJK font)."""
    # imported here, not at the top, for start-up time
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for key in (
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, key, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0
    font.sfntVersion = "\0\1\0\0"
    hmtx = font["hmtx"]
    for name, glyph in glyphs.items():
        glyph.recalcBounds(glyf)
        hmtx[name] = (hmtx[name][0], getattr(glyph, "xMin", 0))
