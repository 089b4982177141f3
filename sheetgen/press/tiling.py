"""Tiling: a drawing larger than the paper, cut into overlapping pages to print and stick.

Pages are named by a row letter and a column number (A1 top-left). Every page but the first
is cut along dashed lines on its left and top and laid over its neighbours there, so the cuts
run down the middle of each overlap. Where the paper leaves room, a cut splits no text, leaves
room for ⊕ registration marks and crosses the fewest boxes that matter (a board's cells, say);
the marks sit on the cuts where they cover nothing that matters. Below each picture the page
says which pages it is laid over and how to line them up (by its marks, or where it has none by
the picture itself), shows a map of where every page goes and, where the paper leaves room, the
calibration ruler. A page holds only the shapes it shows.

A drawing with a bleed (a board printed edge to edge) prints it round its outer edges only:
each page at an edge of the picture prints the bleed there, with crop marks in line with that
trim edge, and its TrimBox is its part of the picture (overlaps included) and its BleedBox that
and the bleed; the overlaps between pages are as they are without a bleed, cut away or laid
under a neighbour, so they need none.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Sequence
from functools import cached_property, lru_cache

from sheetgen.draw.document import Box, Page, Placement
from sheetgen.draw.fonts import cap_height, fit_size, label, pt, text_width, wrap
from sheetgen.draw.geometry import line
from sheetgen.draw.shapes import (
    Circle,
    CurveTo,
    Drawing,
    Field,
    Group,
    Image,
    LineTo,
    MoveTo,
    Path,
    Rect,
    Shape,
    Style,
    Text,
    Weight,
)
from sheetgen.draw.sheets import TileWords
from sheetgen.draw.transform import IDENTITY, Transform, rotate, translate
from sheetgen.draw.walk import leaves
from sheetgen.errors import SheetgenError, UsageError
from sheetgen.frozen import frozen
from sheetgen.model.paper import RULER_CLEARANCE, RULER_HEIGHT
from sheetgen.press.footer import footer, footer_text
from sheetgen.press.marks import MARK_CLEARANCE, MARK_LENGTH, MARK_LIMIT, MARK_STYLE
from sheetgen.press.plan import PressOptions
from sheetgen.press.ruler import RULER_WIDTH, calibration_ruler

INK = "#222222"
# The ⊕ registration marks that line pages up, apart from the crop marks of `press.marks`
GUIDE_INK = "#c0262d"  # the registration marks and the dashed cut lines
REGISTRATION_RADIUS = 2.5  # half the width of a ⊕ mark
REGISTRATION_STEP = 40.0  # mm between marks along a cut, where there is room
REGISTRATION_CLEARANCE = 2.0  # mm between a mark and anything that matters
EDGE_CLEARANCE = 3.0  # mm between a mark and the edge of the picture on its page
TEXT_CLEARANCE = 1.0  # mm a cut keeps from any text
INFO_BAND = 34.0  # mm below the picture for the page's words and map (less on small paper)
INFO_GAP = 4.0
TEXT_SIZE = pt(8)
HEAD_SIZE = pt(9)
MAP_TEXT = pt(7)
MAP_WIDTH = 70.0
MAP_HEIGHT = 50.0
WORDS_MIN = 25.0  # mm: the least the ruler leaves for a page's words (five lines) and map
MAX_PAGES = 400


@frozen
class Plan:
    """Where a drawing is cut: each axis's cut positions (mm on the drawing) and the paper's
    orientation."""

    cuts_x: tuple[float, ...]
    cuts_y: tuple[float, ...]
    landscape: bool
    width: float
    height: float
    overlap: float

    @property
    def columns(self) -> int:
        return len(self.cuts_x) + 1

    @property
    def rows(self) -> int:
        return len(self.cuts_y) + 1

    def window(self, row: int, column: int) -> Box:
        """The part of the drawing page (row, column) prints, overlaps included."""
        x0, x1 = _span(self.cuts_x, column, self.width, self.overlap)
        y0, y1 = _span(self.cuts_y, row, self.height, self.overlap)
        return (x0, y0, x1 - x0, y1 - y0)

    def printed(self, row: int, column: int, bleed: float) -> Box:
        """`window`, grown by `bleed` on each of the drawing's outer edges it reaches: a bled
        picture's bleed goes round its outside only, its overlaps as they are."""
        x, y, w, h = self.window(row, column)
        left = bleed if column == 0 else 0.0
        top = bleed if row == 0 else 0.0
        right = bleed if column == self.columns - 1 else 0.0
        bottom = bleed if row == self.rows - 1 else 0.0
        return (x - left, y - top, w + left + right, h + top + bottom)


