"""`sheetgen scribbly-gum …`: the solo-game simulator that measures a tree."""

import json
import time
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sheetgen.text.terminal import say

if TYPE_CHECKING:
    from sheetgen.games.scribbly_gum.model import TilesLayout, TreeLayout
    from sheetgen.games.scribbly_gum.record import GameScore, Setup

app = typer.Typer(
    help="Scribbly Gum: score finished games, simulate solo games on a tree.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
MAX_GAMES = 1_000_000


def _load_tree(ref: str) -> "TreeLayout":
    # imported here, not at the top, for start-up time
    from sheetgen.games.scribbly_gum.model import TreeLayout
    from sheetgen.layouts.read import load_model

    name = ref if "/" in ref or ref.endswith(".toml") else f"scribbly-gum/{ref}"
    return load_model(name, TreeLayout, "simulate", checked=True)


def _load_tiles(ref: str) -> "TilesLayout":
    # imported here, not at the top, for start-up time
    from sheetgen.games.scribbly_gum.model import TilesLayout
    from sheetgen.layouts.read import load_model

    return load_model(ref, TilesLayout, "--tiles")


@app.command()
def simulate(
    tree: Annotated[str, typer.Argument(help="a tree: kuringgai, mooloolah, or a layout path")],
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="games per player")] = 10_000,
    seed: Annotated[int, typer.Option(help="random seed: the same seed, the same figures")] = 7,
    tiles: Annotated[
        str, typer.Option(help="tiles layout (movement deck, achievements)")
    ] = "scribbly-gum/tiles",
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
) -> None:
    """Play the solo game many times with a random and a greedy player; print the scores.

    Examples:

    \b
      sheetgen scribbly-gum simulate kuringgai
      sheetgen scribbly-gum simulate scribbly-gum/mooloolah --games 1000 --seed 7
    """
    # imported here, not at the top, for start-up time
    from sheetgen.games.scribbly_gum.rules import SOLO_CHART
    from sheetgen.games.scribbly_gum.simulate import simulate as run
    from sheetgen.games.scribbly_gum.tree_graph import compile_board

    layout = _load_tree(tree)
    deck = _load_tiles(tiles)
    start = time.perf_counter()
    summaries = run(compile_board(layout), deck.movement, deck.achievements, games, seed)
    seconds = time.perf_counter() - start
    if as_json:
        say(
            json.dumps(
                {"tree": layout.name, "seed": seed, "players": [asdict(s) for s in summaries]},
                indent=2,
            )
        )
        return
    say(
        f"{layout.side} side, {games:,} solo games a player, seed {seed} "
        f"({2 * games / seconds:,.0f} games/s)"
    )
    names = [name for _, _, name in SOLO_CHART]
    say(
        f"{'player':8} {'mean':>6} {'p10':>5} {'median':>6} {'p90':>5}  "
        + " ".join(f"{n:>6}" for n in names)
    )
    for s in summaries:
        say(
            f"{s.player:8} {s.mean:6.1f} {s.p10:5.0f} {s.median:6.0f} {s.p90:5.0f}  "
            + " ".join(f"{s.bands[n]:6.1%}" for n in names)
        )


@app.command()
def deck(
    out: Annotated[
        Path | None,
        typer.Option(help="the HTML file to write (default output/scribbly-gum-deck.html)"),
    ] = None,
    tiles: Annotated[
        str, typer.Option(help="tiles layout (the movement deck)")
    ] = "scribbly-gum/tiles",
    screen: Annotated[
        str, typer.Option(help="screen tile layout (size, colours)")
    ] = "scribbly-gum/digital",
) -> None:
    """Write the offline HTML tile deck: shuffle, set one aside, reveal one a turn.

    Examples:

    \b
      sheetgen scribbly-gum deck
      sheetgen scribbly-gum deck --out class/deck.html
    """
    # imported when the command runs, so that the program starts without drawing or page code
    from sheetgen.games.scribbly_gum.deck import screen_deck
    from sheetgen.games.scribbly_gum.model import DigitalLayout
    from sheetgen.layouts.read import load_model
    from sheetgen.pipeline.pages import write_screen_page

    deck = screen_deck(_load_tiles(tiles), load_model(screen, DigitalLayout, "--screen"))
    say(write_screen_page(deck, out, "scribbly-gum-deck.html"))


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _score_json(setup: "Setup", score: "GameScore") -> dict[str, Any]:
    """The score as JSON, keys in a fixed order."""
    # imported here, not at the top, for start-up time
    from sheetgen.games.scribbly_gum.model import FOODS

    return {
        "tree": setup.tree.name,
        "side": setup.tree.side,
        "achievements": [
            {"letter": letter, "title": a.title, "gold": a.gold, "silver": a.silver}
            for letter, a in setup.achievements.items()
        ],
        "players": [
            {
                "name": s.name,
                "tracker": dict(zip(FOODS, s.tracker, strict=True)),
                "round_meals": list(s.round_meals),
                "meals": sum(s.round_meals),
                "column_bonus": s.column_bonus,
                "achievements": [
                    {
                        "letter": c.letter,
                        "title": setup.achievements[c.letter].title,
                        "round": c.round,
                        "turn": c.turn,
                        "side": "gold" if c.gold else "silver",
                        "points": c.points,
                    }
                    for c in s.achievements
                ],
                "achievement_points": sum(c.points for c in s.achievements),
                "total": s.total,
            }
            for s in score.sheets
        ],
        "winners": list(score.winners),
        "tie_broken_by_column_bonus": score.tie_broken,
        "solo_band": score.solo_band,
    }


