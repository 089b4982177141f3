"""Walkabout's rules: map and dice checks, legal moves, regions and scoring."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction

from sheetgen.colour_sight import alike_findings
from sheetgen.findings import Finding, error
from sheetgen.frozen import frozen
from sheetgen.games.walkabout.grid import (
    DIRECTIONS,
    Grid,
    Node,
    Segment,
    Space,
    direction_between,
    segment,
    turn,
    unit,
)
from sheetgen.games.walkabout.model import (
    ANIMALS,
    SYMBOLS,
    WEAPONS,
    DiceLayout,
    Face,
    GameRecord,
    MapLayout,
    PlacedSymbol,
    SymbolInks,
)

TURNS = {"F": 0, "L": -1, "R": 1, "HL": -2, "HR": 2}


def grid_of(layout: MapLayout) -> Grid:
    return _grid(layout.columns, layout.rows, layout.edge)


@functools.lru_cache(maxsize=16)  # (asked for again and again as a map is drawn and checked)
def _grid(columns: int, rows: int, edge: float) -> Grid:
    return Grid(columns, rows, edge)


# --- checks ----------------------------------------------------------------------------------


def check_path(grid: Grid, path: Sequence[Node], where: str = "path") -> list[Finding]:
    """Nodes on the grid, each step to a neighbour, no segment twice."""
    out: list[Finding] = []
    used: set[Segment] = set()
    for i, node in enumerate(path):
        if not grid.has_node(tuple(node)):  # type: ignore[arg-type]
            out.append(
                error(
                    f"{where}[{i}]",
                    f"node {list(node)} is not on the map's grid "
                    f"({grid.columns} columns, {grid.rows} edges tall, q + v even)",
                )
            )
            return out
    for i, (a, b) in enumerate(itertools.pairwise(path), start=1):
        if direction_between(a, b) is None:
            out.append(
                error(
                    f"{where}[{i}]",
                    f"node {list(b)} is not one step along a grid line from {list(a)}",
                )
            )
            continue
        seg = segment(a, b)
        if seg in used:
            out.append(
                error(
                    f"{where}[{i}]",
                    f"the path walks the segment {list(a)}-{list(b)} "
                    "a second time (it may cross itself only at a node)",
                )
            )
        used.add(seg)
    return out


def check_symbols(
    grid: Grid, symbols: Sequence[PlacedSymbol], where: str = "symbols", taken: Iterable[Space] = ()
) -> list[Finding]:
    """Each symbol in a space of the map, one to a space, pointing only if it may."""
    out: list[Finding] = []
    seen = set(taken)
    for i, s in enumerate(symbols):
        key = f"{where}[{i}]"
        if not grid.has_space(s.space):
            out.append(error(f"{key}.space", f"space {list(s.space)} is not on the map"))
        if s.space in seen:
            out.append(error(f"{key}.space", f"space {list(s.space)} already holds a symbol"))
        seen.add(s.space)
        if s.symbol == "waterhole" and s.facing is not None:
            out.append(error(f"{key}.facing", "a waterhole points nowhere: leave facing out"))
        if s.symbol != "waterhole" and s.facing is None:
            out.append(
                error(
                    f"{key}.facing", f"a {s.symbol} needs a facing (one of {', '.join(DIRECTIONS)})"
                )
            )
    return out


def check_map(layout: MapLayout, siblings: bool = True) -> list[Finding]:
    """The map's path, symbols and stars obey the rules, with a star circle for every star;
    with `siblings`, a built-in sheet also differs from the others only in its symbols."""
    grid = grid_of(layout)
    out = check_path(grid, layout.path)
    if not out:
        first, second = layout.path[0], layout.path[1]
        if first[1] < grid.max_v - 1:
            out.append(
                error(
                    "path[0]",
                    f"yesterday's path must enter from the southern edge "
                    f"(v = {grid.max_v - 1} or {grid.max_v}), not at {list(first)}",
                )
            )
        if direction_between(first, second) != "N":
            out.append(error("path[1]", "yesterday's path must enter heading north"))
    out += check_symbols(grid, layout.symbols)
    out += [
        error(f"symbols[{i}].day", "a printed symbol was found on no day: leave day out")
        for i, s in enumerate(layout.symbols)
        if s.day is not None
    ]
    on_path = set(layout.path)
    for i, star in enumerate(layout.stars):
        if not grid.has_node(star):
            out.append(error(f"stars[{i}]", f"star {list(star)} is not on a node of the grid"))
        elif star in on_path:
            out.append(error(f"stars[{i}]", f"star {list(star)} sits on yesterday's path"))
    room = 1 + len(layout.stars)
    if layout.star_circles < room:
        out.append(
            error(
                "star_circles",
                f"{layout.star_circles} star circles for {room} stars a player can hold "
                f"(the one to start with and the map's {len(layout.stars)}); "
                f"give star_circles = {room}",
            )
        )
    out += _check_siblings(layout) if siblings else []
    return out + symbol_inks_apart(layout.sheet.symbols, "sheet.symbols")


def symbol_inks_apart(inks: SymbolInks, key: str) -> list[Finding]:
    """Weapons, animals and waterholes printed in colours players tell apart (each kind has
    its own shapes too, so greyscale needs no more)."""
    kinds = ("weapons", "animals", "waterholes")
    return alike_findings({f"{key}.{kind}": getattr(inks, kind) for kind in kinds}, marked=True)


def _check_siblings(layout: MapLayout) -> list[Finding]:
    """The built-in sheets map-1 … map-4 differ only in their symbols (a map of a designer's
    own, even one named like them, is a sheet of its own)."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import builtin_layouts, load

    builtin = builtin_layouts().get(f"walkabout/{layout.name}")
    if builtin is None or layout._folder != builtin.parent:
        return []
    ignore = {"name", "description", "sheet_number", "symbols", "extends"}
    mine = layout.model_dump(exclude=ignore)
    out = []
    for ref in sorted(r for r in builtin_layouts() if r.startswith("walkabout/map-")):
        other = load(ref).model
        if other.name != layout.name and other.model_dump(exclude=ignore) != mine:
            differ = sorted(k for k in mine if mine[k] != other.model_dump(exclude=ignore)[k])
            out.append(
                error(
                    differ[0],
                    f"sheet {layout.name} differs from {other.name} in "
                    f"{', '.join(differ)}; the sheets may differ only in symbols",
                )
            )
    return out


