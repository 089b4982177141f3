"""Refereeing a Marram board move by move, as the game is played: each tile laid or flipped
where and as the rules allow, each boot put on the tile just laid or flipped and on a feature
without one, features scored and boots returned as they are finished, beasts taken off the
board in pitchfork and animals, and the short game stopped at its target score."""

from __future__ import annotations

from collections import Counter

from sheetgen.findings import Finding, error
from sheetgen.frozen import frozen
from sheetgen.games.marram.faces import Face, Pos, beasts, fits
from sheetgen.games.marram.lying import Lying
from sheetgen.games.marram.model import BoardLayout, Claim, Placed, TileSetLayout
from sheetgen.games.marram.rules import FeatureScore, claimed_features
from sheetgen.games.marram.stock import count_designs
from sheetgen.games.marram.turns import turn_of
from sheetgen.games.marram.variants import (
    FLIPS_PER_TILE,
    SPADE_CARDS,
    piece,
    pieces,
    target,
)
from sheetgen.layouts.keypath import key_path


@frozen
class Scored:
    """A feature scored: at which move (its index in `placed`; None at the end of the game)."""

    move: int | None
    score: FeatureScore


def _where(pos: Pos) -> str:
    return f"[{pos[0]}, {pos[1]}]"


class Game:
    """A board's game played move by move: the tiles lying, the boots on the board, what has
    been scored, and every broken rule found on the way."""

    def __init__(self, layout: BoardLayout, tiles: TileSetLayout) -> None:
        self.layout = layout
        self.designs = {t.name: t for t in [tiles.starter, *tiles.tiles]}
        self.starter = tiles.starter.name
        self.variant = layout.variant
        self.findings: list[Finding] = []
        self.lying: dict[Pos, Lying] = {}
        self.active: dict[int, Claim] = {}  # claim index -> claim, boots on the board
        self.retired: Counter[tuple[str, str]] = Counter()  # (player, piece) lost to flips
        self.flips_by: Counter[str] = Counter()
        self.scored: list[Scored] = []
        self.totals: Counter[str] = Counter()
        self.lingering: frozenset[tuple[Pos, int]] = frozenset()  # a finished blue snake kept
        self.ended: int | None = None  # the move that reached a short game's target
        self.turn_ids = turn_of(layout.placed)
        self.target = target(layout.variant, layout.length, len(layout.players))
        self.on_move = self._attach_claims()
        self.findings += count_designs(layout, self.designs)

    # --- the board --------------------------------------------------------------------------

    def board(self, without: Pos | None = None) -> dict[Pos, Face]:
        return {p: t.face() for p, t in self.lying.items() if p != without}

    def _attach_claims(self) -> dict[int, list[int]]:
        """Each claim's move: given, or the last move laying or flipping its tile."""
        on_move: dict[int, list[int]] = {}
        placed = self.layout.placed
        for k, c in enumerate(self.layout.claims):
            if c.move is not None:  # counted from 1, as key_path names placed[N]
                i = c.move - 1
                counted = "(moves count from 1: move = N is placed[N])"
                if i >= len(placed):
                    why = f"placed holds {len(placed)} moves, so move = {c.move} names none"
                elif placed[i].where != c.at:
                    done = "flips" if placed[i].flip else "lays"
                    why = (
                        f"{key_path(('placed', i))} {done} the tile at "
                        f"{_where(placed[i].where)}, not the one at {_where(c.at)}"
                    )
                else:
                    on_move.setdefault(i, []).append(k)
                    continue
                self.findings.append(error(f"claims[{k}].move", f"{why} {counted}"))
                continue
            moves = [i for i, m in enumerate(placed) if m.where == c.at]
            if not moves:
                self.findings.append(error(f"claims[{k}].at", f"no tile at {_where(c.at)}"))
                continue
            on_move.setdefault(moves[-1], []).append(k)
        return on_move

    # --- moves ------------------------------------------------------------------------------

    def play(self) -> None:
        """Every move in order, then the end of the game."""
        placed = self.layout.placed
        for i, m in enumerate(placed):
            if self.ended is not None:
                more = len(placed) - i - 1
                self.findings.append(
                    error(
                        f"placed[{i}]",
                        f"the short game ended at {key_path(('placed', self.ended))} "
                        f"({self.reached()}); "
                        f"this move {f'and the {more} after it come' if more else 'comes'} "
                        "too late",
                    )
                )
                break
            done = self._lay(i, m) if m.flip is None else self._flip(i, m)
            if not done:
                continue
            self._claims(i)
            self._score(i)
            if self.variant != "classic":
                self._remove()
            if self.target is not None and max(self.totals.values(), default=0) >= self.target:
                self.ended = i

    def _lay(self, i: int, m: Placed) -> bool:
        assert m.tile is not None and m.at is not None
        if m.tile not in self.designs:
            self.findings.append(error(f"placed[{i}].tile", f"no tile named {m.tile!r} in the set"))
            return False
        if i == 0 and m.tile != self.starter:
            self.findings.append(
                error(
                    "placed[0].tile",
                    f"the game starts from the starter tile ({self.starter}) already on the "
                    f"board, not {m.tile}",
                )
            )
        tile = self.designs[m.tile]
        side = m.side or "front"
        lying = Lying(tile, side, m.turns, i, flippable=tile.spade)
        ok, why = fits(self.board(), lying.face(), m.at)
        if not ok:
            self.findings.append(
                error(
                    f"placed[{i}]",
                    f"{m.tile} ({side}, {m.turns} turns) cannot go at {list(m.at)}: {why}",
                )
            )
            return False
        self.lying[m.at] = lying
        return True

    def _flip(self, i: int, m: Placed) -> bool:
        pos = m.where
        where = f"placed[{i}]"
        if pos not in self.lying:
            self.findings.append(error(f"{where}.flip", f"no tile lies at {_where(pos)} to flip"))
            return False
        t = self.lying[pos]
        what = f"the tile at {_where(pos)} ({t.tile.name})"
        why = self._why_not_flippable(t, what)
        if why:
            self.findings.append(error(f"{where}.flip", why))
            return False
        if t.flips and self.turn_ids[t.flips[-1]] == self.turn_ids[i]:
            self.findings.append(
                error(
                    f"{where}.flip",
                    f"{m.player} flips {what} a second time in one turn (first at "
                    f"{key_path(('placed', t.flips[-1]))}); one turn uses no two spade cards on "
                    "one tile",
                )
            )
        self._spade_card(i, m)
        if t.tile.spade:
            flipped = Lying(t.tile, "back" if t.side == "front" else "front", m.turns, i)
            flipped.swapped = t.swapped
        else:
            flipped = Lying(t.tile, t.side, m.turns, i, swapped=not t.swapped)
        flipped.removed, flipped.flips = t.removed, [*t.flips, i]
        ok, why = fits(self.board(without=pos), flipped.face(), pos)
        if not ok:
            self.findings.append(
                error(
                    where,
                    f"flipped, {t.tile.name} ({flipped.side}"
                    f"{', grass and sand swapped' if flipped.swapped else ''}, {m.turns} turns) "
                    f"does not fit at {_where(pos)}: {why}",
                )
            )
            return False
        for k in [k for k, c in self.active.items() if c.at == pos]:  # boots on it retire
            c = self.active.pop(k)
            self.retired[(c.player, piece(self.variant, c.feature))] += 1
        self.lying[pos] = flipped  # not flippable: in pitchfork a tile flips once
        return True

    def _why_not_flippable(self, t: Lying, what: str) -> str:
        """Why the tile may not flip now, or '' if it may."""
        most = FLIPS_PER_TILE[self.variant]
        flips = ", ".join(key_path(("placed", j)) for j in t.flips)
        if self.variant == "classic":
            if not t.tile.spade:
                return f"{what} has no spade symbol, and only spade tiles flip"
            if len(t.flips) >= most:
                return f"{what} has flipped {most} times already ({flips}); no tile flips more"
            return ""
        if t.flips:
            return f"{what} flipped at {flips}; in {self.variant} a tile flips once"
        if t.flippable:
            return ""
        if t.boot_blocked:
            return (
                f"a welly boot stood on {what} when its last beast was taken off, so it never "
                "became flippable"
            )
        if t.removed:
            return f"{what} has lost part of its beasts and cannot flip until all are gone"
        if t.tile.segments:
            return (
                f"{what} has no spade symbol and still carries beasts; it flips only once "
                "they are finished and taken off"
            )
        return f"{what} has no spade symbol and no beasts to lose, so it never flips"

    def _spade_card(self, i: int, m: Placed) -> None:
        """The flip's player still holds a spade card."""
        assert m.player is not None
        players = self.layout.players
        if not players:
            if self.flips_by.total():
                return
            self.flips_by[m.player] += 1  # reported once, at the first flip
            self.findings.append(
                error(
                    f"placed[{i}].player",
                    "spade cards depend on how many play: list the players (players = [...]) "
                    "to have this flip checked",
                )
            )
            return
        self.flips_by[m.player] += 1
        cards = SPADE_CARDS.get((self.variant, self.layout.length), SPADE_CARDS["animals", "long"])
        held = cards.get(len(players), 0)
        if self.flips_by[m.player] == held + 1:
            self.findings.append(
                error(
                    f"placed[{i}].player",
                    f"{m.player} flips a tile with spade card number {held + 1}, but each of "
                    f"{len(players)} players has {held} in a {self.layout.length} "
                    f"{self.variant} game",
                )
            )

    # --- boots and pitchforks ---------------------------------------------------------------

    def _claims(self, i: int) -> None:
        """The boot (at most one) that went on the tile move `i` laid or flipped; one that
        breaks no rule goes on the board."""
        first: int | None = None
        for k in self.on_move.get(i, []):
            c = self.layout.claims[k]
            problems: list[tuple[str, str]] = []
            if first is not None:
                problems.append(
                    (
                        "",
                        f"a second boot on the tile at {_where(c.at)}, laid or flipped by "
                        f"{key_path(('placed', i))} (the first is "
                        f"{key_path(('claims', first))}); a move puts at most one boot or "
                        "pitchfork, on the tile just laid or flipped",
                    )
                )
            first = k if first is None else first
            problems += self._claim_problems(k, c, i)
            self.findings += [error(f"claims[{k}]{key}", p) for key, p in problems]
            if not problems:
                self.active[k] = c

    def _claim_problems(self, k: int, c: Claim, i: int) -> list[tuple[str, str]]:
        """What claim `k`, put on with move `i`, breaks: (key, reason) pairs."""
        m = self.layout.placed[i]
        if i == 0:
            return [
                (
                    "",
                    "nobody lays the starter tile, and a boot goes only on a tile its player "
                    "has just laid or flipped; claim the feature from another of its tiles",
                )
            ]
        out: list[tuple[str, str]] = []
        if m.player is not None and m.player != c.player:
            out.append(
                (
                    ".player",
                    f"{c.player}'s boot on the tile at {_where(c.at)}, which {m.player} "
                    f"{'flipped' if m.flip else 'laid'} at {key_path(('placed', i))}; a player "
                    "puts boots only on the tile they just laid or flipped"
                    + (" (a boot put on at an earlier move gives it: move = N)" if m.flip else ""),
                )
            )
        face = self.lying[c.at].face()
        if c.feature.startswith("beast:") and face.segment_at(c.feature[6:]) is None:
            edge = c.feature[6:]
            return [*out, (".feature", f"the tile at {list(c.at)} has no beast at its {edge} edge")]
        kind = piece(self.variant, c.feature)
        name = "welly boot" if kind == "boot" else kind
        stock = pieces(self.variant, self.layout.length)[kind]
        on = sum(1 for a in self.active.values() if a.player == c.player and piece(
            self.variant, a.feature) == kind)  # fmt: skip
        lost = self.retired[(c.player, kind)]
        if on + lost >= stock:
            retired = f" and {lost} retired by flips" if lost else ""
            out.append(
                (
                    "",
                    f"{c.player} has no {name} left to place: {on} on unfinished features"
                    f"{retired}, of {stock}",
                )
            )
        trial = {**self.active, k: c}
        order = list(trial)
        for found in claimed_features(self.board(), list(trial.values()), self.variant, True):
            ks = [order[j] for j in found.claims]
            if k in ks and len(ks) > 1:
                others = sorted(j for j in ks if j != k)
                held = ", ".join(key_path(("claims", j)) for j in others)
                who = self.layout.claims[others[0]].player
                out.append(
                    (
                        "",
                        f"the feature at {_where(c.at)} ({found.score.feature}) already "
                        f"carries {who}'s {name} ({held}); no {name} goes on a feature that "
                        "has one",
                    )
                )
        return out

    # --- scoring ----------------------------------------------------------------------------

    def _score(self, i: int) -> None:
        """Features finished by move `i` score for their boots, which go back to stock."""
        order = list(self.active)
        claims = list(self.active.values())
        for found in claimed_features(
            self.board(), claims, self.variant, False, self.layout.labels
        ):
            self.scored.append(Scored(i, found.score))
            for o in found.score.owners:
                self.totals[o] += found.score.points
            for j in found.claims:
                self.active.pop(order[j], None)

    def end(self) -> None:
        """End-game scoring of unfinished features still carrying boots."""
        claims = list(self.active.values())
        for found in claimed_features(self.board(), claims, self.variant, True, self.layout.labels):
            if not found.score.complete:
                self.scored.append(Scored(None, found.score))
                for o in found.score.owners:
                    self.totals[o] += found.score.points

    def _remove(self) -> None:
        """Pitchfork and animals: finished beasts leave the board, but for the one finished
        blue snake with a head kept while no other blue head lies on the board."""
        board = self.board()
        every = beasts(board)

        def printed(part: tuple[Pos, int]) -> tuple[Pos, int]:
            return part[0], self.lying[part[0]].kept()[part[1]]

        done = [b for b in every if b.complete]
        heads = sum(k == "blue-head" for b in every if not b.complete for k in b.kinds)
        keepable = [b for b in done if b.types == {"blue"} and "blue-head" in b.kinds]
        keep: frozenset[tuple[Pos, int]] = frozenset()
        if keepable and not heads:
            newest = [b for b in keepable if frozenset(map(printed, b.parts)) != self.lingering]
            keep = frozenset(map(printed, (newest or keepable)[-1].parts))
        self.lingering = keep
        gone: dict[Pos, set[int]] = {}
        for b in done:
            parts = frozenset(map(printed, b.parts))
            if parts != keep:
                for pos, idx in parts:
                    gone.setdefault(pos, set()).add(idx)
        for pos, idxs in gone.items():
            t = self.lying[pos]
            t.removed = t.removed | idxs
            if t.kept():
                t.flippable = False  # a spade tile that lost part of its beasts
            elif not t.flips:
                booted = any(
                    c.at == pos and c.feature.startswith("patch:") for c in self.active.values()
                )
                t.flippable, t.boot_blocked = not booted, booted

    # --- the short game ---------------------------------------------------------------------

    def reached(self) -> str:
        """Who reached the short game's target, with what."""
        best = max(self.totals.values(), default=0)
        who = sorted(p for p, n in self.totals.items() if n == best)
        return (
            f"{' and '.join(who)} reached {best} of the {self.target} a "
            f"{len(self.layout.players)}-player short game needs"
        )
