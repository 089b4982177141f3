"""A symbol in a map space keeps a millimetre of paper from the path: on the printed maps and on
the finished example sheet every symbol's ink stays 1 mm or more from every part of the path's
ink (its strokes, the disc or ring where it ends, the ring round a star walked onto), and a
printed symbol stays so from whatever any game could draw round it. Symbols shrink for that
only as far as they must, and never below what reads on the smallest dice.

Measured from the drawing's shapes as printed (strokes as points along them, each as wide as
half the stroke; circles round their rims): the path's ink is what the sheet draws in the path's
and the pen's colours along nodes, found in the drawing, not recomputed. (The review found
symbols 0.2 to 0.5 mm from the path on the finished sheet.)"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from sheetgen.draw import Circle, Drawing, Group, Path, Shape, Style, Transform, polyline
from sheetgen.draw.walk import leaves
from sheetgen.games.walkabout.components import finished
from sheetgen.games.walkabout.draw import draw_map, node_xy, symbol_shapes
from sheetgen.games.walkabout.model import SYMBOLS, GameRecord, MapLayout, PlacedSymbol
from sheetgen.games.walkabout.room import (
    END_R,
    PEN_WIDTH,
    RING,
    RING_WIDTH,
    SYMBOL_PEN,
    WORKED_OUT,
    Beside,
    searched_size,
    symbol_size,
)
from sheetgen.games.walkabout.rules import grid_of
from sheetgen.layouts.read import load
from tests.games.walkabout.support import map_symbols
from tests.support.ink import Ink, apart, ink

MAPS: list[MapLayout] = [load(f"walkabout/map-{n}").model for n in range(1, 5)]  # type: ignore[misc]
EXAMPLE: GameRecord = load("walkabout/example-game").model  # type: ignore[assignment]
PAPER = 0.995  # mm: 1 mm, less what sampling the outlines may miss
DIE_SYMBOL = 14.0 / 16.0 * 4.0  # mm: a symbol on the smallest (14 mm) die, where it reads


def _sheets() -> list[tuple[str, MapLayout, Drawing]]:
    """The four printed maps and the finished example game (on map 1)."""
    out = [(f"map-{m.sheet_number}", m, draw_map(m)) for m in MAPS]
    game = draw_map(MAPS[0], EXAMPLE.labels, finished(MAPS[0], EXAMPLE))
    return [*out, ("example-game", MAPS[0], game)]


@pytest.fixture(scope="module")
def sheets() -> list[tuple[str, MapLayout, Drawing]]:
    return _sheets()


def _size(mark: Group) -> float:
    return _scale(mark.transform)


def _scale(t: Transform) -> float:
    return math.sqrt(abs(t.a * t.d - t.b * t.c))


def _path_ink(layout: MapLayout, drawing: Drawing) -> Ink:
    return ink(_path_shapes(layout, drawing), Transform())


def _path_shapes(layout: MapLayout, drawing: Drawing) -> list[Shape]:
    """What the sheet draws in the path's or the pen's colour as a path: strokes as wide as a
    path (the thinner marks in those colours are the score box's writing) and circles round a
    node (the circles round a space's middle are circled region scores)."""
    colours = {layout.sheet.path, layout.sheet.pen}
    nodes = [node_xy(layout, n) for n in grid_of(layout).nodes()]

    def at_node(c: Circle) -> bool:
        return min(math.dist((c.cx, c.cy), n) for n in nodes) < 1e-6

    found: list[Shape] = []
    for shape in drawing.children:
        if isinstance(shape, Path):
            wanted = shape.style.stroke in colours and shape.style.width >= PEN_WIDTH
        elif isinstance(shape, Circle):
            wanted = bool({shape.style.stroke, shape.style.fill} & colours) and at_node(shape)
        else:
            wanted = False
        if wanted:
            found.append(shape)
    return found


def _near(a: Ink, middle: tuple[float, float], within: float) -> Ink:
    points, reach = a
    keep = np.hypot(points[:, 0] - middle[0], points[:, 1] - middle[1]) < within
    return points[keep], reach[keep]


def _gaps(layout: MapLayout, marks: list[Group], around: Ink) -> list[float]:
    """mm of paper between each symbol and the ink `around` it."""
    out = []
    for mark in marks:
        middle = (mark.transform.e, mark.transform.f)
        near = _near(around, middle, layout.edge)
        out.append(apart(ink([mark], Transform()), near) if len(near[0]) else math.inf)
    return out


def test_every_symbol_keeps_a_millimetre_from_the_path(
    sheets: list[tuple[str, MapLayout, Drawing]],
) -> None:
    """On every map and the finished sheet, 1 mm of paper between each symbol and the path's
    strokes, its end disc and start ring and the rings round stars walked onto (the finished
    sheet's symbols once came 0.2 mm from them)."""
    near = []
    for name, layout, drawing in sheets:
        marks = map_symbols(layout, drawing)
        assert len(marks) == {"example-game": 4 + len(EXAMPLE.symbols)}.get(name, 4)
        for mark, gap in zip(marks, _gaps(layout, marks, _path_ink(layout, drawing)), strict=True):
            if gap < PAPER:
                near.append((name, round(mark.transform.e, 1), round(mark.transform.f, 1), gap))
    assert near == []


def test_a_printed_symbol_keeps_a_millimetre_from_any_path_to_come(
    sheets: list[tuple[str, MapLayout, Drawing]],
) -> None:
    """A printed symbol is there before the game, so it keeps 1 mm from whatever a game could
    draw round it: the player's path along all three sides of its space, the disc of a path
    ending at any corner, the ring round a star at a corner walked onto."""
    near = []
    for name, layout, drawing in sheets[:4]:
        grid = grid_of(layout)
        pen = Style(stroke=layout.sheet.pen, width=PEN_WIDTH, cap="round", join="round")
        for placed, mark in zip(layout.symbols, map_symbols(layout, drawing), strict=True):
            corners = [node_xy(layout, n) for n in grid.space_nodes(placed.space)]
            shapes: list[Shape] = [polyline([*corners, corners[0]], pen)]
            shapes += [
                Circle(*c, END_R, Style(stroke=None, fill=layout.sheet.pen)) for c in corners
            ]
            ring = Style(stroke=layout.sheet.pen, width=RING_WIDTH)
            shapes += [
                Circle(*node_xy(layout, n), RING, ring)
                for n in grid.space_nodes(placed.space)
                if n in layout.stars
            ]
            gap = apart(ink([mark], Transform()), ink(shapes, Transform()))
            if gap < PAPER:
                near.append((name, placed.symbol, placed.space, round(gap, 3)))
    assert near == []


def test_every_symbol_on_a_map_is_one_size(
    sheets: list[tuple[str, MapLayout, Drawing]],
) -> None:
    """Printed and drawn in play, every symbol on a sheet is drawn at one size, so a finished
    sheet reads as one hand (the finished sheet's drawn symbols were 5.2 mm across beside
    printed ones of 3.4 to 4.4 mm), and that size stays within 5% of its size on a 14 mm die
    (3.5 mm), where it reads."""
    sizes = {
        name: {round(_size(m), 6) for m in map_symbols(layout, d)} for name, layout, d in sheets
    }
    assert all(len(found) == 1 for found in sizes.values()), sizes
    assert min(min(found) for found in sizes.values()) >= 0.95 * DIE_SYMBOL


def test_the_one_size_is_the_largest_clear_of_any_path_round_its_space() -> None:
    """The size is the printed symbols' rule: drawn in a space with the player's path along all
    three sides and a path's end disc at every corner, each of the five pointing each way, all
    at that one size, keeps 1 mm of paper from it, and the tightest comes within a hair of
    1 mm (no smaller than it need be)."""
    layout = MAPS[0]
    grid = grid_of(layout)
    space = (4, 13)
    corners = [node_xy(layout, n) for n in grid.space_nodes(space)]
    pen = Style(stroke=layout.sheet.pen, width=PEN_WIDTH, cap="round", join="round")
    around: list[Shape] = [polyline([*corners, corners[0]], pen)]
    around += [Circle(*c, END_R, Style(stroke=None, fill=layout.sheet.pen)) for c in corners]
    sides = {side: PEN_WIDTH / 2 for side in grid.space_edges(space)}
    beside = Beside(sides, dict.fromkeys(grid.space_nodes(space), END_R))
    placed = [
        PlacedSymbol(symbol=kind, space=space, facing=None if kind == "waterhole" else facing)
        for kind, facing in itertools.product(SYMBOLS, ("N", "NE", "SE", "S", "SW", "NW"))
    ]
    drawn = symbol_shapes(layout, placed, beside, symbol_size(layout))
    gaps = [apart(ink([m], Transform()), ink(around, Transform())) for m in drawn]
    assert len({round(_size(m), 6) for m in drawn if isinstance(m, Group)}) == 1
    assert PAPER <= min(gaps) <= 1.02


def test_the_size_worked_out_ahead_is_the_one_the_search_finds() -> None:
    """The built-in maps' grid's size, worked out ahead (WORKED_OUT), is what the search finds
    today (a change to the symbols or the room round them must work it out anew), and it is
    the grid every built-in map is drawn on."""
    for (columns, rows, edge), size in WORKED_OUT.items():
        assert searched_size(columns, rows, edge) == size, (columns, rows, edge)
    assert {(m.columns, m.rows, m.edge) for m in MAPS} <= set(WORKED_OUT)


def test_neighbouring_symbols_never_clump(sheets: list[tuple[str, MapLayout, Drawing]]) -> None:
    """Symbols in spaces side by side stay apart: 2 mm of paper between any two on a sheet, the
    millimetre each keeps from a path that could run between them (a kangaroo and an emu in
    neighbouring spaces of the finished sheet once ran into one clump)."""
    close = []
    for name, layout, drawing in sheets:
        marks = map_symbols(layout, drawing)
        for a, b in itertools.combinations(marks, 2):
            middles = ((a.transform.e, a.transform.f), (b.transform.e, b.transform.f))
            if math.dist(*middles) < layout.edge:
                gap = apart(ink([a], Transform()), ink([b], Transform()))
                if gap < 2 * PAPER:
                    close.append((name, round(a.transform.e, 1), round(a.transform.f, 1), gap))
    assert close == []


def test_map_symbols_are_drawn_with_half_millimetre_strokes(
    sheets: list[tuple[str, MapLayout, Drawing]],
) -> None:
    """On the map each symbol's main strokes are 0.5 mm wide (a waterhole's two rings, which
    must stay apart round its dot, 0.3 mm or more) and none of its finer ones under 0.2 mm, so
    a small spear never reads as a pin (its shaft was 0.33 mm, its midrib 0.15)."""
    found = []
    for name, layout, drawing in sheets:
        for mark in map_symbols(layout, drawing):
            strokes = [
                (leaf, round(leaf.style.width * _scale(at), 3))
                for leaf, at in leaves((mark,), Transform())
                if isinstance(leaf, Path | Circle) and leaf.style.stroke
            ]
            rings = all(isinstance(leaf, Circle) for leaf, _ in strokes)
            widths = [w for _, w in strokes]
            main_ok = max(widths) >= 0.3 if rings else max(widths) == SYMBOL_PEN
            if not main_ok or min(widths) < 0.2:
                found.append((name, round(mark.transform.e, 1), sorted(set(widths))))
    assert found == []


def test_the_path_is_found_whole() -> None:
    """What the measures take as the path on the finished sheet is the whole walk: strokes
    through every node of the record's path (yesterday's first), and circles at its end, at
    yesterday's end and round each star walked onto."""
    layout = MAPS[0]
    done = finished(layout, EXAMPLE)
    found = _path_shapes(layout, draw_map(layout, EXAMPLE.labels, done))
    points, _ = ink(found, Transform())
    for node in EXAMPLE.path:
        x, y = node_xy(layout, node)
        assert np.hypot(points[:, 0] - x, points[:, 1] - y).min() < 0.05, node
    ringed = {(c.cx, c.cy) for c in found if isinstance(c, Circle)}
    ends = [EXAMPLE.path[-1], layout.path[-1], *done.collected]
    assert ringed == {node_xy(layout, n) for n in ends} and len(done.collected) == 2
