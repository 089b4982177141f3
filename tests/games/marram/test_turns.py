"""Marram records checked as whole games (issue #15, after review): the end of the game comes
only once the tiles are all played, turns are two moves going round the players in order,
boots on finished features come back to their owners, and `marram fits` lists each distinct
placement once. Each test quotes the rulebook sentence it argues from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sheetgen.games.marram.model import BoardLayout, TileSetLayout
from sheetgen.games.marram.verdict import referee
from sheetgen.layouts.read import load
from tests.games.marram.support import (
    SPADE,
    STARTER,
    board,
    boot,
    errors,
    every_tile_but,
    flip,
    lay,
    refused,
)
from tests.support import sheetgen

EXAMPLE = Path("layouts/marram/example-board.toml")
NOT_OVER = (
    "end_game: the game is not over: {short}90 of the set's 95 tiles are neither laid nor taken "
    "out of the game (5 are); unfinished features score only once every tile is played "
    "(end_game = false for a game in progress)"
)
# the example's moves: Ann head and tail, Bob two sand tiles, Ann the meadow with a gold coin
MOVES = [
    STARTER,
    lay("blue-head-shore", -1, 0, "Ann"),
    lay("blue-tail-knoll", 1, 0, "Ann"),
    lay("dune", 0, 1, "Bob"),
    lay("dune-flower", -1, 1, "Bob"),
    lay("meadow-gold", 0, -1, "Ann"),
]
CLAIMS = [
    boot("Ann", 1, 0, "beast:W"),
    boot("Bob", 0, 1, "patch:NW"),
    boot("Ann", 0, -1, "patch:SE"),
]


def example(tmp_path: Path, **keys: Any) -> str:
    """The example board's record, with `keys` changed."""
    record: dict[str, Any] = {"players": ["Ann", "Bob"], "placed": MOVES, "claims": CLAIMS}
    return board(tmp_path, **(record | keys))


# --- the end of the game --------------------------------------------------------------------


def test_the_example_is_a_game_in_progress() -> None:
    """ "In the long game all tiles are laid. The winner is the player with the most points,
    after additional points have been added for uncompleted features." The example lays 5 of
    95 tiles: the game goes on, only the finished snake scores (9 to Ann)."""
    run = sheetgen("marram", "score", "marram/example-board")
    assert run.code == 0, run.err
    assert run.out == (
        "example-board: classic scoring, long game\n"
        "    9  finished blue snake, 3 segments -> Ann\n"
        "Ann: 9\nBob: 0\n"
        "in hand: Ann 6 welly boots; Bob 6 welly boots\n"
        "result: the game goes on (end_game = false): no winner yet\n"
    )
    assert sheetgen("check", "marram/example-board").code == 0


def test_end_game_scoring_waits_for_every_tile(tmp_path: Path) -> None:
    """ "If no player has reached the winning total, the last tile has been placed, and no
    player wishes to play a spade card then end-game scoring commences." The example's record
    with end_game = true (it used to print "game over: Ann wins with 10") is refused, long or
    short, naming how many tiles are left; `score` refuses it the same way."""
    path = example(tmp_path, end_game=True)
    run = sheetgen("check", path)
    reason = NOT_OVER.format(short="")
    assert run.code == 1 and errors(run) == [reason]
    assert refused(sheetgen("marram", "score", path), path) == reason
    run = sheetgen("check", example(tmp_path, end_game=True, length="short"))
    short = "nobody has reached the target of 80 and "
    assert run.code == 1 and errors(run) == [NOT_OVER.format(short=short)]


