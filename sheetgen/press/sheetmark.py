"""The sheet mark: what a page players write on says about itself, for a machine reading it back.

Four nested squares (fiducials) just inside the printable area's corners, and a QR code
holding the layout, the page, the sheet (which copy of it) and the version of its mark
regions' geometry (`draw.regions.geometry_version`). Both go where the page has no ink: every
shape's box on the page (each text's, each field's, each background's), and for sheets cut
apart, their trim boxes grown by CUT_CLEAR, are kept out; the QR takes the largest module
size from MODULES that fits somewhere, nearest the printable area's lower right corner. A
page with no room for it prints without a mark, and the build says so."""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import replace

import numpy as np
import segno

from sheetgen.draw.document import Page, Placement
from sheetgen.draw.fonts import text_width
from sheetgen.draw.regions import geometry_version, regions
from sheetgen.draw.shapes import (
    Circle,
    CurveTo,
    Drawing,
    Field,
    Image,
    LineTo,
    MoveTo,
    Path,
    Rect,
    Shape,
    Style,
    Text,
)
from sheetgen.draw.transform import Transform, translate
from sheetgen.draw.walk import reach
from sheetgen.frozen import frozen
from sheetgen.press.footer import SAFE_EDGE

INSET = SAFE_EDGE + 0.25  # mm from the paper's edge to a fiducial's outer side
FIDUCIAL = 2.2  # mm: a fiducial's side (black, a white ring, a black centre)
RING = 0.45  # mm: the width of each of its rings
CUT_CLEAR = 3.0  # mm kept between any part of the mark and a cut
INK_CLEAR = 0.5  # mm kept between the mark and any other ink
QUIET = 2  # modules of white round the QR code
MODULES = (0.42, 0.38, 0.35)  # mm a module, largest first: 2.5 to 2.1 pixels at 150 dpi
PREFIX = "SG1"  # the payload's first word (and a keyword's): a sheetgen sheet mark, version 1
CELL = 0.25  # mm: the grid the free room is looked for on
INK = Style(stroke=None, fill="#000000")


@frozen
class MarkPayload:
    """What the QR code says: layout, page (1-based in its document), sheet (which copy of
    that page's sheet, 1-based) and geometry version."""

    layout: str
    page: int
    sheet: int
    geometry: str

    def text(self) -> str:
        """`SG1 SCRIBE/STANDARD 1 1 3FA9C2`: in capitals, so the QR code's compact alphanumeric
        mode holds it (layout names are lower case, so nothing is lost)."""
        return f"{PREFIX} {self.layout} {self.page} {self.sheet} {self.geometry}".upper()

    @staticmethod
    def parse(text: str) -> MarkPayload | None:
        """The payload a QR code's text holds, or None for text that is not a sheet mark."""
        words = text.strip().split(" ")
        if len(words) != 5 or words[0].upper() != PREFIX:
            return None
        _, layout, page, sheet, geometry = words
        if not (page.isdigit() and sheet.isdigit()):
            return None
        return MarkPayload(layout.lower(), int(page), int(sheet), geometry.lower())


def qr_matrix(
    payload: MarkPayload, mask: int | None = None
) -> tuple[tuple[tuple[bool, ...], ...], int]:
    """The QR code's dark modules, row by row (error correction M, at the least version), and
    its mask pattern: `mask` when given, else the one segno judges best (a search that costs
    ten times the code: a document's pages, their payloads alike but for a number or two,
    take the first page's)."""
    code = segno.make_qr(payload.text(), error="m", boost_error=False, mask=mask)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix), code.mask


def fiducial() -> Drawing:
    """One fiducial: nested squares, black, white, black."""
    r, f = RING, FIDUCIAL
    return Drawing(
        f,
        f,
        (
            Rect(0, 0, f, f, INK),
            Rect(r, r, f - 2 * r, f - 2 * r, Style(stroke=None, fill="#ffffff")),
            Rect(2 * r, 2 * r, f - 4 * r, f - 4 * r, INK),
        ),
        title="sheet mark fiducial",
    )


