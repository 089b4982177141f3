"""The press: paper, N-up imposition, pads, crop marks, bleed, duplex backs and the ruler."""

from sheetgen.draw.document import Document, Page, Placement, alone
from sheetgen.press.grid import plan_grid
from sheetgen.press.impose import impose, impose_duplex, pad
from sheetgen.press.paper import NAMED, Paper, parse_paper
from sheetgen.press.plan import PressOptions

__all__ = [
    "NAMED",
    "Document",
    "Page",
    "Paper",
    "Placement",
    "PressOptions",
    "alone",
    "impose",
    "impose_duplex",
    "pad",
    "parse_paper",
    "plan_grid",
]
