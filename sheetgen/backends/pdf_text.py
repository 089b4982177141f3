"""Text in a PDF: plain text as reportlab strings in DejaVu Sans; text in other scripts as the
glyphs HarfBuzz chose, placed one by one, so that copying, searching and `pdftotext` still give
the words as written: a left-to-right run inside a marked span whose /ActualText holds its text,
a right-to-left run's glyphs in the order they are seen with each mapped back to its letters in
the font's /ToUnicode (how readers expect right-to-left text; both checked with poppler and
pdfium)."""

from __future__ import annotations

import io
import re
from collections import defaultdict
from functools import cache
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.canvas import Canvas

from sheetgen.backends.cmyk import Role
from sheetgen.draw.shapes import Text
from sheetgen.draw.shaping import advance, plain, shape
from sheetgen.errors import SheetgenError
from sheetgen.press.profiles import STANDARDS
from sheetgen.text.typefaces import FACES, FontFace, face, font_bytes

if TYPE_CHECKING:
    import pikepdf

    from sheetgen.press.profiles import Standard

_PRIVATE = 0xE000  # a glyph no character maps to gets the code _PRIVATE + its id
_PRIVATE_END = 0xF8FF
_PRIVATE_HIGH = 0xF0000  # (or, past the end of that area, this + its id)


def register_fonts() -> None:
    """Make reportlab know the main faces (the script faces are made known when first used)."""
    for font_face in FACES.values():
        _font(font_face)


@cache
def _font(font_face: FontFace) -> TTFont:
    if font_face.pdf_name not in pdfmetrics.getRegisteredFontNames():
        if font_face.own:  # a designer's font: the bytes checked (and made TrueType), by name
            try:
                made = TTFont(font_face.pdf_name, io.BytesIO(font_bytes(font_face)))
            except (TTFError, ValueError, KeyError, IndexError) as exc:
                raise SheetgenError(
                    f"{font_face.file}: the PDF cannot embed this font ({exc}); use another "
                    "copy of it, or another font"
                ) from None
        else:
            made = TTFont(font_face.pdf_name, str(font_face.path))
        pdfmetrics.registerFont(made)
    font: TTFont = pdfmetrics.getFont(font_face.pdf_name)
    return font


@cache
def pdf_colour(hex_colour: str) -> HexColor:
    """reportlab's colour for `#rrggbb`, made once."""
    return HexColor(hex_colour)


