"""Headed groups of pieces sharing a page: each group (a bag of tiles, say) in its own band down
the page, its heading right above its pieces and their crop marks, the ruler and the footer once,
in the last band. A band takes what it needs, the last one the rest of the page. Groups share a
page only where every one of them fits its band whole; else each group takes pages of its own,
headed the same way."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from sheetgen.draw import IDENTITY, Drawing, Rect, Shape, Style, line, translate
from sheetgen.draw.document import Box, Page, Placement
from sheetgen.draw.sheets import Band
from sheetgen.errors import TooBigForPaper
from sheetgen.press.grid import plan_grid
from sheetgen.press.impose import impose
from sheetgen.press.marks import MARK_CLEARANCE, MARK_LENGTH, MARK_LIMIT
from sheetgen.press.paper import Paper
from sheetgen.press.plan import PressOptions

HEADING_ROOM = 12.0  # mm above a band's pieces (their bleed) for its heading, over their marks
HEADING_RAISE = 1.5  # mm the heading stands higher than its room, clear of the marks under it
MARKED = MARK_LIMIT + MARK_CLEARANCE + MARK_LENGTH  # mm beside pieces for whole crop marks
# mm the ground colour reaches past the outer cuts: short of where the crop marks begin
GROUND_PAST = MARK_CLEARANCE - 0.25


def impose_bands(
    bands: Sequence[Band], opts: PressOptions, together: int = 2, stack: bool = False
) -> list[Page]:
    """Every band's pieces with crop marks under its heading: `together` bands a page (in
    order) where every group of them fits a page, else each band on its own pages. With
    `stack`, a page's last band stands right under the one before, as the others do."""
    groups = [bands[i : i + together] for i in range(0, len(bands), together)]
    shared = [_shared(group, opts, stack) for group in groups]
    if all(page is not None for page in shared):
        return [page for page in shared if page is not None]
    pages = []
    for band in bands:
        sheets = _banded(band, opts, 0.0, opts.paper.height, last=True)
        for i, sheet in enumerate(sheets, start=1):
            pages.append(replace(sheet, label=f"{band.name}-{i}" if len(sheets) > 1 else band.name))
    return pages


def _shared(group: Sequence[Band], opts: PressOptions, stack: bool = False) -> Page | None:
    """One page holding every band of `group` down it, or None where a band's pieces do not
    fit its stretch whole: each band but the last takes what its heading, its rows of pieces
    and the margins round them need, the last band the rest (with the ruler and footer), its
    pieces in the middle of it or, with `stack`, at its top."""
    heights = [_need(band, opts) for band in group[:-1]]
    heights.append(opts.paper.height - sum(heights))
    last = len(group) - 1
    for i, band in enumerate(group):
        piece, press = band.pieces[0], _band_press(band, opts, heights[i], last=i == last)
        try:
            grid = plan_grid(piece.width, piece.height, piece.bleed, press, len(band.pieces))
        except TooBigForPaper:
            return None
        if grid.count < len(band.pieces):
            return None
    tops = [sum(heights[:i]) for i in range(len(group))]
    parts = [
        sheet
        for i, band in enumerate(group)
        for sheet in _banded(band, opts, tops[i], heights[i], last=i == last, stack=stack)
    ]
    return Page(
        opts.paper.width,
        opts.paper.height,
        tuple(p for part in parts for p in part.placements),
        _around([part.trim for part in parts if part.trim]),
        _around([part.bleed for part in parts if part.bleed]),
        "-".join(band.name for band in group),
    )


def _need(band: Band, opts: PressOptions) -> float:
    """mm of the page a band needs: its heading's room, its pieces in as many rows as the
    page's width makes them, and above and below them the margin, or room for whole crop
    marks where that is more."""
    piece = band.pieces[0]
    whole = _band_press(band, opts, opts.paper.height, last=False)
    grid = plan_grid(piece.width, piece.height, piece.bleed, whole, len(band.pieces))
    rows = math.ceil(len(band.pieces) / grid.cols)
    tall = rows * (piece.height + 2 * piece.bleed) + (rows - 1) * grid.gap
    return _room(band) + 2 * max(opts.margin, MARKED) + tall


def _room(band: Band) -> float:
    """mm the band's heading takes above its pieces' cut: its room over their crop marks,
    which stand beyond the pieces' bleed."""
    return HEADING_ROOM + band.taller + band.pieces[0].bleed


def _band_press(band: Band, opts: PressOptions, height: float, last: bool) -> PressOptions:
    """The press for a band `height` mm tall across the page, less its heading's room; the
    ruler and the footer only in the page's last band."""
    return replace(
        opts,
        paper=Paper(opts.paper.name, opts.paper.width, height - _room(band)),
        landscape=False,  # a band lies across the portrait page, however wide it is
        crop_marks=opts.crop_marks or "corners",  # pieces cut apart (see PressOptions.cut)
        gap=-2 * band.pieces[0].bleed if band.abut else opts.gap,
        ruler=opts.ruler and last,
        credit=opts.credit if last else "",
    )


