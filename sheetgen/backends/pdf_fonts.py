"""Embedded fonts cut down to the glyphs a PDF shows. reportlab's TrueType subsets always carry
printable ASCII and the whole name table; here each embedded font keeps only the glyphs its
text uses (and their components) and no names. The hinting programs stay: a renderer that
hints (pdfium does) places glyphs by them, so without them the PDF's text would sit up to half a
pixel from where the PNG, rasterised before the cut, shows it."""

from __future__ import annotations

import io
import zlib
from collections import defaultdict
from collections.abc import Iterator
from functools import cache

import pikepdf
from fontTools import subset
from fontTools.ttLib import TTFont

_SHOW = {b"Tj", b"'", b'"'}


def subset_fonts(pdf: pikepdf.Pdf) -> None:
    """Replace every embedded TrueType font program by one holding only the codes shown."""
    shown: dict[tuple[int, int], set[int]] = defaultdict(set)
    fonts: dict[tuple[int, int], pikepdf.Object] = {}
    for stream, resources in _content_streams(pdf):
        for font, codes in _codes_shown(stream, resources):
            fonts[font.objgen] = font
            shown[font.objgen] |= codes
    for key, font in fonts.items():
        descriptor = font.get("/FontDescriptor")
        program = descriptor.get("/FontFile2") if descriptor is not None else None
        if program is None:
            continue
        data = _cut(program.read_bytes(), frozenset(shown[key]))
        program.write(zlib.compress(data, 9), filter=pikepdf.Name.FlateDecode)
        program.Length1 = len(data)


def _content_streams(
    pdf: pikepdf.Pdf,
) -> Iterator[tuple[pikepdf.Object, pikepdf.Object]]:
    """Every page's and every form XObject's content, with the resources it draws from; the
    content pages share (the copies of a pad) once."""
    seen: set[tuple[int, int]] = set()
    for page in pdf.pages:
        contents = page.obj.Contents
        streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        for stream in streams:
            if stream.objgen not in seen:
                seen.add(stream.objgen)
                yield stream, page.obj.get("/Resources", pikepdf.Dictionary())
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            yield obj, obj.get("/Resources", pikepdf.Dictionary())


def _codes_shown(
    stream: pikepdf.Object, resources: pikepdf.Object
) -> Iterator[tuple[pikepdf.Object, set[int]]]:
    """(font, the character codes shown in it) for each run of text in a content stream."""
    fonts = resources.get("/Font", pikepdf.Dictionary())
    current = None
    for instruction in pikepdf.parse_content_stream(stream):
        if not isinstance(instruction, pikepdf.ContentStreamInstruction):
            continue  # an inline image shows no text
        operands, op = instruction.operands, bytes(instruction.operator)
        if op == b"Tf":
            current = fonts.get(str(operands[0]))
        elif current is not None and op in _SHOW:
            yield current, set(bytes(operands[-1]))
        elif current is not None and op == b"TJ":
            yield current, {c for item in operands[0] if isinstance(item, pikepdf.String)
                            for c in bytes(item)}  # fmt: skip


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
