"""A returned PDF's keywords and fields, read with pikepdf: which layout it is (the sheet mark's
keywords) and what each sheet's fields hold, by page and slot (none in a plain PDF marked up
in a viewer). Anything that is not a PDF sheetgen made with its sheet mark is refused in one
line (`ReadError`)."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf

from sheetgen.errors import SheetgenError
from sheetgen.frozen import frozen
from sheetgen.press.sheetmark import PREFIX

MAX_BYTES = 50_000_000  # a returned PDF larger than this is refused before it is opened
_SLOT = re.compile(r"^p(\d+)s(\d+)$")

Sheet = tuple[int, int]  # page, slot


class ReadError(SheetgenError):
    """A file `sheetgen read` cannot read: one line naming it, what is wrong, what would do."""


@frozen
class Form:
    """A returned PDF: its layout and geometry versions (from its keywords) and the value of
    each field that holds one, sheet by sheet (a tick box's value is 'Yes')."""

    layout: str
    versions: tuple[str, ...]
    values: dict[Sheet, dict[str, str]]
    names: dict[Sheet, frozenset[str]]  # every field of each sheet, filled or not: none in a
    # plain PDF (marked up in a viewer, read from its pixels)


SHEETS = "name a sheet sheetgen built: a filled or marked-up PDF, or a JPEG or PNG photo of one"


def _marks(keywords: str) -> list[tuple[str, str]]:
    out = []
    for word in keywords.split(","):
        parts = word.split()
        if len(parts) == 3 and parts[0] == PREFIX:
            out.append((parts[1], parts[2]))
    return out


def _value(field: pikepdf.Object) -> str:
    value = field.get("/V")
    if value is None:
        return ""
    if isinstance(value, pikepdf.Name):
        return "" if str(value) == "/Off" else str(value)[1:]
    return str(value).strip()


def read_form(path: Path) -> Form:
    """The layout and field values of a returned PDF; a ReadError for anything else."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ReadError(
                f"{path}: over {MAX_BYTES // 1_000_000} MB; a returned sheet is smaller"
            )
        pdf = pikepdf.open(path)
    except FileNotFoundError:
        raise ReadError(f"{path}: no such file; {SHEETS}") from None
    except IsADirectoryError:
        raise ReadError(f"{path}: a folder; name the sheets in it, or give --results") from None
    except pikepdf.PasswordError:
        raise ReadError(f"{path}: the PDF is locked with a password; save it unlocked") from None
    except (pikepdf.PdfError, OSError) as exc:
        raise ReadError(
            f"{path}: not a PDF that can be read ({type(exc).__name__}); {SHEETS}"
        ) from None
    with pdf:
        keywords = str(pdf.docinfo.get("/Keywords", "")) if pdf.trailer.get("/Info") else ""
        marks = _marks(keywords)
        if not marks:
            raise ReadError(
                f"{path}: not a sheet sheetgen made with its sheet mark; build the sheets with "
                "'sheetgen build LAYOUT --fillable' (without --no-sheet-mark) and fill those"
            )
        layouts = {layout for layout, _ in marks}
        if len(layouts) > 1:
            raise ReadError(f"{path}: names several layouts ({', '.join(sorted(layouts))})")
        values: dict[Sheet, dict[str, str]] = {}
        names: dict[Sheet, frozenset[str]] = {}
        form = pdf.Root.get("/AcroForm")
        fields: list[pikepdf.Object] = list(form.get("/Fields", [])) if form is not None else []
        for parent in fields:
            found = _SLOT.match(str(parent.get("/T", "")))
            if found is None:
                continue
            sheet = (int(found[1]), int(found[2]))
            kids: list[pikepdf.Object] = list(parent.get("/Kids", []))
            own = {str(kid.get("/T", "")): _value(kid) for kid in kids}
            names[sheet] = frozenset(own)
            filled = {name: value for name, value in own.items() if value}
            if filled:
                values[sheet] = filled
    return Form(marks[0][0], tuple(v for _, v in marks), values, names)
