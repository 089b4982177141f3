"""A Dice Race sheet drawn with sheetgen's drawing model: the title and rules, six lanes (each
a die's face, its boxes, its finish and its score box), the turn track and the total. The sheet
is as wide as its lanes need (MIN_WIDTH at least) and as tall as its parts; nothing is drawn
within EDGE of its edges, which are a pad's cut lines."""

from __future__ import annotations

import math
from typing import NamedTuple

from sheetgen.draw import Circle, Drawing, Rect, Shape, Style, cap_height, label, text_width, wrap
from sheetgen_dice_race.model import DiceRaceLayout
from sheetgen_dice_race.rules import FACES

EDGE = 6.0  # mm kept clear inside the sheet's edges (the cut), twice the 3 mm a cut may stray
MIN_WIDTH = 120.0  # mm: a sheet is never narrower, so the rules have room
BOX_GAP = 1.5  # mm between a lane's boxes
ROW_GAP = 2.0  # mm between lanes
TURN_BOX = 6.0  # mm: a box of the turn track
TURN_GAP = 1.0  # mm between them
LINE = 1.45  # a line of text's height, in text sizes
# where a die's pips sit, in thirds of its face, face by face
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


class Plan(NamedTuple):
    """Where the sheet's parts go (mm): what its check and its drawing share."""

    width: float  # the sheet's
    height: float
    title_y: float  # centre of the title's capitals
    rules: tuple[tuple[float, str], ...]  # each line of the rules and the centre of its capitals
    header_y: float  # centre of the words over the finish and score columns
    lanes_y: float  # top of the first lane
    boxes_x: float  # left of a lane's first box
    score_x: float  # left of the score boxes (and the total's)
    score_w: float
    row_width: float  # from the sheet's left edge to the score box's right
    turns_y: float  # top of the turn track
    turns_x: float  # left of its first box
    per_row: int  # turn boxes a row
    total_y: float  # top of the total's box


def plan(layout: DiceRaceLayout) -> Plan:
    t, box = layout.text, layout.box
    words = layout.labels
    empty = words.empty.format(penalty=layout.penalty)
    score_w = max(2 * box, text_width(empty, t) + 2)
    boxes_x = EDGE + box + 3
    lane_end = boxes_x + layout.lane * (box + BOX_GAP) - BOX_GAP
    row_width = lane_end + 4 + score_w + EDGE
    title_w = EDGE + text_width(layout.title, 2 * t, "bold") + EDGE
    width = round(max(MIN_WIDTH, row_width, title_w), 1)
    y = EDGE
    title_cap = cap_height(2 * t, "bold")
    title_y = y + title_cap / 2
    y += title_cap + 1.2 * t
    rules = []
    for paragraph in layout.rules:
        for line in wrap(paragraph, t, width - 2 * EDGE):
            rules.append((y + LINE * t / 2, line))
            y += LINE * t
        y += 0.4 * t
    header_y = y + 0.6 * t + LINE * t / 2
    lanes_y = header_y + LINE * t / 2 + 0.8
    y = lanes_y + len(FACES) * (box + ROW_GAP) + 1.5 * t
    turns_x = EDGE + text_width(words.turns, t) + 3
    most = max(1, math.floor((width - EDGE - turns_x + TURN_GAP) / (TURN_BOX + TURN_GAP)))
    rows = math.ceil(layout.turns / most)
    per_row = math.ceil(layout.turns / rows)  # the rows as even as they go
    turns_y = y
    y += rows * (TURN_BOX + TURN_GAP) - TURN_GAP + 1.5 * t
    total_y = y
    height = round(total_y + box + EDGE, 1)
    score_x = width - EDGE - score_w
    return Plan(
        width, height, title_y, tuple(rules), header_y, lanes_y, boxes_x, score_x, score_w,
        row_width, turns_y, turns_x, per_row, total_y,
    )  # fmt: skip


