"""Where a symbol sits in its map space: as large as it may be, up to its full size, while its
ink keeps clear of the ink round the space (the path along its sides, the discs, rings and
stars at its corners), and in the middle of the room that leaves.

Each thing to keep clear of is a line the symbol's ink stays on one side of (a `Keep`): a
side's centre line moved in by the ink along it and the paper to leave, or, at a corner, a line
square to the way from that corner to the space's middle, moved in by the ink round the corner
and the paper to leave (a corner's ink lies on the corner's side of it, and so does a path
leaving the corner away from the space). The symbol's own ink is measured as drawn (its strokes
as points as far out as half their width, its circles to their rims), so the fit is exact for
every line. The largest size and then the middle are each found as the best corner of a small
linear programme (size or least spare room, and the two offsets from the space's middle).
"""

from __future__ import annotations

import itertools
import math

from sheetgen.draw import IDENTITY, Circle, Group, Path, flattened
from sheetgen.draw.walk import leaves
from sheetgen.frozen import frozen

Point = tuple[float, float]
Row = tuple[float, float, float, float]  # a*u + b*x + c*y >= d, with u the size or the room
CURVE_STEPS = 16  # points a curve is measured at


@frozen
class Keep:
    """A line a symbol's ink stays on one side of: every point x of it has n . x >= `at` (mm),
    n = (`nx`, `ny`) a unit vector pointing to the side it stays on."""

    nx: float
    ny: float
    at: float


def keep_from_line(a: Point, b: Point, inside: Point, clear: float) -> Keep:
    """Ink on `inside`'s side of the line through a and b, `clear` mm or more from it."""
    nx, ny = a[1] - b[1], b[0] - a[0]
    n = math.hypot(nx, ny)
    nx, ny = nx / n, ny / n
    if nx * (inside[0] - a[0]) + ny * (inside[1] - a[1]) < 0:
        nx, ny = -nx, -ny
    return Keep(nx, ny, nx * a[0] + ny * a[1] + clear)


def keep_from_point(p: Point, towards: Point, clear: float) -> Keep:
    """Ink `clear` mm or more from p, past the line square to the way from p to `towards`."""
    nx, ny = towards[0] - p[0], towards[1] - p[1]
    n = math.hypot(nx, ny)
    nx, ny = nx / n, ny / n
    return Keep(nx, ny, nx * p[0] + ny * p[1] + clear)


def outline(unit: Group) -> list[tuple[float, float, float]]:
    """A map symbol's ink as points (x, y) and how far ink reaches round each, in the symbol's
    own units: the points of its strokes (curves at CURVE_STEPS points) with half their width,
    its circles' middles with their radius and half their stroke. (Only the '?' of the dice
    has text, inside its circle.)"""
    out: list[tuple[float, float, float]] = []
    for leaf, at in leaves((unit,), IDENTITY):
        k = math.sqrt(abs(at.a * at.d - at.b * at.c))
        half = (
            leaf.style.width / 2 if isinstance(leaf, Path | Circle) and leaf.style.stroke else 0.0
        )
        a, b, c, d, e, f = at.a, at.b, at.c, at.d, at.e, at.f  # placed as `at.apply` places
        if isinstance(leaf, Path):
            hk = half * k
            points = flattened(leaf.segments, CURVE_STEPS)
            out += [(a * x + c * y + e, b * x + d * y + f, hk) for x, y in points]
        elif isinstance(leaf, Circle):
            x, y = leaf.cx, leaf.cy
            out.append((a * x + c * y + e, b * x + d * y + f, (leaf.r + half) * k))
    return out


def fit(
    unit: Group, middle: Point, keeps: list[Keep], largest: float, smallest: float
) -> tuple[float, float, float]:
    """Where to centre a symbol (drawn 1 mm across as `unit`) near `middle`, and its size: the
    largest up to `largest` whose ink keeps every one of `keeps` (never under `smallest`, where
    the space has no room for it: then as far from them all as it can be), centred where the
    least spare room to any keep is the most."""
    reach, spare = _reach(unit, middle, keeps)
    size = _size(reach, spare, keeps, largest, smallest)
    room = [(-1.0, k.nx, k.ny, d + size * h) for h, k, d in zip(reach, keeps, spare, strict=True)]
    centred = _best(room)
    dx, dy = (centred[1], centred[2]) if centred else (0.0, 0.0)
    return middle[0] + dx, middle[1] + dy, size


def fit_size(
    unit: Group, middle: Point, keeps: list[Keep], largest: float, smallest: float
) -> float:
    """The size `fit` finds, the symbol left uncentred (where only its size is wanted)."""
    return _size(*_reach(unit, middle, keeps), keeps, largest, smallest)


def _reach(unit: Group, middle: Point, keeps: list[Keep]) -> tuple[list[float], list[float]]:
    """How far the unit symbol's ink reaches against each keep's n, from its middle, and the
    room from `middle` to each keep."""
    ink = outline(unit)
    reach = []
    for k in keeps:
        nx, ny = k.nx, k.ny
        reach.append(max([r - (nx * x + ny * y) for x, y, r in ink]))
    spare = [k.at - (k.nx * middle[0] + k.ny * middle[1]) for k in keeps]
    return reach, spare


def _size(
    reach: list[float], spare: list[float], keeps: list[Keep], largest: float, smallest: float
) -> float:
    rows: list[Row] = [(-h, k.nx, k.ny, d) for h, k, d in zip(reach, keeps, spare, strict=True)]
    grown = _best([*rows, (-1.0, 0.0, 0.0, -largest)])
    return max(smallest, min(largest, grown[0] if grown else smallest))


def _best(rows: list[Row]) -> tuple[float, float, float] | None:
    """The point (u, x, y) with the largest u that meets every row, found among the points
    where three rows meet (the middle of them where several are as good); None if none does.
    Each three rows are solved by Cramer's rule, the 2 x 2 minors of each two rows worked out
    once for every third row they meet."""
    found: list[tuple[float, float, float]] = []
    limits = [(a, b, c, d - 1e-9) for a, b, c, d in rows]
    minors = {}
    for j, (aj, bj, cj, dj) in enumerate(rows):
        for k in range(j + 1, len(rows)):
            ak, bk, ck, dk = rows[k]
            minors[j, k] = (
                bj * ck - cj * bk,
                aj * ck - cj * ak,
                aj * bk - bj * ak,
                dj * ck - cj * dk,
                dj * bk - bj * dk,
                aj * dk - dj * ak,
                bj * dk - dj * bk,
            )
    for i, j, k in itertools.combinations(range(len(rows)), 3):
        ai, bi, ci, di = rows[i]
        bc, ac, ab, dc, db, ad, bd = minors[j, k]
        det = ai * bc - bi * ac + ci * ab
        if abs(det) < 1e-12:  # the three rows meet in no one point
            continue
        u = (di * bc - bi * dc + ci * db) / det
        x = (ai * dc - di * ac + ci * ad) / det
        y = (ai * bd - bi * ad + di * ab) / det
        for a, b, c, limit in limits:
            if not a * u + b * x + c * y >= limit:
                break
        else:
            found.append((u, x, y))
    if not found:
        return None
    top = max(p[0] for p in found)
    best = [p for p in found if p[0] >= top - 1e-9]
    return top, sum(p[1] for p in best) / len(best), sum(p[2] for p in best) / len(best)
