"""After the fresh-eyes review of #16: a partial set's own file names, a folded page's ruler
clear of the fold and its one-sided print request, usage errors and hints a user reads (paper
in inches, a deck offered for a colour, a gap a one-sheet page cannot use, crop marks on a
tiled picture), and Walkabout die art 3 mm clear of the cut, measured from its pixels."""

from __future__ import annotations

import ctypes
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from sheetgen.draw import text_width
from sheetgen.errors import UsageError
from sheetgen.press.footer import FOOTER_SIZE, SMALLEST, footer_lines
from sheetgen.press.paper import parse_paper
from tests.support import sheetgen
from tests.support.build import build

PX = 150 / 25.4


def test_only_never_replaces_the_whole_sets_files(tmp_path: Path) -> None:
    out = build(tmp_path / "o")
    whole = out / "marram-classic-tiles.pdf"
    before = whole.read_bytes()
    build(out, only="worm-saddle")
    assert whole.read_bytes() == before  # the full set's file untouched
    partial = out / "marram-classic-tiles-only.pdf"
    assert len(PdfReader(partial).pages) == 2 < len(PdfReader(whole).pages)


def test_fold_keeps_the_ruler_on_the_front_half_and_names_the_fold(tmp_path: Path) -> None:
    out = build(tmp_path / "f", ref="scribbly-gum/kuringgai", paper="A3", duplex=True, fold=True)
    pdf_path = out / "scribbly-gum-kuringgai-tree.pdf"
    prefs = PdfReader(pdf_path).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/Simplex"  # the PDF asks for one-sided printing
    pdf = pdfium.PdfDocument(pdf_path)
    page = pdf[0]
    text = page.get_textpage()
    w_pt = page.get_width()
    fold = [text.get_charbox(i) for i in range(text.count_chars())]
    words = text.get_text_range()
    assert "fold" in words
    clear = w_pt / 2 - 3 * 72 / 25.4  # 3 mm short of the fold line
    for bar in ("100 mm", "4 in"):  # each bar's label ends the bar: wholly left of the fold
        start = words.index(bar)
        assert max(fold[i][2] for i in range(start, start + len(bar))) < clear


def test_paper_numbers_that_look_like_inches_suggest_inches() -> None:
    with pytest.raises(UsageError, match=r"did you mean 8\.5x11in\?"):
        parse_paper("8.5x11")


def test_a_colour_offers_its_deck_and_crop_marks_on_a_tiled_picture_are_a_usage_error(
    tmp_path: Path,
) -> None:
    run = sheetgen("build", "scrumpit/tiles", "--only", "yellow", "--out", str(tmp_path))
    assert run.code == 2 and "the deck 'bag-yellow'" in run.err
    run = sheetgen("build", "scrumpit/standard", "--crop-marks", "corners", "--out", str(tmp_path))
    assert run.code == 2 and "⊕ marks" in run.err
    run = sheetgen("build", "scribe/standard", "--gap", "20", "-f", "pdf", "--out", str(tmp_path))
    assert "--gap: scribe/standard prints one sheet a page" in run.out + run.err


def test_walkabout_die_art_stays_3mm_inside_the_cut(tmp_path: Path) -> None:
    out = tmp_path / "d"
    out.mkdir()
    run = sheetgen("export", "pieces", "walkabout/dice", "--dpi", "600", "--out", str(out))
    assert run.code == 0, run.err
    faces = sorted(out.glob("walkabout-dice-*.png"))
    assert len(faces) == 18
    for face in faces:
        a = np.asarray(Image.open(face).convert("RGB")).astype(int)
        px = a.shape[0] / 16.0  # the layout's 16 mm face, no bleed
        ink = np.abs(a - a[1, 1]).sum(axis=2) > 60  # anything not the die's colour
        ys, xs = np.nonzero(ink)
        edge = min(xs.min(), ys.min(), a.shape[1] - 1 - xs.max(), a.shape[0] - 1 - ys.max())
        assert edge / px >= 3.0, f"{face.name}: art {edge / px:.2f} mm from the cut"


@pytest.mark.parametrize("paper", ["4x6in", "6x4in"])
def test_a_credit_too_long_for_a_small_card_wraps_onto_two_whole_lines(
    tmp_path: Path, paper: str
) -> None:
    """On a 4 x 6 in card the footer keeps the whole credit (from the layout file) and the side,
    on two lines 6 pt or more high, every character 5 mm or more inside the paper's edges."""
    credit = (
        "Marram Classic · rules as in the Combined Rules Book and How to Play on Board Game Arena"
    )
    layout = tmp_path / "long-credit.toml"
    layout.write_text(
        'extends = "marram/classic"\ngame = "marram"\ncomponent = "tiles"\n'
        f'name = "long-credit"\ncredit = "{credit}"\n',
        encoding="utf-8",
    )
    out = build(tmp_path / "out", ref=str(layout), paper=paper)
    pdf = pdfium.PdfDocument(out / "marram-long-credit-tiles.pdf")
    page = pdf[0]
    width_mm, height_mm = (v * 25.4 / 72 for v in page.get_size())
    text = page.get_textpage()
    shown = text.get_text_range()
    assert "…" not in shown
    assert " ".join(shown.split()).endswith(f"{credit} · front"), shown[-160:]
    start = shown.index(credit.split(" ")[0])
    baselines: set[float] = set()
    for i in range(start, start + len(credit)):
        if shown[i].isspace():
            continue
        left, bottom, right, top = text.get_charbox(i)
        assert left * 25.4 / 72 >= 5.0 - 1e-6 and right * 25.4 / 72 <= width_mm - 5.0 + 1e-6
        assert bottom * 25.4 / 72 >= 5.0 - 1e-6 and top * 25.4 / 72 <= height_mm
        # the font size in the text's own units: sheetgen's pages draw in millimetres
        size = pdfium.raw.FPDFText_GetFontSize(text.raw, i) * 72 / 25.4
        assert size >= 6.0 - 1e-4
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium.raw.FPDFText_GetCharOrigin(text.raw, i, ctypes.byref(x), ctypes.byref(y))
        baselines.add(round(y.value, 1))
    assert len(baselines) == 2
    pdf.close()


