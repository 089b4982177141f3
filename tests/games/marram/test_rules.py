"""Marram's set, board and scoring rules in process, each number worked from the rulebook:
blue snakes 3 a segment with one head and one tail, orange snakes 1 a segment with two ends,
worms 2 a segment with two ends and a saddle, any other finished beast a freak worth 3;
unfinished features at the end 1 a segment; patches by bulge, coin and flower."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sheetgen.games.marram.faces import Face, beasts, front
from sheetgen.games.marram.model import BoardLayout, Claim, Item, TileSetLayout, TileType
from sheetgen.games.marram.rules import (
    beast_points,
    check_set,
    check_tile,
    score_board,
)
from sheetgen.games.marram.verdict import check_board
from sheetgen.layouts.read import load

SET: TileSetLayout = load("marram/classic").model  # type: ignore[assignment]
EXAMPLE: BoardLayout = load("marram/example-board").model  # type: ignore[assignment]


def tile(corners: str = "gggg", *segments: str, **extra: object) -> TileType:
    return TileType(name="t", count=1, corners=corners, segments=list(segments), **extra)  # type: ignore[arg-type]


def face(corners: str, *segments: str) -> Face:
    return front(tile(corners, *segments))


def problems(t: TileType) -> list[tuple[str, str]]:
    return [(f.where, f.message) for f in check_tile(t, "tiles[3]")]


def test_a_good_tile_has_no_problems() -> None:
    assert problems(tile("ggss", "blue-body:W-E", items=[Item(kind="gold", corner="NW")])) == []


def test_an_edge_carries_one_beast_connection() -> None:
    assert problems(tile("gggg", "blue-head:E", "worm-body:N-E")) == [
        ("tiles[3].segments", "tile t: the E edge carries 2 beast connections (one at most)")
    ]


@pytest.mark.parametrize(
    ("kind", "corner", "corners", "message"),
    [
        ("gold", "SE", "ggss", "tile t: a gold coin must sit in grass, but SE is sand"),
        ("silver", "SW", "gggs", "tile t: a silver coin must sit in grass, but SW is sand"),
        ("flower", "NW", "ggss", "tile t: a flower must sit in sand, but NW is grass"),
    ],
)
def test_coins_lie_in_grass_and_flowers_in_sand(
    kind: str, corner: str, corners: str, message: str
) -> None:
    bad = tile(corners, items=[Item(kind=kind, corner=corner)])  # type: ignore[arg-type]
    assert problems(bad) == [("tiles[3].items[0]", message)]


def test_a_spade_tile_carries_no_items_and_backs_follow_the_rule() -> None:
    spade = tile("gggs", spade=True, items=[Item(kind="gold", corner="NW")])
    assert problems(spade) == [
        (
            "tiles[3].items",
            "tile t: a spade tile swaps grass and sand on its back, so it can "
            "carry no coins or flowers",
        )
    ]
    # the back mirrors left to right: NW NE SE SW = g g g s becomes g g s g
    assert problems(tile("gggs", back="ggsg")) == []
    assert problems(tile("gggs", back="gggs")) == [
        ("tiles[3].back", "tile t: back 'gggs' should be 'ggsg' (the front mirrored left to right)")
    ]
    # a spade back swaps grass and sand: g g g s becomes s s s g
    assert problems(tile("gggs", spade=True, back="sssg")) == []
    assert problems(tile("gggs", spade=True, back="ggsg")) == [
        ("tiles[3].back", "tile t: back 'ggsg' should be 'sssg' (the front grass and sand swapped)")
    ]


def test_a_chequered_tile_says_what_joins_across_its_middle() -> None:
    for corners in ("gsgs", "sgsg"):
        assert problems(tile(corners)) == [
            (
                "tiles[3].centre",
                "tile t: a chequered tile must say which kind joins across its "
                'middle (centre = "g" or "s")',
            )
        ]
        assert problems(tile(corners, centre="s")) == []


def set_findings(**update: object) -> list[tuple[str, str]]:
    return [(f.where, f.message) for f in check_set(SET.model_copy(update=update))]


def test_the_starter_is_one_tile_without_a_spade() -> None:
    assert set_findings() == []
    assert set_findings(starter=SET.starter.model_copy(update={"count": 2})) == [
        ("starter.count", "there is one starter tile")
    ]
    bad = SET.starter.model_copy(update={"corners": "gsgs"})
    assert ("starter.centre", "tile starter: a chequered tile must say which kind joins across "
            'its middle (centre = "g" or "s")') in set_findings(starter=bad)  # fmt: skip


def test_every_declared_total_is_checked() -> None:
    for key, right in SET.totals.model_dump().items():
        wrong = SET.totals.model_copy(update={key: right + 1})
        assert set_findings(totals=wrong) == [
            (f"totals.{key}", f"the file declares {right + 1} but the tiles hold {right}")
        ], key


def test_the_set_holds_ninety_five_and_the_rulebooks_spade_beasts() -> None:
    tiles = list(SET.tiles)
    first = tiles[0]
    fewer = [first.model_copy(update={"count": first.count - 1}), *tiles[1:]]
    totals = SET.totals.model_copy(update={"tiles": 94, "blue_heads": SET.totals.blue_heads - 1})
    assert set_findings(tiles=fewer, totals=totals) == [
        ("tiles", "the set holds 94 tiles; Marram has 95 plus the starter (to print a few "
         "tiles, build the whole set with --only NAME,...)")
    ]  # fmt: skip
    spade_worm = next(i for i, t in enumerate(tiles) if t.spade and any(
        s.startswith("worm") for s in t.segments))  # fmt: skip
    without = [t.model_copy(update={"segments": []}) if i == spade_worm else t
               for i, t in enumerate(tiles)]  # fmt: skip
    found = set_findings(tiles=without)
    assert ("tiles", "the rulebook's spade tiles with beasts are one worm tile and two orange "
            "snake tiles; the set has {'orange': 2}") in found  # fmt: skip


def test_an_edge_no_tile_can_match_is_named() -> None:
    # a worm's end at the E edge of grass over sand: that edge runs grass then sand, so it needs
    # an edge running sand then grass with a worm, and neither this tile (nor its mirrored back)
    # nor the starter (a blue snake) has one
    lonely = tile("ggss", "worm-end:E").model_copy(update={"name": "lonely"})
    found = set_findings(tiles=[lonely])
    assert ("tiles[0]", "tile lonely: no tile can match an edge of gs with worm") in found


def beast(board: dict[tuple[int, int], Face]) -> object:
    (only,) = beasts(board)
    return only


G = "gggg"


@pytest.mark.parametrize(
    ("segments", "points", "what"),
    [
        (["blue-head:E", "blue-body:W-E", "blue-body:W-E", "blue-tail:W"], 12, "finished blue snake, 4 segments"),  # noqa: E501
        (["blue-head:E", "blue-tail:W"], 3, "freak blue snake"),  # under 3 segments: a freak
        (["blue-head:E", "blue-body:W-E", "blue-head:W"], 3, "freak blue snake"),
        (["orange-end:E", "orange-body:W-E", "orange-end:W"], 3, "finished orange snake, 3 segments"),  # noqa: E501
        (["worm-end:E", "worm-saddle:W-E", "worm-body:W-E", "worm-end:W"], 2 * 4, "finished worm, 4 segments"),  # noqa: E501
        (["worm-end:E", "worm-saddle:W-E", "worm-saddle:W-E", "worm-end:W"], 3, "freak worm"),
    ],
)  # fmt: skip
def test_finished_beasts_score_by_kind(segments: list[str], points: int, what: str) -> None:
    board = {(x, 0): face(G, s) for x, s in enumerate(segments)}
    found = beast(board)
    assert found.complete  # type: ignore[attr-defined]
    assert beast_points(found, True) == (points, what)  # type: ignore[arg-type]


def test_an_unfinished_beast_scores_a_point_a_segment_at_the_end() -> None:
    board = {(0, 0): face(G, "worm-end:E"), (1, 0): face(G, "worm-saddle:W-E")}
    found = beast(board)
    assert not found.complete  # type: ignore[attr-defined]
    assert beast_points(found, False) == (2, "unfinished worm (2 segments)")  # type: ignore[arg-type]


def test_claims_on_unfinished_features_wait_for_the_end() -> None:
    board = {(0, 0): face(G, "blue-head:E"), (1, 0): face(G, "blue-body:W-E")}
    claims = [Claim(player="ann", at=(1, 0), feature="beast:W")]
    assert score_board(board, claims) == ([], {})
    scores, totals = score_board(board, claims, end_game=True)
    assert totals == {"ann": 2}
    assert [(s.feature, s.complete, s.points, s.owners) for s in scores] == [
        ("unfinished blue snake (2 segments)", False, 2, ("ann",))
    ]


def test_the_majority_of_boots_takes_a_beast() -> None:
    board = {(0, 0): face(G, "orange-end:E"), (1, 0): face(G, "orange-end:W")}
    boots = [("ann", (0, 0), "beast:E"), ("bob", (1, 0), "beast:W"), ("bob", (0, 0), "beast:E")]
    claims = [Claim(player=p, at=at, feature=f) for p, at, f in boots]
    scores, totals = score_board(board, claims)
    assert totals == {"bob": 2}  # two boots beat one
    assert scores[0].claims == {"ann": 1, "bob": 2} and scores[0].owners == ("bob",)
    # a boot on a tile with no beast at that edge claims nothing
    assert score_board(board, [Claim(player="cy", at=(0, 0), feature="beast:W")]) == ([], {})


def test_patch_scores_name_the_patch_its_bulges_and_items() -> None:
    # four tiles whose grass corners meet in the middle: one round grass patch, one bulge
    circle = {
        (0, 0): face("ssgs"),
        (1, 0): face("sssg"),
        (0, 1): face("sgss"),
        (1, 1): face("gsss"),
    }
    circle[(1, 1)] = replace(circle[(1, 1)], items=(("gold", "NW"), ("silver", "NW")))
    claims = [Claim(player="ann", at=(0, 0), feature="patch:SE")]
    scores, totals = score_board(circle, claims)
    assert [(s.feature, s.points, s.complete) for s in scores] == [
        ("grass patch, 1 bulge, gold, silver", 5 + 5 + 3, True)
    ]
    assert totals == {"ann": 13}
    assert score_board(circle, claims, "animals")[1] == {"ann": 3 + 4 + 2}
    sand = [Claim(player="bo", at=(0, 0), feature="patch:NW")]
    scores, totals = score_board(circle, sand, end_game=True)
    assert [(s.feature, s.complete) for s in scores] == [("unfinished sand patch, 0 bulges", False)]


def test_the_example_board_lays_cleanly() -> None:
    assert check_board(EXAMPLE) == []


def test_board_faults_are_named() -> None:
    placed = [*EXAMPLE.placed]
    placed.append(placed[1].model_copy(update={"at": (5, 5)}))  # nowhere near the others
    placed.append(placed[1].model_copy(update={"tile": "unicorn", "at": (2, 0), "player": "Bob"}))
    claims = [*EXAMPLE.claims,
              Claim(player="Bob", at=(9, 9), feature="patch:NW"),
              Claim(player="Bob", at=(-1, 1), feature="beast:N")]  # fmt: skip
    found = [(f.where, f.message) for f in check_board(
        EXAMPLE.model_copy(update={"placed": placed, "claims": claims}))]  # fmt: skip
    assert sorted(found) == [
        (f"claims[{len(claims) - 2}].at", "no tile at [9, 9]"),
        (f"claims[{len(claims) - 1}].feature", "the tile at [-1, 1] has no beast at its N edge"),
        (f"placed[{len(placed) - 2}]", "blue-head-shore (front, 0 turns) cannot go at [5, 5]: "
         "[5, 5] does not touch the tiles already laid"),
        (f"placed[{len(placed) - 1}].tile", "no tile named 'unicorn' in the set"),
    ]  # fmt: skip
    missing = check_board(EXAMPLE.model_copy(update={"tiles": "marram/nowhere"}))
    assert len(missing) == 1 and missing[0].where == "tiles" and "nowhere" in missing[0].message


def test_a_tile_placed_on_its_back_and_turned() -> None:
    spade = next(t for t in SET.tiles if t.name == "spade-knoll")
    placed = [*EXAMPLE.placed, EXAMPLE.placed[0].model_copy(
        update={"tile": spade.name, "at": (2, 0), "side": "back", "turns": 1})]  # fmt: skip
    found = check_board(EXAMPLE.model_copy(update={"placed": placed}))
    assert all("spade-knoll (back, 1 turns)" in f.message for f in found)
