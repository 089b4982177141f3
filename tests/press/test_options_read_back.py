"""The press options on the command line (--gap, --margin, --no-ruler, --crop-marks, --bleed,
--fold) and paper in inches, read back from the PDFs and PNGs a build writes: where each piece
sits (its form's place in the PDF), the page and bleed boxes, the ink of marks and fold line in
the pixels. Expected places come from the tile size and bleed in the layout file and the
paper's size, by plain arithmetic."""

from __future__ import annotations

import math
from itertools import pairwise
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions, read_build
from sheetgen.pipeline.build import run_build
from sheetgen.pipeline.document import document_for
from sheetgen.press.plan import PressOptions
from tests.support import sheetgen, tiered
from tests.support.build import DPI, build

MM = 25.4 / 72  # mm a PDF point
PX = DPI / 25.4  # pixels a mm
MARRAM = load("marram/classic").model
SIZE, BLEED = MARRAM.sheet.size, MARRAM.sheet.bleed  # 40 mm tiles with 2 mm bleed


def pieces(page: pdfium.PdfPage, size: float = SIZE) -> list[tuple[float, float]]:
    """The trim corner (x, y from the top-left, mm) of every piece placed on the page: what is
    placed away from the page's corner with ink at least a piece wide and tall. A drawing used
    more than once is a form, placed with its trim's bottom-left corner (PDF space, y up); one
    used once is drawn in place, its paths carrying its placement with y turned down."""
    height = page.get_height()
    found = set()
    for obj in page.get_objects(max_depth=1):
        matrix = obj.get_matrix()
        left, bottom, right, top = obj.get_bounds()
        x, y = matrix.e * MM, (height - matrix.f) * MM
        at_corner = round(x, 2) == 0 and round(y, 2) == round(height * MM, 2)
        if min(top - bottom, right - left) * MM < size or at_corner:  # marks, footer, ruler
            continue
        if obj.type == 5 and matrix.d > 0:
            found.add((round(x, 2), round(y - size, 2)))
        elif obj.type == 2 and matrix.d < 0:
            found.add((round(x, 2), round(y, 2)))
    return sorted(found, key=lambda p: (p[1], p[0]))


def tile_page(pdf: pdfium.PdfDocument) -> int:
    """The first page holding tiles (Marram's alignment test comes first)."""
    return next(i for i in range(len(pdf)) if len(pieces(pdf[i])) > 1)


def size_mm(page: pdfium.PdfPage) -> tuple[float, float]:
    return round(page.get_width() * MM, 2), round(page.get_height() * MM, 2)


def grey(path: Path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("L"), dtype=np.int32)


@pytest.mark.parametrize("gap", [0.0, 4.0, 7.5])
def test_gap_is_the_paper_between_neighbouring_pieces(tmp_path: Path, gap: float) -> None:
    pdf = pdfium.PdfDocument(build(tmp_path, gap=gap) / "marram-classic-tiles.pdf")
    placed = pieces(pdf[tile_page(pdf)])
    xs = sorted({x for x, _ in placed})
    ys = sorted({y for _, y in placed})
    # neighbours' trims are a tile, two bleeds and the gap apart: between their art, the gap
    assert {round(b - a - SIZE - 2 * BLEED, 2) for a, b in pairwise(xs)} == {gap}
    assert {round(b - a - SIZE - 2 * BLEED, 2) for a, b in pairwise(ys)} == {gap}


@pytest.mark.parametrize("margin", [8.0, 20.0, 33.0])
def test_margin_keeps_the_pieces_off_each_edge_and_the_block_centred(
    tmp_path: Path, margin: float
) -> None:
    pdf = pdfium.PdfDocument(build(tmp_path, margin=margin) / "marram-classic-tiles.pdf")
    page = pdf[tile_page(pdf)]
    width = size_mm(page)[0]
    xs = sorted({x for x, _ in pieces(page)})
    cell = SIZE + 2 * BLEED
    assert len(xs) == math.floor((width - 2 * margin) / cell)  # as many columns as fit
    left, right = xs[0] - BLEED, width - (xs[-1] + SIZE + BLEED)
    assert left >= margin and right >= margin and abs(left - right) < 0.02
    assert min(y for _, y in pieces(page)) - BLEED >= margin


