"""Marram's grass and sand on the 40 mm design square: the middle's kind, and a smooth patch of
the other kind over each run of corners that differ from it. A patch's edge leaves the tile
only at edge midpoints, square to the edge (so it runs on straight into the neighbour's), and
where a beast's body joins the same two midpoints the edge follows the beast's centre line,
hidden beneath it."""

from __future__ import annotations

import itertools
import math

from sheetgen.draw import Circle, Close, CurveTo, LineTo, MoveTo, Path, Rect, Shape, Style
from sheetgen.draw.colour import darker
from sheetgen.draw.shapes import Segment
from sheetgen.games.marram.beasts import INWARD, MID, Point, U, centre_line, offset
from sheetgen.games.marram.faces import Face
from sheetgen.games.marram.model import CORNERS, EDGES, SheetStyle

CORNER_XY = {"NW": (0.0, 0.0), "NE": (U, 0.0), "SE": (U, U), "SW": (0.0, U)}
WAIST = 0.32 * U  # how far a patch spanning a whole edge reaches in at that edge's middle
ARC = 4 * (math.sqrt(2) - 1) / 3  # a cubic's handle for a quarter circle, per unit radius
EASE = 0.45  # a cubic's handles between parallel headings, per unit of the run along them
Waypoint = tuple[Point, Point]  # a point the patch edge passes, and its heading there
# each edge's two corners going clockwise
EDGE_ENDS = {
    e: (CORNER_XY[CORNERS[i]], CORNER_XY[CORNERS[(i + 1) % 4]]) for i, e in enumerate(EDGES)
}


