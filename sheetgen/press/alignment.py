"""The duplex alignment test: a front with tick scales and a back with cross lines behind them,
so a printer's drift between the sides can be read off and corrected with --offset."""

from __future__ import annotations

import shlex
from pathlib import PurePath

from sheetgen.draw import Circle, Drawing, Rect, Shape, Style, label, line, polygon, text_width
from sheetgen.draw.document import Flip, Page, Placement
from sheetgen.draw.sheets import AlignmentWords
from sheetgen.draw.transform import translate
from sheetgen.press.footer import SMALLEST, footer, footer_text
from sheetgen.press.grid import plan_grid
from sheetgen.press.plan import PressOptions

SCALE_REACH = 4.0  # mm either side of each alignment mark, in half millimetres
LABEL_EVERY = 8  # half-millimetre ticks between numbers: one every 4 mm, clear of each other
ARM = 10.5  # mm from a back cross's centre to its ends: across the ticks, short of the numbers
TOP = 62.0  # mm from the top (and bottom) edge to the upper (and lower) marks, below the words
LEADING = 4.4  # mm from one line of the instructions to the next
TEXT = 2.2  # mm, a little over 6 pt
EDGE = 28.0  # mm from the bottom edge to the middle of the box the back's triangle shows in
EDGE_BOX = (16.0, 10.0)  # the box's width and height: room for the drift the scales read
INK = "#2b2a26"
FRONT, BACK = "duplex alignment front", "duplex alignment back"  # the two pages' drawings


def rebuild_command(layout: str, flip: Flip) -> str:
    """The command that builds `layout` again with the readings as its offset."""
    short = " --flip short" if flip == "short" else ""
    return f"sheetgen build {shlex.quote(layout)}{short} --offset X,Y"


def _scale(x: float, y: float, horizontal: bool, sign: int) -> list[Shape]:
    """A tick scale through (x, y) labelled in mm: the reading where the back's line crosses it
    is the correction to pass to --offset."""
    out: list[Shape] = []
    thin = Style(stroke=INK, width=0.12)
    steps = int(SCALE_REACH * 2)
    for k in range(-steps, steps + 1):
        t = k / 2
        long = 4.0 if k % LABEL_EVERY == 0 else (3.0 if k % 2 == 0 else 2.0)  # numbered, mm
        if horizontal:
            out.append(line(x + t, y + 6, x + t, y + 6 + long, thin))
            if k % LABEL_EVERY == 0:
                out.append(label(x + t, y + 12.5, f"{sign * t:+g}" if t else "0", TEXT, colour=INK))
        else:
            out.append(line(x + 6, y + t, x + 6 + long, y + t, thin))
            if k % LABEL_EVERY == 0:
                out.append(
                    label(
                        x + 11.0,
                        y + t,
                        f"{sign * t:+g}" if t else "0",
                        TEXT,
                        colour=INK,
                        anchor="start",
                    )
                )
    return out


def drift_marks(
    w: float,
    h: float,
    mirror_x: bool,
    offset: tuple[float, float],
    spots: list[tuple[float, float]],
) -> tuple[list[Shape], list[Shape]]:
    """At each of the `spots` on a front `w` × `h` mm, a ring and tick scales across and down
    (front), and the red cross lines behind them on the back, turned over left to right when
    `mirror_x` (else top to bottom) and shifted by `offset`: held to the light, each line
    crosses its scale at the reading to pass to --offset."""
    front: list[Shape] = []
    back: list[Shape] = []
    line_style = Style(stroke="#c0262d", width=0.2)
    for x, y in spots:
        front.append(Circle(x, y, 1.2, Style(stroke=INK, width=0.15)))
        front += _scale(x, y, True, 1 if mirror_x else -1)
        front += _scale(x, y, False, -1 if mirror_x else 1)
        bx = (w - x if mirror_x else x) + offset[0]
        by = (y if mirror_x else h - y) + offset[1]
        back += [
            line(bx, by - ARM, bx, by + ARM, line_style),
            line(bx - ARM, by, bx + ARM, by, line_style),
        ]
    return front, back


