"""Scribe's layout model: the glyph set and the super grid sheet."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from sheetgen.registry import Colour, LayoutBase, Section


class Glyph(Section):
    """A glyph: its name, its points, and its dots as three rows of three (`#` dot, `.` empty)."""

    name: str = Field(min_length=1, max_length=20)
    points: int = Field(ge=1, le=9)
    pattern: str = Field(
        description="three rows of three, '#' a dot, '.' empty, '/' between rows",
        examples=["###/.#./.#."],
    )

    @field_validator("pattern")
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


class SheetStyle(Section):
    """Sizes (mm) and colours of the printed sheet; `scale` shrinks the whole sheet for pads."""

    width: float = Field(190.0, ge=100, le=400)
    height: float = Field(245.0, ge=100, le=400)
    scale: float = Field(1.0, gt=0.3, le=2.0)
    cell: float = Field(13.0, ge=6, le=25)
    gutter: float = Field(7.0, ge=3, le=20)
    legend_columns: int = Field(10, ge=4, le=19)
    ink: Colour = "#1d2330"
    grid: Colour = "#5b6475"
    accent: Colour = "#2f6f8f"
    shade: Colour = "#e9eef3"


class ScribeLayout(LayoutBase):
    """A Scribe super grid sheet: nine 3x3 mini grids, winner boxes, names, legend and rules."""

    game: Literal["scribe"]
    component: Literal["supergrid"]
    title: str = Field("Scribe", max_length=40)
    byline: str = Field("", max_length=90)
    rules: list[str] = Field(
        default_factory=list,
        max_length=8,
        description="lines of the rules summary printed on the sheet",
    )
    glyphs: list[Glyph] = Field(min_length=1, max_length=40)
    sheet: SheetStyle = SheetStyle()