def face_path(face: Face, facing: str = "N") -> list[str]:
    """The absolute direction of each step of a face's movement, starting facing `facing`."""
    out = []
    for t in face.move:
        facing = turn(facing, TURNS[t])
        out.append(facing)
    return out


def _self_overlaps(directions: Sequence[str]) -> bool:
    node: tuple[int, int] = (0, 0)
    # imported here, not at the top, for start-up time
    from sheetgen.games.walkabout.grid import STEP

    used: set[Segment] = set()
    for d in directions:
        nxt = (node[0] + STEP[d][0], node[1] + STEP[d][1])
        seg = segment(node, nxt)
        if seg in used:
            return True
        used.add(seg)
        node = nxt
    return False


def check_dice(layout: DiceLayout) -> list[Finding]:
    """Six faces a die, symbols 1-5 once each plus '?', moves that start forward and never
    reuse a segment, and no movement on two faces."""
    out: list[Finding] = []
    seen: dict[tuple[str, ...], str] = {}
    for d, die in enumerate(layout.dice):
        key = f"dice[{d}]"
        if len(die.faces) != 6:
            out.append(
                error(f"{key}.faces", f"the {die.name} die has {len(die.faces)} faces; a die has 6")
            )
        symbols = [f.symbol for f in die.faces]
        if sorted(symbols) != sorted([*SYMBOLS, "?"]):
            out.append(
                error(
                    f"{key}.faces",
                    f"the {die.name} die shows {symbols}; it needs "
                    "each of the five symbols once and '?' once",
                )
            )
        for i, face in enumerate(die.faces):
            fk = f"{key}.faces[{i}].move"
            if face.move[0] != "F":
                out.append(error(fk, "a movement begins with one forward step (F)"))
            if _self_overlaps(face_path(face)):
                out.append(error(fk, "the movement walks one segment twice"))
            moves = tuple(face.move)
            if moves in seen:
                out.append(error(fk, f"the movement {' '.join(moves)} is also on {seen[moves]}"))
            seen.setdefault(moves, f"the {die.name} die's face {i + 1}")
    return out + alike_findings(
        {f"dice[{d}].colour": die.colour for d, die in enumerate(layout.dice)}
    )