def alignment_pages(
    press: PressOptions,
    flip: Flip,
    offset: tuple[float, float],
    layout: str,
    words: AlignmentWords,
    note: str = "",
) -> list[Page]:
    """A front with tick scales at five places and a back with plain cross lines behind them,
    each with the press's footer (the credit and the side). `note`, a game's own line for the
    player (e.g. how to record a tile's flips), goes under the instructions.

    Held to the light, each back line crosses its scale at the number to pass to --offset
    when building `layout` again.
    """
    if press.fold:  # a folded sheet has no duplex to line up
        return []

    grid = plan_grid(60, 60, 0, press)
    w, h = grid.page_w, grid.page_h
    portrait = w <= h
    mirror_x = (flip == "long") == portrait
    spots = [(w / 2, h / 2), (30, TOP), (w - 30, TOP), (30, h - TOP), (w - 30, h - TOP)]
    how = words.align_short if flip == "short" else words.align_long
    command = rebuild_command(layout, flip)
    if text_width(command, SMALLEST) > w - 20:  # a long path: its file's name will do
        command = rebuild_command(PurePath(layout).name, flip)
    lines = [
        words.align_print.format(flip=how),
        words.align_hold,
        words.align_read,
        words.align_pass,
        command,
        *(
            [words.align_offset.format(offset=f"{offset[0]:g},{offset[1]:g}")]
            if any(offset)
            else []
        ),
        words.align_beyond,
        *([note] if note else []),
    ]
    # the game's own note stands apart from the printer's steps, half a line lower
    gaps = [LEADING / 2 if note and i == len(lines) - 1 else 0.0 for i in range(len(lines))]
    edge = [words.align_edge, words.align_other_edge.format(flip=how)]
    if not fits_at_six_points([words.align_title, *lines, *edge, words.align_front], w - 20):
        return []  # the paper is too narrow for its instructions at 6 pt (a 4 x 6 in card)
    front_shapes: list[Shape] = [
        label(w / 2, 14, words.align_title, 5, weight="bold", colour=INK, max_width=w - 20),
        *(
            label(
                w / 2,
                21 + LEADING * i + gap,
                text,
                2.8,
                colour=INK,
                max_width=w - 20,
            )
            for i, (text, gap) in enumerate(zip(lines, gaps, strict=True))
        ),
        *(
            label(w / 2, h - EDGE - 12 + LEADING * i, text, 2.8, colour=INK, max_width=w - 20)
            for i, text in enumerate(edge)
        ),
        flip_box(w, h),
        label(w / 2, h - 12, words.align_front, 2.6, colour=INK, max_width=w - 20),
    ]
    back_shapes: list[Shape] = [flip_triangle(w, h, mirror_x, offset)]
    on_front, on_back = drift_marks(w, h, mirror_x, offset, spots)
    front_shapes += on_front
    back_shapes += on_back
    back_shapes.append(label(w / 2, h - 12, words.align_back, 2.6, colour=INK, max_width=w - 20))
    f = Drawing(w, h, tuple(front_shapes), title=FRONT)
    k = Drawing(w, h, tuple(back_shapes), title=BACK)
    origin = translate(0, 0)
    pages = []
    for drawing, side in ((f, press.words.front), (k, press.words.back)):
        text = footer_text(press.credit, side)
        pages.append(
            Page(
                w,
                h,
                (
                    Placement(drawing, origin),
                    Placement(footer(w, h, text, press.footer_bottom), origin),
                ),
            )
        )
    return pages


def flip_box(w: float, h: float) -> Shape:
    """The box on a `w` x `h` mm front, EDGE mm up from its foot, that the back's triangle
    shows through in when the printer turned the sheet over the edge it was asked to."""
    x, y = w / 2 - EDGE_BOX[0] / 2, h - EDGE - EDGE_BOX[1] / 2
    return Rect(x, y, *EDGE_BOX, Style(stroke=INK, width=0.15))


def flip_triangle(w: float, h: float, mirror_x: bool, offset: tuple[float, float]) -> Shape:
    """The back's one mark that is not symmetric, drawn where the back turned over as asked
    (left to right when `mirror_x`, else top to bottom) puts it behind `flip_box`, pointing up
    the front seen through the sheet: turned over the other edge, it shows near the top."""
    tx, ty = w / 2 + offset[0], (h - EDGE if mirror_x else EDGE) + offset[1]
    point = -1 if mirror_x else 1
    return polygon(
        [(tx, ty + 2.5 * point), (tx - 2.5, ty - 2 * point), (tx + 2.5, ty - 2 * point)],
        Style(stroke=None, fill="#c0262d"),
    )


def fits_at_six_points(texts: list[str], width: float) -> bool:
    """Whether every line (the title in bold) fits `width` mm at 6 pt, the least the press
    prints: if not, the alignment page is left out rather than printed too small to read."""
    title, *rest = texts
    widths = [text_width(title, SMALLEST, "bold"), *(text_width(t, SMALLEST) for t in rest)]
    return max(widths) <= width
