"""The component kinds of this game: layout model, rules check and builder of each."""

from __future__ import annotations

from sheetgen.errors import SheetgenError
from sheetgen.findings import Finding
from sheetgen.games.walkabout.dice import face_drawing, face_sheet, mat_drawing, span
from sheetgen.games.walkabout.draw import draw_map
from sheetgen.games.walkabout.model import DiceLayout, GameRecord, MapLayout, MatLayout
from sheetgen.games.walkabout.rules import (
    check_dice,
    check_game,
    check_map,
    grid_of,
    regions,
    score_game,
)
from sheetgen.press import Document, alone, impose, pad
from sheetgen.registry import BuildOptions, ComponentKind


def build_map(layout: MapLayout, options: BuildOptions) -> Document:
    """A pad of one map sheet."""
    pages = pad(draw_map(layout), options.press, options.copies)
    return Document(
        tuple(pages),
        title=f"Walkabout — map {layout.sheet_number}",
        subject="Walkabout map sheets",
        keywords=("walkabout", "map"),
    )


def build_dice(layout: DiceLayout, options: BuildOptions) -> Document:
    """The cut-out sheet of every face, then each face alone (for screens and digital play)."""
    size = options.tile_size or layout.face_size
    pages = impose([face_sheet(layout, size)] * options.copies, options.press)
    widest = span([f for die in layout.dice for f in die.faces])
    for die in layout.dice:
        for i, face in enumerate(die.faces, start=1):
            pages.append(alone(face_drawing(die, face, size, widest), f"{die.name.lower()}-{i}"))
    return Document(
        tuple(pages),
        title=f"Walkabout dice faces ({size:g} mm)",
        subject="Walkabout custom dice face art",
        keywords=("walkabout", "dice"),
    )


def _dice(ref: str, where: str) -> DiceLayout:
    from sheetgen.layout import load_model

    return load_model(ref, DiceLayout, where)


def build_mat(layout: MatLayout, options: BuildOptions) -> Document:
    pages = pad(
        mat_drawing(_dice(layout.dice, f"{layout.name}: dice"), layout.title),
        options.press,
        options.copies,
    )
    return Document(
        tuple(pages),
        title="Walkabout — dice mat",
        subject="Walkabout dice mat",
        keywords=("walkabout", "dice", "mat"),
    )


def check_mat(layout: MatLayout) -> list[Finding]:
    from sheetgen.findings import error

    try:
        dice = _dice(layout.dice, f"{layout.name}: dice")
    except SheetgenError as exc:
        return [error("dice", str(exc))]
    return [error("dice", f.message) for f in check_dice(dice)]


def build_game(record: GameRecord, options: BuildOptions) -> Document:
    """A finished game drawn on its map: the whole path and every symbol found."""
    from sheetgen.layout import load

    layout = load(record.map).model
    assert isinstance(layout, MapLayout)
    score = score_game(layout, record)
    owner = regions(grid_of(layout), record.path)
    taken = {s.space for s in [*layout.symbols, *record.symbols]}
    marks = []
    for r in score.regions:
        if r.points:
            spaces = [s for s, n in owner.items() if n == r.region and s not in taken]
            cx = sum(s[0] for s in spaces) / len(spaces)
            cy = sum(s[1] for s in spaces) / len(spaces) / 2
            spot = min(spaces, key=lambda s: (s[0] - cx) ** 2 + (s[1] / 2 - cy) ** 2)
            marks.append((spot, str(r.points)))
    box = {
        "regions": str(score.region_total),
        "stars": str(score.unused_stars),
        "symbols": _num(sum(score.symbol_points.values())),
        "total": _num(score.total),
        "name": record.player or record.name,
    }
    box.update({f"most_{k}": str(v) for k, v in score.most.items()})
    scored = [r for r in score.regions if r.points][:9]
    box.update({f"region_{i}": str(r.points) for i, r in enumerate(scored, start=1)})
    pages = pad(draw_map(layout, record.path, record.symbols, marks, box), options.press, 1)
    return Document(
        tuple(pages),
        title=f"Walkabout — {record.player or record.name}",
        subject="A finished Walkabout sheet",
        keywords=("walkabout", "game"),
    )


def _num(value: object) -> str:
    number = float(value)  # type: ignore[arg-type]
    return f"{number:g}"


KINDS = [
    ComponentKind(
        "walkabout",
        "map",
        MapLayout,
        check_map,
        build_map,
        options=frozenset({"copies"}),
    ),
    ComponentKind(
        "walkabout",
        "dice",
        DiceLayout,
        check_dice,
        build_dice,
        options=frozenset({"tile_size", "copies"}),
    ),
    ComponentKind(
        "walkabout",
        "mat",
        MatLayout,
        check_mat,
        build_mat,
        options=frozenset({"copies"}),
    ),
    ComponentKind(
        "walkabout",
        "game",
        GameRecord,
        check_game,
        build_game,
    ),
]
