"""The calibration ruler: a 100 mm bar and a 4 in bar to check a print is at actual size, its
short form (a 50 mm bar and a 2 in bar) for where the long one does not fit, as on half of a
folded A4 page, and its upright form (one bar of 100 or 50 mm standing beside the pieces, its
label reading upwards) for a page with no room under its pieces for any of them."""

from __future__ import annotations

from functools import cache

from sheetgen.draw.fonts import cap_height, label, text_width
from sheetgen.draw.geometry import line
from sheetgen.draw.shapes import Drawing, Rect, Shape, Style, Text
from sheetgen.model.paper import MARGIN, RULER_HEIGHT
from sheetgen.press.footer import SAFE_EDGE
from sheetgen.text.page_words import PageWords

INK = "#222222"
RULER_WIDTH = 165.0
BAR = 2.2


def ruler_bar(y: float, length: float, divisions: int, text: str) -> list[Shape]:
    """A bar of `length` mm split into `divisions` alternately filled cells, with its label."""
    step = length / divisions
    shapes: list[Shape] = [
        Rect(i * step, y, step, BAR, Style(stroke=None, fill=INK)) for i in range(0, divisions, 2)
    ]
    shapes.append(Rect(0, y, length, BAR, Style(stroke=INK, width=0.15)))
    shapes.append(line(0, y - 0.8, 0, y + BAR + 0.8, Style(stroke=INK, width=0.15)))
    shapes.append(line(length, y - 0.8, length, y + BAR + 0.8, Style(stroke=INK, width=0.15)))
    shapes.append(
        label(length + 2.0, y + BAR / 2, text, 2.6, anchor="start", weight="bold", colour=INK)
    )
    return shapes


SHORT_WIDTH = 64.0  # the 2 in bar, its label and the note under the bars
SHORT_HEIGHT = 15.0
COMPACT_WIDTH = 116.0  # the bars and their labels; the note goes under them
COMPACT_HEIGHT = 15.0


@cache
def compact_ruler(words: PageWords) -> Drawing:
    """The ruler with its note under the bars instead of beside them, narrow enough for half
    of a folded page (one shared object per wording)."""
    shapes = ruler_bar(1.0, 100.0, 10, "100 mm") + ruler_bar(5.6, 101.6, 16, "4 in")
    for y, text in ((10.3, words.ruler), (13.5, words.ruler_bars)):
        shapes.append(label(0, y, text, 2.3, anchor="start", colour=INK, max_width=COMPACT_WIDTH))
    return Drawing(COMPACT_WIDTH, COMPACT_HEIGHT, tuple(shapes), title="calibration ruler")


@cache
def short_ruler(words: PageWords) -> Drawing:
    """The ruler at half length, a 50 mm bar in centimetres and a 2 in bar in quarter inches,
    its note under them, for a page (or half page) too narrow for the compact ruler (one
    shared object per wording)."""
    shapes = ruler_bar(1.0, 50.0, 5, "50 mm") + ruler_bar(5.6, 50.8, 8, "2 in")
    for y, text in ((10.3, words.ruler), (13.5, words.ruler_short_bars)):
        shapes.append(label(0, y, text, 2.3, anchor="start", colour=INK, max_width=SHORT_WIDTH))
    return Drawing(SHORT_WIDTH, SHORT_HEIGHT, tuple(shapes), title="calibration ruler")


@cache
def calibration_ruler(words: PageWords) -> Drawing:
    """The ruler drawing with its two lines of note (one shared object per wording, so a PDF
    holds it once)."""
    shapes = ruler_bar(1.0, 100.0, 10, "100 mm") + ruler_bar(5.6, 101.6, 16, "4 in")
    left = 121.0
    shapes.append(
        label(left, 2.2, words.ruler, 2.3, anchor="start", colour=INK, max_width=RULER_WIDTH - left)
    )
    shapes.append(
        label(
            left,
            6.7,
            words.ruler_bars,
            2.3,
            anchor="start",
            colour=INK,
            max_width=RULER_WIDTH - left,
        )
    )
    return Drawing(RULER_WIDTH, RULER_HEIGHT, tuple(shapes), title="calibration ruler")


TICK = 0.8  # mm an end tick runs past each side of its bar
BAR_LABEL = 2.6  # mm: a bar's label (7.4 pt)
UPRIGHT_WIDTH = BAR + 2 * TICK  # the upright ruler's width: its bar and the ticks at its ends
UPRIGHT_LENGTHS = (100.0, 50.0)  # the bars an upright ruler may be, the longest that fits
CUT_CLEARANCE = 3.0  # mm between the upright ruler and any cut (a trim edge, or the fold)
ART_CLEARANCE = 1.0  # mm between the upright ruler and any art (a piece's bleed)
LABEL_GAP = 2.0  # mm between the upright bar's top end and its label


def _upright_label(length: float) -> str:
    return f"{length:g} mm"


def upright_height(length: float) -> float:
    """The upright ruler's height: its label over the bar, and the bar."""
    return text_width(_upright_label(length), BAR_LABEL, "bold") + LABEL_GAP + length


@cache
def upright_ruler(length: float) -> Drawing:
    """One bar of `length` mm standing upright in centimetres, alternately filled, ticked at
    both ends, its label over its top end reading upwards (one shared object a length)."""
    top = upright_height(length) - length
    step = 10.0
    shapes: list[Shape] = [
        Rect(TICK, top + i * step, BAR, step, Style(stroke=None, fill=INK))
        for i in range(0, round(length / step), 2)
    ]
    shapes.append(Rect(TICK, top, BAR, length, Style(stroke=INK, width=0.15)))
    for y in (top, top + length):
        shapes.append(line(0, y, UPRIGHT_WIDTH, y, Style(stroke=INK, width=0.15)))
    # turned a quarter anticlockwise about its start: it reads upwards, its capitals centred
    # on the bar
    x = UPRIGHT_WIDTH / 2 + cap_height(BAR_LABEL, "bold") / 2
    name = _upright_label(length)
    shapes.append(
        Text(x, top - LABEL_GAP, name, BAR_LABEL, colour=INK, weight="bold", rotation=-90.0)
    )
    return Drawing(UPRIGHT_WIDTH, upright_height(length), tuple(shapes), title="calibration ruler")


def printable_edge(margin: float) -> float:
    """How near the paper's edge the upright ruler may stand: SAFE_EDGE with the default
    margin, and as much further in as a wider --margin asks (a printer that prints less)."""
    return max(SAFE_EDGE, SAFE_EDGE + margin - MARGIN)


def upright_spot(
    strip: tuple[float, float], span: tuple[float, float]
) -> tuple[Drawing, float, float] | None:
    """The upright ruler (100 mm where it fits, else 50) centred in the free `strip` (left and
    right x) and along `span` (top and bottom y), and its top-left corner; None where neither
    fits."""
    x0, x1 = strip
    y0, y1 = span
    if x1 - x0 < UPRIGHT_WIDTH - 1e-9:
        return None
    for length in UPRIGHT_LENGTHS:
        height = upright_height(length)
        if y1 - y0 >= height - 1e-9:
            return upright_ruler(length), (x0 + x1 - UPRIGHT_WIDTH) / 2, (y0 + y1 - height) / 2
    return None