def _score_lines(setup: "Setup", score: "GameScore") -> list[str]:
    """The score as a reader wants it: each sheet's parts, then the winners."""
    # imported here, not at the top, for start-up time
    from sheetgen.games.scribbly_gum.model import FOODS

    count = len(score.sheets)
    in_play = ", ".join(
        f"{letter} {a.title} (gold {a.gold}, silver {a.silver})"
        for letter, a in setup.achievements.items()
    )
    lines = [
        f"{setup.tree.side} side, {count} player{'s' if count != 1 else ''}; "
        + (f"achievements {in_play}" if in_play else "basic game (no achievements)")
    ]
    for s in score.sheets:
        meals = " + ".join(f"{m}" for m in s.round_meals)
        full = [food for food, n in zip(FOODS, s.tracker, strict=True) if n == 15]
        lines += [
            s.name,
            "  tracker at the end: "
            + ", ".join(f"{food} {n}" for food, n in zip(FOODS, s.tracker, strict=True)),
            f"  total meals, rounds 1-3: {meals} = {_points(sum(s.round_meals))}",
            f"  column bonus: {_points(s.column_bonus)}"
            + (f" ({', '.join(full)} column{'s' if len(full) != 1 else ''} full)" if full else ""),
        ]
        if setup.achievements:
            got = [
                f"{c.letter} {c.points} ({'gold' if c.gold else 'silver'}, "
                f"round {c.round} turn {c.turn})"
                for c in s.achievements
            ]
            points = sum(c.points for c in s.achievements)
            lines.append(f"  achievements: {', '.join(got) or 'none'} -> {_points(points)}")
        lines.append(f"  final score: {_points(s.total)}")
    if score.solo_band is not None:
        lines.append(f"solo chart: {score.solo_band}")
        return lines
    by_name = {s.name: s for s in score.sheets}
    best = by_name[score.winners[0]]
    names = " and ".join(score.winners)
    if len(score.winners) > 1:
        lines.append(
            f"winners: {names}, tied on {_points(best.total)} and "
            f"{_points(best.column_bonus)} of column bonus: they win together"
        )
    elif score.tie_broken:
        lines.append(
            f"winner: {names} with {_points(best.total)}, the tie broken by the most column "
            f"bonus points ({best.column_bonus})"
        )
    else:
        lines.append(f"winner: {names} with {_points(best.total)}")
    return lines


@app.command()
def score(
    record: Annotated[
        str,
        typer.Argument(help="a game record file (see docs/games/scribbly-gum.md)"),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
) -> None:
    """Score a finished game: meals each round, column bonus, achievements, final scores and
    the winners (a tie goes to the most column bonus points).

    Examples:

    \b
      sheetgen scribbly-gum score scribbly-gum/example-game
      sheetgen scribbly-gum score my-game.toml --json
    """
    # imported here, not at the top, for start-up time
    from sheetgen.errors import SheetgenError
    from sheetgen.findings import nowhere
    from sheetgen.games.scribbly_gum.model import GameRecord
    from sheetgen.games.scribbly_gum.record import load_setup, score_game
    from sheetgen.layouts.read import load_model

    game = load_model(record, GameRecord, "score", checked=True)
    setup, found = load_setup(game)
    if setup is None:  # the check has reported it already; kept for the type checker
        raise SheetgenError(found[0].refusal(record, nowhere))
    result = score_game(setup, game)
    if as_json:
        say(json.dumps(_score_json(setup, result), indent=2))
        return
    for line in _score_lines(setup, result):
        say(line)
