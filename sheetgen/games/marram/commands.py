"""`sheetgen marram …`: scoring a board of placed tiles, and where a tile fits on it."""

import json
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.text.terminal import say

if TYPE_CHECKING:
    from sheetgen.games.marram.model import BoardLayout, TileSetLayout

app = typer.Typer(
    help="Marram: score boards, test where a tile fits.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def _board(ref: str, where: str) -> "tuple[BoardLayout, TileSetLayout]":
    # imported here, not at the top, for start-up time
    from sheetgen.games.marram.model import BoardLayout, TileSetLayout
    from sheetgen.layouts.read import load_model

    board = load_model(ref, BoardLayout, where, checked=True)
    return board, load_model(board.tiles, TileSetLayout, f"{ref}: tiles")


@app.command()
def score(
    board: Annotated[str, typer.Argument(help='a board layout (component = "board")')],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
) -> None:
    """Score a board: each claimed feature's points and owners as it was finished, the Fly and
    Frog (animals), every player's total, the short game's target, and who has won.

    Examples:

    \b
      sheetgen marram score marram/example-board
      sheetgen marram score my-board.toml --json
    """
    # imported here, not at the top, for start-up time
    from sheetgen.games.marram.verdict import in_hand_text, referee

    layout, tiles = _board(board, "score")
    v = referee(layout, tiles)
    if as_json:
        say(
            json.dumps(
                {
                    "variant": layout.variant,
                    "length": layout.length,
                    "end_game": layout.end_game,
                    "players": v.players,
                    "target": v.target,
                    "features": [
                        {
                            "feature": s.score.feature,
                            "complete": s.score.complete,
                            "points": s.score.points,
                            "owners": list(s.score.owners),
                            "claims": s.score.claims,
                            # counted from 1, as a claim's move and placed[N] are
                            "move": None if s.move is None else s.move + 1,
                        }
                        for s in v.scored
                    ],
                    "hoppers": [
                        {"animal": h.name, "hops": h.hops, "points": h.points} for h in v.hoppers
                    ],
                    "totals": v.totals,
                    "in_hand": v.in_hand,
                    "result": v.result,
                    "not_scored": v.notes,
                },
                indent=2,
                sort_keys=True,
            )
        )
        return
    length = f"{layout.length} game"
    if v.target is not None:
        length += f", {len(v.players)} players: first to {v.target} ends it"
    say(
        f"{layout.name}: {layout.variant} scoring, {length}"
        f"{', with unfinished features (end of game)' if layout.end_game else ''}"
    )
    for s in v.scored:
        say(f"  {s.score.points:3d}  {s.score.feature} -> {', '.join(s.score.owners)}")
    for h in v.hoppers:
        fate = "escaped" if h.hops == "escape" else f"eaten after {h.hops} hops"
        taken = ", ".join(f"{p} {n}" for p, n in sorted(h.points.items())) or "nobody"
        say(f"  {h.name} {fate}: guessing points to {taken}")
    for note in v.notes:
        say(f"  not scored: {note}")
    for p in v.players:
        say(f"{p}: {v.totals.get(p, 0)}")
    if v.in_hand:
        say(f"in hand: {in_hand_text(v.in_hand, layout.labels)}")
    say(f"result: {v.result}")


@app.command()
def fits(
    board: Annotated[str, typer.Argument(help='a board layout (component = "board")')],
    tile: Annotated[str, typer.Argument(help="a tile design's name in the board's set")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON for machines")] = False,
) -> None:
    """List where a tile could be laid next on the board: every place, side and quarter turn
    (clockwise) at which each adjoining edge matches patch for patch and beast for beast; sides
    and turns that leave the same tile lying there (the same patches, beasts, coins and
    flowers) are listed once, with the others that give it.

    Examples:

    \b
      sheetgen marram fits marram/example-board worm-saddle
      sheetgen marram fits my-board.toml meadow --json
    """
    # imported here, not at the top, for start-up time
    from sheetgen.errors import SheetgenError, UsageError
    from sheetgen.games.marram.placements import distinct, placements
    from sheetgen.games.marram.verdict import referee
    from sheetgen.kinds import suggest

    layout, tiles = _board(board, "fits")
    designs = {t.name: t for t in [tiles.starter, *tiles.tiles]}
    if tile not in designs:
        raise UsageError(
            f"TILE {tile!r}: no such tile in {layout.tiles} ({suggest(tile, list(designs))})"
        )
    laid = sum(1 for m in layout.placed if m.tile == tile)
    if laid >= designs[tile].count:
        raise SheetgenError(
            f"{board}: no {tile} is left to lay: the set holds {designs[tile].count} "
            f"and the board lays {laid}"
        )
    found = distinct(placements(referee(layout, tiles).board, designs[tile]), designs[tile])
    if as_json:
        rows = [
            {
                "at": list(at),
                "side": side,
                "turns": n,
                "alike": [{"side": s, "turns": k} for s, k in alike],
            }
            for (at, side, n), alike in found
        ]
        say(json.dumps({"tile": tile, "placements": rows}, indent=2, sort_keys=True))
        return
    if not found:
        say(f"{tile} fits nowhere on {layout.name}")
        return
    places = len({at for (at, _, _), _ in found})
    say(
        f"{tile} fits {layout.name} {len(found)} way{'s' if len(found) != 1 else ''} "
        f"at {places} place{'s' if places != 1 else ''}:"
    )
    for (at, side, n), alike in found:
        more = len(alike)
        also = f"  ({more} other sides and turns give the same)" if more > 1 else ""
        also = also or ("  (1 other side and turn gives the same)" if more else "")
        say(f"  [{at[0]}, {at[1]}]  {side}, {n} turn{'s' if n != 1 else ''}{also}")
