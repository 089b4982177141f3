"""After a refused scrump or letter, the Scrumpit referee replays the rest of the record as the
record tells it, so each real fault is told once; a turn that lays nothing must be an exchange;
`check` says when spelling went unchecked; `scrumpit score` says how to give rows."""

from __future__ import annotations

from pathlib import Path

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
from tests.support import sheetgen

MAPLE = EXAMPLE.turns[14]  # red scrumps blue's M [5, 13] and E [6, 13] for MAPLE


def test_a_refused_scrump_is_told_once_not_again_as_an_overdrawn_bag(tmp_path: Path) -> None:
    """'permitted to 'Scrump' (steal) up to 2 letters of any colour from anywhere in the central
    15 x 15 board': red's first scrump is an empty cell [5, 12] (j10), or yellow's U in its home
    zone [4, 16], where 'Letters in the 'Home' Scrump Zone are FIXED' (i7). Each is one fault;
    the M of MAPLE is taken to be the letter the record meant to scrump, not a second M from
    red's bag (red laid its only M in COMFORT), so no bag is told it gave too much."""
    empty = MAPLE.model_copy(update={"scrumped": [(5, 12), (6, 13)]})
    assert refused(tmp_path, example(turns={15: empty})) == [
        ("turns[15].scrumped[1]", "turn 15 (red): [5, 12] holds no letter to scrump")
    ]
    home = MAPLE.model_copy(update={"scrumped": [(4, 16), (6, 13)]})
    assert refused(tmp_path, example(turns={15: home})) == [
        (
            "turns[15].scrumped[1]",
            "turn 15 (red): [4, 16] is in yellow's home Scrump Zone, where letters are fixed: "
            "no one may scrump them",
        )
    ]


def test_a_letter_refused_its_cell_still_came_off_the_rack(tmp_path: Path) -> None:
    """'The used tiles are replaced from his/her yellow bag': yellow's I laid on its own X at
    [6, 18] (i13) is refused, but it left yellow's rack all the same; the S of turn 13 and the
    INTO of turn 16 then touch no letter (there is no I at [7, 18]), which the record really
    does break, and each says the refused I may be why. No bag count is wrong."""
    record = example(turns={10: play("yellow", [("I", 6, 18)])})
    hint = "(the board may not be what the record meant: turn 10's I at [6, 18] was refused)"
    detached = (
        "the word is not attached to any letter on the board: words must always be attached "
        f"to a letter already there {hint}"
    )
    assert refused(tmp_path, record) == [
        (
            "turns[10].tiles[1]",
            "turn 10 (yellow): [6, 18] already holds X (letters in a home zone are fixed)",
        ),
        ("turns[13].tiles", f"turn 13 (yellow): {detached}"),
        ("turns[16].tiles", f"turn 16 (yellow): {detached}"),
    ]
    # the refused I counts as drawn: a second yellow X laid on X is still a second X
    twice = example(turns={10: play("yellow", [("X", 6, 18)])})
    assert (
        "turns[10].tiles",
        "turn 10 (yellow): yellow's bag holds 1 X, and 2 have come out of it",
    ) in refused(tmp_path, twice)


def test_a_turn_that_lays_nothing_must_exchange(tmp_path: Path) -> None:
    """'If a player finds it impossible to make a word, or decides that he/she would prefer to
    exchange some letters, they may exchange up to 2 letters from their coloured bag but,
    forfeit that turn': the rulebook's only turn without a word is an exchange, so blue's
    empty turn 14 (j4) is refused; exchanging one letter instead is fine."""
    assert refused(tmp_path, example(turns={14: play("blue")})) == [
        (
            "turns[14]",
            "turn 14 (blue): no letters laid and none exchanged: a player who cannot or would "
            "rather not make a word exchanges up to 2 letters from their bag, forfeiting the "
            "turn (the rulebook has no plain pass)",
        )
    ]
    assert check(tmp_path, example(turns={14: play("blue", exchanged="Y")})) == (0, [])


def test_check_says_when_the_words_were_not_looked_up(tmp_path: Path) -> None:
    """'The first player (yellow) begins with forming a word': TAXQ and QNTO are no words, but
    without a word list the referee cannot know, so `check` says the spelling was not
    checked (a warning beside 'ok', and beside the errors of a broken record); with --words
    they are refused."""
    nonword = example(turns={10: play("yellow", [("Q", 7, 18)])})
    path = tmp_path / "nonword.toml"
    path.write_text(toml(nonword), encoding="utf-8")
    run = sheetgen("check", str(path))
    # the warning points at the record's first [[turns]] table, where its words start
    turns = path.read_text(encoding="utf-8").splitlines().index("[[turns]]") + 1
    assert (run.code, run.out) == (
        0,
        f"warning: {path}:{turns}:1: {UNCHECKED}\n{path}: ok (1 warning)\n",
    )
    assert "--words FILE" in UNCHECKED
    found = refused(tmp_path, nonword, *EXAMPLE_WORDS)
    assert [m for _, m in found] == [
        "turn 10 (yellow): TAXQ is not a word of the word list",
        "turn 13 (yellow): TAXQS is not a word of the word list",
        "turn 16 (yellow): QNTO is not a word of the word list",
    ]


def test_score_says_how_to_give_rows() -> None:
    """'TAX on row '4' would yield 52 points': rows typed after the word are refused in one
    line that shows the --rows (or --row) form to type instead, and --help shows both."""
    run = sheetgen("scrumpit", "score", "TAX", "4", "4", "4")
    assert (run.code, run.out) == (2, "")
    assert run.err == (
        "error: rows go in an option, not after the word: sheetgen scrumpit score TAX "
        "--rows 4,4,4 (one row a letter)\n"
    )
    run = sheetgen("scrumpit", "score", "tax", "4")
    assert run.code == 2 and run.err.endswith("score TAX --row 4 (every letter on that row)\n")
    run = sheetgen("scrumpit", "score", "TAX")
    assert run.code == 2 and "e.g. TAX --rows 4,4,4" in run.err
    helped = " ".join(sheetgen("scrumpit", "score", "--help").out.split())
    assert "'scrumpit score TAX --rows 4,4,5' (one row a letter)" in helped
    assert sheetgen("scrumpit", "score", "TAX", "--rows", "4,4,4").out.startswith("52 ")
