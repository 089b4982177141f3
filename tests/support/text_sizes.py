"""The size each text of a document is printed at (each group's and placement's scale applied),
and which of them fall under 6 pt."""

from __future__ import annotations

import math

from sheetgen.draw.document import Document
from sheetgen.draw.shapes import Group, Shape, Text
from sheetgen.draw.transform import Transform

SIX_POINTS = 6 * 25.4 / 72  # mm


def _printed(shapes: tuple[Shape, ...], transform: Transform) -> list[tuple[float, str]]:
    out: list[tuple[float, str]] = []
    for shape in shapes:
        if isinstance(shape, Group):
            out += _printed(shape.children, transform @ shape.transform)
        elif isinstance(shape, Text):
            scale = math.sqrt(abs(transform.a * transform.d - transform.b * transform.c))
            out.append((shape.size * scale, shape.text))
    return out


def small_texts(doc: Document) -> set[tuple[float, str]]:
    """Every text of a document's pages under 6 pt at its printed size: (points, text)."""
    return {
        (round(size / SIX_POINTS * 6, 2), text)
        for page in doc.distinct_pages()
        for placement in page.placements
        for size, text in _printed(placement.drawing.children, placement.transform)
        if size < SIX_POINTS - 1e-9
    }
