"""What the Marram tests share: board layout files and the moves on them, the errors `sheetgen
check` and `marram score` print, and the classic set's tiles measured as drawn."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from sheetgen.draw.fonts import cap_height, text_width
from sheetgen.draw.shapes import Circle, Group, Rect, Shape, Text
from sheetgen.draw.shapes import Path as Line
from sheetgen.draw.transform import IDENTITY, Transform
from sheetgen.games.marram.model import MarramLabels, TileSetLayout
from sheetgen.layouts.read import load
from tests.support import Run

# --- board layouts and their moves -----------------------------------------------------------

STARTER = {"tile": "starter", "at": [0, 0]}  # grass over sand, a blue body from W to E


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + " }"


def board(tmp_path: Path, **keys: Any) -> str:
    """A board layout file with `keys` (placed, claims, variant, ...)."""
    lines = ['game = "marram"', 'component = "board"', 'name = "game"']
    lines += [f"{key} = {_toml(value)}" for key, value in keys.items()]
    path = tmp_path / "game.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def lay(tile: str, x: int, y: int, player: str | None = None, **more: Any) -> dict[str, Any]:
    move: dict[str, Any] = {"tile": tile, "at": [x, y], **more}
    if player:
        move["player"] = player
    return move


def flip(x: int, y: int, player: str, turns: int = 0) -> dict[str, Any]:
    return {"flip": [x, y], "player": player, "turns": turns}


def boot(player: str, x: int, y: int, feature: str, **more: Any) -> dict[str, Any]:
    return {"player": player, "at": [x, y], "feature": feature, **more}


def every_tile_but(laid: list[str]) -> list[str]:
    """The classic set's 95 tiles by name, less those `laid`: the rest taken out of the game."""
    tiles: TileSetLayout = load("marram/classic").model  # type: ignore[assignment]
    names = [t.name for t in tiles.tiles for _ in range(t.count)]
    for name in laid:
        names.remove(name)
    return names


def errors(run: Run) -> list[str]:
    """The `where: message` of each error `sheetgen check` printed."""
    return [
        re.sub(r"^\d+:\d+: ", "", line.removeprefix("error: ").split(":", 1)[1])
        for line in run.err.splitlines()
    ]


def refused(run: Run, path: str) -> str:
    """The one line `marram score` refuses with (after 'error: FILE:')."""
    assert run.code == 1 and run.out == "", (run.code, run.out, run.err)
    (line,) = run.err.splitlines()
    return re.sub(r"^\d+:\d+: ", "", line.removeprefix(f"error: {path}:"))


# spade-shore (grass over sand; its back sand over grass) fits north of the starter turned
# half round on its front, or unturned on its back
SPADE = lay("spade-shore", 0, -1, "Ann", turns=2)


# --- the classic set as drawn ------------------------------------------------------------

SET: TileSetLayout = load("marram/classic").model  # type: ignore[assignment]
ST = SET.sheet
WORDS = MarramLabels()


def walk(shapes: tuple[Shape, ...], at: Transform = IDENTITY) -> list[tuple[Shape, Transform]]:
    out: list[tuple[Shape, Transform]] = []
    for shape in shapes:
        if isinstance(shape, Group):
            out += walk(shape.children, at @ shape.transform)
        else:
            out.append((shape, at))
    return out


def printed_box(shape: Shape, at: Transform) -> tuple[float, float, float, float]:
    """The shape's box in printed mm (x0, y0, x1, y1), its stroke included."""
    if isinstance(shape, Circle):
        r = shape.r + (shape.style.width / 2 if shape.style.stroke else 0)
        pts = [(shape.cx - r, shape.cy - r), (shape.cx + r, shape.cy + r)]
    elif isinstance(shape, Rect):
        half = shape.style.width / 2 if shape.style.stroke else 0
        pts = [
            (shape.x - half, shape.y - half),
            (shape.x + shape.w + half, shape.y + shape.h + half),
        ]
    elif isinstance(shape, Text):
        width = text_width(shape.text, shape.size, shape.weight)
        left = shape.x - {"start": 0.0, "middle": width / 2, "end": width}[shape.anchor]
        pts = [(left, shape.y - cap_height(shape.size, shape.weight)), (left + width, shape.y)]
    else:
        assert isinstance(shape, Line)
        half = shape.style.width / 2
        xy = [(s.x, s.y) for s in shape.segments if hasattr(s, "x")]
        pts = [(x + dx, y + dy) for x, y in xy for dx in (-half, half) for dy in (-half, half)]
    placed = [at.apply(x, y) for x, y in pts]
    xs, ys = [p[0] for p in placed], [p[1] for p in placed]
    return min(xs), min(ys), max(xs), max(ys)
