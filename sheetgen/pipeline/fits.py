"""The checks `sheetgen check` makes on a layout's drawings, as `build` would meet them: that
its sheets go onto both A4 and Letter as the build presses them, and that nothing drawn leaves
its sheet (every backend cuts a drawing off at its edge, so that would be lost in silence)."""

from __future__ import annotations

import math

from sheetgen.draw import Circle, Drawing, Field, Path, Rect, Text, Transform, text_width
from sheetgen.draw.document import Document
from sheetgen.draw.shapes import Close, CurveTo, Image
from sheetgen.draw.walk import Leaf, reach
from sheetgen.errors import SheetgenError, TooBigForPaper
from sheetgen.findings import Finding, error
from sheetgen.layouts.read import Loaded
from sheetgen.model.tables import Table
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import documents_on
from sheetgen.press import PressOptions, parse_paper

SLACK = 1.0  # mm a shape may stray past its bleed edge: art run into the cut (a Marram beast)


def sheet_findings(loaded: Loaded, papers: tuple[str, ...]) -> list[Finding]:
    """An error for each of the papers the layout's sheets do not go onto, and for each
    drawing that draws past its own edge (naming the first shape that does)."""
    out: list[Finding] = []
    documents = []
    on = [parse_paper(paper) for paper in papers]
    # without the sheet mark: it goes only where a page has room, so never decides a fit
    press = PressOptions(paper=on[0], sheet_mark=False)
    for made in documents_on(loaded, BuildOptions(press), on):
        if isinstance(made, TooBigForPaper):
            out.append(size_error(loaded, "", str(made)))
        elif isinstance(made, SheetgenError):  # of the layout as a whole (a pad's sides differ)
            out.append(error("", str(made)))
        else:
            documents.append(made)
    return list(dict.fromkeys(out + drawing_findings(loaded, documents)))


def drawing_findings(loaded: Loaded, documents: list[Document]) -> list[Finding]:
    """An error for each drawing of the documents that draws past its own edge, said once
    however many pages and papers show it."""
    drawings: dict[int, Drawing] = {}
    for document in documents:
        for page in (*document.pages, *document.screens):
            for placement in page.placements:
                drawings.setdefault(id(placement.drawing), placement.drawing)
    out: list[Finding] = []
    for drawing in drawings.values():
        # a clipped drawing is a window cut from a bigger one on purpose (a board's page)
        found = None if drawing.clip else _first_outside(drawing)
        if found is not None:
            side, what = found
            name = drawing.title or "a drawing"
            out.append(
                size_error(
                    loaded,
                    side,
                    f"{name} draws {what} past its {drawing.width:g} x {drawing.height:g} mm "
                    "sheet, where no print shows it; make the sheet "
                    f"{'wider' if side == 'width' else 'taller'} or what it holds smaller",
                )
            )
    return list(dict.fromkeys(out))


SIZE_KEYS = ("width", "height", "size", "face_size", "cell", "edge")  # what sizes a sheet
SIZE_SECTIONS = ("sheet", "piece")  # the sections that hold them: a sheet's, a piece's


def size_error(loaded: Loaded, side: str, message: str) -> Finding:
    """An error about the size of a layout's sheets, at the key of that `side` (or the first
    size key the layout has) and, as keys that share the cause, every other key that sizes
    them: it points at whichever of them the designer's file writes."""
    model = loaded.model
    keys: list[str] = []
    sections = []
    for name in SIZE_SECTIONS:
        section = getattr(model, name, None)
        if isinstance(section, Table):  # a section (a designer's pieces' `sheet` is a name)
            sections.append(name)
            keys += [f"{name}.{k}" for k in SIZE_KEYS if hasattr(section, k)]
    keys += [k for k in SIZE_KEYS if hasattr(model, k)]
    sided = [k for k in keys if side and k.endswith(f".{side}")]
    first = sided[0] if sided else keys[0] if keys else "sheet"
    also = (*(k for k in keys if k != first), *sections)
    return error(first, message, also)


def _first_outside(drawing: Drawing) -> tuple[str, str] | None:
    """The side ('width' or 'height') a drawing's first stray shape crosses, and the shape."""
    low = -drawing.bleed - SLACK
    high_x = drawing.width + drawing.bleed + SLACK
    high_y = drawing.height + drawing.bleed + SLACK
    for leaf, transform in reach(drawing.children, Transform()):
        xs, ys = _placed(_outline(leaf), transform)
        if min(xs) < low or max(xs) > high_x:
            return "width", _describe(leaf, min(xs), max(xs), "x")
        if min(ys) < low or max(ys) > high_y:
            return "height", _describe(leaf, min(ys), max(ys), "y")
    return None


def _describe(leaf: Leaf, low: float, high: float, axis: str) -> str:
    kind = {Circle: "a circle", Rect: "a box", Field: "a form field", Path: "a line"}
    kind[Image] = "a picture"
    what = f"the text {leaf.text!r}" if isinstance(leaf, Text) else kind[type(leaf)]
    return f"{what} (from {axis} = {low:.1f} to {high:.1f} mm)"


def _placed(points: list[tuple[float, float]], at: Transform) -> tuple[list[float], list[float]]:
    """Where `at` puts each of `points`: their xs and their ys (as `Transform.apply`)."""
    a, b, c, d, e, f = at.a, at.b, at.c, at.d, at.e, at.f
    return [a * x + c * y + e for x, y in points], [b * x + d * y + f for x, y in points]


def _outline(leaf: Leaf) -> list[tuple[float, float]]:
    if isinstance(leaf, Circle):
        r = leaf.r + _half_line(leaf)
        return _box(leaf.cx - r, leaf.cy - r, leaf.cx + r, leaf.cy + r)
    if isinstance(leaf, Image):
        return _box(leaf.x, leaf.y, leaf.x + leaf.w, leaf.y + leaf.h)
    if isinstance(leaf, (Rect, Field)):
        grow = _half_line(leaf)
        return _box(leaf.x - grow, leaf.y - grow, leaf.x + leaf.w + grow, leaf.y + leaf.h + grow)
    if isinstance(leaf, Text):
        width = text_width(leaf.text, leaf.size, leaf.weight, leaf.family)
        start = {"start": 0.0, "middle": -width / 2, "end": -width}[leaf.anchor]
        box = _box(start, -0.75 * leaf.size, start + width, 0.2 * leaf.size)  # ascent, descent
        turn = math.radians(leaf.rotation)
        cos, sin = math.cos(turn), math.sin(turn)
        return [(leaf.x + x * cos - y * sin, leaf.y + x * sin + y * cos) for x, y in box]
    # a line's points only: its width spreads across it, and a line ends where its points do;
    # a Bézier's end and control points (it lies inside their hull)
    out: list[tuple[float, float]] = []
    for s in leaf.segments:
        if isinstance(s, CurveTo):
            out += ((s.x1, s.y1), (s.x2, s.y2), (s.x, s.y))
        elif not isinstance(s, Close):
            out.append((s.x, s.y))
    return out


def _box(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _half_line(leaf: Circle | Rect | Field) -> float:
    style = leaf.style
    return style.width / 2 if style.stroke else 0.0
