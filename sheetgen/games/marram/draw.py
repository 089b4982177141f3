"""Marram tile art: grass and sand patches whose bulges meet across tile edges, the beasts,
coins, flowers and the spade with its flip ring; drawn on a 40 mm square and scaled."""

from __future__ import annotations

import math

from sheetgen.draw import (
    Circle,
    CurveTo,
    Drawing,
    Group,
    LineTo,
    MoveTo,
    Path,
    Rect,
    Shape,
    Style,
    label,
    polygon,
    scale,
    translate,
)
from sheetgen.draw.colour import darker
from sheetgen.draw.shapes import Close, Segment
from sheetgen.games.marram.board import Face
from sheetgen.games.marram.model import SheetStyle

U = 40.0  # design size
MID = {"N": (U / 2, 0.0), "E": (U, U / 2), "S": (U / 2, U), "W": (0.0, U / 2)}
CORNER_XY = {"NW": (0.0, 0.0), "NE": (U, 0.0), "SE": (U, U), "SW": (0.0, U)}
INWARD = {"N": (0.0, 1.0), "E": (-1.0, 0.0), "S": (0.0, -1.0), "W": (1.0, 0.0)}
EDGE_PAIRS = {"N": ("NW", "NE"), "E": ("NE", "SE"), "S": ("SE", "SW"), "W": ("SW", "NW")}


def _oval_in_box(cx: float, cy: float, rx: float, ry: float, b: float, fill: str) -> Shape:
    """An ellipse about a point of the tile, cut to the tile and its bleed: the tile's art
    never spills past its bleed, on a sheet or on a board picture."""
    pts = []
    for k in range(72):
        a = 2 * math.pi * k / 72
        x = min(max(cx + rx * math.cos(a), -b), U + b)
        y = min(max(cy + ry * math.sin(a), -b), U + b)
        pts.append((x, y))
    return polygon(pts, Style(stroke=None, fill=fill))


def _patches(face: Face, st: SheetStyle, bleed: float) -> list[Shape]:
    colour = {"g": st.grass, "s": st.sand}
    b = bleed * U / st.size
    out: list[Shape] = [
        Rect(-b, -b, U + 2 * b, U + 2 * b, Style(stroke=None, fill=colour[face.centre]))
    ]
    for corner, kind in face.corners:
        if kind != face.centre:
            x, y = CORNER_XY[corner]
            out.append(_oval_in_box(x, y, U / 2, U / 2, b, colour[kind]))
    for edge, (a, c) in EDGE_PAIRS.items():
        kind = face.kind(a)
        if kind == face.kind(c) and kind != face.centre:
            # the two corner bulges joined along the edge by a half-ellipse: a waist between
            mx, my = MID[edge]
            rx, ry = (U / 2, U * 0.32) if edge in "NS" else (U * 0.32, U / 2)
            out.append(_oval_in_box(mx, my, rx, ry, b, colour[kind]))
    # a faint tuft pattern on grass, a few grains on sand, so the kinds differ in greyscale
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


def _segment_path(edges: tuple[str, ...]) -> tuple[Segment, ...]:
    """The centre line of a segment: a gentle S-bend across, an arc round a corner, or a
    stub from the edge to near the middle."""
    a = MID[edges[0]]
    if len(edges) == 1:
        ix, iy = INWARD[edges[0]]
        end = (a[0] + ix * U * 0.42, a[1] + iy * U * 0.42)
        return (
            MoveTo(*a),
            CurveTo(
                a[0] + ix * U * 0.15 + iy * 3,
                a[1] + iy * U * 0.15 + ix * 3,
                end[0] - ix * U * 0.12 - iy * 3,
                end[1] - iy * U * 0.12 - ix * 3,
                *end,
            ),
        )
    b = MID[edges[1]]
    ia, ib = INWARD[edges[0]], INWARD[edges[1]]
    if ia[0] == -ib[0] and ia[1] == -ib[1]:  # opposite edges
        wob = U * 0.14
        return (
            MoveTo(*a),
            CurveTo(
                a[0] + ia[0] * U * 0.35 + ia[1] * wob,
                a[1] + ia[1] * U * 0.35 + ia[0] * wob,
                b[0] + ib[0] * U * 0.35 - ib[1] * wob,
                b[1] + ib[1] * U * 0.35 - ib[0] * wob,
                *b,
            ),
        )
    k = U * 0.28
    return (
        MoveTo(*a),
        CurveTo(a[0] + ia[0] * k, a[1] + ia[1] * k, b[0] + ib[0] * k, b[1] + ib[1] * k, *b),
    )


