"""`sheetgen check` referees a Scrumpit game record turn by turn: one test a rule of the
rulebook, each record breaking that rule alone (most are the example game changed in one place),
each expectation argued from the rulebook sentence quoted in the test's docstring."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.games.scrumpit.model import GameRecord, Turn
from sheetgen.games.scrumpit.rules import score_game
from sheetgen.layouts.read import load
from tests.games.scrumpit.support import (
    EXAMPLE,
    EXAMPLE_WORDS,
    UNCHECKED,
    check,
    example,
    play,
    refused,
    toml,
)
from tests.support import ROOT, sheetgen


def word(text: str, x: int, y: int, step: tuple[int, int] = (0, 1)) -> list[tuple[str, int, int]]:
    """The letters of `text` laid from [x, y] one `step` apart (down, unless told)."""
    return [(ch, x + k * step[0], y + k * step[1]) for k, ch in enumerate(text)]


def opening(*turns: Turn) -> GameRecord:
    """A game in progress (nobody has finished, so no racks): the turns given, no more."""
    return EXAMPLE.model_copy(update={"turns": list(turns), "finisher": None, "racks": {}})


CAT = play("yellow", word("CAT", 7, 7))  # the first word, down from the star
TEA = play("blue", word("TE", 5, 8, (1, 0)))  # TEA across CAT's A
SWAP = play("blue", exchanged="Q")  # blue exchanges its Q, forfeiting the turn


def test_the_example_game_is_legal_and_its_words_are_words(tmp_path: Path) -> None:
    """'The 'game' is over when a player reaches his/her Apex Star': the example runs clockwise
    (yellow, blue, red) from PLANTED on the star until yellow lays INTO's O on its Apex Star,
    and every word it makes is in a list of its sixteen words."""
    run = sheetgen("check", "scrumpit/example-game")
    lines = (ROOT / "layouts/scrumpit/example-game.toml").read_text(encoding="utf-8").splitlines()
    turns = next(n for n, line in enumerate(lines, 1) if line.startswith("[[turns]]"))
    assert (run.code, run.out, run.err) == (
        0,
        f"warning: scrumpit/example-game:{turns}:1: {UNCHECKED}\n"
        "scrumpit/example-game: ok (1 warning)\n",
        "",
    )
    assert check(tmp_path, EXAMPLE, *EXAMPLE_WORDS) == (0, [])
    assert check(tmp_path, opening(CAT, TEA)) == (0, [])  # a game in progress is no fault


def test_play_goes_clockwise_from_the_starter(tmp_path: Path) -> None:
    """'The order of play is clockwise from whoever starts first.' Blue takes four turns in a
    row after yellow's first: turns 3, 4 and 5 were yellow's, blue's, yellow's."""
    record = opening(
        CAT,
        TEA,
        play("blue", [("S", 8, 8)]),  # TEAS
        play("blue", [("A", 5, 7)]),  # AT down
        play("blue", [("E", 5, 9)]),  # ATE down
    )
    why = "play goes clockwise (yellow, blue) and blue played turn"
    assert refused(tmp_path, record) == [
        ("turns[3].player", f"turn 3 (blue): it is yellow's turn, not blue's: {why} 2"),
        ("turns[4].player", f"turn 4 (blue): it is yellow's turn, not blue's: {why} 3"),
        ("turns[5].player", f"turn 5 (blue): it is yellow's turn, not blue's: {why} 4"),
    ]
    # in the example, red playing before blue on turn 2 skips blue's seat
    skipped = example(turns={2: EXAMPLE.turns[2], 3: EXAMPLE.turns[1]})
    assert refused(tmp_path, skipped)[0] == (
        "turns[2].player",
        "turn 2 (red): it is blue's turn, not red's: play goes clockwise (yellow, blue, red) "
        "and yellow played turn 1",
    )


def test_a_game_has_two_to_four_players(tmp_path: Path) -> None:
    """'at least one 'game' is played corresponding to the number of players starting 2, 3, or
    4': a record in which yellow alone plays is no game."""
    assert refused(tmp_path, opening(CAT, play("yellow", [("S", 7, 10)]))) == [
        ("turns", "only yellow plays: a game of Scrumpit has 2, 3 or 4 players")
    ]


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        (word("CAT", 3, 3), "the first word must be formed from the central star [7, 7]"),
        (
            word("CAT", 7, 7, (1, 0)),
            "the first word runs from the central star [7, 7] towards yellow's home Scrump "
            "Zone (south), the star its first letter",
        ),
        (
            word("CAT", 7, 5),
            "the first word runs from the central star [7, 7] towards yellow's home Scrump "
            "Zone (south), the star its first letter",
        ),
    ],
    ids=["off-the-star", "across", "ends-on-the-star"],
)
def test_the_first_word_runs_from_the_star_towards_home(
    tmp_path: Path, tiles: list[tuple[str, int, int]], message: str
) -> None:
    """'The first player (yellow) begins with forming a word from the central star towards
    his/her 'Home' Scrump Zone': CAT away from the star, across it (not towards the south),
    or ending on it is refused."""
    assert refused(tmp_path, opening(play("yellow", tiles), SWAP)) == [
        ("turns[1].tiles", f"turn 1 (yellow): {message}")
    ]


