"""A proof copy: a piece's drawing with the lines a print shop's template shows drawn over
it, so a designer sees what will be cut and what is kept: the trim (solid), the bleed's outer
edge (solid, thinner) and the safe zone (dashed), each in a colour of its own, as shops'
templates draw them (Print & Play Games' say green for safe, blue for the cut, red for the
bleed). Each line follows the piece's cut: a rectangle's box, a circle, a hexagon. A proof is
never a file to print from: only `--proof` (on `build` and `export pieces`) draws it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sheetgen.draw.geometry import hexagon, polygon, rounded_rect_path
from sheetgen.draw.pieces import Cut
from sheetgen.draw.shapes import Circle, Drawing, Path, Rect, Shape, Style
from sheetgen.frozen import frozen

TRIM_STYLE = Style(stroke="#0057d9", width=0.25)  # blue, solid: where the piece is cut
BLEED_STYLE = Style(stroke="#e0001b", width=0.2)  # red, solid: the edge of the art past it
SAFE_STYLE = Style(stroke="#00a33a", width=0.25, dash=(1.2, 0.8))  # green, dashed: kept safe
HALO = 0.3  # mm of white each line is drawn on, wider than it: it shows on dark art too
LEGEND = (
    "proof: blue, the trim (where the piece is cut); red, the art's outer edge (the bleed); "
    "green dashed, a --profile's safe zone (text and marks inside it); a proof is for looking, "
    "not for printing or sending"
)
Point = tuple[float, float]
Line = Path | Circle | Rect  # a proof's line: a cut's outline, stroked


@frozen
class Proof:
    """`--proof`: the trim and bleed drawn over every piece, and the safe zone `safe` mm inside
    the trim where a press profile gives one (None: no safe zone drawn). `cuts` gives the cut
    of the pieces not cut square, each known by its drawing's content (a sheet's drawing of a
    piece is made apart from the piece's own); any other is cut on its box."""

    safe: float | None = None
    cuts: tuple[tuple[tuple[object, ...], Cut], ...] = ()


def offset(points: Sequence[Point], by: float) -> list[Point]:
    """A convex polygon wound clockwise on the page (y down) with every edge moved `by` mm
    outward along its normal (inward when negative): each corner where two moved edges meet."""
    count = len(points)
    lines = []
    for i in range(count):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % count]
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        nx, ny = (y2 - y1) / length, -(x2 - x1) / length  # outward, for this winding
        lines.append(((x1 + nx * by, y1 + ny * by), (x2 - x1, y2 - y1)))
    out = []
    for i in range(count):
        (px, py), (dx, dy) = lines[i - 1]
        (qx, qy), (ex, ey) = lines[i]
        cross = dx * ey - dy * ex
        t = ((qx - px) * ey - (qy - py) * ex) / cross
        out.append((px + t * dx, py + t * dy))
    return out


def _outline(width: float, height: float, cut: Cut, by: float, style: Style) -> Line:
    """The piece's cut line moved `by` mm outward (inward when negative), stroked."""
    if cut.shape == "circle":
        return Circle(width / 2, height / 2, width / 2 + by, style)
    if cut.shape == "hexagon":
        return polygon(offset(hexagon(width, height), by), style)
    if cut.radius > 0:  # its corners rounded as its cut's, moved with its edges
        radius = max(0.0, cut.radius + by)
        return rounded_rect_path(-by, -by, width + 2 * by, height + 2 * by, radius, style)
    return Rect(-by, -by, width + 2 * by, height + 2 * by, style)


def _bleed_line(width: float, height: float, cut: Cut, bleed: float) -> Line:
    """The art's outer edge, as `Cut.area` grows it by `bleed` (a hexagon's box grown, not its
    edges moved), drawn just inside it."""
    half = BLEED_STYLE.width / 2
    if cut.shape == "hexagon":
        grown = hexagon(width + 2 * bleed, height + 2 * bleed)
        return polygon(offset([(x - bleed, y - bleed) for x, y in grown], -half), BLEED_STYLE)
    square = Cut() if cut.shape == "rectangle" else cut  # a rounded card's art bleeds square
    return _outline(width, height, square, bleed - half, BLEED_STYLE)


def _haloed(line: Line) -> list[Shape]:
    """The line drawn over a white copy of itself HALO mm wider and solid."""
    style = line.style
    white = replace(style, stroke="#ffffff", width=style.width + HALO, dash=())
    return [replace(line, style=white), line]


def proof_lines(
    width: float, height: float, bleed: float, safe: float | None, cut: Cut | None = None
) -> list[Shape]:
    """The proof's lines for a width x height mm piece cut on `cut` (its box when None), its
    origin at the trim's top-left corner: each line centred on its edge, the bleed's drawn just
    inside the art's edge (where the image ends) so none of it is cut off."""
    cut = cut or Cut()
    shapes: list[Line] = []
    if bleed > 0:
        shapes.append(_bleed_line(width, height, cut, bleed))
    shapes.append(_outline(width, height, cut, 0.0, TRIM_STYLE))
    if safe is not None and 0 < safe < min(width, height) / 2:
        shapes.append(_outline(width, height, cut, -safe, SAFE_STYLE))
    return [drawn for line in shapes for drawn in _haloed(line)]


def proof_name(name: str) -> str:
    """A proof's file name: its plain file's, `-proof` before the extension, so that it is
    never taken for (or replaces) the file to send."""
    stem, dot, ext = name.rpartition(".")
    return f"{stem}-proof{dot}{ext}" if dot else f"{name}-proof"


def proof_copy(
    drawing: Drawing, safe: float | None, bleed: float | None = None, cut: Cut | None = None
) -> Drawing:
    """The drawing with its proof's lines over it: the trim (on `cut`, the box when None), the
    edge of `bleed` mm of art (the drawing's own bleed when None) and, when given, the safe
    zone `safe` mm inside the trim."""
    edge = drawing.bleed if bleed is None else bleed
    lines = proof_lines(drawing.width, drawing.height, edge, safe, cut)
    return Drawing(
        drawing.width,
        drawing.height,
        (*drawing.children, *lines),
        bleed=drawing.bleed,
        title=f"{drawing.title} (proof)" if drawing.title else "proof",
        clip=drawing.clip,
    )


def proofed(drawings: Sequence[Drawing], proof: Proof | None) -> Sequence[Drawing]:
    """The drawings as proof copies where `proof` asks (as they are when None), a drawing given
    more than once copied once, so a page that repeats it still holds it once."""
    if proof is None:
        return drawings
    known = dict(proof.cuts)
    made: dict[int, Drawing] = {}
    out = []
    for drawing in drawings:
        if id(drawing) not in made:
            cut = known.get(drawing.content()) if known else None
            made[id(drawing)] = proof_copy(drawing, proof.safe, None, cut)
        out.append(made[id(drawing)])
    return out
