"""The printer calibration sheet (`sheetgen calibrate`), for any duplex kind: one sheet printed
double-sided, from which three readings are taken once and saved as a printer profile.

- Scale: a 100 mm bar across and one down the front (and the 4 in bar), measured with a ruler.
- Drift: the duplex alignment page's tick scales and the red lines behind them (the same
  drawing, `drift_marks`), read where each line crosses its scale, held to the light.
- Margins: at the middle of each edge, on both sides, a staircase of ticks, tick k standing k mm
  in from the edge (0 to 10) with its number further in, where every printer prints: the
  smallest number whose tick printed is that edge's unprintable margin.

Every word is 6 pt or more and, like everything to be read, at least SAFE_EDGE in from the
edges; only the margin ticks stand nearer, as they must.
"""

from __future__ import annotations

from sheetgen.draw import Drawing, Rect, Shape, Style, label
from sheetgen.draw.document import Flip, Page, Placement
from sheetgen.draw.transform import rotate, translate
from sheetgen.press.alignment import drift_marks
from sheetgen.press.footer import SMALLEST
from sheetgen.press.paper import Paper
from sheetgen.press.ruler import INK, compact_ruler, ruler_bar
from sheetgen.text.page_words import PageWords

TICKS = 10  # mm: ticks 0 to 10 mm in from each edge
TICK_STEP = 5.0  # mm along the edge from one tick to the next
TICK_LENGTH = 3.0  # mm along the edge
TICK_WIDTH = 0.4  # mm: the tick's near side is k mm from the edge, its far side 0.4 further
NUMBER_AT = 13.5  # mm from the edge to the numbers' middle: printable on every printer
TEXT = 2.4  # mm em: 6.8 pt
LEADING = 4.2
SPOTS_AT = 74.0  # mm from the top (and bottom) edge to the upper (and lower) drift scales
BAR_CORNER = (55.0, 92.0)  # where the 100 mm bars across and down start (mm from top left)
INSTRUCTIONS = (
    "Print this file at actual size (100%, no 'fit to page'), double-sided, flipped on the "
    "{flip} edge.",
    "1. Scale: measure the 100 mm bars across and down with a ruler (--scale, the length read).",
    "2. Margins: at each edge, on both sides, the smallest number whose tick printed is the",
    "    margin your printer cannot print, in mm (--margins top,right,bottom,left).",
    "3. Drift: hold the sheet to the light; where each red line on the back crosses its scale,",
    "    read the number (across: X, down: Y; --offset X,Y, the middle one's or the average).",
    "Save the readings once:  sheetgen printer NAME --offset X,Y --margins T,R,B,L --scale MM",
    "then build with them:  sheetgen build LAYOUT --printer NAME",
)


def margin_ticks(w: float, h: float) -> list[Shape]:
    """The four staircases of margin ticks, one at the middle of each edge of a `w` × `h` mm
    page: tick k (0 to TICKS) a TICK_WIDTH bar parallel to the edge whose near side stands k mm
    in from it, its number NUMBER_AT mm in."""
    out: list[Shape] = []
    ink = Style(stroke=None, fill=INK)
    span = TICKS * TICK_STEP
    for k in range(TICKS + 1):
        along = k * TICK_STEP - span / 2
        number = str(k)
        # top and bottom: the staircase runs left to right across the middle of the edge
        x = w / 2 + along
        out.append(Rect(x - TICK_LENGTH / 2, k, TICK_LENGTH, TICK_WIDTH, ink))
        out.append(label(x, NUMBER_AT, number, TEXT, colour=INK))
        out.append(Rect(x - TICK_LENGTH / 2, h - k - TICK_WIDTH, TICK_LENGTH, TICK_WIDTH, ink))
        out.append(label(x, h - NUMBER_AT, number, TEXT, colour=INK))
        # left and right: down the middle of the edge
        y = h / 2 + along
        out.append(Rect(k, y - TICK_LENGTH / 2, TICK_WIDTH, TICK_LENGTH, ink))
        out.append(label(NUMBER_AT, y, number, TEXT, colour=INK))
        out.append(Rect(w - k - TICK_WIDTH, y - TICK_LENGTH / 2, TICK_WIDTH, TICK_LENGTH, ink))
        out.append(label(w - NUMBER_AT, y, number, TEXT, colour=INK))
    return out


def _bars(words: PageWords) -> list[Placement]:
    """The ruler across (100 mm and 4 in, its note under them) from BAR_CORNER and a 100 mm
    bar down from it."""
    x, y = BAR_CORNER
    across = Placement(compact_ruler(words), translate(x, y - 1.0))
    down_bar = Drawing(116.0, 6.0, tuple(ruler_bar(1.0, 100.0, 10, "100 mm")), title="bar down")
    # turned a quarter clockwise: its start at the corner, running down the page
    down = Placement(down_bar, translate(x, y) @ rotate(90))  # 1 mm clear of the note
    return [across, down]


def calibration_pages(paper: Paper, flip: Flip, words: PageWords | None = None) -> list[Page]:
    """The calibration sheet's front (bars, drift scales, margin ticks, instructions) and back
    (red lines behind the drift scales, margin ticks), portrait on `paper`."""
    said = words or PageWords()
    w, h = paper.oriented(False)
    mirror_x = flip == "long"  # portrait: the long edge turns the sheet over left to right
    top, low = SPOTS_AT, h - SPOTS_AT
    spots = [(w / 2, h / 2), (30, top), (w - 30, top), (30, low), (w - 30, low)]
    on_front, on_back = drift_marks(w, h, mirror_x, (0.0, 0.0), spots)
    how = "long (book-like)" if flip == "long" else "short (notepad-like)"
    front: list[Shape] = [
        label(w / 2, 22, "Printer calibration: front", 4.5, weight="bold", colour=INK),
        *(
            label(20, 28 + LEADING * i, text.format(flip=how), TEXT, colour=INK, anchor="start")
            for i, text in enumerate(INSTRUCTIONS)
        ),
        *on_front,
        *margin_ticks(w, h),
    ]
    back: list[Shape] = [
        *on_back,
        label(w / 2, h - 22, "Printer calibration: back", 4.5, weight="bold", colour=INK),
        *margin_ticks(w, h),
    ]
    origin = translate(0, 0)
    face = Drawing(w, h, tuple(front), title="calibration front")
    rear = Drawing(w, h, tuple(back), title="calibration back")
    return [
        Page(w, h, (Placement(face, origin), *_bars(said))),
        Page(w, h, (Placement(rear, origin),)),
    ]


assert TEXT >= SMALLEST  # no word on the sheet under 6 pt
