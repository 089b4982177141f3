"""Where a player's marks can go on a drawing: each `Field` it draws (a tick box, a circle, a
cell, a name line), found by walking the drawing itself, so the sheet printed and the record
read back from it share one geometry. Millimetres in the drawing's own space, y down."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from sheetgen.draw.shapes import Drawing, Field, FieldKind
from sheetgen.draw.transform import IDENTITY
from sheetgen.draw.walk import leaves
from sheetgen.frozen import frozen

VERSION_DIGITS = 6  # hex digits of a geometry version: a changed sheet shows a new one


@frozen
class Region:
    """One place a player marks: the field's name and kind and its box in the drawing (mm)."""

    name: str
    kind: FieldKind
    x: float
    y: float
    w: float
    h: float

    def key(self) -> str:
        """The region as text to a hundredth of a millimetre: what its geometry version hashes."""
        return f"{self.name} {self.kind} {self.x:.2f} {self.y:.2f} {self.w:.2f} {self.h:.2f}"


def regions(drawing: Drawing) -> tuple[Region, ...]:
    """The drawing's fields, in drawing order, each as the box its transforms place."""
    out = []
    for shape, transform in leaves(drawing.children, IDENTITY):
        if isinstance(shape, Field):
            (x1, y1) = transform.apply(shape.x, shape.y)
            (x2, y2) = transform.apply(shape.x + shape.w, shape.y + shape.h)
            box = (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
            out.append(Region(shape.name, shape.kind, *box))
    return tuple(out)


def geometry_version(drawings: Iterable[Drawing]) -> str:
    """A short hash of every region of the drawings, in order: equal for sheets whose marks go
    in the same places, different (all but surely) when one moves by 0.01 mm."""
    digest = hashlib.sha256()
    for drawing in drawings:
        digest.update(f"{drawing.width:.2f}x{drawing.height:.2f}\n".encode())
        for region in regions(drawing):
            digest.update(region.key().encode() + b"\n")
    return digest.hexdigest()[:VERSION_DIGITS]
