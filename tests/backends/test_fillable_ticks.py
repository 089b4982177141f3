"""Ticking a box of a fillable sheet fills the circle or box printed under it: the ink's middle
within 0.2 mm of the printed shape's middle and at least 85 % of the shape inked, as pdfium
(Chrome's engine, its form layer on) and poppler each draw it — for every tick box of every
built-in sheet that has one. The printed shape is read from the drawing (the filled circle or
box the artwork paints there), not from the form field, so a field that drifts from its
artwork fails."""

from __future__ import annotations

import io
import math
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheetgen.backends.pdf import render_pdf
from sheetgen.draw.document import Document
from sheetgen.draw.shapes import Circle, Field, Rect
from sheetgen.draw.transform import IDENTITY
from sheetgen.draw.walk import leaves
from sheetgen.layouts.read import builtin_layouts, load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from tests.support import tiered

# the built-in sheets with tick boxes: tree and tracker circles, and Walkabout's stars
TICKED = sorted(
    {"scribbly-gum/example-game", "scribbly-gum/kuringgai", "scribbly-gum/mooloolah"}
    | {"scribbly-gum/pad"}
    | {f"walkabout/map-{n}" for n in range(1, 5)}
    | {"walkabout/example-game"}
)
DPI = 200
PX = DPI / 25.4  # pixels a millimetre
PEN = (31, 58, 147)  # the tick's pen blue, #1f3a93


@dataclass(frozen=True)
class Printed:
    """The circle or box printed under a tick box, in page millimetres (y down)."""

    name: str
    cx: float
    cy: float
    w: float
    h: float
    round: bool

    def holds(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Which of the points (mm, arrays alike) lie in the shape."""
        dx, dy = x - self.cx, y - self.cy
        if self.round:
            inside: np.ndarray = (dx / (self.w / 2)) ** 2 + (dy / (self.h / 2)) ** 2 <= 1
            return inside
        return (np.abs(dx) <= self.w / 2) & (np.abs(dy) <= self.h / 2)


def _alike(shape: tuple[float, float, float, float, bool], x: float, y: float, size: float) -> bool:
    """Whether a printed shape is centred within 1 mm of (x, y) and of about `size`."""
    return math.hypot(shape[0] - x, shape[1] - y) <= 1.0 and 0.5 <= max(shape[2:4]) / size <= 1.5


def printed_under_ticks(doc: Document, number: int) -> list[Printed]:
    """Each tick box on page `number` and the filled shape its artwork prints there: the
    largest filled circle or box centred within 1 mm of the tick box and of a like size."""
    page = doc.pages[number]
    out = []
    for placement in page.placements:
        shapes = list(leaves(placement.drawing.children, placement.transform))
        filled: list[tuple[float, float, float, float, bool]] = []
        for shape, t in shapes:
            if isinstance(shape, Circle) and shape.style.fill:
                (x, y), s = t.apply(shape.cx, shape.cy), math.hypot(t.a, t.b)
                filled.append((x, y, 2 * shape.r * s, 2 * shape.r * s, True))
            elif isinstance(shape, Rect) and shape.style.fill:
                (x1, y1), (x2, y2) = (
                    t.apply(shape.x, shape.y),
                    t.apply(shape.x + shape.w, shape.y + shape.h),
                )
                filled.append(((x1 + x2) / 2, (y1 + y2) / 2, abs(x2 - x1), abs(y2 - y1), False))
        for shape, t in shapes:
            if not (isinstance(shape, Field) and shape.kind == "checkbox"):
                continue
            (x1, y1), (x2, y2) = (
                t.apply(shape.x, shape.y),
                t.apply(shape.x + shape.w, shape.y + shape.h),
            )
            fx, fy, size = (x1 + x2) / 2, (y1 + y2) / 2, max(abs(x2 - x1), abs(y2 - y1))
            near = [f for f in filled if _alike(f, fx, fy, size)]
            assert near, f"page {number + 1}: nothing printed under the tick box {shape.name}"
            cx, cy, w, h, is_round = max(near, key=lambda f: f[2] * f[3])
            out.append(Printed(shape.name, cx, cy, w, h, is_round))
    return out


@cache
def fillable(ref: str) -> tuple[Document, bytes]:
    doc = document_for(load(ref), BuildOptions())
    return doc, render_pdf(doc, fillable=True)


def first_pages(doc: Document) -> list[int]:
    """The first page each drawing with tick boxes appears on (a pad's copies repeat them)."""
    seen: set[int] = set()
    pages = []
    for number, page in enumerate(doc.pages):
        for placement in page.placements:
            drawing = placement.drawing
            ticks = any(
                isinstance(s, Field) and s.kind == "checkbox"
                for s, _ in leaves(drawing.children, IDENTITY)
            )
            if ticks and id(drawing) not in seen:
                seen.add(id(drawing))
                if number not in pages:
                    pages.append(number)
    return pages


def ticked(data: bytes, number: int) -> tuple[bytes, int]:
    """The PDF with every tick box on page `number` set to its on state (/V and /AS), as a
    viewer or a filling script records a tick; and how many were ticked."""
    count = 0
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for annot in pdf.pages[number].get("/Annots", []):
            if annot.get("/FT") != "/Btn":
                continue
            on = next(k for k in annot.AP.N if k != "/Off")
            annot.V = annot.AS = pikepdf.Name(on)
            count += 1
        out = io.BytesIO()
        pdf.save(out)
    return out.getvalue(), count


def pdfium_page(data: bytes, number: int) -> Image.Image:
    doc = pdfium.PdfDocument(data)
    doc.init_forms()
    return doc[number].render(scale=DPI / 72, may_draw_forms=True).to_pil().convert("RGB")


def poppler_page(data: bytes, number: int, tmp: Path) -> Image.Image:
    (tmp / "t.pdf").write_bytes(data)
    page = str(number + 1)
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-f", page, "-l", page, "-png", "-singlefile",
         str(tmp / "t.pdf"), str(tmp / "t")],
        check=True,
    )  # fmt: skip
    return Image.open(tmp / "t.png").convert("RGB")


