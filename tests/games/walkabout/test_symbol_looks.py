"""Every Walkabout symbol a player reads shows what the rulebook says it shows: on each die face,
on the dice mat, on the map sheets' printed spaces and beside the score box.

The rulebook: 'The "1" - "5" faces of each die specify those symbols, and its "6" face offers
your choice of any of the 5 symbols. (If you're using numbered dice, note how symbols 1, 2, 3,
and 4 look like that many straight lines.)' So the spear (one shaft) is symbol 1, the
boomerang (two arms) 2, the emu track (three toes) 3, the kangaroo track (two hind feet, two
forepaws) 4 and the waterhole 5, which "has no direction, so draw them all the same way"; the
"6" face is the "?" ('Treat each "6" = "?" die as a symbol of your choice').

What is drawn is read from the drawing model, never from the table the symbols are drawn by:
a symbol is the group of shapes drawn in its place, and what it looks like is counted from its
shapes: its open strokes (two that meet end to end running straight on are one line, as a
spear's shaft runs on into the midrib of its blade), whether it is only rings and dots round
one centre, or a '?'."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from functools import cache

import pytest

from sheetgen.draw.shapes import (
    Circle,
    Close,
    CurveTo,
    Drawing,
    Field,
    Group,
    LineTo,
    MoveTo,
    Path,
    Rect,
    Shape,
    Text,
)
from sheetgen.draw.transform import IDENTITY, Transform
from sheetgen.draw.walk import leaves
from sheetgen.games.walkabout.dice import face_bands, mat_drawing
from sheetgen.games.walkabout.draw import draw_map, space_xy
from sheetgen.games.walkabout.model import DiceLayout, MapLayout, MatLayout
from sheetgen.layouts.read import load

# what each symbol looks like, by the number on its face and by its name, as the rulebook says
BY_NUMBER = {1: "1 line", 2: "2 lines", 3: "3 lines", 4: "4 lines", 5: "rings", 6: "?"}
BY_NAME = {
    "spear": "1 line",
    "boomerang": "2 lines",
    "emu": "3 lines",
    "kangaroo": "4 lines",
    "waterhole": "rings",
    "any symbol": "?",
}
NEAR = 1e-6

Point = tuple[float, float]


def _unit(a: Point, b: Point) -> Point:
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    return (b[0] - a[0]) / d, (b[1] - a[1]) / d


def _ends(path: Path) -> tuple[Point, Point, Point, Point]:
    """An open stroke's start and end, and the way it runs at each (out of the start, into the
    end)."""
    segments = path.segments
    first = segments[0]
    assert isinstance(first, MoveTo)
    start = (first.x, first.y)
    second = segments[1]
    assert isinstance(second, LineTo | CurveTo)
    towards = (second.x1, second.y1) if isinstance(second, CurveTo) else (second.x, second.y)
    last = segments[-1]
    assert isinstance(last, LineTo | CurveTo)
    end = (last.x, last.y)
    if isinstance(last, CurveTo):
        before = (last.x2, last.y2)
    elif len(segments) > 2:
        prev = segments[-2]
        assert isinstance(prev, MoveTo | LineTo | CurveTo)
        before = (prev.x, prev.y)
    else:
        before = start
    return start, _unit(start, towards), end, _unit(before, end)


def _same(a: Point, b: Point) -> bool:
    return math.dist(a, b) < NEAR


def lines(strokes: list[Path]) -> int:
    """How many lines `strokes` make to the eye: strokes that meet end to end and run straight
    on through the meeting are one line."""
    group = list(range(len(strokes)))

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    ends = [_ends(s) for s in strokes]
    for i, j in itertools.combinations(range(len(strokes)), 2):
        a0, da0, a1, da1 = ends[i]
        b0, db0, b1, db1 = ends[j]
        meets = [
            (_same(a1, b0), da1, db0),  # a runs into b
            (_same(b1, a0), db1, da0),  # b runs into a
            (_same(a0, b0), (-da0[0], -da0[1]), db0),  # both start there
            (_same(a1, b1), da1, (-db1[0], -db1[1])),  # both end there
        ]
        if any(m and _same(into, out) for m, into, out in meets):
            group[root(i)] = root(j)
    return len({root(i) for i in range(len(strokes))})


def looks(symbol: Group) -> str:
    """What a drawn symbol looks like: 'N line(s)' (its open strokes as the eye joins them),
    'rings' (only circles, all round one centre, the same whichever way it is drawn) or '?'."""
    shapes = [leaf for leaf, _ in leaves(symbol.children, IDENTITY)]
    texts = [s.text for s in shapes if isinstance(s, Text)]
    if texts:
        return "".join(texts)
    strokes = [
        s
        for s in shapes
        if isinstance(s, Path)
        and s.style.stroke
        and not s.style.fill
        and not any(isinstance(seg, Close) for seg in s.segments)
    ]
    if strokes:
        n = lines(strokes)
        return f"{n} line" if n == 1 else f"{n} lines"
    circles = [s for s in shapes if isinstance(s, Circle)]
    centre = (circles[0].cx, circles[0].cy) if circles else None
    if centre and len(circles) == len(shapes) and all(_same((c.cx, c.cy), centre) for c in circles):
        return "rings"
    return f"something else: {[type(s).__name__ for s in shapes]}"


def _symbols(shapes: Iterable[Shape], at: Transform) -> Iterator[tuple[Group, Transform]]:
    """The symbols among `shapes`: the groups that hold no group (a face's art, which holds
    its symbol, is none), each with where it lands (its centre is `transform.apply(0, 0)`)."""
    for shape in shapes:
        if isinstance(shape, Group):
            inner = at @ shape.transform
            if any(isinstance(c, Group) for c in shape.children):
                yield from _symbols(shape.children, inner)
            else:
                yield shape, inner


DICE: DiceLayout = load("walkabout/dice").model  # type: ignore[assignment]


@cache
def faces() -> list[tuple[str, int, str]]:
    """Every face cut from the dice sheet: its die, the number printed on it and what its
    symbol looks like."""
    out = []
    for band in face_bands(DICE, DICE.face_size, 2.0).bands:
        for piece in band.pieces:
            marks = list(_symbols(piece.children, IDENTITY))
            assert len(marks) == 1, f"{piece.title} shows {len(marks)} symbols"
            texts = [s.text for s, _ in leaves(piece.children, IDENTITY) if isinstance(s, Text)]
            numbers = [t for t in texts if t.isdigit()]  # the '?' is the symbol's
            assert len(numbers) == 1 and numbers[0].isdigit(), f"{piece.title}: {numbers}"
            out.append((band.name, int(numbers[0]), looks(marks[0][0])))
    return out


def test_every_face_shows_the_symbol_its_number_names() -> None:
    """A player rolling a "3" draws an emu track, three toes: faces 1 to 4 show symbols of that
    many lines, 5 the waterhole's rings, 6 the '?'."""
    got = faces()
    assert len(got) == 18
    wrong = [(die, n, seen) for die, n, seen in got if seen != BY_NUMBER[n]]
    assert not wrong, f"faces showing another symbol than their number names: {wrong}"


