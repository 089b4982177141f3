"""Marram's layout models: the tile set (duplex print-and-play), tile art, scored boards, and
every word they print."""

from __future__ import annotations

import re
import string
from typing import Annotated, Literal

from sheetgen.kinds import tile_sizes_said
from sheetgen.model.base import (
    SCREEN_CREDIT,
    AlignmentLabels,
    Colour,
    LayoutBase,
    Section,
    TileSizes,
    paints,
)
from sheetgen.model.tables import (
    CheckAfter,
    CheckBefore,
    Key,
    key_check,
    table_check,
)

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
_FORMATTER = string.Formatter()
_SEGMENT = re.compile(r"^([a-z-]+):([NESW])(?:-([NESW]))?$")


def _segment_form(text: str) -> str:
    """One segment, 'kind:edge' for an end or 'kind:edge-edge' for a body (each segment of a
    list checked alone, so that every wrong one is said)."""
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
    return text


class Item(Section):
    """A gold or silver coin (in grass) or a flower (in sand), in one corner of the front."""

    kind: Literal["gold", "silver", "flower"] = Key(
        description="a gold or silver coin (in grass) or a flower (in sand)"
    )
    corner: Corner = Key(description="the corner of the front it sits in: NW, NE, SE or SW")


class TileType(Section):
    """One design of tile and how many of it the set holds.

    `corners` gives the front's patch kind at NW, NE, SE, SW ('g' grass, 's' sand), e.g. "ggss";
    `centre` settles a chequered tile ("gsgs"): which kind joins across the middle. Segments are
    'kind:edge' for ends and 'kind:edge-edge' for bodies, e.g. "blue-head:E", "worm-saddle:W-E".
    The back shows the same segments; its patches mirror the front left to right, or, on a spade
    tile, swap grass and sand. `back` may state the back's corners to have that checked.
    """

    name: str = Key(
        pattern=r"^[a-z0-9-]{1,30}$", description="the design's name, used in board records"
    )
    count: int = Key(ge=1, le=95, description="how many tiles of this design the set holds")
    corners: str = Key(
        pattern=r"^[gs]{4}$",
        description="the front's patch kind at NW, NE, SE, SW: g grass, s sand, e.g. 'ggss'",
    )
    centre: Kind | None = Key(
        default=None, description="a chequered tile's kind that joins across the middle: g or s"
    )
    segments: list[Annotated[str, CheckAfter(_segment_form)]] = Key(
        default_factory=list,
        max_length=4,
        description="the beasts: 'kind:edge' for an end, 'kind:edge-edge' for a body, "
        "e.g. 'blue-head:E'",
    )
    items: list[Item] = Key(
        default_factory=list, max_length=4, description="coins and flowers on the front"
    )
    spade: bool = Key(default=False, description="a spade tile: its back swaps grass and sand")
    back: str | None = Key(
        default=None,
        pattern=r"^[gs]{4}$",
        description="the back's corners, to have them checked, e.g. 'ssgg'",
    )


class Totals(Section):
    """Counts the set declares, checked against its tiles."""

    tiles: int = Key(default=95, description="tiles in the set, the starter left out")
    spade: int = Key(ge=0, description="spade tiles")
    blue_heads: int = Key(ge=0, description="blue snake heads")
    blue_tails: int = Key(ge=0, description="blue snake tails")
    gold: int = Key(ge=0, description="gold coins")
    silver: int = Key(ge=0, description="silver coins")
    flowers: int = Key(ge=0, description="flowers")