@pytest.mark.parametrize("margin", tiered([8.0, 20.0, 33.0], {20.0}))
def test_the_credit_sits_at_the_bottom_margins_inner_edge_clear_of_pieces(
    tmp_path: Path, margin: float
) -> None:
    """The footer's credit lies in the bottom margin, within 4 mm under its inner edge: a
    wider --margin (a printer that prints less of the paper) lifts it with the pieces; at the
    default 8 mm it is 5 mm or more from the edge, where every printer prints. Read from the
    PDF's text as a viewer lays it out (pdfium's character boxes)."""
    pdf = pdfium.PdfDocument(build(tmp_path, margin=margin) / "marram-classic-tiles.pdf")
    page = pdf[tile_page(pdf)]
    height = size_mm(page)[1]
    text = page.get_textpage()
    boxes = [text.get_charbox(i) for i in range(text.count_chars())]
    credit = MARRAM.credit
    start = text.get_text_range().index(credit)
    bottoms = [height - y0 * MM for _, y0, _, _ in boxes[start : start + len(credit)]]
    tops = [height - y1 * MM for _, _, _, y1 in boxes[start : start + len(credit)]]
    lowest, highest = max(bottoms), min(tops)  # mm from the top of the page
    assert height - margin <= highest and lowest <= height - margin + 4.0 + 0.01
    assert lowest <= height - 5.0  # never in the 5 mm no printer prints
    last_row = max(y for _, y in pieces(page)) + SIZE + BLEED
    assert last_row <= highest


def _ink(image: np.ndarray, y_mm: float, x0_mm: float, x1_mm: float) -> float:
    """The darkest pixel of a row `y_mm` between x0 and x1 (mm), as 255 - grey level."""
    row = image[round(y_mm * PX) - 1 : round(y_mm * PX) + 2, round(x0_mm * PX) : round(x1_mm * PX)]
    return float(255 - row.min()) if row.size else 0.0


@pytest.mark.parametrize("style", ["none", "corners", "full"])
def test_crop_mark_styles_read_back_from_the_pixels(tmp_path: Path, style: str) -> None:
    out = build(tmp_path, fmt="pdf,png", margin=20.0, crop_marks=style)
    pdf = pdfium.PdfDocument(out / "marram-classic-tiles.pdf")
    number = tile_page(pdf)
    placed = pieces(pdf[number])
    image = grey(out / f"marram-classic-tiles-p{number + 1}.png")
    left = min(x for x, _ in placed) - BLEED  # the block's left edge (the bleed's)
    top = min(y for _, y in placed)  # the first row's top trim edge
    middle = top + SIZE / 2  # no mark runs along the middle of a tile
    near = _ink(image, top, left - 5.5, left - 1.5)  # where a corner mark lies
    far = _ink(image, top, 6.0, left - 7.0)  # nearer the paper's edge than a corner mark goes
    over = _ink(image, top, left + BLEED + 5, left + BLEED + 10)  # along the trim, over art
    assert left - 7.0 > 6.0  # the margin leaves room to tell the styles apart
    assert _ink(image, middle, 5.0, left - 0.5) < 30  # only paper beside a tile's middle
    if style == "none":
        assert near < 30 and far < 30
    else:
        assert near > 100 and far < 30  # marks stop 6 mm from the block, 5 mm in from the edge
    tile_art = _ink(image, top + 0.8, left + BLEED + 5, left + BLEED + 10)
    if style == "full":
        assert over > tile_art + 60  # a black line across the tile art at the trim
    else:
        assert abs(over - tile_art) < 60


