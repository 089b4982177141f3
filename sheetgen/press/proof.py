"""A proof copy: a piece's drawing with the lines a print shop's template shows drawn over
it, so a designer sees what will be cut and what is kept: the trim (solid), the bleed's outer
edge (solid, thinner) and the safe zone (dashed), each in a colour of its own, as shops'
templates draw them (Print & Play Games' say green for safe, blue for the cut, red for the
bleed). A proof is never a file to print from: only `--proof` draws it."""

from __future__ import annotations

from sheetgen.draw.shapes import Drawing, Rect, Shape, Style

TRIM_STYLE = Style(stroke="#0057d9", width=0.25)  # blue, solid: where the piece is cut
BLEED_STYLE = Style(stroke="#e0001b", width=0.2)  # red, solid: the edge of the art past it
SAFE_STYLE = Style(stroke="#00a33a", width=0.25, dash=(1.2, 0.8))  # green, dashed: kept safe


def proof_lines(width: float, height: float, bleed: float, safe: float | None) -> list[Shape]:
    """The proof's lines for a width x height mm piece, its origin at the trim's top-left
    corner: each line centred on its edge, the bleed's drawn just inside the art's edge (where
    the image ends) so none of it is cut off."""
    shapes: list[Shape] = []
    if bleed > 0:
        half = BLEED_STYLE.width / 2
        w, h = width + 2 * bleed - 2 * half, height + 2 * bleed - 2 * half
        shapes.append(Rect(-bleed + half, -bleed + half, w, h, BLEED_STYLE))
    shapes.append(Rect(0.0, 0.0, width, height, TRIM_STYLE))
    if safe is not None and 0 < safe < min(width, height) / 2:
        shapes.append(Rect(safe, safe, width - 2 * safe, height - 2 * safe, SAFE_STYLE))
    return shapes


def proof_copy(drawing: Drawing, safe: float | None, bleed: float | None = None) -> Drawing:
    """The drawing with its proof's lines over it: the trim, the edge of `bleed` mm of art (the
    drawing's own bleed when None) and, when given, the safe zone `safe` mm inside the trim."""
    edge = drawing.bleed if bleed is None else bleed
    lines = proof_lines(drawing.width, drawing.height, edge, safe)
    return Drawing(
        drawing.width,
        drawing.height,
        (*drawing.children, *lines),
        bleed=drawing.bleed,
        title=f"{drawing.title} (proof)" if drawing.title else "proof",
        clip=drawing.clip,
    )