def _span(cuts: tuple[float, ...], k: int, length: float, lap: float) -> tuple[float, float]:
    start = cuts[k - 1] - lap / 2 if k > 0 else 0.0
    end = cuts[k] + lap / 2 if k < len(cuts) else length
    return start, end


def _around(points: list[tuple[float, float]], at: Transform, pad: float = 0.0) -> Box:
    """The box around `points` placed by `at`, grown by `pad` each side."""
    placed = [at.apply(x, y) for x, y in points]
    xs, ys = [p[0] for p in placed], [p[1] for p in placed]
    return (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)


def _text_box(text: Text, at: Transform) -> Box:
    """A text's box (its advance width by its cap height) placed by `at`."""
    width = text_width(text.text, text.size, text.weight, text.family)
    left = text.x - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    top = text.y - cap_height(text.size, text.weight, text.family)
    turn = rotate(text.rotation, text.x, text.y) if text.rotation else IDENTITY
    return _around([(x, y) for x in (left, left + width) for y in (top, text.y)], at @ turn)


@lru_cache(maxsize=4)
def text_boxes(drawing: Drawing) -> tuple[Box, ...]:
    """The box of every text of the drawing (worked out once a drawing: the cuts and the marks
    ask for them, on every paper a check presses the drawing on)."""
    texts = leaves(drawing.children, IDENTITY)
    return tuple(_text_box(s, at) for s, at in texts if isinstance(s, Text))


def _leaf_box(shape: Shape, at: Transform) -> Box:
    """A box (generous: strokes, descenders and curve handles included) around a leaf shape."""
    if isinstance(shape, Text):
        x, y, w, h = _text_box(shape, at)
        return (x, y - h, w, 2.5 * h)  # accents above, descenders below
    if isinstance(shape, Circle):
        r = shape.r + shape.style.width
        return _around([(shape.cx - r, shape.cy - r), (shape.cx + r, shape.cy + r)], at)
    if isinstance(shape, Path):
        points = [(v.x, v.y) for v in shape.segments if isinstance(v, (MoveTo, LineTo))]
        points += [
            p
            for v in shape.segments
            if isinstance(v, CurveTo)
            for p in ((v.x1, v.y1), (v.x2, v.y2), (v.x, v.y))
        ]
        return _around(points or [(0.0, 0.0)], at, shape.style.width * abs(at.a))
    if isinstance(shape, Image):
        return _around([(shape.x, shape.y), (shape.x + shape.w, shape.y + shape.h)], at)
    assert isinstance(shape, (Rect, Field))
    pad = shape.style.width
    return _around(
        [(shape.x - pad, shape.y - pad), (shape.x + shape.w + pad, shape.y + shape.h + pad)], at
    )


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def leaf_boxes(shapes: tuple[Shape, ...], at: Transform) -> list[Box]:
    """The box of every leaf shape under `shapes` placed by `at`, in the order `visible` meets
    them (worked out once a drawing, however many pages it is cut into)."""
    out: list[Box] = []
    for shape in shapes:
        if isinstance(shape, Group):
            out += leaf_boxes(shape.children, at @ shape.transform)
        else:
            out.append(_leaf_box(shape, at))
    return out


@lru_cache(maxsize=4)
def _leaf_boxes(drawing: Drawing) -> tuple[Box, ...]:
    """`leaf_boxes` of a whole drawing, worked out once a drawing (a check tiles it on two
    papers)."""
    return tuple(leaf_boxes(drawing.children, IDENTITY))


def visible(shapes: tuple[Shape, ...], boxes: Iterator[Box], window: Box) -> tuple[Shape, ...]:
    """The shapes (groups pruned) that reach into `window`: a page holds only what it shows.
    `boxes` gives the leaves' boxes in turn (`leaf_boxes`)."""
    out: list[Shape] = []
    for shape in shapes:
        if isinstance(shape, Group):
            kept = visible(shape.children, boxes, window)
            if kept:
                out.append(Group(kept, shape.transform, shape.clip))
        elif _meets(next(boxes), window):
            out.append(shape)
    return tuple(out)


