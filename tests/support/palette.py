"""Colour checks with an independent colour library (coloraide): how far apart two colours look
in normal vision, under simulated colour blindness and in greyscale, and how well text reads."""

from __future__ import annotations

from itertools import combinations

from coloraide import Color

# the thresholds are sheetgen's (what `check` holds a designer's colours to); the colour
# science here is coloraide's, independent of sheetgen's own
from sheetgen.colour_sight import MIN_DELTA_E, MIN_LIGHTNESS, VISIONS

MIN_CONTRAST = 3.0  # WCAG contrast ratio of text against what is behind it


def seen(colour: str, vision: str) -> Color:
    """The colour as a viewer with `vision` sees it (Machado's full-severity simulation)."""
    c = Color(colour)
    return c if vision == "normal" else c.filter(vision, method="machado").convert("srgb")


def delta_e(a: str, b: str, vision: str = "normal") -> float:
    return float(seen(a, vision).delta_e(seen(b, vision), method="2000"))


def lightness(colour: str) -> float:
    return float(Color(colour).convert("lab")["lightness"])


def contrast(text: str, behind: str) -> float:
    return float(Color(text).contrast(Color(behind)))


def too_close(colours: dict[str, str], marked: bool = False) -> list[str]:
    """Each pair a player could not tell apart, described: closer than MIN_DELTA_E in some
    vision, or (unless each colour also carries its own mark) closer than MIN_LIGHTNESS in L*."""
    out = []
    for (name_a, a), (name_b, b) in combinations(sorted(colours.items()), 2):
        for vision in VISIONS:
            d = delta_e(a, b, vision)
            if d < MIN_DELTA_E:
                out.append(f"{name_a} {a} / {name_b} {b}: ΔE {d:.1f} ({vision})")
        dl = abs(lightness(a) - lightness(b))
        if not marked and dl < MIN_LIGHTNESS:
            out.append(f"{name_a} {a} / {name_b} {b}: ΔL* {dl:.1f} in greyscale, and no mark")
    return out
