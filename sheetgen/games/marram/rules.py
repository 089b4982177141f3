"""Marram's rules: checks of a tile set, and scoring of a board of placed tiles with claims."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sheetgen.findings import Finding, error
from sheetgen.frozen import frozen
from sheetgen.games.marram.faces import (
    EDGE_CORNERS,
    Beast,
    Board,
    Patch,
    back,
    back_corners,
    beasts,
    compatible,
    front,
    patches,
)
from sheetgen.games.marram.model import (
    EDGES,
    Claim,
    MarramLabels,
    TileSetLayout,
    TileType,
    Variant,
)

PATCH_VALUES = {
    "classic": {"bulge": 5, "gold": 5, "silver": 3, "flower": 4},
    "pitchfork": {"bulge": 3, "gold": 4, "silver": 2, "flower": 3},
    "animals": {"bulge": 3, "gold": 4, "silver": 2, "flower": 3},
}
FREAK = 3
WORDS = MarramLabels()  # English, for the command line and wherever no layout says otherwise


def _edge_sigs(tile: TileType) -> list[tuple[tuple[str, str], str | None]]:
    out = []
    for face in (front(tile), back(tile)):
        for e in EDGES:
            a, b = EDGE_CORNERS[e]
            out.append(((face.kind(a), face.kind(b)), face.connection(e)))
    return out


def check_tile(tile: TileType, where: str) -> list[Finding]:
    """One tile design: segments on distinct edges, items on the right ground, back by rule."""
    out: list[Finding] = []
    used: Counter[str] = Counter(e for s in tile.segments for e in s.split(":")[1].split("-"))
    for edge, n in used.items():
        if n > 1:
            out.append(
                error(
                    f"{where}.segments",
                    f"tile {tile.name}: the {edge} edge carries "
                    f"{n} beast connections (one at most)",
                )
            )
    kinds = dict(zip(("NW", "NE", "SE", "SW"), tile.corners, strict=True))
    for i, item in enumerate(tile.items):
        ground = "g" if item.kind in ("gold", "silver") else "s"
        if kinds[item.corner] != ground:
            out.append(
                error(
                    f"{where}.items[{i}]",
                    f"tile {tile.name}: a {item.kind} "
                    f"{'coin ' if ground == 'g' else ''}must sit in "
                    f"{'grass' if ground == 'g' else 'sand'}, but {item.corner} is "
                    f"{'grass' if kinds[item.corner] == 'g' else 'sand'}",
                )
            )
    if tile.spade and tile.items:
        out.append(
            error(
                f"{where}.items",
                f"tile {tile.name}: a spade tile swaps grass and sand "
                "on its back, so it can carry no coins or flowers",
            )
        )
    if tile.back is not None and tile.back != back_corners(tile):
        rule = "grass and sand swapped" if tile.spade else "mirrored left to right"
        out.append(
            error(
                f"{where}.back",
                f"tile {tile.name}: back {tile.back!r} should be "
                f"{back_corners(tile)!r} (the front {rule})",
            )
        )
    if tile.corners in ("gsgs", "sgsg") and tile.centre is None:
        out.append(
            error(
                f"{where}.centre",
                f"tile {tile.name}: a chequered tile must say which "
                'kind joins across its middle (centre = "g" or "s")',
            )
        )
    return out


def check_set(layout: TileSetLayout) -> list[Finding]:
    """The set: 95 tiles plus a starter without a spade, every tile by the rules, every edge
    matchable by some tile, and the declared totals right."""
    out: list[Finding] = []
    if layout.starter.spade:
        out.append(error("starter.spade", "the starter tile has no spade symbol"))
    if layout.starter.count != 1:
        out.append(error("starter.count", "there is one starter tile"))
    out += check_tile(layout.starter, "starter")
    for i, tile in enumerate(layout.tiles):
        out += check_tile(tile, f"tiles[{i}]")
    all_sigs = [sig for t in [layout.starter, *layout.tiles] for sig in _edge_sigs(t)]
    for i, tile in enumerate(layout.tiles):
        for pair, conn in _edge_sigs(tile):
            if not any(other == pair[::-1] and compatible(conn, c2) for other, c2 in all_sigs):
                out.append(
                    error(
                        f"tiles[{i}]",
                        f"tile {tile.name}: no tile can match an edge "
                        f"of {''.join(pair)} with {conn or 'no beast'}",
                    )
                )
                break
    out += _check_totals(layout)
    return out


def _check_totals(layout: TileSetLayout) -> list[Finding]:
    tiles = layout.tiles
    actual = {
        "tiles": sum(t.count for t in tiles),
        "spade": sum(t.count for t in tiles if t.spade),
        "blue_heads": sum(t.count for t in tiles for s in t.segments if s.startswith("blue-head")),
        "blue_tails": sum(t.count for t in tiles for s in t.segments if s.startswith("blue-tail")),
        "gold": sum(t.count for t in tiles for i in t.items if i.kind == "gold"),
        "silver": sum(t.count for t in tiles for i in t.items if i.kind == "silver"),
        "flowers": sum(t.count for t in tiles for i in t.items if i.kind == "flower"),
    }
    out = []
    declared = layout.totals.model_dump()
    for key, value in actual.items():
        if declared[key] != value:
            out.append(
                error(
                    f"totals.{key}", f"the file declares {declared[key]} but the tiles hold {value}"
                )
            )
    if actual["tiles"] != 95:
        out.append(
            error(
                "tiles",
                f"the set holds {actual['tiles']} tiles; Marram has 95 plus the starter (to "
                "print a few tiles, build the whole set with --only NAME,...)",
            )
        )
    spade_beasts = Counter(
        s.split("-")[0].split(":")[0]
        for t in tiles
        if t.spade
        for s in t.segments
        for _ in range(t.count)
    )
    if spade_beasts.get("worm", 0) != 1 or spade_beasts.get("orange", 0) != 2:
        out.append(
            error(
                "tiles",
                "the rulebook's spade tiles with beasts are one worm tile and "
                f"two orange snake tiles; the set has {dict(spade_beasts) or 'none'}",
            )
        )
    return out


# --- boards ----------------------------------------------------------------------------------


def beast_points(beast: Beast, complete: bool, words: MarramLabels = WORDS) -> tuple[int, str]:
    """A beast's points and what it is, in `words`: regular, freak, or unfinished (1 a
    segment)."""
    n = len(beast.parts)
    kinds = Counter(beast.kinds)
    kind = next(iter(beast.types), "beastly")
    if not complete:
        unfinished = {
            "blue": words.unfinished_blue,
            "orange": words.unfinished_orange,
            "worm": words.unfinished_worm,
        }.get(kind, words.unfinished_beast)
        return n, unfinished.format(n=n)
    if kind == "blue":
        regular = kinds["blue-head"] == 1 and kinds["blue-tail"] == 1 and n >= 3
        return (3 * n, words.blue_snake.format(n=n)) if regular else (FREAK, words.freak_blue)
    if kind == "orange":
        if kinds["orange-end"] == 2:
            return n, words.orange_snake.format(n=n)
        return FREAK, words.freak_orange
    if kind == "worm":
        regular = kinds["worm-end"] == 2 and kinds["worm-saddle"] == 1
        return (2 * n, words.worm.format(n=n)) if regular else (FREAK, words.freak_worm)
    return FREAK, words.freak_beast


def patch_name(patch: Patch, words: MarramLabels = WORDS) -> str:
    """What a patch is, in `words`: its ground, whether finished, its bulges and items."""
    ground = words.grass if patch.kind == "g" else words.sand
    name = (words.patch if patch.complete else words.unfinished_patch).format(ground=ground)
    bulges = (words.bulge if patch.bulges == 1 else words.bulges).format(n=patch.bulges)
    item = {"gold": words.gold, "silver": words.silver, "flower": words.flower}
    return ", ".join([name, bulges, *(item[i] for i in sorted(patch.items))])


def patch_points(patch: Patch, variant: Variant, complete: bool) -> int:
    """A patch's points: per bulge, coin and flower, by the variant; unfinished 2 + 1 each."""
    if not complete:
        return 2 * patch.bulges + len(patch.items)
    values = PATCH_VALUES[variant]
    return values["bulge"] * patch.bulges + sum(values[i] for i in patch.items)