def test_a_footer_shrunk_to_its_width_stays_on_one_line() -> None:
    """A credit that fits one line once shrunk (down to 6 pt) is set on one line at every width
    from where 6 pt just fits to where 6.5 pt does: measured at the size it was shrunk to, it
    can come out a hair over its width in floating point, and then it wrapped, on one side of
    a 4 x 6 in card and not the other."""
    text = "Marram Classic · Combined Rules Book, Board Game Arena How to Play · back"
    low, high = text_width(text, SMALLEST), text_width(text, FOOTER_SIZE)
    widths = [low + (high - low) * i / 399 for i in range(400)]
    assert all(footer_lines(text, width)[0] == (text,) for width in widths)


@pytest.mark.parametrize("side", ["front", "back", ""])
def test_a_credit_too_long_for_two_lines_is_cut_at_a_word_keeping_its_side(side: str) -> None:
    """Where even two lines are too few, the second ends in an ellipsis after the last whole
    word that fits, then the side the page is (front or back), and no word is lost before it."""
    credit = " ".join(f"word{i:02d}" for i in range(40))
    text = f"{credit} · {side}" if side else credit
    width = 80.0
    (first, second), size = footer_lines(text, width)
    assert size == SMALLEST
    tail = f"… · {side}" if side else "…"
    assert second.endswith(tail)
    shown = (first + " " + second.removesuffix(tail)).split(" ")
    assert shown == credit.split(" ")[: len(shown)]  # whole words, in order, none skipped
    assert all(text_width(line, size) <= width + 1e-6 for line in (first, second))
    one_more = " ".join([*second.removesuffix(tail).split(" "), credit.split(" ")[len(shown)]])
    assert text_width(one_more + tail, size) > width  # as many words as fit


@pytest.mark.parametrize("side", ["front", "back"])
def test_a_credit_with_middle_dots_of_its_own_keeps_only_the_side_after_the_ellipsis(
    side: str,
) -> None:
    """A credit that itself holds ' · ' is cut among its own words; only the page's side
    follows the ellipsis: both lines fit 40 mm, and the words shown are the credit's, in order."""
    credit = (
        "Marram Classic · rules as in the Combined Rules Book · How to Play on Board Game "
        "Arena and more words here to be cut off"
    )
    width = 40.0
    (first, second), size = footer_lines(f"{credit} · {side}", width)
    tail = f"… · {side}"
    assert second.endswith(tail) and second.count("…") == 1
    shown = (first + " " + second.removesuffix(tail)).split(" ")
    assert shown == credit.split(" ")[: len(shown)] and "How" in shown  # a dot cut past
    assert all(text_width(line, size) <= width + 1e-6 for line in (first, second))


def test_words_too_long_for_the_line_keep_one_whole_word_before_the_ellipsis() -> None:
    """However narrow the room, a cut line keeps its first word whole before the ellipsis
    (never the ellipsis alone); with room for two lines, each starts with a whole word."""
    text = (
        "Antidisestablishmentarianism Floccinaucinihilipilification "
        "Pneumonoultramicroscopicsilicovolcanoconiosis · back"
    )
    assert footer_lines(text, 30.0)[0] == ("Antidisestablishmentarianism… · back",)
    assert footer_lines(text, 40.0)[0] == (
        "Antidisestablishmentarianism",
        "Floccinaucinihilipilification… · back",
    )


def test_a_second_line_exactly_as_wide_as_the_room_is_kept_whole() -> None:
    """A line that measures just the room's width fits it: nothing is cut from it."""
    second = "Game Book · back"
    width = text_width(second, SMALLEST)
    assert footer_lines(f"Classic tiles {second}", width) == (("Classic tiles", second), SMALLEST)


def test_a_cut_credit_keeps_its_own_spacing() -> None:
    """The words shown before the ellipsis are the credit as written, two spaces where it
    has two."""
    credit = "  ".join(f"word{i:02d}" for i in range(40))
    (first, second), _size = footer_lines(f"{credit} · front", 80.0)
    assert second.endswith("… · front")
    assert credit.startswith(first + " " + second.removesuffix("… · front"))