def test_the_starting_word_sets_which_way_words_read(tmp_path: Path) -> None:
    """'All words must be formed ... from LEFT TO RIGHT and from TOP to BOTTOM (the starting
    word being the directional guide': red starts, laying CAT up from the star towards its
    home (north). Seen from red's seat, that is top to bottom; green's TEA then reads across
    from red's left (the board's east) to its right, and both are words."""
    red_cat = play("red", [("C", 7, 7), ("A", 7, 6), ("T", 7, 5)])
    green_tea = play("green", [("T", 9, 6), ("E", 8, 6)])  # T E A from east to west
    assert check(tmp_path, opening(red_cat, green_tea), "CAT", "TEA") == (0, [])
    wrong_way = play("green", [("T", 5, 6), ("E", 6, 6)])  # TEA read as the board shows it
    assert refused(tmp_path, opening(red_cat, wrong_way), "CAT", "TEA") == [
        (
            "turns[2].tiles",
            "turn 2 (green): AET is not a word of the word list (read the other way it is "
            "TEA, but words read only left to right and top to bottom)",
        )
    ]


def test_words_are_attached_to_a_letter_on_the_board(tmp_path: Path) -> None:
    """'Words must always be attached to a letter currently on the board': blue's TEA laid in
    the corner touches no letter."""
    assert refused(tmp_path, opening(CAT, play("blue", word("TEA", 1, 1, (1, 0))))) == [
        (
            "turns[2].tiles",
            "turn 2 (blue): the word is not attached to any letter on the board: words must "
            "always be attached to a letter already there",
        )
    ]


def test_letters_are_laid_in_crossword_fashion(tmp_path: Path) -> None:
    """'All words must be formed in typical crossword fashion': the letters of a turn lie in
    one row or column with no gap, and make a word of two letters or more. Blue's T beside
    CAT's A and O beside its T make TA and TO, but not in one line; O and N across from the
    T leave a gap; a lone A on the star is no word."""
    diagonal = play("blue", [("T", 6, 8), ("O", 8, 9)])
    assert refused(tmp_path, opening(CAT, diagonal)) == [
        (
            "turns[2].tiles",
            "turn 2 (blue): the letters laid are not in one row or one column: words are "
            "formed in crossword fashion, left to right or top to bottom",
        )
    ]
    gap = play("blue", [("O", 8, 9), ("N", 10, 9)])
    assert refused(tmp_path, opening(CAT, gap)) == [
        (
            "turns[2].tiles",
            "turn 2 (blue): a gap at [9, 9] splits the letters laid: one turn forms one word "
            "in crossword fashion",
        )
    ]
    lone = play("yellow", [("A", 7, 7)])
    assert refused(tmp_path, opening(lone, SWAP)) == [
        ("turns[1].tiles", "turn 1 (yellow): the letters laid form no word of two letters or more")
    ]