# --- moves -----------------------------------------------------------------------------------


@frozen
class Option:
    """One choice for the day's move: what it is and the nodes it walks through."""

    kind: str  # die, die-short, star, stay, quit
    die: int | None
    nodes: tuple[Node, ...]

    def describe(self, names: Sequence[str] = ()) -> str:
        name = (
            names[self.die] if self.die is not None and self.die < len(names) else f"die {self.die}"
        )
        if self.kind == "die":
            return f"{name}: the whole movement to {list(self.nodes[-1])}"
        if self.kind == "die-short":
            return f"{name} without its first step, to {list(self.nodes[-1])}"
        if self.kind == "star":
            return f"cross out a star, one step to {list(self.nodes[-1])}"
        return "stay (no die's movement can be done)" if self.kind == "stay" else "quit"


def facing_of(path: Sequence[Node]) -> str:
    d = direction_between(path[-2], path[-1])
    assert d is not None
    return d


def walk(
    grid: Grid, used: set[Segment], start: Node, facing: str, turns: Sequence[str]
) -> tuple[Node, ...] | None:
    """The nodes a movement visits, or None if it leaves the map or reuses a segment."""
    node, nodes, mine = start, [], set()
    for t in turns:
        facing = turn(facing, TURNS[t])
        nxt = grid.neighbour(node, facing)
        if nxt is None:
            return None
        seg = segment(node, nxt)
        if seg in used or seg in mine:
            return None
        mine.add(seg)
        nodes.append(nxt)
        node = nxt
    return tuple(nodes)


def legal_moves(grid: Grid, path: Sequence[Node], roll: Sequence[Face], stars: int) -> list[Option]:
    """Every legal choice for a day, given the path so far, the three faces rolled and the
    stars in hand."""
    used = {segment(a, b) for a, b in itertools.pairwise(path)}
    here, facing = path[-1], facing_of(path)
    options: list[Option] = []
    for i, face in enumerate(roll):
        full = walk(grid, used, here, facing, face.move)
        if full:
            options.append(Option("die", i, full))
        if len(face.move) > 1:
            short = walk(grid, used, here, facing, face.move[1:])
            if short:
                options.append(Option("die-short", i, short))
    if not options:
        options.append(Option("stay", None, ()))
    if stars > 0:
        for d in DIRECTIONS:
            step = walk(grid, used, here, d, ["F"])
            if step:
                options.append(Option("star", None, step))
    options.append(Option("quit", None, ()))
    return options


# --- scoring ---------------------------------------------------------------------------------


def regions(grid: Grid, path: Sequence[Node]) -> dict[Space, int]:
    """Each space's region number: spaces joined across edges the path does not cover."""
    walls = {segment(a, b) for a, b in itertools.pairwise(path)}
    owner: dict[Space, int] = {}
    by_edge: dict[Segment, list[Space]] = {}
    for s in grid.spaces():
        for e in grid.space_edges(s):
            by_edge.setdefault(e, []).append(s)
    number = 0
    for start in grid.spaces():
        if start in owner:
            continue
        stack = [start]
        owner[start] = number
        while stack:
            s = stack.pop()
            for e in grid.space_edges(s):
                if e in walls:
                    continue
                for t in by_edge[e]:
                    if t not in owner:
                        owner[t] = number
                        stack.append(t)
        number += 1
    return owner


def points_at(grid: Grid, source: PlacedSymbol, target: Space, both_ways: bool) -> bool:
    """Whether a symbol's facing line runs through the target space (at any distance)."""
    if source.facing is None or target == source.space:
        return False
    sx, sy = grid.centre(source.space)
    tx, ty = grid.centre(target)
    ux, uy = unit(source.facing)
    rx, ry = (tx - sx) / grid.edge, (ty - sy) / grid.edge
    along = rx * ux + ry * uy
    across = abs(rx * uy - ry * ux)
    strip = 3**0.5 / 2  # the distance between neighbouring parallel grid lines, in edges
    return across < strip / 2 and (along > 0 or (both_ways and along < 0))


def _matching(edges: dict[int, list[int]]) -> int:
    """The size of a maximum matching (each source to a different target)."""
    taken: dict[int, int] = {}

    def grab(a: int, seen: set[int]) -> bool:
        for b in edges[a]:
            if b in seen:
                continue
            seen.add(b)
            if b not in taken or grab(taken[b], seen):
                taken[b] = a
                return True
        return False

    return sum(1 for a in edges if grab(a, set()))


