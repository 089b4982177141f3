"""A Marram board refereed whole: the game played move by move (see `referee`), then what the
record says about the players, the Animals variant's Fly and Frog, and who has won; every
broken rule found, the scores, and what of the variant goes unscored."""

from __future__ import annotations

from sheetgen.findings import Finding, error
from sheetgen.frozen import frozen
from sheetgen.games.marram.faces import Face, Pos
from sheetgen.games.marram.model import BoardLayout, Claim, MarramLabels, TileSetLayout
from sheetgen.games.marram.referee import Game, Scored
from sheetgen.games.marram.stock import not_over, tiles_left
from sheetgen.games.marram.turns import turn_findings
from sheetgen.games.marram.variants import hopper_points, piece, pieces
from sheetgen.layouts.keypath import key_path

# the Fly comes once 20 tiles are laid, the Frog once 30 (the starter is not laid)
HOPPERS = (("fly", "Fly", 20), ("frog", "Frog", 30))


@frozen
class HopperScore:
    """The Fly's or the Frog's guessing points: its hops (or "escape") and who took what."""

    name: str
    hops: int | str
    points: dict[str, int]


@frozen
class Verdict:
    """A refereed board: the broken rules, the board as it lies, the boots and pitchforks still
    on it (those on finished features have gone back to their owners, those on flipped tiles
    are retired), the features scored (in the order scored), the Fly and Frog points, the
    totals of every player, each player's boots and pitchforks in hand, the players, the short
    game's target, the result, and what went unscored."""

    findings: list[Finding]
    board: dict[Pos, Face]
    claims: list[Claim]
    scored: list[Scored]
    hoppers: list[HopperScore]
    totals: dict[str, int]
    in_hand: dict[str, dict[str, int]]
    players: list[str]
    target: int | None
    result: str
    notes: list[str]


def referee(layout: BoardLayout, tiles: TileSetLayout) -> Verdict:
    """Play the board's moves, score it, and say who has won, if anyone has yet."""
    game = Game(layout, tiles)
    game.play()
    found = game.findings
    found += _record(layout)
    total, _ = tiles_left(layout, tiles)
    last = len(layout.placed) - 1 if game.ended is None else game.ended
    found += turn_findings(layout.placed, layout.players, total, len(layout.taken_out), last)
    over = not_over(layout, tiles, game.target)
    if layout.end_game and game.ended is None and over is None:
        game.end()
    elif over is not None and game.ended is None:
        found.append(over)
    elif layout.end_game and game.ended is not None:
        found.append(
            error(
                "end_game",
                f"the short game ended at {key_path(('placed', game.ended))} ({game.reached()}); "
                "unfinished features score only when nobody reaches the target",
            )
        )
    laid = sum(1 for m in layout.placed if m.tile is not None and m.tile != tiles.starter.name)
    hoppers, notes = _hoppers(layout, laid, found)
    for h in hoppers:
        game.totals.update(h.points)
    players = layout.players or sorted(
        {c.player for c in layout.claims} | {p for h in hoppers for p in h.points}
    )
    shown = [c for _, c in sorted(game.active.items())]  # boots still on the board
    totals = {p: game.totals.get(p, 0) for p in players}
    return Verdict(
        found,
        game.board(),
        shown,
        game.scored,
        hoppers,
        totals,
        _in_hand(layout, game, players),
        players,
        game.target,
        _result(layout, game, totals),
        notes,
    )


def _in_hand(layout: BoardLayout, game: Game, players: list[str]) -> dict[str, dict[str, int]]:
    """Each player's boots (and pitchforks) in hand: the stock, less those on the board and
    those retired by flips; those on finished features came back when the feature scored."""
    stock = pieces(layout.variant, layout.length)
    hand = {p: dict(stock) for p in players}
    for c in game.active.values():
        if c.player in hand:
            hand[c.player][piece(layout.variant, c.feature)] -= 1
    for (p, kind), n in game.retired.items():
        if p in hand:
            hand[p][kind] -= n
    return hand