@pytest.mark.parametrize("bleed", [0.0, 1.0, 3.0])
def test_bleed_is_art_beyond_the_trim_on_every_side(tmp_path: Path, bleed: float) -> None:
    out = build(tmp_path, fmt="pdf,png", bleed=bleed, margin=20.0, crop_marks="none")
    pdf = pdfium.PdfDocument(out / "marram-classic-tiles.pdf")
    number = tile_page(pdf)
    page = pdf[number]
    trim, box = page.get_trimbox(), page.get_bleedbox()
    assert [round(abs(a - b) * MM, 2) for a, b in zip(trim, box, strict=True)] == [bleed] * 4
    placed = pieces(page)
    xs = sorted({x for x, _ in placed})
    assert round(xs[1] - xs[0] - SIZE, 2) == 2 * bleed  # the tiles' art meets between trims
    image = grey(out / f"marram-classic-tiles-p{number + 1}.png")
    x, y = placed[0]
    row = image[round((y + SIZE / 2) * PX), : round(x * PX)]  # left of the first tile
    inked = np.nonzero(row < 245)[0]  # the tile's art, read leftwards from its trim edge
    width = (round(x * PX) - inked.min()) / PX if inked.size else 0.0
    assert abs(width - bleed) <= 1.5 / PX


@pytest.mark.parametrize("ref", ["marram/classic", "walkabout/map-1"])
def test_no_ruler_takes_the_calibration_ruler_off_every_page(tmp_path: Path, ref: str) -> None:
    def ruled(folder: Path) -> list[bool]:
        pdf = pdfium.PdfDocument(next(folder.glob("*.pdf")))
        return ["100 mm" in p.get_textpage().get_text_range() for p in pdf]

    assert any(ruled(build(tmp_path / "with", ref)))
    assert not any(ruled(build(tmp_path / "without", ref, ruler=False)))


@pytest.mark.parametrize(
    ("paper", "mm"), [("4x6in", (101.6, 152.4)), ("8.5x11in", (215.9, 279.4)),
                      ("6x4IN", (101.6, 152.4)), ("300x200mm", (200.0, 300.0))],
)  # fmt: skip
def test_paper_in_inches_is_its_size_in_mm(tmp_path: Path, paper: str, mm: tuple) -> None:
    pdf = pdfium.PdfDocument(build(tmp_path, "scrumpit/tiles", paper=paper) / "scrumpit-tiles.pdf")
    assert {tuple(sorted(size_mm(p))) for p in pdf} == {mm}


