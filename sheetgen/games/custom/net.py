"""A paper die as a net to cut out, fold and glue: six square faces in the classic cross (a
strip of four, down the middle, with one face either side of its second), each face's
background to the bleed beyond the net's outer cut, dashed fold lines on the five edges two
faces share, glue tabs on seven of the edges that are cut (so each of the cube's twelve edges
is a fold or is glued by one tab), and the cut line round the net and its tabs (light grey
where it runs beside a dark face, whose bleed would hide a dark line).

The faces are given in data order, 1 to 6, and stand so that 1 and 6, 2 and 5, 3 and 4 land
opposite one another on the folded cube, 1, 2 and 3 counterclockwise about the corner they
share, as on a Western die:

```
      [2]
  [3] [1] [4]
      [5]
      [6]   (turned over: it reads upright from behind)
```

Folded with 1 at the front and 2 on top, 1, 3, 4 and 6 read upright round the sides, 2 reads
upright from above (its top towards the back) and 5 from below (its top towards 1). Nothing
is mirrored: the faces are printed on the outside of the paper."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from sheetgen.colour_sight import lightness
from sheetgen.draw import Drawing, Group, Rect, Shape, Style, Transform, line, polygon
from sheetgen.frozen import frozen
from sheetgen.games.custom.art import Pictures
from sheetgen.games.custom.draw import item_shapes
from sheetgen.games.custom.rules import FilledFace

Side = Literal["top", "right", "bottom", "left"]
Point = tuple[float, float]

FACES = 6
# each face in data order: its cell of the cross (column, row, in edges) and the degrees its
# art is turned by; face 6 comes to the back through the bottom, so it is turned over
CELLS: tuple[tuple[int, int, int], ...] = (
    (1, 1, 0),  # 1: the front
    (1, 0, 0),  # 2: the top
    (0, 1, 0),  # 3: the left
    (2, 1, 0),  # 4: the right
    (1, 2, 0),  # 5: the bottom
    (1, 3, 180),  # 6: the back
)
# the net's outline clockwise from face 2's top-left corner: each edge as (face, side), face
# counted from 0
OUTLINE: tuple[tuple[int, Side], ...] = (
    (1, "top"),
    (1, "right"),
    (3, "top"),
    (3, "right"),
    (3, "bottom"),
    (4, "right"),
    (5, "right"),
    (5, "bottom"),
    (5, "left"),
    (4, "left"),
    (2, "bottom"),
    (2, "left"),
    (2, "top"),
    (1, "left"),
)
# of each two edges of the outline that meet on the folded cube, the one with the glue tab
TABBED: frozenset[tuple[int, Side]] = frozenset(
    {(2, "top"), (2, "bottom"), (3, "top"), (3, "bottom"), (5, "left"), (5, "right"), (5, "bottom")}
)
TAB_MOST = 6.0  # mm: a glue tab's depth, or TAB_SHARE of the edge where that is less
TAB_SHARE = 0.3
CUT = Style(stroke="#3c3c3c", width=0.25, join="round")  # the line the net is cut out on
CUT_ON_DARK = Style(stroke="#dcdcdc", width=0.25, cap="square")  # beside a dark face
DARK = 56.0  # CIE L* below which a face's ground shows the light cut line better than the dark
FOLD = Style(stroke="#8c8c8c", width=0.25, dash=(1.5, 1.2))  # a fold, dashed and light
TAB = Style(stroke=None, fill="#e4e4e4")  # a glue tab, lightly tinted


@frozen
class Net:
    """A net's geometry for a cube of `edge` mm, in mm from its box's top-left corner (tabs
    included): each face's top-left corner and turn, in data order; the fold lines, each
    tab (its base on the face, then its outer corners) and the outline it is cut on."""

    edge: float
    width: float
    height: float
    faces: tuple[tuple[float, float, int], ...]
    folds: tuple[tuple[Point, Point], ...]
    tabs: tuple[tuple[Point, Point, Point, Point], ...]
    outline: tuple[Point, ...]


def tab_depth(edge: float) -> float:
    """How deep a glue tab stands out from a cube of `edge` mm: TAB_MOST or TAB_SHARE of it."""
    return min(TAB_MOST, TAB_SHARE * edge)


def _edge(x: float, y: float, e: float, side: Side) -> tuple[Point, Point]:
    """A side of the face at (x, y), clockwise round the face on the page (y down)."""
    return {
        "top": ((x, y), (x + e, y)),
        "right": ((x + e, y), (x + e, y + e)),
        "bottom": ((x + e, y + e), (x, y + e)),
        "left": ((x, y + e), (x, y)),
    }[side]


def net(edge: float) -> Net:
    """The net of a cube of `edge` mm: its faces, folds, tabs and outline."""
    e, d = edge, tab_depth(edge)
    top = d if any(side == "top" and CELLS[f][1] == 0 for f, side in TABBED) else 0.0
    faces = tuple((c * e, top + r * e, turn) for c, r, turn in CELLS)
    outer = set(OUTLINE)
    folds = []
    for f, (x, y, _) in enumerate(faces):
        for side in ("right", "bottom"):  # each shared edge once, from the face left or above
            if (f, side) not in outer:
                folds.append(_edge(x, y, e, side))
    points: list[Point] = []
    tabs = []
    for f, side in OUTLINE:
        x, y, _ = faces[f]
        (px, py), (qx, qy) = _edge(x, y, e, side)
        points.append((px, py))
        if (f, side) in TABBED:
            ux, uy = (qx - px) / e, (qy - py) / e  # along the edge
            nx, ny = uy, -ux  # outward, for an outline clockwise on the page
            a = (px + d * ux + d * nx, py + d * uy + d * ny)  # 45 degrees in at each end
            b = (qx - d * ux + d * nx, qy - d * uy + d * ny)
            tabs.append(((px, py), (qx, qy), a, b))
            points += [a, b]
            folds.append(((px, py), (qx, qy)))
    width, height = max(x for x, _ in points), max(y for _, y in points)
    return Net(e, width, height, faces, tuple(folds), tuple(tabs), tuple(points))


def _grown(face: int, e: float, bleed: float) -> tuple[float, float, float, float]:
    """The box a face's ink fills, in its own place (x, y, width, height): the face, and the
    bleed beyond each of its edges that is cut where no tab stands."""
    cut = {side for f, side in OUTLINE if f == face and (f, side) not in TABBED}
    left = bleed if "left" in cut else 0.0
    top = bleed if "top" in cut else 0.0
    right = bleed if "right" in cut else 0.0
    bottom = bleed if "bottom" in cut else 0.0
    return (-left, -top, e + left + right, e + top + bottom)


def _face(index: int, face: FilledFace, plan: Net, bleed: float, pictures: Pictures) -> Group:
    """One face in its cell: its background to its bleed, its items turned with it, cut off
    at its own box so none runs onto a neighbour."""
    e = plan.edge
    x, y, turn = plan.faces[index]
    box = _grown(index, e, bleed)
    drawn = [s for s in (item_shapes(f, pictures) for f in face.items) if s is not None]
    # face 6 turned over about its middle, by the exact matrix (no crumbs of math.cos(pi))
    turned = Transform(-1.0, 0.0, 0.0, -1.0, e, e) if turn == 180 else Transform()
    shapes: list[Shape] = [Rect(*box, Style(stroke=None, fill=face.background))]
    shapes.append(Group(tuple(drawn), turned))
    return Group(tuple(shapes), Transform(e=x, f=y), clip=box)


def net_drawing(
    edge: float,
    faces: Sequence[FilledFace],
    bleed: float,
    title: str,
    pictures: Pictures,
) -> Drawing:
    """The net of one die from its six faces in data order (a DataError for a picture that
    cannot be read): the faces, the tabs, the folds, then the cut line."""
    plan = net(edge)
    shapes: list[Shape] = [
        _face(i, face, plan, bleed, pictures) for i, face in enumerate(faces[:FACES])
    ]
    shapes += [polygon((p, a, b, q), TAB) for p, q, a, b in plan.tabs]
    shapes += [line(*p, *q, FOLD) for p, q in plan.folds]
    shapes.append(polygon(plan.outline, CUT))
    for i, face in enumerate(faces[:FACES]):  # the cut seen on a dark ground: light beside it
        if lightness(face.background) < DARK:
            x, y, _ = plan.faces[i]
            for f, side in OUTLINE:
                if f == i and (f, side) not in TABBED:
                    (px, py), (qx, qy) = _edge(x, y, edge, side)
                    shapes.append(line(px, py, qx, qy, CUT_ON_DARK))
    # room for the cut line's outer half where the net has no bleed, so none of it is cut off
    room = max(bleed, CUT.width)
    return Drawing(plan.width, plan.height, tuple(shapes), bleed=room, title=title, clip=True)