def _banded(
    band: Band, opts: PressOptions, top: float, height: float, last: bool, stack: bool = False
) -> list[Page]:
    """Each sheet of the band's pieces in the stretch of the page `top` mm down and `height`
    mm tall, as a page of the press's paper: the pieces and their marks (in the last band also
    the ruler and footer), and the heading right above the pieces; with `stack`, the pieces
    at the top of the stretch (the ruler and footer stay at the foot of the page)."""
    down = top + _room(band)
    out = []
    for sheet in impose(band.pieces, _band_press(band, opts, height, last)):
        if stack:
            sheet = _raised(sheet, max(opts.margin, MARKED) + band.pieces[0].bleed)
        trim = sheet.trim or (0.0, 0.0, sheet.width, sheet.height)
        under = (Placement(_ground(sheet, band), IDENTITY),) if band.ground else ()
        over = (Placement(_seams(sheet, band), IDENTITY),) if band.seams else ()
        moved = tuple(
            Placement(p.drawing, translate(0, down) @ p.transform)
            for p in (*under, *sheet.placements, *over)
        )
        left = trim[0]
        heading = band.heading(opts.paper.width - opts.margin - left)
        y = max(top + opts.margin, trim[1] + down - _room(band) - HEADING_RAISE)
        out.append(
            Page(
                opts.paper.width,
                opts.paper.height,
                (*moved, Placement(heading, translate(left, y))),
                _lowered(trim, down),
                _lowered(sheet.bleed or trim, down),
            )
        )
    return out


SEAM_WIDTH = 0.2  # mm: a seam line, faint in its colour but there in a draft print
SAME = 1e-3  # mm: two corners nearer than this are one place (nothing prints finer)
FURNITURE = ("calibration ruler", "footer")  # what stays at the foot of a raised sheet


def _raised(sheet: Page, top: float) -> Page:
    """The sheet with its pieces and their marks raised so that their cut stands `top` mm
    from its top, the ruler and the footer where they were."""
    trim = sheet.trim or (0.0, top, 0.0, 0.0)
    up = min(0.0, top - trim[1])
    if not up:
        return sheet
    placements = tuple(
        p if p.drawing.title in FURNITURE else Placement(p.drawing, translate(0, up) @ p.transform)
        for p in sheet.placements
    )
    bleed = sheet.bleed and _lowered(sheet.bleed, up)
    return replace(sheet, placements=placements, trim=_lowered(trim, up), bleed=bleed)


def _seams(sheet: Page, band: Band) -> Drawing:
    """A faint line along every cut across the band's abutting pieces, the ends of a row
    included, run on through the bleed to the edge of the colour: once the long cuts are made
    (and the crop marks are cut away with them) the lines still show where the rest go."""
    ours = {id(piece) for piece in band.pieces}
    cells = sorted(
        (p.transform.e, p.transform.f, p.drawing.width, p.drawing.height)
        for p in sheet.placements
        if id(p.drawing) in ours
    )

    def piece_at(x: float, y: float) -> bool:
        # within a micrometre: a neighbour's corner is its own plus a size, in floating point,
        # which rounding each to a thousandth told apart (sizes such as 22.225 mm, 7/8 in,
        # lost the seams between rows, and others drew a cut's seam twice)
        return any(abs(x - cx) < SAME and abs(y - cy) < SAME for cx, cy, _w, _h in cells)

    bleed = band.pieces[0].bleed
    paint = Style(stroke=band.seams, width=SEAM_WIDTH)
    shapes: list[Shape] = []
    for x, y, w, h in cells:
        if not piece_at(x - w, y):  # the first of a row: its outer cut too
            shapes.append(line(x, y - bleed, x, y + h + bleed, paint))
        shapes.append(line(x + w, y - bleed, x + w, y + h + bleed, paint))
        if piece_at(x, y + h):  # a piece abuts below
            shapes.append(line(x - bleed, y + h, x + w + bleed, y + h, paint))
    return Drawing(sheet.width, sheet.height, tuple(shapes), title=f"{band.name} seams")


def _ground(sheet: Page, band: Band) -> Drawing:
    """The band's ground colour under each row of its pieces on `sheet`, edge to edge, so no
    viewer shows paper in a hairline between two pieces where it blends their edges, and
    GROUND_PAST beyond the outer cuts, so a cut a little outside the line leaves no sliver of
    white paper on the outer pieces."""
    ours = {id(piece) for piece in band.pieces}
    rows: dict[float, list[tuple[float, Drawing]]] = {}
    for placed in sheet.placements:
        if id(placed.drawing) in ours:
            rows.setdefault(placed.transform.f, []).append((placed.transform.e, placed.drawing))
    paint = Style(stroke=None, fill=band.ground)
    shapes = []
    for y, row in sorted(rows.items()):
        left = min(x for x, _ in row)
        right = max(x + piece.width for x, piece in row)
        tall = max(p.height for _, p in row)
        grown = (left - GROUND_PAST, y - GROUND_PAST, right - left + 2 * GROUND_PAST)
        shapes.append(Rect(*grown, tall + 2 * GROUND_PAST, paint))
    return Drawing(sheet.width, sheet.height, tuple(shapes), title=f"{band.name} ground")


def _lowered(box: Box, down: float) -> Box:
    x, y, w, h = box
    return (x, y + down, w, h)


def _around(boxes: list[Box]) -> Box:
    """The box around every one of `boxes`."""
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    return (left, top, right - left, bottom - top)
