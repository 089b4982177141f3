"""The component kinds of this game: layout model, rules check and builder of each."""

from __future__ import annotations

from dataclasses import replace

from sheetgen.findings import Finding, error
from sheetgen.games.scribe.draw import draw_sheet, plan
from sheetgen.games.scribe.model import ScribeLayout
from sheetgen.games.scribe.rules import check_layout
from sheetgen.press import Document, pad
from sheetgen.registry import BuildOptions, ComponentKind

SHEET_GAP = 12.0  # mm between sheets sharing a page, room for the cut


def check(layout: ScribeLayout) -> list[Finding]:
    """Rules findings plus whether the sheet's parts fit its height."""
    found = check_layout(layout)
    bottom = plan(layout).bottom
    if bottom > layout.sheet.height + 1e-6:
        found.append(
            error(
                "sheet.height",
                f"the sheet's parts need {bottom:.1f} mm but the sheet "
                f"is {layout.sheet.height:g} mm tall; raise sheet.height or shorten "
                "the rules",
            )
        )
    return found


def build(layout: ScribeLayout, options: BuildOptions) -> Document:
    """A pad of super grid sheets, as many a page as fit the paper."""
    press = replace(options.press, gap=max(options.press.gap, SHEET_GAP))
    pages = pad(draw_sheet(layout), press, options.copies)
    return Document(
        tuple(pages),
        title=f"{layout.title} — {layout.name}",
        subject="Scribe super grid sheets",
        keywords=("scribe", "super grid", "pad"),
    )


KINDS = [
    ComponentKind(
        "scribe",
        "supergrid",
        ScribeLayout,
        check,
        build,
        options=frozenset({"copies"}),
    )
]