def ladder(count: int) -> int:
    """Points for a chain of pointers: the 1st 0, the 2nd 1, every further one 2."""
    return 0 if count < 2 else 1 + 2 * (count - 2)


@frozen
class RegionScore:
    region: int
    spaces: int
    counts: dict[str, int]
    points: int
    way: str


def score_regions(
    grid: Grid, path: Sequence[Node], symbols: Sequence[PlacedSymbol]
) -> list[RegionScore]:
    """Each region's best single way of scoring."""
    owner = regions(grid, path)
    out = []
    for r in sorted(set(owner.values())):
        mine = [s for s in symbols if owner.get(s.space) == r]
        counts: dict[str, int] = {k: sum(1 for s in mine if s.symbol == k) for k in SYMBOLS}
        ways: list[tuple[int, str]] = [(0, "nothing")]
        kinds = sum(1 for k in SYMBOLS if counts[k])
        if kinds == 4:
            ways.append((1, "4 kinds of symbol"))
        if kinds == 5:
            ways.append((3, "all 5 kinds of symbol"))
        for hunters, prey, both in [(w, ANIMALS, False) for w in WEAPONS] + [
            (a, ("waterhole",), True) for a in ANIMALS
        ]:
            sources = [s for s in mine if s.symbol == hunters]
            for kind in prey:
                for target_region in set(owner.values()):
                    targets = [
                        s
                        for s in symbols
                        if s.symbol == kind and owner.get(s.space) == target_region
                    ]
                    edges = {
                        i: [j for j, t in enumerate(targets) if points_at(grid, src, t.space, both)]
                        for i, src in enumerate(sources)
                    }
                    n = _matching(edges)
                    if n:
                        ways.append((ladder(n), f"{n} {hunters}s pointing at {n} {kind}s"))
        points, way = max(ways, key=lambda w: w[0])
        size = sum(1 for s in owner.values() if s == r)
        out.append(RegionScore(r, size, counts, points, way))
    return out


@frozen
class Score:
    regions: list[RegionScore]
    symbol_points: dict[str, Fraction]
    most: dict[str, int]
    unused_stars: int
    stars_collected: int = 0

    @property
    def region_total(self) -> int:
        return sum(r.points for r in self.regions)

    @property
    def total(self) -> Fraction:
        return self.region_total + sum(self.symbol_points.values(), Fraction(0)) + self.unused_stars


def all_symbols(layout: MapLayout, record: GameRecord) -> list[PlacedSymbol]:
    return [*layout.symbols, *record.symbols]


def collected_stars(layout: MapLayout, record: GameRecord) -> list[Node]:
    """The map's stars walked onto after yesterday (the path beyond the map's printed path),
    in the order first reached."""
    walked = record.path[len(layout.path) :]
    return [n for i, n in enumerate(walked) if n in layout.stars and n not in walked[:i]]


def stars_collected(layout: MapLayout, record: GameRecord) -> int:
    """How many of the map's stars were walked onto after yesterday."""
    return len(collected_stars(layout, record))


def score_game(
    layout: MapLayout, record: GameRecord, others: Sequence[dict[str, int]] | None = None
) -> Score:
    """A finished sheet's score. Solo: ½ point a symbol of each type in its best region; with
    `others` (the other players' best counts) 1 point a type that nobody beats."""
    grid = grid_of(layout)
    symbols = all_symbols(layout, record)
    scored = score_regions(grid, record.path, symbols)
    # a map has at least 5 columns and 4 rows (MapLayout): it always has spaces, so regions
    most: dict[str, int] = {k: max(r.counts[k] for r in scored) for k in SYMBOLS}
    symbol_points: dict[str, Fraction]
    if others is None:
        symbol_points = {k: Fraction(most[k], 2) for k in SYMBOLS}
    else:
        symbol_points = {
            k: Fraction(most[k]) if all(o[k] <= most[k] for o in others) else Fraction(0)
            for k in SYMBOLS
        }
    collected = stars_collected(layout, record)
    unused = 1 + collected - record.stars_used
    return Score(scored, symbol_points, most, max(unused, 0), collected)