def die(x: float, y: float, side: float, face: int, ink: str) -> list[Shape]:
    """A die showing `face`, `side` mm square, its top-left corner at (x, y)."""
    third = side / 3
    pips = [
        Circle(x + third * (c + 0.5), y + third * (r + 0.5), side * 0.09, Style(None, fill=ink))
        for c, r in PIPS[face]
    ]
    return [Rect(x, y, side, side, Style(ink, 0.35), rx=side * 0.18), *pips]


def _lanes(layout: DiceRaceLayout, p: Plan) -> list[Shape]:
    box, t, ink, accent = layout.box, layout.text, layout.ink, layout.accent
    words = layout.labels
    finish_x = p.boxes_x + (layout.lane - 1) * (box + BOX_GAP)
    out: list[Shape] = [
        label(finish_x + box / 2, p.header_y, words.finish.format(bonus=layout.bonus), t,
              colour=accent, weight="bold"),
        label(p.score_x + p.score_w / 2, p.header_y, words.empty.format(penalty=layout.penalty),
              t, colour=ink),
    ]  # fmt: skip
    for row, face in enumerate(FACES):
        y = p.lanes_y + row * (box + ROW_GAP)
        out += die(EDGE, y, box, face, ink)
        for i in range(layout.lane):
            last = i == layout.lane - 1
            style = Style(accent, 0.6) if last else Style(ink, 0.3)
            out.append(Rect(p.boxes_x + i * (box + BOX_GAP), y, box, box, style))
        out.append(Rect(p.score_x, y, p.score_w, box, Style(ink, 0.3)))
    return out


def _turns(layout: DiceRaceLayout, p: Plan) -> list[Shape]:
    t, ink = layout.text, layout.ink
    out: list[Shape] = [label(EDGE, p.turns_y + TURN_BOX / 2, layout.labels.turns, t,
                              anchor="start", colour=ink)]  # fmt: skip
    for n in range(layout.turns):
        row, col = divmod(n, p.per_row)
        x = p.turns_x + col * (TURN_BOX + TURN_GAP)
        y = p.turns_y + row * (TURN_BOX + TURN_GAP)
        out.append(Rect(x, y, TURN_BOX, TURN_BOX, Style(ink, 0.25), rx=0.8))
    return out


def _total(layout: DiceRaceLayout, p: Plan, credit: bool) -> list[Shape]:
    box, t = layout.box, layout.text
    middle = p.total_y + box / 2
    out: list[Shape] = [
        label(p.score_x - 2, middle, layout.labels.total, t * 1.3, anchor="end",
              colour=layout.accent, weight="bold"),
        Rect(p.score_x, p.total_y, p.score_w, box, Style(layout.accent, 0.6)),
    ]  # fmt: skip
    if credit and layout.credit:  # a sheet cut from a shared page carries its credit
        room = p.score_x - 4 - text_width(layout.labels.total, t * 1.3, "bold") - 2 * EDGE
        out.append(
            label(EDGE, middle, layout.credit, t, anchor="start", colour=layout.ink,
                  max_width=max(room, 1.0))
        )  # fmt: skip
    return out


def draw_sheet(layout: DiceRaceLayout, credit: bool = False) -> Drawing:
    """The whole sheet at its printed size, with the credit at its foot if `credit` (for sheets
    that share a page and are cut apart; otherwise the page footer carries it)."""
    p = plan(layout)
    t = layout.text
    shapes: list[Shape] = [
        label(EDGE, p.title_y, layout.title, 2 * t, anchor="start", colour=layout.accent,
              weight="bold"),
        *(label(EDGE, y, line, t, anchor="start", colour=layout.ink) for y, line in p.rules),
    ]  # fmt: skip
    shapes += _lanes(layout, p) + _turns(layout, p) + _total(layout, p, credit)
    return Drawing(p.width, p.height, tuple(shapes), title=f"{layout.title} sheet")
