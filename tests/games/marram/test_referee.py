"""Marram boards refereed as whole games (issue #15): one boot per feature and per move, the
set's counts, spade flips and their limits, pitchfork's removal of finished beasts, boot and
pitchfork stocks, the short game's target scores, the Animals variant's Fly and Frog, and
`sheetgen marram fits`. Each test quotes the rulebook sentence it argues from and checks what
a user sees: the finding's line, the scores, the exit code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games.marram.model import BoardLayout, Hopper, Placed
from sheetgen.games.marram.variants import hopper_points, target
from sheetgen.games.marram.verdict import check_board
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

# a set made for these tests: a long row of blue bodies (to reach the targets and the 20 tiles
# the Fly needs) and dunes to lay under it; the rules judged do not depend on the set
ROW_SET = """game = "marram"
component = "tiles"
name = "row"
[starter]
name = "starter"
count = 1
corners = "ggss"
segments = ["blue-body:W-E"]
[totals]
tiles = 95
spade = 0
blue_heads = 2
blue_tails = 2
gold = 0
silver = 0
flowers = 0
[[tiles]]
name = "head"
count = 2
corners = "ggss"
segments = ["blue-head:E"]
[[tiles]]
name = "body"
count = 60
corners = "ggss"
segments = ["blue-body:W-E"]
[[tiles]]
name = "tail"
count = 2
corners = "gggs"
segments = ["blue-tail:W"]
[[tiles]]
name = "dune"
count = 30
corners = "ssss"
"""


def row_set(tmp_path: Path) -> str:
    path = tmp_path / "row.toml"
    path.write_text(ROW_SET, encoding="utf-8")
    return str(path)


# --- boots ----------------------------------------------------------------------------------


def test_a_second_boot_on_a_claimed_feature_is_refused(tmp_path: Path) -> None:
    """ "A player cannot place a welly boot on a feature on which there is already a welly
    boot." Ann's boot on the snake's head tile, then her boot on the tail tile that finishes
    the same snake: the second breaks the rule (it used to count twice); Bob's in its place
    breaks it as well."""
    ann = [STARTER, lay("blue-head-shore", -1, 0, "Ann"), lay("dune", 0, 1, "Ann")]
    bob = [lay("dune-flower", -1, 1, "Bob"), lay("meadow-gold", 0, -1, "Bob")]
    for second in ("Ann", "Bob"):
        tail = lay("blue-tail-knoll", 1, 0, second)
        placed = [*ann, *bob, tail] if second == "Ann" else [*ann, tail]
        path = board(
            tmp_path,
            players=["Ann", "Bob"],
            placed=placed,
            claims=[boot("Ann", -1, 0, "beast:E"), boot(second, 1, 0, "beast:W")],
        )
        reason = (
            "claims[2]: the feature at [1, 0] (finished blue snake, 3 segments) already carries "
            "Ann's welly boot (claims[1]); no welly boot goes on a feature that has one"
        )
        run = sheetgen("check", path)
        assert run.code == 1 and errors(run) == [reason]
        assert refused(sheetgen("marram", "score", path), path) == reason


def test_boots_on_beasts_a_tile_joins_share_the_feature(tmp_path: Path) -> None:
    """ "If several players have equal highest numbers of welly boots on the completed feature
    then they will all score all of the points associated with the feature." Ann's boot on one
    orange snake end and Bob's on another, each alone on its beast when placed, are joined by a
    beastly tile: one finished orange snake of 3 segments, 3 points to each of them."""
    placed = [
        STARTER,
        lay("orange-end-meadow", 0, -1, "Ann", turns=2),  # its end points north
        lay("meadow", 1, -1, "Ann"),
        lay("meadow", 1, -2, "Bob"),
        lay("meadow", 1, -3, "Bob"),
        lay("meadow-gold", 2, -1, "Ann"),
        lay("meadow-gold", 2, -2, "Ann"),
        lay("orange-end-meadow", 0, -3, "Bob"),  # its end points south
        lay("beastly-straight", 0, -2, "Bob"),  # joins the two ends
    ]
    claims = [boot("Ann", 0, -1, "beast:N"), boot("Bob", 0, -3, "beast:S")]
    path = board(tmp_path, players=["Ann", "Bob"], placed=placed, claims=claims)
    assert sheetgen("check", path).code == 0
    run = sheetgen("marram", "score", path)
    assert run.code == 0
    assert "    3  finished orange snake, 3 segments -> Ann, Bob" in run.out
    assert "Ann: 3\nBob: 3\n" in run.out


def test_a_move_puts_one_boot_or_pitchfork_on_the_tile_just_laid(tmp_path: Path) -> None:
    """ "The player is allowed place a welly boot or pitchfork on the newly laid tile on any
    feature as long as the feature does not already has a welly boot(s) or pitchfork(s) on it.
    As a result, no tile can have more than one boot or pitchfork on it." Ann's pitchfork on
    the snake's head and her welly boot in its grass, both with the one move: the second is
    refused."""
    path = board(
        tmp_path,
        variant="pitchfork",
        players=["Ann", "Bob"],
        placed=[STARTER, lay("blue-head-shore", -1, 0, "Ann")],
        claims=[boot("Ann", -1, 0, "beast:E"), boot("Ann", -1, 0, "patch:NW")],
    )
    run = sheetgen("check", path)
    assert run.code == 1
    assert errors(run) == [
        "claims[2]: a second boot on the tile at [-1, 0], laid or flipped by placed[2] (the "
        "first is claims[1]); a move puts at most one boot or pitchfork, on the tile just laid "
        "or flipped"
    ]


def test_a_boot_goes_on_the_tile_its_player_just_laid(tmp_path: Path) -> None:
    """ "The welly boot can only be placed on the tile just laid or flipped." Nobody lays the
    starter, so no boot goes on it; and Bob's boot cannot go on the tile Ann laid."""
    path = board(
        tmp_path,
        players=["Ann", "Bob"],
        placed=[STARTER, lay("dune", 0, 1, "Ann")],
        claims=[boot("Ann", 0, 0, "beast:W"), boot("Bob", 0, 1, "patch:NW")],
    )
    run = sheetgen("check", path)
    assert run.code == 1
    assert errors(run) == [
        "claims[1]: nobody lays the starter tile, and a boot goes only on a tile its player has "
        "just laid or flipped; claim the feature from another of its tiles",
        "claims[2].player: Bob's boot on the tile at [0, 1], which Ann laid at placed[2]; a "
        "player puts boots only on the tile they just laid or flipped",
    ]


