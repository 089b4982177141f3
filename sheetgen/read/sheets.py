"""What reading a returned sheet makes, however it was read: a sheet's place and record, the
layout a sheet names with its game's reader, and a record from marks read from pixels (each
mark not read surely a note for the host)."""

from __future__ import annotations

from pathlib import Path

from sheetgen.errors import SheetgenError
from sheetgen.frozen import frozen
from sheetgen.layouts.read import Loaded, load
from sheetgen.read.form import ReadError
from sheetgen.read.pixels import Mark
from sheetgen.read.records import READERS, BadMark, Reader, Record


@frozen
class ReadSheet:
    """A filled sheet of a returned PDF: where it is and its record."""

    page: int
    slot: int
    record: Record
    unsure: tuple[str, ...] = ()  # the places whose marks were not read surely, by name


def layout_of(path: Path, layout: str) -> tuple[Loaded, Reader]:
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


def record_of(
    path: Path, page: int, reader: Reader, values: dict[str, str], loaded: Loaded
) -> Record:
    try:
        return reader(values, loaded.model)
    except BadMark as exc:
        raise ReadError(f"{path}: page {page}: {exc}") from None


def records_of(
    path: Path, loaded: Loaded, reader: Reader, sheets: list[tuple[int, int, list[Mark]]]
) -> list[ReadSheet]:
    """Each sheet's record from its marks read from pixels; each mark not read surely is a
    note naming it, what it looks most like and how sure."""
    out = []
    for page, slot, marks in sheets:
        values = {m.name: m.value for m in marks if m.value}
        record = record_of(path, page, reader, values, loaded)
        unsure = [
            f"uncertain: {m.name} looks {m.value or 'empty'} ({m.confidence:.2f} sure); "
            "check it on the sheet"
            for m in marks
            if not m.sure
        ]
        notes = tuple(unsure) + record.notes
        doubts = tuple(m.name for m in marks if not m.sure)
        out.append(ReadSheet(page, slot, Record(record.text, record.suffix, notes), doubts))
    return out
