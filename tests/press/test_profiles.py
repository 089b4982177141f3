"""Press profiles: each shipped profile's output has the figures its source is quoted with
(read here from the profile's comments, apart from its keys), a proof draws the safe zone
where the profile puts it, and a bad profile is one line naming its file, line and key."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image

from sheetgen.press.profiles import read_profile, shipped
from tests.support import sheetgen

# a poker deck at the US poker size, 2.5 x 3.5 in, as the shops above print it
POKER_US = """game = "custom"
component = "pieces"
name = "poker-us"
extends = "custom/poker"

[piece]
width = 63.5
height = 88.9
"""
INCH = 25.4


def _quoted(name: str) -> str:
    """The profile's comment lines, where its sources are quoted."""
    text = shipped()[name].read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if line.startswith("#"))


def _eighths(quoted: str, words: str) -> float:
    """mm of a quoted `N/8"` figure in the sentence holding `words`."""
    found = re.search(rf'(\d)/8" [^"\n]*?{words}|{words}[^\n]*?(\d)/8"', quoted)
    assert found, f"no quoted figure for {words}"
    return int(found.group(1) or found.group(2)) / 8 * INCH


@pytest.fixture
def poker_us(tmp_path: Path) -> Path:
    (tmp_path / "poker-us.toml").write_text(POKER_US, encoding="utf-8")
    return tmp_path


@pytest.mark.slow
def test_the_game_crafters_poker_card_is_its_quoted_figures(poker_us: Path) -> None:
    quoted = _quoted("thegamecrafter/poker-card")
    w, h = (int(n) for n in re.search(r"(\d+)x(\d+)px", quoted).groups())  # type: ignore[union-attr]
    dpi = int(re.search(r"(\d+)DPI", quoted).group(1))  # type: ignore[union-attr]
    bleed = _eighths(quoted, "bleed")
    safe = _eighths(quoted, "safe zone")
    run = sheetgen(
        "export", "pieces", "poker-us.toml", "--profile", "thegamecrafter/poker-card",
        "--proof", "--out", "out", "-q", cwd=poker_us,
    )  # fmt: skip
    assert run.code == 0, run.err
    files = sorted((poker_us / "out").iterdir())
    assert len(files) == 53 + 1  # 53 designs (two jokers of one) and the deck's one back
    names = {f.name for f in files}
    assert {"poker-us-ace-of-spades-proof.png", "poker-us-deck-back-proof.png"} <= names
    image = Image.open(poker_us / "out" / "poker-us-king-of-hearts-proof.png").convert("RGB")
    assert image.size == (w, h)
    assert round(image.info["dpi"][0]) == dpi
    # the proof's dashed green safe line, `bleed + safe` mm in from the image's left edge
    pixels = np.asarray(image).astype(int)
    green = (pixels[:, :, 1] > 120) & (pixels[:, :, 0] < 80) & (pixels[:, :, 2] < 120)
    row = h // 2
    columns = np.flatnonzero(green[row])
    expected = (bleed + safe) * dpi / INCH
    assert columns.size and abs(columns[0] - expected) <= 2, (columns[:4], expected)
    assert abs(columns[-1] - (w - 1 - expected)) <= 2
    # and the blue trim line `bleed` mm in
    blue = (pixels[:, :, 2] > 150) & (pixels[:, :, 0] < 60) & (pixels[:, :, 1] < 130)
    assert abs(np.flatnonzero(blue[row])[0] - bleed * dpi / INCH) <= 2


@pytest.mark.slow
def test_drivethrucards_deck_is_one_cmyk_pdf_backs_first(poker_us: Path) -> None:
    quoted = _quoted("drivethrucards/poker-card")
    bleed = _eighths(quoted, "Beschnitt")
    assert "CMYK" in quoted and "Die erste Seite ist die Rückseite" in quoted
    run = sheetgen(
        "export", "pieces", "poker-us.toml", "--profile", "drivethrucards/poker-card",
        "--out", "out", "-q", cwd=poker_us,
    )  # fmt: skip
    assert run.code == 0, run.err
    pdf = pikepdf.open(poker_us / "out" / "poker-us.pdf")
    assert len(pdf.pages) == 2 * 54  # each card's back, then its front
    first, second, third = pdf.pages[0], pdf.pages[1], pdf.pages[2]
    assert first.obj.Resources == third.obj.Resources != second.obj.Resources  # back, face, back
    trim = [float(v) for v in first.TrimBox]
    media = [float(v) for v in first.MediaBox]
    assert trim[0] == pytest.approx(bleed / INCH * 72, abs=0.01)
    assert media[2] - media[0] == pytest.approx((63.5 + 2 * bleed) / INCH * 72, abs=0.01)
    assert "/OutputIntents" in pdf.Root  # a PDF/X in CMYK
    # the standard the page asks for, in plain device CMYK
    asked = re.search(r'"Exportiere als (PDF/X-[\w:.-]+)"', quoted)
    assert asked, "no quoted PDF/X standard"
    assert str(pdf.docinfo.GTS_PDFXVersion) == asked.group(1) == "PDF/X-1a:2003"
    assert (poker_us / "out" / "poker-us.pdf").read_bytes().startswith(b"%PDF-1.4")
    assert b"/ICCBased" not in (poker_us / "out" / "poker-us.pdf").read_bytes()