@pytest.mark.parametrize(
    ("variant", "boots", "message"),
    [
        ("classic", 8, "claims[8]: Ann has no welly boot left to place: 7 on unfinished "
         "features, of 7"),
        ("pitchfork", 6, "claims[6]: Ann has no pitchfork left to place: 5 on unfinished "
         "features, of 5"),
    ],
)  # fmt: skip
def test_a_player_has_only_the_boots_of_their_stock(
    tmp_path: Path, variant: str, boots: int, message: str
) -> None:
    """Classic: "Each player has a colour and receives a stock of 7 welly boots of that
    colour." Pitchfork: "Each player has a colour and receives a stock of 5 welly boots and 5
    pitchforks of that colour." ("Snakes and worms can only be claimed by pitchforks.") A row
    of beasts whose ends all point north into open ground, none finished, each claimed by Ann:
    the eighth boot (classic) or the sixth pitchfork (pitchfork) has none left to come from.
    (The moves name no player, so the turns, not at issue here, go unchecked.)"""
    turns = {"orange-end-meadow": 2, "worm-end-meadow": 1, "blue-head-meadow": 3}
    tiles = ["orange-end-meadow"] * 4 + ["worm-end-meadow"] * 3 + ["blue-head-meadow"]
    placed = [STARTER] + [lay(t, x, -1, turns=turns[t]) for x, t in enumerate(tiles)]
    claims = [boot("Ann", x, -1, "beast:N") for x in range(boots)]
    path = board(tmp_path, variant=variant, players=["Ann", "Bob"], placed=placed, claims=claims)
    run = sheetgen("check", path)
    assert run.code == 1 and errors(run) == [message]
    fewer = board(
        tmp_path, variant=variant, players=["Ann", "Bob"], placed=placed, claims=claims[:-1]
    )
    assert sheetgen("check", fewer).code == 0


