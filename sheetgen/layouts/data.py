"""A designer's data file: one component a row, read from CSV, TSV, JSON, XLSX or ODS into
texts, each row with the number its file shows it under, so that every error names the file,
the row and the column; and the templates that fill a layout's words from a row's columns
(`"{rank} of {suit}"`).

Data files come from strangers as often as layouts do: the file is named relative to its
layout's folder and must stay inside it, its size and its workbook's unpacked size are bounded
before anything is decoded, and a file that cannot be read is one line."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import string
import zipfile
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from sheetgen.errors import SheetgenError
from sheetgen.files import ReadRefused, read_limited
from sheetgen.frozen import frozen

MAX_BYTES = 20 * 1024 * 1024  # a data file's size on disk
MAX_UNPACKED = 200 * 1024 * 1024  # a workbook's parts, unzipped (a zip bomb is refused unread)
MAX_ROWS = 5000  # rows of components (each repeated by its count)
MAX_COLUMNS = 200
MAX_CELL = 1000  # characters in one value, as in any text of a layout
FORMATS = {".csv": "CSV", ".tsv": "TSV", ".json": "JSON", ".xlsx": "XLSX", ".ods": "ODS"}
_FORMATTER = string.Formatter()


class DataError(SheetgenError):
    """A data file that cannot be used: `file:row: column: what is wrong (what would be right)`
    (`file: ...` where no row is to blame); `key`, the layout's key `check` says it at."""

    def __init__(self, message: str, key: str = "data") -> None:
        super().__init__(message)
        self.key = key

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # (to a build's worker)
        return type(self), (str(self), self.key)


@frozen
class Row:
    """One row of data: the number its file shows it under (a spreadsheet's row number, a CSV
    file's line, a JSON list's item counted from 1) and its values by column."""

    number: int
    values: dict[str, str]


@frozen
class Data:
    """A data file's rows under its columns; `file` names it as errors do."""

    file: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    first: int = 0  # the sheet's column (0 is A) of the first named column
    sheet: str = ""  # a workbook's sheet read, and all its sheets
    sheets: tuple[str, ...] = ()

    def where(self, row: Row, column: str | None = None) -> str:
        """`file:row` or `file:row: column NAME (C)`, as errors begin; in a JSON file, whose
        lines are not its rows, `file: item N` or `file: item N, key NAME`."""
        if self.file.lower().endswith(".json"):
            head = f"{self.file}: item {row.number}"
            return head if column is None else f"{head}, key {column!r}"
        head = f"{self.file}:{row.number}"
        if column is None:
            return head
        return f"{head}: column {column!r}{self._letter(column)}"

    def _letter(self, column: str) -> str:
        if self.file.lower().endswith(".json") or column not in self.columns:
            return ""  # a spreadsheet's letter: of a CSV too, as a spreadsheet opens it
        return f" ({column_letter(self.first + self.columns.index(column))})"