def in_hand_text(hand: dict[str, dict[str, int]], words: MarramLabels) -> str:
    """Each player's boots and pitchforks in hand, in `words`: 'Ann 6 welly boots, ...'."""
    named = {"boot": words.boots, "pitchfork": words.pitchforks}
    return "; ".join(
        f"{p} " + ", ".join(named[k].format(n=n) for k, n in kinds.items())
        for p, kinds in hand.items()
    )


def _record(layout: BoardLayout) -> list[Finding]:
    """What the record says outside its moves: the players, the length, the Fly and Frog."""
    out: list[Finding] = []
    players = layout.players
    if layout.variant == "animals" and layout.length == "short":
        out.append(error("length", "there is no short game in the Animals variant"))
    elif layout.length == "short" and not players:
        out.append(
            error(
                "players",
                "a short game's target score depends on how many play: list the players "
                "(players = [...])",
            )
        )
    if players:
        names = ", ".join(players)
        for i, m in enumerate(layout.placed):
            if m.player is not None and m.player not in players:
                out.append(error(f"placed[{i}].player", f"{m.player} is not one of {names}"))
        for k, c in enumerate(layout.claims):
            if c.player not in players:
                out.append(error(f"claims[{k}].player", f"{c.player} is not one of {names}"))
    for key, name, _ in HOPPERS:
        hopper = getattr(layout, key)
        if hopper is None:
            continue
        if layout.variant != "animals":
            out.append(
                error(
                    key,
                    f"there is no {name} in {layout.variant}: the Fly and the Frog come only in "
                    "the Animals variant",
                )
            )
            continue
        for p in hopper.guesses:
            if players and p not in players:
                out.append(error(f"{key}.guesses", f"{p} is not one of {', '.join(players)}"))
        missing = [p for p in players if p not in hopper.guesses]
        if missing:
            out.append(
                error(
                    f"{key}.guesses",
                    f"{' and '.join(missing)} made no guess; every player guesses the {name}'s "
                    "hops",
                )
            )
    return out


def _hoppers(
    layout: BoardLayout, laid: int, found: list[Finding]
) -> tuple[list[HopperScore], list[str]]:
    """The Fly's and Frog's points (Animals), and a note for each not scored."""
    if layout.variant != "animals":
        return [], []
    scores: list[HopperScore] = []
    notes: list[str] = []
    for key, name, after in HOPPERS:
        hopper = getattr(layout, key)
        if hopper is not None and laid < after:
            found.append(
                error(
                    key,
                    f"the {name} comes once {after} tiles are laid; this board lays {laid}",
                )
            )
        elif hopper is not None:
            scores.append(HopperScore(name, hopper.hops, hopper_points(hopper)))
        elif laid >= after:
            notes.append(
                f"{name} guessing points: the board records no [{key}] (its hops and every "
                "player's guess)"
            )
        else:
            notes.append(f"no {name} yet: it comes once {after} tiles are laid ({laid} so far)")
    return scores, notes


def _result(layout: BoardLayout, game: Game, totals: dict[str, int]) -> str:
    """Who has won: at a short game's target, or after the end-game scoring; else no one yet."""
    if game.ended is not None:
        return f"game over at {key_path(('placed', game.ended))}, the target reached: " + _leaders(
            totals
        )
    if layout.end_game:
        return "game over: " + _leaders(totals)
    if game.target is not None:
        return f"the game goes on: nobody has reached the target of {game.target} yet"
    if layout.length == "short":
        return "the game goes on: the target is unknown until the players are listed"
    return "the game goes on (end_game = false): no winner yet"


def _leaders(totals: dict[str, int]) -> str:
    if not totals:
        return "nobody scored"
    best = max(totals.values())
    top = sorted(p for p, n in totals.items() if n == best)
    if len(top) == 1:
        return f"{top[0]} wins with {best}"
    return f"a tie between {' and '.join(top)} at {best}"


def check_board(layout: BoardLayout) -> list[Finding]:
    """Every rule the board's record can show, each broken one a finding."""
    # imported here, not at the top, for start-up time
    from sheetgen.errors import SheetgenError
    from sheetgen.layouts.read import load_model

    try:
        tiles = load_model(layout.tiles, TileSetLayout, "tiles")
    except SheetgenError as exc:
        return [error("tiles", str(exc))]
    return referee(layout, tiles).findings
