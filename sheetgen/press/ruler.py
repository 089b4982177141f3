"""The calibration ruler: a 100 mm bar and a 4 in bar to check a print is at actual size, and
its short form (a 50 mm bar and a 2 in bar) for where the long one does not fit, as on half of a
folded A4 page."""

from __future__ import annotations

from functools import cache

from sheetgen.draw.fonts import label
from sheetgen.draw.geometry import line
from sheetgen.draw.shapes import Drawing, Rect, Shape, Style
from sheetgen.model.paper import RULER_HEIGHT
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