class SheetStyle(Section):
    """The tiles' size and bleed, their colours, and the beasts' body widths.

    The colours a player tells apart (grass and sand; the three beasts; a worm's body and its
    saddle; gold and silver coins; the flip boxes; each beast and the grass and sand it lies on)
    differ by CIEDE2000 20 or more in normal and colour-blind vision, and by 20 in lightness
    too, so they part in greyscale print: sand lightest, then the orange snake, grass, the blue
    snake and the all but black worm (the rings and spine mark them as well)."""

    size: Annotated[float, TileSizes("marram/tiles")] = Key(
        default=40.0, description=f"tile size in mm: {tile_sizes_said('marram/tiles')}"
    )
    bleed: float = Key(
        default=2.0, ge=0, le=5, description="art beyond the cut on each side, in mm"
    )
    grass: Colour = paints("#458554", "the grass patches")
    sand: Colour = paints("#fcf4dd", "the sand patches")
    blue: Colour = paints("#173f84", "the blue snakes")
    orange: Colour = paints("#f2a618", "the orange snakes")
    worm: Colour = paints("#240c05", "the worms' bodies")
    saddle: Colour = paints("#f6b3d3", "a worm's saddle")
    gold: Colour = paints("#f2c230", "the gold coins and the starter's star")
    silver: Colour = paints("#d9dde0", "the silver coins")
    flips: tuple[Colour, Colour, Colour] = Key(
        default=("#ae2a25", "#f6bc2c", "#4fa07a"),
        description="a spade tile's three flip boxes, ticked in turn (the rulebook's red, "
        "amber and green rings)",
    )
    ink: Colour = paints(
        "#2b2a26",
        "the beasts' outlines, the coins' letters and the flip boxes' numbers",
    )
    snake_width: float = Key(
        default=6.2,
        ge=3,
        le=10,
        description="a snake's body across, outline included (mm on a 40 mm tile): every "
        "beast, beastly or a worm, meets an edge this wide",
    )
    worm_width: float = Key(
        default=5.4,
        ge=3,
        le=10,
        description="a worm's body across, outline included (mm on a 40 mm tile), away from "
        "the edges: it meets an edge as wide as a snake, as every beast does",
    )


class MarramLabels(AlignmentLabels):
    """Every word Marram prints, in English unless a layout's `[labels]` table says otherwise:
    on the tiles, on a scored board's picture and on the duplex alignment page."""

    gold_letter: str = Key(default="G", min_length=1, max_length=2, description="on a gold coin")
    silver_letter: str = Key(
        default="S", min_length=1, max_length=2, description="on a silver coin"
    )
    starter: str = Key(
        default="START", min_length=1, max_length=8, description="on the starter tile"
    )
    # a board's picture and its scores
    scores: str = Key(
        default="Scores for finished features ({variant} rules)",
        max_length=80,
        description="keeps {variant}",
    )
    scores_end: str = Key(
        default="Final scores, {variant} rules: finished features, then unfinished ones",
        max_length=80,
        description="keeps {variant}",
    )
    score_line: str = Key(
        default="{feature} — {points} pt to {owners}",
        max_length=60,
        description="keeps {feature}, {points} and {owners}",
    )
    boots_back: str = Key(
        default="Boots on a finished feature go back to their owners' stock (in hand) "
        "when it scores.",
        max_length=90,
        description="under the scores of a game in progress",
    )
    totals: str = Key(default="Totals", max_length=30)
    in_hand: str = Key(
        default="In hand", max_length=30, description="before each player's boots not on the board"
    )
    boots: str = Key(default="{n} welly boots", max_length=30, description="keeps {n}")
    pitchforks: str = Key(default="{n} pitchforks", max_length=30, description="keeps {n}")
    blue_snake: str = Key(
        default="finished blue snake, {n} segments", max_length=40, description="keeps {n}"
    )
    orange_snake: str = Key(
        default="finished orange snake, {n} segments", max_length=40, description="keeps {n}"
    )
    worm: str = Key(default="finished worm, {n} segments", max_length=40, description="keeps {n}")
    freak_blue: str = Key(default="freak blue snake", max_length=40)
    freak_orange: str = Key(default="freak orange snake", max_length=40)
    freak_worm: str = Key(default="freak worm", max_length=40)
    freak_beast: str = Key(default="freak beast", max_length=40)
    unfinished_blue: str = Key(
        default="unfinished blue snake ({n} segments)", max_length=60, description="keeps {n}"
    )
    unfinished_orange: str = Key(
        default="unfinished orange snake ({n} segments)", max_length=60, description="keeps {n}"
    )
    unfinished_worm: str = Key(
        default="unfinished worm ({n} segments)", max_length=60, description="keeps {n}"
    )
    unfinished_beast: str = Key(
        default="unfinished beast ({n} segments)", max_length=60, description="keeps {n}"
    )
    grass: str = Key(default="grass", max_length=20)
    sand: str = Key(default="sand", max_length=20)
    patch: str = Key(default="{ground} patch", max_length=40, description="keeps {ground}")
    unfinished_patch: str = Key(
        default="unfinished {ground} patch", max_length=40, description="keeps {ground}"
    )
    bulge: str = Key(default="{n} bulge", max_length=20, description="keeps {n}")
    bulges: str = Key(default="{n} bulges", max_length=20, description="keeps {n}")
    gold: str = Key(default="gold", max_length=20)
    silver: str = Key(default="silver", max_length=20)
    flower: str = Key(default="flower", max_length=20)
    flip_note: str = Key(
        default="Spade tiles: at each flip tick the next box (3, 2, 1) on both faces; "
        "all three ticked, no more flips.",
        max_length=110,
        description="on the alignment page: how to record a spade tile's flips",
    )