def test_every_shipped_profile_reads() -> None:
    for name, path in shipped().items():
        profile = read_profile(path)
        assert profile.name == name
        assert profile.source.startswith("https://")  # each shipped one names its source


def test_a_layouts_pieces_of_another_size_are_refused_saying_both() -> None:
    run = sheetgen("build", "custom/poker", "--profile", "thegamecrafter/poker-card")
    assert run.code == 2
    assert "63 x 88 mm" in run.err and "63.5 x 88.9 mm" in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_a_board_the_size_of_a_board_product_takes_its_profile(tmp_path: Path) -> None:
    """The Game Crafter's square board is 8 x 8 in with 1/8 in of bleed (its profile's quoted
    figures). No built-in board is that size as printed; a Scrumpit board of one's own is, at
    6.8 mm cells: 29 cells of 6.8 mm and 3 mm of its ground each side, 203.2 mm. Built with
    the profile it is one page whose TrimBox is 203.2 mm square and BleedBox 1/8 in more each
    side; a built-in board is refused in one line saying both sizes."""
    layout = tmp_path / "square.toml"
    layout.write_text(
        'game = "scrumpit"\ncomponent = "board"\nextends = "scrumpit/standard"\n'
        'name = "square"\ndescription = "an 8 in board"\ncell = 6.8\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    args = ("--profile", "thegamecrafter/square-board", "--paper", "A3", "-f", "pdf", "-q")
    run = sheetgen("build", str(layout), *args, "--out", str(out))
    assert run.code == 0, run.err
    (file,) = out.glob("*.pdf")
    with pikepdf.open(file) as pdf:
        (page,) = pdf.pages
        trim = [float(v) for v in page.obj.TrimBox]
        bleed = [float(v) for v in page.obj.BleedBox]
    inch = 72.0  # PDF points
    assert abs(trim[2] - trim[0] - 8 * inch) < 0.05 and abs(trim[3] - trim[1] - 8 * inch) < 0.05
    for inner, outer, sign in zip(trim, bleed, (-1, -1, 1, 1), strict=True):
        assert abs(outer - inner - sign * inch / 8) < 0.05
    run = sheetgen("build", "scrumpit/single", *args, "--out", str(tmp_path / "single"))
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1
    assert "203.2 x 203.2 mm" in run.err and "scrumpit/single's board is" in run.err
    assert not (tmp_path / "single").exists()


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("bleed = 20", ":7: bleed: 20: use 0 to"),
        ('colour = "grey"', ":7: colour: 'grey': use rgb or cmyk"),
        ("size = 3", ":7: size: not a profile key"),
        ("px = [100, 100]", ":7: px: 100 x 100 px, but the size, bleed and dpi make"),
        ('standard = "PDF/X-1a:2003"', ':7: standard: a PDF/X is a CMYK file: set colour = "cmyk"'),
        (
            'colour = "cmyk"\nstandard = "PDF/X-3"',
            ":8: standard: 'PDF/X-3': use PDF/X-4 or PDF/X-1a",
        ),
    ],
)
def test_a_bad_profile_is_one_line_at_its_key(tmp_path: Path, line: str, said: str) -> None:
    text = (
        'name = "mine"\nshop = "Me"\nproduct = "Tile"\nwidth = 40\nheight = 40\ndpi = 300\n'
        + line
        + "\n"
    )
    (tmp_path / "mine.toml").write_text(text, encoding="utf-8")
    run = sheetgen("build", "custom/poker", "--profile", "mine.toml", cwd=tmp_path)
    assert run.code == 2
    assert said in run.err, run.err
    assert len(run.err.strip().splitlines()) == 1
