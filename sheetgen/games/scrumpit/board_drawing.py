"""The Scrumpit board drawn: the 15 x 15 centre with its star, the four home Scrump Zones in their
bag colours (each cell numbered by its row and marked with its bag's shape), the zones'
names, and the reading key."""

from __future__ import annotations

from sheetgen.draw import (
    Drawing,
    Group,
    Rect,
    Shape,
    Style,
    label,
    line,
    polygon,
    rotate,
    scale,
    translate,
)
from sheetgen.draw.colour import darker
from sheetgen.draw.document import Box
from sheetgen.draw.fonts import text_width
from sheetgen.draw.icons import star
from sheetgen.draw.shapes import Anchor
from sheetgen.games.scrumpit.draw import INK, SIX_PT, bag_mark, text_ink
from sheetgen.games.scrumpit.model import BoardLayout, ScrumpitLabels
from sheetgen.games.scrumpit.rules import zone_cells

BOARD_FILL = "#f6efdc"
GRID = "#b8ab8c"
STAR = "#f2c230"
TITLE = "#b52a24"


def board_extent(layout: BoardLayout) -> int:
    """Cells across the whole board: the centre plus a zone each side."""
    return layout.size + 2 * len(layout.row_cells)


def _text(cell: float, size: float) -> float:
    """A text size in cell units: `size`, or 6 pt at this cell size if that is larger."""
    return max(size, SIX_PT / cell)


def _centre(layout: BoardLayout) -> list[Shape]:
    z, n = len(layout.row_cells), layout.size
    out: list[Shape] = [Rect(z, z, n, n, Style(stroke=None, fill=BOARD_FILL))]
    thin = Style(stroke=GRID, width=0.03)
    for k in range(n + 1):
        out.append(line(z + k, z, z + k, z + n, thin))
        out.append(line(z, z + k, z + n, z + k, thin))
    out.append(Rect(z, z, n, n, Style(stroke=INK, width=0.06)))
    out.append(star(z + n / 2, z + n / 2, 0.42, STAR, INK, 0.04))
    return out


FACING: dict[str, float] = {"south": 0.0, "west": 90.0, "north": 180.0, "east": 270.0}
"""How far a zone's cell print turns (clockwise) to read upright from the zone's own side."""


def _zones(layout: BoardLayout, cell: float) -> list[Shape]:
    """Every zone cell in its bag's colour, printed as the player whose zone it is reads it from
    their side of the board: the row number at the top and the bag's shape below it, both on the
    cell's middle line (so a cut line of the tiled board can pass beside them); the Apex Star
    cell, row 7, has its number top left and the star bottom right."""
    z = len(layout.row_cells)
    fills: dict[str, str] = {zone.colour: zone.fill for zone in layout.zones}
    sides: dict[str, str] = {zone.colour: zone.side for zone in layout.zones}
    size = _text(cell, 0.28)
    out: list[Shape] = []
    for (x, y), (colour, row) in sorted(zone_cells(layout).items()):
        cx, cy, fill = x + z, y + z, fills[colour]
        ink = text_ink(fill)
        out.append(Rect(cx, cy, 1, 1, Style(stroke=darker(fill, 0.7), width=0.04, fill=fill)))
        apex = row == len(layout.row_cells)
        baseline = cy + 0.12 + size * (0.36 if apex else 0.72)
        number: tuple[float, Anchor] = (cx + 0.1, "start") if apex else (cx + 0.5, "middle")
        marks: list[Shape] = [
            star(cx + 0.62, cy + 0.64, 0.27, ink, darker(fill, 0.6), 0.03)
            if apex
            else bag_mark(colour, cx + 0.5, cy + 0.7, 0.3, Style(stroke=None, fill=ink)),
            label(number[0], baseline, str(row), size, anchor=number[1], weight="bold", colour=ink),
        ]
        turn = FACING[sides[colour]]
        out.extend(marks if turn == 0 else [Group(tuple(marks), rotate(turn, cx + 0.5, cy + 0.5))])
    return out


def _names(layout: BoardLayout, labels: ScrumpitLabels, cell: float) -> list[Shape]:
    """Each zone's name beside its Apex Star, on two lines (the colour, then HOME) with the bag's
    shape before the colour, in the white clear of the zone's cells."""
    z, n = len(layout.row_cells), layout.size
    rows = layout.row_cells
    w6 = rows[-2] if len(rows) > 1 else 1
    w5 = rows[-3] if len(rows) > 2 else w6
    size, mark, gap = _text(cell, 0.4), 0.45, 0.15
    out: list[Shape] = []
    for zone in layout.zones:
        name = labels.colour(zone.colour)
        beside = z + (n + w6) / 2 + 0.2  # right of the apex's neighbouring row
        above = z + (n - w5) / 2 - 0.5  # over the zone's fifth row
        places: dict[str, tuple[float, float, float, Anchor]] = {
            "north": (beside, 0.55, 1.2, "start"),
            "south": (beside, 2 * z + n - 1.2, 2 * z + n - 0.55, "start"),
            "west": (0.15, above - 0.65, above, "start"),
            "east": (2 * z + n - 0.15, above - 0.65, above, "end"),
        }
        x, first, second, anchor = places[zone.side]
        width = text_width(name, size, "bold")
        mark_x = x + mark / 2 if anchor == "start" else x - width - gap - mark / 2
        text_x = x + mark + gap if anchor == "start" else x
        outline = Style(stroke=INK, width=0.04, fill=zone.fill)
        out.append(bag_mark(zone.colour, mark_x, first, mark, outline))
        for text, cy in ((name, first), (labels.home, second)):
            out.append(label(text_x, cy, text, size, anchor=anchor, weight="bold", colour=INK))
    return out


