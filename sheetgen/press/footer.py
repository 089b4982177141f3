"""The page footer: the layout's credit (and on duplex sheets which side it is),
printed small and centred in the bottom margin, where crop marks give way to it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sheetgen.draw.fonts import fit_size, pt, text_width
from sheetgen.draw.shapes import Drawing, Text

SAFE_EDGE = 5.0  # mm: nothing is printed nearer the paper's edge (most printers cannot)
FOOTER_SIZE = pt(6.5)
SMALLEST = pt(6)  # no word the press prints is smaller
FOOTER_HEIGHT = 2.5  # mm from the safe edge up to the top of the footer's capitals, with room
FOOTER_INK = "#4d4d4d"


@dataclass(frozen=True)
class PageWords:
    """Every word the press prints: the footer's and the calibration ruler's."""

    front: str = "front"
    back: str = "back"
    ruler: str = "Printed at actual size (100%),"
    ruler_bars: str = "the bars are 100 mm and 4 in long."
    fold: str = "fold"


def footer_text(credit: str, side: str = "") -> str:
    """The footer of a page: the credit, then on duplex sheets the side (front or back),
    joined by a middle dot. Pages that repeat keep one footer, so a pad's pages stay one."""
    return " · ".join(p for p in (credit, side) if p)


def footer_span(page_w: float, text: str) -> tuple[float, float]:
    """The left and right x of the footer's text on a page `page_w` wide (1 mm to spare)."""
    shown, size = _fitted(text, page_w - 2 * SAFE_EDGE)
    half = text_width(shown, size) / 2
    return page_w / 2 - half - 1.0, page_w / 2 + half + 1.0


@cache
def footer(page_w: float, page_h: float, text: str) -> Drawing:
    """A page-size drawing of the footer alone (one object per text, so a pad holds it once)."""
    shown, size = _fitted(text, page_w - 2 * SAFE_EDGE)
    baseline = page_h - SAFE_EDGE - 0.6  # descenders stay clear of the safe edge
    shape = Text(page_w / 2, baseline, shown, size, colour=FOOTER_INK, anchor="middle")
    return Drawing(page_w, page_h, (shape,), title="footer")


def _fitted(text: str, width: float) -> tuple[str, float]:
    """The footer's text and size on a line `width` mm long: shrunk to fit, but never under
    6 pt; on paper too narrow for that (a 4 x 6 in card), the credit is cut at a word and
    ends in an ellipsis, and the side it names (front or back) is kept."""
    size = max(SMALLEST, fit_size(text, width, FOOTER_SIZE))
    credit, dot, side = text.rpartition(" · ") if " · " in text else (text, "", "")
    words = credit.split(" ")
    shown = text
    while text_width(shown, size) > width and len(words) > 1:
        words.pop()
        shown = f"{' '.join(words)}…{dot}{side}"
    return shown, size
