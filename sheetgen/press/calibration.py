"""The printer calibration sheet (`sheetgen calibrate`), for any duplex kind: one sheet printed
double-sided, from which three readings are taken once and saved as a printer profile.

- Scale: a 100 mm bar across and one down the front (and the 4 in bar), measured with a ruler.
- Drift: the duplex alignment page's tick scales and the red lines behind them (the same
  drawing, `drift_marks`), read where each line crosses its scale, held to the light; and its
  box and triangle (`flip_box`, `flip_triangle`), which show whether the sheet was turned over
  the edge it was printed for.
- Margins: at the middle of each edge, on both sides, a staircase of ticks, tick k standing k mm
  in from the edge (0 to 10) with its number further in, where every printer prints: the
  smallest number whose tick printed is that edge's unprintable margin.

Every word is 6 pt or more and, like everything to be read, at least SAFE_EDGE in from the
edges; only the margin ticks stand nearer, as they must.
"""

from __future__ import annotations

from sheetgen.draw import Drawing, Rect, Shape, Style, label, text_width
from sheetgen.draw.document import Flip, Page, Placement
from sheetgen.draw.transform import rotate, translate
from sheetgen.errors import UsageError
from sheetgen.press.alignment import EDGE, drift_marks, flip_box, flip_triangle
from sheetgen.press.footer import SMALLEST
from sheetgen.press.paper import Paper
from sheetgen.press.ruler import INK, compact_ruler, ruler_bar
from sheetgen.text.page_words import PageWords

TICKS = 10  # mm: ticks 0 to 10 mm in from each edge
TICK_STEP = 5.0  # mm along the edge from one tick to the next
TICK_LENGTH = 3.0  # mm along the edge
TICK_WIDTH = 0.4  # mm: the tick's near side is k mm from the edge, its far side 0.4 further
NUMBER_AT = 13.5  # mm from the edge to the numbers' middle: printable on every printer
TEXT = 2.6  # mm em: 7.4 pt
LEADING = 4.2
FIRST_LINE = 27.0  # mm from the top to the instructions' first line
SPOTS_AT = 88.0  # mm from the top (and bottom) edge to the upper (and lower) drift scales
BAR_CORNER = (55.0, 108.0)  # where the 100 mm bars across and down start (mm from top left)
SMALLEST_PAPER = (200.0, 270.0)  # mm: the least paper the sheet's parts stand apart on
INSTRUCTIONS = (
    "Print this file at actual size (100%, no 'fit to page'), double-sided, flipped on the "
    "{flip} edge.",
    "1. Scale: measure the 100 mm bar across and the one down with a ruler: --scale ACROSS,DOWN "
    "in mm.",
    "2. Margins: at the middle of each edge, on each side, the smallest number whose tick printed "
    "whole is",
    "    the margin your printer cannot print there. Give each edge the larger of its two sides' "
    "readings,",
    "    each side held upright: --margins TOP,RIGHT,BOTTOM,LEFT in mm (no tick printed: 10, and "
    "build with a wider --margin).",
    "3. Drift: hold the sheet to the light. The back's red triangle shows in the box at the foot "
    "of this side; if it shows",
    "    near the top, the printer turned the sheet over its other edge: print again, flipped on "
    "the {other} edge.",
    "    Each red line crosses a scale ticked every 0.5 mm (long ticks whole mm, numbered every "
    "4 mm). At the middle,",
    "    read where the upright line crosses the scale below (X) and the level line the one beside "
    "(Y): --offset X,Y.",
    "    A corner 1 mm or more from the middle's reading: the printer turns or stretches the "
    "paper; build with --fold.",
    "    A line past its scale's end: the drift is over 4 mm; check the print settings and print "
    "again.",
    "Save the readings once:  sheetgen printer NAME{short} --offset X,Y --margins T,R,B,L "
    "--scale ACROSS,DOWN",
    "then build with them:  sheetgen build LAYOUT --printer NAME",
)
BOX_NOTE = "the back's red triangle shows in this box"


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
    """The calibration sheet's front (bars, drift scales, the flip's box, margin ticks,
    instructions) and back (red lines behind the drift scales, the flip's triangle, margin
    ticks), portrait on `paper`; a paper too small for them is refused."""
    said = words or PageWords()
    w, h = paper.oriented(False)
    lines = instructions(flip)
    need_w = max(SMALLEST_PAPER[0], max(text_width(t, TEXT) for t in lines) + 40)
    if w < need_w or h < SMALLEST_PAPER[1]:
        raise UsageError(
            f"calibrate --paper {paper.name}: the sheet needs paper at least {need_w:.0f} x "
            f"{SMALLEST_PAPER[1]:.0f} mm for its scales and instructions, and {paper.name} is "
            f"{w:g} x {h:g} mm: choose A4, Letter or larger"
        )
    mirror_x = flip == "long"  # portrait: the long edge turns the sheet over left to right
    top, low = SPOTS_AT, h - SPOTS_AT
    spots = [(w / 2, h / 2), (30, top), (w - 30, top), (30, low), (w - 30, low)]
    on_front, on_back = drift_marks(w, h, mirror_x, (0.0, 0.0), spots)
    front: list[Shape] = [
        label(w / 2, 20, "Printer calibration: front", 4.5, weight="bold", colour=INK),
        *(
            label(20, FIRST_LINE + LEADING * i, text, TEXT, colour=INK, anchor="start")
            for i, text in enumerate(lines)
        ),
        *on_front,
        flip_box(w, h),
        label(w / 2, h - EDGE - 7.5, BOX_NOTE, TEXT, colour=INK),
        *margin_ticks(w, h),
    ]
    back: list[Shape] = [
        *on_back,
        flip_triangle(w, h, mirror_x, (0.0, 0.0)),
        label(w / 2, h / 2 + 40, "Printer calibration: back", 4.5, weight="bold", colour=INK),
        *margin_ticks(w, h),
    ]
    origin = translate(0, 0)
    face = Drawing(w, h, tuple(front), title="calibration front")
    rear = Drawing(w, h, tuple(back), title="calibration back")
    return [
        Page(w, h, (Placement(face, origin), *_bars(said))),
        Page(w, h, (Placement(rear, origin),)),
    ]


def instructions(flip: Flip) -> list[str]:
    """The front's lines for a sheet turned over its `flip` edge."""
    edges = {"long": "long (book-like)", "short": "short (notepad-like)"}
    other = "short" if flip == "long" else "long"
    short = " --flip short" if flip == "short" else ""
    return [t.format(flip=edges[flip], other=edges[other], short=short) for t in INSTRUCTIONS]


def save_command(flip: Flip) -> str:
    """The command that saves the readings of a sheet turned over its `flip` edge."""
    return instructions(flip)[-2].split(":", 1)[1].strip()


assert TEXT >= SMALLEST  # no word on the sheet under 6 pt
