"""A picture of a Marram board: the placed tiles, each claim marked, and the score."""

from __future__ import annotations

from sheetgen.draw import Circle, Drawing, Rect, Shape, Style, label
from sheetgen.games.marram.beasts import INWARD, MID, Layers, U
from sheetgen.games.marram.draw import placed_layers
from sheetgen.games.marram.faces import STEP
from sheetgen.games.marram.ground import CORNER_XY
from sheetgen.games.marram.model import BoardLayout, TileSetLayout
from sheetgen.games.marram.verdict import in_hand_text, referee

# the players' boots, each with its initial in white (WCAG contrast 4.5:1 or more)
PLAYER_COLOURS = ("#c0262d", "#1f5fbf", "#8a5a00", "#2e7d32", "#8b3fb0", "#222222")
INK = "#2b2a26"
WIDTH, HEIGHT = 194.0, 263.0


def board_drawing(
    layout: BoardLayout, tiles: TileSetLayout, space: tuple[float, float] = (WIDTH, HEIGHT)
) -> Drawing:
    """The board's tiles edge to edge (their beasts running on across the joins), a white
    line along each join beneath the beasts, the claims, and the scores below, in `space`
    (width, height mm; in less, smaller tiles, the words their size)."""
    width, height = space
    words = layout.labels
    verdict = referee(layout, tiles)
    board = verdict.board
    xs = [p[0] for p in board] or [0]
    ys = [p[1] for p in board] or [0]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    size = min(36.0, width / cols, (170.0 - HEIGHT + height) / rows)
    ox = (width - cols * size) / 2 - min(xs) * size
    oy = 14 - min(ys) * size
    shapes: list[Shape] = [label(0, 5, layout.title, 5, anchor="start", weight="bold", colour=INK)]
    layers: list[Layers] = []
    joins: list[Shape] = []
    for (tx, ty), face in sorted(board.items()):
        x, y = ox + tx * size, oy + ty * size
        joined = frozenset(e for e, (dx, dy) in STEP.items() if (tx + dx, ty + dy) in board)
        starter = face.name == tiles.starter.name
        layers.append(placed_layers(face, tiles.sheet, words, (x, y, size), joined, starter))
        joins.append(Rect(x, y, size, size, Style(stroke="#ffffff", width=0.15)))
    shapes += [s for part in layers for s in part.ground]
    shapes += joins
    for name in ("outline", "body", "top"):  # every outline under every body: seamless joins
        shapes += [s for part in layers for s in getattr(part, name)]
    players = verdict.players
    k = size / U
    for c in verdict.claims:
        kind, _, where = c.feature.partition(":")
        px: float
        py: float
        if kind == "beast":
            mx, my = MID[where]
            ix, iy = INWARD[where]
            px, py = mx + ix * 9, my + iy * 9
        else:
            cx, cy = CORNER_XY[where]
            px, py = cx + (11 if cx == 0 else -11), cy + (11 if cy == 0 else -11)
        colour = PLAYER_COLOURS[players.index(c.player) % len(PLAYER_COLOURS)]
        x, y = ox + c.at[0] * size + px * k, oy + c.at[1] * size + py * k
        r = max(1.6, size * 0.07)
        shapes += [
            Circle(x, y, r, Style(stroke="#ffffff", width=0.3, fill=colour)),
            label(x, y, c.player[0], r, weight="bold", colour="#ffffff"),
        ]
    scores = [s.score for s in verdict.scored]
    totals = verdict.totals
    y = oy + (max(ys) + 1) * size + 8
    heading = words.scores_end if layout.end_game else words.scores
    shapes.append(
        label(
            0,
            y,
            heading.format(variant=layout.variant),
            3.2,
            anchor="start",
            weight="bold",
            colour=INK,
        )
    )
    # a game in progress: the boots on what it finished went back, so none shows on it
    back = [words.boots_back] if scores and not layout.end_game else []
    room = max(0, int((height - y - 20) / 4.2) - len(back))
    lines = [
        words.score_line.format(feature=s.feature, points=s.points, owners=", ".join(s.owners))
        for s in scores[:room]
    ]
    for line in lines + back:
        y += 4.2
        shapes.append(label(0, y, line, 2.6, anchor="start", colour=INK, max_width=width))
    y += 6
    scored = "   ".join(f"{p}: {totals.get(p, 0)}" for p in players)
    shapes.append(
        label(
            0,
            y,
            f"{words.totals}   {scored}",
            3.0,
            anchor="start",
            weight="bold",
            colour=INK,
            max_width=width,
        )
    )
    if verdict.in_hand:
        y += 4.6
        shapes.append(
            label(
                0,
                y,
                f"{words.in_hand}   {in_hand_text(verdict.in_hand, words)}",
                2.6,
                anchor="start",
                colour=INK,
                max_width=width,
            )
        )
    return Drawing(width, height, tuple(shapes), title=f"Marram board {layout.name}")
