"""Embedded fonts hold only the glyphs the page shows (no name table), and text in
other scripts still draws and extracts after the cut; the cut is, byte for byte, the one
fontTools' subsetter makes."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from reportlab.pdfbase.ttfonts import TTFontFile

from sheetgen.backends import pdf_fonts
from sheetgen.backends.pdf import render_pdf
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.resources import resource_dir


def embedded_fonts(data: bytes) -> list[TTFont]:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return [
            TTFont(io.BytesIO(obj.FontFile2.read_bytes()))
            for obj in pdf.objects
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor"
        ]


def scribe_pdf() -> bytes:
    loaded = load("scribe/standard")
    return render_pdf(pressed(loaded.kind, loaded.model, BuildOptions()))


def test_fonts_keep_only_the_glyphs_of_the_text_shown() -> None:
    data = scribe_pdf()
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    shown = {c for c in text if not c.isspace()} | {" "}
    fonts = embedded_fonts(data)
    assert len(fonts) == 2  # regular and bold
    glyphs = sum(len(f.getGlyphOrder()) for f in fonts)
    # each glyph shown, in at most both faces, plus .notdef in each: nothing of the rest of ASCII
    assert glyphs <= 2 * len(shown) + 2
    kept: set[str] = set()
    for font in fonts:
        assert "name" not in font or font["name"].names == []  # no name records
        mapped = {chr(c) for t in font["cmap"].tables for c in t.cmap}
        assert mapped <= shown  # e.g. no '~' or 'Q' the sheet never prints
        assert "~" not in mapped and "~" not in text
        kept |= mapped
    assert shown - {" "} <= kept  # and every character shown keeps its glyph


def test_names_in_other_scripts_still_draw_after_the_cut(tmp_path: Path) -> None:
    loaded = load("scribbly-gum/kuringgai")
    names = ("Nguyễn Văn An", "Ζωή", "Жанна")
    doc = pressed(loaded.kind, loaded.model, BuildOptions(names=names))
    data = render_pdf(doc)
    reader = PdfReader(io.BytesIO(data))
    for number, name in enumerate(names):
        assert name in reader.pages[number].extract_text()
    pdf = pdfium.PdfDocument(data)
    for number, name in enumerate(names):
        page = pdf[number]
        textpage = page.get_textpage()
        found = textpage.search(name)
        span = found.get_next()
        assert span is not None, name
        start, count = span
        boxes = [textpage.get_charbox(start + i) for i in range(count)]
        # every letter of the name has a glyph box with width (an empty box has none)
        assert all(right - left > 0.5 for left, _, right, _ in boxes), (name, boxes)


def test_a_font_of_two_subsets_keeps_the_glyphs_of_both() -> None:
    """reportlab gives a font's characters codes 256 at a time, one embedded subset each; names
    in four alphabets fill two subsets of DejaVu Sans, whose characters interleave in code-point
    order. Every page after the cut is pixel for pixel the page before it (pdfium)."""
    from sheetgen.backends.pdf import draw_pdf

    text = (
        "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюя"
        "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρστυφχψω"
        "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ"
        "ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ"
    )
    names = tuple(text[i : i + 10] for i in range(0, len(text), 10))
    loaded = load("scribbly-gum/kuringgai")
    doc = pressed(loaded.kind, loaded.model, BuildOptions(names=names))
    cut = render_pdf(doc)
    with pikepdf.open(io.BytesIO(cut)) as pdf:
        assert {"/F1+0", "/F1+1"} <= set(pdf.pages[0].Resources.Font.keys())
    before, after = pdfium.PdfDocument(draw_pdf(doc, list(doc.pages))), pdfium.PdfDocument(cut)
    assert len(before) == len(after) == len(names)
    for number, name in enumerate(names):
        old = before[number].render(scale=100 / 72).to_numpy()
        new = after[number].render(scale=100 / 72).to_numpy()
        assert (old == new).all(), name


def _subsetter_cut(program: bytes, codes: frozenset[int]) -> bytes:
    """The cut as fontTools' subsetter makes it, with the options sheetgen gives it."""
    from fontTools import subset

    font = TTFont(io.BytesIO(program), recalcTimestamp=False)
    glyphs = {".notdef"}
    for table in font["cmap"].tables:
        glyphs |= {table.cmap[c] for c in codes if c in table.cmap}
    cutter = subset.Subsetter(pdf_fonts._options())
    cutter.populate(glyphs=sorted(glyphs))
    cutter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def test_a_cut_is_the_one_fonttools_subsetter_makes() -> None:
    """reportlab's subsets of every bundled font (and of Vera, a font of composite glyphs
    reportlab ships), cut to codes drawn at random, are what the subsetter makes of them."""
    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts"
    paths = [*sorted(resource_dir("fonts").glob("*.ttf")), *sorted(vera.glob("Vera*.ttf"))]
    draw = random.Random(34)
    for path in paths:
        font = TTFontFile(str(path))
        chars = sorted(font.charToGlyph)
        for size in (1, 40, 255):
            chosen = draw.sample(chars, min(size, len(chars)))
            program = font.makeSubset(chosen)
            codes = frozenset(draw.sample(range(len(chosen)), draw.randint(0, len(chosen))))
            assert pdf_fonts._cut.__wrapped__(program, codes) == _subsetter_cut(program, codes), (
                path.name,
                size,
            )


def _subset_names(data: bytes) -> dict[str, str]:
    """Each embedded font's BaseFont by its family, checked equal to its descriptor's name."""
    names = {}
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                base = str(obj.BaseFont).lstrip("/")
                if "/FontDescriptor" in obj:
                    assert str(obj.FontDescriptor.FontName).lstrip("/") == base
                names[base.split("+")[-1]] = base
    return names


def test_subsets_of_one_font_with_other_glyphs_are_named_apart() -> None:
    """PDF 32000-1 9.6.4: a subset's name is a tag of six capital letters, '+', the font's
    name. Two files showing different letters in one font must not both call their subsets
    AAAAAA+DejaVuSans (software merging them may take one for the other); the same letters
    give the same name, so a file made again is the same file."""
    from sheetgen.draw.document import Document, Page, Placement
    from sheetgen.draw.shapes import Drawing, Text
    from sheetgen.draw.transform import IDENTITY

    def pdf(words: str) -> bytes:
        drawing = Drawing(100, 40, (Text(5, 20, words, 5),))
        return render_pdf(Document((Page(100, 40, (Placement(drawing, IDENTITY),)),), "t"))

    first, second, again = (_subset_names(pdf(w)) for w in ("Scribe", "Marram", "Scribe"))
    for names in (first, second):
        assert all(len(n.split("+")[0]) == 6 and n.split("+")[0].isupper() for n in names.values())
    assert first["DejaVuSans"] != second["DejaVuSans"]
    assert first == again
