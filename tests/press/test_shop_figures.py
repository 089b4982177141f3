"""Each shipped press profile's output against the figures of the source it quotes, written
here from the source (not read from the profile): the image's pixels at the shop's resolution,
the trim and bleed they leave, where a proof draws the trim and the safe zone, and the files'
names. And `build --proof`: a sheet's pieces with the same lines, refused where nothing is cut.

The Game Crafter's figures: help.thegamecrafter.com/article/33-dpi-dots-per-inch (300 dpi; 1/8
in of bleed and of safe zone on its templates) and the pixels each product's image takes, as
Templative's src/shared/componentInfo.js (commit 5978dba) records them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from tests.support import sheetgen

DPI = 300  # "We print everything at 300DPI"
INCH = 25.4
EIGHTH = 1 / 8  # inches: "1/8" for bleed and 1/8" for safe zone"


# name, the image's pixels the source gives, the trim (in) they leave with the bleed (in) on
# each side, the safe zone (in; None: the source gives none), the cut, printed on both sides
SOURCES = [
    ("thegamecrafter/small-square-tile", (675, 675), (2.0, 2.0), EIGHTH, EIGHTH, "rectangle", 1),
    ("thegamecrafter/medium-square-tile", (825, 825), (2.5, 2.5), EIGHTH, EIGHTH, "rectangle", 1),
    ("thegamecrafter/medium-hex-tile", (825, 750), (2.5, 2.25), EIGHTH, EIGHTH, "hexagon", 1),
    ("thegamecrafter/mini-card", (600, 825), (1.75, 2.5), EIGHTH, EIGHTH, "rectangle", 1),
    ("thegamecrafter/poker-card", (825, 1125), (2.5, 3.5), EIGHTH, EIGHTH, "rectangle", 1),
    ("thegamecrafter/dice-sticker", (188, 188), (0.5, 0.5), 1 / 16, None, "rectangle", 0),
    pytest.param(
        "thegamecrafter/square-board", (2475, 2475), (8.0, 8.0), EIGHTH, EIGHTH, "rectangle", 1,
        marks=pytest.mark.slow,
    ),
]  # fmt: skip
GROUND = (46, 125, 50)  # the fronts' background, #2e7d32


def _layout(folder: Path, width: float, height: float, shape: str, backs: bool) -> None:
    """A custom/pieces layout `t` of two designs (the second twice) at width x height mm."""
    back = '[back]\nbackground = "#333333"\n' if backs else ""
    (folder / "t.toml").write_text(
        'game = "custom"\ncomponent = "pieces"\nname = "t"\ndata = "t.csv"\ntitle = "{name}"\n'
        f'[piece]\nshape = "{shape}"\nwidth = {width}\nheight = {height}\nbleed = 0\n'
        '[front]\nbackground = "#2e7d32"\n' + back,
        encoding="utf-8",
    )
    (folder / "t.csv").write_text("name,count\nAlpha,1\nBeta,2\n", encoding="utf-8")


def _masks(image: Image.Image) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where the proof's blue trim, green safe zone and red bleed lines are."""
    rgb = np.asarray(image.convert("RGBA").convert("RGB")).astype(int)
    r, g, b = rgb[:, :, 0], rgb[:, :, 1], rgb[:, :, 2]
    blue = (b > 150) & (r < 60) & (g < 130)
    green = (g > 145) & (r < 50) & (b < 110) & (g - b > 60)  # #00a33a, not the ground lit
    red = (r > 180) & (g < 80) & (b < 80)
    return blue, green, red


def _first(line: np.ndarray) -> float:
    """The middle of the first run of a line's pixels along `line` (a line is 3 px wide)."""
    found = np.flatnonzero(line)
    assert found.size, "no line found"
    run = found[: np.argmax(np.diff(np.append(found, found[-1] + 2)) > 1) + 1]
    return float(run.mean())


