"""One returned PDF read whole: its layout found and loaded, its sheets' geometry checked
against the layout's as this sheetgen draws it, and each filled sheet's record made, from its
form fields or, in a plain PDF marked up in a viewer, from its pixels."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sheetgen.errors import SheetgenError
from sheetgen.frozen import frozen
from sheetgen.layouts.read import Loaded, load
from sheetgen.read.form import ReadError, read_form
from sheetgen.read.layout_map import PageMap, layout_map
from sheetgen.read.marked import Blank, read_marked
from sheetgen.read.photo import MATCH, PAPERS, Found, find_marks, load_grey, qr_corners, undo
from sheetgen.read.pixels import Mark, read_marks
from sheetgen.read.records import READERS, BadMark, Reader, Record

PHOTOS = (".jpg", ".jpeg", ".png")  # files read as photos or scans of paper
SLACK = 3  # pixels a photo's page may lie off its blank round a mark (at pixels.DPI)
TRIED = 3  # sheet marks in one photo tried, largest first


@frozen
class ReadSheet:
    """A filled sheet of a returned PDF: where it is and its record."""

    page: int
    slot: int
    record: Record


def read_returned(path: Path) -> list[ReadSheet]:
    """The records of every filled sheet of the PDF at `path`; a ReadError (one line) for a
    file that is not a filled sheet of a layout sheetgen reads."""
    if path.suffix.lower() in PHOTOS:
        return read_photo(path)
    form = read_form(path)
    loaded, reader = _layout(path, form.layout)
    pages = {page.page: page for page in layout_map(loaded)}
    ours = {page.geometry for page in pages.values()}
    if not set(form.versions) <= ours:
        raise ReadError(
            f"{path}: its sheets' geometry ({', '.join(form.versions)}) is not {form.layout}'s "
            f"as this sheetgen draws it ({', '.join(sorted(ours))}); read it with the sheetgen "
            "and layout that made it"
        )
    if not form.names:  # a plain PDF: its marks are read from its pixels
        return _from_pixels(path, loaded, reader)
    first = next(iter(pages.values()))
    slots = {sheet.slot: sheet for sheet in first.sheets}
    out = []
    for (page, slot), names in sorted(form.names.items()):
        mapped = slots.get(slot)
        if mapped is None or not names <= {r.name for r in mapped.regions}:
            raise ReadError(
                f"{path}: page {page}'s fields are not those of a {form.layout} sheet; fill "
                "the PDF that 'sheetgen build' made, unchanged"
            )
        values = form.values.get((page, slot))
        if not values:
            continue
        out.append(ReadSheet(page, slot, _record(path, page, reader, values, loaded)))
    if not out:
        raise ReadError(f"{path}: no sheet in it is filled in; fill a sheet, then read it")
    return out


def _layout(path: Path, layout: str) -> tuple[Loaded, Reader]:
    """The layout a sheet names and its game's reader; a ReadError where either is missing."""
    try:
        loaded = load(layout)
    except SheetgenError as exc:
        raise ReadError(f"{path}: made from layout {layout}, not found here: {exc}") from None
    reader = READERS.get(loaded.kind.key)
    if reader is None:
        readable = ", ".join(sorted(READERS))
        raise ReadError(
            f"{path}: a {loaded.kind.key} sheet ({layout}); sheetgen reads {readable} sheets so far"
        )
    return loaded, reader


def _record(
    path: Path, page: int, reader: Reader, values: dict[str, str], loaded: Loaded
) -> Record:
    try:
        return reader(values, loaded.model)
    except BadMark as exc:
        raise ReadError(f"{path}: page {page}: {exc}") from None


def _from_pixels(path: Path, loaded: Loaded, reader: Reader) -> list[ReadSheet]:
    """The records of a plain PDF's marked sheets, each mark read against the blank sheet."""
    out = _records(path, loaded, reader, read_marked(path, loaded))
    if not out:
        raise ReadError(f"{path}: no mark on any sheet in it; mark a sheet, then read it")
    return out


def _records(
    path: Path, loaded: Loaded, reader: Reader, sheets: list[tuple[int, int, list[Mark]]]
) -> list[ReadSheet]:
    """Each sheet's record from its marks read from pixels; each mark not read surely is a
    note naming it, what it looks most like and how sure."""
    out = []
    for page, slot, marks in sheets:
        values = {m.name: m.value for m in marks if m.value}
        record = _record(path, page, reader, values, loaded)
        unsure = [
            f"uncertain: {m.name} looks {m.value or 'empty'} ({m.confidence:.2f} sure); "
            "check it on the sheet"
            for m in marks
            if not m.sure
        ]
        notes = tuple(unsure) + record.notes
        out.append(ReadSheet(page, slot, Record(record.text, record.suffix, notes)))
    return out


def read_photo(path: Path) -> list[ReadSheet]:
    """The records of the sheet in a photo or scan: its mark found, the perspective undone on
    the paper whose blank it matches, its marks read against that blank."""
    grey = load_grey(path)
    codes = find_marks(path, grey)
    found = codes[0]
    loaded, reader = _layout(path, found.payload.layout)
    blank = Blank(loaded)
    best: tuple[float, PageMap, np.ndarray, np.ndarray, Found] | None = None
    for mark in codes[:TRIED]:  # the largest first; a second sheet's may be nearer the camera
        if mark.payload.layout != found.payload.layout:
            continue
        for paper in PAPERS:
            mapped, empty = blank.page(paper, mark.payload.page)
            corners = qr_corners(empty)
            if mapped is None or corners is None:
                continue
            undone = undo(grey, mark, corners, paper, empty)
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
    return _records(path, loaded, reader, sheets)