def column_letter(index: int) -> str:
    """A spreadsheet's letters for column `index` (0 is A, 26 is AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def contained(folder: Path, name: str, what: str) -> Path:
    """The file `name` a layout names, taken from its `folder`: refused in one line (naming it
    as `what`, 'the data file') when it leaves that folder, by its name or by a link."""
    given = Path(name)
    if given.is_absolute() or ".." in given.parts:
        raise DataError(
            f"{name!r} leaves the layout's folder; keep {what} in it "
            "(or a folder under it) and name it relative to the layout"
        )
    path = folder / given
    try:
        inside = path.resolve().is_relative_to(folder.resolve())
    except OSError as exc:
        raise DataError(f"{name!r} cannot be read ({exc.strerror})") from None
    if not inside:
        raise DataError(f"{name!r} is a link out of the layout's folder; copy the file in")
    return path


def data_path(folder: Path, name: str) -> Path:
    """The data file `name` a layout names, taken from its `folder`: refused in one line when
    it leaves that folder, is missing, is no file of a kind sheetgen reads or is too large."""
    if not name.strip():
        raise DataError("no file named; name a .csv, .tsv, .json, .xlsx or .ods")
    path = contained(folder, name, "the data file")
    if path.suffix.lower() not in FORMATS:
        raise DataError(
            f"{name!r} is not a data file sheetgen reads; use .csv, .tsv, .json, .xlsx or .ods"
        )
    return present(path, name, folder)


def folder_said(folder: Path) -> str:
    """A folder as an error names it: from the working folder where it is under it ('this
    folder' for the working folder itself), else whole."""
    try:
        shown = folder.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return str(folder)
    return "this folder" if str(shown) == "." else f"{shown}/"


def file_like(path: Path, folder: Path) -> str:
    """'; did you mean ...' naming the file most like the missing `path` in its folder (by
    name, within the layout's `folder`), or ''."""
    import difflib  # only for a suggestion

    try:
        names = [p.name for p in path.parent.iterdir() if p.is_file()][:2000]
    except OSError:
        return ""
    close = difflib.get_close_matches(path.name, names, n=1, cutoff=0.75)
    if not close:
        return ""
    try:
        said = (path.parent / close[0]).relative_to(folder)
    except ValueError:
        return ""
    return f"; did you mean {str(said)!r}?"


def present(path: Path, name: str, folder: Path) -> Path:
    """`path` (named `name` in `folder`), refused in one line when there is no such file."""
    if not os.path.lexists(path):
        raise DataError(f"no file {name!r} in {folder_said(folder)}{file_like(path, folder)}")
    return path


def read_data(path: Path, shown: str, sheet: str = "") -> Data:
    """The rows of the data file at `path` (shown as `shown` in errors); `sheet` picks a
    workbook's sheet by name (the first when empty)."""
    kind = path.suffix.lower()
    try:  # a regular file only (a pipe would never end), recorded for `watch`
        raw = read_limited(path, MAX_BYTES)
    except ReadRefused as exc:
        if exc.too_long:
            raise DataError(f"{shown}: longer than {MAX_BYTES // 1024 // 1024} MiB") from None
        raise DataError(f"{shown}: {exc}; a data file is a regular file") from None
    except OSError as exc:
        raise DataError(f"{shown}: cannot be read ({exc.strerror})") from None
    if kind in (".csv", ".tsv"):
        table = _delimited(raw, shown, "\t" if kind == ".tsv" else None)
    elif kind == ".json":
        table = _json(raw, shown)
    else:
        table, read, sheets = _workbook(raw, shown, sheet, FORMATS[kind])
        return replace(_rows(table, shown), sheet=read, sheets=sheets)
    if sheet:
        raise DataError(f"{shown}: sheet {sheet!r} given, but a {FORMATS[kind]} file has none")
    return _rows(table, shown)


def _text(raw: bytes, shown: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError(
            f"{shown}:{line}: byte 0x{raw[exc.start]:02x} is not UTF-8; save the file as UTF-8 "
            "(in a spreadsheet: CSV UTF-8)"
        ) from None


def _delimited(raw: bytes, shown: str, delimiter: str | None) -> list[tuple[int, list[Any]]]:
    """A CSV (comma or, as European spreadsheets save it, semicolon) or TSV file's rows, each
    with the line it starts on."""
    text = _text(raw, shown)
    if delimiter is None:
        head = text.split("\n", 1)[0]
        delimiter = ";" if head.count(";") > head.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    out: list[tuple[int, list[Any]]] = []
    start = 1
    try:
        for cells in reader:
            out.append((start, cells))
            start = reader.line_num + 1
            if len(out) > MAX_ROWS + 1:
                break
    except csv.Error as exc:
        raise DataError(f"{shown}:{reader.line_num}: {exc} (close each quote you open)") from None
    return out


def _json(raw: bytes, shown: str) -> list[tuple[int, list[Any]]]:
    """A JSON list of objects, each a row (its keys the columns, in the order first met)."""
    try:
        items = json.loads(_text(raw, shown))
    except json.JSONDecodeError as exc:
        raise DataError(f"{shown}:{exc.lineno}:{exc.colno}: {exc.msg} (not JSON)") from None
    except RecursionError:
        raise DataError(f"{shown}: nested too deeply (not a list of rows)") from None
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise DataError(f'{shown}: is not a list of rows; write [{{"name": ...}}, {{"name": ...}}]')
    columns = list(dict.fromkeys(key for item in items for key in item))
    out: list[tuple[int, list[Any]]] = [(0, list(columns))]
    for number, item in enumerate(items, start=1):
        out.append((number, [item.get(c, "") for c in columns]))
    return out


def _workbook(
    raw: bytes, shown: str, sheet: str, kind: str
) -> tuple[list[tuple[int, list[Any]]], str, tuple[str, ...]]:
    """A sheet of an XLSX or ODS workbook (read by calamine), each row with its number; the
    sheet's name and the workbook's sheets."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as packed:
            unpacked = sum(info.file_size for info in packed.infolist())
    except (zipfile.BadZipFile, ValueError):
        raise DataError(f"{shown}: is not an {kind} workbook (it is no zip file)") from None
    if unpacked > MAX_UNPACKED:
        raise DataError(
            f"{shown}: unpacks to {unpacked / 1024 / 1024:,.0f} MiB; at most "
            f"{MAX_UNPACKED // 1024 // 1024} MiB"
        )
    # imported here, not at the top, for start-up time: only a workbook needs calamine
    import python_calamine

    try:
        book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(raw))
        names = list(book.sheet_names)
        if sheet and sheet not in names:
            raise DataError(
                f"{shown}: has no sheet {sheet!r}; its sheets: {', '.join(map(repr, names))}"
            )
        if not names:
            raise DataError(f"{shown}: has no sheets")
        found = book.get_sheet_by_name(sheet or names[0])
        rows = found.to_python(skip_empty_area=False)
    except DataError:
        raise
    except Exception as exc:  # calamine's errors: a damaged or locked workbook
        reason = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
        raise DataError(f"{shown}: is not a readable {kind} workbook ({reason})") from None
    numbered = [(number, list(cells)) for number, cells in enumerate(rows, start=1)]
    return numbered, sheet or names[0], tuple(names)


def _cell(value: Any, shown: str, number: int, column: str) -> str:
    """A value as text: numbers as a person writes them (3, not 3.0), dates as ISO."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DataError(f"{shown}:{number}: column {column!r}: {value} is not a number")
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, timedelta):
        return str(value)
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    raise DataError(
        f"{shown}:{number}: column {column!r}: a {type(value).__name__}; give text or a number"
    )


def _rows(table: list[tuple[int, list[Any]]], shown: str) -> Data:
    """The header's columns and the rows under it, blank rows left out, every value text."""
    filled = [(n, cells) for n, cells in table if any(str(c).strip() for c in cells)]
    if not filled:
        raise DataError(f"{shown}: is empty; its first row names the columns, one piece a row")
    head_number, head = filled[0]
    first = next(i for i, c in enumerate(head) if str(c).strip())  # a table need not start at A
    columns = [str(c).strip() for c in head[first:]]
    while columns and not columns[-1]:
        columns.pop()
    if len(columns) > MAX_COLUMNS:
        raise DataError(f"{shown}:{head_number}: {len(columns)} columns; at most {MAX_COLUMNS}")
    for index, name in enumerate(columns):
        if not name:
            raise DataError(
                f"{shown}:{head_number}: column {index + 1} has no name; the first row names "
                "every column"
            )
        if columns.index(name) != index:
            raise DataError(f"{shown}:{head_number}: column {name!r} is named twice")
    body = filled[1:]
    if len(body) > MAX_ROWS:
        raise DataError(f"{shown}: more than {MAX_ROWS:,} rows; at most {MAX_ROWS:,}")
    rows = []
    for number, whole in body:
        if any(str(c).strip() for c in whole[:first]):
            raise DataError(
                f"{shown}:{number}: a value left of the first named column; name its column"
            )
        cells = whole[first:]
        extra = [c for c in cells[len(columns) :] if str(c).strip()]
        if extra:
            raise DataError(
                f"{shown}:{number}: {len(columns) + len(extra)} values under "
                f"{len(columns)} named columns; put a value that holds a comma in quotes "
                '("Plant it, then water it"), or name every column in the first row'
            )
        values = {}
        for index, column in enumerate(columns):
            text = _cell(cells[index] if index < len(cells) else "", shown, number, column)
            if len(text) > MAX_CELL:
                raise DataError(
                    f"{shown}:{number}: column {column!r}: {len(text):,} characters; at most "
                    f"{MAX_CELL:,}"
                )
            values[column] = text
        rows.append(Row(number, values))
    return Data(shown, tuple(columns), tuple(rows), first)


HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
SHORT = re.compile(r"^#[0-9a-fA-F]{3}$")
COLOUR_WORDS = "write #rrggbb (e.g. #1d3557), #rgb or a CSS colour name (navy, white)"


def as_colour(text: str) -> str | None:
    """A colour as a designer writes it in a spreadsheet or a template, as #rrggbb: #rrggbb,
    #rgb, or a CSS colour name ('white', 'navy'); None when it is none of them."""
    text = text.strip()
    if HEX.match(text):
        return text.lower()
    if not (SHORT.match(text) or text.isalpha()):
        return None
    # imported here, not at the top: Pillow's table of CSS colour names, only for such a name
    from PIL import ImageColor

    try:
        rgb = ImageColor.getrgb(text)
    except ValueError:
        return None
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3])


def template_columns(template: str) -> tuple[str, ...] | None:
    """The columns a template names (`"{rank} of {suit}"`: rank, suit), in order, or None
    when its braces are broken ('{{' and '}}' print a brace)."""
    try:
        parsed = list(_FORMATTER.parse(template))
    except ValueError:
        return None
    named = []
    for _, field, spec, conversion in parsed:
        if field is None:
            continue
        if spec or conversion or not field.strip():
            return None
        named.append(field)
    return tuple(named)


def fill(template: str, values: dict[str, str]) -> str:
    """`template` with each `{column}` replaced by the row's value (checked beforehand with
    `template_columns`: every column it names is in `values`)."""
    return "".join(
        text + ("" if field is None else values[field])
        for text, field, _, _ in _FORMATTER.parse(template)
    )