def test_words_must_be_in_the_word_list_when_one_is_given(tmp_path: Path) -> None:
    """Words are words: with a word list (--words), blue's AON across CAT's A is refused; with
    none, the letters are not looked up."""
    aon = play("blue", [("O", 8, 8), ("N", 9, 8)])
    assert refused(tmp_path, opening(CAT, aon), "CAT", "ON", "TEA") == [
        ("turns[2].tiles", "turn 2 (blue): AON is not a word of the word list")
    ]
    assert check(tmp_path, opening(CAT, aon)) == (0, [])


def test_letters_go_only_on_the_board_or_a_home_zone(tmp_path: Path) -> None:
    """'letters anywhere in the central 15 x 15 board ... the centre board is the route to get
    you to your 'Home' Scrump Zone': [-3, -3], [40, 40] and [15, 15] (beside two zones, in
    neither) are no cells of the board."""
    off = play("blue", [("Q", -3, -3), ("Z", 40, 40), ("X", 15, 15)])
    why = (
        "is off the board: letters go on the central 15 x 15 board or in the player's own "
        "home Scrump Zone"
    )
    assert refused(tmp_path, opening(CAT, off)) == [
        (f"turns[2].tiles[{j + 1}]", f"turn 2 (blue): {cell} {why}")
        for j, cell in enumerate(["[-3, -3]", "[40, 40]", "[15, 15]"])
    ]


def test_no_player_invades_another_players_home_zone(tmp_path: Path) -> None:
    """'Players may not invade another player's 'Home' Scrump Zone': blue's HUB down from
    CHARMED's H puts its B in yellow's row 1."""
    hub = play("blue", [("U", 2, 14), ("B", 2, 15)])
    record = opening(*EXAMPLE.turns[:4], hub)
    assert refused(tmp_path, record) == [
        (
            "turns[5].tiles[2]",
            "turn 5 (blue): [2, 15] is in yellow's home Scrump Zone: players may not invade "
            "another player's home zone",
        )
    ]


def test_a_letter_is_not_laid_over_another(tmp_path: Path) -> None:
    """'Letters in the 'Home' Scrump Zone are FIXED' (and a letter on the board stays until it
    is scrumped): blue lays its E on PLANTED's N."""
    over = play("blue", [("E", 7, 10)])
    assert refused(tmp_path, opening(*EXAMPLE.turns[:4], over)) == [
        ("turns[5].tiles[1]", "turn 5 (blue): [7, 10] already holds N")
    ]


def test_up_to_two_letters_are_scrumped(tmp_path: Path) -> None:
    """'on their next turn are permitted to 'Scrump' (steal) up to 2 letters': red takes
    CHARMED's A as well as its M and E for MAPLE."""
    mape = [("M", 6, -3), ("A", 7, -3), ("L", 9, -3), ("E", 10, -3)]  # P is PAGEANT's
    three = play("red", mape, [(5, 13), (6, 13), (3, 13)])
    assert refused(tmp_path, example(turns={15: three})) == [
        (
            "turns[15].scrumped",
            "turn 15 (red): 3 letters scrumped; a player may scrump up to 2 letters a turn",
        )
    ]