def test_fold_puts_each_back_behind_its_front_across_the_fold_line(tmp_path: Path) -> None:
    out = build(tmp_path, fmt="pdf,png", fold=True)
    pdf = pdfium.PdfDocument(out / "marram-classic-tiles.pdf")
    tiles = 1 + sum(t.count for t in MARRAM.tiles)  # the starter and the set
    fronts = 0
    for number, page in enumerate(pdf):
        width = size_mm(page)[0]
        fold = width / 2
        placed = pieces(page)
        left = [(x, y) for x, y in placed if x + SIZE <= fold]
        right = {(x, y) for x, y in placed if x >= fold}
        assert len(left) + len(right) == len(placed) and len(left) == len(right)
        # folding along x = fold takes x to 2 fold - x: a back's trim lands on its front's
        assert {(round(2 * fold - x - SIZE, 2), y) for x, y in left} == right
        assert min(x for x, _ in left) - BLEED >= 8.0 and fold - max(x for x, _ in left) >= 8
        fronts += len(left)
        image = grey(out / f"marram-classic-tiles-p{number + 1}.png")
        cols = image.shape[1]
        half = cols // 2
        ink = image < 250  # any colour but the white of the paper
        folded = ink[:, cols - half :][:, ::-1]  # the right half turned over onto the left
        front_ink = ink[:, :half]
        for x, y in left:  # behind each front, the art of a back
            box = np.s_[round(y * PX) + 2 : round((y + SIZE) * PX) - 2,
                        round(x * PX) + 2 : round((x + SIZE) * PX) - 2]  # fmt: skip
            assert front_ink[box].mean() > 0.9 and folded[box].mean() > 0.9
        # and the backs' art, folded, covers the fronts' block to its bleed edges, no more
        bottom = max(y for _, y in left) + SIZE + BLEED
        # (to 1 mm past the block: the upright ruler beside the fold on the back half folds
        # onto the paper cut away beyond it)
        right = max(x for x, _ in left) + SIZE + BLEED + 1.0
        rows, columns = np.nonzero(folded[: round((bottom + 2) * PX), : round(right * PX)])
        edges = [columns.min(), rows.min(), columns.max() + 1, rows.max() + 1]
        block = [min(x for x, _ in left) - BLEED, min(y for _, y in left) - BLEED,
                 max(x for x, _ in left) + SIZE + BLEED, bottom]  # fmt: skip
        assert np.allclose(np.array(edges) / PX, block, atol=1.5 / PX)
        column = image[round(10 * PX) : round(200 * PX), half - 1 : half + 2].min(axis=1)
        assert 0.4 < (column < 128).mean() < 0.8  # the dashed fold line down the middle
    assert fronts == tiles and len(pdf) == math.ceil(tiles / fronts_per_page(pdf))
    assert not any("Duplex" in p.get_textpage().get_text_range() for p in pdf)  # no test page


def fronts_per_page(pdf: pdfium.PdfDocument) -> int:
    return len(pieces(pdf[0])) // 2


def test_fold_places_the_back_of_each_front_behind_it() -> None:
    """Which drawing each folded place holds: the back of the tile in front of it."""
    from sheetgen.options import BuildOptions
    from sheetgen.pipeline.document import document_for
    from sheetgen.press import PressOptions

    document = document_for(load("marram/classic"), BuildOptions(PressOptions(fold=True)))
    assert document.duplex == "simplex"  # the PDF asks for one-sided printing
    for page in document.pages:
        at = {(round(p.transform.e, 6), round(p.transform.f, 6)): p.drawing.title
              for p in page.placements}  # fmt: skip
        fronts = [(xy, t) for xy, t in at.items() if t.endswith(" front")]
        assert fronts
        for (x, y), title in fronts:
            mirrored = (round(page.width - x - SIZE, 6), y)
            assert at[mirrored] == title.removesuffix("front") + "back"


def test_options_some_layouts_do_not_take_are_noted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    request = read_build(
        ("marram/classic", "marram/example-board"), formats="pdf", paper="A4", copies=1,
        out=tmp_path, dpi=DPI, gap=3.0,
    )  # fmt: skip
    run_build(request)
    said = capsys.readouterr()  # a note goes to stderr, beside what was written (stdout)
    assert said.err == "note: --gap: 1 layout built without it: marram/board does not take it\n"


