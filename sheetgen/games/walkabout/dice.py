"""Walkabout's dice: each face as a piece or an image, the faces to cut out (a band a die,
which the press lays out with its crop marks) and the dice mat (a face's art itself is drawn
in `face`)."""

from __future__ import annotations

from functools import partial

from sheetgen.draw import (
    Drawing,
    Rect,
    Shape,
    Style,
    label,
    wrap,
)
from sheetgen.draw.colour import mix
from sheetgen.draw.icons import arrow
from sheetgen.draw.sheets import Band, Bands
from sheetgen.games.walkabout.face import face_art
from sheetgen.games.walkabout.model import DiceLayout, Die, Face, MatLayout
from sheetgen.games.walkabout.movement import Pen, drawn, forward_heading, lattice, place, span
from sheetgen.games.walkabout.symbols import symbol

BLEED = 2.0  # mm of die colour beyond every cut of a face (--bleed sets another)
TEXT = "#2a2622"


def face_drawing(
    die: Die, face: Face, number: int, size: float, widest: float, bleed: float = 0.0
) -> Drawing:
    """One die face `size` mm across, its colour to the edge (and `bleed` mm beyond it): an
    image of its own, or a piece to cut out."""
    colour = Rect(
        -bleed, -bleed, size + 2 * bleed, size + 2 * bleed, Style(stroke=None, fill=die.colour)
    )
    art = face_art(die, face, number, size, widest)
    return Drawing(size, size, (colour, art), bleed=bleed, title=f"{die.name} die face {number}")


def face_bands(layout: DiceLayout, size: float, bleed: float, copies: int = 1) -> Bands:
    """Every face to cut out: a band a die, headed by its name (the first also by how to make
    the dice), each face a piece with `bleed` mm of die colour beyond its cut and the die's
    colour under its row, so a cut a little off the line shows no paper."""
    widest = span([f for die in layout.dice for f in die.faces])
    note = layout.labels.dice_sheet.format(size=f"{size:g}")
    lines = wrap(note, NOTE_SIZE, NOTE_WIDTH)
    bands = []
    for number, die in enumerate(layout.dice):
        faces = [
            face_drawing(die, face, i, size, widest, bleed)
            for i, face in enumerate(die.faces, start=1)
        ]
        said = lines if number == 0 else []
        heading = partial(_die_heading, die.name, said)
        taller = HEADING_CLEAR + LINE * len(said)  # the note's lines above the name
        seams = mix(die.colour, die.ink, 0.35)  # a faint line along each cut between faces
        bands.append(
            Band(die.name.lower(), faces * copies, heading, die.colour, taller, True, seams)
        )
    return Bands(bands, together=len(bands), stack=True)


NOTE_SIZE, NAME_SIZE, LINE = 2.6, 3.2, 4.0  # mm: the note's and the name's size, a line
NOTE_WIDTH = 110.0  # mm the note wraps to: a row of faces' width or so, on any paper
HEADING_CLEAR = 1.0  # mm more between a die's name and the crop marks under it


def _die_heading(name: str, lines: list[str], width: float) -> Drawing:
    """A die's name in bold, under the lines that say how to make the dice (on the first)."""
    shapes: list[Shape] = [
        label(0, 1.6 + LINE * i, text, NOTE_SIZE, anchor="start", colour=TEXT)
        for i, text in enumerate(lines)
    ]
    top = LINE * len(lines)
    shapes.append(
        label(
            0,
            top + 2.2,
            name,
            NAME_SIZE,
            anchor="start",
            weight="bold",
            colour=TEXT,
            max_width=width,
        )
    )
    return Drawing(width, top + 4.5, tuple(shapes), title=f"{name} die")


MAT_W, MAT_H = 194.0, 250.5  # fits A4 and US Letter with the calibration ruler below


def _mat_header(layout: MatLayout, width: float) -> tuple[list[Shape], float]:
    """Title, how to use the mat, and the arrow along forward, `width` mm across; and where
    the columns begin."""
    words = layout.labels
    heading = words.mat_heading.format(title=layout.title).upper()
    intro = wrap(f"{words.mat_put} {words.mat_turn} {words.mat_point}", 2.8, width - 34)
    title = label(
        0,
        6,
        heading,
        6.0,
        anchor="start",
        weight="bold",
        colour=layout.accent,
        max_width=width - 34,
    )
    shapes: list[Shape] = [
        title,
        *(
            label(0, 13 + 4.3 * i, text, 2.8, anchor="start", colour=layout.ink)
            for i, text in enumerate(intro)
        ),
        arrow(width - 15, 10, 26, 9, layout.accent, forward_heading()),
    ]
    return shapes, max(22.0, 13 + 4.3 * len(intro))


MAT_EDGE = "#c9bda8"  # the edge of the mat's cells and column headings


def _mat_cell(
    layout: MatLayout, face: Face, number: int, pen: Pen, x: float, y: float, w: float, h: float
) -> list[Shape]:
    """One face on the mat: its movement on the lattice, its number, symbol and the name."""
    ink, box = layout.ink, h - 6
    cell = Style(stroke=MAT_EDGE, width=0.3, fill=layout.paper)
    area = (x + 4, y + 3, x + 4 + box, y + 3 + box)
    start = place(face, pen, area, [], 0.0)
    name = layout.labels.symbol_name(face.symbol)
    return [
        Rect(x + 1, y + 1, w - 2, h - 2, cell, rx=2),
        *lattice(pen, start, area, [], layout.grid_line, max(0.3, pen.step * 0.05)),
        *drawn(face, pen, start),
        label(x + w - 4, y + 6, str(number), 3.2, anchor="end", weight="bold", colour=ink),
        symbol(face.symbol, x + w - 11, y + h / 2 + 3, 11, layout.symbols.of(face.symbol)),
        label(x + w - 11, y + h - 4, name, 2.3, colour=ink),
    ]


def mat_drawing(
    layout: MatLayout, dice: DiceLayout, room: tuple[float, float] = (MAT_W, MAT_H)
) -> Drawing:
    """The dice mat, `room` mm (width, height): each face's movement on a larger lattice, a
    column a die, and an arrow along the forward direction to turn your map by."""
    width, height = room
    shapes, top = _mat_header(layout, width)
    col_w = width / len(dice.dice)
    cell_h = (height - top - 8) / 6
    step = (cell_h - 6) * 0.8 / span([f for die in dice.dice for f in die.faces])
    pen = Pen(step, max(0.5, step * 0.1), layout.ink, layout.paper)
    for d, die in enumerate(dice.dice):
        x = d * col_w
        heading = Style(stroke=MAT_EDGE, width=0.3, fill=die.colour)  # edged like the cells,
        shapes.append(Rect(x + 1, top, col_w - 2, 7, heading, rx=1.5))  # so a pale die shows
        name = layout.labels.die_name.format(name=die.name)
        shapes.append(label(x + col_w / 2, top + 3.5, name, 3.4, weight="bold", colour=die.ink))
        for i, face in enumerate(die.faces):
            shapes += _mat_cell(layout, face, i + 1, pen, x, top + 8 + i * cell_h, col_w, cell_h)
    return Drawing(width, height, tuple(shapes), title="dice mat")
