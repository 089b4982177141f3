"""The press: paper, N-up imposition, pads, crop marks, bleed, duplex backs, bands, tiling,
fold, the alignment test and the ruler; `press_sheets` lays out what a component asks for."""

from sheetgen.press.grid import plan_grid
from sheetgen.press.impose import impose, impose_duplex, pad
from sheetgen.press.paper import NAMED, Paper, parse_paper
from sheetgen.press.plan import PressOptions
from sheetgen.press.sheets import press_sheets

__all__ = [
    "NAMED",
    "Paper",
    "PressOptions",
    "impose",
    "impose_duplex",
    "pad",
    "parse_paper",
    "plan_grid",
    "press_sheets",
]
