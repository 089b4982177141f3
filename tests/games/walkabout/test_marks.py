"""What a player writes on a finished Walkabout sheet stays readable (circled region scores and
ringed stars touch nothing else drawn), a misplaced symbol's finding says where the day began
and ended, and `walkabout score` names its sheets plainly."""

from __future__ import annotations

import itertools
import math
import shutil
from pathlib import Path

import pytest

from sheetgen.draw import Circle, Style, Transform
from sheetgen.games.walkabout.components import finished
from sheetgen.games.walkabout.draw import MARK_R, draw_map, node_xy, space_xy
from sheetgen.games.walkabout.model import GameRecord, MapLayout
from sheetgen.games.walkabout.referee import check_game
from sheetgen.games.walkabout.room import RING, RING_WIDTH
from sheetgen.games.walkabout.rules import collected_stars, grid_of, regions, score_game
from sheetgen.layouts.read import builtin_layouts, load
from tests.games.walkabout.support import map_symbols
from tests.support import sheetgen
from tests.support.ink import apart, ink

EXAMPLE: GameRecord = load("walkabout/example-game").model  # type: ignore[assignment]
MAP: MapLayout = load("walkabout/map-1").model  # type: ignore[assignment]
MARK = MARK_R + 0.35 / 2  # a score circle's outer edge, its stroke included
RINGED = RING + RING_WIDTH / 2
PATH = 1.1 / 2  # half the widest path line (yesterday's, printed)


def _to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    t = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)
    t = max(0.0, min(1.0, t))
    return math.hypot(px - ax - t * (bx - ax), py - ay - t * (by - ay))


def test_region_scores_are_circled_clear_of_everything_drawn() -> None:
    """Rulebook, Scoring: 'In or near the region, write and circle its score.' Each circle is
    in a blank space of its own region and touches no path line, no star or star ring, no
    symbol and no other circle; a star walked onto is ringed clear of every symbol. (The
    review found a '3' touching the ring of the star at [13, 25] and the path, and an emu
    crossing the ring of the star at [9, 9].)"""
    done = finished(MAP, EXAMPLE)
    grid = grid_of(MAP)
    owner = regions(grid, EXAMPLE.path)
    taken = {s.space for s in [*MAP.symbols, *EXAMPLE.symbols]}
    drawing = draw_map(MAP, EXAMPLE.labels, done)
    symbols = ink(map_symbols(MAP, drawing), Transform())  # as drawn: sized and placed to fit
    segments = [(node_xy(MAP, a), node_xy(MAP, b)) for a, b in itertools.pairwise(EXAMPLE.path)]
    rings = [node_xy(MAP, n) for n in collected_stars(MAP, EXAMPLE)]
    assert len(done.marks) == 4 and len(rings) == 2
    assert len({owner[space] for space, _ in done.marks}) == 4  # one circle a region
    for space, _ in done.marks:
        xy = space_xy(MAP, space)
        assert space not in taken
        assert min(_to_segment(xy, a, b) for a, b in segments) > MARK + PATH, space
        score = Circle(*xy, MARK_R, Style(stroke=MAP.sheet.pen, width=0.35))
        assert apart(ink([score], Transform()), symbols) > 0.5, space
        assert min(math.dist(xy, node_xy(MAP, n)) for n in MAP.stars) > MARK + RINGED, space
        # a roomy space is chosen: no star at any of its corners
        assert not set(grid.space_nodes(space)) & set(MAP.stars), space
    for ring in rings:
        drawn = Circle(*ring, RING, Style(stroke=MAP.sheet.pen, width=RING_WIDTH))
        assert apart(ink([drawn], Transform()), symbols) > 0.5


