"""Scribbly Gum records read against the movement tiles turned over: each line one the turn's
tile (or an extra move) allows, a line drawn whenever one is possible, the tiles from the deck,
achievements checked to the turn; records without tiles checked as far as they can be; and the
finished sheet's pen path, wild food and column bonuses. Each rule is argued from
../shared/rulebooks/scribbly-gum.md, quoted in the test's docstring."""

from __future__ import annotations

from pathlib import Path

from sheetgen.draw import Circle
from sheetgen.draw import Path as PathShape
from sheetgen.games.scribbly_gum.draw import bonus_centre, circle_centre
from sheetgen.games.scribbly_gum.finished import PEN, finished_sheet
from sheetgen.games.scribbly_gum.moves import line_targets
from sheetgen.games.scribbly_gum.record import load_setup, pen_lines, replay
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
from tests.support import ROOT, sheetgen

ROUND_TILES = (
    '["left", "dotted", "left/right", "right", "up", "up", "down"], '
    '["left", "down", "up/down", "left/right", "dotted", "up", "right"], '
    '["left", "up", "left/right", "up/down", "dotted", "down", "up"]'
)
# the reviewer's record: seven circles in round 1, most of them straight down the trunk
ALL_DOWN = (
    'game = "scribbly-gum"\ncomponent = "game"\nname = "sg10"\ntree = "scribbly-gum/kuringgai"\n'
    "{revealed}"
    '[[players]]\nname = "Zed"\n'
    'circles = [["j4", "k4", "l4", "m4", "k5", "l5", "j6"], [], []]\n'
)


def test_a_line_the_turns_tile_does_not_allow_is_refused(tmp_path: Path) -> None:
    """Rulebook, Playing a turn: the tile 'tells every player what sort of line they can draw
    this turn', e.g. '**LEFT:** Draw a line from any filled-in circle to the left.' Round 1
    turns over LEFT first: j4 lies below the start circle i4, so Zed cannot reach it; each
    line no tile allows is named with its round and turn."""
    record = tmp_path / "down.toml"
    record.write_text(ALL_DOWN.format(revealed=f"revealed = [{ROUND_TILES}]\n"), "utf-8")
    run = sheetgen("check", str(record))
    assert run.code == 1
    # the first player's first round's first circle, where the record writes it
    lines = record.read_text(encoding="utf-8").splitlines()
    row = next(n for n, line in enumerate(lines, 1) if line.lstrip().startswith("circles"))
    column = lines[row - 1].index('"j4"') + 1
    assert (
        f"error: {record}:{row}:{column}: players[1].circles[1][1]: Zed, round 1 turn 1: the "
        "LEFT tile draws a line only left out of a filled-in circle to a new one, and j4 is not "
        "reached that way\n"
    ) in run.err
    assert (
        "Zed, round 1 turn 5: the UP tile draws a line only upwards out of a filled-in circle "
        "to a new one, and m4 is not reached that way" in run.err
    )


def test_without_tiles_more_downward_lines_than_the_deck_allows_are_refused(
    tmp_path: Path,
) -> None:
    """Rulebook: 'Each round, 1 movement tile will **not be used**', so a round turns over 7 of
    the 8 tiles, and only DOWN and UP/DOWN ('upwards OR downwards') draw down; extra moves may
    go 'upwards, downwards, left, OR right'. Read in order, j4, k4, l4 and m4 each hang below
    the circle before them: with 2 such tiles and the 2 extra moves Zed's tracker earns, 4
    lines down at most, and check says the tiles were not given."""
    record = tmp_path / "down.toml"
    record.write_text(ALL_DOWN.format(revealed=""), "utf-8")
    run = sheetgen("check", str(record))
    assert run.code == 1
    assert (
        "Zed, round 1: 6 circles can only have been reached by a line drawn downwards, but the "
        "deck's DOWN and UP/DOWN tiles allow 2 such lines a round and the tracker's arrows gave "
        "2 extra moves: 4 at most" in run.err
    )
    assert "revealed: no movement tiles given: Zed's lines are checked" in run.out
    assert run.out.startswith("warning: ")


def test_a_record_without_tiles_says_its_moves_were_not_checked_against_them(
    tmp_path: Path,
) -> None:
    """Without `revealed`, check passes what it can check and warns that the lines were not
    read against each turn's tile (the rulebook's 'Each turn a movement tile is flipped
    over')."""
    text = (ROOT / "layouts" / "scribbly-gum" / "example-game.toml").read_text(encoding="utf-8")
    start, end = text.index("revealed = ["), text.index("]\n\n[[players]]") + 2
    cut = text[:start] + text[end:]
    ana = 'wild = { e4 = "nut", f7 = "nut" }\nachievements = [{ letter = "A", round = 3, turn = 4 }'
    cut = cut.replace(ana, ana.replace("\nach", '\ndotted = ["d7"]\nach'), 1)
    record = tmp_path / "untiled.toml"
    record.write_text(cut, "utf-8")
    run = sheetgen("check", str(record))
    assert run.code == 0, run.err
    assert run.out == (
        f"warning: {record}:revealed: no movement tiles given: Ana, Ben's lines are checked to "
        "come out of filled-in circles along the tree's lines, but not against each turn's "
        f"tile, and achievements only by the round\n{record}: ok (1 warning)\n"
    )


