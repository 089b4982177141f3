"""`sheetgen scribbly-gum score`: a finished game scored as the rulebook scores it, a record no
game could produce refused, and the simulator scoring through the same rules. Each rule is
argued from ../shared/rulebooks/scribbly-gum.md, quoted in the test's docstring.

The Kuringgai tree's meal numbers, rows 1 to 15: 1 1 1 2 2 3 3 4 4 5 6 7 8 9 11. The example
game (layouts/scribbly-gum/example-game.toml) plays 'Well fed' (A, 6 meals, gold 5 / silver 2)
and 'Feast' (B, three circles of 3 food, gold 5 / silver 3), and gives the movement tile
turned over each turn and both players' circles in the order drawn (a game the greedy solo
simulator's play, replayed for two).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sheetgen.draw import Circle
from sheetgen.games.scribbly_gum.finished import PEN, finished_sheet
from sheetgen.games.scribbly_gum.model import (
    FOODS,
    Claim,
    Counts,
    GameRecord,
    PlayerSheet,
    TilesLayout,
)
from sheetgen.games.scribbly_gum.record import GameScore, load_setup, score_game
from sheetgen.games.scribbly_gum.rules import collect, extra_moves, winners
from sheetgen.games.scribbly_gum.simulate import play
from sheetgen.games.scribbly_gum.tree_graph import WILD
from sheetgen.layouts.read import load
from tests.games.scribbly_gum.support import (
    ANA,
    BEN,
    BOARD,
    EXAMPLE,
    KURINGGAI,
    read,
    untiled,
    with_ana,
)
from tests.support import ROOT, page_texts, sheetgen

TILES: TilesLayout = load("scribbly-gum/tiles").model  # type: ignore[assignment]


def scored(record: GameRecord) -> GameScore:
    setup, found = load_setup(record)
    assert setup is not None, found
    return score_game(setup, record)


def counts(*rounds: tuple[int, int, int]) -> list[Counts]:
    return [Counts(nut=n, leaf=leaf, blossom=b) for n, leaf, b in rounds]


def game(*players: PlayerSheet, **update: object) -> GameRecord:
    """A record on the Kuringgai side with these sheets (no achievements unless given)."""
    fields: dict[str, object] = {
        "game": "scribbly-gum",
        "component": "game",
        "name": "test",
        "tree": "scribbly-gum/kuringgai",
        "players": list(players),
    }
    return GameRecord.model_validate({**fields, **update})


ANA_RECORD = EXAMPLE.model_copy(update={"players": [ANA, BEN]})


def with_ben(**update: object) -> GameRecord:
    """The example with Ben's sheet changed."""
    return EXAMPLE.model_copy(update={"players": [ANA, BEN.model_copy(update=update)]})


# --- the example, scored as a user reads it ---------------------------------------------------


def test_the_example_is_a_legal_game() -> None:
    """The built-in example passes every check."""
    assert read(EXAMPLE) == []
    assert sheetgen("check", "scribbly-gum/example-game").out == "scribbly-gum/example-game: ok\n"


def test_meals_are_counted_each_round_from_the_lowest_complete_row() -> None:
    """Rulebook, End of the round: 'find the lowest row that has all 3 types of food filled
    in. The number next to this row is how many meals you have collected', and 'In each round
    you score **all the meals** you have collected in the whole game so far.' Ana's tracker
    ends round 1 at 3 nuts, 1 leaf, 1 blossom (row 1: 1 meal), round 2 at 8, 9, 7 (row 7: 3)
    and round 3 full (row 15: 11): 1 + 3 + 11 = 15. Ben's ends at 4, 3, 3 (row 3: 1), 9, 14, 7
    (row 7: 3) and 14, 15, 15 (row 14: 9): 1 + 3 + 9 = 13."""
    run = sheetgen("scribbly-gum", "score", "scribbly-gum/example-game")
    assert run.code == 0, run.err
    assert "  tracker at the end: nut 15, leaf 15, blossom 15\n" in run.out
    assert "  total meals, rounds 1-3: 1 + 3 + 11 = 15 points\n" in run.out
    assert "  total meals, rounds 1-3: 1 + 3 + 9 = 13 points\n" in run.out


def test_each_full_column_scores_its_bonus() -> None:
    """Rulebook, End of the game: '3 points are awarded if you collected 15 nuts, 15 leaves or
    15 blossoms. You may collect multiple column bonuses.' Ana filled all three columns (9),
    Ben the leaves and blossoms but 14 nuts (6)."""
    out = sheetgen("scribbly-gum", "score", "scribbly-gum/example-game").out
    assert "  column bonus: 9 points (nut, leaf, blossom columns full)\n" in out
    assert "  column bonus: 6 points (leaf, blossom columns full)\n" in out