def _reading_key(labels: ScrumpitLabels, cell: float) -> list[Shape]:
    """Words read left to right and top to bottom, as the box lid shows: in the top-left corner."""
    ink = Style(stroke=INK, width=0.08, cap="round")
    head = Style(stroke=None, fill=INK)
    x0, y0, room = 0.8, 0.9, 5.6
    small = _text(cell, 0.42)
    return [
        label(
            x0, y0, labels.title, 0.9, anchor="start", weight="bold", colour=TITLE, max_width=room
        ),
        label(x0, y0 + 1.1, labels.words_read, small, anchor="start", colour=INK, max_width=room),
        line(x0, y0 + 2.0, x0 + 3.2, y0 + 2.0, ink),
        polygon([(x0 + 3.6, y0 + 2.0), (x0 + 3.1, y0 + 1.75), (x0 + 3.1, y0 + 2.25)], head),
        label(
            x0 + 3.8,
            y0 + 2.0,
            labels.left_to_right,
            small,
            anchor="start",
            colour=INK,
            max_width=room - 2.4,
        ),
        line(x0 + 0.3, y0 + 2.6, x0 + 0.3, y0 + 5.0, ink),
        polygon([(x0 + 0.3, y0 + 5.4), (x0 + 0.05, y0 + 4.9), (x0 + 0.55, y0 + 4.9)], head),
        label(
            x0 + 0.8,
            y0 + 4.2,
            labels.top_to_bottom,
            small,
            anchor="start",
            colour=INK,
            max_width=room,
        ),
    ]


def board_shapes(layout: BoardLayout, labels: ScrumpitLabels, cell: float) -> list[Shape]:
    """The board in cell units (1 = one cell), origin at the whole board's top-left; `cell` mm
    a cell keeps every text at 6 pt or more."""
    return (
        _centre(layout)
        + _zones(layout, cell)
        + _names(layout, labels, cell)
        + _reading_key(labels, cell)
    )


def _caption(labels: ScrumpitLabels, cell: float, tiles: float, pencil: bool) -> list[Shape]:
    """The board's cell size (and, on a `pencil` board, that it is too small for the `tiles` mm
    tiles) in small print in the bottom-right corner, clear of the zones."""
    side = max(SIX_PT, min(0.16 * cell, 3.0))
    right = 0.3 * cell  # board units are mm here
    lines = [labels.cells.format(size=f"{cell:g}")]
    if pencil:
        lines.append(labels.pencil.format(tiles=f"{tiles:g}"))
    out: list[Shape] = []
    for k, text in enumerate(reversed(lines)):
        out.append(label(-right, -right - k * side * 1.5, text, side, anchor="end", colour=INK))
    return out


def board_drawing(
    layout: BoardLayout,
    labels: ScrumpitLabels,
    cell: float,
    *,
    pencil: bool = False,
    caption: bool = True,
) -> Drawing:
    """The whole board at `cell` mm a cell, its cell size noted in the bottom-right corner
    (and, if `pencil`, that it is for pencil play, not the layout's own cell-sized tiles);
    without `caption`, the board alone (a digital table's board has no cell size to note)."""
    size = board_extent(layout) * cell
    shapes: list[Shape] = [Group(tuple(board_shapes(layout, labels, cell)), scale(cell))]
    if caption:
        shapes.append(
            Group(tuple(_caption(labels, cell, layout.cell, pencil)), translate(size, size))
        )
    title = f"Scrumpit board, {cell:g} mm cells" if caption else "Scrumpit board"
    return Drawing(size, size, tuple(shapes), title=title)


def board_keep(layout: BoardLayout, cell: float) -> list[Box]:
    """The boxes (mm) of what a cut or a mark must spare where it can: every cell of the centre
    and the zones, and the centre star."""
    z, n = len(layout.row_cells), layout.size
    cells = [(x + z, y + z) for x, y in zone_cells(layout)]
    cells += [(z + i, z + j) for i in range(n) for j in range(n)]
    boxes: list[Box] = [(x * cell, y * cell, cell, cell) for x, y in sorted(cells)]
    mid = (z + n / 2 - 0.5) * cell
    return [*boxes, (mid, mid, cell, cell)]
