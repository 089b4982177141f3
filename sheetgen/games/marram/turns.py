"""A Marram record's turns: which moves make up each player's turn, and the turn structure the
rulebook sets ("Each player's turn comprises two moves", the players in their playing order,
fewer moves only once the tiles to draw have run out)."""

from __future__ import annotations

from sheetgen.findings import Finding, error
from sheetgen.games.marram.model import Placed

MOVES_PER_TURN = 2  # "Each player's turn comprises two moves"
HAND = 3  # "a player will have 3 tiles at the start of a turn"


def turns(placed: list[Placed]) -> list[list[int]]:
    """The record's moves grouped into turns (indices in `placed`, in order): a player's moves
    in a row, two to a turn, a `turn` number telling apart turns the order cannot; the first
    move (the starter) and any move naming no player are turns of their own."""
    out: list[list[int]] = []
    for i, m in enumerate(placed):
        if out and i > 1 and m.player is not None and len(out[-1]) < MOVES_PER_TURN:
            prev = placed[out[-1][-1]]
            numbers = {n for n in (prev.turn, m.turn) if n is not None}
            if prev.player == m.player and len(numbers) < 2:
                out[-1].append(i)
                continue
        out.append([i])
    return out


def turn_of(placed: list[Placed]) -> list[int]:
    """Each move's turn: its group's number in `turns`."""
    of = [0] * len(placed)
    for k, group in enumerate(turns(placed)):
        for i in group:
            of[i] = k
    return of


def turn_findings(
    placed: list[Placed], players: list[str], tiles: int, taken_out: int, last: int
) -> list[Finding]:
    """Each turn (up to move `last`) that breaks the turn structure: the turns go round the
    players in their order, the first to the first listed, two moves each. Once the tiles to
    draw may have run out (no more unlaid `tiles` than the players' hands hold), a turn may be
    short or pass, and so may the record's last turn. Checked only when the players are listed
    and every move after the starter names its player."""
    moves = placed[1 : last + 1]
    if not players or not moves or any(m.player is None for m in moves):
        return []
    groups = [g for g in turns(placed[: last + 1]) if g[0] > 0]
    out: list[Finding] = []
    prev: list[int] | None = None
    for k, group in enumerate(groups):
        first = group[0]
        who = placed[first].player
        assert who is not None
        laid = sum(1 for m in placed[1:first] if m.flip is None)
        drawn_out = tiles - laid - taken_out <= HAND * len(players)
        if prev is None:
            expected = players[0]
        else:
            before = placed[prev[0]].player
            assert before is not None
            expected = players[(players.index(before) + 1) % len(players)] if (
                before in players
            ) else who  # fmt: skip
        if who in players and who != expected and not drawn_out:
            if prev is not None and placed[prev[0]].player == who and len(prev) == 2:
                why = (
                    f"{who} makes a third move in a row; a turn is two moves, and then "
                    f"{expected} plays"
                )
            elif prev is None:
                why = f"{who} moves first, but the players in their order start with {expected}"
            else:
                why = (
                    f"{who} plays out of turn: after {placed[prev[0]].player}'s turn comes "
                    f"{expected}'s (the players take turns in the order {', '.join(players)})"
                )
            out.append(error(f"placed[{first}].player", why))
        elif len(group) < MOVES_PER_TURN and k < len(groups) - 1 and not drawn_out:
            out.append(
                error(
                    f"placed[{first}]",
                    f"{who}'s turn is this one move; a turn is two moves (each laying a tile or "
                    "flipping one), fewer only once no tiles are left to draw",
                )
            )
        prev = group
    return out