def test_first_to_an_achievement_scores_gold_then_silver() -> None:
    """Rulebook, Advanced version: 'The **first player** to score an achievement gets the points
    listed on the gold side of the tile and then flips that tile over to its silver side', and
    'If **multiple players** are the first to score an achievement on the same turn, then they
    all score the points listed on the gold side.' Ben reaches 6 meals (Well fed, A) at the end
    of round 3 turn 3 (11, 14, 12 on his tracker: row 11), Ana a turn later (11, 14, 15): Ben
    gold 5, Ana silver 2. Both fill their third 3-food circle (Feast, B) on turn 4: gold, 5
    each."""
    out = sheetgen("scribbly-gum", "score", "scribbly-gum/example-game").out
    assert (
        "  achievements: A 2 (silver, round 3 turn 4), B 5 (gold, round 3 turn 4) -> 7 points\n"
        in out
    )
    ben = "  achievements: A 5 (gold, round 3 turn 3), B 5 (gold, round 3 turn 4) -> 10 points\n"
    assert ben in out


def test_the_final_score_adds_meals_bonus_and_achievements() -> None:
    """Rulebook, End of the game: 'Add all the numbers in the 3 'total meals' circles and the
    'column bonus' circle', and (advanced) 'add all the points in your 'achievement' circles
    to your final score'. Ana 15 + 9 + 7 = 31, Ben 13 + 6 + 10 = 29: Ana wins."""
    run = sheetgen("scribbly-gum", "score", "scribbly-gum/example-game")
    assert "Ana\n" in run.out and "  final score: 31 points\n" in run.out
    assert "  final score: 29 points\n" in run.out
    assert run.out.endswith("winner: Ana with 31 points\n")


def test_json_gives_the_same_numbers_in_a_fixed_order() -> None:
    """The --json output holds what the text shows, keys in a fixed order, the same each run."""
    first = sheetgen("scribbly-gum", "score", "scribbly-gum/example-game", "--json").out
    assert first == sheetgen("scribbly-gum", "score", "scribbly-gum/example-game", "--json").out
    data = json.loads(first)
    assert list(data) == [
        "tree", "side", "achievements", "players", "winners", "tie_broken_by_column_bonus",
        "solo_band",
    ]  # fmt: skip
    ana, ben = data["players"]
    assert (ana["round_meals"], ana["column_bonus"], ana["achievement_points"], ana["total"]) == (
        [1, 3, 11], 9, 7, 31,
    )  # fmt: skip
    assert ben["tracker"] == {"nut": 14, "leaf": 15, "blossom": 15} and ben["total"] == 29
    assert ben["achievements"][0] == {
        "letter": "A", "title": "Well fed", "round": 3, "turn": 3, "side": "gold", "points": 5,
    }  # fmt: skip
    assert data["winners"] == ["Ana"] and data["solo_band"] is None


# --- the tie-break ------------------------------------------------------------------------------

# 27 points two ways: meals 2 + 5 + 11 and three full columns (9), or meals 3 + 9 + 9 and two
# full columns (6)
ALL_COLUMNS = counts((5, 5, 5), (10, 10, 10), (15, 15, 15))
TWO_COLUMNS = counts((7, 7, 7), (14, 14, 14), (15, 15, 14))


def test_a_tie_goes_to_the_most_column_bonus_points(tmp_path: Path) -> None:
    """Rulebook, End of the game: 'In the case of a tie, the tied player with the most column
    bonus points wins.' Cas and Dee both score 27; Cas has 9 column bonus points to Dee's 6."""
    record = game(
        PlayerSheet(name="Dee", tracker=TWO_COLUMNS), PlayerSheet(name="Cas", tracker=ALL_COLUMNS)
    )
    result = scored(record)
    assert [s.total for s in result.sheets] == [27, 27]
    assert (result.winners, result.tie_broken) == (("Cas",), True)
    assert winners({"Dee": (27, 6), "Cas": (27, 9)}) == ["Cas"]
    assert winners({}) == []  # no sheets, no winner (and no error)
    row = "{ nut = %d, leaf = %d, blossom = %d }"
    sheets = {"Dee": TWO_COLUMNS, "Cas": ALL_COLUMNS}
    path = tmp_path / "tie.toml"
    path.write_text(
        'game = "scribbly-gum"\ncomponent = "game"\nname = "tie"\ntree = "scribbly-gum/kuringgai"\n'
        + "".join(
            f'[[players]]\nname = "{name}"\ntracker = ['
            + ", ".join(row % tuple(c.as_list()) for c in tracker)
            + "]\n"
            for name, tracker in sheets.items()
        ),
        encoding="utf-8",
    )
    run = sheetgen("scribbly-gum", "score", str(path))
    assert run.code == 0, run.err
    assert run.out.endswith(
        "winner: Cas with 27 points, the tie broken by the most column bonus points (9)\n"
    )


