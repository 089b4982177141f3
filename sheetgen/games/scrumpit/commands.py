"""`sheetgen scrumpit …`: scoring a word on its home rows, or a whole recorded game."""

import json
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.errors import UsageError
from sheetgen.text.terminal import say

if TYPE_CHECKING:
    from sheetgen.games.scrumpit.model import TilesLayout

app = typer.Typer(
    help="Scrumpit: score words and recorded games.", no_args_is_help=True, rich_markup_mode=None
)


def _tiles(ref: str) -> "TilesLayout":
    # imported here, not at the top, for start-up time
    from sheetgen.games.scrumpit.model import TilesLayout
    from sheetgen.layouts.read import load_model

    return load_model(ref, TilesLayout, "--tiles")


@app.command(context_settings={"allow_extra_args": True})
def score(
    ctx: typer.Context,
    word: Annotated[str, typer.Argument(help="the letters that score, e.g. TAX")],
    row: Annotated[
        int | None,
        typer.Option(min=0, max=7, help="the home row every letter is on (1-7), e.g. --row 4"),
    ] = None,
    rows: Annotated[
        str | None,
        typer.Option(
            help="each letter's home row, one a letter, commas between, e.g. TAX --rows 4,4,5 "
            "(0 for a letter outside the home zone)"
        ),
    ] = None,
    tiles: Annotated[str, typer.Option(help="the tile set (letter values)")] = "scrumpit/tiles",
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
) -> None:
    """Score a word in your home zone: each letter's value times the number of its row.
    Give the rows as an option: 'scrumpit score TAX --row 4' (all on row 4) or
    'scrumpit score TAX --rows 4,4,5' (one row a letter).

    Examples:

    \b
      sheetgen scrumpit score TAX --row 4
      sheetgen scrumpit score QUIZ --rows 0,1,2,3
    """
    # imported here, not at the top, for start-up time
    from sheetgen.games.scrumpit.rules import BOARD_SIZE, score_letters

    values = _tiles(tiles).values()
    letters = word.strip().upper()
    if len(letters) > BOARD_SIZE:  # said before it is echoed back, letter by letter
        raise UsageError(
            f"a word of {len(letters):,} letters: a word on the board is at most "
            f"{BOARD_SIZE} letters long"
        )
    bad = sorted({ch for ch in letters if ch not in values})
    if not letters or bad:
        raise UsageError(
            f"{word!r}: {'letters ' + ''.join(bad) + ' are' if bad else 'a word is'}"
            " not in the bags (use the letters A-Z)"
        )
    if ctx.args:  # rows given after the word: refused with the option to use instead
        form = (
            f"--row {ctx.args[0]} (every letter on that row)"
            if len(ctx.args) == 1
            else f"--rows {','.join(ctx.args)} (one row a letter)"
        )
        raise UsageError(
            f"rows go in an option, not after the word: sheetgen scrumpit score {letters} {form}"
        )
    if (row is None) == (rows is None):
        raise UsageError(
            f"give the rows: --row R (every letter on row R, e.g. {letters} --row 4) or --rows "
            f"r1,r2,... (one a letter, e.g. {letters} --rows {','.join(['4'] * len(letters))})"
        )
    if rows is not None:
        try:
            each = [int(r) for r in rows.split(",")]
        except ValueError:
            raise UsageError(f"--rows {rows!r}: give whole numbers 0-7, e.g. 4,4,5") from None
        if len(each) != len(letters) or not all(0 <= r <= 7 for r in each):
            raise UsageError(
                f"--rows {rows!r}: give one row (0-7) for each of the {len(letters)} letters"
            )
    else:
        each = [row or 0] * len(letters)
    total = score_letters(letters, each, values)
    if as_json:
        say(
            json.dumps(
                {
                    "word": letters,
                    "rows": each,
                    "points": total,
                    "letters": [
                        {"letter": ch, "value": values[ch], "row": r}
                        for ch, r in zip(letters, each, strict=True)
                    ],
                }
            )
        )
        return
    parts = " + ".join(f"{ch} {values[ch]}×{r}" for ch, r in zip(letters, each, strict=True))
    say(f"{total}  ({letters}: {parts})")


@app.command()
def game(
    record: Annotated[str, typer.Argument(help='a game record (component = "game")')],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
) -> None:
    """Score a recorded game turn by turn, with running totals and the rack deductions.

    Examples:

    \b
      sheetgen scrumpit game scrumpit/example-game
      sheetgen scrumpit game my-game.toml --json
    """
    # imported here, not at the top, for start-up time
    from sheetgen.games.scrumpit.model import BoardLayout, GameRecord
    from sheetgen.games.scrumpit.rules import score_game
    from sheetgen.layouts.read import load_model

    rec = load_model(record, GameRecord, "game", checked=True)
    board = load_model(rec.board, BoardLayout, f"{record}: board")
    result = score_game(rec, board, _tiles(rec.tiles))
    if as_json:
        say(
            json.dumps(
                {
                    "turns": [
                        {"player": t.player, "words": t.words, "points": t.points}
                        for t in result.turns
                    ],
                    "running": result.running,
                    "deductions": result.deductions,
                    "totals": result.totals,
                },
                indent=2,
            )
        )
        return
    for i, (turn, running) in enumerate(zip(result.turns, result.running, strict=True), 1):
        words = ", ".join(f"{w} {p}" for w, p in turn.words) or "no word"
        say(
            f"turn {i:2d} {turn.player:6} {turn.points:4d}  ({words})  "
            f"running {running[turn.player]}"
        )
    for p, d in result.deductions.items():
        say(f"rack deduction {p}: -{d}")
    say("totals: " + ", ".join(f"{p} {t}" for p, t in result.totals.items()))