def test_a_build_of_several_layouts_folds_those_it_can_and_says_which_it_cannot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`build --all --fold` once stopped at the first layout with nothing to fold: a one-sided
    set of pieces is built unfolded, in a note, and the two-sided one beside it folded."""
    request = read_build(
        ("marram/classic", "custom/dice-art"), formats="pdf", paper="A4", copies=1,
        out=tmp_path, dpi=DPI, fold=True,
    )  # fmt: skip
    run_build(request)
    said = capsys.readouterr()
    assert "note: --fold: 1 layout built without it (no backs to fold" in said.err
    assert said.err.rstrip().endswith(": custom/dice-art")
    folded = pdfium.PdfDocument(tmp_path / "marram-classic-tiles.pdf")
    assert fronts_per_page(folded) >= 1  # fronts and their backs side by side on a page


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["marram/classic", "--margin", "4"],
         2, "error: --margin 4: use 5 to 50 mm (printers cannot print within 5 mm of the "
            "paper's edge)"),
        (["marram/classic", "--margin", "6"],
         2, "error: --margin 6: corner crop marks need 7 mm (5 mm no printer reaches, 2 mm for "
            "the mark); use --margin 7 or more, or --crop-marks full or none"),
        (["marram/classic", "--gap", "31"], 2, "error: --gap 31: use 0 to 30 mm"),
        (["marram/classic", "--bleed", "-1"], 2, "error: --bleed -1: use 0 to 5 mm"),
        (["marram/classic", "--crop-marks", "dots"], 2, "error: --crop-marks 'dots': use none,"),
        (["marram/classic", "--fold", "--flip", "short"], 2, "error: --fold prints fronts and"),
        (["scrumpit/tiles", "--fold"],
         2, "error: --fold works with custom/pieces, marram/tiles, scribbly-gum/pad, "
            "scribbly-gum/tiles, "
            "scribbly-gum/tree layouts only"),
        (["scribbly-gum/kuringgai", "--fold"],
         1, "error: --fold: scribbly-gum/kuringgai prints no backs to fold behind its fronts"),
        (["scribbly-gum/pad", "--fold"],
         1, "error: --fold: a 194 × 248 mm piece (plus 0 mm bleed) does not fit twice, front "
            "beside back, on A4"),
        (["scrumpit/standard", "--crop-marks", "corners"],
         2, "error: --crop-marks corners: a picture tiled over pages is cut at its ⊕ marks"),
        (["marram/art", "--margin", "10"],
         2, "error: --margin works with every kind of layout but marram/art, "
            "scribbly-gum/digital"),
        (["scribbly-gum/digital", "--crop-marks", "full"],
         2, "error: --crop-marks works with every kind of layout but marram/art, "
            "scribbly-gum/digital"),
        (["scrumpit/scorepad", "--bleed", "2"],
         2, "error: --bleed: scrumpit/scorepad prints sheets used whole, and a sheet used whole "
            "is not cut, so it takes no bleed; --bleed works with custom/pieces, marram/board, "
            "marram/tiles, scribbly-gum/tiles, scrumpit/board, scrumpit/tiles, walkabout/dice, "
            "walkabout/mat layouts only"),
        (["marram/art", "--bleed", "2"],
         2, "error: --bleed: marram/art makes images, not printed pages; --bleed works with "),
    ],
)  # fmt: skip
def test_press_options_refused_in_one_line_and_nothing_written(
    tmp_path: Path, args: list[str], code: int, message: str
) -> None:
    run = sheetgen("build", *args, "--out", str(tmp_path), "-f", "pdf")
    assert run.code == code
    assert run.err.startswith(message) and run.err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("style", ["corners", "full", "none"])
def test_walkabout_dice_faces_take_the_press_bleed_and_crop_marks(style: str) -> None:
    """The dice faces are pieces the press cuts: --bleed sets the die colour beyond every
    face's cut, --crop-marks the guides (corners by default, as every set of pieces)."""
    press = PressOptions(bleed=3.0, crop_marks=style)  # type: ignore[arg-type]
    doc = document_for(load("walkabout/dice"), BuildOptions(press))
    (page,) = doc.pages
    faces = [p.drawing for p in page.placements if " die face " in p.drawing.title]
    assert len(faces) == 18 and {f.bleed for f in faces} == {3.0}
    marks = [p for p in page.placements if p.drawing.title == "crop marks"]
    assert len(marks) == (0 if style == "none" else 3)  # one set a die's band
    plain = document_for(load("walkabout/dice"), BuildOptions())
    (page,) = plain.pages
    assert {p.drawing.bleed for p in page.placements if " die face " in p.drawing.title} == {2.0}
    assert sum(p.drawing.title == "crop marks" for p in page.placements) == 3
