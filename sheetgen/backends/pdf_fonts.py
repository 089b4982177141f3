"""Embedded fonts cut down to the glyphs a PDF shows. reportlab's TrueType subsets always carry
printable ASCII and the whole name table; here each embedded font keeps only the glyphs its
text uses (and their components) and no names. The hinting programs stay: a renderer that
hints (pdfium does) places glyphs by them, so without them the PDF's text would sit up to half a
pixel from where the PNG, rasterised before the cut, shows it."""

from __future__ import annotations

import io
import zlib
from functools import cache

import pikepdf
from fontTools import subset
from fontTools.ttLib import TTFont


def subset_fonts(fonts: pikepdf.Object, shown: dict[str, set[int]]) -> None:
    """Replace every embedded TrueType font program in `fonts` (a /Font resource dictionary) by
    one holding only the codes `shown` in it (by its name there)."""
    for name, font in fonts.items():
        descriptor = font.get("/FontDescriptor")
        program = descriptor.get("/FontFile2") if descriptor is not None else None
        if program is None:
            continue
        data = _cut(program.read_bytes(), frozenset(shown.get(name, ())))
        program.write(zlib.compress(data, 9), filter=pikepdf.Name.FlateDecode)
        program.Length1 = len(data)


@cache
def _cut(program: bytes, codes: frozenset[int]) -> bytes:
    """The TrueType `program` with only the glyphs its (code → glyph) cmap gives `codes`."""
    font = TTFont(io.BytesIO(program), recalcTimestamp=False)
    glyphs = {".notdef"}
    for table in font["cmap"].tables:
        glyphs |= {table.cmap[c] for c in codes if c in table.cmap}
    options = subset.Options()
    options.legacy_cmap = True  # reportlab's subsets map codes through a Macintosh cmap
    options.symbol_cmap = True
    options.hinting = True
    options.name_IDs = []
    options.name_languages = []
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.glyph_names = False
    cutter = subset.Subsetter(options)
    cutter.populate(glyphs=sorted(glyphs))
    cutter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