def _toward(p: Point, q: Point) -> Point:
    """The unit vector from corner `p` towards corner `q`."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy)
    return dx / n, dy / n


def _smooth(points: list[Waypoint]) -> list[Segment]:
    """Cubics through the waypoints, each leaving and arriving along the given headings: the
    edge is tangent-continuous at every waypoint (a quarter turn is drawn as a circle's arc)."""
    out: list[Segment] = []
    for (p, d), (q, e) in itertools.pairwise(points):
        if abs(d[0] * e[0] + d[1] * e[1]) > 0.5:  # headings parallel: an S-bend or a straight
            k = EASE * abs((q[0] - p[0]) * d[0] + (q[1] - p[1]) * d[1])
        else:  # a quarter turn
            k = ARC * math.hypot(q[0] - p[0], q[1] - p[1]) / math.sqrt(2)
        out.append(CurveTo(p[0] + d[0] * k, p[1] + d[1] * k, q[0] - e[0] * k, q[1] - e[1] * k, *q))
    return out


def _reversed(line: tuple[Segment, ...]) -> list[Segment]:
    """A centre line of MoveTo and CurveTo run backwards, as CurveTo from its last point."""
    at: list[Point] = []
    curves: list[CurveTo] = []
    for seg in line:
        if isinstance(seg, MoveTo):
            at.append((seg.x, seg.y))
        elif isinstance(seg, CurveTo):
            curves.append(seg)
            at.append((seg.x, seg.y))
    return [
        CurveTo(c.x2, c.y2, c.x1, c.y1, *start)
        for c, start in zip(reversed(curves), reversed(at[:-1]), strict=True)
    ]


def _runs(face: Face) -> list[list[str]]:
    """The face's corners whose kind differs from the middle's, in runs of neighbours going
    clockwise (NW, NE, SE, SW); all four make one run."""
    odd = [face.kind(c) != face.centre for c in CORNERS]
    if all(odd):
        return [list(CORNERS)]
    start = odd.index(False)  # begin just after a corner of the middle's kind
    runs: list[list[str]] = []
    for i in range(1, 5):
        k = (start + i) % 4
        if not odd[k]:
            continue
        if odd[(k - 1) % 4] and runs:
            runs[-1].append(CORNERS[k])
        else:
            runs.append([CORNERS[k]])
    return runs


def patch_edge(face: Face, run: list[str]) -> tuple[str, str, list[Segment]]:
    """The edge of the patch over `run` (fewer than four corners): the edge it leaves by, the
    edge it comes back through, and the curve between their midpoints. It passes each edge the
    run spans WAIST in from its middle, unless a beast's body joins the same two midpoints:
    then it is that body's centre line."""
    first = EDGES[(CORNERS.index(run[0]) - 1) % 4]
    last = EDGES[CORNERS.index(run[-1])]
    for seg in face.segments:
        if seg.edges == (first, last):
            return first, last, list(centre_line(seg.edges)[1:])
        if seg.edges == (last, first):
            return first, last, _reversed(centre_line(seg.edges))
    ways: list[Waypoint] = [(MID[first], INWARD[first])]
    for corner in run[:-1]:
        edge = EDGES[CORNERS.index(corner)]
        ways.append((offset(MID[edge], INWARD[edge], WAIST), _toward(*EDGE_ENDS[edge])))
    out = INWARD[last]
    ways.append((MID[last], (-out[0], -out[1])))
    return first, last, _smooth(ways)


def _patch(face: Face, run: list[str], b: float, fill: str) -> Path:
    """The patch over `run`, out to `b` beyond the cut: where its edge leaves the tile it runs
    on straight, square to the cut, through the bleed."""
    style = Style(stroke=None, fill=fill)
    if len(run) == 4:  # the middle's kind is a pond within: the whole square, less the pond
        ways = [(offset(MID[e], INWARD[e], WAIST), _toward(*EDGE_ENDS[e])) for e in EDGES]
        pond: list[Segment] = [MoveTo(*ways[0][0]), *_smooth([*ways, ways[0]]), Close()]
        square: list[Segment] = [
            MoveTo(-b, -b),
            LineTo(-b, U + b),
            LineTo(U + b, U + b),
            LineTo(U + b, -b),
        ]
        return Path((*square, Close(), *pond), style)
    first, last, curve = patch_edge(face, run)
    segs: list[Segment] = [MoveTo(*offset(MID[first], INWARD[first], -b)), LineTo(*MID[first])]
    segs += curve
    segs.append(LineTo(*offset(MID[last], INWARD[last], -b)))
    for corner in reversed(run):
        x, y = CORNER_XY[corner]
        segs.append(LineTo(-b if x == 0 else U + b, -b if y == 0 else U + b))
    segs.append(Close())
    return Path(tuple(segs), style)


def ground(face: Face, st: SheetStyle, b: float) -> list[Shape]:
    """The face's grass and sand to `b` beyond the cut, with a faint tuft pattern on grass and a
    few grains on sand, so the kinds differ in greyscale too."""
    colour = {"g": st.grass, "s": st.sand}
    other = "s" if face.centre == "g" else "g"
    out: list[Shape] = [
        Rect(-b, -b, U + 2 * b, U + 2 * b, Style(stroke=None, fill=colour[face.centre]))
    ]
    out += [_patch(face, run, b, colour[other]) for run in _runs(face)]
    for corner, kind in face.corners:
        cx, cy = CORNER_XY[corner]
        dx, dy = (1 if cx == 0 else -1), (1 if cy == 0 else -1)
        for k, (ox, oy) in enumerate(((6, 11), (11, 5), (13, 13))):
            x, y = cx + dx * ox, cy + dy * oy
            if kind == "g":
                out.append(
                    Path(
                        (MoveTo(x - 0.9, y + 0.8), LineTo(x, y - 1.0), LineTo(x + 0.9, y + 0.8)),
                        Style(stroke=darker(st.grass, 0.8), width=0.35, cap="round", join="round"),
                    )
                )
            else:
                out.append(
                    Circle(x + k * 0.3, y, 0.45, Style(stroke=None, fill=darker(st.sand, 0.82)))
                )
    return out
