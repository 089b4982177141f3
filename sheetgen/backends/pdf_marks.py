"""The font a fillable PDF's small centred boxes show typed text in: DejaVu Sans Bold's
printable ASCII and '½', changed so that what a player types sits in the middle of its box and reads
at one size in every viewer.

- Every glyph is raised so a capital's (and a digit's) middle is 0.4 em over the baseline, and
  the line box (ascent to descent) is centred on that height. Viewers place a single line of
  typed text either with its line box centred in the field (pdfium) or with its baseline
  0.4 em under the field's middle (poppler); both then put the mark's middle on the field's
  middle (tests/backends/test_fillable_typing.py measures it in both).
- `+` is redrawn as tall and wide as `O`, so Scribe's two marks read the same size.
- `o` shows as `O`, a mark typed in lower case.
- `/` has no width and is drawn through the character before it: `+/` and `O/` show the mark
  struck through, Scribe's slashed move."""

from __future__ import annotations

import io
from functools import cache

from fontTools import subset
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

from sheetgen.resources import resource_dir

SOURCE = "DejaVuSans-Bold.ttf"
NAME = "SheetgenMarks"
EM = 2048  # DejaVu's units an em
MIDDLE = round(0.4 * EM)  # a capital's middle over the baseline, once raised
ASCENT, DESCENT = 2048, -410  # the line box, centred on MIDDLE: (ASCENT + DESCENT) / 2
FIRST, LAST = 0x20, 0xBD  # the codes the font's dictionary spans (WinAnsi, one byte a code)
ASCII = range(FIRST, 0x7E + 1)  # printable ASCII
HALF = 0xBD  # '½', a half point (Walkabout's solo scores): the same code in WinAnsi


@cache
def mark_font_program() -> bytes:
    """The TrueType program: the changed, cut-down DejaVu Sans Bold (deterministic bytes)."""
    font = TTFont(resource_dir("fonts") / SOURCE, recalcTimestamp=False)
    options = subset.Options()
    options.hinting = False  # the outlines move, so the hints would pull them back
    options.name_IDs = []
    options.layout_features = []
    options.drop_tables += ["FFTM"]  # FontForge's timestamps
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=[*ASCII, HALF])
    cutter.subset(font)
    o_box = _raise(font)
    _plus(font, o_box)
    _slash(font, o_box)
    for table in font["cmap"].tables:
        table.cmap[ord("o")] = "O"  # a second player's mark typed in lower case reads as big
    font["hhea"].ascent, font["hhea"].descent, font["hhea"].lineGap = ASCENT, DESCENT, 0
    os2 = font["OS/2"]
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ASCENT, DESCENT, 0
    os2.usWinAscent, os2.usWinDescent = ASCENT, -DESCENT
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


Box = tuple[int, int, int, int]  # xMin, yMin, xMax, yMax in font units


def _raise(font: TTFont) -> Box:
    """Move every outline up so capitals centre on MIDDLE; the raised `O`'s box."""
    glyf = font["glyf"]
    o = glyf["O"]
    shift = MIDDLE - (o.yMin + o.yMax) // 2
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        if glyph.numberOfContours > 0:  # composites follow the glyphs they are built from
            glyph.coordinates.translate((0, shift))
    for name in font.getGlyphOrder():
        glyf[name].recalcBounds(glyf)
    return o.xMin, o.yMin, o.xMax, o.yMax


def _plus(font: TTFont, box: Box) -> None:
    """A `+` filling the `O`'s box, its bars as thick as the `O`'s thinnest stroke."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    half = PLUS_BAR // 2
    points = [
        (cx - half, y1), (cx + half, y1), (cx + half, cy + half), (x1, cy + half),
        (x1, cy - half), (cx + half, cy - half), (cx + half, y0), (cx - half, y0),
        (cx - half, cy - half), (x0, cy - half), (x0, cy + half), (cx - half, cy + half),
    ]  # fmt: skip
    _outline(font, "plus", [points], font["hmtx"]["O"][0])


PLUS_BAR = 280  # font units: the `O`'s stroke at its top and bottom is 279
SLASH_BAR = 200  # font units: thinner than the mark it strikes, so the mark still reads
SLASH_REACH = 0.62  # the slash runs this far (in the mark box's sizes) either side of its middle


def _slash(font: TTFont, box: Box) -> None:
    """A `/` of no width, drawn bottom left to top right through the mark before it."""
    x0, y0, x1, y1 = box
    advance = font["hmtx"]["O"][0]
    cx, cy = (x0 + x1) / 2 - advance, (y0 + y1) / 2  # the middle of the mark just drawn
    dx, dy = SLASH_REACH * (x1 - x0), SLASH_REACH * (y1 - y0)
    half = SLASH_BAR / 2 * ((dx * dx + dy * dy) ** 0.5) / dy  # horizontal half-thickness
    points = [
        (round(cx - dx - half), round(cy - dy)),
        (round(cx + dx - half), round(cy + dy)),
        (round(cx + dx + half), round(cy + dy)),
        (round(cx - dx + half), round(cy - dy)),
    ]
    _outline(font, "slash", [points], 0)


def _outline(font: TTFont, name: str, contours: list[list[tuple[int, int]]], width: int) -> None:
    """Replace glyph `name` by straight-sided `contours` (clockwise) and advance `width`."""
    pen = TTGlyphPen(None)
    for contour in contours:
        pen.moveTo(contour[0])
        for point in contour[1:]:
            pen.lineTo(point)
        pen.closePath()
    glyph = pen.glyph()
    glyph.recalcBounds(font["glyf"])
    font["glyf"][name] = glyph
    font["hmtx"][name] = (width, glyph.xMin)


@cache
def metrics() -> tuple[float, float, float]:
    """In ems: a capital O's ink height, a mark's (`+`, `O`) advance and a digit's."""
    font = TTFont(io.BytesIO(mark_font_program()))
    o = font["glyf"]["O"]
    return (o.yMax - o.yMin) / EM, font["hmtx"]["O"][0] / EM, font["hmtx"]["zero"][0] / EM


def mark_descriptor(program: int) -> str:
    """The font's descriptor in PDF syntax, its program object `program`."""
    font = TTFont(io.BytesIO(mark_font_program()))
    head = font["head"]
    box = " ".join(str(_units(v)) for v in (head.xMin, head.yMin, head.xMax, head.yMax))
    return (
        f"<</Type/FontDescriptor/FontName/{NAME}/Flags 32"  # nonsymbolic
        f"/FontBBox[{box}]/ItalicAngle 0/Ascent {_units(ASCENT)}/Descent {_units(DESCENT)}"
        f"/CapHeight {_units(font['glyf']['O'].yMax)}/StemV 140/FontFile2 {program} 0 R>>"
    )


def mark_font(descriptor: int) -> str:
    """The font's dictionary in PDF syntax (WinAnsi, widths), its descriptor `descriptor`."""
    font = TTFont(io.BytesIO(mark_font_program()))
    cmap = font.getBestCmap()
    widths = [  # a code the font has no glyph for shows nothing
        _units(font["hmtx"][cmap[code]][0]) if code in cmap else 0
        for code in range(FIRST, LAST + 1)
    ]
    return (
        f"<</Type/Font/Subtype/TrueType/BaseFont/{NAME}/FirstChar {FIRST}/LastChar {LAST}"
        f"/Widths[{' '.join(map(str, widths))}]/Encoding/WinAnsiEncoding"
        f"/FontDescriptor {descriptor} 0 R>>"
    )


def _units(value: int) -> int:
    """Font units as PDF's glyph space (a thousandth of an em)."""
    return round(value * 1000 / EM)
