"""The words the press prints on a page, English by default (a layout's labels translate
them): plain data, so a layout's model can name them without importing the drawing."""

from __future__ import annotations

from sheetgen.frozen import frozen


@frozen
class PageWords:
    """Every word the press prints: the footer's and the calibration ruler's."""

    front: str = "front"
    back: str = "back"
    ruler: str = "Printed at actual size (100%),"
    ruler_bars: str = "the bars are 100 mm and 4 in long."
    ruler_short_bars: str = "the bars are 50 mm and 2 in long."
    fold: str = "fold"
