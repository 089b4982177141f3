"""The parts of a component as a player handles them, apart from any sheet they print on:
each piece (a tile, a card, a die face) with its front, its back and how many a set holds;
each die as its six faces; each board whole. Exports to digital tables, bare piece images and
`--only` take them from here; games say what their parts are, the press and the backends
decide how they are laid out."""

from __future__ import annotations

from typing import Literal

from sheetgen.draw.shapes import Drawing
from sheetgen.frozen import frozen

# How a game's rules have players take the pieces of a deck, which a digital table follows:
# 'bag', drawn blind from a bag; 'pile', shuffled into a face-down pile with one back;
# 'open', laid out face up in the set's order (chosen, or laid first, never drawn blind).
Drawn = Literal["bag", "pile", "open"]


@frozen
class Piece:
    """One design of piece: `name` unique within its component (what `--only` takes and what
    its image files are called), its front and back drawings (`back` None when the piece has
    nothing printed on its back), how many of it a full set holds, and the deck it is shuffled
    into (pieces of one deck share a back and a deck sheet: 'movement', 'bag-yellow').
    `table_back` is what a digital table shows on the back of a piece printed with none (a
    Scrumpit bag's colour, as the bag tells the tiles apart at a real table); None: white.
    `drawn` is how the rules have players take its deck's pieces (every piece of a deck says
    the same). `both_public`: both its sides are faces every player may see and read (a tile
    played either side up, an achievement flipped from gold to silver), so a table shows its
    name whichever side is up and keeps it out of hidden hands; False where its back hides it.
    `deck_name` is its deck's name as players read it on a table ('Yellow bag', in the
    layout's words); empty: the deck's slug in words. `title` is the piece's own name as
    players read it ('Deep roots'); empty: its `name`."""

    name: str
    front: Drawing
    back: Drawing | None
    count: int = 1
    deck: str = ""
    table_back: Drawing | None = None
    drawn: Drawn = "pile"
    both_public: bool = False
    deck_name: str = ""
    title: str = ""


@frozen
class Die:
    """A six-sided die: its name and its faces in the order 1 to 6 (a die of symbols gives
    them in the order its layout lists them)."""

    name: str
    faces: tuple[Drawing, Drawing, Drawing, Drawing, Drawing, Drawing]


@frozen
class OnTable:
    """What a digital table makes of a board beyond its picture: the centres (mm from the
    board drawing's top-left corner) of the cells pieces are laid on, and whether the board is
    cut to its shape (nothing outside its drawn art, as a die-cut board) rather than a sheet."""

    cells: tuple[tuple[float, float], ...] = ()
    cut_to_shape: bool = False


@frozen
class Parts:
    """Everything of one component a digital table needs, trimmed to the pieces themselves
    (no page furniture: no ruler, credit footer, crop marks or instructions)."""

    pieces: tuple[Piece, ...] = ()
    dice: tuple[Die, ...] = ()
    boards: tuple[Drawing, ...] = ()  # each board, map, tree or grid whole, at its own size
    on_table: tuple[OnTable, ...] = ()  # for each board in turn; missing: no cells, a sheet
    # (width, depth) mm of the middle of the table a board of the game covers when it comes
    # from a save of its own: pieces of a component without boards are laid out in front of
    # it, so the two saves loaded together do not overlap; (0, 0): the game has no board
    board_room: tuple[float, float] = (0.0, 0.0)

    def table_facts(self, index: int) -> OnTable:
        """Board `index`'s cells and cut on a digital table (none and a sheet if not given)."""
        return self.on_table[index] if index < len(self.on_table) else OnTable()


def piece_name(text: str, taken: set[str], fallback: str) -> str:
    """A piece's name from `text` as a player reads it, file-name safe (its slug, 'up/down' ->
    'up-down'; `fallback` where it has none) and not yet `taken` (case aside, as some file
    systems see it): a clash is put after `fallback` ('achievement-up'), then numbered. The
    name is added to `taken`."""
    # imported here, not at the top, for start-up time
    from sheetgen.pipeline.output import slug

    name = slug(text) or fallback
    if name.lower() in taken and name != fallback:
        name = f"{fallback}-{name}"
    base, number = name, 2
    while name.lower() in taken:
        name, number = f"{base}-{number}", number + 1
    taken.add(name.lower())
    return name
