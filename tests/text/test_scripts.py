"""Names in any script: a class list of English, Vietnamese, Greek, Cyrillic, Chinese, Japanese,
Korean, Arabic, Hebrew and Hindi names prints on named sheets in PDF, PNG and SVG. Checked by
readers that are not sheetgen: poppler's `pdftotext` and pdfium's text layer give the names back
as written; the embedded fonts (read by fontTools) have a real outline for every code shown (no
empty boxes); pdfium places right-to-left letters from the right; Arabic letters join (fewer
pieces of ink than letters); resvg draws the SVG as pdfium draws the PDF."""

from __future__ import annotations

import io
import itertools
import subprocess
from collections import deque
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
import resvg_py
from fontTools.ttLib import TTFont
from PIL import Image

from sheetgen.pipeline.document import pressed
from tests.support import ROOT, sheetgen, tiered

CLASS = [
    "Olivia Smith",
    "Nguyễn Thị Minh Khai",
    "Ἀλέξανδρος Παππᾶς",
    "Дмитрий Иванов",
    "李小龙",
    "さくら",
    "김민준",
    "محمد",
    "فاطمة الزهراء",
    "דוד כהן",
    "प्रिया शर्मा",
]
# one name a typeface (Latin with stacked accents, Chinese, Arabic, Hebrew, Devanagari) in
# the default tier; the rest of the class in the slow tier
ONE_A_FACE = {"Nguyễn Thị Minh Khai", "李小龙", "فاطمة الزهراء", "דוד כהן", "प्रिया शर्मा"}
BIDI_MARKS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u200e\u200f"))
DPI = 150


