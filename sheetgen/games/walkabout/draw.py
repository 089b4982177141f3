"""Walkabout drawings: the map sheet (grid, yesterday's path, symbols and stars, with the star
track, score box and rules below it), and a finished game drawn on its sheet."""

from __future__ import annotations

from collections.abc import Sequence

from sheetgen.draw import (
    Circle,
    Drawing,
    Field,
    Shape,
    Style,
    fit_size,
    label,
    line,
    polygon,
    polyline,
    pt,
    text_width,
)
from sheetgen.draw.icons import star
from sheetgen.frozen import frozen
from sheetgen.games.walkabout.grid import Node, segment
from sheetgen.games.walkabout.model import MapLayout, PlacedSymbol, WalkaboutLabels
from sheetgen.games.walkabout.room import (
    BORDER_WIDTH,
    END_R,
    GRID_WIDTH,
    PATH_WIDTH,
    PEN_WIDTH,
    RING,
    RING_WIDTH,
    STAR,
    START_R,
    START_WIDTH,
    SYMBOL_PEN,
    Beside,
    game_beside,
    keeps,
    printed_beside,
    settle,
    symbol_size,
)
from sheetgen.games.walkabout.rules import grid_of
from sheetgen.games.walkabout.scorebox import (
    STAR_R,
    Slots,
    rules_column,
    score_box,
    score_box_height,
    star_track,
)
from sheetgen.games.walkabout.symbols import symbol

MAP_TOP = 15.0
UNDER_GRID = 3.0  # mm between the grid and the star track
STAR_ROW = 2 * STAR_R + 2.5  # the star track and the space under it
MARK_R = 2.2  # mm: a region's circled score, inside its space: clear of a path along a side
# and of the symbols in the spaces beside it


def lower_top(layout: MapLayout) -> float:
    """Where the parts under the grid begin."""
    return MAP_TOP + grid_of(layout).height + UNDER_GRID


def lower_height(layout: MapLayout, words: WalkaboutLabels) -> float:
    """The height the star track, score box and rules need under the grid."""
    rules = rules_column(layout, words, 0.0)[1]
    return STAR_ROW + max(score_box_height(layout, words), rules)


def map_fits(layout: MapLayout) -> bool:
    """Whether the grid, with the parts below it, fits the sheet."""
    g = grid_of(layout)
    tall = lower_top(layout) + lower_height(layout, layout.labels)
    return g.width <= layout.sheet.width - 4 and tall <= layout.sheet.height


def grid_offset(layout: MapLayout) -> tuple[float, float]:
    return (layout.sheet.width - grid_of(layout).width) / 2, MAP_TOP


def node_xy(layout: MapLayout, node: Node) -> tuple[float, float]:
    """Where a node lands on the sheet, in mm."""
    ox, oy = grid_offset(layout)
    x, y = grid_of(layout).position(node)
    return ox + x, oy + y


def space_xy(layout: MapLayout, space: tuple[int, int]) -> tuple[float, float]:
    """Where a space's centre lands on the sheet, in mm."""
    ox, oy = grid_offset(layout)
    x, y = grid_of(layout).centre(space)
    return ox + x, oy + y


def _grid_lines(layout: MapLayout) -> list[Shape]:
    g = grid_of(layout)
    thin = Style(stroke=layout.sheet.grid_line, width=GRID_WIDTH, cap="round")
    border = Style(stroke=layout.sheet.ink, width=BORDER_WIDTH, cap="round")
    ox, oy = grid_offset(layout)
    out: list[Shape] = []
    for node in g.nodes():
        x, y = g.position(node)
        for d in ("N", "NE", "SE"):
            other = g.neighbour(node, d)
            if other is None:
                continue
            style = border if g.is_border(segment(node, other)) else thin
            x2, y2 = g.position(other)
            out.append(line(ox + x, oy + y, ox + x2, oy + y2, style))  # (as node_xy places)
    return out