def test_each_die_numbers_its_faces_1_to_6() -> None:
    """Three 6-sided dice, faces "1" to "6" each once."""
    by_die: dict[str, list[int]] = {}
    for die, n, _ in faces():
        by_die.setdefault(die, []).append(n)
    assert by_die == {d.name.lower(): [1, 2, 3, 4, 5, 6] for d in DICE.dice}


def _within(box: Rect, x: float, y: float) -> bool:
    return box.x <= x <= box.x + box.w and box.y <= y <= box.y + box.h


def test_the_mat_shows_each_faces_symbol_by_its_number_and_name() -> None:
    """The dice mat, a column a die: in each cell the face's number, its symbol and the
    symbol's name, all three agreeing with the rulebook (a "2" is the boomerang, two lines)."""
    mat: MatLayout = load("walkabout/mat").model  # type: ignore[assignment]
    drawing = mat_drawing(mat, DICE)
    placed = list(leaves(drawing.children, IDENTITY))
    cells = [s for s, _ in placed if isinstance(s, Rect)]
    texts = [s for s, _ in placed if isinstance(s, Text)]
    seen = []
    for mark, at in _symbols(drawing.children, IDENTITY):
        x, y = at.apply(0, 0)
        around = [c for c in cells if _within(c, x, y)]
        if not around:  # the arrow in the heading, in no cell
            continue
        cell = min(around, key=lambda c: c.w * c.h)
        words = [t.text for t in texts if _within(cell, t.x, t.y)]
        numbers = [int(w) for w in words if w.isdigit()]
        names = [w for w in words if not w.isdigit()]
        assert len(numbers) == 1 and len(names) == 1, words
        assert looks(mark) == BY_NUMBER[numbers[0]], (numbers, names, looks(mark))
        assert looks(mark) == BY_NAME[names[0]], (numbers, names, looks(mark))
        seen.append(numbers[0])
    assert sorted(seen) == sorted([1, 2, 3, 4, 5, 6] * 3)


