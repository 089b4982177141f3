"""The parts of a component as a player handles them, apart from any sheet they print on:
each piece (a tile, a card, a die face) with its front, its back and how many a set holds;
each die as its six faces; each board whole. Exports to digital tables, bare piece images and
`--only` take them from here; games say what their parts are, the press and the backends
decide how they are laid out."""

from __future__ import annotations

from typing import Literal

from sheetgen.draw.geometry import hexagon, polygon, rounded_rect_path
from sheetgen.draw.shapes import Circle, Drawing, Rect, Shape, Style
from sheetgen.frozen import frozen

# How a game's rules have players take the pieces of a deck, which a digital table follows:
# 'bag', drawn blind from a bag; 'pile', shuffled into a face-down pile with one back;
# 'open', laid out face up in the set's order (chosen, or laid first, never drawn blind).
Drawn = Literal["bag", "pile", "open"]
CutShape = Literal["rectangle", "circle", "hexagon"]
FILLED = Style(stroke=None, fill="#000000")


@frozen
class Cut:
    """The line a piece is cut on, for what shows a piece apart from its sheet: a rectangle
    with its corners rounded `radius` mm (0: square), a circle as wide as the piece, or a
    hexagon with a flat top and bottom and its corners at the middle of the left and right
    edges (its top and bottom edges from a quarter to three quarters of the width). A bare
    image is clear outside it; a digital table gives the piece its shape."""

    shape: CutShape = "rectangle"
    radius: float = 0.0  # a rectangle's corners; a circle's or a hexagon's says nothing

    @property
    def square(self) -> bool:
        """A rectangle with square corners: a piece is its whole drawing's box."""
        return self.shape == "rectangle" and self.radius <= 0

    def area(self, width: float, height: float, grow: float = 0.0) -> Shape:
        """What lies inside the cut of a `width` x `height` mm piece, filled, `grow` mm beyond
        it on every side (a bleed): as a piece's background is printed to its bleed edge, a
        rounded rectangle's bleed has square corners (a corner rounder cuts the round ones
        from it), a circle's is a wider circle and a hexagon's a larger hexagon."""
        if self.shape == "circle":
            return Circle(width / 2, height / 2, width / 2 + grow, FILLED)
        w, h, x, y = width + 2 * grow, height + 2 * grow, -grow, -grow
        if self.shape == "hexagon":
            return polygon(hexagon(width, height, grow), FILLED)
        if grow > 0 or self.radius <= 0:
            return Rect(x, y, w, h, FILLED)
        return rounded_rect_path(0.0, 0.0, width, height, self.radius, FILLED)


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
    players read it ('Deep roots'); empty: its `name`. `cut` is the line it is cut on: a
    rectangle with square corners unless the game says another shape (its `Cut`; every piece
    of a deck is cut alike)."""

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
    cut: Cut = Cut()


@frozen
class Die:
    """A six-sided die: its name and its faces in the order 1 to 6 (a die of symbols gives
    them in the order its layout lists them). `net`, for a die printed as a paper net to cut
    out and fold: that net, which `--only` prints for it (None: its faces, one piece each)."""

    name: str
    faces: tuple[Drawing, Drawing, Drawing, Drawing, Drawing, Drawing]
    net: Drawing | None = None


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

    def cuts(self) -> dict[Drawing, Cut]:
        """The cut of each piece's front and back drawing that is not cut square (a drawing
        is known by its identity); a die face's or a board's has none."""
        return {
            drawing: piece.cut
            for piece in self.pieces
            if not piece.cut.square
            for drawing in (piece.front, piece.back)
            if drawing is not None
        }

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