def test_tiles_taken_out_of_the_game_count_towards_its_end(tmp_path: Path) -> None:
    """ "If there is nowhere that any of the player's tiles can be played ... then all of the
    player's tiles are taken out of the game" and "If all players have no tiles, and have
    consecutively passed the option to play any remaining spade cards, then the game moves
    immediately into the end-game phase". With every other tile of the set taken out, the
    example's game is over: Bob's unfinished sand patch (1 bulge, a flower) scores 2 + 1, and
    Ann's grass (no whole bulge, a gold coin) 1, after her snake's 9. A tile taken out more
    often than the set holds it is refused."""
    laid = [m["tile"] for m in MOVES[1:]]
    path = example(tmp_path, end_game=True, taken_out=every_tile_but(laid))
    run = sheetgen("marram", "score", path)
    assert run.code == 0, run.err
    assert "    3  unfinished sand patch, 1 bulge, flower -> Bob\n" in run.out
    assert "    1  unfinished grass patch, 0 bulges, gold -> Ann\n" in run.out
    assert "Ann: 10\nBob: 3\n" in run.out and "result: game over: Ann wins with 10\n" in run.out
    run = sheetgen("check", example(tmp_path, taken_out=["dune"] * 3))
    assert run.code == 1 and errors(run) == [
        "taken_out: dune: the board lays 1 of this design and takes out 3, but the set holds 3"
    ]


# --- turns ----------------------------------------------------------------------------------


def test_a_turn_is_two_moves(tmp_path: Path) -> None:
    """ "Each player's turn comprises two moves" (a tile laid or flipped each), then the next
    player's turn. The reviewer's record with Ann laying three tiles in a row (and Bob one)
    is refused at Ann's third move and at Bob's one-move turn."""
    placed = [*MOVES]
    placed[3] = placed[3] | {"player": "Ann"}
    claims = [*CLAIMS]
    claims[1] = claims[1] | {"player": "Ann"}
    run = sheetgen("check", example(tmp_path, placed=placed, claims=claims))
    assert run.code == 1
    assert errors(run) == [
        "placed[4].player: Ann makes a third move in a row; a turn is two moves, and then Bob "
        "plays",
        "placed[5]: Bob's turn is this one move; a turn is two moves (each laying a tile or "
        "flipping one), fewer only once no tiles are left to draw",
    ]


def test_turns_go_round_the_players_in_order(tmp_path: Path) -> None:
    """ "The playing order is automatically generated" and each turn is two moves: with
    players = ["Ann", "Bob"], Ann moves first; Ann's one move then three of Bob's (the
    reviewer's m10) break the turns at placed[1] and placed[4]; Bob moving first is refused."""
    placed = [*MOVES]
    placed[2] = placed[2] | {"player": "Bob"}
    claims = [*CLAIMS]
    claims[0] = claims[0] | {"player": "Bob"}
    run = sheetgen("check", example(tmp_path, placed=placed, claims=claims))
    assert run.code == 1
    assert errors(run) == [
        "placed[2]: Ann's turn is this one move; a turn is two moves (each laying a tile or "
        "flipping one), fewer only once no tiles are left to draw",
        "placed[5].player: Bob makes a third move in a row; a turn is two moves, and then Ann "
        "plays",
    ]
    run = sheetgen("check", example(tmp_path, players=["Bob", "Ann"]))
    assert run.code == 1 and errors(run) == [
        "placed[2].player: Ann moves first, but the players in their order start with Bob"
    ]
    run = sheetgen("check", example(tmp_path, players=["Ann", "Bob", "Cy"], claims=[]))
    assert run.code == 1 and errors(run) == [
        "placed[6].player: Ann plays out of turn: after Bob's turn comes Cy's (the players take "
        "turns in the order Ann, Bob, Cy)"
    ]


def test_short_turns_once_the_tiles_run_out(tmp_path: Path) -> None:
    """ "Towards the end of the game, the tile stock may become exhausted and the player will
    start a turn with less than 3 tiles" and "If there are no tiles left for the refreshment,
    the player forfeits the rest of the turn unless opting to play a spade card". Ann lays
    the spade tile, Bob flips it, Ann lays a dune, each a turn of one move: refused while
    tiles are left to draw, accepted once every other tile is out of the game."""
    placed = [STARTER, SPADE, flip(0, -1, "Bob"), lay("dune", 0, 1, "Ann")]
    run = sheetgen("check", board(tmp_path, players=["Ann", "Bob"], placed=placed))
    assert run.code == 1 and [e.split(":")[0] for e in errors(run)] == ["placed[2]", "placed[3]"]
    gone = every_tile_but(["spade-shore", "dune"])
    path = board(tmp_path, players=["Ann", "Bob"], placed=placed, taken_out=gone)
    assert sheetgen("check", path).code == 0