def _png(rows: list[bytes]) -> bytes:
    """A grey PNG of `rows` (a byte a pixel), written here: a press makes no backend's calls."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    head = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)  # 8-bit grey
    data = zlib.compress(b"".join(b"\0" + row for row in rows), 9)  # (filter 0 a row)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def qr_drawing(matrix: tuple[tuple[bool, ...], ...], module: float) -> Drawing:
    """The QR code, `module` mm a module, with its quiet zone: a picture of a pixel a module
    (a few hundred bytes; a path of its dark runs costs ten times that on every copy of a pad,
    each of which says its own page)."""
    n = len(matrix) + 2 * QUIET
    blank = b"\xff" * n
    rows = [blank] * QUIET
    for row in matrix:
        dark = bytes(0 if v else 255 for v in row)
        rows.append(b"\xff" * QUIET + dark + b"\xff" * QUIET)
    rows += [blank] * QUIET
    side = n * module
    picture = Image(0.0, 0.0, side, side, _png(rows), "png", (n, n))
    return Drawing(side, side, (picture,), title="sheet mark QR code")


Box = tuple[float, float, float, float]  # left, top, right, bottom in mm


def _leaf_box(shape: Shape) -> Box | None:
    """A leaf's box in its own space, its stroke included; None for what shows nothing."""
    if isinstance(shape, (Rect, Field)):
        grow = (shape.style.width / 2) if shape.style.stroke else 0.0
        return (shape.x - grow, shape.y - grow, shape.x + shape.w + grow, shape.y + shape.h + grow)
    if isinstance(shape, Circle):
        grow = shape.r + ((shape.style.width / 2) if shape.style.stroke else 0.0)
        return (shape.cx - grow, shape.cy - grow, shape.cx + grow, shape.cy + grow)
    if isinstance(shape, Image):
        return (shape.x, shape.y, shape.x + shape.w, shape.y + shape.h)
    if isinstance(shape, Text):
        width = text_width(shape.text, shape.size, shape.weight, shape.family)
        if shape.rotation:  # turned: as far as it reaches any way round
            reach_ = width + shape.size
            return (shape.x - reach_, shape.y - reach_, shape.x + reach_, shape.y + reach_)
        left = {"start": 0.0, "middle": -width / 2, "end": -width}[shape.anchor] + shape.x
        return (left, shape.y - shape.size, left + width, shape.y + 0.35 * shape.size)
    if isinstance(shape, Path):
        xs: list[float] = []
        ys: list[float] = []
        for seg in shape.segments:
            if isinstance(seg, (MoveTo, LineTo)):
                xs.append(seg.x)
                ys.append(seg.y)
            elif isinstance(seg, CurveTo):
                xs += [seg.x1, seg.x2, seg.x]
                ys += [seg.y1, seg.y2, seg.y]
        if not xs:
            return None
        grow = (shape.style.width / 2) if shape.style.stroke else 0.0
        return (min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)
    return None