def test_only_a_player_who_has_entered_home_scrumps(tmp_path: Path) -> None:
    """'When a player enters his/her 'Home' Scrump Zone, they are immediately in their 'scoring
    area' and on their next turn are permitted to 'Scrump'': red takes CHARMED's E for
    PAGEANT on turn 12, the turn its letters first enter its zone, one turn too early."""
    early = EXAMPLE.turns[11].model_copy(update={"scrumped": [(6, 13)]})
    later = EXAMPLE.turns[14].model_copy(update={"scrumped": [(5, 13)]})  # its own E this time
    assert refused(tmp_path, example(turns={12: early, 15: later})) == [
        (
            "turns[12].scrumped",
            "turn 12 (red): red has not entered their home Scrump Zone: only on the turns "
            "after a player's letters enter it may they scrump",
        )
    ]


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        (
            (4, 17),
            "[4, 17] is in yellow's home Scrump Zone, where letters are fixed: no one may "
            "scrump them",
        ),
        (
            (-3, -3),
            "[-3, -3] is off the board: letters are scrumped from the central 15 x 15 board",
        ),
        ((0, 0), "[0, 0] holds no letter to scrump"),
    ],
    ids=["home-zone", "off-board", "empty"],
)
def test_letters_are_scrumped_only_from_the_central_board(
    tmp_path: Path, cell: tuple[int, int], message: str
) -> None:
    """'Any letters which have been placed in a player's 'Home' Scrump Zone may not be
    'Scrumped' or moved by ANYONE ... letters anywhere in the central 15 x 15 board are
    available for 'Scrumping'': red's second scrump is yellow's S in its row 3, a cell off the
    board, or an empty cell (MAPLE's E is then red's own)."""
    turn = EXAMPLE.turns[14].model_copy(update={"scrumped": [(5, 13), cell]})
    assert refused(tmp_path, example(turns={15: turn})) == [
        ("turns[15].scrumped[2]", f"turn 15 (red): {message}")
    ]


def test_scrumped_letters_are_used_that_turn(tmp_path: Path) -> None:
    """'Any 'Scrumped' letters must be used in that turn': red takes CHARMED's H with its M
    and lays MAPLE without it."""
    turn = EXAMPLE.turns[14].model_copy(update={"scrumped": [(5, 13), (2, 13)]})
    assert refused(tmp_path, example(turns={15: turn})) == [
        (
            "turns[15].scrumped",
            "turn 15 (red): the scrumped H is not laid again: scrumped letters must be used in "
            "the turn they are taken",
        )
    ]


def test_an_exchange_is_up_to_two_letters_and_forfeits_the_turn(tmp_path: Path) -> None:
    """'they may exchange up to 2 letters from their coloured bag but, forfeit that turn':
    blue exchanging Q and X instead of playing is fine; three letters, or an exchange as well
    as TEA, are not."""
    assert check(tmp_path, opening(CAT, play("blue", exchanged="QX"))) == (0, [])
    assert refused(tmp_path, opening(CAT, play("blue", exchanged="QXZ"))) == [
        (
            "turns[2].exchanged",
            "turn 2 (blue): 3 letters exchanged; a player may exchange up to 2 letters from "
            "their bag",
        )
    ]
    both = play("blue", word("TE", 5, 8, (1, 0)), exchanged="Q")
    assert refused(tmp_path, opening(CAT, both)) == [
        (
            "turns[2].exchanged",
            "turn 2 (blue): a player who exchanges letters forfeits the turn: no letters are "
            "laid or scrumped in it",
        )
    ]


def test_an_exchange_puts_back_only_letters_the_rack_can_hold(tmp_path: Path) -> None:
    """'they may exchange up to 2 letters from their coloured bag': the letters put back are
    on the player's rack, and a rack holds only tiles its bag gave and the board has not taken.
    Each bag holds one Q, so blue cannot put back two; yellow's bag holds one C, which CAT
    has laid, so yellow has no C left to exchange."""
    assert refused(tmp_path, opening(CAT, play("blue", exchanged="QQ"))) == [
        (
            "turns[2].exchanged",
            "turn 2 (blue): 2 Qs exchanged, but blue's bag holds 1 Q: a rack holds at most "
            "1 Q to put back",
        )
    ]
    assert refused(tmp_path, opening(CAT, TEA, play("yellow", exchanged="C"))) == [
        (
            "turns[3].exchanged",
            "turn 3 (yellow): 1 C exchanged, but yellow's bag holds 1 C and 1 is already on "
            "the board: a rack holds no C to put back",
        )
    ]
    # the letters yellow has not laid are still its to exchange
    assert check(tmp_path, opening(CAT, TEA, play("yellow", exchanged="AQ"))) == (0, [])


def test_a_rack_holds_seven_tiles(tmp_path: Path) -> None:
    """'Each player draws 7 tiles from their corresponding coloured bag': PLANTERS, eight
    letters laid at once, cannot come off one rack."""
    assert refused(tmp_path, opening(play("yellow", word("PLANTERS", 7, 7)), TEA)) == [
        ("turns[1].tiles", "turn 1 (yellow): 8 letters laid from the rack; a rack holds 7 tiles")
    ]