def _end_point(edges: tuple[str, ...]) -> tuple[tuple[float, float], float]:
    a = MID[edges[0]]
    ix, iy = INWARD[edges[0]]
    return (a[0] + ix * U * 0.42, a[1] + iy * U * 0.42), math.degrees(math.atan2(iy, ix))


def _eyes(x: float, y: float, heading: float, r: float) -> list[Shape]:
    out: list[Shape] = []
    t = math.radians(heading)
    for side in (-1, 1):
        ex = x + math.cos(t) * r * 0.25 - math.sin(t) * side * r * 0.45
        ey = y + math.sin(t) * r * 0.25 + math.cos(t) * side * r * 0.45
        out += [
            Circle(ex, ey, r * 0.28, Style(stroke=None, fill="#ffffff")),
            Circle(
                ex + math.cos(t) * r * 0.08,
                ey + math.sin(t) * r * 0.08,
                r * 0.14,
                Style(stroke=None, fill="#111111"),
            ),
        ]
    return out


def _beast(seg_kind: str, edges: tuple[str, ...], st: SheetStyle) -> list[Shape]:
    beast = seg_kind.split("-")[0]
    path = _segment_path(edges)
    if beast == "beastly":
        out: list[Shape] = [Path(path, Style(stroke=st.ink, width=6.6, cap="butt"))]
        for colour, w in ((st.blue, 5.6), (st.orange, 3.6), (st.worm, 1.6)):
            out.append(Path(path, Style(stroke=colour, width=w, cap="butt")))
        return out
    colour = {"blue": st.blue, "orange": st.orange, "worm": st.worm}[beast]
    width = 5.2 if beast != "worm" else 4.4
    out = [
        Path(path, Style(stroke=darker(colour, 0.6), width=width + 1.0, cap="butt")),
        Path(path, Style(stroke=colour, width=width, cap="butt")),
    ]
    if beast == "worm":
        out.append(
            Path(
                path,
                Style(stroke=darker(colour, 0.75), width=width * 0.9, dash=(0.35, 1.6), cap="butt"),
            )
        )
    if beast == "blue":
        out.append(Path(path, Style(stroke="#9cc3ee", width=1.0, dash=(1.2, 2.4), cap="round")))
    if seg_kind == "worm-saddle":
        mid = Path(
            path, Style(stroke=st.saddle, width=width + 1.6, dash=(0.01, 14.5, 9, 40), cap="butt")
        )
        out.append(mid)
    if len(edges) == 1:
        (x, y), heading = _end_point(edges)
        if seg_kind == "blue-head":
            r = 3.6
            t = math.radians(heading)
            tongue = (x + math.cos(t) * (r + 2.6), y + math.sin(t) * (r + 2.6))
            out += [
                Path(
                    (MoveTo(x + math.cos(t) * r, y + math.sin(t) * r), LineTo(*tongue)),
                    Style(stroke="#c0262d", width=0.5, cap="round"),
                ),
                Circle(x, y, r, Style(stroke=darker(colour, 0.6), width=0.6, fill=colour)),
            ]
            out += _eyes(x, y, heading, r)
        elif seg_kind == "blue-tail":
            t = math.radians(heading)
            nx, ny = -math.sin(t), math.cos(t)
            tip = (x + math.cos(t) * 5, y + math.sin(t) * 5)
            out.append(
                polygon(
                    [
                        (x + nx * width / 2, y + ny * width / 2),
                        tip,
                        (x - nx * width / 2, y - ny * width / 2),
                    ],
                    Style(stroke=darker(colour, 0.6), width=0.5, fill=colour, join="round"),
                )
            )
        elif seg_kind == "orange-end":
            r = 3.1
            out += [Circle(x, y, r, Style(stroke=darker(colour, 0.6), width=0.6, fill=colour))]
            out += _eyes(x, y, heading, r)
        else:  # worm end: a blunt pink tip
            out.append(Circle(x, y, 2.4, Style(stroke=darker(colour, 0.6), width=0.5, fill=colour)))
    return out


