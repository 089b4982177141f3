"""One returned PDF read whole: its layout found and loaded, its sheets' geometry checked
against the layout's as this sheetgen draws it, and each filled sheet's record made, from its
form fields or, in a plain PDF marked up in a viewer, from its pixels."""

from __future__ import annotations

from pathlib import Path

from sheetgen.errors import SheetgenError
from sheetgen.frozen import frozen
from sheetgen.layouts.read import Loaded, load
from sheetgen.read.form import ReadError, read_form
from sheetgen.read.layout_map import layout_map
from sheetgen.read.marked import read_marked
from sheetgen.read.records import READERS, BadMark, Reader, Record


@frozen
class ReadSheet:
    """A filled sheet of a returned PDF: where it is and its record."""

    page: int
    slot: int
    record: Record


def read_returned(path: Path) -> list[ReadSheet]:
    """The records of every filled sheet of the PDF at `path`; a ReadError (one line) for a
    file that is not a filled sheet of a layout sheetgen reads."""
    form = read_form(path)
    try:
        loaded = load(form.layout)
    except SheetgenError as exc:
        raise ReadError(f"{path}: made from layout {form.layout}, not found here: {exc}") from None
    reader = READERS.get(loaded.kind.key)
    if reader is None:
        readable = ", ".join(sorted(READERS))
        raise ReadError(
            f"{path}: a {loaded.kind.key} sheet ({form.layout}); sheetgen reads {readable} "
            "sheets so far"
        )
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


def _record(
    path: Path, page: int, reader: Reader, values: dict[str, str], loaded: Loaded
) -> Record:
    try:
        return reader(values, loaded.model)
    except BadMark as exc:
        raise ReadError(f"{path}: page {page}: {exc}") from None


def _from_pixels(path: Path, loaded: Loaded, reader: Reader) -> list[ReadSheet]:
    """The records of a plain PDF's marked sheets, each mark read against the blank sheet;
    each mark not read surely is a note naming it, what it looks most like and how sure."""
    out = []
    for page, slot, marks in read_marked(path, loaded):
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
    if not out:
        raise ReadError(f"{path}: no mark on any sheet in it; mark a sheet, then read it")
    return out
