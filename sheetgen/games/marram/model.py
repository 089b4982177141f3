"""Marram's layout models: the tile set (duplex print-and-play), tile art, and scored boards."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, field_validator, model_validator

from sheetgen.registry import Colour, LayoutBase, Section

Kind = Literal["g", "s"]  # grass or sand
Corner = Literal["NW", "NE", "SE", "SW"]
Edge = Literal["N", "E", "S", "W"]
CORNERS: tuple[Corner, ...] = ("NW", "NE", "SE", "SW")
EDGES: tuple[Edge, ...] = ("N", "E", "S", "W")
SEGMENT_KINDS = {
    "blue-head": 1,
    "blue-tail": 1,
    "blue-body": 2,
    "orange-end": 1,
    "orange-body": 2,
    "worm-end": 1,
    "worm-body": 2,
    "worm-saddle": 2,
    "beastly": 2,
}
_SEGMENT = re.compile(r"^([a-z-]+):([NESW])(?:-([NESW]))?$")


class Item(Section):
    """A gold or silver coin (in grass) or a flower (in sand), in one corner of the front."""

    kind: Literal["gold", "silver", "flower"]
    corner: Corner


class TileType(Section):
    """One design of tile and how many of it the set holds.

    `corners` gives the front's patch kind at NW, NE, SE, SW ('g' grass, 's' sand), e.g. "ggss";
    `centre` settles a chequered tile ("gsgs"): which kind joins across the middle. Segments are
    'kind:edge' for ends and 'kind:edge-edge' for bodies, e.g. "blue-head:E", "worm-saddle:W-E".
    The back shows the same segments; its patches mirror the front left to right, or, on a spade
    tile, swap grass and sand. `back` may state the back's corners to have that checked.
    """

    name: str = Field(pattern=r"^[a-z0-9-]{1,30}$")
    count: int = Field(ge=1, le=95)
    corners: str = Field(pattern=r"^[gs]{4}$")
    centre: Kind | None = None
    segments: list[str] = Field(default_factory=list, max_length=4)
    items: list[Item] = Field(default_factory=list, max_length=4)
    spade: bool = False
    back: str | None = Field(None, pattern=r"^[gs]{4}$")

    @field_validator("segments")
    @classmethod
    def _segment_form(cls, value: list[str]) -> list[str]:
        for text in value:
            m = _SEGMENT.match(text)
            if not m or m[1] not in SEGMENT_KINDS:
                raise ValueError(
                    f"segment {text!r} is not 'kind:edge' or 'kind:edge-edge' with "
                    f"kind one of {', '.join(SEGMENT_KINDS)}"
                )
            ends = 2 if m[3] else 1
            if ends != SEGMENT_KINDS[m[1]]:
                raise ValueError(
                    f"segment {text!r}: a {m[1]} joins {SEGMENT_KINDS[m[1]]} "
                    f"edge{'s' if SEGMENT_KINDS[m[1]] > 1 else ''}"
                )
            if m[3] and m[2] == m[3]:
                raise ValueError(f"segment {text!r} joins an edge to itself")
        return value


class Totals(Section):
    """Counts the set declares, checked against its tiles."""

    tiles: int = 95
    spade: int = Field(ge=0)
    blue_heads: int = Field(ge=0)
    blue_tails: int = Field(ge=0)
    gold: int = Field(ge=0)
    silver: int = Field(ge=0)
    flowers: int = Field(ge=0)


class SheetStyle(Section):
    size: float = Field(40.0, ge=15, le=100, description="tile size in mm")
    bleed: float = Field(2.0, ge=0, le=5)
    grass: Colour = "#7fae4f"
    sand: Colour = "#e9d39b"
    blue: Colour = "#2f6fb5"
    orange: Colour = "#e8812c"
    worm: Colour = "#c98b7a"
    saddle: Colour = "#e4679a"
    ink: Colour = "#2b2a26"


class TileSetLayout(LayoutBase):
    """The Marram tile set: the starter tile and the tile types with their counts."""

    game: Literal["marram"]
    component: Literal["tiles"]
    starter: TileType
    tiles: list[TileType] = Field(min_length=1, max_length=120)
    totals: Totals
    sheet: SheetStyle = SheetStyle()

    @model_validator(mode="after")
    def _names_unique(self) -> TileSetLayout:
        names = [t.name for t in [self.starter, *self.tiles]]
        if len(set(names)) != len(names):
            raise ValueError("tile names repeat")
        return self


class ArtLayout(LayoutBase):
    """Per-tile images (front and back of every tile design) for digital tabletops."""

    game: Literal["marram"]
    component: Literal["art"]
    tiles: str = Field("marram/classic", description="the tile set layout")
    px: int = Field(256, ge=32, le=4096, description="image size in pixels")


Variant = Literal["classic", "pitchfork", "animals"]


class Placed(Section):
    """A tile on the board: its design, side, quarter turns clockwise, and grid position."""

    tile: str
    at: tuple[int, int]
    side: Literal["front", "back"] = "front"
    turns: int = Field(0, ge=0, le=3)


class Claim(Section):
    """A player's boot on a feature: a beast at one edge, or a patch at one corner, of a tile."""

    player: str = Field(min_length=1, max_length=30)
    at: tuple[int, int]
    feature: str = Field(
        pattern=r"^(beast:[NESW]|patch:(NW|NE|SE|SW))$",
        description="'beast:E' (the beast at that edge) or 'patch:NW'",
    )


class BoardLayout(LayoutBase):
    """A board of placed tiles with the players' claims, for scoring."""

    game: Literal["marram"]
    component: Literal["board"]
    tiles: str = Field("marram/classic", description="the tile set the tiles come from")
    variant: Variant = "classic"
    end_game: bool = Field(False, description="also score unfinished features")
    placed: list[Placed] = Field(min_length=1)
    claims: list[Claim] = Field(default_factory=list)