def _placed(box: Box, transform: Transform) -> Box:
    corners = [transform.apply(x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def ink_boxes(page: Page) -> list[Box]:
    """The box of every shape on the page, in page mm."""
    out = []
    for placement in page.placements:
        for shape, transform in reach(placement.drawing.children, placement.transform):
            box = _leaf_box(shape)
            if box is not None:
                out.append(_placed(box, transform))
    return out


class _Room:
    """The page's paper on a CELL mm grid: which cells are taken, and a summed-area table to ask
    whether a box is free in constant time."""

    def __init__(self, page: Page, taken: list[Box]) -> None:
        self.cols = math.ceil(page.width / CELL)
        self.rows = math.ceil(page.height / CELL)
        grid = np.zeros((self.rows, self.cols), dtype=np.int32)
        for left, top, right, bottom in taken:
            c0, r0 = max(0, math.floor(left / CELL)), max(0, math.floor(top / CELL))
            c1 = min(self.cols, math.ceil(right / CELL))
            r1 = min(self.rows, math.ceil(bottom / CELL))
            if c1 > c0 and r1 > r0:
                grid[r0:r1, c0:c1] = 1
        self.sums = np.zeros((self.rows + 1, self.cols + 1), dtype=np.int64)
        self.sums[1:, 1:] = grid.cumsum(0).cumsum(1)

    def nearest(
        self, side: float, area: Box, target: tuple[float, float]
    ) -> tuple[float, float] | None:
        """The top-left corner (mm) of the free square of `side` mm within `area` nearest to
        `target` (then the highest, then the leftmost), or None where none is free."""
        found = self.free_at(side, area)
        if found is None:
            return None
        xs, ys = found
        away = np.hypot(target[0] - xs, target[1] - ys)
        best = int(np.lexsort((xs, ys, away))[0])
        return float(xs[best]), float(ys[best])

    def free_at(self, side: float, area: Box) -> tuple[np.ndarray, np.ndarray] | None:
        """The top-left corners (mm: xs, ys) of every free square of `side` mm within `area`,
        or None where there is none."""
        n = math.ceil(side / CELL)
        c0, r0 = math.ceil(area[0] / CELL), math.ceil(area[1] / CELL)
        c1, r1 = math.floor(area[2] / CELL) - n, math.floor(area[3] / CELL) - n
        if c1 < c0 or r1 < r0:
            return None
        s = self.sums
        total = (
            s[r0 + n : r1 + n + 1, c0 + n : c1 + n + 1]
            - s[r0 : r1 + 1, c0 + n : c1 + n + 1]
            - s[r0 + n : r1 + n + 1, c0 : c1 + 1]
            + s[r0 : r1 + 1, c0 : c1 + 1]
        )
        rows, cols = np.nonzero(total == 0)
        return ((c0 + cols) * CELL, (r0 + rows) * CELL) if rows.size else None


def _grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def sheets_on(page: Page, known: dict[int, bool] | None = None) -> list[Placement]:
    """The sheets on a page players write on: the placed drawings with fields to fill (`known`:
    whether each drawing, by identity, has any, as found so far)."""
    known = {} if known is None else known
    out = []
    for placement in page.placements:
        drawing = placement.drawing
        if id(drawing) not in known:
            known[id(drawing)] = bool(regions(drawing))
        if known[id(drawing)]:
            out.append(placement)
    return out


def _cuts(page: Page) -> list[Box]:
    """Each sheet's trim box on the page when several share it (cut apart)."""
    placed = sheets_on(page)
    if len(placed) < 2:
        return []
    out = []
    for p in placed:
        d = p.drawing
        out.append(_placed((0.0, 0.0, d.width, d.height), p.transform))
    return out


@frozen
class MarkPlan:
    """Where a page's mark goes: its fiducials' and its QR code's top-left corners, the QR's
    module size; None where the page has no room."""

    fiducials: tuple[tuple[float, float], ...]
    qr: tuple[float, float]
    module: float


def plan_mark(page: Page, matrix_size: int) -> MarkPlan | None:
    """Where the mark of a QR code `matrix_size` modules square goes on `page` (its sheets cut
    apart where several share it), or None when a fiducial or the code finds no room."""
    cuts = [_grown(box, CUT_CLEAR) for box in _cuts(page)]
    taken = [_grown(box, INK_CLEAR) for box in ink_boxes(page)] + cuts
    w, h, f = page.width, page.height, FIDUCIAL
    corners = (
        (INSET, INSET),
        (w - INSET - f, INSET),
        (INSET, h - INSET - f),
        (w - INSET - f, h - INSET - f),
    )
    room = _Room(page, taken)
    for x, y in corners:
        if room.free_at(f, (x, y, x + f + CELL, y + f + CELL)) is None:
            return None
    fiducials = [_grown((x, y, x + f, y + f), INK_CLEAR) for x, y in corners]
    room = _Room(page, taken + fiducials)
    area = (INSET, INSET, w - INSET, h - INSET)
    for module in MODULES:
        side = (matrix_size + 2 * QUIET) * module
        spot = room.nearest(side, area, (w - INSET - side, h - INSET - side))
        if spot is not None:  # nearest the lower right corner
            return MarkPlan(tuple(corners), spot, module)
    return None


def mark_pages(pages: list[Page], layout: str) -> tuple[list[Page], list[str], tuple[str, ...]]:
    """Each page that carries sheets to write on with its sheet mark, a note for pages left
    without one, and the document's keywords that name the layout and each geometry version
    (what `sheetgen read` finds a filled PDF's sheets by). Copies of a page (a pad's) become
    pages of their own: each says which copy it is."""
    out: list[Page] = []
    copies: dict[tuple[object, ...], int] = {}
    plans: dict[tuple[object, ...], MarkPlan | None] = {}
    # one word of printable ASCII, whatever a caller names it by (a layout's game/name is)
    layout = "".join(
        c if c.isascii() and c.isprintable() and not c.isspace() else "_" for c in layout
    )
    known: dict[int, bool] = {}
    mask: int | None = None  # the first page's QR mask, every page's
    versions: dict[tuple[int, ...], str] = {}
    unmarked = 0
    mark = fiducial()
    for number, page in enumerate(pages, start=1):
        placed = [p.drawing for p in sheets_on(page, known)]
        if not placed:
            out.append(page)
            continue
        signature = page.signature()
        copies[signature] = copies.get(signature, 0) + 1
        ids = tuple(id(d) for d in placed)
        if ids not in versions:
            versions[ids] = geometry_version(placed)
        payload = MarkPayload(layout, number, copies[signature], versions[ids])
        matrix, mask = qr_matrix(payload, mask)
        key = (signature, len(matrix))
        if key not in plans:
            plans[key] = plan_mark(page, len(matrix))
        plan = plans[key]
        if plan is None:
            unmarked += 1
            out.append(page)
            continue
        extra = [Placement(mark, translate(x, y)) for x, y in plan.fiducials]
        extra.append(Placement(qr_drawing(matrix, plan.module), translate(*plan.qr)))
        out.append(replace(page, placements=(*page.placements, *extra), mark=len(extra)))
    notes = []
    if unmarked:
        notes.append(
            f"{unmarked} page{'s' if unmarked != 1 else ''} had no room for the sheet "
            "mark that 'sheetgen read' finds a sheet by, and printed without it"
        )
    said = dict.fromkeys(f"{PREFIX} {layout} {v}" for v in versions.values())
    return out, notes, tuple(said)
