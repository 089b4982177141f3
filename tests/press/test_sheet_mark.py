"""The sheet mark on pages players write on, seen as a reader sees it: the QR code decoded by
zxing-cpp (not the segno that wrote it) from a 150 dpi render, the fiducials found in its
pixels, both clear of every form field, of the paper's edge and of the cuts."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
import zxingcpp

from tests.support import sheetgen

DPI = 150
PX = DPI / 25.4  # pixels a mm
SAFE = 5.0  # mm: no printer prints nearer the paper's edge (docs/building.md)
CUT = 3.0  # mm: nothing that matters nearer a cut (the house standard)
PLAYED = (
    "scribe/standard",
    "scribe/pad",
    "scribbly-gum/pad",
    "scrumpit/scorepad",
    "walkabout/map-1",
)
CASES = [(ref, paper) for ref in PLAYED for paper in ("A4", "Letter")]


def _tiered(default: set[tuple[str, str]]) -> list[object]:
    """The cases, those in `default` in the default tier and the rest in the slow tier."""
    return [c if c in default else pytest.param(*c, marks=pytest.mark.slow) for c in CASES]


NO_ROOM = {("scribe/pad", "Letter")}  # two sheets fill the page: the build says so


def _built(tmp: Path, ref: str, paper: str, *more: str) -> Path:
    """The layout's PDF (its fields' boxes too where `more` asks for --fillable)."""
    run = sheetgen("build", ref, "-f", "pdf", "--paper", paper, "--out", str(tmp), "-q", *more)
    assert run.code == 0, run.err
    (pdf,) = tmp.glob("*.pdf")
    return pdf


def _widgets(pdf: Path, index: int) -> tuple[list[tuple[float, float, float, float]], float]:
    """Every field's box on a page, in mm from the top left (read with pikepdf), and the
    page's height."""
    with pikepdf.open(pdf) as doc:
        page = doc.pages[index]
        height = float(page.mediabox[3]) / 72 * 25.4
        boxes = []
        for annot in page.get("/Annots", []):
            x1, y1, x2, y2 = (float(v) / 72 * 25.4 for v in annot.Rect)
            boxes.append((x1, height - y2, x2, height - y1))
    return boxes, height


def _render(pdf: Path, index: int) -> np.ndarray:
    page = pdfium.PdfDocument(pdf)[index]
    return np.asarray(page.render(scale=DPI / 72).to_pil().convert("L"))


