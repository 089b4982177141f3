"""`sheetgen scribe …`: scoring a mini grid or a whole super grid from the command line."""

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sheetgen.errors import UsageError
from sheetgen.text.terminal import say

if TYPE_CHECKING:
    from sheetgen.games.scribe.rules import GlyphTable, MiniScore

app = typer.Typer(
    help="Scribe: score mini grids and super grids.", no_args_is_help=True, rich_markup_mode=None
)


def _table(layout_ref: str) -> "GlyphTable":
    # imported here, not at the top, for start-up time
    from sheetgen.games.scribe.model import ScribeLayout
    from sheetgen.games.scribe.rules import GlyphTable
    from sheetgen.layouts.read import load_model

    return GlyphTable.of(load_model(layout_ref, ScribeLayout, "--layout").glyphs)


def _mini_json(score: "MiniScore") -> dict[str, Any]:
    return {
        "players": {
            p: {"points": s.points, "glyphs": list(s.glyphs), "unscored_groups": s.unscored}
            for p, s in score.scores.items()
        },
        "full": score.full,
        "winner": score.winner,
    }


def _mini_lines(score: "MiniScore") -> list[str]:
    # imported here, not at the top, for start-up time
    from sheetgen.games.scribe.rules import PLAYERS

    lines = []
    for player in PLAYERS:
        s = score.scores[player]
        glyphs = ", ".join(s.glyphs) or "no glyphs"
        extra = (
            f" ({s.unscored} group{'s' if s.unscored != 1 else ''} matching no glyph)"
            if s.unscored
            else ""
        )
        lines.append(
            f"{player}  {s.points:2d} point{'s' if s.points != 1 else ' '}: {glyphs}{extra}"
        )
    lines.append(f"winner: {score.winner}" if score.full else "winner: not decided (grid not full)")
    return lines


def _mini_span(index: int) -> str:
    # imported here, not at the top, for start-up time
    from sheetgen.games.scribe.rules import COLUMNS

    r0, c0 = 3 * (index // 3), 3 * (index % 3)
    return f"{COLUMNS[c0]}{r0 + 1}-{COLUMNS[c0 + 2]}{r0 + 3}"


@app.command()
def score(
    grid: Annotated[
        str,
        typer.Argument(
            help="a mini grid '+O+/O+O/OO+' (3 rows of 3) or a super "
            "grid (9 rows of 9); '.' marks an empty square"
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
    last: Annotated[
        str | None,
        typer.Option(
            help="the square last played (e.g. E5): say where "
            "the next move must go (super grids only)"
        ),
    ] = None,
    layout: Annotated[str, typer.Option(help="layout whose glyph set scores")] = "scribe/standard",
) -> None:
    """Score a mini grid (points and glyphs each) or a super grid (winners and match winner).

    Examples:

    \b
      sheetgen scribe score "+O+/O+O/OO+"
      sheetgen scribe score "+O+/O+O/OO+" --json
    """
    # imported here, not at the top, for start-up time
    from sheetgen.games.scribe.rules import (
        MINI_NAMES,
        GridError,
        forced_mini,
        parse_rows,
        parse_square,
        score_mini,
        score_super,
    )

    table = _table(layout)
    size = 9 if grid.count("/") >= 8 else 3
    try:
        rows = parse_rows(grid, size, "mini grid" if size == 3 else "super grid")
        square = parse_square(last) if last else None
    except GridError as exc:
        raise UsageError(str(exc)) from None
    if size == 3:
        if square is not None:
            raise UsageError("--last needs a full super grid (9 rows of 9)")
        mini = score_mini(rows, table)
        say(json.dumps(_mini_json(mini), indent=2) if as_json else "\n".join(_mini_lines(mini)))
        return
    match = score_super(rows, table)
    forced = None if square is None else forced_mini(rows, square)
    if as_json:
        out: dict[str, Any] = {
            "mini_grids": [
                dict(_mini_json(m), name=MINI_NAMES[i], squares=_mini_span(i))
                for i, m in enumerate(match.minis)
            ],
            "wins": match.wins,
            "winner": match.winner,
        }
        if square is not None:
            out["next_mini_grid"] = None if forced is None else MINI_NAMES[forced]
        say(json.dumps(out, indent=2))
        return
    say(f"{'mini grid':22} {'+':>3} {'O':>3}  winner")
    for i, mini in enumerate(match.minis):
        name = f"{MINI_NAMES[i]} ({_mini_span(i)})"
        say(
            f"{name:22} {mini.scores['+'].points:3d} {mini.scores['O'].points:3d}  "
            f"{mini.winner or ('-' if mini.full else 'not full')}"
        )
    say(f"mini grids won: + {match.wins['+']}, O {match.wins['O']}")
    say(f"match winner: {match.winner}" if match.winner else "match winner: not decided yet")
    if square is not None:
        say(
            "next move: anywhere (that mini grid is full)"
            if forced is None
            else f"next move: in the {MINI_NAMES[forced]} mini grid ({_mini_span(forced)})"
        )
