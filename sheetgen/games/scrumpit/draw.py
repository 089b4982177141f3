"""Scrumpit drawings: the board with its home zones, letter tiles, and the score pad."""

from __future__ import annotations

from sheetgen.draw import (
    Drawing,
    Field,
    Group,
    Rect,
    Shape,
    Style,
    label,
    line,
    polygon,
    scale,
    translate,
)
from sheetgen.draw.colour import lighter
from sheetgen.draw.icons import star
from sheetgen.games.scrumpit.model import BoardLayout, Letter, PadLayout
from sheetgen.games.scrumpit.rules import zone_cells

INK = "#2b2a26"
BOARD_FILL = "#f6efdc"
GRID = "#b8ab8c"
NAMES = {"yellow": "YELLOW", "blue": "BLUE", "red": "RED", "green": "GREEN"}


def board_extent(layout: BoardLayout) -> int:
    """Cells across the whole board: the centre plus a zone each side."""
    return layout.size + 2 * len(layout.row_cells)


def board_shapes(layout: BoardLayout) -> list[Shape]:
    """The board in cell units (1 = one cell), origin at the whole board's top-left."""
    z = len(layout.row_cells)
    n = layout.size
    out: list[Shape] = [Rect(z, z, n, n, Style(stroke=None, fill=BOARD_FILL))]
    thin = Style(stroke=GRID, width=0.03)
    for k in range(n + 1):
        out.append(line(z + k, z, z + k, z + n, thin))
        out.append(line(z, z + k, z + n, z + k, thin))
    out.append(Rect(z, z, n, n, Style(stroke=INK, width=0.06)))
    out.append(star(z + n / 2, z + n / 2, 0.42, "#f2c230", INK, 0.04))
    fills: dict[str, str] = {zone.colour: zone.fill for zone in layout.zones}
    for (x, y), (colour, row) in zone_cells(layout).items():
        cx, cy = x + z, y + z
        apex = row == len(layout.row_cells)
        out.append(
            Rect(
                cx,
                cy,
                1,
                1,
                Style(
                    stroke=fills[colour],
                    width=0.05,
                    fill=lighter(fills[colour], 0.55 if apex else 0.72),
                ),
            )
        )
        if apex:  # below and right of the row number, which stays readable in the corner
            out.append(star(cx + 0.56, cy + 0.58, 0.3, fills[colour], INK, 0.04))
        out.append(
            label(cx + 0.12, cy + 0.28, str(row), 0.26, anchor="start", weight="bold", colour=INK)
        )
    for zone in layout.zones:
        name = f"{NAMES[zone.colour]} HOME"
        mid = z + n / 2
        # beside the zone's narrow end, clear of its cells
        pos = {
            "south": (mid + 2.2, z + n + 6.5, "start"),
            "north": (mid + 2.2, z - 6.5, "start"),
            "east": (2 * z + n - 0.3, mid + 4.6, "end"),
            "west": (0.3, mid + 4.6, "start"),
        }[zone.side]
        out.append(
            label(
                pos[0],
                pos[1],
                name,
                0.5,
                weight="bold",
                colour=fills[zone.colour],
                anchor=pos[2],  # type: ignore[arg-type]
            )
        )
    out += _reading_key(z)
    return out


def _reading_key(z: int) -> list[Shape]:
    """Words read left to right and top to bottom, as the box lid shows: in the top-left corner."""
    ink = Style(stroke=INK, width=0.08, cap="round")
    head = Style(stroke=None, fill=INK)
    x0, y0 = 0.8, 0.9
    return [
        label(x0, y0, "SCRUMPIT", 0.9, anchor="start", weight="bold", colour="#c0392b"),
        label(x0, y0 + 1.1, "Words read", 0.42, anchor="start", colour=INK),
        line(x0, y0 + 2.0, x0 + 3.2, y0 + 2.0, ink),
        polygon([(x0 + 3.6, y0 + 2.0), (x0 + 3.1, y0 + 1.75), (x0 + 3.1, y0 + 2.25)], head),
        label(x0 + 3.8, y0 + 2.0, "left to right", 0.42, anchor="start", colour=INK),
        line(x0 + 0.3, y0 + 2.6, x0 + 0.3, y0 + 5.0, ink),
        polygon([(x0 + 0.3, y0 + 5.4), (x0 + 0.05, y0 + 4.9), (x0 + 0.55, y0 + 4.9)], head),
        label(x0 + 0.8, y0 + 4.2, "top to bottom", 0.42, anchor="start", colour=INK),
    ]


def board_drawing(layout: BoardLayout, cell: float) -> Drawing:
    """The whole board at `cell` mm a cell."""
    size = board_extent(layout) * cell
    note = label(
        size - 0.5 * cell,
        size - 0.5 * cell,
        f"cells {cell:.1f} mm",
        0.3 * cell,
        anchor="end",
        colour=INK,
    )
    return Drawing(
        size,
        size,
        (Group(tuple(board_shapes(layout)), scale(cell)), note),
        title=f"Scrumpit board, {cell:.1f} mm cells",
    )


