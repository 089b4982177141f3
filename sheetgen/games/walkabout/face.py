"""A die face's art: its movement on lattice dots, its symbol and its number.

A face is drawn on a 16 mm square and scaled to its size. Its art keeps inside a frame SAFE mm
in from the cut (SAFE mm as printed on the smallest dice too); the number sits top right and the
symbol in the first corner (bottom right, bottom left, top left) that leaves the movement CLEAR
of it. Every movement is drawn at one step length, so a longer walk looks longer.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from sheetgen.draw import Group, Shape, label, pt, scale, text_width
from sheetgen.draw.colour import mix
from sheetgen.draw.fonts import cap_height
from sheetgen.games.walkabout.model import Die, Face, Symbol, Turn
from sheetgen.games.walkabout.movement import (
    Blot,
    Box,
    Pen,
    Point,
    clearance,
    drawn,
    lattice,
    place,
)
from sheetgen.games.walkabout.symbols import ink, symbol

UNIT = 16.0  # faces are drawn on a square this many mm across, then scaled to their size
SAFE = 3.0  # mm (at 16 mm; as printed, at least) kept clear inside the cut
INK = 0.45  # mm (at 16 mm) that strokes, dots and arrow heads reach past their points
SYMBOL = 4.0  # the symbol's size (at 16 mm)
CLEAR = 1.0  # mm (at 16 mm; as printed, at least) between a movement and symbol or number
NUMBER_SLACK = 0.25  # the share of CLEAR a movement may come nearer the number where it must
MAX_STEP = 3.6  # mm (at 16 mm): no step longer, however short the longest walk
WIDTH = 0.5  # mm (at 16 mm): the movement's line


def frame(size: float) -> tuple[float, float]:
    """The square (from lo to hi across and down, at 16 mm) that a face `size` mm across
    keeps its art's points in: SAFE mm inside the cut as printed however small the die (so
    more at 16 mm on a smaller die), and INK more for the strokes round those points."""
    margin = SAFE * max(1.0, UNIT / size)
    return margin + INK, UNIT - margin - INK


def clear_of_cut(size: float) -> float:
    """mm, as printed, that the art of a face `size` mm across keeps inside its cut (its
    frame's SAFE, scaled with a die larger than 16 mm)."""
    return SAFE * max(1.0, size / UNIT)


def face_pen(die: Die, widest: float, size: float = UNIT) -> Pen:
    """The pen of a face at 16 mm: one step length for every face of the dice, the widest
    movement filling the frame but for its start ring (or arrowhead) at either side."""
    lo, hi = frame(size)
    ring = Pen(1.0, WIDTH, die.ink, die.colour).ring
    step = min(MAX_STEP, (hi - lo - 2 * ring) / widest)
    more = _inset(Pen(step, WIDTH, die.ink, die.colour)) - ring  # a head reaching past the ring
    return Pen(step - 2 * more / widest, WIDTH, die.ink, die.colour)


def _inset(pen: Pen) -> float:
    """How far inside the frame a movement's points stay, so its ink stays in the frame's INK."""
    return max(pen.ring, pen.reach - INK)


def face_art(die: Die, face: Face, number: int, size: float, widest: float) -> Group:
    """A face's art for a face `size` mm across, without its colour: the movement on its
    lattice, the symbol in the first corner of bottom right, bottom left and top left that
    leaves CLEAR mm between it and the movement (else in the clearest) and the face's number
    top right."""
    k = size / UNIT
    lo, hi = frame(size)
    digits = str(number)
    num_size = max(2.3, pt(6.3) / k)  # never under 6 pt as printed
    num_w, num_h = text_width(digits, num_size, "bold"), cap_height(num_size, "bold")
    number_box = (hi - num_w, lo, hi, lo + num_h)
    pen = face_pen(die, widest, size)
    inset = _inset(pen)
    area = (lo + inset, lo + inset, hi - inset, hi - inset)
    clear = CLEAR * max(1.0, UNIT / size)  # at least CLEAR mm as printed
    corners = [(hi - SYMBOL, hi - SYMBOL), (lo, hi - SYMBOL), (lo, lo)]
    marks = [
        symbol(face.symbol, x + SYMBOL / 2, y + SYMBOL / 2, SYMBOL, die.ink) for x, y in corners
    ]
    i, start = _settle(tuple(face.move), face.symbol, pen, area, tuple(marks), number_box, clear)
    x, y = corners[i]
    avoid = [_around((x, y, x + SYMBOL, y + SYMBOL), ink(marks[i])), number_box]
    mark = marks[i]
    dots = lattice(pen, start, (lo, lo, hi, hi), avoid, mix(die.colour, die.ink, 0.45), 0.32)
    art: list[Shape] = [
        *dots,
        *drawn(face, pen, start),
        mark,
        label(hi, lo + num_h / 2, digits, num_size, anchor="end", weight="bold", colour=die.ink),
    ]
    return Group(tuple(art), scale(k))


@cache  # a face drawn again (on the sheet and alone, on the mat, in the roller) is placed once
def _settle(
    move: tuple[Turn, ...],
    symbol: Symbol | Literal["?"],
    pen: Pen,
    area: Box,
    marks: tuple[Group, ...],
    number: Box,
    clear: float,
) -> tuple[int, Point]:
    """Which of `marks` (the symbol in each corner in turn) to draw and where the movement
    `move` starts: the first mark whose ink the movement can keep `clear` mm from, and the
    number too; else the first it can keep clear of with the number NUMBER_SLACK nearer (a
    number is not mistaken for a step as a symbol is); else the clearest."""
    face = Face(move=list(move), symbol=symbol)
    best: tuple[float, int, Point] | None = None
    for slack in (0.0, NUMBER_SLACK * clear):
        for i, mark in enumerate(marks):
            avoid = [*ink(mark), (number, -slack)]  # the number's box, `slack` mm smaller
            start = place(face, pen, area, avoid, clear)
            gap = clearance(face, pen, start, avoid, clear)
            if gap >= clear:
                return i, start
            if best is None or gap > best[0]:
                best = (gap, i, start)
    assert best is not None
    return best[1], best[2]


def _around(square: Box, blots: list[Blot]) -> Box:
    """The symbol's square, grown to take in any of its ink that reaches past it."""
    return (
        min([square[0], *(b[0] - r for b, r in blots)]),
        min([square[1], *(b[1] - r for b, r in blots)]),
        max([square[2], *(b[2] + r for b, r in blots)]),
        max([square[3], *(b[3] + r for b, r in blots)]),
    )
