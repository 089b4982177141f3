"""Embedded fonts cut down to the glyphs a PDF shows. reportlab's TrueType subsets always carry
printable ASCII and the whole name table; here each embedded font keeps only the glyphs its
text uses (and their components) and no names. The hinting programs stay: a renderer that
hints (pdfium does) places glyphs by them, so without them the PDF's text would sit up to half a
pixel from where the PNG, rasterised before the cut, shows it.

The cut is fontTools' subsetter's (`fontTools.subset`, with the options `_options` gives), made
here step by step on the tables reportlab's subsets hold (`READ`), so that a PDF imports
fontTools' font tables alone (its subsetter, which reads every kind of table there is, took
longer to import than the rest of a PDF's making); a font with any other table is cut by the
subsetter itself. A test holds the two to the same bytes."""

from __future__ import annotations

import hashlib
import io
import struct
import zlib
from functools import cache
from typing import TYPE_CHECKING, Any

import pikepdf
from fontTools.ttLib import TTFont, getTableClass
from fontTools.ttLib.sfnt import SFNTWriter
from fontTools.ttLib.tables.DefaultTable import DefaultTable
from fontTools.ttLib.ttFont import sortedTagList

if TYPE_CHECKING:
    from fontTools.subset import Options

# the tables of a font reportlab embeds (`TTFontFile.makeSubset`; the last three where the font
# has them), each of which the cut below treats as fontTools' subsetter does
READ = frozenset(
    {"OS/2", "cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"}
    | {"cvt ", "fpgm", "prep"}
)
NO_NAMES = struct.pack(">HHH", 0, 0, 6)  # a name table of no records (format 0)


def subset_fonts(fonts: pikepdf.Object, shown: dict[str, set[int]]) -> None:
    """Replace every embedded TrueType font program in `fonts` (a /Font resource dictionary) by
    one holding only the codes `shown` in it (by its name there)."""
    for name, font in fonts.items():
        descriptor = font.get("/FontDescriptor")
        program = descriptor.get("/FontFile2") if descriptor is not None else None
        if descriptor is None or program is None:
            continue
        data = _cut(program.read_bytes(), frozenset(shown.get(name, ())))
        program.write(zlib.compress(data, 9), filter=pikepdf.Name.FlateDecode)
        program.Length1 = len(data)
        named = pikepdf.Name("/" + subset_name(str(font.BaseFont).lstrip("/"), data))
        font.BaseFont = descriptor.FontName = named


def subset_name(name: str, program: bytes) -> str:
    """A subset font's PostScript name, `ABCDEF+Family`: its six-letter tag worked out from
    the glyphs it holds (PDF 32000-1, 9.6.4), so that two files' subsets of one font differ
    in name wherever they differ in glyphs (a print shop's imposition software merging files
    may take fonts of one name for the same font) and a file made again keeps its names."""
    digest = hashlib.sha256(program).digest()
    tag = "".join(chr(ord("A") + byte % 26) for byte in digest[:6])
    return f"{tag}+{name.split('+', 1)[-1]}"


@cache
def _cut(program: bytes, codes: frozenset[int]) -> bytes:
    """The TrueType `program` with only the glyphs its (code → glyph) cmap gives `codes`."""
    font = TTFont(io.BytesIO(program), recalcTimestamp=False)
    glyphs = {".notdef"}
    for table in font["cmap"].tables:
        glyphs |= {table.cmap[c] for c in codes if c in table.cmap}
    if _cut_here(font, glyphs):
        return _saved(font)
    # imported here, not at the top, for start-up time: only a font of other tables
    from fontTools import subset

    cutter = subset.Subsetter(_options())
    cutter.populate(glyphs=sorted(glyphs))
    cutter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _options() -> Options:
    """The subsetter's options for a PDF's font: reportlab's cmap (Macintosh codes) kept, the
    hinting kept, no names, no glyph names, the first glyph's outline kept."""
    # imported here, not at the top, for start-up time
    from fontTools import subset

    options = subset.Options()
    options.legacy_cmap = True  # reportlab's subsets map codes through a Macintosh cmap
    options.symbol_cmap = True
    options.hinting = True
    options.name_IDs = []
    options.name_languages = []
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.glyph_names = False
    return options