def path_shapes(
    layout: MapLayout, path: Sequence[Node], colour: str, width: float, today: bool = False
) -> list[Shape]:
    """A path drawn along its nodes, its end marked as the current location: yesterday's by a
    ring round a dot (where play starts), a day's walk (`today`) by a solid disc, so a finished
    sheet tells where its player stopped from where they began."""
    pts = [node_xy(layout, n) for n in path]
    end = pts[-1]
    line_style = Style(stroke=colour, width=width, cap="round", join="round")
    if today:
        return [polyline(pts, line_style), Circle(*end, END_R, Style(stroke=None, fill=colour))]
    return [
        polyline(pts, line_style),
        Circle(*end, START_R, Style(stroke=colour, width=START_WIDTH, fill="#ffffff")),
        Circle(*end, 0.9, Style(stroke=None, fill=colour)),
    ]


def symbol_shapes(
    layout: MapLayout, symbols: Sequence[PlacedSymbol], beside: Beside, size: float
) -> list[Shape]:
    """Symbols in their spaces, `size` mm across with SYMBOL_PEN strokes (smaller only where
    their space has no room for that clear of what lies `beside` it), each in the middle of the
    room left."""
    inks = layout.sheet.symbols
    g = grid_of(layout)
    ox, oy = grid_offset(layout)
    out: list[Shape] = []
    for s in symbols:
        where = keeps(g, s.space, beside)
        x, y, fitted = settle(s.symbol, s.facing, g.centre(s.space), where, size)
        colour = inks.of(s.symbol)
        out.append(symbol(s.symbol, ox + x, oy + y, fitted, colour, s.facing, SYMBOL_PEN))
    return out


def _name_line(layout: MapLayout, words: WalkaboutLabels) -> tuple[float, float]:
    """Where the header's line for the player's name starts and ends (mm across)."""
    number = words.map_number.format(n=layout.sheet_number)
    name_x = text_width(words.title, 7.0, "bold") + 10.0
    line_x = name_x + text_width(words.name, 2.8) + 2.0
    return line_x, layout.sheet.width - text_width(number, 4.4, "bold") - 10.0


NAME_SIZE = 2.8  # mm: a name written on the name line, printed or in a game record


def name_overlay(layout: MapLayout, name: str) -> Drawing:
    """Just a player's name on the header's name line, in the sheet's ink, to lay over a shared
    map drawing (`build --names`): shrunk to the line if it must be, never under 6 pt."""
    start, end = _name_line(layout, layout.labels)
    size = max(fit_size(name, end - start - 2.0, NAME_SIZE), pt(6))
    shown = label(start + 1, 6.0, name, size, anchor="start", colour=layout.sheet.ink)
    return Drawing(layout.sheet.width, layout.sheet.height, (shown,), title=f"name {name}")


def _header(layout: MapLayout, words: WalkaboutLabels, slots: Slots) -> list[Shape]:
    """Title, name line, map number, north and how the sheet starts."""
    s = layout.sheet
    g = grid_of(layout)
    nx = (s.width + g.width) / 2 + 5.0
    number = words.map_number.format(n=layout.sheet_number)
    name_x = text_width(words.title, 7.0, "bold") + 10.0
    line_x, line_end = _name_line(layout, words)
    slots.name = (line_x, 6.0, line_end - line_x - 1.0)
    return [
        label(0, 5.5, words.title, 7.0, anchor="start", weight="bold", colour=s.accent),
        label(name_x, 6.0, words.name, 2.8, anchor="start", colour=s.ink),
        line(line_x, 7.6, line_end, 7.6, Style(stroke=s.ink, width=0.25)),
        Field("name", "text", line_x, 3.0, line_end - line_x, 4.5, Style(stroke=None)),
        label(nx, MAP_TOP + 2.5, words.north, 3.0, weight="bold", colour=s.ink),
        polygon(
            [(nx, MAP_TOP + 4.5), (nx - 1.3, MAP_TOP + 8), (nx + 1.3, MAP_TOP + 8)],
            Style(stroke=None, fill=s.ink),
        ),
        label(s.width, 5.5, number, 4.4, anchor="end", weight="bold", colour=s.ink),
        label(0, 11.5, words.intro, 2.5, anchor="start", colour=s.ink, max_width=s.width),
    ]