def _item(kind: str, corner: str) -> list[Shape]:
    cx, cy = CORNER_XY[corner]
    x = cx + (7.5 if cx == 0 else -7.5)
    y = cy + (7.5 if cy == 0 else -7.5)
    if kind in ("gold", "silver"):
        fill, edge = ("#f2c230", "#9a6b0d") if kind == "gold" else ("#d9dde0", "#6f767b")
        return [
            Circle(x, y, 3.2, Style(stroke=edge, width=0.6, fill=fill)),
            Circle(x, y, 2.0, Style(stroke=edge, width=0.35)),
            label(x, y, "G" if kind == "gold" else "S", 2.4, weight="bold", colour=edge),
        ]
    petals: list[Shape] = []
    for k in range(5):
        a = math.radians(k * 72 - 90)
        petals.append(
            Circle(
                x + math.cos(a) * 1.7,
                y + math.sin(a) * 1.7,
                1.4,
                Style(stroke="#b04a7a", width=0.3, fill="#f7b8d2"),
            )
        )
    return [*petals, Circle(x, y, 1.0, Style(stroke=None, fill="#f2c230"))]


def _spade(st: SheetStyle) -> list[Shape]:
    x, y, r = U - 7.5, 7.5, 4.4
    ring: list[Shape] = []
    for k, colour in enumerate(("#d2312d", "#f0a020", "#3f9a3a")):
        a0, a1 = math.radians(-90 + k * 120 + 4), math.radians(-90 + (k + 1) * 120 - 4)
        steps = 8
        pts = [
            (
                x + r * math.cos(a0 + (a1 - a0) * i / steps),
                y + r * math.sin(a0 + (a1 - a0) * i / steps),
            )
            for i in range(steps + 1)
        ]
        segs: list[Segment] = [MoveTo(*pts[0]), *[LineTo(*p) for p in pts[1:]]]
        ring.append(Path(tuple(segs), Style(stroke=colour, width=1.3, cap="round")))
    blade = Path(
        (
            MoveTo(x, y - 2.6),
            CurveTo(x + 2.4, y - 0.6, x + 1.8, y + 1.2, x, y + 0.9),
            CurveTo(x - 1.8, y + 1.2, x - 2.4, y - 0.6, x, y - 2.6),
            Close(),
        ),
        Style(stroke=None, fill=st.ink),
    )
    handle = Rect(x - 0.35, y + 0.6, 0.7, 2.2, Style(stroke=None, fill=st.ink))
    return [
        Circle(x, y, r + 0.9, Style(stroke=None, fill="#ffffff", opacity=0.85)),
        *ring,
        blade,
        handle,
    ]


def face_shapes(face: Face, st: SheetStyle, bleed: float) -> list[Shape]:
    """Everything on one side of a tile, on the 40 mm design square."""
    out = _patches(face, st, bleed)
    for kind, corner in face.items:
        out += _item(kind, corner)
    for seg in face.segments:
        out += _beast(seg.kind, seg.edges, st)
    if face.spade:
        out += _spade(st)
    return out


def tile_drawing(face: Face, st: SheetStyle, size: float, bleed: float, title: str) -> Drawing:
    """A tile side at `size` mm with `bleed` mm of art beyond the cut."""
    body = Group(tuple(face_shapes(face, st, bleed)), scale(size / U))
    return Drawing(size, size, (body,), bleed=bleed, title=title)


def placed_group(face: Face, st: SheetStyle, size: float, x: float, y: float) -> Group:
    """A tile side drawn at (x, y) on a board picture."""
    return Group(tuple(face_shapes(face, st, 0.0)), translate(x, y) @ scale(size / U))
