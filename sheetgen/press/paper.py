"""Paper sizes: the named ones and custom `WxH` in millimetres or inches."""

from __future__ import annotations

import re

from sheetgen.errors import UsageError
from sheetgen.frozen import frozen


@frozen
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
_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|in)?\s*$", re.IGNORECASE)
MM_PER = {"mm": 1.0, "in": 25.4}
MIN_SIDE, MAX_SIDE = 50.0, 2000.0


def parse_paper(text: str) -> Paper:
    """A paper from its name (A4, Letter, A3, Tabloid) or `WxH` in mm (`300x200`, `300x200mm`)
    or inches (`4x6in`, `8.5x11in`)."""
    named = NAMED.get(text.strip().lower())
    if named:
        return named
    match = _CUSTOM.match(text)
    if not match:
        raise UsageError(
            f"--paper {text!r} is not a paper size (use A4, Letter, A3, Tabloid "
            "or WxH in mm or inches, e.g. 300x200 or 4x6in)"
        )
    unit = (match[3] or "mm").lower()
    w, h = (round(float(v) * MM_PER[unit], 4) for v in (match[1], match[2]))
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        inches = [float(v) * MM_PER["in"] for v in (match[1], match[2])]
        hint = (
            f" (did you mean {match[1]}x{match[2]}in? a number without a unit is mm)"
            if match[3] is None and all(MIN_SIDE <= v <= MAX_SIDE for v in inches)
            else ""
        )
        raise UsageError(
            f"--paper {text!r}: each side must be {MIN_SIDE:g} to {MAX_SIDE:g} mm{hint}"
        )
    name = f"{match[1]}x{match[2]} in" if unit == "in" else f"{w:g}x{h:g} mm"
    return Paper(name, min(w, h), max(w, h))