@frozen
class Finished:
    """What a player adds to a sheet by the end: the whole path, the symbols found, region
    scores circled at spaces, the values written in the score box (by slot: 'regions',
    'symbols', 'stars', 'total', 'name', 'most_<kind>', 'region_<n>'), the map stars walked
    onto and how many stars were crossed out."""

    path: tuple[Node, ...]
    symbols: tuple[PlacedSymbol, ...]
    marks: tuple[tuple[tuple[int, int], str], ...]
    values: dict[str, str]
    collected: tuple[Node, ...]
    used: int


def _written(layout: MapLayout, game: Finished, slots: Slots) -> list[Shape]:
    """The player's hand: circled region scores, collected stars ringed on the map and filled
    in on the track, used ones crossed out, and the score box filled."""
    pen = layout.sheet.pen
    hand = Style(stroke=pen, width=0.4, cap="round")
    out: list[Shape] = []
    for space, text in game.marks:
        x, y = space_xy(layout, space)
        out.append(Circle(x, y, MARK_R, Style(stroke=pen, width=0.35, fill="#ffffff")))
        out.append(label(x, y, text, 2.8, weight="bold", colour=pen))
    for node in game.collected:
        out.append(Circle(*node_xy(layout, node), RING, Style(stroke=pen, width=RING_WIDTH)))
    held = slots.stars[: 1 + len(game.collected)]
    for cx, cy in held[1:]:
        out.append(star(cx, cy, STAR_R * 0.78, pen, pen))
    for cx, cy in held[: game.used]:
        d = STAR_R * 0.8
        out += [
            line(cx - d, cy - d, cx + d, cy + d, hand),
            line(cx - d, cy + d, cx + d, cy - d, hand),
        ]
    boxes = {**{f"most_{k}": r for k, r in slots.most.items()}, **slots.sums}
    boxes.update({f"region_{i}": r for i, r in enumerate(slots.regions, start=1)})
    for key, value in game.values.items():
        if key == "name":
            x, y, width = slots.name
            out.append(
                label(x + 1, y, value, NAME_SIZE, anchor="start", colour=pen, max_width=width)
            )
        elif key in boxes:
            x, y, w, h = boxes[key]
            out.append(label(x + w / 2, y + h / 2, value, 2.8, weight="bold", colour=pen))
    return out


def draw_map(
    layout: MapLayout, words: WalkaboutLabels | None = None, game: Finished | None = None
) -> Drawing:
    """A map sheet in the words of `words` (the layout's own labels when not given); with
    `game`, the sheet as its player leaves it at the end."""
    words = words or layout.labels
    s = layout.sheet
    top = lower_top(layout)
    slots = Slots()
    shapes = _header(layout, words, slots) + _grid_lines(layout)
    shapes += [star(*node_xy(layout, n), STAR, s.star, s.ink) for n in layout.stars]
    size = symbol_size(layout)
    shapes += symbol_shapes(layout, layout.symbols, printed_beside(layout), size)
    if game is not None:
        shapes += path_shapes(layout, game.path, s.pen, PEN_WIDTH, today=True)
        drawn = game_beside(layout, game.path, game.collected)
        shapes += symbol_shapes(layout, game.symbols, drawn, size)
    shapes += path_shapes(layout, layout.path, s.path, PATH_WIDTH)
    shapes += star_track(layout, words, top, slots)
    box_top = top + STAR_ROW
    shapes += score_box(layout, words, box_top, box_top + score_box_height(layout, words), slots)
    shapes += rules_column(layout, words, top + STAR_ROW)[0]
    if game is not None:
        shapes += _written(layout, game, slots)
    return Drawing(s.width, s.height, tuple(shapes), title=f"Walkabout map {layout.sheet_number}")
