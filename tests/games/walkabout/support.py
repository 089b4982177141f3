"""What the Walkabout tests share: the dice layout's faces drawn and told apart by part, and
the symbols drawn on a map."""

from __future__ import annotations

import numpy as np

from sheetgen.draw import Circle, Drawing, Group, LineTo, MoveTo, Path, Text
from sheetgen.games.walkabout.dice import face_drawing
from sheetgen.games.walkabout.draw import node_xy
from sheetgen.games.walkabout.model import DiceLayout, Die, Face, MapLayout
from sheetgen.games.walkabout.movement import span
from sheetgen.layouts.read import load
from tests.support.ink import Ink, ink, scale

DICE: DiceLayout = load("walkabout/dice").model  # type: ignore[assignment]
WIDEST = span([f for die in DICE.dice for f in die.faces])


class Art:
    """A face's drawing at one size, its parts told apart by what they are."""

    def __init__(self, die: Die, number: int, face: Face, size: float) -> None:
        self.size = size
        self.drawing: Drawing = face_drawing(die, face, number, size, WIDEST)
        art = self.drawing.children[1]
        assert isinstance(art, Group)
        self.at = art.transform
        kids = art.children
        self.symbol = [s for s in kids if isinstance(s, Group)]
        self.number = [s for s in kids if isinstance(s, Text)]
        self.line = next(s for s in kids if isinstance(s, Path) and s.style.fill is None)
        self.head = next(s for s in kids if isinstance(s, Path) and s.style.fill == die.ink)
        self.ring = next(s for s in kids if isinstance(s, Circle) and s.style.fill == die.colour)
        assert len(self.symbol) == 1 and len(self.number) == 1

    def walk(self) -> Ink:
        return ink([self.line, self.head, self.ring], self.at)

    def last_step(self) -> tuple[float, float, bool]:
        """The last step's length (mm, from the node before it to the arrowhead's tip), how
        much of it shows as plain line (from that node, or from the start ring's outer edge
        where the step leaves the ring, to where the arrowhead's ink begins), and whether it
        leaves the ring."""
        t, k = self.at, scale(self.at)
        line = [t.apply(s.x, s.y) for s in self.line.segments if isinstance(s, MoveTo | LineTo)]
        corners = [
            np.array(t.apply(s.x, s.y))
            for s in self.head.segments
            if isinstance(s, MoveTo | LineTo)
        ]
        before = np.array(line[-2])
        tip = max(corners, key=lambda c: float(np.linalg.norm(c - before)))
        step = float(np.linalg.norm(tip - before))
        way = (tip - before) / step
        head = min(float((c - before) @ way) for c in corners) - self.head.style.width * k / 2
        centre = np.array(t.apply(self.ring.cx, self.ring.cy))
        rim = (self.ring.r + self.ring.style.width / 2) * k
        leaves_ring = bool(np.linalg.norm(centre - before) < 1e-6)
        return step, head - (rim if leaves_ring else 0.0), leaves_ring


def map_symbols(layout: MapLayout, drawing: Drawing) -> list[Group]:
    """The symbols drawn on the map (not those of the score box below it)."""
    bottom = node_xy(layout, (0, 2 * layout.rows))[1]
    return [s for s in drawing.children if isinstance(s, Group) and s.transform.f < bottom]
