"""The page footer: the layout's credit (and on duplex sheets which side it is),
printed small and centred in the bottom margin, where crop marks give way to it."""

from __future__ import annotations

from functools import cache

from sheetgen.draw.fonts import descent, fit_size, pt, text_width
from sheetgen.draw.shapes import Drawing, Text

SAFE_EDGE = 5.0  # mm: nothing is printed nearer the paper's edge (most printers cannot)
FOOTER_SIZE = pt(6.5)
SMALLEST = pt(6)  # no word the press prints is smaller
FOOTER_HEIGHT = 2.5  # mm from the safe edge up to the top of the footer's capitals, with room
FOOTER_INK = "#4d4d4d"
LEADING = 1.25  # a two-line footer's baselines apart, in text heights


def footer_text(credit: str, side: str = "") -> str:
    """The footer of a page: the credit, then on duplex sheets the side (front or back),
    joined by a middle dot. Pages that repeat keep one footer, so a pad's pages stay one."""
    return " · ".join(p for p in (credit, side) if p)


def footer_span(page_w: float, text: str) -> tuple[float, float]:
    """The left and right x of the footer's text on a page `page_w` wide (1 mm to spare)."""
    lines, size = footer_lines(text, page_w - 2 * SAFE_EDGE)
    half = max(text_width(line, size) for line in lines) / 2
    return page_w / 2 - half - 1.0, page_w / 2 + half + 1.0


def footer_height(page_w: float, text: str) -> float:
    """mm from the safe edge up to the top of the footer's capitals, with room: one line's,
    and a line more where the text takes two on a page `page_w` wide."""
    lines, size = footer_lines(text, page_w - 2 * SAFE_EDGE)
    return FOOTER_HEIGHT + (len(lines) - 1) * LEADING * size


@cache
def footer(page_w: float, page_h: float, text: str, bottom: float = SAFE_EDGE) -> Drawing:
    """A page-size drawing of the footer alone (one object per text, so a pad holds it once),
    its lowest ink `bottom` mm above the page's bottom edge."""
    lines, size = footer_lines(text, page_w - 2 * SAFE_EDGE)
    last = page_h - bottom - descent(size)  # descenders stay clear of the bottom
    shapes = tuple(
        Text(page_w / 2, last - (len(lines) - 1 - i) * LEADING * size, line, size,
             colour=FOOTER_INK, anchor="middle")
        for i, line in enumerate(lines)
    )  # fmt: skip
    return Drawing(page_w, page_h, shapes, title="footer")


FIT_TOLERANCE = 1e-6  # mm: a text `fit_size` shrank to a width measures it, give or take


@cache
def footer_lines(text: str, width: float) -> tuple[tuple[str, ...], float]:
    """The footer's lines and size on lines `width` mm long: one line, shrunk to fit but never
    under 6 pt; on paper too narrow for that (a 4 x 6 in card), two lines 6 pt high, broken
    between words where the longer is shortest; where even two are too few, the second is cut
    at a word and ends in an ellipsis, and the side it names (front or back) is kept."""
    size = max(SMALLEST, fit_size(text, width, FOOTER_SIZE))
    words = text.split(" ")
    if text_width(text, size) <= width + FIT_TOLERANCE or len(words) < 2:
        return (text,), size
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    fitting = [pair for pair in splits if text_width(pair[0], size) <= width + FIT_TOLERANCE]
    if not fitting:
        return (_cut(text, size, width),), size
    first, rest = min(fitting, key=lambda pair: max(text_width(line, size) for line in pair))
    if text_width(rest, size) > width:  # the first line as full as it goes, the rest cut
        first, rest = fitting[-1]
    return (first, _cut(rest, size, width)), size


def _cut(text: str, size: float, width: float) -> str:
    """`text`, cut at a word and ended with an ellipsis to fit `width` at `size`, keeping the
    side it ends with (' · front')."""
    credit, dot, side = text.rpartition(" · ") if " · " in text else (text, "", "")
    words = credit.split(" ")
    shown = text
    while text_width(shown, size) > width and len(words) > 1:
        words.pop()
        shown = f"{' '.join(words)}…{dot}{side}"
    return shown
