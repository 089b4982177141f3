"""Sheets marked as a player marks them in a PDF viewer with its pen: each `+` two strokes and
each `O` a rough loop, jittered, overshooting, slashed as the rulebook says, in blue, black or
pencil grey, added to a plain sheetgen PDF as ink annotations (pikepdf) that carry their own
appearance stream, as a viewer saves them."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pikepdf

from sheetgen.draw.regions import Region

PT = 72 / 25.4  # points a millimetre
PENS = {  # colour (RGB 0-1) and width in mm
    "blue": ((0.10, 0.25, 0.75), 0.55),
    "black": ((0.05, 0.05, 0.08), 0.5),
    "pencil": ((0.50, 0.50, 0.52), 0.4),
}
Stroke = list[tuple[float, float]]  # points in the page's mm, y down


def _line(rng: random.Random, a: tuple[float, float], b: tuple[float, float]) -> Stroke:
    """A hand's straight stroke from a to b: a few points, each pushed off the line a little."""
    n = 6
    out = []
    for i in range(n + 1):
        t = i / n
        wobble = rng.gauss(0, 0.12) if 0 < i < n else 0.0
        nx, ny = -(b[1] - a[1]), b[0] - a[0]
        length = math.hypot(nx, ny) or 1.0
        out.append(
            (
                a[0] + (b[0] - a[0]) * t + wobble * nx / length,
                a[1] + (b[1] - a[1]) * t + wobble * ny / length,
            )
        )
    return out


def strokes(rng: random.Random, mark: str, box: Region, slashed: bool) -> list[Stroke]:
    """The strokes of `mark` ('+' or 'O') drawn into `box` (mm), off centre, tilted, arms and
    radii uneven, a `+`'s strokes overshooting, an `O` closed with an overlap; `slashed` adds
    the diagonal through it."""
    side = min(box.w, box.h)
    cx = box.x + box.w / 2 + rng.uniform(-0.08, 0.08) * side
    cy = box.y + box.h / 2 + rng.uniform(-0.08, 0.08) * side
    tilt = math.radians(rng.uniform(-12, 12))
    out: list[Stroke] = []

    def at(u: float, v: float) -> tuple[float, float]:
        return (
            cx + u * math.cos(tilt) - v * math.sin(tilt),
            cy + u * math.sin(tilt) + v * math.cos(tilt),
        )

    if mark == "+":
        for horizontal in (True, False):
            a = rng.uniform(0.22, 0.36) * side
            b = rng.uniform(0.22, 0.36) * side
            shift = rng.uniform(-0.05, 0.05) * side
            if horizontal:
                out.append(_line(rng, at(-a, shift), at(b, shift)))
            else:
                out.append(_line(rng, at(shift, -a), at(shift, b)))
    else:
        rx = rng.uniform(0.22, 0.34) * side
        ry = rng.uniform(0.22, 0.34) * side
        start = rng.uniform(0, 2 * math.pi)
        turn = 2 * math.pi + rng.uniform(0.15, 0.6)
        n = 28
        loop = []
        for i in range(n + 1):
            t = start + turn * i / n
            grow = 1 + rng.gauss(0, 0.04) + 0.08 * i / n
            loop.append(at(rx * grow * math.cos(t), ry * grow * math.sin(t)))
        out.append(loop)
    if slashed:
        d = rng.uniform(0.3, 0.42) * side
        sign = rng.choice((1, -1))
        out.append(_line(rng, (cx - d, cy + sign * d), (cx + d, cy - sign * d)))
    return out


def add_ink(pdf: pikepdf.Pdf, index: int, marks: list[tuple[list[Stroke], str]]) -> None:
    """Ink annotations on page `index`: one a mark, its strokes in the pen named, each with an
    appearance stream (/AP /N) drawing them, as a viewer writes it."""
    page = pdf.pages[index]
    height = float(page.mediabox[3])
    annots = page.obj.get("/Annots")
    if annots is None:
        page.obj.Annots = annots = pdf.make_indirect(pikepdf.Array())
    for lines, pen in marks:
        colour, width = PENS[pen]
        pts = [[(x * PT, height - y * PT) for x, y in line] for line in lines]
        xs = [x for line in pts for x, _ in line]
        ys = [y for line in pts for _, y in line]
        pad = width * PT
        rect = [min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad]
        ops = [f"{colour[0]:.3f} {colour[1]:.3f} {colour[2]:.3f} RG {width * PT:.2f} w 1 J 1 j"]
        for line in pts:
            ops.append(f"{line[0][0]:.2f} {line[0][1]:.2f} m")
            ops += [f"{x:.2f} {y:.2f} l" for x, y in line[1:]]
            ops.append("S")
        stream = pikepdf.Stream(pdf, "\n".join(ops).encode())
        stream.Type, stream.Subtype = pikepdf.Name.XObject, pikepdf.Name.Form
        stream.BBox = rect
        annot = pdf.make_indirect(
            pikepdf.Dictionary(
                Type=pikepdf.Name.Annot,
                Subtype=pikepdf.Name.Ink,
                Rect=rect,
                InkList=[[v for p in line for v in p] for line in pts],
                C=list(colour),
                BS=pikepdf.Dictionary(W=width * PT),
                F=4,
                AP=pikepdf.Dictionary(N=stream),
            )
        )
        annots.append(annot)


def mark_up(blank: Path, out: Path, pages: dict[int, list[tuple[list[Stroke], str]]]) -> None:
    """`blank` with each page's marks added as ink annotations, saved to `out`."""
    with pikepdf.open(blank) as pdf:
        for page, marks in pages.items():
            add_ink(pdf, page - 1, marks)
        pdf.save(out)


def add_shapes(pdf: pikepdf.Pdf, index: int, boxes: list[tuple[str, Region]]) -> None:
    """Marks made with a viewer's shape tools on page `index`: an `O` as a circle annotation
    with no appearance stream (the viewer leaves pdfium to draw it), a `+` as two line
    annotations each with its own."""
    page = pdf.pages[index]
    height = float(page.mediabox[3])
    annots = page.obj.get("/Annots")
    if annots is None:
        page.obj.Annots = annots = pdf.make_indirect(pikepdf.Array())
    for mark, box in boxes:
        x1, x2 = (box.x + 0.25 * box.w) * PT, (box.x + 0.75 * box.w) * PT
        y1, y2 = height - (box.y + 0.75 * box.h) * PT, height - (box.y + 0.25 * box.h) * PT
        common = {"Type": pikepdf.Name.Annot, "C": [0, 0, 0], "F": 4}
        if mark == "O":
            annots.append(
                pdf.make_indirect(
                    pikepdf.Dictionary(
                        Subtype=pikepdf.Name.Circle,
                        Rect=[x1, y1, x2, y2],
                        BS=pikepdf.Dictionary(W=1.4),
                        **common,
                    )
                )
            )
            continue
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        for line in ((x1, my, x2, my), (mx, y1, mx, y2)):
            rect = [line[0] - 2, line[1] - 2, line[2] + 2, line[3] + 2]
            ap = pikepdf.Stream(
                pdf, f"0 G 1.4 w {line[0]} {line[1]} m {line[2]} {line[3]} l S".encode()
            )
            ap.Type, ap.Subtype, ap.BBox = pikepdf.Name.XObject, pikepdf.Name.Form, rect
            annots.append(
                pdf.make_indirect(
                    pikepdf.Dictionary(
                        Subtype=pikepdf.Name.Line,
                        Rect=rect,
                        L=list(line),
                        AP=pikepdf.Dictionary(N=ap),
                        **common,
                    )
                )
            )