def test_still_tied_players_win_together(tmp_path: Path) -> None:
    """Rulebook, End of the game: 'If it is still tied, then the tied players win together.'"""
    assert winners({"Cas": (27, 9), "Eve": (27, 9), "Dee": (27, 6)}) == ["Cas", "Eve"]
    record = tmp_path / "tie.toml"
    row = "{ nut = %d, leaf = %d, blossom = %d }"
    tracker = ", ".join(row % r for r in ((5, 5, 5), (10, 10, 10), (15, 15, 15)))
    record.write_text(
        'game = "scribbly-gum"\ncomponent = "game"\nname = "tie"\ntree = "scribbly-gum/kuringgai"\n'
        + "".join(f'[[players]]\nname = "{n}"\ntracker = [{tracker}]\n' for n in ("Cas", "Eve")),
        encoding="utf-8",
    )
    run = sheetgen("scribbly-gum", "score", str(record))
    assert run.code == 0, run.err
    assert run.out.endswith(
        "winners: Cas and Eve, tied on 27 points and 9 points of column bonus: they win together\n"
    )
    assert json.loads(sheetgen("scribbly-gum", "score", str(record), "--json").out)["winners"] == [
        "Cas",
        "Eve",
    ]


# --- the tracker --------------------------------------------------------------------------------


def test_a_full_column_takes_no_more_food() -> None:
    """Rulebook, Important rules: 'If you have a full column of 15 food, you may still fill in
    that food on your tree, but you don't fill in anything on your meal tracker.' Three nuts on
    14 fill row 15 only; more nuts fill nothing."""
    tracker = [14, 0, 0]
    assert list(collect(tracker, 0, 3)) == [15] and tracker == [15, 0, 0]
    assert list(collect(tracker, 0, 2)) == [] and tracker == [15, 0, 0]


def test_an_arrow_circle_on_the_tracker_gives_an_extra_move() -> None:
    """Rulebook, Extra moves: 'If you fill in a circle on your meal tracker with 4 arrows around
    it, you get an **extra move**' and 'It is possible to gain multiple extra moves in a single
    turn.' The Kuringgai nut column has arrows on rows 4, 9 and 13."""
    assert sorted(BOARD.arrows[0]) == [4, 9, 13]
    assert extra_moves(collect([2, 0, 0], 0, 3), BOARD.arrows[0]) == 1  # rows 3-5
    assert extra_moves(collect([8, 0, 0], 0, 3), BOARD.arrows[0]) == 1  # rows 9-11
    assert extra_moves(range(1, 16), BOARD.arrows[0]) == 3


def test_more_circles_than_turns_and_extra_moves_is_refused() -> None:
    """Rulebook: 'Each round is made up of **7 turns**', one line a turn, plus an extra move
    for each arrow circle filled ('If you fill in a circle on your meal tracker with 4 arrows
    around it, you get an **extra move**'). Without the tiles: Ana's rounds 1 and 2 drawn all
    in round 1 are 15 circles, but her tracker then ends at 8 nuts, 9 leaves, 7 blossoms,
    passing 4 arrow circles (nut row 4, leaf rows 3 and 8, blossom row 5): 11 at most. With
    the tiles, the circles left over after round 1's seventh turn are named."""
    moved = [ANA.circles[0] + ANA.circles[1], [], ANA.circles[2]]  # type: ignore[index]
    assert read(untiled(with_ana(circles=moved, dotted=["d7"]))) == [
        (
            "players[0].circles[0]",
            "15 circles filled in round 1, but a round is 7 turns of one line each and the "
            "tracker's arrows gave 4 extra moves: 11 circles at most",
        )
    ]
    moved = [ANA.circles[0] + ANA.circles[1][:3], ANA.circles[1][3:], ANA.circles[2]]  # type: ignore[index]
    assert read(with_ana(circles=moved))[0] == (
        "players[0].circles[0][5]",
        "Ana, round 1: h3, k5, g3 filled after the 7 turns and their extra moves were all "
        "drawn: each turn draws one line, plus one for each arrow circle filled on the tracker",
    )