@frozen
class _Axis:
    """One axis of the drawing as the cuts across it see it: its length, and for each box that
    matters its span along the axis and its span across it."""

    length: float
    across: float  # the drawing's length the other way
    boxes: tuple[tuple[float, float, float, float], ...]  # lo, hi along; lo, hi across
    texts: tuple[tuple[float, float], ...]  # spans along, grown by TEXT_CLEARANCE

    @staticmethod
    def of(drawing: Drawing, boxes: Sequence[Box], texts: Sequence[Box], vertical: bool) -> _Axis:
        """The axis a vertical cut (`vertical`, at some x) or a horizontal one crosses."""
        if vertical:
            spans = tuple((x, x + w, y, y + h) for x, y, w, h in boxes)
            words = tuple((x - TEXT_CLEARANCE, x + w + TEXT_CLEARANCE) for x, _, w, _ in texts)
            return _Axis(drawing.width, drawing.height, spans, words)
        spans = tuple((y, y + h, x, x + w) for x, y, w, h in boxes)
        words = tuple((y - TEXT_CLEARANCE, y + h + TEXT_CLEARANCE) for _, y, _, h in texts)
        return _Axis(drawing.height, drawing.width, spans, words)

    def spots(
        self,
        cut: float,
        others: Sequence[float] = (),
        lap: float = 0.0,
        near: frozenset[int] | None = None,
    ) -> list[float]:
        """Where marks go along the cut at `cut`: REGISTRATION_STEP apart where nothing that
        matters is within reach, clear of the ends and of the other axis's cuts. (`near`: the
        boxes within reach of the cut, by their place in `boxes`, when they are known.)"""
        reach = REGISTRATION_RADIUS + REGISTRATION_CLEARANCE
        end = EDGE_CLEARANCE + REGISTRATION_RADIUS
        blocked = [(0.0, end), (self.across - end, self.across)]
        blocked += [(a - lap, a + lap) for a in others]
        boxes = self.boxes if near is None else [self.boxes[n] for n in sorted(near)]
        blocked += [
            (a - reach, b + reach) for lo, hi, a, b in boxes if lo - reach < cut < hi + reach
        ]
        out: list[float] = []
        for a, b in _free(self.across, blocked):
            count = int((b - a) // REGISTRATION_STEP) + 1
            out += (
                [(a + b) / 2]
                if count == 1
                else [a + i * (b - a) / (count - 1) for i in range(count)]
            )
        return out

    def cuts(self, window: float, lap: float) -> list[float]:
        """Cut positions: as many pages as the window needs, each cut near its even share but
        moved (as far as the pages' size allows) to split no text, to leave room for two marks,
        and to cross the fewest boxes, in that order."""
        pages = max(1, math.ceil((self.length - lap) / (window - lap) - 1e-9))
        step, stride = (self.length - lap) / pages, window - lap - 1e-6
        last = self.length - lap / 2
        edges = sorted(
            {e for lo, hi, _, _ in self.boxes for e in (lo, hi)}
            | {e for t in self.texts for e in t}
        )
        cuts: list[float] = []
        before = lap / 2
        for k in range(1, pages):
            low, high = max(before + lap, last - (pages - k) * stride), before + stride
            ideal = min(max(k * step + lap / 2, low), high)
            near = [low + i * 0.5 for i in range(int((high - low) / 0.5) + 1)]
            choices = [ideal, *(e for e in edges if low <= e <= high), *near]
            before = choices[self._best(choices, ideal)]
            cuts.append(before)
        return cuts

    def _best(self, choices: list[float], ideal: float) -> int:
        """Which of `choices` a cut goes at: the first of the least by (texts split, -marks
        (two at most), boxes crossed, distance from `ideal` to a millionth of a mm), each
        narrowing the choices the next one ranks."""
        split = _inside(self._words, choices)
        least = min(split)
        alive = [i for i, n in enumerate(split) if n == least]
        # the marks a cut leaves room for hang on which boxes block them: counted once for each
        # set of boxes a cut is blocked by, all of which block the same marks
        counted: dict[frozenset[int], int] = {}
        marks = []
        for i, near in zip(
            alive, _holding(self._reached, [choices[i] for i in alive]), strict=True
        ):
            if near not in counted:
                counted[near] = min(2, len(self.spots(choices[i], near=near)))
            marks.append(counted[near])
        most = max(marks)
        alive = [i for i, m in zip(alive, marks, strict=True) if m == most]
        crossed = _inside(self._crossed, [choices[i] for i in alive])
        fewest = min(crossed)
        alive = [i for i, n in zip(alive, crossed, strict=True) if n == fewest]
        return min(alive, key=lambda i: round(abs(choices[i] - ideal), 6))

    @cached_property
    def _words(self) -> _Spans:
        """The texts' spans along the axis, for `_inside`."""
        return _spans(self.texts)

    @cached_property
    def _crossed(self) -> _Spans:
        """The boxes' spans along the axis, for `_inside`."""
        return _spans((lo, hi) for lo, hi, _, _ in self.boxes)

    @cached_property
    def _reached(self) -> _Spans:
        """The boxes' spans along the axis grown by a mark's reach, for `_holding`."""
        reach = REGISTRATION_RADIUS + REGISTRATION_CLEARANCE
        return _spans((lo - reach, hi + reach) for lo, hi, _, _ in self.boxes)


# open spans (lo, hi) with an inside (lo < hi): their starts and their ends in order, each with
# the span's place among all those given
_Spans = tuple[list[tuple[float, int]], list[tuple[float, int]]]


def _spans(spans: Iterable[tuple[float, float]]) -> _Spans:
    held = [(lo, hi, n) for n, (lo, hi) in enumerate(spans) if lo < hi]
    return sorted((lo, n) for lo, _, n in held), sorted((hi, n) for _, hi, n in held)


def _inside(spans: _Spans, points: Sequence[float]) -> list[int]:
    """How many of the spans hold each of `points` inside them: those that start below it
    less those that end at or below it."""
    starts, ends = [lo for lo, _ in spans[0]], [hi for hi, _ in spans[1]]
    return [bisect_left(starts, p) - bisect_right(ends, p) for p in points]


def _holding(spans: _Spans, points: Sequence[float]) -> list[frozenset[int]]:
    """The spans (by their place) that hold each of `points` inside them: the points taken in
    order, a span held from the first point past its start to the first at or past its end."""
    starts, ends = spans
    out: list[frozenset[int]] = [frozenset()] * len(points)
    held: set[int] = set()
    now: frozenset[int] = frozenset()
    started = ended = 0
    for k in sorted(range(len(points)), key=points.__getitem__):
        moved = started, ended
        while started < len(starts) and starts[started][0] < points[k]:
            held.add(starts[started][1])
            started += 1
        while ended < len(ends) and ends[ended][0] <= points[k]:
            held.discard(ends[ended][1])
            ended += 1
        if (started, ended) != moved:
            now = frozenset(held)
        out[k] = now
    return out


@lru_cache(maxsize=8)
def _axis(drawing: Drawing, keep: tuple[Box, ...], vertical: bool) -> _Axis:
    """The axis of `drawing` a vertical cut (`vertical`) or a horizontal one crosses, the boxes
    that matter `keep` and its texts: made once for every cut, orientation and paper it is
    tried on (with the spans `_best` sorts)."""
    texts = text_boxes(drawing)
    return _Axis.of(drawing, [*keep, *texts], texts, vertical)


def _room(press: PressOptions, landscape: bool, bleed: float = 0.0) -> tuple[float, float]:
    """The picture's largest width and height on a page: the rest of the height, at least
    INFO_BAND (less on small paper), holds the page's words and map; `bleed` kept each side
    (a page at the picture's outer edge prints it)."""
    page_w, page_h = press.paper.oriented(landscape)
    high = page_h - press.margin - press.foot
    return page_w - 2 * press.margin - 2 * bleed, high - min(INFO_BAND, high / 4) - 2 * bleed


def plan(
    drawing: Drawing, press: PressOptions, overlap: float, keep: Sequence[Box], rows_max: int
) -> Plan:
    """The cuts, in the orientation that needs the fewest pages (portrait on ties)."""
    choices = [press.landscape] if press.landscape is not None else [False, True]
    plans = []
    for landscape in choices:
        win_w, win_h = _room(press, landscape, drawing.bleed)
        if overlap > min(win_w, win_h) / 2:  # past this, pages multiply (and repeat) without end
            # the most that works, rounded down (so that it does work) to a tenth of a mm as
            # the room is shown: never a bound that reads as the value refused
            most = math.floor(min(win_w, win_h) / 2 * 10) / 10
            room = f"{math.floor(win_w * 10) / 10:g} x {math.floor(win_h * 10) / 10:g} mm"
            raise SheetgenError(
                f"an overlap of {overlap:g} mm leaves too little new picture a page on "
                f"{press.paper.name} paper ({room} to print on); use an overlap of at most "
                f"{most:g} mm, or larger --paper"
            )
        cols = max(1, math.ceil((drawing.width - overlap) / (win_w - overlap) - 1e-9))
        rows = max(1, math.ceil((drawing.height - overlap) / (win_h - overlap) - 1e-9))
        if rows > rows_max or rows * cols > MAX_PAGES:
            raise SheetgenError(
                f"the picture would take {rows} x {cols} pages of {press.paper.name} paper, "
                f"over the limit of {rows_max} rows and {MAX_PAGES} pages; use larger --paper "
                "or --fit"
            )
        xs = _axis(drawing, tuple(keep), vertical=True).cuts(win_w, overlap)
        ys = _axis(drawing, tuple(keep), vertical=False).cuts(win_h, overlap)
        plans.append(Plan(tuple(xs), tuple(ys), landscape, drawing.width, drawing.height, overlap))
    return min(plans, key=lambda p: p.rows * p.columns)


def _free(length: float, blocked: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The stretches of [0, length] that no blocked stretch covers."""
    out, at = [], 0.0
    for lo, hi in sorted(blocked):
        if lo > at:
            out.append((at, lo))
        at = max(at, hi)
    if at < length:
        out.append((at, length))
    return out


def mark_points(plan: Plan, drawing: Drawing, keep: Sequence[Box]) -> list[tuple[float, float]]:
    """Where the ⊕ marks go (mm on the drawing): along every cut, REGISTRATION_STEP apart, each
    clear of what matters (and of every text), of the drawing's edges and of the other axis's
    cuts."""
    points: list[tuple[float, float]] = []
    down = _axis(drawing, tuple(keep), vertical=True)
    for c in plan.cuts_x:
        points += [(c, s) for s in down.spots(c, plan.cuts_y, plan.overlap)]
    across = _axis(drawing, tuple(keep), vertical=False)
    for c in plan.cuts_y:
        points += [(s, c) for s in across.spots(c, plan.cuts_x, plan.overlap)]
    return points


def _shown(plan: Plan, row: int, column: int, points: list[tuple[float, float]]) -> list[Box]:
    """The marks page (row, column) shows whole, as (x, y) on the page (w, h unused: 0)."""
    x0, y0, w, h = plan.window(row, column)
    r = REGISTRATION_RADIUS
    return [
        (bx - x0, by - y0, 0.0, 0.0)
        for bx, by in points
        if r < bx - x0 < w - r and r < by - y0 < h - r
    ]


def _marks(plan: Plan, row: int, column: int, points: list[tuple[float, float]]) -> Drawing:
    """The page's ⊕ marks and its dashed cut lines (left and top, where it has neighbours)."""
    _x0, _y0, w, h = plan.window(row, column)
    ink = Style(stroke=GUIDE_INK, width=0.25)
    shapes: list[Shape] = []
    r = REGISTRATION_RADIUS
    for px, py, _, _ in _shown(plan, row, column, points):
        shapes += [
            line(px - r, py, px + r, py, ink),
            line(px, py - r, px, py + r, ink),
            Circle(px, py, 1.6, ink),
        ]
    dashed = Style(stroke=GUIDE_INK, width=0.3, dash=(2.0, 1.5))
    if column > 0:
        shapes.append(line(plan.overlap / 2, 0, plan.overlap / 2, h, dashed))
    if row > 0:
        shapes.append(line(0, plan.overlap / 2, w, plan.overlap / 2, dashed))
    return Drawing(w, h, tuple(shapes), title="registration marks", clip=True)


def _outer_marks(
    trim: Box, bleed: float, edges: tuple[bool, ...], page: tuple[float, float]
) -> Drawing:
    """Crop marks for the bled picture's outer trim edges on a page (`edges`: left, top,
    right, bottom; its inner edges are cut at the dashed lines, over the overlap): short
    lines in line with each such edge, MARK_CLEARANCE beyond the bleed, at both its ends; a
    mark below the picture fits in the INFO_GAP above the page's words, and none reaches
    nearer the paper's edge than MARK_LIMIT."""
    x, y, w, h = trim
    left, top, right, bottom = edges
    lo_y, hi_y = y - (bleed if top else 0.0), y + h + (bleed if bottom else 0.0)
    lo_x, hi_x = x - (bleed if left else 0.0), x + w + (bleed if right else 0.0)
    near, below = MARK_CLEARANCE, min(MARK_LENGTH, INFO_GAP - MARK_CLEARANCE - 0.5)
    page_w, page_h = page
    shapes: list[Shape] = []
    for at, cut in ((x, left), (x + w, right)):  # vertical trim edges: marks above and below
        if cut:
            start = max(MARK_LIMIT, lo_y - near - MARK_LENGTH)
            shapes.append(line(at, start, at, lo_y - near, MARK_STYLE))
            shapes.append(line(at, hi_y + near, at, hi_y + near + below, MARK_STYLE))
    for at, cut in ((y, top), (y + h, bottom)):  # horizontal ones: marks left and right
        if cut:
            start = max(MARK_LIMIT, lo_x - near - MARK_LENGTH)
            end = min(page_w - MARK_LIMIT, hi_x + near + MARK_LENGTH)
            shapes.append(line(start, at, lo_x - near, at, MARK_STYLE))
            shapes.append(line(hi_x + near, at, end, at, MARK_STYLE))
    return Drawing(page_w, page_h, tuple(shapes), title="crop marks")


def _page_name(words: TileWords, row: int, column: int) -> str:
    return words.name.format(row=words.rows[row], column=column + 1)


def _sentences(words: TileWords, row: int, column: int, marked: bool) -> list[str]:
    """What to do with the page: which pages its cut edges are laid over, and how to line them
    up (by the ⊕ marks only if the page shows some)."""
    align = words.marks if marked else words.unmarked
    if row == 0 and column == 0:
        return [words.keep, align]
    out = []
    if column > 0:
        out.append(words.over_left.format(page=_page_name(words, row, column - 1)))
    if row > 0:
        out.append(words.over_top.format(page=_page_name(words, row - 1, column)))
    return [*out, align]


def _lines(text: str, size: float, width: float, weight: Weight) -> list[tuple[str, float]]:
    """`text` on one line (shrunk to no less than 6 pt), else broken into lines that fit."""
    fitted = fit_size(text, width, size, weight)
    if fitted >= pt(6):
        return [(text, fitted)]
    return [(part, size) for part in wrap(text, size, width, weight)]


def _map(plan: Plan, words: TileWords, row: int, column: int, w: float, h: float) -> list[Shape]:
    """A small diagram of the pages as they lie together, this one filled: the drawing's shape
    split into equal rows and equal columns (a page's exact share is on the page itself)."""
    title = label(w, 1.2, words.map, MAP_TEXT, anchor="end", colour=INK, weight="bold", max_width=w)
    shapes: list[Shape] = [title]
    top = 3.5
    k = min(w / plan.width, (min(h, MAP_HEIGHT) - top) / plan.height)
    left = w - k * plan.width  # the map sits at the right
    bw, bh = k * plan.width / plan.columns, k * plan.height / plan.rows
    for r in range(plan.rows):
        for c in range(plan.columns):
            x, y = left + c * bw, r * bh
            here = (r, c) == (row, column)
            fill = INK if here else "#ffffff"
            shapes.append(Rect(x, top + y, bw, bh, Style(stroke=INK, width=0.25, fill=fill)))
            name = _page_name(words, r, c)
            if text_width(name, MAP_TEXT, "bold") < bw - 0.6 and bh > 2.8:
                shapes.append(
                    label(
                        x + bw / 2,
                        top + y + bh / 2,
                        name,
                        MAP_TEXT,
                        weight="bold",
                        colour="#ffffff" if here else INK,
                    )
                )
    return shapes


def _info(
    plan: Plan,
    words: TileWords,
    caption: str,
    where: tuple[int, int, bool],
    w: float,
    band: float,
) -> Drawing:
    """The words under the picture of page `where` (row, column, whether it shows marks):
    caption and page heading, what to cut, where it goes and how to line it up, and the map
    (no taller than `band`)."""
    row, column, marked = where
    map_w = min(MAP_WIDTH, w / 3)
    text_w = w - map_w - 4.0
    name = _page_name(words, row, column)
    heading = words.heading.format(
        page=name, count=plan.rows * plan.columns, rows=plan.rows, columns=plan.columns
    )
    lines: list[tuple[str, float, Weight]] = [
        (caption, HEAD_SIZE, "bold"),
        (heading, HEAD_SIZE, "bold"),
    ]
    lines += [(s, TEXT_SIZE, "regular") for s in _sentences(words, row, column, marked)]
    shapes: list[Shape] = []
    y = 1.5
    for text, size, weight in lines:
        for part, fitted in _lines(text, size, text_w, weight):
            shapes.append(label(0, y, part, fitted, anchor="start", colour=INK, weight=weight))
            y += fitted * 1.45
    scheme = _map(plan, words, row, column, map_w, band)
    shapes.append(Group(tuple(scheme), translate(w - map_w, 0)))
    return Drawing(w, band, tuple(shapes), title=f"page {name} words")


def _ruler_fits(press: PressOptions, page_w: float, band: float) -> bool:
    """Whether the calibration ruler fits at the foot of every page, below a band of words
    `band` mm tall that keeps at least WORDS_MIN mm for its words and map."""
    spare = band - INFO_GAP - RULER_HEIGHT - RULER_CLEARANCE
    return press.ruler and page_w - 2 * press.margin >= RULER_WIDTH and spare >= WORDS_MIN


def tile(
    drawing: Drawing,
    press: PressOptions,
    words: TileWords,
    *,
    overlap: float,
    caption: str,
    keep: Sequence[Box] = (),
) -> list[Page]:
    """The drawing cut into overlapping pages, row by row from the top-left, each with its cut
    lines, ⊕ marks, words, map and (where it fits below them) the calibration ruler. `keep`
    holds boxes of the drawing that matter (cells, say): cuts cross as few as the paper allows
    and marks cover none; texts count among them."""
    if press.crop_marks not in (None, "none"):
        raise UsageError(
            f"--crop-marks {press.crop_marks}: a picture tiled over pages is cut at its ⊕ marks, "
            "not at crop marks (put it on one page, e.g. with --fit or a larger --paper)"
        )
    layout = plan(drawing, press, overlap, keep, len(words.rows))
    page_w, page_h = press.paper.oriented(layout.landscape)
    b = drawing.bleed
    tallest = max(layout.printed(r, 0, b)[3] for r in range(layout.rows))
    band = page_h - press.margin - press.foot - tallest  # the same words and map on every page
    points = mark_points(layout, drawing, keep)
    credit = footer_text(press.credit)
    bottom = (
        [Placement(footer(page_w, page_h, credit, press.footer_bottom), IDENTITY)] if credit else []
    )
    words_h = band - INFO_GAP
    if _ruler_fits(press, page_w, band):
        words_h -= RULER_HEIGHT + RULER_CLEARANCE
        at_foot = translate((page_w - RULER_WIDTH) / 2, page_h - press.foot - RULER_HEIGHT)
        bottom.append(Placement(calibration_ruler(press.words), at_foot))
    boxes = _leaf_boxes(drawing)
    pages = []
    for r in range(layout.rows):
        for c in range(layout.columns):
            x, y, w, h = layout.window(r, c)
            gx, gy, gw, gh = layout.printed(r, c, b)  # with the bleed round the outside
            name = _page_name(words, r, c)
            shown = visible(drawing.children, iter(boxes), (gx, gy, gw, gh))
            view = Drawing(
                gw,
                gh,
                (Group(shown, translate(-gx, -gy)),),
                title=f"page {name}",
                clip=True,
            )
            left = (page_w - gw) / 2
            trim = (left + (x - gx), press.margin + (y - gy), w, h)  # (exact without a bleed)
            at = translate(trim[0], trim[1])
            marked = bool(_shown(layout, r, c, points))
            info = _info(layout, words, caption, (r, c, marked), page_w - 2 * press.margin, words_h)
            placements = (
                Placement(view, translate(left, press.margin)),
                Placement(_marks(layout, r, c, points), at),
                Placement(info, translate(press.margin, press.margin + gh + INFO_GAP)),
                *bottom,
            )
            if b:
                edges = (gx < x, gy < y, gx + gw > x + w, gy + gh > y + h)
                placements += (Placement(_outer_marks(trim, b, edges, (page_w, page_h)), IDENTITY),)
            printed = (left, press.margin, gw, gh)
            pages.append(Page(page_w, page_h, placements, trim, printed, name))
    return pages
