"""sheetgen: board and tile layouts in, print-ready and screen-ready game components out."""

__version__ = "0.1.0"