# --- the set --------------------------------------------------------------------------------


def test_a_board_lays_no_more_of_a_design_than_the_set_holds(tmp_path: Path) -> None:
    """ "Each player is given 3 tiles each drawn at random from the stock of 95 tiles": the
    tiles come from the set, which holds 3 dunes; a fourth dune laid (it fits) is refused,
    naming the design and both counts, and the board is not scored."""
    placed = [STARTER] + [lay("dune", x, 1) for x in (0, 1, -1, 2)]
    path = board(tmp_path, placed=placed)
    reason = "placed[5].tile: dune: the board lays 4 of this design, but the set holds 3"
    run = sheetgen("check", path)
    assert run.code == 1 and errors(run) == [reason]
    assert refused(sheetgen("marram", "score", path), path) == reason
    assert sheetgen("check", board(tmp_path, placed=placed[:-1])).code == 0


def test_the_game_starts_from_the_starter(tmp_path: Path) -> None:
    """ "Each player is given 3 tiles ... with a starter tile already on the playing area." The
    first tile of a board is the starter."""
    run = sheetgen("check", board(tmp_path, placed=[lay("dune", 0, 0), STARTER | {"at": [0, -1]}]))
    assert run.code == 1
    assert errors(run) == [
        "placed[1].tile: the game starts from the starter tile (starter) already on the board, "
        "not dune"
    ]


# --- spade flips ----------------------------------------------------------------------------


def test_a_tile_flips_no_more_than_three_times_in_classic(tmp_path: Path) -> None:
    """ "No particular tile may be flipped more than 3 times in a game." Bob, Ann and Bob flip
    the spade tile in turn (each laying a sand tile south of the starter as well); Ann's
    second flip is its fourth."""
    placed = [STARTER, SPADE, lay("dune", 0, 1, "Ann"),
              flip(0, -1, "Bob"), lay("dune", 1, 1, "Bob"),
              flip(0, -1, "Ann", 2), lay("dune", -1, 1, "Ann"),
              flip(0, -1, "Bob"), lay("dune-flower", 2, 1, "Bob"),
              flip(0, -1, "Ann", 2)]  # fmt: skip
    path = board(tmp_path, players=["Ann", "Bob"], placed=placed)
    run = sheetgen("check", path)
    assert run.code == 1
    assert errors(run) == [
        "placed[10].flip: the tile at [0, -1] (spade-shore) has flipped 3 times already "
        "(placed[4], placed[6], placed[8]); no tile flips more"
    ]
    assert sheetgen("check", board(tmp_path, players=["Ann", "Bob"], placed=placed[:-1])).code == 0


def test_no_tile_flips_twice_in_one_turn(tmp_path: Path) -> None:
    """ "A player may not use two spade cards in any one turn to flip the same tile twice."
    Ann lays the spade tile and a dune; Bob's turn is two flips of the spade tile. Bob's two
    flips in two turns of his, Ann's turn between, pass."""
    placed = [STARTER, SPADE, lay("dune", 0, 1, "Ann"), flip(0, -1, "Bob"), flip(0, -1, "Bob", 2)]
    run = sheetgen("check", board(tmp_path, players=["Ann", "Bob"], placed=placed))
    assert run.code == 1
    assert errors(run) == [
        "placed[5].flip: Bob flips the tile at [0, -1] (spade-shore) a second time in one turn "
        "(first at placed[4]); one turn uses no two spade cards on one tile"
    ]
    between = [lay("dune", 1, 1, "Bob"), lay("dune", -1, 1, "Ann"), lay("dune-flower", 2, 1, "Ann")]
    placed[4:4] = between
    assert sheetgen("check", board(tmp_path, players=["Ann", "Bob"], placed=placed)).code == 0


