"""Where a fillable PDF's fields go: each Field of a page's drawings as a box in page points.
Kept apart from the form writer (`pdf_fields`), so that a PDF without fields never loads it."""

from __future__ import annotations

from collections.abc import Iterator

from sheetgen.draw.shapes import Drawing, Field
from sheetgen.draw.transform import Transform
from sheetgen.draw.walk import leaves
from sheetgen.frozen import frozen


@frozen
class Widget:
    """One field's box on a page, in PDF points (x, y from the lower left)."""

    name: str
    field: Field
    x: float
    y: float
    w: float
    h: float

    @property
    def round(self) -> bool:
        return self.field.rx >= min(self.field.w, self.field.h) / 2 - 1e-6

    @property
    def centred(self) -> bool:
        """A box for a mark or a number (or a short text box): what is typed is centred."""
        return self.field.kind in ("mark", "number") or self.w < 3 * self.h


def widgets(drawing: Drawing, to_pdf: Transform) -> Iterator[Widget]:
    """The fields of a drawing placed on a page by `to_pdf` (drawing mm to page points)."""
    for shape, transform in leaves(drawing.children, to_pdf):
        if isinstance(shape, Field):
            (x1, y1), (x2, y2) = (
                transform.apply(shape.x, shape.y),
                transform.apply(shape.x + shape.w, shape.y + shape.h),
            )
            yield Widget(shape.name, shape, min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