def test_a_bag_gives_no_more_of_a_letter_than_it_holds(tmp_path: Path) -> None:
    """'Each player draws 7 tiles from their corresponding coloured bag' (and each bag holds
    one X, as the tile set says): yellow lays SIX, then a second yellow X for IX."""
    record = opening(play("yellow", word("SIX", 7, 7)), SWAP, play("yellow", [("X", 8, 8)]))
    assert refused(tmp_path, record) == [
        ("turns[3].tiles", "turn 3 (yellow): yellow's bag holds 1 X, and 2 have come out of it")
    ]


def test_the_game_is_over_when_a_player_reaches_their_apex_star(tmp_path: Path) -> None:
    """'The 'game' is over when a player reaches his/her Apex Star 7': blue's turn 17 comes
    after yellow's O reached its Apex Star on turn 16 (exchanging an E, which blue still holds:
    its Q is on the board)."""
    late = play("blue", exchanged="E")
    record = EXAMPLE.model_copy(update={"turns": [*EXAMPLE.turns, late]})
    assert refused(tmp_path, record) == [
        (
            "turns[17]",
            "turn 17 (blue): the game was over on turn 16, when yellow reached their Apex Star; "
            "no one plays after that",
        )
    ]


def test_the_finisher_is_the_player_who_reached_the_apex_star(tmp_path: Path) -> None:
    """'Being first to reach the Apex Star will finish a game': a named finisher must have
    reached their Apex Star, and the player who did is the finisher."""
    unfinished = example(turns={}, finisher="yellow", racks={})
    unfinished = unfinished.model_copy(update={"turns": EXAMPLE.turns[:15]})
    assert refused(tmp_path, unfinished) == [
        (
            "finisher",
            "yellow never reached their Apex Star [7, 21]: the game is over only when a player "
            "reaches it",
        )
    ]
    assert refused(tmp_path, example(finisher="blue")) == [
        ("finisher", "yellow reached their Apex Star on turn 16 and finished the game, not blue")
    ]
    assert refused(tmp_path, example(finisher=None)) == [
        (
            "finisher",
            "yellow reached their Apex Star on turn 16, which ends the game: name the finisher "
            '(finisher = "yellow")',
        )
    ]


def test_a_finisher_who_never_played_is_refused(tmp_path: Path) -> None:
    """'Being first to reach the Apex Star will finish a game': green took no turn, so it
    cannot have finished; yellow did."""
    assert refused(tmp_path, example(finisher="green")) == [
        (
            "finisher",
            "green never took a turn, so cannot have finished the game by reaching their Apex Star",
        ),
        ("finisher", "yellow reached their Apex Star on turn 16 and finished the game, not green"),
    ]


def test_racks_are_deducted_only_at_the_end(tmp_path: Path) -> None:
    """'At the end of each 'game' any unused tiles on a player's rack are totalled and deducted
    from that player's score': before anyone reaches their Apex Star there is nothing to
    deduct, and `scrumpit game` deducts nothing."""
    before_the_end = EXAMPLE.model_copy(update={"turns": EXAMPLE.turns[:15], "finisher": None})
    assert refused(tmp_path, before_the_end) == [
        (
            "racks",
            "unused tiles on the racks are deducted only at the end of the game, and no one has "
            "reached their Apex Star to end it",
        )
    ]
    board, tiles = load("scrumpit/standard").model, load("scrumpit/tiles").model
    assert score_game(before_the_end, board, tiles).deductions == {}  # type: ignore[arg-type]
    path = tmp_path / "in-progress.toml"
    path.write_text(toml(before_the_end.model_copy(update={"racks": {}})), encoding="utf-8")
    run = sheetgen("scrumpit", "game", str(path))
    assert run.code == 0 and "rack deduction" not in run.out
    assert run.out.strip().endswith("totals: yellow 184, blue 151, red 40")


