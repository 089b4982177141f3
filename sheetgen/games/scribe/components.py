"""How each component kind of this game is checked, built and cut into parts (registered
in `kinds`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.draw import Text, text_width
from sheetgen.draw.sheets import Pad, Sheets
from sheetgen.draw.transform import IDENTITY
from sheetgen.draw.walk import leaves
from sheetgen.findings import Finding, error
from sheetgen.games.scribe.draw import EDGE, captions, draw_sheet, plan, tally_width
from sheetgen.games.scribe.model import SIX_POINTS, ScribeLayout
from sheetgen.games.scribe.rules import check_layout

if TYPE_CHECKING:  # the options' module reads the press; a builder only reads its options
    from sheetgen.draw.pieces import Parts
    from sheetgen.options import BuildOptions

SHEET_GAP = 12.0  # mm between sheets sharing a page, room for the cut
CAPTION_GAP = 1.0  # mm of paper kept between captions side by side in the glyph legend


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
        found += _legend_captions(layout, p.slot)
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


def _caption_need(columns: int, index: int, widths: list[float]) -> float:
    """The column pitch the caption of glyph `index` needs, given the widths of that line's
    captions glyph by glyph: its half and its neighbour's in the same row with CAPTION_GAP of
    paper between them, and at least its whole width, so it stays over the legend."""
    need = widths[index]
    for other in (index - 1, index + 1):
        if 0 <= other < len(widths) and other // columns == index // columns:
            need = max(need, (widths[index] + widths[other]) / 2 + CAPTION_GAP)
    return need


def _legend_captions(layout: ScribeLayout, slot: float) -> list[Finding]:
    """One finding for the captions under the legend's diagrams (names, points) that would
    come within CAPTION_GAP of their neighbour in the row, or run past the legend, at the one
    that needs the widest columns."""
    s = layout.sheet
    lines = [captions(layout, glyph) for glyph in layout.glyphs]
    crowded = []
    for k in range(len(lines[0])):
        widths = [text_width(glyph[k].text, s.text, glyph[k].weight) for glyph in lines]
        for i in range(len(widths)):
            need = _caption_need(s.legend_columns, i, widths)
            if need > slot + 1e-9:
                crowded.append((need, i, k))
    if not crowded:
        return []
    need, i, k = max(crowded)
    text = lines[i][k].text
    if s.legend_names and k == 0:
        where = f"glyphs[{i}].name"
    else:
        where = "labels.point" if layout.glyphs[i].points == 1 else "labels.points"
    more = len(crowded) - 1
    others = f" and {more} more caption{'s' if more > 1 else ''}" if more else ""
    verb, it = ("are", "them") if more else ("is", "it")
    return [
        error(
            where,
            f"{text!r}{others} {verb} too wide for legend columns {slot:.1f} mm apart ({text!r} "
            f"needs {need:.1f} mm to keep {CAPTION_GAP:g} mm from its neighbour); shorten {it}, "
            "or use fewer legend columns, a smaller cell or gutter, or a wider sheet",
            ("sheet.legend_columns", *GRID_KEYS),
        )
    ]


def check(layout: ScribeLayout) -> list[Finding]:
    """Rules findings plus whether the sheet's parts fit it."""
    return check_layout(layout) + _fit(layout)


def build(layout: ScribeLayout, options: BuildOptions) -> Sheets:
    """A pad of super grid sheets, as many a page as fit the paper: sheets that share a page
    (cut apart) each carry the credit themselves, and the page footer does not repeat it."""
    sheet = Pad(
        draw_sheet(layout, credit=False),
        options.copies,
        gap=SHEET_GAP,
        shared=lambda: draw_sheet(layout, credit=True),
        lone_gap=f"--gap: scribe/{layout.name} prints one sheet a page on {{paper}}, so "
        "there is no gap between sheets; built without it",
    )
    return Sheets(
        (sheet,),
        title=f"{layout.title} — {layout.name}",
        subject="Scribe super grid sheets",
        keywords=("scribe", "super grid", "pad"),
    )


def sheet_parts(layout: ScribeLayout) -> Parts:
    """The super grid sheet whole as one board, with the credit on it (a bare image has no
    page footer to carry it)."""
    from sheetgen.draw.pieces import Parts  # start-up: a check cuts no parts

    return Parts(boards=(draw_sheet(layout, credit=True),))