def _cut_here(font: TTFont, requested: set[str]) -> bool:
    """Cut `font` to the glyphs `requested` (and those they are built of) as
    `Subsetter(_options())` does, table by table; False, leaving it untouched, for a font
    with a table or a cmap the subsetter would treat otherwise, or a glyph it lacks."""
    tags = [tag for tag in font.keys() if tag != "GlyphOrder"]  # noqa: SIM118 (no __iter__)
    order = font.getGlyphOrder()
    if not set(tags) <= READ or not requested <= set(order):
        return False
    cmap = font["cmap"]
    if any(t.isUnicode() or t.format in (0, 14, 15) for t in cmap.tables):
        return False
    # before: the post table loses its glyph names
    glyf, post = font["glyf"], font["post"]
    post.formatType = 3.0
    # the glyphs kept: those asked, the first, and every glyph one of them is built of
    kept = {*requested, order[0]}
    built = set(kept)
    while built:
        glyphs = [glyf.glyphs[g] for g in built if g in glyf.glyphs]
        built = {part for g in glyphs for part in g.getComponentNames(glyf)} - kept
        kept |= built
    kept &= set(order)
    new_order = [g for g in order if g in kept]
    # each table cut to them (the others are kept whole)
    for table in cmap.tables:
        table.cmap = {u: g for u, g in table.cmap.items() if g in requested}
    cmap.tables = [t for t in cmap.tables if t.cmap]
    cmap.numSubTables = len(cmap.tables)
    hmtx = font["hmtx"]
    hmtx.metrics = {g: hmtx.metrics[g] for g in kept}
    post.extraNames = []
    glyf.glyphs = {g: glyf.glyphs[g] for g in kept}
    numbers = {old: new for new, old in enumerate(i for i, g in enumerate(order) if g in kept)}
    for glyph in glyf.glyphs.values():
        if hasattr(glyph, "data"):
            _renumber_components(glyph, numbers, glyf.extended)
    glyf.glyphOrder = new_order
    font.setGlyphOrder(new_order)
    # after: the Unicode and code page ranges of OS/2 pruned to what the cmap still maps, the
    # glyphs' padding trimmed, and no names
    os2 = font["OS/2"]
    os2.recalcUnicodeRanges(font, pruneOnly=True)
    if os2.version >= 1:
        os2.recalcCodePageRanges(font, pruneOnly=True)
    for glyph in glyf.glyphs.values():
        glyph.trim(remove_hinting=False, extended=glyf.extended)
    for tag in tags:  # every table written anew, as the subsetter leaves them all read
        if tag != "name":
            font[tag]
    names = DefaultTable("name")
    names.data = NO_NAMES
    font["name"] = names
    return True


def _saved(font: TTFont) -> bytes:
    """The font's file, as `font.save` writes it: each table made after the tables it reads
    (a table's `dependencies`: `loca` after `glyf`, ...), then all of them written in the order
    the OpenType specification recommends. (Made here so that the name table, held as its bytes,
    is never looked up: its module imports the layout tables' whole machinery.)"""
    tags = [tag for tag in font.keys() if tag != "GlyphOrder"]  # noqa: SIM118 (no __iter__)
    made: dict[str, bytes] = {}
    done: list[str] = []

    def make(tag: str) -> None:
        if tag in done:
            return
        for needed in [] if tag == "name" else getTableClass(tag).dependencies:
            if needed not in done:
                if needed in font:
                    make(needed)
                else:
                    done.append(needed)
        done.append(tag)
        made[tag] = font.getTableData(tag)

    for tag in tags:
        make(tag)
    out = io.BytesIO()
    writer = SFNTWriter(out, len(tags), font.sfntVersion, font.flavor, font.flavorData)
    for tag in sortedTagList(tags):
        writer[tag] = made[tag]
    writer.close()
    return out.getvalue()


def _renumber_components(glyph: Any, numbers: dict[int, int], extended: bool) -> None:
    """A composite glyph's components renumbered in place, in its packed bytes (as the
    subsetter's `remapComponentsFast` does; a simple glyph is left alone)."""
    if not glyph.data or struct.unpack(">h", glyph.data[:2])[0] >= 0:
        return
    data = glyph.data = bytearray(glyph.data)
    i, more = 10, 1
    while more:
        flags = (data[i] << 8) | data[i + 1]
        size = 3 if extended and flags & 0x2000 else 2  # GID_IS_24_BIT
        start, end = i + 2, i + 2 + size
        data[start:end] = numbers[int.from_bytes(data[start:end], "big")].to_bytes(size, "big")
        i = end + (4 if flags & 0x0001 else 2)  # ARG_1_AND_2_ARE_WORDS
        if flags & 0x0008:  # WE_HAVE_A_SCALE
            i += 2
        elif flags & 0x0040:  # WE_HAVE_AN_X_AND_Y_SCALE
            i += 4
        elif flags & 0x0080:  # WE_HAVE_A_TWO_BY_TWO
            i += 8
        more = flags & 0x0020  # MORE_COMPONENTS
