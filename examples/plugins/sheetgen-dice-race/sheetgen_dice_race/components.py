"""How a Dice Race sheet is checked and built (registered in `kinds`): the rules, whether the
sheet's parts fit it, then the pad of sheets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.draw import Text, text_width
from sheetgen.draw.sheets import Pad, Sheets
from sheetgen.draw.transform import IDENTITY
from sheetgen.draw.walk import leaves
from sheetgen.findings import Finding, error
from sheetgen.model.paper import BOTH_PAPERS
from sheetgen_dice_race.draw import BOX_GAP, draw_sheet, plan
from sheetgen_dice_race.model import SIX_POINTS, DiceRaceLayout
from sheetgen_dice_race.rules import check_layout

if TYPE_CHECKING:  # a builder only reads its options
    from sheetgen.options import BuildOptions

SHEET_GAP = 10.0  # mm between sheets sharing a page, room for the cut


def _fit(layout: DiceRaceLayout) -> list[Finding]:
    """Whether the sheet goes onto A4 and Letter and its words fit their places, every text
    6 pt or more."""
    p = plan(layout)
    found = []
    wide, tall = BOTH_PAPERS
    if p.width > wide:
        found.append(
            error(
                "lane",
                f"the sheet needs {p.width:g} mm across for its lanes and title, more than the "
                f"{wide:g} mm that go onto A4 and Letter; use a shorter lane, a smaller box or "
                "a shorter title",
                ("box", "title", "labels.empty"),
            )
        )
    if p.height > tall:
        found.append(
            error(
                "rules",
                f"the sheet needs {p.height:g} mm down, more than the {tall:g} mm that go onto "
                "A4 and Letter; shorten the rules, or use a smaller text or box, or fewer turns",
                ("text", "box", "turns"),
            )
        )
    finish = layout.labels.finish.format(bonus=layout.bonus)
    if text_width(finish, layout.text, "bold") > layout.box + BOX_GAP:
        found.append(
            error(
                "labels.finish",
                f"{finish!r} is wider than the finish box ({layout.box:g} mm); shorten it, or "
                "use a larger box",
                ("box",),
            )
        )
    if not found:
        for shape, _ in leaves(draw_sheet(layout, credit=True).children, IDENTITY):
            if isinstance(shape, Text) and shape.size < SIX_POINTS - 1e-9:
                found.append(
                    error(
                        "credit",
                        f"{shape.text!r} would print at {shape.size * 72 / 25.4:.1f} pt, under "
                        "6 pt, to fit its place; shorten it",
                    )
                )
    return found


def check(layout: DiceRaceLayout) -> list[Finding]:
    """Rules findings plus whether the sheet's parts fit it."""
    return check_layout(layout) + _fit(layout)


def build(layout: DiceRaceLayout, options: BuildOptions) -> Sheets:
    """A pad of race sheets, as many a page as fit the paper: sheets that share a page (cut
    apart) each carry the credit themselves, and the page footer does not repeat it."""
    sheet = Pad(
        draw_sheet(layout, credit=False),
        options.copies,
        gap=SHEET_GAP,
        shared=lambda: draw_sheet(layout, credit=True),
        lone_gap=f"--gap: dice-race/{layout.name} prints one sheet a page on {{paper}}, so "
        "there is no gap between sheets; built without it",
    )
    return Sheets(
        (sheet,),
        title=f"{layout.title} — {layout.name}",
        subject="Dice Race sheets",
        keywords=("dice race", "roll and write", "pad"),
    )