def test_a_player_has_the_spade_cards_the_player_count_gives(tmp_path: Path) -> None:
    """ "In a 2-player game, each player also receives 4 spade cards, in a 3-player game 3
    cards and in the 4-player game 2 cards." In a 4-player game Ann's third flip has no card
    left; with 3 players it has. (The lays between name no player, so the turns, not at
    issue here, go unchecked.)"""
    placed = [STARTER, SPADE, flip(0, -1, "Ann"), lay("dune", 0, 1),
              flip(0, -1, "Ann", 2), lay("dune", 1, 1), flip(0, -1, "Ann")]  # fmt: skip
    four = board(tmp_path, players=["Ann", "Bob", "Cy", "Di"], placed=placed)
    run = sheetgen("check", four)
    assert run.code == 1
    assert errors(run) == [
        "placed[7].player: Ann flips a tile with spade card number 3, but each of 4 players "
        "has 2 in a long classic game"
    ]
    assert sheetgen("check", board(tmp_path, players=["Ann", "Bob", "Cy"], placed=placed)).code == 0


def test_only_spade_tiles_flip_in_classic(tmp_path: Path) -> None:
    """ "Tiles that can be flipped have a spade symbol on them with a coloured ring." The head
    tile has none."""
    placed = [STARTER, lay("blue-head-shore", -1, 0, "Ann"), lay("dune", 0, 1, "Ann"),
              flip(-1, 0, "Bob", 2)]  # fmt: skip
    run = sheetgen("check", board(tmp_path, players=["Ann", "Bob"], placed=placed))
    assert run.code == 1
    assert errors(run) == [
        "placed[4].flip: the tile at [-1, 0] (blue-head-shore) has no spade symbol, and only "
        "spade tiles flip"
    ]


def test_a_flip_retires_the_boots_on_the_tile(tmp_path: Path) -> None:
    """ "Any welly boot that was occupying the tile at the time of flipping is retired from the
    game." Ann's boot in the spade tile's grass (the starter's grass patch) is gone once Bob
    flips the tile, so Bob's boot may go in that grass from the flipped tile (no other boot is
    on it), and the patch scores for Bob alone at the end (every other tile taken out of the
    game: "all of the player's tiles are taken out of the game")."""
    placed = [STARTER, SPADE, flip(0, -1, "Bob")]
    claims = [boot("Ann", 0, -1, "patch:SE", move=2), boot("Bob", 0, -1, "patch:SW")]
    path = board(tmp_path, players=["Ann", "Bob"], end_game=True, placed=placed, claims=claims,
                 taken_out=every_tile_but(["spade-shore"]))  # fmt: skip
    run = sheetgen("marram", "score", path)
    assert run.code == 0, run.err
    assert "    0  unfinished grass patch, 0 bulges -> Bob\n" in run.out and "-> Ann" not in run.out
    assert sheetgen("check", path).code == 0


def test_a_claims_move_counts_from_one_as_placed_does(tmp_path: Path) -> None:
    """A claim goes on with 'the tile just laid or flipped'; `move = N` names an earlier move
    the way every finding names moves, placed[N] counting from 1. Ann's boot on the spade
    tile she laid second (placed[2]) is `move = 2`; `move = 3` names the dune laid third,
    not the spade tile, and is refused naming placed[3]; `move = 5` names no move."""
    placed = [STARTER, SPADE, lay("dune", 0, 1, "Ann"), flip(0, -1, "Bob")]

    def claimed(move: int) -> list[str]:
        claims = [boot("Ann", 0, -1, "patch:SE", move=move)]
        run = sheetgen("check", board(tmp_path, players=["Ann", "Bob"], placed=placed,
                                      claims=claims))  # fmt: skip
        assert "Traceback" not in run.err and run.code == (1 if run.err else 0), run
        return errors(run)

    assert claimed(2) == []
    assert claimed(3) == [
        "claims[1].move: placed[3] lays the tile at [0, 1], not the one at [0, -1] (moves "
        "count from 1: move = N is placed[N])"
    ]
    assert claimed(5) == [
        "claims[1].move: placed holds 4 moves, so move = 5 names none (moves count from 1: "
        "move = N is placed[N])"
    ]


# --- pitchfork: finished beasts leave the board ---------------------------------------------

SNAKE = [STARTER, lay("blue-head-shore", -1, 0, "Ann"), lay("blue-tail-knoll", 1, 0, "Ann")]
# the head tile, its snake gone, flips to sand over grass; turned half round it fits again
FLIP_HEAD = flip(-1, 0, "Bob", 2)


