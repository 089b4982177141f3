"""Colour arithmetic on `#rrggbb` strings, for outlines, tints and faint marks."""

from __future__ import annotations

from functools import lru_cache


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@lru_cache(maxsize=4096)  # (a tile sheet mixes the same few colours hundreds of times)
def mix(a: str, b: str, t: float) -> str:
    """The colour `t` of the way from `a` to `b` (0 is `a`, 1 is `b`)."""
    return "#" + "".join(
        f"{round(x + (y - x) * t):02x}" for x, y in zip(_rgb(a), _rgb(b), strict=True)
    )


def darker(colour: str, factor: float = 0.6) -> str:
    """The colour with each channel scaled by `factor` (towards black)."""
    return mix("#000000", colour, factor)


def lighter(colour: str, t: float) -> str:
    """The colour `t` of the way to white."""
    return mix(colour, "#ffffff", t)
