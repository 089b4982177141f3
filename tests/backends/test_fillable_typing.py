"""What a player types into a fillable sheet's small boxes (Scribe's cells and winner boxes, the
score circles and boxes of Scribbly Gum and Walkabout) sits in the middle of the box, in
pdfium (typed as a player types, then drawn; Chrome's engine) and in poppler (drawing pdfium's
result, and laying the text out itself); Scribe's '+' and 'O' read the same size; and a typed
'/' after a mark strikes it through, the rulebook's slashed move ("drawing a diagonal line
through it")."""

from __future__ import annotations

import io
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy
import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image
from pypdf import PdfReader

from sheetgen.backends.pdf import render_pdf
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from tests.support import tiered

DPI = 300
PX = DPI / 25.4  # pixels a millimetre
MM = 25.4 / 72  # millimetres a point
PEN = (31, 58, 147)  # typed text's pen blue, #1f3a93
CENTRED = 0.25  # mm: how far typed ink's middle may sit from its box's


@cache
def fillable(ref: str) -> bytes:
    return render_pdf(document_for(load(ref), BuildOptions()), fillable=True)


@dataclass(frozen=True)
class Box:
    """A text field on page 1: its full name and rectangle (page mm, y down)."""

    name: str
    x1: float
    y1: float
    x2: float
    y2: float
    centred: bool  # /Q 1
    limit: int  # /MaxLen, or 0

    @property
    def middle(self) -> tuple[float, float]:
        return (self.x1 + self.x2) / 2, (self.y1 + self.y2) / 2


def text_boxes(data: bytes) -> dict[str, Box]:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        height = float(pdf.pages[0].MediaBox[3])
        out = {}
        for annot in pdf.pages[0].get("/Annots", []):
            parent = annot.get("/Parent")
            if (annot.get("/FT") or parent.get("/FT")) != "/Tx":
                continue
            name = f"{parent.T}.{annot.T}"
            q = annot.get("/Q", parent.get("/Q", 0))
            limit = int(annot.get("/MaxLen", parent.get("/MaxLen", 0)))
            x1, y1, x2, y2 = (float(v) for v in annot.Rect)
            top, bottom = (height - y2) * MM, (height - y1) * MM
            out[name] = Box(name, x1 * MM, top, x2 * MM, bottom, q == 1, limit)
    return out


def typed_in_pdfium(data: bytes, values: dict[str, str]) -> tuple[Image.Image, bytes]:
    """Click each box and type its value, as a player does in Chrome; the page drawn, and the
    document saved with the appearances pdfium made."""
    boxes = text_boxes(data)
    doc = pdfium.PdfDocument(data)
    doc.init_forms()
    page, form = doc[0], doc.formenv
    for name, text in values.items():
        x, y = boxes[name].middle
        at = (x / MM, float(page.get_height()) - y / MM)
        pdfium_c.FORM_OnLButtonDown(form, page, 0, *at)
        pdfium_c.FORM_OnLButtonUp(form, page, 0, *at)
        for char in text:
            pdfium_c.FORM_OnChar(form, page, ord(char), 0)
        pdfium_c.FORM_ForceToKillFocus(form)
    image = page.render(scale=DPI / 72, may_draw_forms=True).to_pil().convert("RGB")
    out = io.BytesIO()
    doc.save(out)
    return image, out.getvalue()


def poppler(data: bytes, tmp: Path) -> Image.Image:
    (tmp / "t.pdf").write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-f", "1", "-l", "1", "-png", "-singlefile",
         str(tmp / "t.pdf"), str(tmp / "t")],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return Image.open(tmp / "t.png").convert("RGB")


