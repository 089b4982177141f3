"""`sheetgen walkabout …`: scoring finished sheets and listing a day's legal moves."""

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sheetgen.errors import UsageError
from sheetgen.text.terminal import say

if TYPE_CHECKING:
    from sheetgen.games.walkabout.model import GameRecord, MapLayout

app = typer.Typer(
    help="Walkabout: score finished sheets, list legal moves.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def _record(ref: str) -> "tuple[GameRecord, MapLayout]":
    # imported here, not at the top, for start-up time
    from sheetgen.games.walkabout.model import GameRecord, MapLayout
    from sheetgen.layouts.read import beside, load_model

    record = load_model(ref, GameRecord, "walkabout", checked=True)
    return record, load_model(beside(record, record.map), MapLayout, f"{ref}: map")


def _map_shown(record: "GameRecord") -> str:
    """The map a record names, as a user can find it: a built-in name as it is, a file as its
    path from the working folder (or its full path when it lies outside it), not the record's
    own relative path."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import beside, builtin_layouts

    ref = beside(record, record.map)
    if ref in builtin_layouts():
        return ref
    path = Path(ref).resolve()
    return (
        str(path.relative_to(Path.cwd().resolve()))
        if path.is_relative_to(Path.cwd())
        else str(path)
    )


def _players(games: list[str], records: "list[tuple[GameRecord, MapLayout]]") -> None:
    """Sheets scored together are different players': two of one name are refused."""
    seen: dict[str, str] = {}
    for ref, (record, _) in zip(games, records, strict=True):
        name = record.player or record.name
        if seen.get(name) == ref:
            raise UsageError(f"{ref} is given twice: each player's sheet is scored once")
        if name in seen:
            raise UsageError(
                f"{ref}: player {name!r} is also the player of {seen[name]}: each sheet scored "
                'together is a different player\'s (give each record its own player = "NAME")'
            )
        seen[name] = ref


def _points(value: object) -> str:
    """A number of points in words: '1 point', '0 points', '6.5 points'."""
    # imported here, not at the top, for start-up time
    from fractions import Fraction

    v = Fraction(str(value)) if not isinstance(value, Fraction) else value
    number = str(int(v)) if v.denominator == 1 else f"{float(v):g}"
    return f"{number} point" if v == 1 else f"{number} points"


@app.command()
def score(
    games: Annotated[
        list[str],
        typer.Argument(
            help="game record files (two or more: the multi-player rule for symbol points)"
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
) -> None:
    """Score finished sheets: each region's best way, the symbol counts, stars, the total.

    Examples:

    \b
      sheetgen walkabout score walkabout/example-game
      sheetgen walkabout score ann.toml bob.toml
    """
    # imported here, not at the top, for start-up time
    from sheetgen.games.walkabout.model import SYMBOLS
    from sheetgen.games.walkabout.rules import grid_of, score_game, score_regions

    records = [_record(ref) for ref in games]
    _players(games, records)
    bests: list[dict[str, int]] = []  # each player's most of a symbol in one region
    for record, layout in records if len(records) > 1 else ():  # the rule of several players
        regions = score_regions(grid_of(layout), record.path, [*layout.symbols, *record.symbols])
        bests.append({k: max((r.counts[k] for r in regions), default=0) for k in SYMBOLS})
    results: list[dict[str, Any]] = []
    for i, (record, layout) in enumerate(records):
        others = [b for j, b in enumerate(bests) if j != i] if len(records) > 1 else None
        s = score_game(layout, record, others)
        results.append(
            {
                "player": record.player or record.name,
                "map": record.map,
                "regions": [
                    {
                        "region": r.region + 1,
                        "spaces": r.spaces,
                        "points": r.points,
                        "way": r.way,
                        "counts": r.counts,
                    }
                    for r in s.regions
                ],
                "region_total": s.region_total,
                "most_in_one_region": s.most,
                "symbol_points": {k: float(v) for k, v in s.symbol_points.items()},
                "stars": {
                    "collected": s.stars_collected,
                    "used": record.stars_used,
                    "unused": s.unused_stars,
                },
                "total": float(s.total),
            }
        )
    if as_json:
        say(json.dumps(results if len(results) > 1 else results[0], indent=2))
        return
    for res, (record, _) in zip(results, records, strict=True):
        say(f"{res['player']} on {_map_shown(record)}")
        say(f"  {'region':>6} {'spaces':>6} {'points':>6}  best way")
        for r in res["regions"]:
            if r["points"] or any(r["counts"].values()):
                say(f"  {r['region']:6d} {r['spaces']:6d} {r['points']:6d}  {r['way']}")
        quiet = sum(1 for r in res["regions"] if not r["points"] and not any(r["counts"].values()))
        if quiet:
            say(f"  ({quiet} empty region{'s' if quiet != 1 else ''} score 0)")
        say(f"  region points: {_points(res['region_total'])}")
        most = ", ".join(f"{k} {res['most_in_one_region'][k]}" for k in SYMBOLS)
        sym = sum(res["symbol_points"].values())
        say(f"  most in one region: {most} -> {_points(sym)}")
        st = res["stars"]
        say(
            f"  stars: 1 + {st['collected']} collected - {st['used']} used = "
            f"{st['unused']} unused -> {_points(st['unused'])}"
        )
        say(f"  total: {_points(res['total'])}")


@app.command()
def moves(
    game: Annotated[str, typer.Argument(help="a game record: the path so far")],
    roll: Annotated[str, typer.Option(help="the faces rolled, die by die, e.g. 1,4,6")],
    dice: Annotated[str, typer.Option(help="the dice layout")] = "walkabout/dice",
    stars: Annotated[
        int | None, typer.Option(min=0, help="stars in hand (default: from the record)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
) -> None:
    """List the day's legal options for a roll, as the rules allow them.

    Examples:

    \b
      sheetgen walkabout moves walkabout/example-game --roll 1,4,6
      sheetgen walkabout moves my-game.toml --roll 2,2,5 --stars 1
    """
    # imported here, not at the top, for start-up time
    from sheetgen.games.walkabout.model import DiceLayout
    from sheetgen.games.walkabout.rules import grid_of, legal_moves, stars_collected
    from sheetgen.layouts.read import load_model

    record, layout = _record(game)
    loaded = load_model(dice, DiceLayout, "--dice")
    try:
        numbers = [int(x) for x in roll.split(",")]
    except ValueError:
        raise UsageError(f"--roll {roll!r}: give one face number (1-6) a die, e.g. 1,4,6") from None
    if len(numbers) != len(loaded.dice) or not all(1 <= n <= 6 for n in numbers):
        raise UsageError(
            f"--roll {roll!r}: give one face number (1-6) for each of the {len(loaded.dice)} dice"
        )
    faces = [die.faces[n - 1] for die, n in zip(loaded.dice, numbers, strict=True)]
    held = stars if stars is not None else 1 + stars_collected(layout, record) - record.stars_used
    names = [d.name for d in loaded.dice]
    options = legal_moves(grid_of(layout), record.path, faces, held)
    if as_json:
        listed = [
            {
                "kind": o.kind,
                "die": names[o.die] if o.die is not None else None,
                "to": list(o.nodes[-1]) if o.nodes else None,
                "nodes": [list(n) for n in o.nodes],
                "text": o.describe(names),
            }
            for o in options
        ]
        say(json.dumps({"roll": numbers, "stars": held, "options": listed}, indent=2))
        return
    for option in options:
        say(option.describe(names))


@app.command()
def roller(
    out: Annotated[
        Path | None,
        typer.Option(help="the HTML file to write (default output/walkabout-roller.html)"),
    ] = None,
    dice: Annotated[str, typer.Option(help="the dice layout")] = "walkabout/dice",
) -> None:
    """Write the offline HTML dice roller: the three dice rolled together, a list of days.

    Examples:

    \b
      sheetgen walkabout roller
      sheetgen walkabout roller --out class/roller.html
    """
    # imported when the command runs, so that the program starts without drawing or page code
    from sheetgen.games.walkabout.model import DiceLayout
    from sheetgen.games.walkabout.roller import screen_dice
    from sheetgen.layouts.read import load_model
    from sheetgen.pipeline.pages import write_screen_page

    dice_of = screen_dice(load_model(dice, DiceLayout, "--dice"))
    say(write_screen_page(dice_of, out, "walkabout-roller.html"))
