"""The component kinds of this game: layout model, rules check and builder of each."""

from __future__ import annotations

from dataclasses import replace

from sheetgen.draw import Text, text_width
from sheetgen.draw.transform import IDENTITY
from sheetgen.draw.walk import leaves
from sheetgen.findings import Finding, error
from sheetgen.games.scribe.draw import EDGE, draw_sheet, plan, tally_width
from sheetgen.games.scribe.model import SIX_POINTS, ScribeLayout
from sheetgen.games.scribe.rules import check_layout
from sheetgen.press import Document, pad, plan_grid
from sheetgen.registry import BuildOptions, ComponentKind

SHEET_GAP = 12.0  # mm between sheets sharing a page, room for the cut


def _fit(layout: ScribeLayout) -> list[Finding]:
    """Whether the sheet's parts fit inside it, clear of its edges, with every text full size."""
    s, p = layout.sheet, plan(layout)
    found = []
    right = p.grid_x + p.grid_size + EDGE
    if right > s.width + 1e-6:
        found.append(
            error(
                "sheet.cell",
                f"the super grid ({p.grid_size:g} mm plus labels) is wider than the sheet "
                f"({s.width:g} mm); use a smaller cell or gutter",
            )
        )
    elif p.slot < 3 * s.legend_cell + 1.5:
        found.append(
            error(
                "sheet.legend_columns",
                f"{s.legend_columns} legend columns of {p.slot:.1f} mm cannot hold diagrams "
                f"{3 * s.legend_cell:g} mm wide; use fewer columns or a smaller legend_cell",
            )
        )
    if p.tally_x + tally_width(layout) > p.tally_limit + 1e-6:
        found.append(
            error(
                "labels.won_note",
                f"the tally row ({tally_width(layout):.1f} mm) is wider than the "
                f"{p.tally_limit - EDGE:.1f} mm it may take; shorten labels.won or "
                "labels.won_note",
            )
        )
    tab = text_width(layout.labels.win, s.text) + 2.4 + p.tab
    if tab > 3 * s.cell:
        found.append(
            error(
                "labels.win",
                f"{layout.labels.win!r} makes the winner tab {tab:.1f} mm wide, wider than "
                f"a mini grid ({3 * s.cell:g} mm); shorten it",
            )
        )
    for i, glyph in enumerate(layout.glyphs if s.legend_names else ()):
        if text_width(glyph.name, s.text, "bold") > p.slot - 1.0:
            found.append(
                error(
                    f"glyphs[{i}].name",
                    f"{glyph.name!r} is wider than its legend column ({p.slot:.1f} mm); "
                    "shorten it, or use fewer legend columns",
                )
            )
    if p.bottom > s.height + 1e-6:
        found.append(
            error(
                "sheet.height",
                f"the sheet's parts need {p.bottom:.1f} mm but the sheet is {s.height:g} mm "
                "tall; raise sheet.height or shorten the rules",
            )
        )
    if not found:
        drawn = leaves(draw_sheet(layout, credit=True).children, IDENTITY)
        for text in (shape for shape, _ in drawn if isinstance(shape, Text)):
            if text.size < SIX_POINTS - 1e-9:
                where = {layout.title: "title", layout.credit: "credit"}
                found.append(
                    error(
                        where.get(text.text, "labels"),
                        f"{text.text!r} would print at {text.size * 72 / 25.4:.1f} pt, under "
                        "6 pt, to fit its place; shorten it",
                    )
                )
    return found


def check(layout: ScribeLayout) -> list[Finding]:
    """Rules findings plus whether the sheet's parts fit it."""
    return check_layout(layout) + _fit(layout)


def build(layout: ScribeLayout, options: BuildOptions) -> Document:
    """A pad of super grid sheets, as many a page as fit the paper. Sheets that share a page
    (cut apart) each carry the credit themselves, and the page footer does not repeat it."""
    press = replace(options.press, gap=max(options.press.gap, SHEET_GAP))
    s = layout.sheet
    shared = plan_grid(s.width, s.height, 0.0, press, press.per_page or 1000).count > 1
    if shared:
        press = replace(press, credit="")
    pages = pad(draw_sheet(layout, credit=shared), press, options.copies)
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