def test_the_tracker_is_never_rubbed_out() -> None:
    """Rulebook, Playing a turn: 'To record what you have collected, fill in the corresponding
    circle(s) on your meal tracker'; food is added, never taken away. Ben's leaves cannot fall
    from 8 after round 2 to 7 after round 3."""
    tracker = counts((3, 3, 7), (10, 8, 9), (14, 7, 15))
    found = read(with_ben(tracker=tracker, circles=None, wild={}, achievements=[]))
    assert (
        "players[1].tracker[2].leaf",
        "7 leaves after round 3, fewer than the 8 after round 2: the meal tracker is filled "
        "in, never rubbed out",
    ) in found


def test_more_food_than_a_round_can_bring_is_refused(tmp_path: Path) -> None:
    """Rulebook: a round is 7 turns of one line ('Each round is made up of **7 turns**'), plus
    the extra moves of the arrow circles filled, and the richest circle holds 3 food ('Fill in
    the next 3 ...'). On a tree whose tracker has no arrow circles, round 1 fills 21 food at
    most: 24 cannot have been collected."""
    text = (ROOT / "layouts" / "scribbly-gum" / "kuringgai.toml").read_text(encoding="utf-8")
    bare = tmp_path / "bare.toml"
    bare.write_text(
        text.replace('name = "kuringgai"', 'name = "bare"').replace(
            "arrows = { nut = [4, 9, 13], leaf = [3, 8, 12], blossom = [5, 10, 14] }",
            "arrows = { nut = [], leaf = [], blossom = [] }",
        ),
        encoding="utf-8",
    )
    sheet = PlayerSheet(name="Fay", tracker=counts((8, 8, 8), (12, 12, 12), (15, 15, 15)))
    assert read(game(sheet, tree=str(bare))) == [
        (
            "players[0].tracker[0]",
            "24 food filled in on the tracker in round 1, but 7 turns and 0 extra moves reach "
            "7 circles of 3 food at most: 21 food",
        )
    ]
    fewer = PlayerSheet(name="Fay", tracker=counts((7, 7, 7), (12, 12, 12), (15, 15, 15)))
    assert read(game(fewer, tree=str(bare))) == []


# --- circles ----------------------------------------------------------------------------------


def test_a_circle_is_filled_once_and_only_circles_of_the_tree() -> None:
    """Rulebook, Important rules: 'If a line or circle has already been filled in, you may not
    draw over it again.' A circle named twice, and circles the tree does not have, are
    refused."""
    circles = [list(r) for r in ANA.circles]  # type: ignore[union-attr]
    circles[2] = [*circles[2], "h4", "zz9", "c55"]
    assert read(with_ana(circles=circles)) == [
        ("players[0].circles[2][12]", "circle h4 is filled again in round 3 (first in round "
                                      "1): a filled-in circle is never drawn to a second time"),
        ("players[0].circles[2][13]", "no circle 'zz9' on the Kuringgai tree (no circle has "
                                      "that id)"),
        ("players[0].circles[2][14]", "no circle 'c55' on the Kuringgai tree (did you mean "
                                      "'c5'?)"),
    ]  # fmt: skip


def test_the_start_circles_are_filled_from_the_start() -> None:
    """Rulebook, Playing a turn: 'The 4 circles around the baby moth picture count as
    filled-in circles.' Nobody draws to one."""
    start = BOARD.ids[BOARD.starts[0]]
    circles = [[start, *ANA.circles[0]], *ANA.circles[1:]]  # type: ignore[index]
    assert read(with_ana(circles=circles)) == [
        (
            "players[0].circles[0][0]",
            f"{start} is a start circle: the 4 circles around the moth are filled in before the "
            "game begins",
        )
    ]


def test_every_line_starts_at_a_filled_in_circle() -> None:
    """Rulebook, Playing a turn: 'choose **any filled-in circle** on your diagram. ... trace a
    line coming out of this circle', and 'You must always draw along the lines printed on your
    tree sheet.' The top-row circle a5 filled in round 1, far from Ana's round-1 circles, is
    joined to none of them (read without the tiles, round by round)."""
    circles = [[*ANA.circles[0], "a5"], *ANA.circles[1:]]  # type: ignore[index]
    found = read(untiled(with_ana(circles=circles, wild={**ANA.wild, "a5": "leaf"}, dotted=["d7"])))
    assert (
        "players[0].circles[0][5]",
        "circle a5 is joined by a solid line to no circle filled in by the end of round 1: "
        "every line is drawn out of a filled-in circle",
    ) in found