@pytest.fixture(scope="module")
def named(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("names")
    names = out / "class.txt"
    names.write_text("\n".join(CLASS) + "\n", encoding="utf-8")
    run = sheetgen("build", "scribbly-gum/kuringgai", "--names", str(names), "--out", str(out),
                   "-f", "pdf,svg", "-q")  # fmt: skip
    assert run.code == 0, run.err
    return out


def _pdf(out: Path) -> Path:
    return out / "scribbly-gum-kuringgai-tree.pdf"


def _lines(text: str) -> list[str]:
    return [" ".join(line.translate(BIDI_MARKS).split()) for line in text.splitlines()]


def test_poppler_reads_every_name_back_as_written(named: Path) -> None:
    for page, name in enumerate(CLASS, start=1):
        text = subprocess.run(
            ["pdftotext", "-f", str(page), "-l", str(page), str(_pdf(named)), "-"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        # the name on the line of its label, as written and nothing else beside it
        assert f"Name {name}" in _lines(text), (page, name)


def test_pdfium_reads_every_name_back_as_written(named: Path) -> None:
    pdf = pdfium.PdfDocument(_pdf(named))
    for page, name in enumerate(CLASS):
        assert name in _lines(pdf[page].get_textpage().get_text_range()), name


def test_every_code_shown_has_an_outline_in_its_embedded_font(named: Path) -> None:
    """No empty boxes: each code a page's text shows maps, through the embedded font's own
    cmap, to a glyph that is not .notdef and has contours (spaces aside)."""
    with pikepdf.open(_pdf(named)) as pdf:
        fonts = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary)
                 and o.get("/Type") == "/Font" and "/ToUnicode" in o]  # fmt: skip
        checked = set()
        for font in fonts:
            program = font.FontDescriptor.FontFile2.read_bytes()
            tt = TTFont(io.BytesIO(program))
            cmap = {c: g for table in tt["cmap"].tables for c, g in table.cmap.items()}
            for line in font.ToUnicode.read_bytes().decode().splitlines():
                parts = line.replace("<", " ").replace(">", " ").split()
                if len(parts) != 2 or not all(_hex(p) for p in parts):
                    continue
                if len(parts[1]) % 4:
                    continue  # a code range, not a code and its letters
                code, meaning = int(parts[0], 16), bytes.fromhex(parts[1]).decode("utf-16-be")
                if code not in cmap or meaning.isspace():
                    continue  # a code the cut font no longer shows
                glyph = cmap[code]
                assert glyph != ".notdef", (str(font.BaseFont), meaning)
                assert tt["glyf"][glyph].numberOfContours != 0, (str(font.BaseFont), meaning)
                checked.add(meaning)
    for name in CLASS:  # every letter of every name was among those checked
        assert set(name.replace(" ", "")) <= set("".join(checked)) | _joined_only(name), name


def _hex(text: str) -> bool:
    return all(c in "0123456789abcdefABCDEF" for c in text)


def _joined_only(name: str) -> set[str]:
    """Letters whose glyph also shows other letters (a Devanagari cluster), met as a cluster."""
    return set(name) if any("\u0900" <= c <= "\u097f" for c in name) else set()


@pytest.mark.parametrize("name", ["محمد", "דוד כהן", "فاطمة الزهراء"])
def test_right_to_left_names_run_from_the_right(named: Path, name: str) -> None:
    pdf = pdfium.PdfDocument(_pdf(named))
    page = pdf[CLASS.index(name)].get_textpage()
    text = page.get_text_range()
    at = text.find(name)
    assert at >= 0
    first, last = page.get_charbox(at), page.get_charbox(at + len(name) - 1)
    assert first[0] > last[2]  # the first letter written stands right of the last


def _name_crop(out: Path, name: str, render: str) -> Image.Image:
    """The band right of the page's "Name" label, inside the name box where the name is
    written (clear of the box's edges), as rendered by pdfium (the PDF) or resvg (the SVG)."""
    index = CLASS.index(name)
    pdf = pdfium.PdfDocument(_pdf(out))
    page = pdf[index]
    textpage = page.get_textpage()
    at = textpage.get_text_range().find("Name")
    label = [textpage.get_charbox(i) for i in range(at, at + 4)]
    left, right = max(b[2] for b in label) + 3, max(b[2] for b in label) + 190
    bottom, top = min(b[1] for b in label) - 8, max(b[3] for b in label) + 8
    height = page.get_height()
    if render == "pdf":
        image = page.render(scale=DPI / 72).to_pil().convert("RGB")
    else:
        svg = (out / f"scribbly-gum-kuringgai-tree-p{index + 1}.svg").read_text(encoding="utf-8")
        data = resvg_py.svg_to_bytes(
            svg_string=svg,
            dpi=float(DPI),
            skip_system_fonts=True,
            font_dirs=[str(ROOT / "fonts")],
            background="#ffffff",
        )
        image = Image.open(io.BytesIO(bytes(data))).convert("RGB")
    k = DPI / 72
    return image.crop((round(left * k), round((height - top) * k),
                       round(right * k), round((height - bottom) * k)))  # fmt: skip


def _ink_pieces(image: Image.Image) -> int:
    """Pieces of ink (the names print dark in the white name box) that touch no other."""
    ink = np.asarray(image.convert("L")) < 128
    seen = np.zeros_like(ink)
    pieces = 0
    for y, x in zip(*np.nonzero(ink), strict=True):
        if seen[y, x]:
            continue
        pieces += 1
        todo = deque([(y, x)])
        seen[y, x] = True
        while todo:
            cy, cx = todo.popleft()
            for ny, nx in ((cy + 1, cx), (cy - 1, cx), (cy, cx + 1), (cy, cx - 1)):
                inside = 0 <= ny < ink.shape[0] and 0 <= nx < ink.shape[1]
                if inside and ink[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    todo.append((ny, nx))
    return pieces


def test_arabic_letters_join(named: Path) -> None:
    """محمد is four letters that all join (meem, hah, meem, dal; none has a dot): one piece of
    ink, where unjoined letters would be four."""
    crop = _name_crop(named, "محمد", "pdf")
    assert _ink_pieces(crop) == 1


@pytest.mark.parametrize("name", tiered(CLASS, ONE_A_FACE))
def test_the_svg_shows_what_the_pdf_shows(named: Path, name: str) -> None:
    pdf, svg = _name_crop(named, name, "pdf"), _name_crop(named, name, "svg")
    a = np.asarray(pdf, dtype=np.int16)
    b = np.asarray(svg, dtype=np.int16)
    assert a.shape == b.shape
    ink = (np.asarray(pdf.convert("L")) < 128).sum()
    assert ink > 50  # the name has ink at all
    # pdfium hints the glyphs' outlines and resvg does not, so edge pixels of dark text on
    # white differ by up to about a third of the range; a glyph missing or misplaced differs
    # by all of it over its whole area
    close = (np.abs(a - b).max(axis=2) <= 96).mean()
    assert close >= 0.98, (name, close)


def test_named_pages_are_byte_identical_whatever_was_drawn_before() -> None:
    """The private codes of joined glyphs come from the glyph, not from the order things were
    drawn in: a sheet is the same bytes after other names were drawn in the same process."""
    from sheetgen.backends import render
    from sheetgen.layouts.read import load
    from sheetgen.options import BuildOptions

    loaded = load("scribbly-gum/kuringgai")

    def pdf(names: tuple[str, ...]) -> bytes:
        return render(pressed(loaded.kind, loaded.model, BuildOptions(names=names)), "pdf")[0][1]

    first = pdf(("فاطمة",))
    pdf(("محمد علي", "لا إله", "प्रिया"))
    assert pdf(("فاطمة",)) == first


def test_chinese_and_japanese_wrap_between_characters_not_before_closing_marks() -> None:
    """Chinese and Japanese are written without spaces: a line may break between any two
    characters, but never before a comma or full stop (、。，); Latin still breaks at spaces."""
    from sheetgen.draw.fonts import text_width, wrap

    sentence = "沿着地图上的线画出你的路径，每天一段。然后数一数每个区域的符号，计算得分。"
    lines = wrap(sentence, 3.0, 40.0)
    assert len(lines) >= 3 and "".join(lines) == sentence
    assert all(text_width(line, 3.0) <= 40.0 for line in lines)
    assert not any(line[0] in "，。、" for line in lines)
    latin = "Walk one die's whole movement, then draw each die's symbol beside your path"
    lines = wrap(latin, 3.0, 40.0)
    assert " ".join(lines) == latin and len(lines) >= 2  # broken at spaces only
    for line, after in itertools.pairwise(lines):  # each line as full as it can be
        assert text_width(line, 3.0) <= 40.0 < text_width(f"{line} {after.split()[0]}", 3.0)
