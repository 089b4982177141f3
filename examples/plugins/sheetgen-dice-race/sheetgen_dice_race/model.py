"""What a Dice Race layout holds: the race's numbers (which the rules and the scorer read), the
words the sheet prints and its sizes and colours."""

from __future__ import annotations

from typing import Literal

from sheetgen.model.base import Colour, LayoutBase, PageLabels, paints
from sheetgen.model.tables import Key

SIX_POINTS = 6 * 25.4 / 72  # mm: no text is printed smaller


class DiceRaceLabels(PageLabels):
    """Every word a Dice Race sheet prints besides its title and rules."""

    turns: str = Key(default="Turns", min_length=1, max_length=20, description="the turn track")
    finish: str = Key(
        default="+{bonus}", max_length=20, description="over each lane's finish box; keeps {bonus}"
    )
    empty: str = Key(
        default="empty: -{penalty}",
        max_length=30,
        description="beside each lane's score box; keeps {penalty}",
    )
    total: str = Key(default="Total", min_length=1, max_length=20, description="the total box")


class DiceRaceLayout(LayoutBase):
    """A Dice Race sheet: six lanes, one a die face, a turn track and the score boxes."""

    game: Literal["dice-race"]
    component: Literal["sheet"]
    title: str = Key(default="Dice Race", max_length=30, description="printed at the top")
    lane: int = Key(
        default=5, ge=3, le=10, description="boxes in each lane, the last its finish: 3 to 10"
    )
    turns: int = Key(default=15, ge=6, le=30, description="turns a game lasts: 6 to 30")
    bonus: int = Key(default=10, ge=0, le=50, description="points a finished lane adds: 0 to 50")
    penalty: int = Key(
        default=5, ge=0, le=50, description="points a lane left empty costs: 0 to 50"
    )
    rules: list[str] = Key(
        default_factory=list,
        max_length=6,
        description="paragraphs of the rules printed on the sheet (wrapped to fit)",
    )
    box: float = Key(default=9.0, ge=7, le=14, description="side of a lane's box in mm: 7 to 14")
    text: float = Key(
        default=2.6,
        ge=SIX_POINTS,
        le=4,
        description=f"size (mm) of the sheet's texts, {SIX_POINTS:.4g} to 4; the title's is twice",
    )
    ink: Colour = paints("#1d2330", "the boxes, the dice and the texts")
    accent: Colour = paints("#b0413e", "the title, the finish boxes and the total")
    labels: DiceRaceLabels = Key(
        default=DiceRaceLabels(), description="every word the sheet prints, to translate"
    )
