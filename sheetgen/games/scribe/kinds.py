"""The component kinds of this game: layout model, rules check and builder of each."""

from __future__ import annotations

from dataclasses import replace

from sheetgen.draw import Drawing, Text, text_width
from sheetgen.draw.transform import IDENTITY
from sheetgen.draw.walk import leaves
from sheetgen.findings import Finding, error
from sheetgen.games.scribe.draw import EDGE, draw_sheet, plan, tally_width
from sheetgen.games.scribe.model import SIX_POINTS, ScribeLayout
from sheetgen.games.scribe.rules import check_layout
from sheetgen.pieces import Parts
from sheetgen.press import Document, PressOptions, pad, plan_grid
from sheetgen.registry import PRESSED, BuildOptions, ComponentKind

SHEET_GAP = 12.0  # mm between sheets sharing a page, room for the cut


GRID_KEYS = ("sheet.cell", "sheet.gutter", "sheet.width")  # what sets the room beside the grid


def _fit(layout: ScribeLayout) -> list[Finding]:
    """Whether the sheet's parts fit inside it, clear of its edges, with every text full size.
    A finding names the key it is about and, as `also`, the keys that share its cause."""
    s, p = layout.sheet, plan(layout)
    found = []
    right = p.grid_x + p.grid_size + EDGE
    beside = "beside the super grid" if s.legend == "beside" else "across the sheet"
    if right > s.width + 1e-6:
        found.append(
            error(
                "sheet.cell",
                f"the super grid ({p.grid_size:g} mm plus labels) is wider than the sheet "
                f"({s.width:g} mm); use a smaller cell or gutter, or a wider sheet",
                ("sheet.gutter", "sheet.width"),
            )
        )
    elif p.slot < 3 * s.legend_cell + 1.5:
        found.append(
            error(
                "sheet.legend_columns",
                f"the legend {beside} has {max(p.legend_w, 0):.1f} mm, too little for "
                f"{s.legend_columns} columns of diagrams {3 * s.legend_cell:g} mm wide; use "
                "fewer legend columns, a smaller legend_cell, cell or gutter, or a wider sheet",
                ("sheet.legend_cell", *GRID_KEYS),
            )
        )
    else:
        found += _legend_names(layout, p.slot)
    if p.tally_x + tally_width(layout) > p.tally_limit + 1e-6:
        found.append(
            error(
                "labels.won_note",
                f"the tally row ({tally_width(layout):.1f} mm) is wider than the "
                f"{p.tally_limit - EDGE:.1f} mm it may take under the super grid; shorten "
                "labels.won or labels.won_note, or use a larger cell",
                ("labels.won", "sheet.cell", "sheet.gutter"),
            )
        )
    tab = text_width(layout.labels.win, s.text) + 2.4 + p.tab
    if tab > 3 * s.cell:
        found.append(
            error(
                "labels.win",
                f"{layout.labels.win!r} makes the winner tab {tab:.1f} mm wide, wider than "
                f"a mini grid ({3 * s.cell:g} mm); shorten it, or use a larger cell",
                ("sheet.cell",),
            )
        )
    if p.bottom > s.height + 1e-6:
        found.append(
            error(
                "sheet.height",
                f"the sheet's parts need {p.bottom:.1f} mm but the sheet is {s.height:g} mm "
                "tall; raise sheet.height, or make its parts smaller (cell, gutter, "
                "legend_cell, text, more legend_columns or shorter rules)",
                (
                    "sheet.cell",
                    "sheet.gutter",
                    "sheet.legend_cell",
                    "sheet.text",
                    "sheet.legend_columns",
                    "rules",
                ),
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


def _legend_names(layout: ScribeLayout, slot: float) -> list[Finding]:
    """One finding for the glyph names wider than a legend column, at the widest of them."""
    s = layout.sheet
    if not s.legend_names:
        return []
    wide = [
        (text_width(glyph.name, s.text, "bold"), i, glyph.name)
        for i, glyph in enumerate(layout.glyphs)
        if text_width(glyph.name, s.text, "bold") > slot - 1.0
    ]
    if not wide:
        return []
    width, i, name = max(wide)
    many = len(wide) > 1
    others, verb, it = (f" and {len(wide) - 1} more", "are", "them") if many else ("", "is", "it")
    return [
        error(
            f"glyphs[{i}].name",
            f"{name!r}{others} {verb} wider than a legend column ({slot:.1f} mm; {name!r} needs "
            f"{width + 1.0:.1f} mm); shorten {it}, or use fewer legend columns, a smaller "
            "cell or gutter, or a wider sheet",
            ("sheet.legend_columns", *GRID_KEYS),
        )
    ]


def check(layout: ScribeLayout) -> list[Finding]:
    """Rules findings plus whether the sheet's parts fit it."""
    return check_layout(layout) + _fit(layout)


def _pressed(layout: ScribeLayout, press: PressOptions) -> tuple[Drawing, PressOptions]:
    """The sheet as it prints on `press`, and the press to print it with: sheets that share a
    page (cut apart) each carry the credit themselves, and the page footer does not repeat
    it."""
    gap = SHEET_GAP if press.gap is None else press.gap
    press = replace(press, gap=gap)
    s = layout.sheet
    shared = plan_grid(s.width, s.height, 0.0, press, press.per_page or 1000).count > 1
    if shared:
        press = replace(press, credit="")
    return draw_sheet(layout, credit=shared), press


def build(layout: ScribeLayout, options: BuildOptions) -> Document:
    """A pad of super grid sheets, as many a page as fit the paper."""
    sheet, press = _pressed(layout, options.press)
    pages = pad(sheet, press, options.copies)
    s = layout.sheet
    alone = plan_grid(s.width, s.height, 0.0, press, press.per_page or 1000).count == 1
    alone = alone and options.press.gap is not None  # a gap asked between sheets that are not
    notes = (
        f"--gap: scribe/{layout.name} prints one sheet a page on {press.paper.name}, so "
        "there is no gap between sheets; built without it",
    )
    return Document(
        tuple(pages),
        title=f"{layout.title} — {layout.name}",
        subject="Scribe super grid sheets",
        keywords=("scribe", "super grid", "pad"),
        notes=notes if alone else (),
    )


def sheet_parts(layout: ScribeLayout) -> Parts:
    """The super grid sheet whole, as it prints on the default paper, as one board."""
    return Parts(boards=(_pressed(layout, PressOptions())[0],))


KINDS = [
    ComponentKind(
        "scribe",
        "supergrid",
        ScribeLayout,
        check,
        build,
        options=frozenset({"copies", "gap"}) | PRESSED,
        parts=sheet_parts,
    )
]
