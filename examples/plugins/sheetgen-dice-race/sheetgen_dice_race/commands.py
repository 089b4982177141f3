"""`sheetgen dice-race …`: scoring a finished game from the dice chosen, turn by turn. (Its
imports stay light: `sheetgen --help` reads this module; the rest are imported in the
command.)"""

import json
from typing import Annotated

import typer

from sheetgen.errors import UsageError
from sheetgen.text.terminal import say

app = typer.Typer(help="Dice Race: score a finished game.", no_args_is_help=True)


@app.command()
def score(
    dice: Annotated[
        list[str], typer.Argument(help="the die chosen each turn, in order: 1 to 6, one a turn")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
    layout: Annotated[
        str, typer.Option(help="layout whose lane, turns, bonus and penalty score")
    ] = "dice-race/standard",
) -> None:
    """Score a game: each lane's ticks and points, and the total.

    Examples:

    \b
      sheetgen dice-race score 6 6 5 3 6 1 6 4 6 2 5 5 3 5 5
      sheetgen dice-race score 6 6 5 --json
    """
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import load_model
    from sheetgen_dice_race.model import DiceRaceLayout
    from sheetgen_dice_race.rules import DiceError, Race, read_dice
    from sheetgen_dice_race.rules import score as scored

    race = Race.of(load_model(layout, DiceRaceLayout, "--layout"))
    try:
        result = scored(read_dice(dice, race), race)
    except DiceError as exc:
        raise UsageError(str(exc)) from None
    if as_json:
        lanes = [lane._asdict() for lane in result.lanes]
        say(json.dumps({"lanes": lanes, "total": result.total}, indent=2))
        return
    for lane in result.lanes:
        ticks = f"{lane.ticks} tick{'s' if lane.ticks != 1 else ''}"
        notes = [
            *(["finished"] if lane.finished else []),
            *(["empty"] if not lane.ticks else []),
            *([f"{lane.lost} more lost"] if lane.lost else []),
        ]
        said = f" ({', '.join(notes)})" if notes else ""
        say(f"lane {lane.face}: {ticks:8} {lane.points:4d}{said}")
    say(f"total: {result.total}")