def test_a_region_filled_with_symbols_has_its_score_circled_near_it(tmp_path: Path) -> None:
    """Rulebook, Scoring: 'In or near the region, write and circle its score.' Day 6's emu
    drawn at [12, 22] instead (a legal space touching that day's path) fills the four spaces
    walled off around [12, 22] with symbols: `check` finds the record legal and `build` draws
    it, its score circled in a blank space beside that region (once crashed: dividing by its
    no blank spaces)."""
    symbols = list(EXAMPLE.symbols)
    symbols[15] = symbols[15].model_copy(update={"space": (12, 22)})
    full = EXAMPLE.model_copy(update={"symbols": symbols})
    grid = grid_of(MAP)
    owner = regions(grid, full.path)
    taken = {s.space for s in [*MAP.symbols, *symbols]}
    region = {s for s, n in owner.items() if n == owner[(12, 22)]}
    assert region <= taken and check_game(full) == []
    record = tmp_path / "full.toml"
    listed = ",\n".join(
        f'  {{ symbol = "{s.symbol}", space = [{s.space[0]}, {s.space[1]}], day = {s.day}'
        + (f', facing = "{s.facing}"' if s.facing else "")
        + " }"
        for s in symbols
    )
    record.write_text(
        'game = "walkabout"\ncomponent = "game"\nname = "full"\n'
        f'extends = "walkabout/example-game"\nsymbols = [\n{listed},\n]\n',
        encoding="utf-8",
    )
    run = sheetgen("check", str(record))
    assert (run.code, run.out, run.err) == (0, f"{record}: ok\n", "")
    run = sheetgen("build", str(record), "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    done = finished(MAP, full)
    scored = [r.region for r in score_game(MAP, full).regions if r.points]
    assert scored == [0, 1, 2, owner[(12, 22)]] and len({s for s, _ in done.marks}) == 4
    *others, (spot, _) = done.marks
    assert [owner[space] for space, _ in others] == [0, 1, 2]  # each in its own region
    corners = {n for s in region for n in grid.space_nodes(s)}
    assert spot not in taken and set(grid.space_nodes(spot)) & corners, spot  # beside it


def test_a_misplaced_symbol_says_where_the_day_began_and_ended() -> None:
    """Rulebook, 3. Find (after 2. Move): 'Draw each symbol on a blank space that touches your
    position and/or the path that you traveled **today**'. Day 1 of the review's record walks
    [10, 22] to [10, 20]: the finding names [10, 20] as where the player stands after the
    walk and [10, 22] as where the day began. A day spent standing still says so."""
    shifted = EXAMPLE.model_copy(update={"days": [1, 6, *EXAMPLE.days[2:]]})
    found = [(f.where, f.message) for f in check_game(shifted)]
    assert found[0] == (
        "symbols[1].space",
        "day 1: the spear at [10, 17] does not touch where you stand after the day's walk "
        "([10, 20]) or that day's path (from [10, 22], where the day began): a symbol is "
        "drawn in a blank space touching where you stand or the path walked that day (a "
        "corner is enough)",
    )
    still = EXAMPLE.model_copy(
        update={
            "days": [0, *EXAMPLE.days],
            "symbols": [
                EXAMPLE.symbols[0].model_copy(update={"space": (2, 20), "day": 1}),
                *[s.model_copy(update={"day": (s.day or 0) + 1}) for s in EXAMPLE.symbols],
            ],
        }
    )
    assert (
        "symbols[0].space",
        "day 1: the waterhole at [2, 20] does not touch where you stand ([10, 22]; you did not "
        "move that day): a symbol is drawn in a blank space touching where you stand or the "
        "path walked that day (a corner is enough)",
    ) in [(f.where, f.message) for f in check_game(still)]


@pytest.fixture
def two_sheets(tmp_path: Path) -> tuple[Path, Path]:
    """The example game copied twice beside a map of its own in another folder: records/
    a.toml and records/b.toml, both naming map = "../maps/mine.toml"."""
    (tmp_path / "maps").mkdir()
    (tmp_path / "records").mkdir()
    shutil.copy(builtin_layouts()["walkabout/map-1"], tmp_path / "maps" / "mine.toml")
    sheets = []
    for name in ("a", "b"):
        path = tmp_path / "records" / f"{name}.toml"
        path.write_text(
            f'game = "walkabout"\ncomponent = "game"\nname = "{name}"\n'
            'extends = "walkabout/example-game"\nmap = "../maps/mine.toml"\n',
            encoding="utf-8",
        )
        sheets.append(path)
    return sheets[0], sheets[1]


def test_score_refuses_two_sheets_of_one_player(two_sheets: tuple[Path, Path]) -> None:
    """Rulebook, Multiplayer: 'Score 1 pt. each, only if no other player has a region with
    more of this type than you': the rule compares different players, so two sheets of one
    player (or one sheet given twice) are refused in one line."""
    a, b = two_sheets
    run = sheetgen("walkabout", "score", str(a), str(b))
    assert (run.code, run.out) == (2, "")
    assert run.err == (
        f"error: {b}: player 'Example player' is also the player of {a}: each sheet scored "
        'together is a different player\'s (give each record its own player = "NAME")\n'
    )
    run = sheetgen("walkabout", "score", str(a), str(a))
    assert (run.code, run.err) == (
        2,
        f"error: {a} is given twice: each player's sheet is scored once\n",
    )


def test_score_names_the_map_as_a_user_can_find_it(two_sheets: tuple[Path, Path]) -> None:
    """A record's map is written relative to the record ("../maps/mine.toml"); `score` names
    it from where the user stands (or in full), and a built-in map by its built-in name."""
    a, _ = two_sheets
    run = sheetgen("walkabout", "score", "records/a.toml", cwd=a.parent.parent)
    assert run.code == 0 and run.out.splitlines()[0] == "Example player on maps/mine.toml"
    run = sheetgen("walkabout", "score", "a.toml", cwd=a.parent)  # the map lies outside
    assert run.out.splitlines()[0] == f"Example player on {a.parent.parent / 'maps' / 'mine.toml'}"
    run = sheetgen("walkabout", "score", "walkabout/example-game")
    assert run.out.splitlines()[0] == "Example player on walkabout/map-1"


def test_a_finished_sheet_marks_where_its_player_stopped_unlike_where_they_began() -> None:
    """Rulebook: yesterday's path ends where you stand. On a finished sheet the day's walk
    begins there (yesterday's ring round a dot) and ends elsewhere; that end is marked by
    something else, so a reader tells where the player stopped."""
    drawing = draw_map(MAP, None, finished(MAP, EXAMPLE))
    circles = [c for c in drawing.children if isinstance(c, Circle)]

    def marks_at(node: tuple[int, int]) -> set[tuple[str | None, str | None]]:
        x, y = node_xy(MAP, node)
        return {
            (c.style.fill, c.style.stroke)
            for c in circles
            if math.dist((c.cx, c.cy), (x, y)) < 1e-6
        }

    began, stopped = MAP.path[-1], EXAMPLE.path[-1]
    assert began in EXAMPLE.path and stopped != began
    assert ("#ffffff", MAP.sheet.path) in marks_at(began)  # the printed ring, filled white
    end = marks_at(stopped)
    assert end and all(fill not in (None, "#ffffff") for fill, _ in end), end  # solid, no ring
