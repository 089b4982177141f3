"""Scribe's layout model: the glyph set, the super grid sheet and every word it prints."""

from __future__ import annotations

from typing import Literal

from sheetgen.model.base import Colour, LayoutBase, PageLabels, Section, paints
from sheetgen.model.paper import sheet_side_said
from sheetgen.model.tables import Key, key_check

SIX_POINTS = 6 * 25.4 / 72  # mm: no text is printed smaller


class Glyph(Section):
    """A glyph: its name, its points, and its dots as three rows of three (`#` dot, `.` empty)."""

    name: str = Key(
        min_length=1,
        max_length=20,
        description="the glyph's name, printed under its diagram in the legend",
    )
    points: int = Key(ge=1, le=9, description="what the glyph scores when a group matches it")
    pattern: str = Key(
        description="three rows of three, '#' a dot, '.' empty, '/' between rows",
        examples=["###/.#./.#."],
    )

    @key_check("pattern")
    @classmethod
    def _three_by_three(cls, value: str) -> str:
        rows = [row.strip() for row in value.split("/")]
        if len(rows) != 3 or any(len(r) != 3 or set(r) - {"#", "."} for r in rows):
            raise ValueError(
                "must be three rows of three '#' or '.' separated by '/', e.g. '###/.#./.#.'"
            )
        return "/".join(rows)

    def cells(self) -> frozenset[tuple[int, int]]:
        """The (row, column) of every dot."""
        rows = self.pattern.split("/")
        return frozenset((r, c) for r in range(3) for c in range(3) if rows[r][c] == "#")


# what a size of the sheet's parts may be besides its own range
HELD = "as far as the sheet holds the grids, legend, tally and rules"


class SheetStyle(Section):
    """Sizes (mm) and colours of the printed sheet, drawn at full size (a pad's sheet is
    designed small, never shrunk, so its text stays readable)."""

    width: float = Key(
        default=194.0, ge=100, le=400, description=sheet_side_said("width", 100, 400)
    )
    height: float = Key(
        default=250.0, ge=100, le=400, description=sheet_side_said("height", 100, 400)
    )
    text: float = Key(
        default=2.6,
        ge=SIX_POINTS,
        le=6,
        description=f"size (mm) of the smallest texts; headings and the title scale with it: "
        f"{SIX_POINTS:.4g} to 6, {HELD}",
    )
    cell: float = Key(
        default=13.0,
        ge=6,
        le=25,
        description=f"side of one square of the mini grids, in mm: 6 to 25, {HELD}",
    )
    gutter: float = Key(
        default=7.0,
        ge=6,
        le=20,
        description="space between mini grids, in mm; each grid's winner tab hangs in it: "
        f"6 to 20, {HELD}",
    )
    legend: Literal["below", "beside"] = Key(
        default="below", description="the glyph legend in a band below the super grid, or beside it"
    )
    legend_columns: int = Key(
        default=10, ge=2, le=19, description="diagrams a row of the glyph legend holds"
    )
    legend_cell: float = Key(default=3.4, ge=2, le=6, description="square of a legend diagram (mm)")
    legend_names: bool = Key(default=True, description="print each glyph's name under its diagram")
    rules_columns: int = Key(default=1, ge=1, le=3, description="columns of the rules summary")
    ink: Colour = paints(
        "#1d2330",
        "the mini grids' outlines, the winner tabs' edges and the players' marks",
    )
    grid: Colour = paints(
        "#5b6475",
        "the thin cell lines, the row and column numbers and the notes",
    )
    accent: Colour = paints(
        "#2f6f8f",
        "the title, the headings, the glyph points and the score boxes",
    )
    shade: Colour = paints("#e9eef3", "the ground of every other mini grid and its winner tab")


class ScribeLabels(PageLabels):
    """Every word a Scribe sheet prints (beyond the title, rules and glyph names), in English
    unless a layout's `[labels]` table says otherwise."""

    plus: str = Key(default="+", min_length=1, max_length=3, description="the first player's mark")
    o: str = Key(default="O", min_length=1, max_length=3, description="the second player's mark")
    columns: str = Key(
        default="A B C D E F G H I",
        max_length=60,
        description="the nine column names over the super grid, left to right, space separated",
    )
    win: str = Key(default="win", min_length=1, max_length=8, description="beside each winner box")
    won: str = Key(default="Mini grids won:", max_length=30)
    won_note: str = Key(default="Majority version: five wins take the game.", max_length=60)
    legend: str = Key(default="The {n} glyphs", max_length=40, description="keeps {n}")
    legend_note: str = Key(
        default="each counts turned or mirrored too, and scores one point a dot", max_length=90
    )
    point: str = Key(default="{n} point", max_length=20, description="keeps {n}")
    points: str = Key(default="{n} points", max_length=20, description="keeps {n}")
    rules: str = Key(default="How to play", max_length=40, description="over the rules summary")

    @key_check("columns")
    @classmethod
    def _nine_columns(cls, value: str) -> str:
        if len(value.split()) != 9:
            raise ValueError(
                f"names {len(value.split())} columns; give nine, separated by spaces, "
                "e.g. 'A B C D E F G H I'"
            )
        return value

    def column_names(self) -> list[str]:
        """The nine column names, left to right."""
        return self.columns.split()


class ScribeLayout(LayoutBase):
    """A Scribe super grid sheet: nine 3x3 mini grids with winner tabs, names, the glyph legend
    and (where the layout gives one) a rules summary."""

    game: Literal["scribe"]
    component: Literal["supergrid"]
    title: str = Key(
        default="Scribe", max_length=40, description="the title printed at the top of the sheet"
    )
    rules: list[str] = Key(
        default_factory=list,
        max_length=8,
        description="paragraphs of the rules summary printed on the sheet (wrapped to fit)",
    )
    glyphs: list[Glyph] = Key(
        min_length=1,
        max_length=40,
        description="the glyphs that score, as [[glyphs]] tables: the legend, the rules check "
        "and the scorer read them",
    )
    sheet: SheetStyle = Key(
        default=SheetStyle(), description="sizes (mm) and colours of the printed sheet"
    )
    labels: ScribeLabels = ScribeLabels()
