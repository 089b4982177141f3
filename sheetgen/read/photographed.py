"""A photo or scan of a printed sheet read whole: its sheet mark found, the perspective undone
on the paper whose blank it matches best, its geometry checked, its marks read against that
blank (`read.photo` brings it onto the page, `read.pixels` reads the marks)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sheetgen.read.form import ReadError
from sheetgen.read.layout_map import PageMap
from sheetgen.read.marked import Blank
from sheetgen.read.photo import (
    GOOD,
    MATCH,
    PAPERS,
    Found,
    find_marks,
    load_grey,
    qr_corners,
    squares,
    undo,
)
from sheetgen.read.pixels import read_marks
from sheetgen.read.sheets import ReadSheet, layout_of, records_of

SLACK = 3  # pixels a photo's page may lie off its blank round a mark (at pixels.DPI)
TRIED = 3  # sheet marks in one photo tried, largest first


def read_photo(path: Path) -> list[ReadSheet]:
    """The records of the sheet in a photo or scan: its mark found, the perspective undone on
    the paper whose blank it matches, its marks read against that blank."""
    grey = load_grey(path)
    codes = find_marks(path, grey)
    found = codes[0]
    loaded, reader = layout_of(path, found.payload.layout)
    blank = Blank(loaded)
    best: tuple[float, PageMap, np.ndarray, np.ndarray, Found] | None = None
    for mark in codes[:TRIED]:  # the largest first; a second sheet's may be nearer the camera
        if mark.payload.layout != found.payload.layout:
            continue
        if best is not None and best[0] >= GOOD:
            break
        found_here = squares(grey, mark.corners)
        for paper in PAPERS:
            if best is not None and best[0] >= GOOD:
                break
            mapped, empty = blank.page(paper, mark.payload.page)
            corners = qr_corners(empty)
            if mapped is None or corners is None:
                continue
            undone = undo(grey, mark, found_here, corners, paper, empty)
            if undone is None:
                continue
            page, alike = undone
            if best is None or alike > best[0]:
                best = (alike, mapped, page, empty, mark)
    if best is None or best[0] < MATCH:
        raise ReadError(
            f"{path}: its sheet mark says {found.payload.layout} page {found.payload.page}, but "
            "the photo does not show that sheet whole; photograph the whole sheet, all four "
            "corner squares in view"
        )
    _, mapped, page, empty, found = best
    if mapped.geometry != found.payload.geometry:
        raise ReadError(
            f"{path}: its sheet's geometry ({found.payload.geometry}) is not "
            f"{found.payload.layout}'s as this sheetgen draws it ({mapped.geometry}); read it "
            "with the sheetgen and layout that made it"
        )
    sheets = []
    for sheet in mapped.sheets:
        ticked = tuple(r for r in sheet.on_page if r.kind == "mark")
        marks = read_marks(page, empty, ticked, slack=SLACK)
        if any(m.value or not m.sure for m in marks):
            sheets.append((found.payload.page, sheet.slot, marks))
    if not sheets:
        raise ReadError(f"{path}: no mark on the sheet in the photo; mark it, then read it")
    return records_of(path, loaded, reader, sheets)