def test_a_dotted_line_only_on_the_dotted_line_tile() -> None:
    """Rulebook, Important rules: 'The only time you can draw along a dotted line is when the
    'dotted line' movement tile has been turned over', and an extra move 'may not draw along a
    dotted line'. Without the tiles, Ana's d7 (reached from e6 along a dotted line in round 3)
    must be marked as such: as a solid line it joins no circle filled by then."""
    assert read(untiled(with_ana(dotted=["d7"]))) == []
    found = read(untiled(ANA_RECORD))
    assert (
        "players[0].circles[2][8]",
        "circle d7 is joined by a solid line to no circle filled in by the end of round 3: "
        "every line is drawn out of a filled-in circle",
    ) in found


def test_two_dotted_lines_in_a_round_are_refused() -> None:
    """Rulebook: 'Each round, 1 movement tile will **not be used**' of the 8, and the deck has
    one dotted-line tile, so a round draws at most one dotted line (extra moves 'may not draw
    along a dotted line'). Gus reaches h3 from g4 and d7 from e6 along dotted lines, both in
    round 1."""
    assert TILES.movement.count("dotted") == 1
    circles = [["h4", "g4", "h3", "h6", "g6", "f6", "e6", "d7"], [], []]
    assert read(game(PlayerSheet(name="Gus", circles=circles, dotted=["d7"]))) == []
    # h3 is joined to h4 by a solid line, but its dotted line comes from g4, not yet filled
    early = [["h4", "h3"], [], []]
    assert read(game(PlayerSheet(name="Gus", circles=early, dotted=["h3"]))) == [
        (
            "players[0].circles[0][1]",
            "circle h3 is joined by a dotted line to no circle filled in by the end of round 1: "
            "every line is drawn out of a filled-in circle",
        )
    ]
    assert read(game(PlayerSheet(name="Gus", circles=circles, dotted=["h3", "d7"]))) == [
        (
            "players[0].dotted",
            "2 dotted lines drawn in round 1, but the deck has 1 dotted-line tile (each turned "
            "up once a round) and extra moves never follow a dotted line",
        )
    ]


def test_a_wild_circle_names_the_food_it_gave() -> None:
    """Rulebook, Playing a turn: a wild circle says 'Fill in the next nut, leaf, OR blossom -
    it's your choice.' The record must say which, or the tracker cannot be filled."""
    wild = dict(ANA.wild)
    del wild["e4"]
    assert read(with_ana(wild=wild)) == [
        (
            "players[0].wild",
            'wild circle e4 (round 2) names no food: add e4 = "nut", "leaf" or "blossom" (the '
            "food chosen for it)",
        )
    ]


# --- achievements ---------------------------------------------------------------------------------


def test_an_achievement_is_scored_once_by_each_player() -> None:
    """Rulebook, Advanced version: the points 'are written in the 'achievement' circle with the
    corresponding letter at the bottom of your sheet' (one circle a letter), and after the
    first player 'All other players can still score this achievement'. Ben scoring Well fed
    (A) again is refused."""
    again = [*BEN.achievements, Claim(letter="A", round=3, turn=5)]
    assert read(with_ben(achievements=again)) == [
        (
            "players[1].achievements[2]",
            "Ben scores A (Well fed) a second time: a player scores each achievement once, in "
            "its one circle on the sheet",
        )
    ]


