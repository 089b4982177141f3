"""A printer calibrated once, measured in the PDF as pdfium draws it: the calibration sheet's
margin ticks stand k mm from each edge and its bars are 100 mm; a printer's profile round-trips
through its file; `build --printer` is the same PDF as the flags it holds; an unknown printer is
refused naming the known ones; every fold page with room carries a ruler of its right length."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from sheetgen.press.calibration import NUMBER_AT, TICK_STEP, TICKS
from sheetgen.press.printer import Printer, load
from tests.support import sheetgen

PX = 10  # pixels a millimetre: 254 dpi
SCALE = PX * 25.4 / 72


def dark(pdf: Path, page: int) -> np.ndarray:
    """The page's dark pixels (True), PX to the millimetre."""
    doc = pdfium.PdfDocument(pdf)
    grey = np.asarray(doc[page].render(scale=SCALE, grayscale=True).to_pil().convert("L"))
    return grey < 128


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("calibration")
    done = sheetgen("calibrate", "--out", str(out))
    assert done.code == 0, done.err
    assert done.out.startswith(f"wrote {out / 'calibration-a4.pdf'}")
    return out / "calibration-a4.pdf"


@pytest.mark.parametrize("page", [0, 1])
def test_each_margin_tick_stands_its_number_of_mm_in_from_its_edge(sheet: Path, page: int) -> None:
    ink = dark(sheet, page)
    h, w = ink.shape
    for k in range(TICKS + 1):
        along = round((k * TICK_STEP - TICKS * TICK_STEP / 2) * PX)
        top = ink[: 12 * PX, w // 2 + along]
        bottom = ink[::-1][: 12 * PX, w // 2 + along]
        left = ink[h // 2 + along, : 12 * PX]
        right = ink[h // 2 + along, ::-1][: 12 * PX]
        for edge in (top, bottom, left, right):
            rows = np.flatnonzero(edge)
            # the tick's near side k mm in (to a pixel), 0.4 mm deep; nothing nearer the edge
            assert rows.size and abs(rows[0] - k * PX) <= 1, (k, rows[:6])
            assert rows[-1] - rows[0] <= 5, (k, rows)


def test_the_numbers_stand_where_every_printer_prints(sheet: Path) -> None:
    doc = pdfium.PdfDocument(sheet)
    text = doc[0].get_textpage()
    w, h = (v / 72 * 25.4 for v in doc[0].get_size())
    for i in range(text.count_chars()):
        left, bottom, right, top = (v / 72 * 25.4 for v in text.get_charbox(i))
        if text.get_text_range(i, 1).strip():
            assert min(left, bottom, w - right, h - top) >= 5.0 - 0.05  # SAFE_EDGE
    assert NUMBER_AT - 1.0 > TICKS  # the numbers clear of the deepest tick


def test_the_bars_across_and_down_are_100_mm(sheet: Path) -> None:
    """Measured between the ticks at each bar's ends, which stand out beyond the bar."""
    ink = dark(sheet, 0)
    x0, y0 = 55 * PX, 108 * PX  # where the bars start
    across = np.flatnonzero(ink[y0 - 4, x0 - 10 : x0 + 1020])
    assert abs((across[-1] - across[0]) / PX - 100.0) <= 0.2, across
    down = np.flatnonzero(ink[y0 - 10 : y0 + 1015, x0 - 5])
    assert abs((down[-1] - down[0]) / PX - 100.0) <= 0.2, down


def test_no_word_on_the_sheet_is_under_6_pt(sheet: Path) -> None:
    doc = pdfium.PdfDocument(sheet)
    for page in doc:
        text = page.get_textpage()
        sizes = {
            round(pdfium_c.FPDFText_GetFontSize(text.raw, i), 1)
            for i in range(text.count_chars())
            if text.get_text_range(i, 1).strip()
        }
        # the PDF draws in millimetres (its matrix scales them to points): sizes are in mm
        assert min(sizes) * 72 / 25.4 >= 6.0, sorted(sizes)


def test_a_printer_profile_round_trips_and_build_applies_it_as_its_flags(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Offset and flip are what the flags would give, margins that every printer prints
    (5 mm) change nothing."""
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    saved = sheetgen("printer", "Office", "--offset", "0.5,-0.3", "--margins", "4,4,5,4", env=env)
    assert saved.code == 0, saved.err
    path = tmp_path / "config" / "sheetgen" / "printers" / "office.toml"
    assert path.is_file()
    again = sheetgen("printer", "office", "--flip", "short", env=env)  # the rest kept
    assert again.code == 0, again.err
    monkeypatch.setenv("XDG_CONFIG_HOME", env["XDG_CONFIG_HOME"])
    assert load("office") == Printer("office", (0.5, -0.3), "short", (4, 4, 5, 4))
    listed = sheetgen("printer", env=env)
    assert listed.out.startswith("office: --offset 0.5,-0.3 --flip short, margins 4,4,5,4 mm")
    args = ("build", "scribbly-gum/tiles", "-f", "pdf", "-q")
    by_name = sheetgen(*args, "--printer", "office", "--out", str(tmp_path / "a"), env=env)
    by_flags = sheetgen(
        *args, "--offset", "0.5,-0.3", "--flip", "short", "--out", str(tmp_path / "b"), env=env
    )
    assert by_name.code == by_flags.code == 0, (by_name.err, by_flags.err)
    a, b = (tmp_path / d / "scribbly-gum-tiles.pdf" for d in "ab")
    assert a.read_bytes() == b.read_bytes()


def _edge_ink(pdf: Path) -> float:
    """The least distance in mm from any page's ink to its paper's edge."""
    least = float("inf")
    for page in range(len(pdfium.PdfDocument(pdf))):
        ink = dark(pdf, page) | (np.asarray(_colour(pdf, page)).min(axis=2) < 200)
        rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
        h, w = ink.shape
        least = min(least, rows[0] / PX, cols[0] / PX, (h - 1 - rows[-1]) / PX)
        least = min(least, (w - 1 - cols[-1]) / PX)
    return least


def _colour(pdf: Path, page: int) -> object:
    return pdfium.PdfDocument(pdf)[page].render(scale=SCALE).to_pil().convert("RGB")


def _bar(pdf: Path, page: int, name: str) -> float:
    """The length in mm of the ruler bar labelled `name` ('100 mm'), measured in the pixels
    to the left of its label."""
    text = pdfium.PdfDocument(pdf)[page].get_textpage()
    at = text.search(name).get_next()
    assert at is not None, name
    box = text.get_charbox(at[0])
    ink = dark(pdf, page)
    label_x = box[0] / 72 * 25.4
    mid = ink.shape[0] - round((box[1] + box[3]) / 2 / 72 * 25.4 * PX)
    start = round((label_x - 1.1 * float(name.split()[0]) - 3) * PX)
    rows = ink[mid - 15 : mid + 15, start : round((label_x - 0.8) * PX)]
    cols = np.flatnonzero(rows.any(axis=0))
    return float((cols[-1] - cols[0]) / PX)


@pytest.mark.parametrize(
    ("margins", "bars"), [("4,4,9,4", "100"), pytest.param("10", "98,97", marks=pytest.mark.slow)]
)
def test_a_printer_that_prints_less_of_the_paper_and_short_gets_it_all_printed_true(
    tmp_path: Path, margins: str, bars: str
) -> None:
    """A printer that cannot print within 9 (or 10) mm of an edge gets no ink there, crop
    marks and footer included; one whose 100 mm bars print 98 mm across and 97 mm down gets
    pages that the printer brings back to true size: the ruler across measures 100 / 0.98."""
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    saved = sheetgen("printer", "home", "--margins", margins, "--scale", bars, env=env)
    assert saved.code == 0, saved.err
    run = sheetgen(
        "build", "scrumpit/tiles", "-f", "pdf", "--printer", "home", "--out", str(tmp_path),
        env=env,
    )  # fmt: skip
    assert run.code == 0, run.err
    pdf = tmp_path / "scrumpit-tiles.pdf"
    widest = max(float(m) for m in margins.split(","))
    assert _edge_ink(pdf) >= widest - 0.15
    assert f"kept {widest:g} mm from the paper's edges" in run.err
    across = float(bars.split(",")[0])
    assert abs(_bar(pdf, 0, "100 mm") - 100 * 100 / across) <= 0.3
    if across != 100:
        assert "every page printed at 102.04% across and 103.09% down" in run.err
    refused = sheetgen("build", "scrumpit/tiles", "--printer", "home", "--colour", "cmyk", env=env)
    assert refused.code != 0 and refused.err.count("\n") == 1
    assert "leave out --printer" in refused.err


@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_backs_triangle_shows_in_the_fronts_box_only_when_turned_as_asked(
    flip: str, tmp_path: Path
) -> None:
    """Seen through the sheet, the back is the mirror image of its page: left to right turned
    over the long edge of a portrait sheet, top to bottom over the short one. The red triangle
    must then fall inside the front's box, and the wrong turn must not put it there."""
    done = sheetgen("calibrate", "--flip", flip, "--out", str(tmp_path))
    assert done.code == 0, done.err
    name = "calibration-a4.pdf" if flip == "long" else "calibration-a4-short.pdf"
    assert done.out.startswith(f"wrote {tmp_path / name}")
    assert ("--flip short" in done.out) == (flip == "short")
    pdf = tmp_path / name
    doc = pdfium.PdfDocument(pdf)
    rgb = np.asarray(doc[1].render(scale=SCALE).to_pil().convert("RGB")).astype(int)
    red = (rgb[..., 0] > 150) & (rgb[..., 1] < 90) & (rgb[..., 2] < 90)
    front = dark(pdf, 0)

    def inside_box(mask: np.ndarray) -> bool:
        """Whether the filled red shape in `mask` (the triangle, the largest blob of red
        beyond the thin lines) has box lines of the front all round it."""
        solid = mask.copy()
        for axis in (0, 1):
            solid &= np.roll(mask, 3, axis=axis) & np.roll(mask, -3, axis=axis)
        ys, xs = np.nonzero(solid)
        y, x = int(ys.mean()), int(xs.mean())
        reach = 12 * PX
        sides = [
            front[y, x : x + reach],
            front[y, max(0, x - reach) : x][::-1],
            front[y : y + reach, x],
            front[max(0, y - reach) : y, x][::-1],
        ]
        return all(side.any() for side in sides) and not front[y - 5 : y + 5, x].any()

    right = red[:, ::-1] if flip == "long" else red[::-1, :]
    wrong = red[::-1, :] if flip == "long" else red[:, ::-1]
    assert inside_box(right)
    assert not inside_box(wrong)


def test_a_paper_too_small_for_the_sheet_is_refused(tmp_path: Path) -> None:
    done = sheetgen("calibrate", "--paper", "4x6in", "--out", str(tmp_path))
    assert done.code != 0 and done.err.count("\n") == 1
    assert "A4, Letter or larger" in done.err
    assert not any(tmp_path.iterdir())


def test_an_unknown_printer_is_refused_naming_the_known_ones(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    none = sheetgen("build", "scribbly-gum/tiles", "--printer", "laser", env=env)
    assert none.code != 0
    assert none.err.count("\n") == 1 and "none is saved yet" in none.err
    assert sheetgen("printer", "home", "--offset", "1,1", env=env).code == 0
    assert sheetgen("printer", "work", env=env).code == 0
    refused = sheetgen("build", "scribbly-gum/tiles", "--printer", "laser", env=env)
    assert refused.code != 0 and refused.err.count("\n") == 1
    assert "no such printer profile" in refused.err and "known: home, work" in refused.err
    bad = sheetgen("printer", "../etc", env=env)
    assert bad.code != 0 and "letters, digits" in bad.err


# fold pages with no room under the pieces for even the short ruler (the pieces fill the half
# page's height: Marram's tiles on A4, a full page of Scribbly Gum's on Letter) carry it
# upright beside the fold; its length is read back in test_ruler_everywhere
UPRIGHT: dict[tuple[str, str], str | set[int]] = {
    ("marram/classic", "A4"): "all",
    ("scribbly-gum/tiles", "Letter"): {1, 2},
}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("layout", ["custom/poker", "marram/classic", "scribbly-gum/tiles"])
def test_every_fold_page_with_room_carries_a_ruler_of_its_length(
    layout: str, paper: str, tmp_path: Path
) -> None:
    done = sheetgen(
        "build", layout, "--fold", "--paper", paper, "-f", "pdf", "-q", "--out", str(tmp_path)
    )
    assert done.code == 0, done.err
    (pdf,) = [p for p in tmp_path.glob("*.pdf") if "tiles" in p.name or "pieces" in p.name]
    doc = pdfium.PdfDocument(pdf)
    upright = UPRIGHT.get((layout, paper), set())
    for number in range(1, len(doc) + 1):
        text = doc[number - 1].get_textpage()
        words = text.get_text_range()
        if upright == "all" or number in upright:
            assert ("50 mm" in words) != ("100 mm" in words)  # one bar, labelled
            assert "2 in" not in words and "4 in" not in words  # and no inch bar beside it
            continue
        name = "50 mm" if "50 mm" in words else "100 mm"
        assert name in words, (layout, paper, number)
        found = text.search(name)
        at = found.get_next()
        assert at is not None
        box = text.get_charbox(at[0])
        ink = dark(pdf, number - 1)
        height = ink.shape[0]
        label_x = box[0] / 72 * 25.4
        mid = height - round((box[1] + box[3]) / 2 / 72 * 25.4 * PX)
        start = round((label_x - (float(name.split()[0]) + 3)) * PX)  # clear of crop marks
        rows = ink[mid - 15 : mid + 15, start : round((label_x - 0.8) * PX)]
        cols = np.flatnonzero(rows.any(axis=0))
        length = (cols[-1] - cols[0]) / PX
        assert abs(length - float(name.split()[0])) <= 0.3, (layout, paper, number, length)


def test_a_printers_flip_left_out_of_a_pad_that_turns_its_own_sides_is_said(
    tmp_path: Path,
) -> None:
    """Scribbly Gum's pad prints both sides as its game lays them out, taking no --flip: a
    printer that turns sheets over the short edge must not leave it silently unapplied."""
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    assert sheetgen("printer", "short", "--flip", "short", "--offset", "1,1", env=env).code == 0
    run = sheetgen(
        "build", "scribbly-gum/pad", "--printer", "short", "-f", "pdf", "--out", str(tmp_path),
        env=env,
    )  # fmt: skip
    assert run.code == 0, run.err
    notes = [line for line in run.err.splitlines() if "printer short" in line]
    assert len(notes) == 1 and "not applied" in notes[0] and "scribbly-gum/pad" in notes[0]