# --- boots come back ------------------------------------------------------------------------


def test_boots_on_a_finished_feature_go_back_to_stock(tmp_path: Path) -> None:
    """ "Welly boots cannot be moved once played, they stay on the tile until a feature it is
    associated with is completed, at which point it is returned to the player's stock" and
    "Any welly boot that was occupying the tile at the time of flipping is retired from the
    game." Ann's boot on the finished snake is back in her hand (6 of 7 in hand, the other on
    her meadow) and not drawn on the board; Ann's boot on the spade tile Bob flips is lost."""
    layout: BoardLayout = load("marram/example-board").model  # type: ignore[assignment]
    tiles: TileSetLayout = load("marram/classic").model  # type: ignore[assignment]
    verdict = referee(layout, tiles)
    assert [(c.player, c.at) for c in verdict.claims] == [("Bob", (0, 1)), ("Ann", (0, -1))]
    assert verdict.in_hand == {"Ann": {"boot": 6}, "Bob": {"boot": 6}}
    data = json.loads(sheetgen("marram", "score", "marram/example-board", "--json").out)
    assert data["in_hand"] == {"Ann": {"boot": 6}, "Bob": {"boot": 6}}
    # the snake is finished by the move laying its tail, the third in `placed` (counted from
    # 1, as a claim's `move` counts)
    tail = 1 + [p.tile for p in layout.placed].index("blue-tail-knoll")
    assert [(f["feature"], f["move"]) for f in data["features"]] == [
        ("finished blue snake, 3 segments", tail)
    ]
    placed = [STARTER, SPADE, lay("dune", 0, 1, "Ann"), flip(0, -1, "Bob")]
    path = board(tmp_path, players=["Ann", "Bob"], placed=placed,
                 claims=[boot("Ann", 0, -1, "patch:SE", move=2)])  # fmt: skip
    run = sheetgen("marram", "score", path)
    assert run.code == 0, run.err
    assert "in hand: Ann 6 welly boots; Bob 7 welly boots\n" in run.out


# --- where a tile fits ----------------------------------------------------------------------


def test_fits_lists_each_distinct_placement_once(tmp_path: Path) -> None:
    """ "The player can choose which side of the tile to lay face up, which differ only in
    their depiction of patches": a dune is sand all over on both sides, so every side and
    turn at a place lays the same tile. On the example, dune fits 3 places, one way each
    (the other 7 sides and turns said, not listed); a tile whose sides and turns differ
    still lists each."""
    run = sheetgen("marram", "fits", "marram/example-board", "dune")
    assert run.code == 0, run.err
    assert run.out == (
        "dune fits example-board 3 ways at 3 places:\n"
        "  [-2, 1]  front, 0 turns  (7 other sides and turns give the same)\n"
        "  [-1, 2]  front, 0 turns  (7 other sides and turns give the same)\n"
        "  [0, 2]  front, 0 turns  (7 other sides and turns give the same)\n"
    )
    data = json.loads(sheetgen("marram", "fits", "marram/example-board", "dune", "--json").out)
    first = data["placements"][0]
    assert (first["at"], first["side"], first["turns"]) == ([-2, 1], "front", 0)
    assert first["alike"][:2] == [{"side": "front", "turns": 1}, {"side": "front", "turns": 2}]
    assert len(first["alike"]) == 7
    run = sheetgen("marram", "fits", "marram/example-board", "blue-tail-knoll")
    assert run.out.startswith("blue-tail-knoll fits example-board 10 ways at 5 places:\n")
    assert "other" not in run.out
