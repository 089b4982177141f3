"""Paper sizes: the named ones and custom `WxH` in millimetres."""

from __future__ import annotations

import re
from dataclasses import dataclass

from sheetgen.errors import UsageError


@dataclass(frozen=True)
class Paper:
    """A sheet of paper in portrait orientation (width <= height), in mm."""

    name: str
    width: float
    height: float

    def oriented(self, landscape: bool) -> tuple[float, float]:
        return (self.height, self.width) if landscape else (self.width, self.height)


NAMED = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
    "a3": Paper("A3", 297.0, 420.0),
    "tabloid": Paper("Tabloid", 279.4, 431.8),
}
_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE)
MIN_SIDE, MAX_SIDE = 50.0, 2000.0


def parse_paper(text: str) -> Paper:
    """A paper from its name (A4, Letter, A3, Tabloid) or `WxH` in mm, e.g. `300x200`."""
    named = NAMED.get(text.strip().lower())
    if named:
        return named
    match = _CUSTOM.match(text)
    if not match:
        raise UsageError(
            f"--paper {text!r} is not a paper size (use A4, Letter, A3, Tabloid "
            "or WxH in mm, e.g. 300x200)"
        )
    w, h = float(match[1]), float(match[2])
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise UsageError(f"--paper {text!r}: each side must be {MIN_SIDE:g} to {MAX_SIDE:g} mm")
    return Paper(f"{w:g}x{h:g} mm", min(w, h), max(w, h))
