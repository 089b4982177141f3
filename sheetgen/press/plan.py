"""What the press is asked and where it puts pieces: the press options (paper, margin, gap,
crop marks, bleed, ruler, fold, the footer's credit and words) and the grid of an N-up page."""

from __future__ import annotations

from dataclasses import field, replace
from typing import Literal

from sheetgen.draw.document import Box
from sheetgen.frozen import frozen
from sheetgen.model.paper import MARGIN
from sheetgen.press.footer import SAFE_EDGE, footer_height, footer_text
from sheetgen.press.paper import NAMED, Paper
from sheetgen.press.proof import Proof
from sheetgen.text.page_words import PageWords

CropMarks = Literal["none", "corners", "full"]


@frozen
class PressOptions:
    """How drawings go onto paper; the same names as the CLI's options.

    `crop_marks` is the command line's `--crop-marks`; None leaves it to the component: pieces
    cut apart get corner marks (`cut()`), sheets used whole none. `gap` None is the
    component's own gap (0 unless it says). `bleed` (`--bleed`) is the bleed asked of pieces
    that have one, None keeping their own; components read it with `bleed_or`. `fold`
    (`--fold`) lays each duplex front and its back side by side on one page, the fold line
    between them. `for_shop` leaves out the pages only a home printer needs (the duplex
    alignment test): a print shop's press lines up its sides itself. `proof` (`--proof`)
    draws the trim, bleed and safe zone over every piece imposed N-up (None: none).
    """

    paper: Paper = NAMED["a4"]
    margin: float = MARGIN
    gap: float | None = None
    ruler: bool = True
    landscape: bool | None = None
    per_page: int | None = None
    credit: str = ""  # printed in every page's footer
    layout: str = ""  # the layout as the command line named it, for commands a page prints
    named: str = ""  # the layout's own game/name, which the sheet mark prints
    words: PageWords = field(default_factory=PageWords)
    crop_marks: CropMarks | None = None
    bleed: float | None = None
    fold: bool = False
    for_shop: bool = False  # a print shop's files (--profile, --colour cmyk): no home-printer pages
    proof: Proof | None = None
    # the sheet mark (fiducials and a QR code, `press.sheetmark`) on pages players write on:
    # unless --no-sheet-mark says; only kinds that honour it are told it (`press_kept`)
    sheet_mark: bool = True

    @property
    def spacing(self) -> float:
        """mm between neighbouring cells."""
        return self.gap or 0.0

    @property
    def foot(self) -> float:
        """mm kept at the bottom of a page: the margin, and room for the footer under it."""
        return max(self.margin, self.footer_top + 0.5) if self.credit else self.margin

    @property
    def footer_top(self) -> float:
        """mm from the bottom of the page up to the top of the footer's text (0 with none)."""
        return self.footer_bottom + self._footer_height if self.credit else 0.0

    @property
    def footer_bottom(self) -> float:
        """mm from the bottom of the page up to the footer's lowest ink: at the inner edge of
        the bottom margin, half a mm under what the margin keeps clear, so that a wider
        --margin (a printer that prints less of the paper) lifts it with the rest; never
        nearer the edge than SAFE_EDGE (where the default margin puts it)."""
        return max(SAFE_EDGE, self.margin - 0.5 - self._footer_height)

    @property
    def _footer_height(self) -> float:
        # the longer side word, on the paper's narrower side: room enough however it is turned
        side = max(self.words.front, self.words.back, key=len)
        narrow = min(self.paper.width, self.paper.height)
        return footer_height(narrow, footer_text(self.credit, side))

    @property
    def mark_style(self) -> CropMarks:
        """The crop marks the press draws: --crop-marks, else none."""
        return self.crop_marks or "none"

    def cut(self) -> PressOptions:
        """The press for pieces cut apart: corner crop marks unless --crop-marks says."""
        return replace(self, crop_marks=self.crop_marks or "corners")

    def bleed_or(self, own: float) -> float:
        """A piece's bleed: --bleed when given, else the piece's `own`."""
        return own if self.bleed is None else self.bleed


@frozen
class Grid:
    """Where the cells of an N-up page sit: cell (col, row) has its trim corner at `slot`."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    w: float
    h: float
    bleed: float
    gap: float
    x0: float
    y0: float

    @property
    def count(self) -> int:
        return self.cols * self.rows

    def slot(self, index: int) -> tuple[float, float]:
        col, row = index % self.cols, index // self.cols
        pitch_x = self.w + 2 * self.bleed + self.gap
        pitch_y = self.h + 2 * self.bleed + self.gap
        return (self.x0 + col * pitch_x, self.y0 + row * pitch_y)

    @property
    def block(self) -> Box:
        """The box holding every cell with its bleed."""
        x, y = self.slot(0)
        width = self.cols * (self.w + 2 * self.bleed) + (self.cols - 1) * self.gap
        height = self.rows * (self.h + 2 * self.bleed) + (self.rows - 1) * self.gap
        return (x - self.bleed, y - self.bleed, width, height)