def test_pitchfork_a_tile_whose_beasts_are_gone_may_flip_once(tmp_path: Path) -> None:
    """ "A tile that that has lost all of its beastly segments automatically gains the ability
    to be flipped with a spade card" — but "a completed blue snake ... will remain if there is
    no other blue snake head already laid on the play area. ... Once a further blue snake head
    is laid, the completed blue snake will then be removed." Ann's pitchfork takes the
    finished snake (9 points); its head tile cannot flip while the snake stays, can once
    Bob's new head is laid, and "A tile can only be flipped once during a game"."""
    claims = [boot("Ann", 1, 0, "beast:W")]
    kept = board(tmp_path, variant="pitchfork", players=["Ann", "Bob"],
                 placed=[*SNAKE, FLIP_HEAD], claims=claims)  # fmt: skip
    run = sheetgen("check", kept)
    assert run.code == 1
    assert errors(run) == [
        "placed[4].flip: the tile at [-1, 0] (blue-head-shore) has no spade symbol and still "
        "carries beasts; it flips only once they are finished and taken off"
    ]
    head = lay("blue-head-meadow", 0, -1, "Bob")
    gone = board(tmp_path, variant="pitchfork", players=["Ann", "Bob"],
                 placed=[*SNAKE, head, FLIP_HEAD], claims=claims)  # fmt: skip
    assert sheetgen("check", gone).code == 0
    run = sheetgen("marram", "score", gone)
    assert "    9  finished blue snake, 3 segments -> Ann" in run.out and "Ann: 9" in run.out
    twice = board(tmp_path, variant="pitchfork", players=["Ann", "Bob"],
                  placed=[*SNAKE, head, FLIP_HEAD, flip(-1, 0, "Ann")])  # fmt: skip
    run = sheetgen("check", twice)
    assert run.code == 1
    assert errors(run) == [
        "placed[6].flip: the tile at [-1, 0] (blue-head-shore) flipped at placed[5]; in "
        "pitchfork a tile flips once"
    ]


def test_pitchfork_a_welly_boot_keeps_a_tile_from_gaining_its_flip(tmp_path: Path) -> None:
    """ "... gains the ability to be flipped with a spade card, unless a welly boot is on the
    tile when the last beast segment is removed." Ann's welly boot in the head tile's grass
    stays on when the snake goes: the tile never flips."""
    placed = [*SNAKE, lay("blue-head-meadow", 0, -1, "Bob"), FLIP_HEAD]
    path = board(tmp_path, variant="pitchfork", players=["Ann", "Bob"], placed=placed,
                 claims=[boot("Ann", -1, 0, "patch:NW", move=2)])  # fmt: skip
    run = sheetgen("check", path)
    assert run.code == 1
    assert errors(run) == [
        "placed[5].flip: a welly boot stood on the tile at [-1, 0] (blue-head-shore) when its "
        "last beast was taken off, so it never became flippable"
    ]


# --- the short game -------------------------------------------------------------------------


def snake_row(segments: int) -> list[dict[str, Any]]:
    """Ann's head west of the starter, bodies east, and her tail: a snake of `segments`."""
    bodies = [lay("body", x, 0) for x in range(1, segments - 2)]
    return [STARTER, lay("head", -1, 0, "Ann"), *bodies, lay("tail", segments - 2, 0, "Ann")]


