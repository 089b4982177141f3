"""How each component kind of this game is checked, built and cut into parts (registered
in `kinds`)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from sheetgen.draw.bleed import art_room, bled
from sheetgen.draw.document import alone
from sheetgen.draw.sheets import Pad, Pieces, Sheets
from sheetgen.errors import SheetgenError, UsageError
from sheetgen.findings import Finding, error
from sheetgen.games.walkabout.dice import BLEED, MAT_H, MAT_W, face_bands, face_drawing, mat_drawing
from sheetgen.games.walkabout.draw import MAP_TOP, Finished, draw_map, map_fits, name_overlay
from sheetgen.games.walkabout.face import clear_of_cut
from sheetgen.games.walkabout.grid import Grid, Node, Segment, Space, segment
from sheetgen.games.walkabout.model import DiceLayout, GameRecord, MapLayout, MatLayout
from sheetgen.games.walkabout.movement import span
from sheetgen.games.walkabout.rules import (
    check_dice,
    check_map,
    collected_stars,
    grid_of,
    regions,
    score_game,
    symbol_inks_apart,
)

if TYPE_CHECKING:  # the options' module reads the press; a builder only reads its options
    from sheetgen.options import BuildOptions


def build_map(layout: MapLayout, options: BuildOptions) -> Sheets:
    """A pad of one map sheet; with names, a sheet for each name (each `copies` times), the
    player's name printed on its name line."""
    sheet = draw_map(layout)
    names = tuple(n for n in options.names for _ in range(options.copies))  # copies a name
    part: Pad | Pieces = Pad(sheet, options.copies)
    if names:
        overlays = tuple(name_overlay(layout, n) for n in names)
        part = Pieces([sheet] * len(names), one_a_page=True, overlays=overlays)
    return Sheets(
        (part,),
        title=f"Walkabout — map {layout.sheet_number}",
        subject="Walkabout map sheets",
        keywords=("walkabout", "map"),
    )


def check_sheet(layout: MapLayout) -> list[Finding]:
    """Whether the map's grid leaves room for the parts below it, and its rules check."""
    out = []
    if not map_fits(layout):
        g = grid_of(layout)
        out.append(
            error(
                "edge",
                f"a {layout.columns} x {layout.rows} grid of {layout.edge:g} mm "
                f"edges ({g.width:.0f} x {g.height:.0f} mm) leaves no room on "
                f"the {layout.sheet.width:g} x {layout.sheet.height:g} mm sheet below "
                f"the {MAP_TOP:g} mm title band for the star track, score box and rules; "
                "use a shorter edge or fewer rows",
                ("rows", "columns", "sheet.height", "sheet"),
            )
        )
    return out + check_map(layout)


def build_dice(layout: DiceLayout, options: BuildOptions) -> Sheets:
    """The cut-out sheet of every face (what prints), and each face alone as an image file
    (for screens and digital play). The faces of a die share their cuts, each face's bleed
    lying over its neighbour's edge, so a bleed wider than the art keeps clear of the cut is
    refused: it would cover the neighbour's art."""
    size = options.tile_size or layout.face_size
    bleed, clear = options.press.bleed_or(BLEED), clear_of_cut(size)
    if bleed > clear + 1e-9:
        raise UsageError(
            f"--bleed {bleed:g}: walkabout/dice's faces share their cuts, each face's bleed over "
            f"its neighbour's edge, where the art of {size:g} mm faces keeps {clear:g} mm clear; "
            f"use --bleed {clear:g} or less"
        )
    widest = span([f for die in layout.dice for f in die.faces])
    screens = tuple(
        alone(face_drawing(die, face, i, size, widest), f"{die.name.lower()}-{i}")
        for die in layout.dice
        for i, face in enumerate(die.faces, start=1)
    )
    return Sheets(
        (face_bands(layout, size, bleed, options.copies),),
        title=f"Walkabout dice faces ({size:g} mm)",
        subject="Walkabout custom dice face art",
        keywords=("walkabout", "dice"),
        screens=screens,
    )


def _dice(ref: str, where: str) -> DiceLayout:
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import load_model

    return load_model(ref, DiceLayout, where)


def build_mat(layout: MatLayout, options: BuildOptions) -> Sheets:
    """The dice mat, one a page; with --bleed printed edge to edge in its cells' `paper`
    colour, in the room it takes without one (its lattices a little smaller, its words not)."""
    bleed = options.press.bleed_or(0.0)
    dice = _dice(layout.dice, f"{layout.name}: dice")
    drawing = bled(mat_drawing(layout, dice, art_room((MAT_W, MAT_H), bleed)), bleed, layout.paper)
    return Sheets(
        (Pad(drawing, options.copies),),
        title="Walkabout — dice mat",
        subject="Walkabout dice mat",
        keywords=("walkabout", "dice", "mat"),
    )


