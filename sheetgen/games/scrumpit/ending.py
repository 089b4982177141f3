"""The end of a recorded Scrumpit game: the player who reached their Apex Star finished it, and
only then are the other racks totalled and deducted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from sheetgen.findings import Finding, error
from sheetgen.games.scrumpit.model import Colour, GameRecord

RACK = 7  # tiles on a rack, refilled from the bag after every turn

Cell = tuple[int, int]


def at(cell: Cell) -> str:
    """A cell as a record writes it: [x, y]."""
    return f"[{cell[0]}, {cell[1]}]"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def over_drawn(
    bag: str, drawn: Counter[str], counts: Mapping[str, int], reported: set[tuple[str, str]]
) -> list[str]:
    """Each letter drawn from `bag` more often than the bag holds it, once (`reported` keeps
    the (bag, letter) pairs already told)."""
    out = []
    for letter, n in sorted(drawn.items()):
        if n > counts.get(letter, n) and (bag, letter) not in reported:
            reported.add((bag, letter))
            out.append(
                f"{bag}'s bag holds {plural(counts[letter], letter)}, and {n} have come out of it"
            )
    return out


def finish_findings(
    record: GameRecord, ended: int | None, apex: Mapping[str, Cell]
) -> list[Finding]:
    """The game is over when a player reaches their Apex Star (on turn index `ended`, if any);
    that player, and no other, is the finisher."""
    out = []
    named = record.finisher
    winner = None if ended is None else record.turns[ended].player
    reached = "" if ended is None else f"turn {ended + 1}"
    if named and named not in {t.player for t in record.turns}:
        out.append(
            error(
                "finisher",
                f"{named} never took a turn, so cannot have finished the game by reaching "
                "their Apex Star",
            )
        )
    if named and winner is None:
        out.append(
            error(
                "finisher",
                f"{named} never reached their Apex Star {at(apex[named])}: the game is over "
                "only when a player reaches it",
            )
        )
    elif named and winner != named:
        out.append(
            error(
                "finisher",
                f"{winner} reached their Apex Star on {reached} and finished the game, not {named}",
            )
        )
    elif winner and not named:
        out.append(
            error(
                "finisher",
                f"{winner} reached their Apex Star on {reached}, which ends the game: "
                f'name the finisher (finisher = "{winner}")',
            )
        )
    return out


def rack_findings(
    record: GameRecord,
    ended: int | None,
    order: Sequence[Colour],
    drawn: Mapping[str, Counter[str]],
    counts: Mapping[str, int],
    reported: set[tuple[str, str]],
) -> list[Finding]:
    """Racks are totalled and deducted at the end, from every player but the finisher; a rack
    is refilled to 7 from its bag after every turn while the bag lasts (`drawn`: the letters
    each player has laid from their bag)."""
    if ended is None:
        if not record.racks:
            return []
        return [
            error(
                "racks",
                "unused tiles on the racks are deducted only at the end of the game, and no "
                "one has reached their Apex Star to end it",
            )
        ]
    out = []
    winner = record.turns[ended].player
    bag = sum(counts.values())
    for player in order:
        laid = drawn.get(player, Counter())
        rack = record.racks.get(player)
        if rack is None:
            if player != winner:
                out.append(
                    error(
                        f"racks.{player}",
                        f"the game is over and {player}'s unused tiles are deducted: record "
                        f'their rack ({player} = "LETTERS")',
                    )
                )
            continue
        left = max(0, bag - laid.total())
        if player != winner and len(rack) != min(RACK, left):
            out.append(
                error(
                    f"racks.{player}",
                    f"{player}'s rack holds {plural(len(rack), 'tile')}; a rack is refilled to "
                    f"{RACK} from its bag after every turn, and {player}'s bag had {left} left",
                )
            )
        for message in over_drawn(player, laid + Counter(rack), counts, reported):
            out.append(error(f"racks.{player}", message))
    return out
