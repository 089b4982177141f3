"""A designer's own font on their pieces, and emoji: a text item's `font` file (with its licence
beside it) prints its words in that font, embedded in the PDF under its own name with its own
outlines (read back by pikepdf and fontTools), with sheetgen's faces for the letters it lacks;
'🎲' prints in PDF, SVG and PNG (pdfium gives it back and its box has ink); a character no face
has is refused with its row and column; a font without its licence, a damaged one, or one
outside the layout's folder is refused at the line of its key; the same files each build."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
import resvg_py
from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont
from PIL import Image

from tests.support import page_texts, sheetgen
from tests.support.fonts import VERA, VERA_NAME, font_folder, vera_folder

LAYOUT = """\
game = "custom"
component = "pieces"
name = "own"
data = "cards.csv"

[piece]
width = 63
height = 88

[front]
background = "#ffffff"

[[front.items]]
text = "{{name}}"
font = "{font}"
x = 5
y = 8
width = 53
height = 20
points = 28

[[front.items]]
text = "{{word}}"
x = 5
y = 40
width = 53
height = 30
points = 24
"""
CARDS = "name,word\nDice,Roll 🎲\nZeus,Ζεύς\n"
DPI = 150


def _deck(folder: Path, font: str = "fonts/VeraIt.ttf", cards: str = CARDS) -> Path:
    (folder / "cards.csv").write_text(cards, encoding="utf-8")
    layout = folder / "deck.toml"
    layout.write_text(LAYOUT.format(font=font), encoding="utf-8")
    return layout


def _build(layout: Path, out: Path, formats: str = "pdf") -> Run:
    run = sheetgen("build", str(layout), "--out", str(out), "-f", formats, "--dpi", str(DPI), "-q")
    assert run.code == 0, run.err
    return run


Run = object


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("own-font")
    vera_folder(folder)
    _build(_deck(folder), folder / "out", "pdf,svg,png")
    return folder / "out"


def _fonts(pdf: Path) -> dict[str, bytes]:
    """Each embedded font's name (its subset tag cut off) and its program."""
    found = {}
    with pikepdf.open(pdf) as doc:
        for obj in doc.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                program = obj.FontDescriptor.FontFile2.read_bytes()
                found[str(obj.BaseFont).lstrip("/").split("+")[-1]] = program
    return found


def _outlines(font: TTFont) -> list[object]:
    glyphs = font.getGlyphSet()
    out = []
    for name in font.getGlyphOrder():
        pen = RecordingPen()
        glyphs[name].draw(pen)
        if pen.value:
            out.append(pen.value)
    return out


def test_the_text_prints_in_the_designers_font_with_its_own_outlines(built: Path) -> None:
    """The PDF embeds Bitstream Vera Sans Oblique under its own name, cut to the letters of
    'Dice' and 'Zeus', each glyph one of Vera Oblique's own outlines (not DejaVu's)."""
    fonts = _fonts(next(built.glob("*.pdf")))
    assert VERA_NAME in fonts
    embedded = _outlines(TTFont(io.BytesIO(fonts[VERA_NAME])))
    vera = _outlines(TTFont(VERA))
    dejavu = _outlines(TTFont(Path(__file__).parents[3] / "fonts" / "DejaVuSans.ttf"))
    assert len(embedded) == len(set("DiceZus")) + 1  # and its .notdef, the box of no glyph
    assert all(glyph in vera for glyph in embedded)
    assert sum(glyph not in dejavu for glyph in embedded) == len(set("DiceZus"))


def test_letters_it_lacks_print_in_sheetgens_faces_and_read_back(built: Path) -> None:
    pdf = next(built.glob("*.pdf"))
    assert {"DejaVuSans", "NotoEmoji-Regular"} <= set(_fonts(pdf))
    text = " ".join(page_texts(pdf))
    for words in ("Dice", "Zeus", "Roll 🎲", "Ζεύς"):
        assert words in text, words


