"""Dice Race's rules, written once: the checks of a layout's numbers and the scoring of a game.
They read the layout's model alone, never the drawing (README.md says the rules in words).

Each turn two dice are rolled and one of them chosen: its face's lane gets its leftmost empty
box ticked. At the end a lane scores its face times its ticks, plus the bonus when it is full
(finished); a lane with no tick costs the penalty. A die chosen for a full lane ticks nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from sheetgen.findings import Finding, warning

if TYPE_CHECKING:  # only its numbers are read
    from sheetgen_dice_race.model import DiceRaceLayout

FACES = (1, 2, 3, 4, 5, 6)  # one lane a face of a die


class DiceError(ValueError):
    """Dice that are not a game's: a face that is no die's, or more dice than turns."""


class Race(NamedTuple):
    """The numbers a game is played and scored by (a layout's)."""

    lane: int = 5
    turns: int = 15
    bonus: int = 10
    penalty: int = 5

    @classmethod
    def of(cls, layout: DiceRaceLayout) -> Race:
        return cls(layout.lane, layout.turns, layout.bonus, layout.penalty)


class Lane(NamedTuple):
    """A lane at the end of a game: its face, its ticks, the dice chosen for it once it was
    full (which tick nothing) and what it scores."""

    face: int
    ticks: int
    lost: int
    points: int
    finished: bool


class Score(NamedTuple):
    lanes: tuple[Lane, ...]
    total: int


def read_dice(words: Sequence[str], race: Race) -> list[int]:
    """The dice chosen turn by turn, as typed ('3', '5', ...): each a face 1 to 6, at most one
    a turn."""
    dice = []
    for number, word in enumerate(words, 1):
        if word.strip() not in {str(face) for face in FACES}:
            raise DiceError(f"die {number} is {word!r}; a die shows 1 to 6")
        dice.append(int(word))
    if len(dice) > race.turns:
        raise DiceError(f"{len(dice)} dice for a game of {race.turns} turns; one die a turn")
    return dice


def score(dice: Sequence[int], race: Race) -> Score:
    """Each lane's score and the total of a game in which `dice` were chosen, in order."""
    lanes = []
    for face in FACES:
        chosen = sum(1 for die in dice if die == face)
        ticks = min(chosen, race.lane)
        finished = ticks == race.lane
        points = face * ticks + (race.bonus if finished else 0) - (race.penalty if not ticks else 0)
        lanes.append(Lane(face, ticks, chosen - ticks, points, finished))
    return Score(tuple(lanes), sum(lane.points for lane in lanes))


def check_layout(layout: DiceRaceLayout) -> list[Finding]:
    """Whether the race's numbers leave the players a game: a lane that can be finished, and
    not so many turns that every box is ticked whatever is chosen."""
    found = []
    boxes = len(FACES) * layout.lane
    if layout.turns < layout.lane:
        found.append(
            warning(
                "turns",
                f"no lane can be finished in {layout.turns} turns (a lane has {layout.lane} "
                "boxes), so the bonus is never scored; use more turns or a shorter lane",
                ("lane", "bonus"),
            )
        )
    elif layout.turns >= boxes:
        found.append(
            warning(
                "turns",
                f"{layout.turns} turns are enough to tick all {boxes} boxes, so choosing a die "
                "hardly matters; use fewer turns or a longer lane",
                ("lane",),
            )
        )
    return found