class TextCanvas(Canvas):  # type: ignore[misc]  # (reportlab has no type hints)
    """reportlab's canvas, remembering the characters it shows in each font, so that fonts can
    be cut down to them without reading the content back."""

    def __init__(
        self,
        *args: Any,
        pdfx: Standard | None = None,
        ink_limit: float | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.shown: defaultdict[str, set[str]] = defaultdict(set)  # font name -> characters
        self.cmyk = pdfx is not None  # colours as a press's inks (`pdf_x`), else as sRGB
        self.device = pdfx == STANDARDS["x1a"]  # in plain device CMYK, not the ICC space
        self.ink_limit = ink_limit  # a CMYK PDF's total ink at most (percent; None: 300)

    def paint(self, colour: str, role: Role, stroke: bool = False) -> None:
        """Set the fill (or stroke) colour to `#rrggbb`, painting `role`: as reportlab sets
        it (sRGB), or, for a CMYK PDF, in the CMYK space as the press prints it."""
        if self.cmyk:
            # imported here, not at the top: only a CMYK PDF needs it (and pikepdf with it)
            from sheetgen.backends.pdf_x import operator, overprints

            self._code.append(operator(colour, role, stroke, self.device, self.ink_limit))
            solid = overprints(colour, role)  # solid black on top of the inks under it
            if solid:
                self.setOverprintMask(1)
            if stroke:
                self.setStrokeOverprint(solid)
            else:
                self.setFillOverprint(solid)
        elif stroke:
            self.setStrokeColor(pdf_colour(colour))
        else:
            self.setFillColor(pdf_colour(colour))

    def codes_shown(self) -> dict[str, set[int]]:
        """The codes shown in each font subset, by its name in the PDF's resources (/F1+0)."""
        codes: defaultdict[str, set[int]] = defaultdict(set)
        for name, chars in self.shown.items():
            font = pdfmetrics.getFont(name)
            for subset, chunk in font.splitString("".join(sorted(chars)), self._doc):
                codes[font.getSubsetInternalName(subset, self._doc)] |= set(chunk)
        return codes


def draw_text(canvas: TextCanvas, text: Text) -> None:
    """`text` at its anchor, upright in a y-down page (the caller saved the state)."""
    canvas.translate(text.x, text.y)
    canvas.scale(1, -1)
    if text.rotation:
        canvas.rotate(-text.rotation)
    canvas.paint(text.colour, "text")
    if plain(text.text, text.weight, text.family):
        name = face(text.family, text.weight).pdf_name
        canvas.shown[name].update(text.text)
        canvas.setFont(name, text.size)
        draw = {
            "start": canvas.drawString,
            "middle": canvas.drawCentredString,
            "end": canvas.drawRightString,
        }[text.anchor]
        draw(0, 0, text.text)
    else:
        _draw_glyphs(canvas, text)


def _draw_glyphs(canvas: TextCanvas, text: Text) -> None:
    """Each run's glyphs where HarfBuzz put them. A left-to-right run is marked with the
    text it shows (a Devanagari vowel sign drawn before its consonant is copied after it); a
    right-to-left run's glyphs stand in the order they are seen, as readers expect, each
    mapped back to its letters in the font's /ToUnicode (see `map_glyphs_to_text`), and so
    are those of a run with a character beyond the basic plane (an emoji: pdfium drops such
    a character from a marked text)."""
    shaped = shape(text.text, text.weight, text.family)
    start = {"start": 0.0, "middle": -0.5, "end": -1.0}[text.anchor] * shaped.width * text.size
    for run in shaped.runs:
        font = _font(run.face)
        marked = not run.rtl and all(ord(ch) <= 0xFFFF for ch in run.text)
        if marked:
            words = "".join(f"{unit:04X}" for unit in _utf16(run.text))
            canvas.addLiteral(f"/Span <</ActualText <FEFF{words}>>> BDC")
        line = canvas.beginText()
        line.setFont(run.face.pdf_name, text.size)
        for glyph in run.glyphs:
            line.setTextOrigin(start + glyph.x * text.size, glyph.y * text.size)
            code = _code(font, run.face, glyph.gid)
            canvas.shown[run.face.pdf_name].add(code)
            # a right-to-left letter's form, or a glyph of no character of its own (a flag)
            meant = ord(code) >= _PRIVATE if run.rtl else not marked and _private(ord(code))
            if glyph.chars and meant:
                _MEANINGS[(font.face.name.decode(), ord(code))] = glyph.chars
            line.textOut(code)
        canvas.drawText(line)
        if marked:
            canvas.addLiteral("EMC")


_MEANINGS: dict[tuple[str, int], str] = {}  # (font name, private code) -> the letters shown


def map_glyphs_to_text(pdf: pikepdf.Pdf) -> None:
    """Point each private code of a right-to-left run in every font's /ToUnicode at the
    letters its glyph shows (an Arabic letter's joined form, a lam-alef ligature), and write
    each character beyond the basic plane (an emoji) there as UTF-16 does, in two halves
    (reportlab writes its code point's digits, which no reader takes)."""
    # imported here, not at the top, for start-up time
    import pikepdf

    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font":
            continue
        cmap = obj.get("/ToUnicode")
        name = str(obj.get("/BaseFont", "")).lstrip("/").split("+")[-1]
        if cmap is None:
            continue
        text = cmap.read_bytes().decode("ascii")
        meant = any(key[0] == name for key in _MEANINGS)
        if not meant and not _BEYOND.search(text):
            continue
        lines = text.split("\n")
        for i, line in enumerate(lines):
            match = _BFCHAR.fullmatch(line.strip())
            if match is None:
                continue
            code = int(match[2], 16)
            beyond = 0xFFFF < code <= 0x10FFFF and len(match[2]) <= 6
            letters = _MEANINGS.get((name, code)) or (chr(code) if beyond else None)
            if letters:
                lines[i] = f"<{match[1]}> <{''.join(f'{u:04X}' for u in _utf16(letters))}>"
        cmap.write("\n".join(lines).encode("ascii"))


_BFCHAR = re.compile(r"<([0-9A-Fa-f]+)> <([0-9A-Fa-f]+)>")
_BEYOND = re.compile(r"> <[0-9A-Fa-f]{5,6}>")  # a code point past U+FFFF, as reportlab writes it


def _private(code: int) -> bool:
    """Whether `code` is one `_code` made for a glyph no character maps to."""
    return _PRIVATE <= code <= _PRIVATE_END or code >= _PRIVATE_HIGH


def _utf16(text: str) -> list[int]:
    data = text.encode("utf-16-be")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]


def _code(font: TTFont, font_face: FontFace, gid: int) -> str:
    """A character reportlab maps to glyph `gid`: one the font's own table gives it, or a
    private-use code made from the glyph id (the same in every build, whatever came before)."""
    chars = font.face.glyphToChar.get(gid)
    if chars:
        return chr(min(chars))
    code = _PRIVATE + gid if _PRIVATE + gid <= _PRIVATE_END else _PRIVATE_HIGH + gid
    if code not in font.face.charToGlyph:
        font.face.charToGlyph[code] = gid
        font.face.glyphToChar.setdefault(gid, []).append(code)
        font.face.charWidths[code] = round(advance(font_face, gid) * 1000)
    return chr(code)