def _dark(image: Image.Image, box: tuple[float, float, float, float]) -> float:
    """The share of dark pixels in a box (pixels) of a page image."""
    grey = np.asarray(image.convert("L").crop(tuple(round(v) for v in box)))
    return float((grey < 128).mean())


def test_an_emoji_prints_with_ink_in_pdf_png_and_svg(built: Path) -> None:
    """pdfium finds '🎲' in the PDF's text; its box is inked in pdfium's picture of the PDF, in
    the PNG and in resvg's picture of the SVG (drawn as outlines: no font needed)."""
    pdf = pdfium.PdfDocument(next(built.glob("*.pdf")))
    page = pdf[0]
    text = page.get_textpage()
    words = text.get_text_range()
    at = words.index("🎲")
    left, bottom, right, top = text.get_charbox(at)
    height = page.get_height()
    scale = DPI / 72
    box = (left * scale, (height - top) * scale, right * scale, (height - bottom) * scale)
    assert right - left > 10  # 24 pt: a glyph of its own size, not an empty box
    pictures = {
        "pdf": page.render(scale=scale).to_pil(),
        "png": Image.open(next(built.glob("*.png"))),
        "svg": Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(
            svg_string=next(built.glob("*.svg")).read_text(encoding="utf-8"),
            dpi=float(DPI), skip_system_fonts=True, background="#ffffff",
        )))),
    }  # fmt: skip
    for fmt, picture in pictures.items():
        assert 0.1 < _dark(picture, box) < 0.9, fmt


def test_the_same_layout_builds_the_same_files(built: Path, tmp_path: Path) -> None:
    vera_folder(tmp_path)
    _build(_deck(tmp_path), tmp_path / "out", "pdf,svg")
    for made in ("pdf", "svg"):
        (ours,) = (tmp_path / "out").glob(f"*.{made}")
        assert ours.read_bytes() == next(built.glob(f"*.{made}")).read_bytes(), made


def _refused(layout: Path) -> str:
    run = sheetgen("check", str(layout))
    assert run.code == 1, (run.out, run.err)
    assert "Traceback" not in run.err
    lines = run.err.strip().splitlines()
    assert len(lines) == 1, run.err
    return lines[0]


def test_a_character_neither_font_prints_is_refused_with_its_row_and_column(
    tmp_path: Path,
) -> None:
    vera_folder(tmp_path)
    layout = _deck(tmp_path, cards="name,word\nDice\U00010000,Roll\n")
    said = _refused(layout)
    assert (
        f"{tmp_path / 'cards.csv'}:2: column 'name' (A): neither {tmp_path / 'fonts/VeraIt.ttf'} "
        "nor a font sheetgen carries can print '\U00010000' (U+10000)"
    ) in said


def test_a_font_without_its_licence_is_refused_at_its_line(tmp_path: Path) -> None:
    font_folder(tmp_path, licence=None)
    layout = _deck(tmp_path, font="fonts/Boxes.ttf")
    said = _refused(layout)
    assert said.startswith(f"error: {layout}:15:1: front.items[1].font: ")
    assert "Boxes.ttf: no licence file beside the font; put the licence it came with" in said


def test_a_damaged_font_is_one_line(tmp_path: Path) -> None:
    data = bytearray(VERA.read_bytes())
    data[len(data) // 2 :] = bytes(len(data) - len(data) // 2)  # its second half lost
    vera_folder(tmp_path).write_bytes(bytes(data))
    said = _refused(_deck(tmp_path))
    assert "front.items[1].font: " in said and "VeraIt.ttf: the font file is damaged" in said


@pytest.mark.parametrize("font", ["../VeraIt.ttf", "/tmp/VeraIt.ttf", "fonts/link.ttf"])
def test_a_font_outside_the_layouts_folder_is_never_read(tmp_path: Path, font: str) -> None:
    inner = tmp_path / "inner"
    (inner / "fonts").mkdir(parents=True)
    outside = vera_folder(tmp_path)
    (inner / "fonts" / "link.ttf").symlink_to(outside)
    said = _refused(_deck(inner, font=font))
    assert "front.items[1].font: " in said and "layout's folder" in said
