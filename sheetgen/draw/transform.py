"""Affine transforms in the y-down millimetre space of the drawing model."""

from __future__ import annotations

import math
from functools import lru_cache

from sheetgen.frozen import frozen


@frozen
class Transform:
    """The matrix [a c e; b d f; 0 0 1], mapping (x, y) to (a x + c y + e, b x + d y + f)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def __matmul__(self, other: Transform) -> Transform:
        """`self @ other` applies `other` first, then `self`."""
        return Transform(
            self.a * other.a + self.c * other.b,
            self.b * other.a + self.d * other.b,
            self.a * other.c + self.c * other.d,
            self.b * other.c + self.d * other.d,
            self.a * other.e + self.c * other.f + self.e,
            self.b * other.e + self.d * other.f + self.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    @property
    def is_identity(self) -> bool:
        return self == IDENTITY

    def as_tuple(self) -> tuple[float, float, float, float, float, float]:
        return (self.a, self.b, self.c, self.d, self.e, self.f)


IDENTITY = Transform()


def translate(dx: float, dy: float) -> Transform:
    return Transform(e=dx, f=dy)


def scale(sx: float, sy: float | None = None) -> Transform:
    return Transform(a=sx, d=sx if sy is None else sy)


@lru_cache(maxsize=256)  # (a few angles, turned again and again: a map's symbols, a die's faces)
def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Transform:
    """Rotate clockwise on the page (y down) by `degrees` about (cx, cy)."""
    t = math.radians(degrees)
    cos, sin = math.cos(t), math.sin(t)
    turn = Transform(cos, sin, -sin, cos, 0.0, 0.0)
    return translate(cx, cy) @ turn @ translate(-cx, -cy)