@pytest.mark.parametrize(
    ("variant", "players", "segments", "result"),
    [
        ("classic", 4, 17, "game over at placed[17], the target reached: Ann wins with 51"),
        ("classic", 3, 19, "the game goes on: nobody has reached the target of 60 yet"),
        ("classic", 3, 20, "game over at placed[20], the target reached: Ann wins with 60"),
        ("classic", 2, 26, "the game goes on: nobody has reached the target of 80 yet"),
        ("classic", 2, 27, "game over at placed[27], the target reached: Ann wins with 81"),
        ("pitchfork", 4, 20, "game over at placed[20], the target reached: Ann wins with 60"),
        ("pitchfork", 3, 26, "the game goes on: nobody has reached the target of 80 yet"),
        ("pitchfork", 2, 39, "the game goes on: nobody has reached the target of 120 yet"),
        ("pitchfork", 2, 40, "game over at placed[40], the target reached: Ann wins with 120"),
    ],
)
def test_the_short_game_stops_at_its_target_score(
    tmp_path: Path, variant: str, players: int, segments: int, result: str
) -> None:
    """Classic: "In the short game, play stops when one player has achieved a score of 80 or
    more (2-player game), 60 points (3-player game) or 50 points (4-player game)." Pitchfork:
    "... a score of 120 or more (2-player game), 80 points (3-player game) or 60 points
    (4-player game)." Ann's pitchfork or boot on a blue snake of n segments (3 points each)
    scores 3n when its tail is laid."""
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    path = board(tmp_path, tiles=row_set(tmp_path), variant=variant, length="short",
                 players=names, placed=snake_row(segments),
                 claims=[boot("Ann", -1, 0, "beast:E")])  # fmt: skip
    run = sheetgen("marram", "score", path)
    assert run.code == 0, run.err
    goal = target(variant, "short", players)  # type: ignore[arg-type]
    assert f", short game, {players} players: first to {goal} ends it" in run.out.splitlines()[0]
    assert f"Ann: {3 * segments}\n" in run.out and run.out.endswith(f"result: {result}\n")


def test_no_move_comes_after_the_target_is_reached(tmp_path: Path) -> None:
    """ "... the game is over when one player scores 80 points or more as long as there are
    still tiles to be played": a dune laid after Ann's 51 in a 4-player classic game (target
    50) comes too late, and unfinished features are never scored."""
    placed = [*snake_row(17), lay("dune", 0, 1, "Bob")]
    path = board(tmp_path, tiles=row_set(tmp_path), length="short", end_game=True,
                 players=["Ann", "Bob", "Cy", "Di"], placed=placed,
                 claims=[boot("Ann", -1, 0, "beast:E")])  # fmt: skip
    run = sheetgen("check", path)
    assert run.code == 1
    reached = "Ann reached 51 of the 50 a 4-player short game needs"
    assert errors(run) == [
        f"placed[18]: the short game ended at placed[17] ({reached}); this move comes too late",
        f"end_game: the short game ended at placed[17] ({reached}); unfinished features score "
        "only when nobody reaches the target",
    ]


def test_players_tied_at_the_target_tie(tmp_path: Path) -> None:
    """ "If two or more players are tied with the highest score after a player's move, then
    the result is a tie." Ann's snake from the west and Bob's from the east, each with its
    owner's boot, joined into one of 17 segments: 51 each, past 4-player classic's 50."""
    dunes = [lay("dune", x, 1) for x in range(15)]  # under the row: Bob's end touches them
    ann = [lay("head", -1, 0, "Ann")] + [lay("body", x, 0) for x in range(1, 9)]
    bob = [lay("body", 14, 0), lay("tail", 15, 0, "Bob")] + [
        lay("body", x, 0) for x in range(13, 9, -1)
    ]
    placed = [STARTER, *dunes, *ann, *bob, lay("body", 9, 0, "Cy")]
    claims = [boot("Ann", -1, 0, "beast:E"), boot("Bob", 15, 0, "beast:W")]
    path = board(tmp_path, tiles=row_set(tmp_path), length="short",
                 players=["Ann", "Bob", "Cy", "Di"], placed=placed, claims=claims)  # fmt: skip
    run = sheetgen("marram", "score", path)
    assert run.code == 0, run.err
    assert "   51  finished blue snake, 17 segments -> Ann, Bob" in run.out
    last = len(placed) - 1
    assert run.out.endswith(
        f"result: game over at placed[{last + 1}], the target reached: a tie between Ann and Bob "
        "at 51\n"
    )


def test_animals_has_no_short_game(tmp_path: Path) -> None:
    """ "There is no short game in “Animals”." """
    path = board(tmp_path, variant="animals", length="short", players=["Ann", "Bob"],
                 placed=[STARTER])  # fmt: skip
    run = sheetgen("check", path)
    assert run.code == 1 and errors(run) == [
        "length: there is no short game in the Animals variant"
    ]