def test_an_achievement_is_scored_when_it_is_met() -> None:
    """Rulebook, Advanced version: 'At the end of each turn, all players **check** to see if
    they have met the conditions listed on any achievement. If you did, you score the points'.
    Ana reaches 6 meals (Well fed, A) at the end of round 3 turn 4 (her tracker 11, 14, 15):
    claimed a turn early it is not met yet, a turn late it was met before, not claimed at all
    it is missed. Without the tiles only the round can be checked."""
    feast = ANA.achievements[1]
    early = [Claim(letter="A", round=3, turn=3), feast]
    assert read(with_ana(achievements=early)) == [
        (
            "players[0].achievements",
            "Ana scores A (Well fed) at the end of round 3 turn 3, but the sheet does not meet "
            "it by then (it is met at the end of round 3 turn 4)",
        )
    ]
    late = [Claim(letter="A", round=3, turn=5), feast]
    assert read(with_ana(achievements=late)) == [
        (
            "players[0].achievements",
            "Ana meets A (Well fed) at the end of round 3 turn 4 but scores it at round 3 turn "
            "5: an achievement is scored at the end of the turn it is met",
        )
    ]
    assert read(with_ana(achievements=[feast])) == [
        (
            "players[0].achievements",
            "Ana meets A (Well fed) at the end of round 3 turn 4 but never scores it: every "
            "player checks each achievement at the end of every turn",
        )
    ]
    assert read(untiled(with_ana(achievements=late, dotted=["d7"]))) == []
    round_two = [Claim(letter="A", round=2, turn=7), feast]
    assert read(untiled(with_ana(achievements=round_two, dotted=["d7"]))) == [
        (
            "players[0].achievements",
            "Ana scores A (Well fed) at the end of round 2, but the sheet does not meet it by "
            "then (it is met at the end of round 3)",
        )
    ]


def test_only_achievements_in_play_are_scored() -> None:
    """Rulebook, Advanced version: 'Use the A tile when using 1 achievement, the A and B tiles
    when using 2 achievements'. With two in play there is no C."""
    claims = [*BEN.achievements, Claim(letter="C", round=1, turn=1)]
    assert read(with_ben(achievements=claims)) == [
        (
            "players[1].achievements[2].letter",
            "no achievement C in this game (in play: A (Well fed), B (Feast))",
        )
    ]


# --- the solo game ----------------------------------------------------------------------------

SOLO_TRACKER = counts((5, 5, 5), (10, 10, 10), (15, 15, 15))


def solo(flips: list[str], claims: list[Claim]) -> GameRecord:
    """A solo record: Full column (A), Well fed (B) and Wild appetite (C) in play."""
    sheet = PlayerSheet(name="Sol", tracker=SOLO_TRACKER, achievements=claims)
    return game(sheet, achievements=["Full column", "Well fed", "Wild appetite"], solo_flips=flips)


def test_solo_turns_an_unscored_tile_down_each_round() -> None:
    """Rulebook, Solo version: 'At the start of each round you must choose an achievement tile
    that you haven't scored yet. If it is on its gold side you must **flip** it over. If it is
    on its silver side you must **remove** it from the game, and it may no longer be scored.'
    and 'If you complete an achievement, score the points currently indicated on its tile.'
    Well fed (B, gold 5, silver 2) turned down in round 1 scores silver in round 3; Full column
    (A, gold 4) never turned down scores gold."""
    claims = [Claim(letter="A", round=3, turn=7), Claim(letter="B", round=3, turn=1)]
    record = solo(["B", "C", "C"], claims)
    assert read(record) == []
    result = scored(record)
    sheet = result.sheets[0]
    assert [(c.letter, c.gold, c.points) for c in sheet.achievements] == [
        ("A", True, 4),
        ("B", False, 2),
    ]
    # meals 2 + 5 + 11, three full columns, achievements 6
    assert sheet.total == 18 + 9 + 6 and result.solo_band == "30-34"


def test_solo_cannot_score_a_removed_tile_or_skip_a_turn_down() -> None:
    """Rulebook, Solo version: a silver tile turned down is removed 'and it may no longer be
    scored'; and each round 'you must choose' a tile not yet scored. Wild appetite (C), turned
    down in rounds 1 and 2, has left the game when it is claimed in round 2."""
    gone = [Claim(letter="A", round=3, turn=7), Claim(letter="C", round=2, turn=4)]
    gone.append(Claim(letter="B", round=3, turn=1))
    assert read(solo(["C", "C", "B"], gone)) == [
        (
            "players[0].achievements[1]",
            "C (Wild appetite) left the game at the start of round 2 (turned down on its silver "
            "side): it can no longer be scored",
        )
    ]
    assert read(solo(["C", "B", "A"], gone)) == []
    claims = [Claim(letter="A", round=3, turn=7), Claim(letter="B", round=3, turn=1)]
    assert read(solo(["B"], claims)) == [
        (
            "solo_flips",
            f"no achievement turned down at the start of round {r}: a solo game turns down one "
            "not yet scored each round (one of A, B, C)",
        )
        for r in (2, 3)
    ]


def test_solo_uses_three_achievements() -> None:
    """Rulebook, Solo version: 'Setup the game with **3 randomly-chosen achievement tiles**'."""
    sheet = PlayerSheet(name="Sol", tracker=SOLO_TRACKER)
    found = read(game(sheet, achievements=["Well fed"], solo_flips=["A"]))
    assert found[0] == ("achievements", "a solo game is played with 3 achievement tiles, not 1")


