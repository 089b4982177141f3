"""`sheetgen scribbly-gum …`: the solo-game simulator that measures a tree."""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from sheetgen.games.scribbly_gum.model import TilesLayout, TreeLayout

app = typer.Typer(
    help="Scribbly Gum: simulate solo games on a tree.", no_args_is_help=True, rich_markup_mode=None
)
MAX_GAMES = 1_000_000


def _load_tree(ref: str) -> TreeLayout:
    from sheetgen.games.scribbly_gum.model import TreeLayout
    from sheetgen.layout import load_model

    name = ref if "/" in ref or ref.endswith(".toml") else f"scribbly-gum/{ref}"
    return load_model(name, TreeLayout, "simulate", checked=True)


def _load_tiles(ref: str) -> TilesLayout:
    from sheetgen.games.scribbly_gum.model import TilesLayout
    from sheetgen.layout import load_model

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
    """Play the solo game many times with a random and a greedy player; print the scores."""
    from sheetgen.games.scribbly_gum.board import compile_board
    from sheetgen.games.scribbly_gum.simulate import BANDS
    from sheetgen.games.scribbly_gum.simulate import simulate as run

    layout = _load_tree(tree)
    deck = _load_tiles(tiles)
    start = time.perf_counter()
    summaries = run(compile_board(layout), deck.movement, deck.achievements, games, seed)
    seconds = time.perf_counter() - start
    if as_json:
        typer.echo(
            json.dumps(
                {"tree": layout.name, "seed": seed, "players": [asdict(s) for s in summaries]},
                indent=2,
            )
        )
        return
    typer.echo(
        f"{layout.side} side, {games:,} solo games a player, seed {seed} "
        f"({2 * games / seconds:,.0f} games/s)"
    )
    names = [name for _, _, name in BANDS]
    typer.echo(
        f"{'player':8} {'mean':>6} {'p10':>5} {'median':>6} {'p90':>5}  "
        + " ".join(f"{n:>6}" for n in names)
    )
    for s in summaries:
        typer.echo(
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
    """Write the offline HTML tile deck: shuffle, set one aside, reveal one a turn."""
    from sheetgen.games.scribbly_gum.deck import deck_html
    from sheetgen.games.scribbly_gum.model import DigitalLayout
    from sheetgen.layout import load_model
    from sheetgen.output import write_page

    text = deck_html(_load_tiles(tiles), load_model(screen, DigitalLayout, "--screen"))
    path = write_page(out, "scribbly-gum-deck.html", text)
    typer.echo(f"wrote {path} ({len(text) / 1024:,.0f} KiB): open it in any browser, offline")
