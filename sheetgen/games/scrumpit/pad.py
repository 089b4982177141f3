"""The Scrumpit score pad: for each game a table of turns with each player's points and running
total, the rack deduction, the game's total and the match total so far; each player's columns
headed by their bag's colour and shape, with a line for their name."""

from __future__ import annotations

from sheetgen.draw import Drawing, Field, Rect, Shape, Style, label, line
from sheetgen.games.scrumpit.board_drawing import GRID, TITLE
from sheetgen.games.scrumpit.draw import INK, bag_mark, text_ink
from sheetgen.games.scrumpit.model import COLOURS, PadLayout, ScrumpitLabels
from sheetgen.model.paper import BOTH_PAPERS

WIDTH, HEIGHT = BOTH_PAPERS[0], 250.0  # on A4 and Letter, the ruler under it on both
FIRST = 20.0  # the row names' column
HEAD = 15.0  # colour, name and column heads
SHADE = "#f3e6c4"
STRIPE = "#faf5e8"
NONE = Style(stroke=None)


def _head(
    labels: ScrumpitLabels, bag: str, fill: str, x: float, top: float, w: float, key: str
) -> list[Shape]:
    """A player's head: their colour (name and shape on a band of it), a name line, and the
    points and total column heads."""
    ink = text_ink(fill)
    out: list[Shape] = [
        Rect(x, top, w, 5.0, Style(stroke=INK, width=0.3, fill=fill)),
        bag_mark(bag, x + 3.0, top + 2.5, 2.6, Style(stroke=None, fill=ink)),
        label(
            x + 5.5,
            top + 2.5,
            labels.colour(bag),
            2.6,
            anchor="start",
            weight="bold",
            colour=ink,
            max_width=w - 7,
        ),
        Rect(x, top + 5.0, w, HEAD - 5.0, Style(stroke=INK, width=0.3, fill=SHADE)),
        label(x + 1.2, top + 7.6, labels.name, 2.2, anchor="start", colour=INK, max_width=9),
        line(x + 11, top + 9.2, x + w - 1.5, top + 9.2, Style(stroke=INK, width=0.2)),
        Field(f"{key}_name", "text", x + 11, top + 5.6, w - 12.5, 3.6, NONE),
        label(x + w / 4, top + 12.6, labels.points, 2.2, colour=INK, max_width=w / 2 - 1),
        label(
            x + 3 * w / 4,
            top + 12.6,
            labels.total,
            2.2,
            weight="bold",
            colour=INK,
            max_width=w / 2 - 1,
        ),
    ]
    return out


def _game(
    layout: PadLayout,
    labels: ScrumpitLabels,
    fills: dict[str, str],
    number: int,
    y0: float,
    block: float,
) -> list[Shape]:
    """One game's block: its title, heads and rows."""
    players = COLOURS[: layout.players]
    col_w = (WIDTH - FIRST) / (2 * len(players))
    out: list[Shape] = [
        label(
            0, y0 + 3, labels.game.format(n=number), 3.6, anchor="start", weight="bold", colour=INK
        ),
        label(28, y0 + 3, labels.started_by, 2.6, anchor="start", colour=INK, max_width=16),
        line(46, y0 + 4.2, 100, y0 + 4.2, Style(stroke=INK, width=0.25)),
        Field(f"g{number}_starter", "text", 46, y0, 54, 4.2, NONE),
        label(
            WIDTH,
            y0 + 3,
            labels.rack_note,
            2.2,
            anchor="end",
            colour=INK,
            max_width=WIDTH - 104,
        ),
    ]
    top = y0 + 7
    names = [str(t) for t in range(1, layout.turns + 1)]
    names += [labels.rack, labels.game_total, labels.match]
    row_h = min(6.0, (block - 9 - HEAD) / len(names))
    for p, bag in enumerate(players):
        out += _head(
            labels, bag, fills[bag], FIRST + 2 * p * col_w, top, 2 * col_w, f"g{number}_p{p + 1}"
        )
    out.append(label(FIRST / 2, top + HEAD - 2.4, labels.turn, 2.2, colour=INK, max_width=FIRST))
    body = top + HEAD
    for r, name in enumerate(names):
        y = body + r * row_h
        summary = r >= layout.turns
        fill = SHADE if summary else (STRIPE if r % 2 else "#ffffff")
        out.append(Rect(0, y, WIDTH, row_h, Style(stroke=None, fill=fill)))
        out.append(
            label(
                FIRST / 2,
                y + row_h / 2,
                name,
                2.4 if not summary else 2.2,
                weight="bold" if r > layout.turns else "regular",
                colour=INK,
                max_width=FIRST - 1,
            )
        )
        key = ("t" + name) if not summary else ("rack", "game", "match")[r - layout.turns]
        for p in range(len(players)):
            x = FIRST + 2 * p * col_w
            parts = [("pts", x, col_w), ("total", x + col_w, col_w)]
            if r > layout.turns:  # a game's and the match's totals fill both columns
                parts = [("total", x, 2 * col_w)]
            for part, fx, fw in parts:
                out.append(
                    Field(
                        f"g{number}_p{p + 1}_{key}_{part}",
                        "text",
                        fx + 0.5,
                        y + 0.3,
                        fw - 1,
                        row_h - 0.6,
                        NONE,
                    )
                )
    grid_h = len(names) * row_h
    rule = Style(stroke=GRID, width=0.2)
    for r in range(len(names) + 1):
        out.append(line(0, body + r * row_h, WIDTH, body + r * row_h, rule))
    split = body + (layout.turns + 1) * row_h  # the column split stops above the totals
    for c in range(2 * len(players) + 1):
        x = FIRST + c * col_w
        end = body + grid_h if c % 2 == 0 else split
        out.append(line(x, body, x, end, Style(stroke=INK, width=0.35 if c % 2 == 0 else 0.15)))
    out.append(Rect(0, top, WIDTH, HEAD + grid_h, Style(stroke=INK, width=0.4)))
    return out


def pad_drawing(
    layout: PadLayout, labels: ScrumpitLabels, fills: dict[str, str], first: int, games: int
) -> Drawing:
    """A score pad page holding games `first` to `first + games - 1`."""
    out: list[Shape] = [
        label(
            0,
            5,
            labels.pad_title,
            5.5,
            anchor="start",
            weight="bold",
            colour=TITLE,
            max_width=WIDTH / 2,
        ),
        label(WIDTH, 5, labels.pad_note, 2.6, anchor="end", colour=INK, max_width=WIDTH / 2 - 4),
    ]
    block = (HEIGHT - 12) / games
    for g in range(games):
        out += _game(layout, labels, fills, first + g, 12 + g * block, block)
    return Drawing(WIDTH, HEIGHT, tuple(out), title="Scrumpit score pad")