class TileSetLayout(LayoutBase):
    """The Marram tile set: the starter tile and the tile types with their counts."""

    game: Literal["marram"]
    component: Literal["tiles"]
    starter: TileType = Key(description="the starter tile, laid first")
    tiles: list[TileType] = Key(
        min_length=1, max_length=120, description="the tile designs, as [[tiles]] tables"
    )
    totals: Totals = Key(description="counts the set declares, checked against its tiles")
    sheet: SheetStyle = Key(
        default=SheetStyle(), description="tile size and bleed (mm), line widths and colours"
    )
    labels: MarramLabels = MarramLabels()

    @table_check
    def _names_unique(self) -> TileSetLayout:
        names = [t.name for t in [self.starter, *self.tiles]]
        if len(set(names)) != len(names):
            raise ValueError("tile names repeat")
        return self


class ArtLayout(LayoutBase):
    """Per-tile images (front and back of every tile design) for digital tabletops."""

    game: Literal["marram"]
    component: Literal["art"]
    tiles: str = Key(default="marram/classic", description="the tile set whose designs it draws")
    credit: str = Key(default="", max_length=120, description=SCREEN_CREDIT)
    px: int = Key(default=256, ge=32, le=4096, description="each image's side in pixels")
    labels: MarramLabels = MarramLabels()


Variant = Literal["classic", "pitchfork", "animals"]
Length = Literal["long", "short"]


def _guess(value: object) -> object:
    """A number of hops, 1 to 30, or "escape" (the Fly or Frog survived 30 hops)."""
    if value == "escape" or (type(value) is int and 1 <= value <= 30):
        return value
    raise ValueError('give a number of hops from 1 to 30, or "escape"')


Guess = Annotated[int | Literal["escape"], CheckBefore(_guess)]


class Placed(Section):
    """One move, in the order played: a tile from the set laid at `at` (its `side` up, turned
    `turns` quarter turns clockwise), or, with `flip`, the tile lying at `flip` turned over with
    a spade card (`turns` then turns its new face). `player` names who moved (a flip must: spade
    cards are counted per player); `turn` numbers that player's turns where the order of moves
    cannot tell them apart (a turn of one move at the end of the game)."""

    tile: str | None = Key(default=None, description="the name of the tile design laid")
    at: tuple[int, int] | None = Key(
        default=None, description="the board place [x, y] the tile is laid at"
    )
    flip: tuple[int, int] | None = Key(
        default=None, description="the board place [x, y] of a tile turned over with a spade card"
    )
    side: Literal["front", "back"] | None = Key(
        default=None, description="the side laid up: front or back"
    )
    turns: int = Key(default=0, ge=0, le=3, description="quarter turns clockwise")
    player: str | None = Key(
        default=None, min_length=1, max_length=30, description="who moved (a flip must say)"
    )
    turn: int | None = Key(
        default=None,
        ge=1,
        le=999,
        description="the number of that player's turn, where the order of moves cannot tell",
    )

    @table_check
    def _lay_or_flip(self) -> Placed:
        if self.flip is None and (self.tile is None or self.at is None):
            raise ValueError("a move lays a tile (tile and at) or flips one (flip = [x, y])")
        if self.flip is not None:
            if self.tile is not None or self.at is not None or self.side is not None:
                raise ValueError(
                    "a flip gives the place of the tile it turns over (flip = [x, y]), "
                    "not tile, at or side"
                )
            if self.player is None:
                raise ValueError("a flip names its player (player = ...): spade cards are theirs")
        return self

    @property
    def where(self) -> tuple[int, int]:
        """The place the move lays a tile at or flips the tile of."""
        place = self.flip if self.flip is not None else self.at
        assert place is not None  # the table check sees to it
        return place