def check_mat(layout: MatLayout) -> list[Finding]:
    try:
        dice = _dice(layout.dice, f"{layout.name}: dice")
    except SheetgenError as exc:
        return [error("dice", str(exc))]
    # the dice layout's findings, each at the mat's own `dice` key, as serious as they are
    found = [Finding(f.level, "dice", f.message) for f in check_dice(dice)]
    return found + symbol_inks_apart(layout.symbols, "symbols")


def _num(value: Fraction | int) -> str:
    return f"{float(value):g}"


def _score_spot(
    grid: Grid,
    region: Sequence[Space],
    blank: set[Space],
    taken: set[Space],
    path: Sequence[Node],
    stars: Sequence[Node],
) -> Space:
    """Where a region's score is circled ('in or near the region'): of the region's `blank`
    spaces, the one nearest its middle whose circle touches nothing, that is with no side on
    the path, no star or the path's end at a corner, and no symbol in a space beside it;
    failing that, the one with the fewest of these (`taken`: the spaces holding a symbol).
    A region filled with symbols has its
    score circled near it: in the blank space beside it (sharing a corner) chosen the same
    way, or failing one, the blank space nearest its middle; with no blank space left on the
    map, on the region itself."""
    walls = set(map(segment, path[:-1], path[1:]))
    marked = {*stars, path[-1]}
    beside: dict[Segment, list[Space]] = {}
    for s in grid.spaces():
        for edge in grid.space_edges(s):
            beside.setdefault(edge, []).append(s)
    cx = sum(grid.centre(s)[0] for s in region) / len(region)
    cy = sum(grid.centre(s)[1] for s in region) / len(region)

    def clashes(s: Space) -> int:
        edges = grid.space_edges(s)
        near = {t for e in edges for t in beside[e]} - {s}
        corners = set(grid.space_nodes(s))
        return len(walls.intersection(edges)) + len(marked & corners) + len(near & taken)

    def away(s: Space) -> float:
        x, y = grid.centre(s)
        return (x - cx) ** 2 + (y - cy) ** 2

    inside = [s for s in region if s in blank]
    if inside:
        return min(inside, key=lambda s: (clashes(s), away(s), s))
    corners = {n for s in region for n in grid.space_nodes(s)}
    touching = [s for s in blank if corners & set(grid.space_nodes(s))]
    if touching:
        return min(touching, key=lambda s: (clashes(s), away(s), s))
    return min(blank or region, key=lambda s: (away(s), clashes(s), s))


def finished(layout: MapLayout, record: GameRecord) -> Finished:
    """The record as its player leaves the sheet: each scoring region's points circled in an
    empty space near its middle, and the score box filled in."""
    score = score_game(layout, record)
    grid = grid_of(layout)
    owner = regions(grid, record.path)
    taken = {s.space for s in [*layout.symbols, *record.symbols]}
    blank = set(grid.spaces()) - taken  # less each score circled, as it is circled
    marks = []
    for r in score.regions:
        if r.points:
            region = [s for s, n in owner.items() if n == r.region]
            spot = _score_spot(grid, region, blank, taken, record.path, layout.stars)
            blank.discard(spot)
            marks.append((spot, str(r.points)))
    values = {
        "regions": str(score.region_total),
        "stars": str(score.unused_stars),
        "symbols": _num(sum(score.symbol_points.values(), Fraction(0))),
        "total": _num(score.total),
        "name": record.player or record.name,
    }
    values.update({f"most_{k}": str(v) for k, v in score.most.items()})
    scored = [r for r in score.regions if r.points]
    values.update({f"region_{i}": str(r.points) for i, r in enumerate(scored, start=1)})
    return Finished(
        tuple(record.path),
        tuple(record.symbols),
        tuple(marks),
        values,
        tuple(collected_stars(layout, record)),
        record.stars_used,
    )


def build_game(record: GameRecord, options: BuildOptions) -> Sheets:
    """A finished game drawn on its map: the whole path, every symbol found, the stars
    collected and used, and the score."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import beside, load_model

    layout = load_model(beside(record, record.map), MapLayout, f"{record.name}: map")
    drawing = draw_map(layout, record.labels, finished(layout, record))
    return Sheets(
        (Pad(drawing),),
        title=f"Walkabout — {record.player or record.name}",
        subject="A finished Walkabout sheet",
        keywords=("walkabout", "game"),
    )