def test_the_solo_chart_band_is_printed(tmp_path: Path) -> None:
    """Rulebook, Solo version: 'At the end of the game see how good your score is by reading
    this chart: ... 30-34 ...'. A one-player basic game of 27 points reads 25-29."""
    record = tmp_path / "solo.toml"
    row = "{ nut = %d, leaf = %d, blossom = %d }"
    tracker = ", ".join(row % r for r in ((5, 5, 5), (10, 10, 10), (15, 15, 15)))
    record.write_text(
        'game = "scribbly-gum"\ncomponent = "game"\nname = "solo"\n'
        'tree = "scribbly-gum/kuringgai"\n'
        f'[[players]]\nname = "Sol"\ntracker = [{tracker}]\n',
        encoding="utf-8",
    )
    run = sheetgen("scribbly-gum", "score", str(record))
    assert run.code == 0, run.err
    assert run.out.endswith("  final score: 27 points\nsolo chart: 25-29\n")


# --- bad records: one line each -------------------------------------------------------------------


def test_a_bad_record_is_one_line_naming_file_and_key(tmp_path: Path) -> None:
    """A record breaking a rule is refused by 'score' with one line: the file, the key and what
    is wrong; exit 1, no traceback. An impossible turn number names its line."""
    record = tmp_path / "twice.toml"
    text = (ROOT / "layouts" / "scribbly-gum" / "example-game.toml").read_text(encoding="utf-8")
    record.write_text(text.replace('"h4", "g4"', '"h4", "h4"'), encoding="utf-8")
    run = sheetgen("scribbly-gum", "score", str(record))
    assert run.code == 1 and run.out == "" and "Traceback" not in run.err
    # the first player's first round, its fourth circle: the second "h4" where it is written
    written = record.read_text(encoding="utf-8").splitlines()
    row = next(n for n, line in enumerate(written, 1) if '"h4", "h4"' in line)
    column = written[row - 1].index('"h4", "h4"') + len('"h4", ') + 1
    assert run.err == (
        f"error: {record}:{row}:{column}: players[1].circles[1][4]: circle h4 is filled again "
        "in round 1 (first in round 1): a filled-in circle is never drawn to a second time\n"
    )
    record.write_text(text.replace("round = 3, turn = 3", "round = 3, turn = 8"), encoding="utf-8")
    run = sheetgen("scribbly-gum", "score", str(record))
    assert run.code == 1 and len(run.err.splitlines()) == 1
    written = record.read_text(encoding="utf-8").splitlines()
    line = next(n for n, row in enumerate(written, 1) if "turn = 8" in row)
    column = written[line - 1].index("turn = 8") + 1
    assert f":{line}:{column}: players[2].achievements[1].turn: " in run.err
    assert "must be at most 7 (got 8)" in run.err
    checked = sheetgen("check", str(record))
    assert checked.code == 1 and "Traceback" not in checked.err


def test_circles_and_tracker_are_one_or_the_other() -> None:
    """A sheet is read from its circles or from its tracker, never both (they could disagree)."""
    both = with_ben(tracker=counts((4, 3, 3), (9, 14, 7), (14, 15, 15)))
    assert read(both)[0] == (
        "players[1]",
        "Ben: give circles (the circles filled each round) or tracker (its counts at the end "
        "of each round), not both",
    )