MAPS = ["walkabout/map-1", "walkabout/map-2", "walkabout/map-3", "walkabout/map-4"]


@pytest.mark.parametrize("ref", MAPS)
def test_each_printed_symbol_on_a_map_is_the_one_its_space_holds(ref: str) -> None:
    """ "A few map spaces have pre-printed symbols": each drawn in its space looks like its own
    kind (the kangaroo's four lines where a kangaroo is printed)."""
    layout: MapLayout = load(ref).model  # type: ignore[assignment]
    drawn = [(m, at.apply(0, 0)) for m, at in _symbols(draw_map(layout).children, IDENTITY)]
    assert layout.symbols
    for placed in layout.symbols:
        centre = space_xy(layout, tuple(placed.space))  # type: ignore[arg-type]
        mark, _ = min(drawn, key=lambda d: math.dist(d[1], centre))
        assert math.dist(dict((id(m), p) for m, p in drawn)[id(mark)], centre) < 4.0
        assert looks(mark) == BY_NAME[placed.symbol], (placed, looks(mark))


def test_the_score_box_shows_each_kind_beside_its_box() -> None:
    """ "Score each of 5 symbol types: Count your # of that symbol type in any one region":
    the box a player writes a kind's count in has that kind's symbol just left of it."""
    layout: MapLayout = load("walkabout/map-1").model  # type: ignore[assignment]
    drawing: Drawing = draw_map(layout)
    boxes = {
        s.name.removeprefix("most_"): s
        for s, _ in leaves(drawing.children, IDENTITY)
        if isinstance(s, Field) and s.name.startswith("most_")
    }
    assert sorted(boxes) == sorted(set(BY_NAME) - {"any symbol"})
    marks = [(m, at.apply(0, 0)) for m, at in _symbols(drawing.children, IDENTITY)]
    for kind, box in boxes.items():
        left = [(box.x - x, m) for m, (x, y) in marks if x < box.x and box.y <= y <= box.y + box.h]
        assert left, f"no symbol left of the {kind} box"
        _, mark = min(left, key=lambda d: d[0])
        assert looks(mark) == BY_NAME[kind], (kind, looks(mark))


def test_the_mat_says_which_way_its_symbols_point() -> None:
    """Rulebook: 'Each time you draw a weapon or animal, you can point it in any of 6
    directions': the mat draws every symbol pointing up the page and says so, naming where a
    boomerang points (its bend), which its shape alone does not tell."""
    mat: MatLayout = load("walkabout/mat").model  # type: ignore[assignment]
    drawing = mat_drawing(mat, DICE)
    said = " ".join(s.text for s, _ in leaves(drawing.children, IDENTITY) if isinstance(s, Text))
    assert "pointing up the page" in said and "a boomerang toward its bend" in said
    assert "point each along any grid line" in said  # drawn on the map any of the six ways