@pytest.mark.parametrize(("name", "px", "trim", "bleed", "safe", "shape", "backs"), SOURCES)
def test_a_shipped_profiles_images_are_its_sources_figures(
    tmp_path: Path,
    name: str,
    px: tuple[int, int],
    trim: tuple[float, float],
    bleed: float,
    safe: float | None,
    shape: str,
    backs: int,
) -> None:
    # the table is the source's own sums: its pixels are the trim and bleed at 300 dpi
    assert px == tuple(round((t + 2 * bleed) * DPI) for t in trim)
    _layout(tmp_path, trim[0] * INCH, trim[1] * INCH, shape, bool(backs))
    for proof in ((), ("--proof",)):
        run = sheetgen(
            "export", "pieces", "t.toml", "--profile", name, *proof, "--out", f"out{len(proof)}",
            "-q", cwd=tmp_path,
        )  # fmt: skip
        assert run.code == 0, run.err
    plain = {"t-alpha.png", "t-beta.png"} | ({"t-deck-back.png"} if backs else set())
    assert {f.name for f in (tmp_path / "out0").iterdir()} == plain
    # a proof is never taken for the file to send: -proof before the extension
    proofs = {f.name for f in (tmp_path / "out1").iterdir()}
    assert proofs == {n.replace(".png", "-proof.png") for n in plain}
    sent = Image.open(tmp_path / "out0" / "t-alpha.png")
    assert not any(mask.any() for mask in _masks(sent))  # no proof line on the file to send
    image = Image.open(tmp_path / "out1" / "t-alpha-proof.png")
    for each in (sent, image):
        assert each.size == px
        assert round(each.info["dpi"][0]) == DPI
    w, h = px
    edge = bleed * DPI
    rgb = np.asarray(image.convert("RGBA").convert("RGB")).astype(int)
    assert tuple(rgb[round(edge / 2), w // 2]) == GROUND  # the art runs on into the bleed
    blue, green, red = _masks(image)
    band = slice(w // 2 - 40, w // 2 + 40)  # down the middle: a dash of the safe line in it
    assert _first(red[:, band].any(axis=1)) <= 2  # the art's edge, at the image's
    assert abs(_first(blue[:, band].any(axis=1)) - edge) <= 2  # the trim, the bleed in
    assert abs(_first(blue[h // 2]) - edge) <= 3  # and from the left (a hexagon's corner)
    if safe is None:
        assert not green.any()
    else:
        assert abs(_first(green[:, band].any(axis=1)) - (bleed + safe) * DPI) <= 2


def test_drivethrucards_pages_are_its_sources_figures(tmp_path: Path) -> None:
    """help.drivethrupartners.com/hc/de/articles/12780748203543: 1/8 in of bleed, one PDF, a
    card's back before its front; the poker card is 2.5 x 3.5 in."""
    _layout(tmp_path, 2.5 * INCH, 3.5 * INCH, "rectangle", True)
    run = sheetgen(
        "export", "pieces", "t.toml", "--profile", "drivethrucards/poker-card", "--out", "out",
        "-q", cwd=tmp_path,
    )  # fmt: skip
    assert run.code == 0, run.err
    assert {f.name for f in (tmp_path / "out").iterdir()} == {"t.pdf"}
    pdf = pikepdf.open(tmp_path / "out" / "t.pdf")
    assert len(pdf.pages) == 2 * 3
    for page in pdf.pages:
        trim = [float(v) / 72 for v in page.TrimBox]  # inches
        bleed = [float(v) / 72 for v in page.BleedBox]
        assert trim[2] - trim[0] == pytest.approx(2.5, abs=1e-3)
        assert trim[3] - trim[1] == pytest.approx(3.5, abs=1e-3)
        assert trim[0] - bleed[0] == pytest.approx(EIGHTH, abs=1e-3)
        assert bleed[3] - trim[3] == pytest.approx(EIGHTH, abs=1e-3)


def test_build_proof_draws_the_profiles_lines_on_each_piece_of_the_sheet(tmp_path: Path) -> None:
    _layout(tmp_path, 2.5 * INCH, 2.5 * INCH, "rectangle", False)
    run = sheetgen(
        "build", "t.toml", "--profile", "thegamecrafter/medium-square-tile", "--proof",
        "-f", "pdf", "--out", "out", "-q", cwd=tmp_path,
    )  # fmt: skip
    assert run.code == 0, run.err
    path = next((tmp_path / "out").glob("*.pdf"))
    pdf = pikepdf.open(path)
    page = pdf.pages[0]
    media_h = float(page.MediaBox[3])
    left, top = float(page.TrimBox[0]), media_h - float(page.TrimBox[3])  # the first piece's
    scale = DPI / 72
    image = pdfium.PdfDocument(path)[0].render(scale=scale).to_pil()
    blue, green, _ = _masks(image)
    x0, y0 = left * scale, top * scale  # its trim's top-left corner, in pixels
    middle = round(y0 + 1.25 * DPI)
    rows = slice(middle - 40, middle + 40)  # across the piece's middle: a dash of the safe line
    columns = slice(round(x0 - EIGHTH * DPI - 5), round(x0 + 1.25 * DPI))
    start = columns.start
    assert abs(_first(blue[rows, columns].any(axis=0)) + start - x0) <= 2
    assert abs(_first(green[rows, columns].any(axis=0)) + start - (x0 + EIGHTH * DPI)) <= 2


def test_build_proof_without_a_profile_draws_no_safe_zone(tmp_path: Path) -> None:
    _layout(tmp_path, 40, 40, "rectangle", False)
    run = sheetgen(
        "build", "t.toml", "--proof", "-f", "png", "--dpi", "100", "--out", "out", "-q",
        cwd=tmp_path,
    )  # fmt: skip
    assert run.code == 0, run.err
    image = Image.open(next((tmp_path / "out").glob("*.png")))
    blue, green, _ = _masks(image)
    assert blue.any() and not green.any()


def test_build_proof_of_sheets_used_whole_is_refused_in_one_line(tmp_path: Path) -> None:
    run = sheetgen("build", "scribe/standard", "--proof", "--out", str(tmp_path / "out"))
    assert run.code == 2
    assert run.err.startswith("error: --proof: scribe/supergrid prints sheets used whole")
    assert "custom/pieces" in run.err  # where it works
    assert len(run.err.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_build_proof_follows_a_hexagons_cut_with_a_profile_next_to_the_layout(
    tmp_path: Path,
) -> None:
    """A profile of one's own, found by its name beside the layout, with a bleed of its own
    (2 mm, not the layout's): each hexagon's trim is drawn on the hexagon, not its box."""
    _layout(tmp_path, 63.5, 57.15, "hexagon", False)
    (tmp_path / "my-shop.toml").write_text(
        'name = "my-shop"\nshop = "Me"\nproduct = "Hex"\nwidth = 63.5\nheight = 57.15\n'
        "bleed = 2\nsafe = 4\ndpi = 300\n",
        encoding="utf-8",
    )
    run = sheetgen(
        "build", "t.toml", "--profile", "my-shop", "--proof", "-f", "pdf", "--out", "out",
        "-q", cwd=tmp_path,
    )  # fmt: skip
    assert run.code == 0, run.err
    path = next((tmp_path / "out").glob("*.pdf"))
    pdf = pikepdf.open(path)
    page = pdf.pages[0]
    left = float(page.TrimBox[0])
    top = float(page.MediaBox[3]) - float(page.TrimBox[3])
    per_mm = DPI / INCH
    image = pdfium.PdfDocument(path)[0].render(scale=DPI / 72).to_pil()
    blue = _masks(image)[0]
    x0, y0 = left * DPI / 72, top * DPI / 72
    row = round(y0 + 6 * per_mm)  # 6 mm under the first piece's top edge
    near = blue[row, round(x0 - per_mm) : round(x0 + per_mm)]
    assert not near.any()  # a box's side would be here; the hexagon's edge is further in
    # the slanted edge, 6 mm down from a corner a quarter of the width in: 6 / tan 60° mm out
    edge = x0 + (63.5 / 4 - 6 / 3**0.5) * per_mm
    found = _first(blue[row, round(x0) : round(x0 + 30 * per_mm)]) + round(x0)
    assert abs(found - edge) <= 3