# --- the Fly and the Frog -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hops", "guesses", "points"),
    [
        (7, {"Ann": 5, "Bob": 9, "Cy": "escape"}, {"Ann": 6, "Bob": 6}),  # tied either side
        (7, {"Ann": 7, "Bob": 9, "Cy": "escape"}, {"Ann": 24}),  # right: 12 and 12 more
        (7, {"Ann": 3, "Bob": 20, "Cy": "escape"}, {"Ann": 12}),
        (30, {"Ann": 3, "Bob": 20, "Cy": "escape"}, {"Bob": 12}),  # escape guesses take nothing
        ("escape", {"Ann": 3, "Bob": 30, "Cy": "escape"}, {"Cy": 12}),
        ("escape", {"Ann": "escape", "Bob": 30, "Cy": "escape"}, {"Ann": 6, "Cy": 6}),
        ("escape", {"Ann": 3, "Bob": 30, "Cy": 29}, {}),  # nobody guessed escape: no points
    ],
)
def test_fly_and_frog_guesses_score(hops: Any, guesses: dict[str, Any], points: Any) -> None:
    """ "The player who has stated a number that is closest to the actual number of hops
    receives 12 points for the Fly and 12 points for the Frog with an additional bonus of 12
    points if the guess was correct. Players who chose the escape option cannot share in the
    points, if the fly or frog is captured. If two players are tied, on either side of the
    correct number of hops, then the 12 points are shared out ... In the case of escape, if no
    player has opted to choose escape as their guess, then no points are awarded ... If more
    than one player opted to choose the escape option, then the point available are equally
    shared between the players." """
    assert hopper_points(Hopper(hops=hops, guesses=guesses)) == points


def fly_board(tmp_path: Path, bodies: int = 20, **keys: Any) -> str:
    placed = [STARTER] + [lay("body", x, 0) for x in range(1, bodies + 1)]
    return board(tmp_path, tiles=row_set(tmp_path), variant="animals",
                 players=["Ann", "Bob", "Cy"], placed=placed, **keys)  # fmt: skip


def test_the_score_adds_the_fly_and_says_what_is_not_scored(tmp_path: Path) -> None:
    """ "Once 20 tiles have been laid, the Fly is automatically introduced ... After 30 tiles
    have been laid, a Frog appears". With 20 laid, the Fly eaten after 7 hops gives Ann (5)
    and Bob (9) 6 each, in the totals; the Frog has not come, and the output says so. A board
    of 20 tiles that records no Fly says its guessing points are not scored."""
    fly = {"hops": 7, "guesses": {"Ann": 5, "Bob": 9, "Cy": "escape"}}
    run = sheetgen("marram", "score", fly_board(tmp_path, fly=fly))
    assert run.code == 0, run.err
    assert "  Fly eaten after 7 hops: guessing points to Ann 6, Bob 6\n" in run.out
    assert "  not scored: no Frog yet: it comes once 30 tiles are laid (20 so far)\n" in run.out
    assert "Ann: 6\nBob: 6\nCy: 0\n" in run.out
    data = json.loads(sheetgen("marram", "score", fly_board(tmp_path, fly=fly), "--json").out)
    assert data["hoppers"] == [{"animal": "Fly", "hops": 7, "points": {"Ann": 6, "Bob": 6}}]
    assert data["totals"] == {"Ann": 6, "Bob": 6, "Cy": 0}
    run = sheetgen("marram", "score", fly_board(tmp_path))
    assert run.code == 0
    assert (
        "  not scored: Fly guessing points: the board records no [fly] (its hops and every "
        "player's guess)\n" in run.out
    )