class Claim(Section):
    """A player's boot (or, in pitchfork and animals, a pitchfork on a beast) on a feature: a
    beast at one edge, or a patch at one corner, of a tile. It went on with the move that laid
    or flipped that tile: the last such move, unless `move = N` names placed[N] (counted from
    1, as every finding names moves)."""

    player: str = Key(min_length=1, max_length=30, description="whose boot or pitchfork")
    at: tuple[int, int] = Key(description="the board place [x, y] of the tile")
    feature: str = Key(
        pattern=r"^(beast:[NESW]|patch:(NW|NE|SE|SW))$",
        description="'beast:E' (the beast at that edge) or 'patch:NW'",
    )
    move: int | None = Key(
        default=None,
        ge=1,
        description="the move that laid or flipped the tile: N for placed[N], counted from 1",
    )


class Hopper(Section):
    """The Fly's or the Frog's run in the Animals variant: the hops it took until eaten (the
    fatal one included), or "escape" after 30, and every player's guess (1 to 30 or "escape")."""

    hops: Guess = Key(description="the hops taken until eaten (1 to 30), or 'escape'")
    guesses: dict[str, Guess] = Key(
        min_length=1, max_length=4, description="each player's guess, by name: 1 to 30 or 'escape'"
    )


class BoardLayout(LayoutBase):
    """A game's board: the moves that laid and flipped its tiles, the players' claims, and
    what the variant needs to referee and score it."""

    game: Literal["marram"]
    component: Literal["board"]
    tiles: str = Key(default="marram/classic", description="the tile set the tiles come from")
    variant: Variant = Key(
        default="classic", description="the rules played: classic, pitchfork or animals"
    )
    length: Length = Key(
        default="long", description="'short' stops at the target score; 'long' lays every tile"
    )
    players: list[str] = Key(
        default_factory=list,
        max_length=4,
        description="the players in turn order (a short game's target and the spade cards "
        "depend on how many)",
    )
    title: str = Key(
        default="Marram — a board",
        min_length=1,
        max_length=60,
        description="printed over the board",
    )
    end_game: bool = Key(
        default=False,
        description="the game is over: every tile laid or taken out of the game, nobody at a "
        "short game's target; unfinished features score",
    )
    taken_out: list[str] = Key(
        default_factory=list,
        max_length=95,
        description="tiles taken out of the game unlaid (a player none of whose tiles fit "
        "anywhere gives them all up), by design name",
    )
    placed: list[Placed] = Key(min_length=1, description="the moves, in the order played")
    claims: list[Claim] = Key(
        default_factory=list, description="the players' boots and pitchforks on features"
    )
    fly: Hopper | None = Key(default=None, description="the Fly's hops and the guesses (animals)")
    frog: Hopper | None = Key(default=None, description="the Frog's hops and the guesses (animals)")
    labels: MarramLabels = MarramLabels()

    @key_check("players")
    @classmethod
    def _players(cls, value: list[str]) -> list[str]:
        if value and not 2 <= len(value) <= 4:
            raise ValueError("Marram is for 2 to 4 players")
        if len(set(value)) != len(value):
            raise ValueError("a player is named twice")
        if any(not 1 <= len(p) <= 30 for p in value):
            raise ValueError("a player's name is 1 to 30 characters")
        return value