def _component(dark: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """The dark pixels joined to `start` (side by side), as (row, column) pairs."""
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if (
                0 <= n[0] < dark.shape[0]
                and 0 <= n[1] < dark.shape[1]
                and dark[n]
                and n not in seen
            ):
                seen.add(n)
                todo.append(n)
    return np.array(sorted(seen))


def _apart(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize(
    ("ref", "paper"), _tiered({("scribe/standard", "Letter"), ("scrumpit/scorepad", "A4")})
)
def test_the_qr_code_reads_and_stays_clear(tmp_path: Path, ref: str, paper: str) -> None:
    pdf = _built(tmp_path, ref, paper)
    pixels = _render(pdf, 0)
    found = zxingcpp.read_barcodes(pixels)
    if (ref, paper) in NO_ROOM:
        assert not found
        return
    assert len(found) == 1
    words = found[0].text.split(" ")
    assert words[:4] == ["SG1", ref.upper(), "1", "1"]
    with pikepdf.open(pdf) as doc:
        assert f"SG1 {ref} {words[4].lower()}" in str(doc.docinfo.Keywords)
    pos = found[0].position
    xs = [p.x / PX for p in (pos.top_left, pos.top_right, pos.bottom_left, pos.bottom_right)]
    ys = [p.y / PX for p in (pos.top_left, pos.top_right, pos.bottom_left, pos.bottom_right)]
    box = (min(xs), min(ys), max(xs), max(ys))
    fields, height = _widgets(_built(tmp_path / "fields", ref, paper, "--fillable"), 0)
    width = pixels.shape[1] / PX
    assert box[0] >= SAFE and box[1] >= SAFE and box[2] <= width - SAFE and box[3] <= height - SAFE
    assert all(_apart(box, field) for field in fields)
    assert box[2] - box[0] <= 16.0  # small: a thumbnail's corner, not a spoilt page


@pytest.mark.parametrize(
    ("ref", "paper"), _tiered({("scribe/pad", "A4"), ("scribbly-gum/pad", "Letter")})
)
def test_fiducials_in_the_printable_corners(tmp_path: Path, ref: str, paper: str) -> None:
    pdf = _built(tmp_path, ref, paper)
    pixels = _render(pdf, 0)
    if (ref, paper) in NO_ROOM:
        return
    fields, _ = _widgets(_built(tmp_path / "fields", ref, paper, "--fillable"), 0)
    h, w = pixels.shape
    reach = int(12 * PX)  # look within 12 mm of each corner
    for left in (True, False):
        for top in (True, False):
            xs = slice(0, reach) if left else slice(w - reach, w)
            ys = slice(0, reach) if top else slice(h - reach, h)
            region = pixels[ys, xs] < 100
            dark = np.argwhere(region)
            assert dark.size, (
                f"no fiducial at the {'top' if top else 'bottom'} {'left' if left else 'right'}"
            )
            corner = np.array((0 if top else reach, 0 if left else reach))
            start = dark[np.abs(dark - corner).sum(1).argmin()]
            square = _component(region, (int(start[0]), int(start[1])))
            offset = np.array((ys.start, xs.start))
            y0, x0 = square.min(0) + offset
            y1, x1 = square.max(0) + 1 + offset
            side = ((x1 - x0) / PX, (y1 - y0) / PX)
            assert all(1.8 <= s <= 3.2 for s in side), side  # one small square
            ring = pixels[max(0, y0 - 2) : y1 + 2, max(0, x0 - 2) : x1 + 2]
            assert (ring < 100).sum() == (pixels[y0:y1, x0:x1] < 100).sum()  # paper all round it
            box = (x0 / PX, y0 / PX, x1 / PX, y1 / PX)
            edge = min(box[0], box[1], w / PX - box[2], h / PX - box[3])
            assert edge >= max(SAFE, CUT) - 0.2  # inside the printable area, clear of the edge
            assert all(_apart(box, field) for field in fields)


def test_each_copy_says_which_it_is_and_reruns_are_identical(tmp_path: Path) -> None:
    pdf = _built(tmp_path / "a", "scribe/standard", "A4", "--copies", "3")
    texts = [zxingcpp.read_barcodes(_render(pdf, i))[0].text.split(" ")[2:4] for i in range(3)]
    assert texts == [["1", "1"], ["2", "2"], ["3", "3"]]
    again = _built(tmp_path / "b", "scribe/standard", "A4", "--copies", "3")
    assert pdf.read_bytes() == again.read_bytes()


def test_no_sheet_mark_leaves_it_out(tmp_path: Path) -> None:
    pdf = _built(tmp_path, "scribe/standard", "A4", "--no-sheet-mark")
    assert not zxingcpp.read_barcodes(_render(pdf, 0))
    with pikepdf.open(pdf) as doc:
        assert "SG1" not in str(doc.docinfo.get("/Keywords", ""))
    run = sheetgen(
        "build", "marram/classic", "--no-sheet-mark", "-f", "pdf", "--out", str(tmp_path)
    )
    assert run.code != 0 and "--no-sheet-mark works with" in run.err


def test_marked_copies_share_their_sheet_and_cost_little() -> None:
    """Each copy of a pad carries its own mark, so its page is its own; but the sheet's
    artwork is stored once (every page calls the same form), a page beyond the first costs
    under 600 bytes, and an image build still writes one file a sheet, not one a copy."""
    from sheetgen.backends import image_pages
    from sheetgen.backends.pdf import render_pdf
    from sheetgen.layouts.read import load
    from sheetgen.options import BuildOptions
    from sheetgen.pipeline.document import document_for

    def pad(copies: int) -> bytes:
        doc = document_for(load("scribe/standard"), BuildOptions(copies=copies))
        assert len(image_pages(doc)) == 1
        return render_pdf(doc)

    small, large = pad(100), pad(250)
    assert (len(large) - len(small)) / 150 <= 600
    with pikepdf.open(io.BytesIO(large)) as pdf:
        forms = [
            {o.objgen for o in page.Resources.XObject.values() if o.Subtype == "/Form"}
            for page in pdf.pages
        ]
        shared = set.intersection(*forms)
        assert shared  # the sheet's form, on every page
        big = max(shared, key=lambda g: len(pdf.get_object(g).read_raw_bytes()))
        assert len(pdf.get_object(big).read_raw_bytes()) > 5000  # the artwork, not a mark


def test_on_a_page_of_two_sheets_the_mark_keeps_3_mm_from_every_cut(tmp_path: Path) -> None:
    """scribe/pad prints two sheets 124 x 187.5 mm (its layout file) 12 mm apart (the pad's
    gap) on a landscape A4 page, inside the page's trim box: each sheet's cut is 3 mm or more
    from any ink of the mark."""
    pdf = _built(tmp_path, "scribe/pad", "A4")
    with pikepdf.open(pdf) as doc:
        page = doc.pages[0]
        height = float(page.mediabox[3]) * 25.4 / 72
        x1, _, _, y2 = (float(v) * 25.4 / 72 for v in page.TrimBox)
    left, top = x1, height - y2
    sheets = [(left + dx, top, left + dx + 124.0, top + 187.5) for dx in (0.0, 136.0)]
    pixels = _render(pdf, 0)
    (code,) = zxingcpp.read_barcodes(pixels)
    corners = (code.position.top_left, code.position.bottom_right)
    qr = (corners[0].x / PX, corners[0].y / PX, corners[1].x / PX, corners[1].y / PX)
    for sheet in sheets:
        grown = (sheet[0] - CUT, sheet[1] - CUT, sheet[2] + CUT, sheet[3] + CUT)
        assert _apart(qr, grown), (qr, sheet)
        # the fiducials: the dark pixels within 9 mm of the paper's corners
        h, w = pixels.shape
        reach = int(9 * PX)
        for ys in (slice(0, reach), slice(h - reach, h)):
            for xs in (slice(0, reach), slice(w - reach, w)):
                dark = np.argwhere(pixels[ys, xs] < 100) + np.array((ys.start, xs.start))
                box = (dark[:, 1].min() / PX, dark[:, 0].min() / PX)
                box += (dark[:, 1].max() / PX, dark[:, 0].max() / PX)
                assert _apart(box, grown), (box, sheet)


def test_a_page_without_room_is_said(tmp_path: Path) -> None:
    """Two Scribe pad sheets fill a US Letter page to within 10 mm of its sides: no QR code
    fits clear of their cuts, and the build says so rather than crowding them."""
    run = sheetgen("build", "scribe/pad", "--paper", "Letter", "-f", "pdf", "--out", str(tmp_path))
    assert run.code == 0, run.err
    assert "1 page had no room for the sheet mark" in run.out + run.err
    assert not zxingcpp.read_barcodes(_render(next(tmp_path.glob("*.pdf")), 0))


def test_a_fillable_pdf_is_read_by_its_fields_and_carries_no_mark(tmp_path: Path) -> None:
    """Typed in on a screen and read back by its fields and its Keywords, a fillable PDF
    needs no mark: its copies stay one page, as cheap as before the mark (test_fillable)."""
    pdf = _built(tmp_path, "scribe/standard", "A4", "--fillable", "--copies", "3")
    assert not zxingcpp.read_barcodes(_render(pdf, 0))
    with pikepdf.open(pdf) as doc:
        assert "SG1 scribe/standard" in str(doc.docinfo.Keywords)
        contents = {page.obj.Contents.objgen for page in doc.pages}
    assert len(contents) == 1  # the three copies, one page drawn once