def test_the_fly_belongs_to_the_animals_long_game_after_20_tiles(tmp_path: Path) -> None:
    """ "The Fly and the Frog appear only in the long game. Once 20 tiles have been laid, the
    Fly is automatically introduced" and "Before the Fly or Frog start hopping, all players
    guess": a Fly after 19 tiles, a Fly in pitchfork, and a player with no guess are refused."""
    fly = {"hops": 7, "guesses": {"Ann": 5, "Bob": 9}}
    run = sheetgen("check", fly_board(tmp_path, bodies=19, fly=fly))
    assert run.code == 1
    assert errors(run) == [
        "fly.guesses: Cy made no guess; every player guesses the Fly's hops",
        "fly: the Fly comes once 20 tiles are laid; this board lays 19",
    ]
    path = fly_board(tmp_path, fly=fly | {"guesses": {"Ann": 5, "Bob": 9, "Cy": 1}})
    path = Path(path)
    path.write_text(path.read_text().replace('"animals"', '"pitchfork"'))
    run = sheetgen("check", str(path))
    assert run.code == 1
    assert errors(run) == [
        "fly: there is no Fly in pitchfork: the Fly and the Frog come only in the Animals variant"
    ]


# --- where a tile fits ----------------------------------------------------------------------


def test_fits_lists_every_place_side_and_turn_the_edges_allow(tmp_path: Path) -> None:
    """ "The player must lay the tile to nestle against other tile(s) so that each of the
    adjoining edges match, snake for snake type, worm for worm, and patch for patch." On the
    starter alone (NW NE SE SW = grass grass sand sand, a blue body W to E), blue-tail-knoll
    (front grass grass grass sand with the tail at W; back grass grass sand grass by the mirror
    rule) can go:
    - east [1, 0]: the starter's E edge runs grass then sand (north to south) with the blue
      body; the tile's W edge must run the same with a blue segment: the front unturned
      (NW grass, SW sand, tail W) fits; the back has grass at SW; turned, the tail leaves W.
    - west [-1, 0]: the tile's E edge needs grass, sand with the tail: only half a turn brings
      the tail east, and then the front shows sand, grass and the back grass, grass. None.
    - north [0, -1]: its S edge must be grass, grass without a beast: the front turned once
      (tail N) or twice (tail E), the back turned twice (tail E); the back turned three times
      puts the tail on S, and the rest show sand on S.
    - south [0, 1]: its N edge must be sand, sand; each face has one sand corner. None."""
    path = board(tmp_path, placed=[STARTER])
    run = sheetgen("marram", "fits", path, "blue-tail-knoll")
    assert run.code == 0, run.err
    assert run.out == (
        "blue-tail-knoll fits game 4 ways at 2 places:\n"
        "  [0, -1]  front, 1 turn\n"
        "  [0, -1]  front, 2 turns\n"
        "  [0, -1]  back, 2 turns\n"
        "  [1, 0]  front, 0 turns\n"
    )
    data = json.loads(sheetgen("marram", "fits", path, "blue-tail-knoll", "--json").out)
    assert data["placements"][0] == {"at": [0, -1], "side": "front", "turns": 1, "alike": []}
    assert len(data["placements"]) == 4
    # each listed placement is accepted by the referee when laid, and only those
    for x, y in ((0, -1), (1, 0), (-1, 0), (0, 1)):
        for side in ("front", "back"):
            for n in range(4):
                move = Placed(tile="blue-tail-knoll", at=(x, y), side=side, turns=n)  # type: ignore[arg-type]
                laid = BoardLayout(game="marram", component="board", name="g",
                                   placed=[Placed(tile="starter", at=(0, 0)), move])  # fmt: skip
                row = {"at": [x, y], "side": side, "turns": n, "alike": []}
                listed = row in data["placements"]
                assert (check_board(laid) == []) == listed, (x, y, side, n)


def test_fits_refuses_a_tile_not_in_the_set_or_all_laid(tmp_path: Path) -> None:
    """ "Each player is given 3 tiles each drawn at random from the stock of 95 tiles": a name
    not in the set is a usage error (exit 2), and the one starter, already laid, is left to
    lay nowhere (exit 1)."""
    path = board(tmp_path, placed=[STARTER])
    run = sheetgen("marram", "fits", path, "medow")
    assert run.code == 2
    assert run.err == (
        "error: TILE 'medow': no such tile in marram/classic (did you mean 'meadow'?)\n"
    )
    run = sheetgen("marram", "fits", path, "starter")
    assert run.code == 1
    assert (
        run.err
        == f"error: {path}: no starter is left to lay: the set holds 1 and the board lays 1\n"
    )
