"""`sheetgen marram …`: scoring a board of placed tiles, and whether a tile fits."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from sheetgen.games.marram.model import BoardLayout, TileSetLayout

app = typer.Typer(
    help="Marram: score boards, test where a tile fits.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def _board(ref: str) -> tuple[BoardLayout, TileSetLayout]:
    from sheetgen.games.marram.model import BoardLayout, TileSetLayout
    from sheetgen.layout import load_model

    board = load_model(ref, BoardLayout, "score", checked=True)
    return board, load_model(board.tiles, TileSetLayout, f"{ref}: tiles")


@app.command()
def score(
    board: Annotated[str, typer.Argument(help='a board layout (component = "board")')],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
) -> None:
    """Score a board: each claimed feature's points and owners, and every player's total."""
    from sheetgen.games.marram.rules import faces_of, lay, score_board

    layout, tiles = _board(board)
    placed, _ = lay(faces_of(tiles), layout)
    scores, totals = score_board(
        placed, layout.claims, layout.variant, layout.end_game, layout.labels
    )
    players = sorted({c.player for c in layout.claims})
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "variant": layout.variant,
                    "end_game": layout.end_game,
                    "features": [
                        {
                            "feature": s.feature,
                            "complete": s.complete,
                            "points": s.points,
                            "owners": list(s.owners),
                            "claims": s.claims,
                        }
                        for s in scores
                    ],
                    "totals": {p: totals.get(p, 0) for p in players},
                },
                indent=2,
            )
        )
        return
    typer.echo(
        f"{layout.name}: {layout.variant} scoring"
        f"{', with unfinished features (end of game)' if layout.end_game else ''}"
    )
    for s in scores:
        typer.echo(f"  {s.points:3d}  {s.feature} -> {', '.join(s.owners)}")
    for p in players:
        typer.echo(f"{p}: {totals.get(p, 0)}")
