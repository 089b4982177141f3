"""Walking a drawing's tree to its leaf shapes with their accumulated transforms."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sheetgen.draw.shapes import Circle, Field, Group, Image, Path, Rect, Shape, Style, Text
from sheetgen.draw.transform import Transform

Leaf = Path | Circle | Rect | Text | Field | Image


def leaves(shapes: Iterable[Shape], transform: Transform) -> Iterator[tuple[Leaf, Transform]]:
    """Every non-group shape, in drawing order, with the transform that places it."""
    for shape in shapes:
        if isinstance(shape, Group):
            yield from leaves(shape.children, transform @ shape.transform)
        else:
            yield shape, transform


def reach(shapes: Iterable[Shape], transform: Transform) -> Iterator[tuple[Leaf, Transform]]:
    """As `leaves`, but a group cut off at a clip stands as its clip's box (a Rect): how far a
    drawing's ink can reach."""
    for shape in shapes:
        if isinstance(shape, Group):
            at = transform @ shape.transform
            if shape.clip is not None:
                yield Rect(*shape.clip, Style(stroke=None)), at
            else:
                yield from reach(shape.children, at)
        else:
            yield shape, transform