@pytest.mark.parametrize(
    ("racks", "where", "message"),
    [
        (
            {"blue": "ZIGLENW"},
            "racks.red",
            "the game is over and red's unused tiles are deducted: record their rack "
            '(red = "LETTERS")',
        ),
        (
            {"blue": "AE", "red": "QIDUVEH"},
            "racks.blue",
            "blue's rack holds 2 tiles; a rack is refilled to 7 from its bag after every turn, "
            "and blue's bag had 28 left",
        ),
        (
            {"blue": "XIGLENW", "red": "QIDUVEH"},
            "racks.blue",
            "blue's bag holds 1 X, and 2 have come out of it",
        ),
    ],
    ids=["missing", "short", "second-x"],
)
def test_every_rack_but_the_finishers_is_totalled_at_the_end(
    tmp_path: Path, racks: dict[str, str], where: str, message: str
) -> None:
    """'At the end of each 'game' any unused tiles on a player's rack are totalled and deducted
    from that player's score, the player finishing that game does not make any deductions';
    'The used tiles are replaced from his/her ... bag': red's rack must be recorded, blue's
    holds 7 tiles (22 of its 50 were laid), and its X was laid in EXOTIC."""
    assert refused(tmp_path, example(racks=racks)) == [(where, message)]


def test_the_issues_hand_made_record_is_refused_for_every_broken_rule(tmp_path: Path) -> None:
    """Every broken rule is listed, not just the first: tiles at [-3, -3] and [40, 40], a
    player playing twice, a letter touching no other (told once, not also as 'no word'), three
    letters scrumped from outside the home zone, and a finisher who never played."""
    record = opening(
        CAT,
        play("red", [("Q", -3, -3), ("Z", 40, 40)]),
        play("red", [("X", 2, 2)]),
        play("yellow", word("ACT", 6, 9, (1, 0)), [(7, 7), (7, 8), (7, 9)]),
    ).model_copy(update={"finisher": "green"})
    found = refused(tmp_path, record)
    messages = [m for _, m in found]
    assert [w for w, _ in found] == [
        "turns[2].tiles[1]",
        "turns[2].tiles[2]",
        "turns[3].player",
        "turns[3].tiles",
        "turns[4].scrumped",
        "turns[4].scrumped",
        "turns[4].tiles",
        "finisher",
        "finisher",
    ]
    assert messages[0].startswith("turn 2 (red): [-3, -3] is off the board")
    assert messages[1].startswith("turn 2 (red): [40, 40] is off the board")
    assert messages[2].startswith("turn 3 (red): it is yellow's turn, not red's")
    assert messages[3].startswith("turn 3 (red): the word is not attached to any letter")
    assert messages[4].startswith("turn 4 (yellow): 3 letters scrumped; a player may scrump up")
    assert messages[5].startswith("turn 4 (yellow): yellow has not entered their home Scrump")
    assert messages[7].startswith("green never took a turn")
    assert messages[8].startswith("green never reached their Apex Star [21, 7]")


def test_a_word_list_must_be_one_word_a_line(tmp_path: Path) -> None:
    """A bad word list gets one clear line naming the file (and line) and a usage exit."""
    bad = tmp_path / "words.txt"
    bad.write_text("CAT\nice cream\n", encoding="utf-8")
    run = sheetgen("check", "scrumpit/example-game", "--words", str(bad))
    assert run.code == 2
    assert run.err.strip() == (
        f"error: --words {bad}:2: 'ice cream' is not a word of the letters A-Z (one word a line)"
    )
    run = sheetgen("check", "scrumpit/example-game", "--words", str(tmp_path / "none.txt"))
    assert run.code == 2 and run.err.count("\n") == 1 and "no such file" in run.err
    bad.write_text("\n\n", encoding="utf-8")
    run = sheetgen("check", "scrumpit/example-game", "--words", str(bad))
    assert run.code == 2 and "the file holds no words" in run.err
    bad.write_text("cat\n", encoding="utf-8")
    run = sheetgen("check", "scrumpit/standard", "--words", str(bad))
    assert run.code == 2 and "only Scrumpit game records" in run.err
