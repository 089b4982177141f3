"""Marram's tile art as a player sees it, measured on tiles rendered by pdfium: a beast lying
along the shore between grass and sand hides it (no grass peeks out beside it), the shore
bends without a corner, and a blue snake's tail narrows from its body with no line across."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np
import pypdfium2 as pdfium
import pytest

from sheetgen.backends import render
from sheetgen.draw.colour import darker, lighter
from sheetgen.draw.document import Document, alone
from sheetgen.draw.shapes import CurveTo, Drawing, LineTo, MoveTo, Path
from sheetgen.games.marram.beasts import INWARD, MID, Along, beast_layers, centre_line
from sheetgen.games.marram.draw import tile_drawing
from sheetgen.games.marram.faces import Face, Segment, back, front, turn
from sheetgen.games.marram.ground import patch_edge
from sheetgen.games.marram.model import CORNERS, MarramLabels, TileSetLayout
from sheetgen.layouts.read import load
from tests.support import tiered

SET: TileSetLayout = load("marram/classic").model  # type: ignore[assignment]
ST = SET.sheet
WORDS = MarramLabels()
PX = 20.0  # pixels a design millimetre: every tile rendered 800 px across, whatever its size
SIZES = (36.0, 40.0, 120.0)  # the smallest, built-in and largest tile sizes a layout may give
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def picture(drawing: Drawing, size: float) -> np.ndarray:
    """The tile as printed, cut along its trim, as float RGB rows on the 40 mm design square
    (PX pixels a design mm)."""
    pdf = pdfium.PdfDocument(render(Document((alone(drawing),), title="tile"), "pdf")[0][1])
    per_mm = PX * 40.0 / size
    image = pdf[0].render(scale=per_mm * 25.4 / 72).to_pil().convert("RGB")
    b = round(drawing.bleed * per_mm)
    side = round(40.0 * PX)
    return np.asarray(image, dtype=float)[b : b + side, b : b + side]


def near(rgb: np.ndarray, colour: str, within: float = 30.0) -> np.ndarray:
    """Where the picture is within `within` (RGB distance) of `colour`."""
    c = np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)
    return np.linalg.norm(rgb - c, axis=-1) < within


def grassiness(rgb: np.ndarray) -> np.ndarray:
    """How far each pixel lies from sand towards grass, 0 to 1 (a grass tuft, darker still,
    counts as grass; a sand grain stays under a half)."""
    sand, grass = (
        np.array([int(c[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)
        for c in (ST.sand, ST.grass)
    )
    axis = grass - sand
    return np.clip((rgb - sand) @ axis / (axis @ axis), 0.0, 1.0)


# --- 1. a straight beast along the shore hides it --------------------------------------------


def _shore_bodies() -> list[tuple[str, str, Face, Segment]]:
    """Every face of the set with a body from one edge to the opposite one between two bands of
    corners (its two corners on each side alike): the body runs along a shore, or on one kind."""
    out = []
    for tile in [SET.starter, *SET.tiles]:
        for side, face in (("front", front(tile)), ("back", back(tile))):
            for seg in face.segments:
                if len(seg.edges) == 2 and seg.edges[1] == OPPOSITE[seg.edges[0]]:
                    # turned so the body runs W-E: its corners N of it, and S of it
                    f = face if "W" in seg.edges else turn(face, 3)
                    if f.kind("NW") == f.kind("NE") and f.kind("SW") == f.kind("SE"):
                        out.append((tile.name, side, face, seg))
    return out


SHORES = _shore_bodies()


def _longest_run(column: np.ndarray) -> tuple[int, int]:
    """The first row and the row after the longest stretch of True in `column`, broken by
    nothing longer than 2 px (a blurred colour between two of a beast's paints)."""
    filled = column.copy()
    for gap in (1, 2):
        filled[gap:-gap] |= column[: -2 * gap] & column[2 * gap :]
    best, start = (0, 0), None
    for i, v in enumerate([*filled, False]):
        if v and start is None:
            start = i
        elif not v and start is not None:
            if i - start > best[1] - best[0]:
                best = (start, i)
            start = None
    return best


def test_the_set_lays_beasts_along_shores() -> None:
    names = {name for name, _, _, _ in SHORES}
    assert {SET.starter.name, "blue-body-straight", "orange-blue-crossing", "worm-saddle"} <= names
    assert {"beastly-shore", "worm-body-straight"} <= names


@pytest.mark.parametrize("size", tiered(SIZES, {40.0}))  # the built-in size by default
@pytest.mark.parametrize(
    ("name", "side", "face", "seg"), SHORES, ids=[f"{n}-{s}" for n, s, _, _ in SHORES]
)
def test_no_grass_or_sand_peeks_out_beside_a_beast_along_the_shore(
    name: str, side: str, face: Face, seg: Segment, size: float
) -> None:
    """Beside the beast, 1 mm out from its outline on each side, lies only the kind of that
    side's two corners: no sliver of the grass's waist below it, no sand above it."""
    drawing = tile_drawing(face, ST, WORDS, size, ST.bleed, name, name == SET.starter.name)
    rgb = picture(drawing, size)
    f = face
    if "W" not in seg.edges:  # turn the picture (and the face) so the body runs W-E
        rgb, f = np.rot90(rgb, 1), turn(face, 3)
    green = near(rgb, ST.grass, 45) | near(rgb, darker(ST.grass, 0.8), 45)  # grass, tufts
    sandy = near(rgb, ST.sand, 45) | near(rgb, darker(ST.sand, 0.82), 45)  # sand, grains
    beast = ~(green | sandy)
    edge = round(3 * PX)
    reach = round(1.0 * PX)
    # columns another beast crosses (it runs on within 3 mm of the N or S edge) are left out
    others = beast[:edge].any(axis=0) | beast[-edge:].any(axis=0)
    checked = 0
    for x in range(round(2 * PX), rgb.shape[1] - round(2 * PX)):
        if others[x]:
            continue
        top, bottom = _longest_run(beast[:, x])
        above = green[max(0, top - reach) : top - 2, x]  # clear of the outline's blur
        below = green[bottom + 2 : bottom + reach, x]
        want_above, want_below = f.kind("NW") == "g", f.kind("SW") == "g"
        assert above.all() == want_above and above.any() == want_above, (x / PX, "above")
        assert below.all() == want_below and below.any() == want_below, (x / PX, "below")
        checked += 1
    assert checked > 0.5 * rgb.shape[1]


# --- 2. the shore bends without a corner ------------------------------------------------------


def _shore_line(rgb: np.ndarray) -> np.ndarray:
    """Each column's shore, in pixels from the top to where the kind changes, read to a tenth
    of a pixel from the anti-aliased edge."""
    g = grassiness(rgb)
    top_kind = g[0] > 0.5
    out = []
    for x in range(g.shape[1]):
        col = g[:, x] if top_kind[x] else 1.0 - g[:, x]
        r = int(np.argmax(col < 0.5))
        out.append(r - 1 + (col[r - 1] - 0.5) / (col[r - 1] - col[r]))
    return np.array(out)


BANDS = [(c, m) for c in ("ggss", "sggs", "ssgg", "gssg") for m in "gs"]


@pytest.mark.parametrize(("corners", "centre"), BANDS)
def test_a_shore_along_two_corners_bends_without_a_corner(corners: str, centre: str) -> None:
    """Two corners of one kind against two of the other: the shore from one side's midpoint to
    the other's swells and narrows, its slope changing gradually everywhere (the old bulges met
    the waist in sharp cusps, the slope jumping by more than 1)."""
    face = Face(tuple(zip(CORNERS, corners, strict=True)), centre, ())
    rgb = picture(tile_drawing(face, ST, WORDS, 40.0, 2.0, "band"), 40.0)
    turns = {"ggss": 0, "sggs": 1, "ssgg": 2, "gssg": 3}[corners]
    y = _shore_line(np.rot90(rgb, turns))  # the shore runs W-E
    assert abs(y[0] / PX - 20) < 0.2 and abs(y[-1] / PX - 20) < 0.2  # at the edges' midpoints
    w = round(0.5 * PX)
    xs = np.arange(w, len(y) - w)
    left = (y[xs] - y[xs - w]) / w
    right = (y[xs + w] - y[xs]) / w
    kink = float(np.abs(right - left).max())
    assert kink < 0.25, kink


def _flatten(segs: list[MoveTo | LineTo | CurveTo], start: tuple[float, float]) -> np.ndarray:
    pts = [start]
    for s in segs:
        if isinstance(s, CurveTo):
            p0 = np.array(pts[-1])
            c = [p0, np.array((s.x1, s.y1)), np.array((s.x2, s.y2)), np.array((s.x, s.y))]
            for t in np.linspace(0, 1, 60)[1:]:
                u = 1 - t
                q = u**3 * c[0] + 3 * u * u * t * c[1] + 3 * u * t * t * c[2] + t**3 * c[3]
                pts.append((float(q[0]), float(q[1])))
    return np.array(pts)


def _runs(corners: str, centre: str) -> list[list[str]]:
    odd = [k != centre for k in corners]
    if all(odd) or not any(odd):
        return []
    start = odd.index(False)
    runs: list[list[str]] = []
    for i in range(1, 5):
        k = (start + i) % 4
        if odd[k]:
            if odd[(k - 1) % 4] and runs:
                runs[-1].append(CORNERS[k])
            else:
                runs.append([CORNERS[k]])
    return runs


PATTERNS = [
    ("".join(c), m)
    for c in itertools.product("gs", repeat=4)
    for m in "gs"
    if any(k != m for k in c) and not all(k != m for k in c)
]


@pytest.mark.parametrize(("corners", "centre"), PATTERNS)
def test_every_patch_edge_is_smooth_and_leaves_square_at_edge_midpoints(
    corners: str, centre: str
) -> None:
    """Whatever the corners (and middle) of a face, each patch's edge crosses the tile's edges
    only at their midpoints, square to them (so it runs on into the neighbour's), and turns
    nowhere by more than 3 degrees between two points 0.1 mm apart."""
    face = Face(tuple(zip(CORNERS, corners, strict=True)), centre, ())
    for run in _runs(corners, centre):
        first, last, curve = patch_edge(face, run)
        pts = _flatten(curve, MID[first])  # type: ignore[arg-type]
        assert np.allclose(pts[-1], MID[last])
        heading = np.diff(pts, axis=0)
        heading /= np.linalg.norm(heading, axis=1)[:, None]
        assert np.allclose(heading[0], INWARD[first], atol=0.03)
        assert np.allclose(heading[-1], [-v for v in INWARD[last]], atol=0.03)
        step = np.linalg.norm(np.diff(pts, axis=0), axis=1)
        turn_deg = np.degrees(np.arccos(np.clip((heading[1:] * heading[:-1]).sum(1), -1, 1)))
        per_tenth = turn_deg / np.maximum((step[1:] + step[:-1]) / 2, 1e-9) * 0.1
        assert per_tenth.max() < 3.0, (corners, centre, run)
        inside = pts[1:-1]
        assert ((inside > 0) & (inside < 40)).all()  # it leaves only at the two midpoints


def test_a_body_across_a_band_is_the_shore_itself() -> None:
    """On the starter (grass above sand, a blue body W to E) the shore is the body's centre
    line, so the body covers it at any tile size."""
    face = front(SET.starter)
    (seg,) = face.segments
    first, last, curve = patch_edge(face, ["SE", "SW"])
    assert (first, last) == ("E", "W")
    shore = _flatten(curve, MID[first])  # type: ignore[arg-type]
    line = _flatten(list(centre_line(seg.edges)[1:]), MID[seg.edges[0]])  # type: ignore[arg-type]
    assert seg.edges == ("W", "E") and np.allclose(shore[::-1], line, atol=1e-6)


# --- 3. a blue snake's tail ----------------------------------------------------------------


def _body_stop(edges: tuple[str, ...]) -> tuple[float, float, float]:
    """Where a blue-tail stub's painted body stops, read off its outline's last cubic: the point
    and the body's heading there (the cubic's last tangent)."""
    body = beast_layers("blue-tail", edges, ST, {}).outline[0]
    assert isinstance(body, Path)
    last = body.segments[-1]
    assert isinstance(last, CurveTo)
    return last.x, last.y, math.atan2(last.y - last.y2, last.x - last.x2)


def _tail_line(along: Along, edges: tuple[str, ...]) -> Callable[[float], tuple[float, ...]]:
    """The point `s` along a tail's centre line, and the heading there: the stub's centre line
    up to where its body stops, then straight on as the body heads there."""
    x0, y0, h0 = _body_stop(edges)
    stop = min(
        np.arange(0, along.length, 0.01), key=lambda s: math.dist(along.point(s)[:2], (x0, y0))
    )

    def at(s: float) -> tuple[float, ...]:
        if s <= stop:
            return along.point(s)
        return x0 + math.cos(h0) * (s - stop), y0 + math.sin(h0) * (s - stop), h0

    return at


def _tail_picture() -> tuple[np.ndarray, Along, Callable[[float], tuple[float, ...]]]:
    tile = next(t for t in SET.tiles if t.name == "blue-tail-dune")
    face = front(tile)
    (seg,) = face.segments
    along = Along(centre_line(seg.edges))
    rgb = picture(tile_drawing(face, ST, WORDS, 40.0, 2.0, tile.name), 40.0)
    return rgb, along, _tail_line(along, seg.edges)


def test_a_blue_tail_joins_its_body_with_no_line_across() -> None:
    """Along the snake's centre line, from its body into its tail, only the body's blue: the
    old triangle's outline drew a dark line across where the body ended."""
    rgb, along, line = _tail_picture()
    dark = ~near(rgb, ST.blue, 40)
    for k in range(int(PX * 6.5)):  # from the last spine mark to 1.5 mm past the stub's end
        x, y, _ = line(along.length - 5.0 + k / PX)
        assert not dark[round(y * PX), round(x * PX)], k / PX - 5.0


def test_a_blue_tail_narrows_smoothly_from_the_bodys_full_width() -> None:
    """Across the snake, the blue narrows from the body's width with no step and no corner: it
    never widens again, and its narrowing over one millimetre differs from that over the
    millimetre before by less than 0.4 mm (the old triangle's sides turned by over 1)."""
    rgb, along, line = _tail_picture()
    blue = near(rgb, ST.blue, 40) | near(rgb, lighter(ST.blue, 0.55), 80)  # body or spine
    across = np.arange(-4, 4, 0.25 / PX)  # a quarter pixel apart, 8 mm across the snake
    widths = []
    for k in range(0, 33):
        x, y, h = line(along.length - 6.0 + k * 0.25)
        # the mean of five cuts square across the line, 0.05 mm apart: pixels' steps even out
        cuts = [
            blue[
                np.round((y + math.sin(h) * d + math.cos(h) * across) * PX).astype(int),
                np.round((x + math.cos(h) * d - math.sin(h) * across) * PX).astype(int),
            ].sum()
            * 0.25
            / PX
            for d in (-0.1, -0.05, 0.0, 0.05, 0.1)
        ]
        widths.append(float(np.mean(cuts)))
    w = np.array(widths)
    assert w[0] == pytest.approx(ST.snake_width - 1.0, abs=0.2)  # the body, before the tail
    assert (np.diff(w) < 0.1).all(), w  # never wider again
    kink = np.abs((w[8:] - w[4:-4]) - (w[4:-4] - w[:-8]))
    assert kink.max() < 0.4, np.round(w, 2)
    assert w[-1] < 0.5 * w[0]  # it narrows to a point


def _across(polygon: list[tuple[float, float]], u: float) -> list[float]:
    """Where a closed polygon, given in (along, across) coordinates, crosses the line at `u`
    along: the across coordinates of its crossings."""
    out = []
    for (a0, c0), (a1, c1) in itertools.pairwise([*polygon, polygon[0]]):
        if (a0 - u) * (a1 - u) < 0:
            out.append(c0 + (c1 - c0) * (u - a0) / (a1 - a0))
    return out


@pytest.mark.parametrize("edge", "NESW")
def test_a_blue_tail_narrows_alike_on_both_sides_to_a_tip_on_its_centre_line(edge: str) -> None:
    """The tail seen from above: square across the body where it stops, the blue reaches as far
    to the left of the body's heading as to the right at every point to its tip (within
    0.05 mm), and the tip lies on that heading; the old tail followed the stub's last bend, its
    one side running on straight and the other curving in, its tip 2 mm off the line."""
    x0, y0, h0 = _body_stop((edge,))
    layers = beast_layers("blue-tail", (edge,), ST, {})
    (fill,) = [s for s in layers.top if isinstance(s, Path) and s.style.fill == ST.blue]
    pts = [(seg.x, seg.y) for seg in fill.segments if isinstance(seg, MoveTo | LineTo)]
    local = [
        (
            (x - x0) * math.cos(h0) + (y - y0) * math.sin(h0),
            -(x - x0) * math.sin(h0) + (y - y0) * math.cos(h0),
        )
        for x, y in pts
    ]
    tip = max(local)
    assert tip[0] > 5.0 and abs(tip[1]) < 0.05, tip  # ahead of the body, on its heading
    half = (ST.snake_width - 1.0) / 2
    for u in np.linspace(0.05, tip[0] - 0.05, 40):
        crossings = _across(local, float(u))
        left, right = max(crossings), -min(crossings)
        assert left == pytest.approx(right, abs=0.05), (u, left, right)
        assert left <= half + 0.01  # never wider than the body
    assert max(_across(local, 0.05)) == pytest.approx(half, abs=0.01)  # full width at the join
