"""What a Marram record says of the set's tiles: no design laid or taken out more often than
the set holds it, and whether the tiles are all gone (laid, or taken out of the game unlaid),
which the end of the game needs."""

from __future__ import annotations

from collections import Counter

from sheetgen.findings import Finding, error
from sheetgen.games.marram.model import BoardLayout, TileSetLayout, TileType


def count_designs(layout: BoardLayout, designs: dict[str, TileType]) -> list[Finding]:
    """A finding for each design laid, or laid and taken out, more often than the set holds."""
    out: list[Finding] = []
    laid: Counter[str] = Counter(m.tile for m in layout.placed if m.tile)
    seen: Counter[str] = Counter()
    for i, m in enumerate(layout.placed):
        if m.tile not in designs:
            continue
        seen[m.tile] += 1
        held = designs[m.tile].count
        if seen[m.tile] == held + 1:
            out.append(
                error(
                    f"placed[{i}].tile",
                    f"{m.tile}: the board lays {laid[m.tile]} of this design, "
                    f"but the set holds {held}",
                )
            )
    gone = Counter(layout.taken_out)
    for name, n in sorted(gone.items()):
        if name not in designs:
            out.append(error("taken_out", f"no tile named {name!r} in the set"))
        elif laid[name] <= designs[name].count < laid[name] + n:
            out.append(
                error(
                    "taken_out",
                    f"{name}: the board lays {laid[name]} of this design and takes out {n}, "
                    f"but the set holds {designs[name].count}",
                )
            )
    return out


def tiles_left(layout: BoardLayout, tiles: TileSetLayout) -> tuple[int, int]:
    """The set's tiles (the starter aside) and how many of them are neither laid nor taken
    out of the game: in the players' hands or still to draw."""
    total = sum(t.count for t in tiles.tiles)
    laid = sum(1 for m in layout.placed[1:] if m.tile is not None)
    return total, max(0, total - laid - len(layout.taken_out))


def not_over(layout: BoardLayout, tiles: TileSetLayout, target: int | None) -> Finding | None:
    """A finding if the record scores the end of the game (`end_game`) before it can have
    come: the tiles are not all laid or taken out. (A short game's target reached is the
    referee's own finding.)"""
    if not layout.end_game:
        return None
    total, left = tiles_left(layout, tiles)
    if not left:
        return None
    gone = total - left
    short = (
        f"nobody has reached the target of {target} and "
        if target is not None
        else "nobody has reached the target and "
        if layout.length == "short"
        else ""
    )
    return error(
        "end_game",
        f"the game is not over: {short}{left} of the set's {total} tiles are neither laid nor "
        f"taken out of the game ({gone} are); unfinished features score only once every tile "
        "is played (end_game = false for a game in progress)",
    )