def test_a_player_draws_whenever_a_line_is_possible() -> None:
    """Rulebook, Important rules: 'On the rare turn that you have no legal line to draw, you
    simply do nothing that turn' (so only then). Without j4, Ana draws nothing on round 1's
    last turn (DOWN), though i4 to j4 was open."""
    circles = [list(r) for r in ANA.circles]  # type: ignore[union-attr]
    circles[0] = circles[0][:4]
    assert read(with_ana(circles=circles))[0] == (
        "players[0].circles[0]",
        "Ana, round 1: no line drawn on turn 7, though one was possible (e.g. i4 to j4): a "
        "player does nothing only on a turn with no legal line",
    )


def test_a_round_turns_over_tiles_from_the_deck() -> None:
    """Rulebook, Starting a round: the mother moth shuffles 'all 8 movement tiles' and sets one
    aside, then turns over 'the top movement tile' each turn. The deck has one DOWN tile, so
    round 1 cannot turn it over twice."""
    revealed = [list(r) for r in EXAMPLE.revealed]  # type: ignore[union-attr]
    revealed[0][0] = "down"
    found = read(EXAMPLE.model_copy(update={"revealed": revealed}))
    assert found[0] == (
        "revealed[0]",
        "round 1 turns over the DOWN tile 2 times, but the deck has 1 such tile: each round's 7 "
        "tiles come from the 8 shuffled, one set aside unseen",
    )


def test_with_tiles_the_dotted_lines_are_the_dotted_tiles_turns() -> None:
    """Rulebook: 'The only time you can draw along a dotted line is when the 'dotted line'
    movement tile has been turned over.' With the tiles given, a separate list of dotted
    lines could only disagree with them: it is refused."""
    assert read(with_ana(dotted=["d7"])) == [
        (
            "players[0].dotted",
            "with the movement tiles given, the lines along a dotted line are those drawn on the "
            "DOTTED LINE tile's turns: leave dotted out",
        )
    ]


def test_an_extra_move_never_follows_a_dotted_line() -> None:
    """Rulebook, Extra moves: 'Immediately draw a line from any filled-in circle upwards,
    downwards, left, OR right ... You may not draw along a dotted line.' From e6, d7 is
    reached along a dotted line only: by the DOTTED LINE tile, never by an extra move."""
    e6, d7 = BOARD.ids.index("e6"), BOARD.ids.index("d7")
    assert d7 in BOARD.dotted[e6] and d7 not in BOARD.neighbours[e6]
    assert line_targets(BOARD, {e6}, "dotted") == {d7: e6}
    assert d7 not in line_targets(BOARD, {e6}, "extra")


def test_without_tiles_achievements_are_checked_by_the_round() -> None:
    """Rulebook: achievements are checked 'At the end of each turn'; without the tiles the
    turn is unknown, so a claim on any turn of the right round passes."""
    assert read(untiled(with_ana(dotted=["d7"]))) == []


def test_the_finished_sheet_shows_the_pen_path_wild_food_and_bonuses() -> None:
    """Rulebook: each turn you 'draw a line' from a filled-in circle to a new circle (the pen
    path, the dotted line traced too), a wild circle gives 'the next nut, leaf, OR blossom -
    it's your choice' (the food shown), and '3 points are awarded if you collected 15 nuts, 15
    leaves or 15 blossoms' (the bonus earned ringed). Ben drew 27 lines, took both wild circles
    as nuts, and filled the leaf and blossom columns but 14 nuts."""
    setup, _ = load_setup(EXAMPLE)
    assert setup is not None
    play = replay(setup, BEN, EXAMPLE.revealed)
    ids = BOARD.ids
    lines = [(ids[a], ids[b], d) for a, b, d in pen_lines(setup, BEN, play)]
    assert len(lines) == 27 and ("e6", "d7", True) in [
        (ids[a], ids[b], d)
        for a, b, d in pen_lines(setup, ANA, replay(setup, ANA, EXAMPLE.revealed))
    ]
    circles = [c for r in BEN.circles for c in r]  # type: ignore[union-attr]
    drawing = finished_sheet(KURINGGAI, "Ben", circles, (14, 15, 15), {}, lines, BEN.wild)
    pen = [s for s in drawing.children if isinstance(s, PathShape) and s.style.stroke == PEN]
    assert len(pen) == 27
    at = {c.id: c.at for c in KURINGGAI.circles}
    white = {
        (round(s.cx, 3), round(s.cy, 3))
        for s in drawing.children
        if isinstance(s, Circle) and s.style.fill == "#ffffff" and s.style.stroke is None
    }
    for cid in ("e4", "f7"):
        x, y = circle_centre(KURINGGAI, at[cid])
        assert (round(x, 3), round(y, 3)) in white
    rings = {
        (round(s.cx, 3), round(s.cy, 3))
        for s in drawing.children
        if isinstance(s, Circle) and s.style.stroke == PEN and s.style.fill is None
    }
    centres = [tuple(round(v, 3) for v in bonus_centre(KURINGGAI, k)) for k in range(3)]
    assert [c in rings for c in centres] == [False, True, True]
