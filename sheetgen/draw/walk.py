"""Walking a drawing's tree to its leaf shapes with their accumulated transforms."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sheetgen.draw.shapes import Circle, Field, Group, Path, Rect, Shape, Text
from sheetgen.draw.transform import Transform

Leaf = Path | Circle | Rect | Text | Field


def leaves(shapes: Iterable[Shape], transform: Transform) -> Iterator[tuple[Leaf, Transform]]:
    """Every non-group shape, in drawing order, with the transform that places it."""
    for shape in shapes:
        if isinstance(shape, Group):
            yield from leaves(shape.children, transform @ shape.transform)
        else:
            yield shape, transform