@frozen
class FeatureScore:
    """A claimed feature's score: what it is, whether finished, its points, who takes them,
    and each player's boots on it."""

    feature: str
    complete: bool
    points: int
    owners: tuple[str, ...]
    claims: dict[str, int]


@frozen
class Claimed:
    """A claimed feature: its score, and the claims on it (their places in the claim list)."""

    score: FeatureScore
    claims: tuple[int, ...]


def _owners(claims: Counter[str]) -> tuple[str, ...]:
    if not claims:
        return ()
    best = max(claims.values())
    return tuple(sorted(p for p, n in claims.items() if n == best))


def claimed_features(
    board: Board,
    claims: Sequence[Claim],
    variant: Variant = "classic",
    end_game: bool = False,
    words: MarramLabels = WORDS,
) -> list[Claimed]:
    """Every claimed feature that scores, named in `words`: completed ones always, unfinished
    ones at the end of the game; the majority of boots takes it, tied majorities all take it."""
    found: list[Claimed] = []
    for beast in beasts(board):
        members = set(beast.parts)
        on = tuple(
            i
            for i, c in enumerate(claims)
            if c.feature.startswith("beast:")
            and (c.at, board[c.at].segment_at(c.feature[6:]) if c.at in board else None) in members
        )
        if not on or not (beast.complete or end_game):
            continue
        points, what = beast_points(beast, beast.complete, words)
        got = Counter(claims[i].player for i in on)
        found.append(
            Claimed(FeatureScore(what, beast.complete, points, _owners(got), dict(got)), on)
        )
    for patch in patches(board):
        quarters = set(patch.quarters)
        on = tuple(
            i
            for i, c in enumerate(claims)
            if c.feature.startswith("patch:") and (c.at, c.feature[6:]) in quarters
        )
        if not on or not (patch.complete or end_game):
            continue
        points = patch_points(patch, variant, patch.complete)
        got = Counter(claims[i].player for i in on)
        score = FeatureScore(
            patch_name(patch, words), patch.complete, points, _owners(got), dict(got)
        )
        found.append(Claimed(score, on))
    return found


def score_board(
    board: Board,
    claims: Sequence[Claim],
    variant: Variant = "classic",
    end_game: bool = False,
    words: MarramLabels = WORDS,
) -> tuple[list[FeatureScore], dict[str, int]]:
    """Points for every claimed feature of a board as it lies (see `claimed_features`), and
    each player's total."""
    scores = [c.score for c in claimed_features(board, claims, variant, end_game, words)]
    totals: Counter[str] = Counter()
    for s in scores:
        for o in s.owners:
            totals[o] += s.points
    return scores, dict(totals)
