"""One returned file read whole: a PDF's layout found and loaded, its sheets' geometry checked
against the layout's as this sheetgen draws it, and each filled sheet's record made, from its
form fields or, in a plain PDF marked up in a viewer, from its pixels; a photo or scan read
by `read.photographed`."""

from __future__ import annotations

from pathlib import Path

from sheetgen.layouts.read import Loaded
from sheetgen.read.form import ReadError, read_form
from sheetgen.read.layout_map import layout_map
from sheetgen.read.marked import read_marked
from sheetgen.read.records import Reader
from sheetgen.read.sheets import ReadSheet, layout_of, record_of, records_of

PHOTOS = (".jpg", ".jpeg", ".png")  # files read as photos or scans of paper


def read_returned(path: Path) -> list[ReadSheet]:
    """The records of every filled sheet of the PDF at `path`; a ReadError (one line) for a
    file that is not a filled sheet of a layout sheetgen reads."""
    if path.suffix.lower() in PHOTOS:
        from sheetgen.read.photographed import read_photo  # start-up: OpenCV for photos only

        return read_photo(path)
    form = read_form(path)
    loaded, reader = layout_of(path, form.layout)
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
        out.append(ReadSheet(page, slot, record_of(path, page, reader, values, loaded)))
    if not out:
        raise ReadError(f"{path}: no sheet in it is filled in; fill a sheet, then read it")
    return out


def _from_pixels(path: Path, loaded: Loaded, reader: Reader) -> list[ReadSheet]:
    """The records of a plain PDF's marked sheets, each mark read against the blank sheet."""
    out = records_of(path, loaded, reader, read_marked(path, loaded))
    if not out:
        raise ReadError(f"{path}: no mark on any sheet in it; mark a sheet, then read it")
    return out
