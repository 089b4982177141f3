"""A picture of a Marram board: the placed tiles, each claim marked, and the score."""

from __future__ import annotations

from sheetgen.draw import Circle, Drawing, Rect, Shape, Style, label
from sheetgen.games.marram.draw import CORNER_XY, INWARD, MID, U, placed_group
from sheetgen.games.marram.model import BoardLayout, TileSetLayout
from sheetgen.games.marram.rules import faces_of, lay, score_board

PLAYER_COLOURS = ("#c0262d", "#1f5fbf", "#f0c020", "#2f8f3a", "#8b3fb0", "#222222")
WIDTH, HEIGHT = 194.0, 263.0


def board_drawing(layout: BoardLayout, tiles: TileSetLayout) -> Drawing:
    board, _ = lay(faces_of(tiles), layout)
    xs = [p[0] for p in board] or [0]
    ys = [p[1] for p in board] or [0]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    size = min(36.0, WIDTH / cols, 170.0 / rows)
    ox = (WIDTH - cols * size) / 2 - min(xs) * size
    oy = 14 - min(ys) * size
    shapes: list[Shape] = [
        label(0, 5, f"MARRAM — {layout.name}", 5, anchor="start", weight="bold", colour="#2b2a26")
    ]
    for (tx, ty), face in sorted(board.items()):
        shapes.append(placed_group(face, tiles.sheet, size, ox + tx * size, oy + ty * size))
        shapes.append(
            Rect(ox + tx * size, oy + ty * size, size, size, Style(stroke="#ffffff", width=0.15))
        )
    players = sorted({c.player for c in layout.claims})
    k = size / U
    for c in layout.claims:
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
        shapes += [
            Circle(x, y, max(1.6, size * 0.07), Style(stroke="#ffffff", width=0.3, fill=colour)),
            label(
                x, y, c.player[0].upper(), max(1.6, size * 0.07), weight="bold", colour="#ffffff"
            ),
        ]
    scores, totals = score_board(board, layout.claims, layout.variant, layout.end_game)
    y = oy + (max(ys) + 1) * size + 8
    shapes.append(
        label(
            0,
            y,
            f"Scores ({layout.variant}{', end of game' if layout.end_game else ''})",
            3.2,
            anchor="start",
            weight="bold",
            colour="#2b2a26",
        )
    )
    for s in scores[: max(0, int((HEIGHT - y - 20) / 4.2))]:
        y += 4.2
        shapes.append(
            label(
                0,
                y,
                f"{s.feature}: {s.points} to {', '.join(s.owners)}",
                2.6,
                anchor="start",
                colour="#2b2a26",
                max_width=WIDTH,
            )
        )
    y += 6
    line = "   ".join(f"{p}: {totals.get(p, 0)}" for p in players)
    shapes.append(
        label(
            0,
            y,
            f"Totals   {line}",
            3.0,
            anchor="start",
            weight="bold",
            colour="#2b2a26",
            max_width=WIDTH,
        )
    )
    return Drawing(WIDTH, HEIGHT, tuple(shapes), title=f"Marram board {layout.name}")
