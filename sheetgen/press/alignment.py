"""The duplex alignment test: a front with tick scales and a back with cross lines behind them,
so a printer's drift between the sides can be read off and corrected with --offset."""

from __future__ import annotations

from sheetgen.draw import Circle, Drawing, Shape, Style, label, line
from sheetgen.draw.transform import translate
from sheetgen.press.document import Flip, Page, Placement
from sheetgen.press.impose import PressOptions, plan_grid

SCALE_REACH = 4.0  # mm either side of each alignment mark, in half millimetres
LABEL_EVERY = 8  # half-millimetre ticks between numbers: one every 4 mm, clear of each other
ARM = 10.5  # mm from a back cross's centre to its ends: across the ticks, short of the numbers
TOP = 50.0  # mm from the top (and bottom) edge to the upper (and lower) marks
TEXT = 2.2  # mm, a little over 6 pt
INK = "#2b2a26"


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


def alignment_pages(
    press: PressOptions, flip: Flip, offset: tuple[float, float], layout: str
) -> list[Page]:
    """A front with tick scales at five places and a back with plain cross lines behind them.

    Held to the light, each back line crosses its scale at the number to pass to --offset
    when building `layout` again.
    """

    grid = plan_grid(60, 60, 0, press)
    w, h = grid.page_w, grid.page_h
    portrait = w <= h
    mirror_x = (flip == "long") == portrait
    spots = [(w / 2, h / 2), (30, TOP), (w - 30, TOP), (30, h - TOP), (w - 30, h - TOP)]
    front_shapes: list[Shape] = [
        label(w / 2, 14, "DUPLEX ALIGNMENT TEST", 5, weight="bold", colour=INK),
        label(
            w / 2,
            21,
            f"Print this page and the next double-sided ({flip}-edge flip), at actual size.",
            2.8,
            colour=INK,
        ),
        label(
            w / 2,
            26,
            "Hold the sheet to the light. Each red line on the back crosses a scale in mm (ticks "
            "every 0.5 mm):",
            2.8,
            colour=INK,
        ),
        label(
            w / 2,
            31,
            "the upright line the scale below its circle (x), the level line the scale beside it "
            "(y).",
            2.8,
            colour=INK,
        ),
        label(
            w / 2,
            36,
            "Pass the readings (their average if the five differ) as: sheetgen build "
            f"{layout}{' --flip short' if flip == 'short' else ''} --offset X,Y",
            2.8,
            colour=INK,
        ),
        label(w / 2, h - 12, "Front of the duplex alignment test", 2.6, colour=INK),
    ]
    back_shapes: list[Shape] = []
    line_style = Style(stroke="#c0262d", width=0.2)
    for x, y in spots:
        front_shapes.append(Circle(x, y, 1.2, Style(stroke=INK, width=0.15)))
        front_shapes += _scale(x, y, True, 1 if mirror_x else -1)
        front_shapes += _scale(x, y, False, -1 if mirror_x else 1)
        bx = w - x if mirror_x else x
        by = y if mirror_x else h - y
        back_shapes += [
            line(
                bx + offset[0],
                by + offset[1] - ARM,
                bx + offset[0],
                by + offset[1] + ARM,
                line_style,
            ),
            line(
                bx + offset[0] - ARM,
                by + offset[1],
                bx + offset[0] + ARM,
                by + offset[1],
                line_style,
            ),
        ]
    back_shapes.append(label(w / 2, h - 12, "Back of the duplex alignment test", 2.6, colour=INK))
    f = Drawing(w, h, tuple(front_shapes), title="duplex alignment front")
    k = Drawing(w, h, tuple(back_shapes), title="duplex alignment back")
    origin = translate(0, 0)
    return [Page(w, h, (Placement(f, origin),)), Page(w, h, (Placement(k, origin),))]
