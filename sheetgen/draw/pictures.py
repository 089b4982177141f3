"""Pictures a designer prints, as the drawing model holds them: a raster image (PNG, JPEG) or
SVG art as shapes (read from files by `layouts.pictures` and `svg_art`), and how either is placed
in a box: fit, fill or stretch."""

from __future__ import annotations

import math
from typing import Literal

from sheetgen.draw.shapes import Box, Group, Image, PictureFormat, Shape
from sheetgen.draw.transform import Transform
from sheetgen.frozen import frozen

GOOD_DPI = 300  # a raster image printed at fewer pixels an inch looks soft

Fit = Literal["fit", "fill", "stretch"]


class PictureError(ValueError):
    """A picture that cannot be used: what is wrong, in words (the caller names the file)."""


@frozen
class Raster:
    """A PNG or JPEG image, plain (see `layouts.pictures`), and its size in pixels."""

    data: bytes
    format: PictureFormat
    width: int
    height: int


@frozen
class Vector:
    """SVG art as shapes, in its own units from its top-left corner, `width` by `height`."""

    shapes: tuple[Shape, ...]
    width: float
    height: float


Picture = Raster | Vector


def size_of(picture: Picture) -> tuple[float, float]:
    """A picture's width and height: pixels, or the SVG art's own units."""
    if isinstance(picture, Raster):
        return float(picture.width), float(picture.height)
    return picture.width, picture.height


def drawn_size(picture: Picture, box: Box, fit: Fit) -> tuple[float, float]:
    """The width and height (mm) the whole picture is drawn at in `box` (fill: beyond it)."""
    _, _, w, h = box
    pw, ph = size_of(picture)
    if fit == "stretch":
        return w, h
    k = min(w / pw, h / ph) if fit == "fit" else max(w / pw, h / ph)
    return pw * k, ph * k


def dpi(picture: Raster, box: Box, fit: Fit) -> float:
    """The pixels an inch a raster image prints at in `box` (the fewer way, when stretched)."""
    w, h = drawn_size(picture, box, fit)
    return min(picture.width / (w / 25.4), picture.height / (h / 25.4))


def place(picture: Picture, box: Box, fit: Fit) -> Shape:
    """The picture drawn in `box` (x, y, width, height in mm): `fit`, the whole picture inside
    the box, its proportions kept and centred; `fill`, the box covered, its proportions kept,
    centred and cut off at the box; `stretch`, the whole picture drawn to the box's size."""
    x, y, w, h = box
    dw, dh = drawn_size(picture, box, fit)
    dx, dy = x + (w - dw) / 2, y + (h - dh) / 2
    shape: Shape
    if isinstance(picture, Raster):
        shape = Image(dx, dy, dw, dh, picture.data, picture.format, (picture.width, picture.height))
    else:
        pw, ph = size_of(picture)
        at = Transform(a=dw / pw, d=dh / ph, e=dx, f=dy)
        # SVG art shows nothing beyond its own frame (its viewBox), as any viewer draws it
        shape = Group(picture.shapes, at, None if fit == "fill" else (0.0, 0.0, pw, ph))
    if fit == "fill" and not (math.isclose(dw, w) and math.isclose(dh, h)):
        return Group((shape,), clip=box)
    return shape