def pen(pixels: np.ndarray) -> np.ndarray:
    """Which pixels (RGB, the last axis) are the tick's pen blue, within 40 in each channel."""
    near: np.ndarray = np.all(np.abs(pixels.astype(np.int16) - np.array(PEN)) <= 40, axis=-1)
    return near


@dataclass(frozen=True)
class Ink:
    """Pen ink over a printed shape: the share of the shape inked, and how far (mm) the ink's
    middle lies right of and below the shape's."""

    covered: float
    dx: float
    dy: float


def ink_over(image: Image.Image, shape: Printed) -> Ink:
    """The pen ink in and around `shape` (1 mm beyond it, to catch a tick drawn off it)."""
    i0, i1 = int((shape.cx - shape.w / 2 - 1) * PX), int((shape.cx + shape.w / 2 + 1) * PX)
    j0, j1 = int((shape.cy - shape.h / 2 - 1) * PX), int((shape.cy + shape.h / 2 + 1) * PX)
    ink = pen(np.asarray(image)[j0:j1, i0:i1])  # rows are y (j), columns x (i)
    y, x = np.mgrid[j0:j1, i0:i1]
    x, y = (x + 0.5) / PX, (y + 0.5) / PX  # each pixel's middle, in mm
    inside = shape.holds(x, y)
    if not ink.any():
        return Ink(0.0, math.inf, math.inf)
    covered = float((ink & inside).sum() / inside.sum())
    return Ink(covered, float(x[ink].mean()) - shape.cx, float(y[ink].mean()) - shape.cy)


@pytest.mark.slow  # every built-in layout: the slow tier
def test_the_sheets_with_tick_boxes_are_the_ones_checked() -> None:
    """A new sheet with tick boxes joins the test below (a tick box is a checkbox field)."""
    found = set()
    for ref in builtin_layouts():
        if first_pages(document_for(load(ref), BuildOptions())):
            found.add(ref)
    assert sorted(found) == TICKED


@pytest.mark.parametrize(
    "ref", tiered(TICKED, {"scribbly-gum/mooloolah", "walkabout/map-1", "walkabout/example-game"})
)
def test_every_tick_fills_its_printed_circle_or_box(ref: str, tmp_path: Path) -> None:
    doc, data = fillable(ref)
    pages = first_pages(doc)
    bad = []
    for number in pages:
        shapes = printed_under_ticks(doc, number)
        on, count = ticked(data, number)
        assert count == len(shapes) > 0  # every tick box on the page is a form field
        blank = pdfium_page(data, number)
        for shape in shapes:  # the printed artwork alone is not pen blue
            assert ink_over(blank, shape).covered < 0.1, (shape.name, "pen blue unticked")
        for viewer, image in (
            ("pdfium", pdfium_page(on, number)),
            ("poppler", poppler_page(on, number, tmp_path)),
        ):
            for shape in shapes:
                ink = ink_over(image, shape)
                if ink.covered < 0.85 or math.hypot(ink.dx, ink.dy) > 0.2:
                    bad.append(
                        f"{viewer} p{number + 1} {shape.name}: {ink.covered:.0%} inked, "
                        f"middle {ink.dx:+.2f}, {ink.dy:+.2f} mm off"
                    )
    assert not bad, f"{len(bad)} ticks off their printed shape: {bad[:8]}"