def window(board: Drawing, x: float, y: float, w: float, h: float, name: str) -> Drawing:
    """A w x h window onto a large drawing, cut at its edges (for tiled printing)."""
    return Drawing(w, h, (Group(board.children, translate(-x, -y)),), title=name, clip=True)


def tile_drawing(letter: Letter, colour: str, size: float) -> Drawing:
    """A letter tile: bag colour, letter in the middle, value in the corner."""
    u = 19.0
    ink = "#ffffff" if colour.lower() in ("#3a78c2", "#d2453f", "#4e9a48") else INK
    body = (
        Rect(0, 0, u, u, Style(stroke=None, fill=colour)),
        Rect(0.8, 0.8, u - 1.6, u - 1.6, Style(stroke=ink, width=0.25, opacity=0.5), rx=1.5),
        label(u / 2 - 0.6, u / 2 - 0.2, letter.letter, 9.5, weight="bold", colour=ink),
        label(u - 2.2, u - 2.8, str(letter.value), 3.4, anchor="end", weight="bold", colour=ink),
    )
    return Drawing(size, size, (Group(body, scale(size / u)),), title=f"tile {letter.letter}")


def pad_drawing(layout: PadLayout, first_game: int, games: int) -> Drawing:
    """A score pad page: for each game a table of turns, running totals a player, the rack
    deduction row and the game total."""
    width, height = 194.0, 263.0
    out: list[Shape] = [
        label(0, 5, "SCRUMPIT — SCORE PAD", 5.5, anchor="start", weight="bold", colour="#c0392b"),
        label(width, 5, "each turn: points, then the running total", 2.6, anchor="end", colour=INK),
    ]
    block = (height - 12) / games
    turn_w = 12.0
    col_w = (width - turn_w) / (2 * layout.players)
    row_h = min(6.0, (block - 27) / layout.turns)
    for g in range(games):
        number = first_game + g
        y0 = 12 + g * block
        out.append(
            label(0, y0 + 3, f"Game {number}", 3.6, anchor="start", weight="bold", colour=INK)
        )
        out.append(label(28, y0 + 3, "started by", 2.6, anchor="start", colour=INK))
        out.append(line(44, y0 + 4.2, 90, y0 + 4.2, Style(stroke=INK, width=0.25)))
        out.append(Field(f"g{number}_starter", "text", 44, y0, 46, 4.2, Style(stroke=None)))
        top = y0 + 7
        head = 8.0
        for p in range(layout.players):
            x = turn_w + 2 * p * col_w
            out.append(Rect(x, top, 2 * col_w, head, Style(stroke=INK, width=0.3, fill="#f3e6c4")))
            out.append(
                line(x + 3, top + 3.6, x + 2 * col_w - 3, top + 3.6, Style(stroke=INK, width=0.2))
            )
            out.append(
                Field(
                    f"g{number}_p{p + 1}_name",
                    "text",
                    x + 1,
                    top + 0.3,
                    2 * col_w - 2,
                    3.6,
                    Style(stroke=None),
                )
            )
            out.append(label(x + col_w / 2, top + 6.2, "points", 2.2, colour=INK))
            out.append(label(x + 1.5 * col_w, top + 6.2, "total", 2.2, weight="bold", colour=INK))
        out.append(label(turn_w / 2, top + 6.2, "turn", 2.2, colour=INK))
        rows = [str(t) for t in range(1, layout.turns + 1)] + ["rack −", "total"]
        for r, name in enumerate(rows):
            y = top + head + r * row_h
            shade = "#faf5e8" if r % 2 else "#ffffff"
            bold = name == "total"
            out.append(
                Rect(
                    0,
                    y,
                    width,
                    row_h,
                    Style(stroke=None, fill="#f3e6c4" if r >= layout.turns else shade),
                )
            )
            out.append(
                label(
                    turn_w / 2,
                    y + row_h / 2,
                    name,
                    2.4 if r < layout.turns else 2.2,
                    weight="bold" if bold else "regular",
                    colour=INK,
                )
            )
            for p in range(layout.players):
                for k, part in enumerate(("pts", "total")):
                    x = turn_w + (2 * p + k) * col_w
                    out.append(
                        Field(
                            f"g{number}_p{p + 1}_{name.split()[0]}_{part}",
                            "text",
                            x + 0.5,
                            y + 0.3,
                            col_w - 1,
                            row_h - 0.6,
                            Style(stroke=None),
                        )
                    )
        grid_h = head + len(rows) * row_h
        line_style = Style(stroke=GRID, width=0.2)
        for r in range(len(rows) + 1):
            out.append(line(0, top + head + r * row_h, width, top + head + r * row_h, line_style))
        for c in range(2 * layout.players + 1):
            x = turn_w + c * col_w
            out.append(
                line(x, top, x, top + grid_h, Style(stroke=INK, width=0.35 if c % 2 == 0 else 0.15))
            )
        out.append(Rect(0, top, width, grid_h, Style(stroke=INK, width=0.4)))
    return Drawing(width, height, tuple(out), title="Scrumpit score pad")