def filled_for_poppler(data: bytes, values: dict[str, str]) -> bytes:
    """The values set as a filling script sets them (/V, and NeedAppearances so the viewer
    lays each out itself)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for annot in pdf.pages[0].Annots:
            name = f"{annot.Parent.T}.{annot.T}"
            if name in values:
                annot.V = pikepdf.String(values[name])
        pdf.Root.AcroForm.NeedAppearances = True
        out = io.BytesIO()
        pdf.save(out)
    return out.getvalue()


def renders(data: bytes, values: dict[str, str], tmp: Path) -> dict[str, Image.Image]:
    """The typed page as pdfium draws it, as poppler draws pdfium's result, and as poppler lays
    the same values out itself."""
    typed, saved = typed_in_pdfium(data, values)
    return {
        "pdfium": typed,
        "poppler (pdfium's appearance)": poppler(saved, tmp),
        "poppler (its own layout)": poppler(filled_for_poppler(data, values), tmp),
    }


@dataclass(frozen=True)
class Ink:
    """Pen ink around a box: its extent (mm) and its middle's offset from the box's (mm, right
    and down)."""

    w: float
    h: float
    dx: float
    dy: float


def ink(image: Image.Image, box: Box, margin: float = 0.3) -> Ink | None:
    """The bounding box of the pen-blue pixels within `margin` mm of `box`."""
    crop = (
        round((box.x1 - margin) * PX),
        round((box.y1 - margin) * PX),
        round((box.x2 + margin) * PX),
        round((box.y2 + margin) * PX),
    )
    pixels = numpy.asarray(image.crop(crop), dtype=int)
    mask = Image.fromarray((numpy.abs(pixels - PEN).sum(axis=2) < 90).astype(numpy.uint8) * 255)
    found = mask.getbbox()
    if found is None:
        return None
    left, top, right, bottom = found
    mx, my = box.middle
    return Ink(
        (right - left) / PX,
        (bottom - top) / PX,
        (crop[0] + (left + right) / 2) / PX - mx,
        (crop[1] + (top + bottom) / 2) / PX - my,
    )


def inked_at(image: Image.Image, x: float, y: float) -> bool:
    """Whether the pixel at page mm (x, y), or one next to it, is pen blue."""
    i, j = round(x * PX), round(y * PX)
    return any(
        sum(abs(a - b) for a, b in zip(image.getpixel((i + di, j + dj)), PEN, strict=True)) < 150  # type: ignore[arg-type]
        for di in (-1, 0, 1)
        for dj in (-1, 0, 1)
    )


@pytest.mark.parametrize(
    "ref",
    tiered(
        ["scribe/standard", "scribe/pad", "scribbly-gum/kuringgai", "walkabout/map-1"],
        {"scribe/standard", "walkabout/map-1"},  # the pad's boxes are the standard sheet's
    ),
)
def test_what_is_typed_in_a_small_box_sits_in_its_middle(ref: str, tmp_path: Path) -> None:
    """Every centred box on the sheet (one with /Q 1: cells, winner boxes, score circles and
    boxes) gets a mark or a number; its ink's middle is within 0.25 mm of the box's, across
    and up and down."""
    data = fillable(ref)
    boxes = [b for b in text_boxes(data).values() if b.centred]
    assert len(boxes) >= 8
    samples = ["O", "+", "7", "42", "+/"] if ref.startswith("scribe") else ["7", "42", "8", "105"]
    values = {b.name: samples[i % len(samples)][: b.limit or None] for i, b in enumerate(boxes)}
    if ref.startswith("scribe"):  # the 'won' tallies hold a number, the rest a mark
        values = {n: ("5" if ".won_" in n else v if not v.isdigit() else "O")
                  for n, v in values.items()}  # fmt: skip
    off = []
    for viewer, image in renders(data, values, tmp_path).items():
        for box in boxes:
            found = ink(image, box)
            assert found is not None, f"{viewer}: nothing shows in {box.name}"
            if max(abs(found.dx), abs(found.dy)) > CENTRED:
                off.append(
                    f"{viewer} {box.name} {values[box.name]!r}: {found.dx:+.2f}, {found.dy:+.2f}"
                )
    assert not off, f"{len(off)} typed values off their box's middle (mm right, down): {off[:6]}"


def test_scribe_marks_read_the_same_size_and_a_slash_strikes_one_through(tmp_path: Path) -> None:
    data = fillable("scribe/standard")
    boxes = text_boxes(data)
    values = {
        "p1s1.cell_A1": "+",
        "p1s1.cell_B1": "O",
        "p1s1.cell_C1": "+/",
        "p1s1.cell_A2": "O/",
        "p1s1.cell_B2": "o",  # the second player's mark typed in lower case
        "p1s1.winner_1": "+",
        "p1s1.winner_2": "O",
    }
    for viewer, image in renders(data, values, tmp_path).items():
        found = {name: ink(image, boxes[name]) for name in values}
        marks = {name: i for name, i in found.items() if i is not None}
        assert len(marks) == len(values), (viewer, found)
        plus, o = marks["p1s1.cell_A1"], marks["p1s1.cell_B1"]
        cell = boxes["p1s1.cell_A1"].y2 - boxes["p1s1.cell_A1"].y1
        # one size: '+' and 'O' (and a lower-case 'o') within 5 % of each other both ways
        for other in (o, marks["p1s1.cell_B2"]):
            assert abs(plus.w - other.w) <= 0.05 * o.w and abs(plus.h - other.h) <= 0.05 * o.h
        small_plus, small_o = marks["p1s1.winner_1"], marks["p1s1.winner_2"]
        assert abs(small_plus.h - small_o.h) <= 0.1 * small_o.h, viewer
        assert 0.5 <= o.h / cell <= 0.7, (viewer, o.h, cell)  # a mark that fills its cell
        # the slash: ink on the cell's diagonal beyond the mark's own box, bottom left and top
        # right, where neither an unslashed mark nor the printed sheet has any
        for slashed, plain in (("p1s1.cell_C1", "p1s1.cell_A1"), ("p1s1.cell_A2", "p1s1.cell_B1")):
            for name, should in ((slashed, True), (plain, False)):
                mx, my = boxes[name].middle
                reach = 0.55 * o.h  # just past the mark's edge (half its height)
                for sign in (-1, 1):  # bottom left, top right
                    at = (mx + sign * reach, my - sign * reach)
                    assert inked_at(image, *at) is should, (viewer, name, sign)
            slash = marks[slashed]
            assert slash.w > 1.15 * o.w and slash.h > 1.15 * o.h, (viewer, slash)
            assert max(abs(slash.dx), abs(slash.dy)) <= CENTRED, (viewer, slash)
    _, saved = typed_in_pdfium(data, values)
    read = PdfReader(io.BytesIO(saved)).get_fields() or {}
    assert read["p1s1.cell_C1"].get("/V") == "+/" and read["p1s1.cell_A2"].get("/V") == "O/"


def test_a_solo_walkabout_total_keeps_its_half_point(tmp_path: Path) -> None:
    """The rulebook's solo game scores half points ("Don't round off; half points are okay";
    its example totals 37½): every sum box takes "37.5" whole, and '½' typed shows as a glyph,
    wider than the digits alone."""
    data = fillable("walkabout/map-1")
    sums = [b for b in text_boxes(data).values() if ".score_" in b.name]
    assert len(sums) == 4
    assert all(b.limit >= len("37.5") for b in sums), [(b.name, b.limit) for b in sums]
    total = next(b for b in sums if b.name.endswith("score_total"))
    widths = {}
    for typed in ("37", "37½", "37.5"):
        image, saved = typed_in_pdfium(data, {total.name: typed})
        with pikepdf.open(io.BytesIO(saved)) as pdf:
            kept = next(str(a.V) for a in pdf.pages[0].Annots if str(a.get("/T")) == "score_total")
        assert kept == typed
        found = ink(image, total)
        assert found is not None, typed
        widths[typed] = found.w
    assert widths["37½"] > widths["37"] + 0.8, widths  # the ½ drew, about a digit wide
