"""What a component asks the press to print: its drawings and how they go onto paper. A game's
builder returns `Sheets` (a pad, pieces N-up, two-sided pieces, headed bands, a board on one
page or tiled, a duplex alignment test, or pages of its own) with the document's metadata; the
press (`sheetgen.press.sheets`) lays them out on the paper and options it is given. So games
never do page sums, and every mark and margin is the press's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, Protocol

from sheetgen.draw.document import Box, Flip, Page
from sheetgen.draw.shapes import Drawing
from sheetgen.frozen import frozen


@frozen
class Pad:
    """`copies` sheets of one drawing, as many a page as fit (cut guides between them when
    several share a page). `gap` is the space between sheets when the command line gives none;
    `shared`, when given, makes the drawing to print where sheets share a page: it carries the
    credit itself, and the page footer leaves it out. `lone_gap` is the note to give when a
    gap was asked but one sheet fills a page ({paper} is the paper's name). `overlays` are
    drawn over the sheet of each page in turn (a filled-in record over its blank sheet)."""

    drawing: Drawing
    copies: int = 1
    one_a_page: bool = False
    gap: float | None = None
    shared: Callable[[], Drawing] | None = None
    lone_gap: str = ""
    overlays: tuple[Drawing, ...] = ()


@frozen
class Pieces:
    """Drawings of one size laid out N-up, in order (one a page with `one_a_page`); `overlays`
    are drawn over the first drawing of each page in turn (a player's name on their sheet)."""

    drawings: Sequence[Drawing]
    one_a_page: bool = False
    overlays: tuple[Drawing, ...] = ()


@frozen
class TwoSided:
    """Fronts and backs on alternating pages, each back behind its front when the sheet is
    turned over its `flip` edge, shifted by `offset` (mm) for a drifting printer; the footer
    names each side unless `name_sides` is off (sheets whose sides name themselves).
    `overlays` go over the first drawing of each page in turn: front, back, front, ..."""

    fronts: Sequence[Drawing]
    backs: Sequence[Drawing]
    flip: Flip = "long"
    offset: tuple[float, float] = (0.0, 0.0)
    name_sides: bool = True
    one_a_page: bool = False
    overlays: tuple[Drawing, ...] = ()


@frozen
class Band:
    """A group of pieces printed under one heading."""

    name: str  # names its pages' image files ('yellow'; 'yellow-blue' shared; 'yellow-2')
    pieces: Sequence[Drawing]  # in print order, all one size
    heading: Callable[[float], Drawing]  # the heading, given the width (mm) it may take
    ground: str | None = None  # a colour laid under each row of pieces, edge to edge
    taller: float = 0.0  # mm its heading takes above the pieces beyond the usual room
    # pieces of one colour stand edge to edge, one cut between two (their bleed reaching only
    # over the neighbour's plain ground), a faint line of `seams` along each such cut
    abut: bool = False
    seams: str | None = None


@frozen
class Bands:
    """Headed groups of pieces down the page, `together` a page (in order) where every group
    of them fits a page whole, else each band on pages of its own; `stack` puts the last
    band's pieces right under its heading too, not in the middle of the rest of the page."""

    bands: Sequence[Band]
    together: int = 2
    stack: bool = False


@frozen
class TileWords:
    """Every word the tiler prints, set by the layout (templates keep their {fields})."""

    rows: str  # one letter a row of pages, top to bottom
    name: str  # a page's name from {row} and {column}
    heading: str  # {page} of {count}, {rows} x {columns}
    keep: str  # on the top-left page, which is not cut
    over_left: str  # {page}: the page this one's left edge is laid over
    over_top: str  # {page}: the page this one's top edge is laid over
    marks: str  # how to line pages up, on a page with ⊕ marks
    unmarked: str  # how to line pages up, on a page without marks
    map: str  # the title of the map of pages


@frozen
class Tiling:
    """How a picture larger than the paper is cut into overlapping pages: the words on them,
    the overlap (mm), a caption, and the boxes of the picture that cuts should not cross."""

    words: TileWords
    overlap: float
    caption: str
    keep: Sequence[Box] = ()


@frozen
class Board:
    """A picture printed whole on one page where the paper's width takes it (its bleed too),
    else tiled over pages as `tiling` says, a bleed only round the picture's outer edges;
    `copies` of it. `note` is said of the build, {how} ('one page',
    '4 tiled pages') and {paper} filled in."""

    drawing: Drawing
    tiling: Tiling
    copies: int = 1
    note: str = ""


@frozen
class FittedBoard:
    """A picture `units` cells across (and down) on one page at the largest cell (mm, to 0.1)
    that fits the paper with the ruler under it: `make(cell)` gives the picture and what is
    drawn over it (a game's letters). Refused under `least` mm with `refusal` ({paper} and
    {cell} filled in). `note` as Board's, {cell} too; the cell fills {cell} in the title.
    `frame` (mm) is what `make` adds round the cells on each side: a bled board's safe zone and
    bleed (`sheetgen.draw.bleed`), which the page must hold too."""

    make: Callable[[float], tuple[Drawing, ...]]
    units: float
    least: float
    refusal: str
    copies: int = 1
    note: str = ""
    frame: float = 0.0


class AlignmentWords(Protocol):
    """The words of the alignment page, as a game's labels give them."""

    @property
    def align_title(self) -> str: ...
    @property
    def align_print(self) -> str:
        """Keeps {flip}: the words for the flip, `align_long` or `align_short`."""

    @property
    def align_long(self) -> str: ...
    @property
    def align_short(self) -> str: ...
    @property
    def align_hold(self) -> str: ...
    @property
    def align_read(self) -> str: ...
    @property
    def align_pass(self) -> str:
        """Said before the command that builds the layout again with the offset."""

    @property
    def align_offset(self) -> str:
        """Keeps {offset}: the offset the page was printed with, when it has one."""

    @property
    def align_beyond(self) -> str: ...
    @property
    def align_edge(self) -> str: ...
    @property
    def align_other_edge(self) -> str:
        """Keeps {flip}: the words for the flip, `align_long` or `align_short`."""

    @property
    def align_front(self) -> str: ...
    @property
    def align_back(self) -> str: ...


NO_ALIGNMENT = (
    "no duplex alignment page: this paper is too narrow for its instructions at 6 pt; "
    "print the test page on A4 or Letter (build with --paper A4) to find your printer's --offset"
)


@frozen
class AlignmentTest:
    """The duplex alignment test for the layout named `layout`: where the paper is too narrow
    for it, `missing` is noted instead (nothing is noted when the pieces are folded)."""

    layout: str
    flip: Flip
    offset: tuple[float, float]
    words: AlignmentWords
    note: str = ""  # a game's own line under the instructions
    missing: str = NO_ALIGNMENT


Part = Pad | Pieces | TwoSided | Bands | Board | FittedBoard | AlignmentTest | Page


@frozen
class Sheets:
    """Everything a component prints, in order, and what the file says of it. A part may be
    given more than once (the same object): its pages are laid out once and repeated."""

    parts: tuple[Part, ...]
    title: str
    subject: str = ""
    keywords: tuple[str, ...] = ()
    duplex: Flip | Literal["simplex"] | None = None  # how the PDF asks to be printed
    dpi: float | None = None  # a resolution the images must have (tile art at N pixels)
    notes: tuple[str, ...] = ()  # what a user should be told about the build
    screens: tuple[Page, ...] = ()  # image files only (SVG, PNG), never printed