def test_a_records_tree_is_read_from_its_folder(tmp_path: Path) -> None:
    """A record names the tree side played; a tree file named by a relative path is looked for
    beside the record, whatever folder the command runs in."""
    root = ROOT / "layouts" / "scribbly-gum"
    games = tmp_path / "games"
    games.mkdir()
    tree = (root / "kuringgai.toml").read_text(encoding="utf-8")
    (games / "mine.toml").write_text(tree.replace('name = "kuringgai"', 'name = "mine"'), "utf-8")
    record = (root / "example-game.toml").read_text(encoding="utf-8")
    (games / "game.toml").write_text(
        record.replace('tree = "scribbly-gum/kuringgai"', 'tree = "mine.toml"'), "utf-8"
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = sheetgen("scribbly-gum", "score", str(games / "game.toml"), cwd=elsewhere)
    assert run.code == 0, run.err
    assert run.out.endswith("winner: Ana with 31 points\n")


# --- one scoring path: the simulator's games score the same through a record --------------------


def record_of(trace: list[tuple[object, ...]]) -> tuple[GameRecord, int]:
    """A simulated solo game written as a record (the tiles turned over, circles each round in
    the order drawn, wild foods, achievements scored and tiles turned down), and the number of
    achievements it scored."""
    titles: tuple[str, ...] = ()
    circles: list[list[str]] = []
    wild: dict[str, str] = {}
    dotted: list[str] = []
    claims: list[Claim] = []
    flips: list[str] = []
    revealed: list[list[object]] = []
    tracker = [0, 0, 0]
    last: int | None = None
    turn = 0
    for event in trace:
        kind = event[0]
        if kind == "achievements":
            titles = event[1]  # type: ignore[assignment]
        elif kind == "turn down":
            flips.append("ABC"[titles.index(event[1])])  # type: ignore[arg-type]
        elif kind == "round":
            circles.append([])
            revealed.append([])
            turn = 0
        elif kind == "tile":
            turn += 1
            revealed[-1].append(event[1])
        elif kind == "move":
            last = event[2]  # type: ignore[assignment]
            cid = BOARD.ids[last]  # type: ignore[index]
            circles[-1].append(cid)
            if event[1] == "dotted":
                dotted.append(cid)
            if BOARD.kind[last] == WILD:  # type: ignore[index]
                full = [f for f, n in zip(FOODS, tracker, strict=True) if n == 15]
                wild[cid] = full[0] if full else "?"
        elif kind == "tracker":
            food, row = event[1], event[2]
            tracker[food] = row  # type: ignore[index]
            if last is not None and BOARD.kind[last] == WILD:
                wild[BOARD.ids[last]] = FOODS[food]  # type: ignore[index]
        elif kind == "achievement":
            letter = "ABC"[titles.index(event[1])]  # type: ignore[arg-type]
            claims.append(Claim(letter=letter, round=len(circles), turn=turn))  # type: ignore[arg-type]
    sheet = PlayerSheet(name="Sol", circles=circles, wild=wild, achievements=claims)
    record = game(sheet, achievements=list(titles), solo_flips=flips, revealed=revealed)
    assert len(dotted) <= 3  # the lines along a dotted line are the DOTTED LINE turns'
    return record, len(claims)


@pytest.mark.parametrize("player", ["random", "greedy"])
def test_simulated_games_pass_the_referee_and_score_alike(player: str) -> None:
    """The simulator plays by the rules and scores through the rules module; a record of each
    of its games, with the tiles it turned over, passes every check (each line one its turn's
    tile or an extra move allows, an achievement claimed on the turn it is met) and 'score'
    gives it the simulator's final score (one scoring path: tracker, meals, column bonus,
    achievements, solo turn-downs)."""
    rng = random.Random(3)
    claimed = 0
    for _ in range(40):
        trace: list[tuple[object, ...]] = []
        total = play(BOARD, TILES.movement, TILES.achievements, player, rng, trace)  # type: ignore[arg-type]
        record, claims = record_of(trace)
        assert read(record) == [], trace
        assert scored(record).sheets[0].total == total
        claimed += claims
    assert claimed  # the games scored achievements too


# --- the finished sheets ----------------------------------------------------------------------


def test_the_finished_sheets_show_the_record(tmp_path: Path) -> None:
    """Rulebook: 'You must fill this circle in with your marker' (the tree), 'fill in the
    corresponding circle(s) on your meal tracker', and each score is written in its circle:
    'Write this number in the 'total meals' circle', the 'column bonus' circle, the
    'achievement' circles and the 'final score' circle. Ana's page marks her 27 circles and 45
    tracker circles; each page writes its player's numbers."""
    circles = [c for r in ANA.circles for c in r]  # type: ignore[union-attr]
    drawing = finished_sheet(KURINGGAI, "Ana", circles, (15, 15, 15), {"final_score": "31"})
    marks = [s for s in drawing.children if isinstance(s, Circle) and s.style.fill == PEN]
    assert len(circles) == 27 and len(marks) == 27 + 45
    run = sheetgen("build", "scribbly-gum/example-game", "-f", "pdf", "--out", str(tmp_path))
    assert run.code == 0, run.err
    pages = page_texts(tmp_path / "scribbly-gum-example-game.pdf")
    assert len(pages) == 2
    ana, ben = pages
    assert "Ana" in ana and "31" in ana and "Ben" not in ana
    assert "Ben" in ben and "29" in ben and "Ana" not in ben
