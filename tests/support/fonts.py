"""Fonts of a designer's own, for the tests: a tiny one made here (its letters boxes of known
widths, with TrueType or PostScript outlines), and the Bitstream Vera Oblique reportlab ships
(with its licence), each put in a folder with a licence file beside it."""

from __future__ import annotations

import shutil
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

UNITS = 1000
# the letters the tiny font has, each a box this many units wide (its advance)
WIDTHS = {"A": 900, "B": 700, "X": 500, "Y": 1000, "space": 250}
CODES = {"A": 0x41, "B": 0x42, "X": 0x58, "Y": 0x59, "space": 0x20}
NAME = "SheetgenTestBoxes-Regular"
REPORTLAB_FONTS = Path(__import__("reportlab").__file__).parent / "fonts"
VERA = REPORTLAB_FONTS / "VeraIt.ttf"  # Bitstream Vera Sans Oblique
VERA_NAME = "BitstreamVeraSans-Oblique"


def _box(pen: object, width: int) -> None:
    if width <= 250:
        return
    pen.moveTo((50, 0))  # type: ignore[attr-defined]
    pen.lineTo((50, 700))  # type: ignore[attr-defined]
    pen.lineTo((width - 50, 700))  # type: ignore[attr-defined]
    pen.lineTo((width - 50, 0))  # type: ignore[attr-defined]
    pen.closePath()  # type: ignore[attr-defined]


def boxes_font(cff: bool = False) -> bytes:
    """The tiny font: A, B, X, Y as filled boxes of their `WIDTHS`, and a space; OpenType
    with PostScript (CFF) outlines if `cff`, else TrueType."""
    order = [".notdef", *WIDTHS]
    widths = {".notdef": 500, **WIDTHS}
    fb = FontBuilder(UNITS, isTTF=not cff)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({code: name for name, code in CODES.items()})
    if cff:
        charstrings = {}
        for name in order:
            pen = T2CharStringPen(widths[name], None)
            _box(pen, widths[name])
            charstrings[name] = pen.getCharString()
        fb.setupCFF(NAME, {"FullName": NAME}, charstrings, {})
    else:
        glyphs = {}
        for name in order:
            pen = TTGlyphPen(None)
            _box(pen, widths[name])
            glyphs[name] = pen.glyph()
        fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({name: (widths[name], 50) for name in order})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Sheetgen Test Boxes", "styleName": "Regular",
                       "psName": NAME})  # fmt: skip
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200,
                sCapHeight=700, sxHeight=500, version=4)  # fmt: skip
    fb.setupPost()
    fb.font.recalcTimestamp = False
    from io import BytesIO

    out = BytesIO()
    fb.save(out)
    return out.getvalue()


def font_folder(folder: Path, *, name: str = "Boxes.ttf", data: bytes | None = None,
                licence: str | None = "OFL.txt") -> Path:  # fmt: skip
    """`folder`/fonts holding a font file `name` (`data`, else the tiny TrueType font) and a
    licence file of the name `licence` (None: none); the font's path."""
    fonts = folder / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    path = fonts / name
    path.write_bytes(boxes_font(name.endswith(".otf")) if data is None else data)
    if licence is not None:
        (fonts / licence).write_text("This Font Software is licensed under the SIL OFL 1.1.\n")
    return path


def vera_folder(folder: Path) -> Path:
    """`folder`/fonts holding Bitstream Vera Sans Oblique and its licence (as reportlab ships
    them: the Bitstream Vera licence allows copying it); the font's path."""
    fonts = folder / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    shutil.copy(VERA, fonts / VERA.name)
    shutil.copy(REPORTLAB_FONTS / "bitstream-vera-license.txt", fonts / "LICENSE-Vera.txt")
    return fonts / VERA.name
