"""The rules of a designer's pieces: each row of their data as the piece it makes (its
templates filled from the row's columns, the picture files it names found, its count, its
title), and every fault of the templates and the data, as findings that name the layout's key,
or the data file's row and column. Nothing here draws (a picture's pixels are read by `art`)."""

from __future__ import annotations

import difflib
import os
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from sheetgen.colour_sight import too_alike
from sheetgen.errors import SheetgenError
from sheetgen.findings import Finding, error, shown, warning
from sheetgen.frozen import frozen
from sheetgen.games.custom.inline import BUILT_IN, icon_spans, listed, unknown
from sheetgen.games.custom.model import IMAGE_FITS, TEXT_FITS, Face, Item, PiecesLayout
from sheetgen.layouts.data import (
    COLOUR_WORDS,
    Data,
    DataError,
    Row,
    as_colour,
    contained,
    data_path,
    file_like,
    fill,
    folder_said,
    present,
    read_data,
    template_columns,
)
from sheetgen.text.own_fonts import own_face
from sheetgen.text.printable import not_printed, unprintable
from sheetgen.text.typefaces import uncovered

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
MAX_COUNT = 1000  # of one row's piece in a set
MAX_PIECES = 5000  # in a set, every row's count summed
PICTURES = (".png", ".jpg", ".jpeg", ".svg")
Kind = Literal["text", "colour", "file", "icon"]  # what a template must give
COLON = "write '::' for a colon"


@frozen
class FilledItem:
    """An item with its templates filled from one row, and the family its text is set in
    ('sans', or a designer's font by the name `typefaces.own` knows it by)."""

    item: Item
    text: str
    colour: str
    fill: str
    stroke: str
    image: str = ""  # an image item's file as the layout names it (its template filled)
    path: Path | None = None  # that file, found in the layout's folder
    where: str = ""  # where its picture's faults are said: its row and column ('' none)
    key: str = ""  # the layout's key of the item's image
    family: str = "sans"
    icon: str = ""  # an icon item's icon, by name (its template filled)


class FontError(SheetgenError):
    """A text item's font that cannot be used: the item's `font` key, and what is wrong."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{shown(key)}: {message}")
        self.key, self.message = key, message


class IconError(FontError):
    """An icon of the layout's [icons] whose file cannot be used: its key (`icons.coin`), and
    what is wrong."""


@frozen
class IconFile:
    """An icon of the layout's own: its name, its file as the layout names it, and that file,
    found in the folder of the layout file that names it."""

    name: str
    file: str
    path: Path


Icons = dict[str, IconFile]  # the layout's own icons, by name


Families = dict[str, str]  # a text item's key ('front.items[0]') -> the family it is set in


@frozen
class FilledFace:
    background: str
    items: tuple[FilledItem, ...]


@frozen
class Filled:
    """One row's piece: the row, its title (as the layout's `title` fills it: '' when it has
    none), its count and its faces."""

    row: Row
    title: str
    count: int
    front: FilledFace
    back: FilledFace | None
    deck: str = ""  # as the layout's `deck` fills it: '' when it has none


def _faces(layout: PiecesLayout) -> Iterator[tuple[str, Face]]:
    yield "front", layout.front
    if layout.back is not None:
        yield "back", layout.back


def templates(layout: PiecesLayout) -> Iterator[tuple[str, str, Kind]]:
    """Every template of the layout: its key, its text and what it must give."""
    yield "title", layout.title, "text"
    yield "deck", layout.deck, "text"
    for side, face in _faces(layout):
        yield f"{side}.background", face.background, "colour"
        for i, item in enumerate(face.items):
            at = f"{side}.items[{i}]"
            if item.type == "text":
                yield f"{at}.text", item.text, "text"
                yield f"{at}.colour", item.colour, "colour"
            elif item.type == "image":
                yield f"{at}.image", item.image, "file"
            elif item.type == "icon":
                yield f"{at}.icon", item.icon, "icon"
                yield f"{at}.colour", item.colour, "colour"
            else:
                yield f"{at}.fill", item.fill, "colour"
                yield f"{at}.stroke", item.stroke, "colour"


def load_fonts(layout: PiecesLayout) -> Families:
    """The family of each text item that names a font file, the file read from the folder of
    the layout file that writes the item's face (FontError for the first that cannot be used:
    outside that folder, missing, without its licence, no font or a damaged one)."""
    families: Families = {}
    for side, face in _faces(layout):
        written = layout.folder_of(side)  # the folder of the file that writes this face
        folder = written if written is not None else Path.cwd()
        for i, item in enumerate(face.items):
            if item.type != "text" or not item.font:
                continue
            at = f"{side}.items[{i}].font"
            try:
                path = present(contained(folder, item.font, "the font"), item.font, folder)
                called = _shown(item.font if written is None else str(folder / item.font))
                families[f"{side}.items[{i}]"] = own_face(path, called).css_family
            except SheetgenError as exc:
                raise FontError(at, str(exc)) from None
    return families


def load_icons(layout: PiecesLayout) -> Icons:
    """The layout's own icons, each file found as an image item's is, from the folder of the
    layout file that names it (IconError for the first that leaves that folder, is missing or
    is no picture sheetgen reads; its pixels are read by `art`)."""
    icons: Icons = {}
    for name, file in layout.icons.items():
        written = layout.folder_of(f"icons.{name}")
        try:
            path = _picture_path(written if written is not None else Path.cwd(), file)
        except DataError as exc:
            raise IconError(f"icons.{name}", str(exc)) from None
        icons[name] = IconFile(name, file, path)
    return icons


def known_icons(layout: PiecesLayout) -> frozenset[str]:
    """The names of the icons a text or an icon item may print: sheetgen's and the layout's."""
    return frozenset(BUILT_IN) | frozenset(layout.icons)


def load_data(layout: PiecesLayout) -> Data:
    """The layout's data file, read (a DataError in one line when it cannot be)."""
    written = layout.folder_of("data")  # the folder of the file that names it
    folder = written if written is not None else Path.cwd()
    path = data_path(folder, layout.data)
    shown = layout.data if written is None else str(folder / layout.data)
    return read_data(path, _shown(shown), layout.sheet)


def _shown(path: str) -> str:
    """A data file's path as errors name it: relative to the working folder when under it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return path


def template_findings(
    layout: PiecesLayout, data: Data, families: Families | None = None
) -> list[Finding]:
    """Templates whose braces are broken or that name a column the data has not, texts that
    hold a character no font of theirs prints (their own, then sheetgen's), and items that
    lack what their type needs."""
    out: list[Finding] = []
    for key, template, kind in templates(layout):
        named = template_columns(template)
        if kind == "colour" and named == () and template and as_colour(template) is None:
            out.append(error(key, f"{template!r} is not a colour; {COLOUR_WORDS}"))
            continue
        if named is None:
            out.append(
                error(
                    key,
                    f"{template!r}: write a column's name in braces, '{{rank}}', and '{{{{' or "
                    "'}}' for a brace",
                )
            )
            continue
        for column in named:
            if column not in data.columns:
                out.append(error(key, f"names column {column!r}, {_lacked(column, data)}"))
    known = known_icons(layout)
    for side, face in _faces(layout):
        for i, item in enumerate(face.items):
            family = (families or {}).get(f"{side}.items[{i}]", "sans")
            missing = uncovered(item.text.replace("\n", " "), family)
            if item.type == "text" and missing:  # the characters written, not filled in
                out.append(error(f"{side}.items[{i}].text", not_printed(missing, family)))
            out += _item_findings(f"{side}.items[{i}]", item)
            out += _written_icons(f"{side}.items[{i}]", item, known)
    for i, column in enumerate(layout.apart):
        if column not in data.columns:
            out.append(error(f"apart[{i}]", f"names column {column!r}, {_lacked(column, data)}"))
    if layout.piece.shape == "circle" and layout.piece.width != layout.piece.height:
        out.append(
            error(
                "piece.height",
                f"a circle is as tall as it is wide: {layout.piece.width:g} mm, not "
                f"{layout.piece.height:g}",
            )
        )
    return out


def _lacked(column: str, data: Data) -> str:
    """What to say of a column the data has not: the nearest it has, its columns, and for a
    workbook of several sheets, which sheet was read."""
    close = difflib.get_close_matches(column, data.columns, n=1, cutoff=0.6)
    near = [c for c in data.columns if c.lower() == column.lower()] or close
    said = f"which {data.file} has not"
    if near:
        said += f" (did you mean {near[0]!r}?)"
    said += "; its columns: " + ", ".join(map(repr, data.columns))
    if len(data.sheets) > 1:
        said += (
            f" (on its sheet {data.sheet!r}; its sheets: {', '.join(map(repr, data.sheets))}: "
            'name one with sheet = "...")'
        )
    return said


def _written_icons(at: str, item: Item, known: frozenset[str]) -> list[Finding]:
    """The icons a template names that there are none of: a text's `:name:` written in the
    layout (not filled in from a column), an icon item's icon written as its name."""
    named = template_columns(item.text)
    if item.type == "text" and named is not None:
        # each column's value left out: what is left is written in the layout as it prints
        written = fill(item.text, dict.fromkeys(named, "\0"))
        for _, _, name in icon_spans(written):
            if name not in known:
                return [error(f"{at}.text", f"{unknown(name, known)}; {COLON}")]
    written_icon = item.type == "icon" and template_columns(item.icon) == ()
    if written_icon and item.icon and item.icon not in known:
        return [error(f"{at}.icon", unknown(item.icon, known, item.icon))]
    return []


def _item_findings(at: str, item: Item) -> list[Finding]:
    """What an item lacks for its type, and a fit, an image or an icon its type has not."""
    out = []
    if item.type == "text" and not item.text:
        out.append(error(f"{at}.text", "a text item needs its text"))
    if item.type in ("box", "circle") and not item.fill and not item.stroke:
        out.append(error(at, f"a {item.type} needs a fill or a stroke colour"))
    if item.type == "image" and not item.image:
        out.append(error(f"{at}.image", "an image item needs its picture: image = 'art/{art}.png'"))
    if item.type != "image" and item.image:
        out.append(error(f"{at}.type", "an item with an image is an image item: type = 'image'"))
    if item.type == "icon" and not item.icon:
        out.append(error(f"{at}.icon", "an icon item needs its icon: icon = 'heart'"))
    if item.type != "icon" and item.icon:
        out.append(error(f"{at}.type", "an item with an icon is an icon item: type = 'icon'"))
    fits = IMAGE_FITS if item.type == "image" else TEXT_FITS if item.type == "text" else ("",)
    if item.fit not in fits:
        allowed = " or ".join(repr(f) for f in fits if f) or "none"
        out.append(error(f"{at}.fit", f"a {item.type} item's fit is {allowed}, not {item.fit!r}"))
    return out


def _count(data: Data, row: Row, column: str) -> int:
    text = row.values.get(column, "").strip()
    if not text:
        return 1
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if not number.is_integer() or not 0 <= number <= MAX_COUNT:
        raise DataError(
            f"{data.where(row, column)}: {text!r} is no count; write a whole number from 0 to "
            f"{MAX_COUNT:,} (how many of this piece a set holds)"
        )
    return int(number)


def _value(data: Data, row: Row, key: str, template: str, kind: Kind, family: str = "sans") -> str:
    """A template filled from `row`; a colour must come out as #rrggbb, a text printable (in
    `family`, then sheetgen's fonts; a file's name is found by `_picture_path`)."""
    text = fill(template, row.values)
    single = template_columns(template)
    column = single[0] if single is not None and len(single) == 1 else None
    whole = column is not None and template == f"{{{column}}}"
    where = data.where(row, column) if whole else f"{data.where(row)}: {shown(key)}"
    if kind in ("file", "icon"):
        return text
    if kind == "colour":
        found_colour = as_colour(text) if text else ""
        if found_colour is None:
            raise DataError(f"{where}: {text!r} is not a colour; {COLOUR_WORDS}")
        return found_colour
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # a cell's own line breaks
    found = next(filter(None, map(unprintable, text.split("\n"))), None)
    if found:
        raise DataError(f"{where}: holds {found}; use printable characters only")
    missing = uncovered(text.replace("\n", " "), family)
    if missing:
        raise DataError(f"{where}: {not_printed(missing, family)}")
    return text


def picture_where(data: Data, row: Row, template: str) -> str:
    """Where a picture's fault is said (its finding names the layout's key): the row and the
    column its file's name comes from (the first, of several), or nothing for a name that is
    the same for every row."""
    named = template_columns(template) or ()
    return data.where(row, named[0]) if named else ""


def _picture_path(folder: Path, name: str) -> Path:
    """The picture file `name` names, taken from `folder` (kept inside it), or a DataError."""
    if not name.strip():
        raise DataError("names no picture file (the cell is empty)")
    path = contained(folder, name, "the picture")
    if path.suffix.lower() not in PICTURES:
        raise DataError(f"{name!r} is not a picture sheetgen reads; use .png, .jpg or .svg")
    if not os.path.lexists(path):
        raise DataError(f"no file {name!r} in {folder_said(folder)}{file_like(path, folder)}")
    return path


def _image(
    layout: PiecesLayout, data: Data, row: Row, side: str, at: str, item: Item
) -> tuple[str, Path, str]:
    """An image item's file for `row`: its name, its path (from the folder of the layout file
    that writes the face) and where its faults are said."""
    name = _value(data, row, f"{at}.image", item.image, "file")
    where = picture_where(data, row, item.image)
    written = layout.folder_of(side)
    try:
        path = _picture_path(written if written is not None else Path.cwd(), name)
    except DataError as exc:
        raise DataError(f"{where}: {exc}" if where else str(exc), f"{at}.image") from None
    return name, path, where


def _spans(template: str, values: dict[str, str]) -> list[tuple[int, int, str]]:
    """Where each column's value lands in `template` filled from `values`: its start, its end
    and the column."""
    out, at = [], 0
    for text, field, _, _ in string.Formatter().parse(template):
        at += len(text)
        if field is not None:
            out.append((at, at + len(values[field]), field))
            at += len(values[field])
    return out


def _icon_columns(template: str) -> list[str]:
    """The columns a text's template writes alone between colons (`:{suit}:`): each row's
    value names an icon (a colon before it that is half of a '::' prints a colon)."""
    parsed = list(string.Formatter().parse(template))
    out = []
    for i, (before, field, _, _) in enumerate(parsed):
        after = parsed[i + 1][0] if i + 1 < len(parsed) else ""
        colons = len(before) - len(before.rstrip(":"))
        if field is not None and colons % 2 == 1 and after.startswith(":"):
            out.append(field)
    return out


def _text_icons(data: Data, row: Row, at: str, template: str, known: frozenset[str]) -> None:
    """A DataError (at the item's text) for a text whose icons, once filled from `row`, name
    one there is not: with the row and the column the name came from."""
    for column in _icon_columns(template):
        name = row.values[column]
        if name not in known:
            said = "names no icon (the cell is empty)" if not name.strip() else None
            raise DataError(
                f"{data.where(row, column)}: "
                + (f"{said}; {listed(known)}" if said else unknown(name, known, name))
                + f"; {COLON}",
                f"{at}.text",
            )
    text = fill(template, row.values)
    spans = _spans(template, row.values)
    for start, end, name in icon_spans(text):
        if name in known:
            continue
        whose = next((c for s, e, c in spans if s < end and start < e), None)
        where = data.where(row, whose) if whose else f"{data.where(row)}: {shown(at + '.text')}"
        raise DataError(f"{where}: {unknown(name, known)}; {COLON}", f"{at}.text")


def _icon(data: Data, row: Row, at: str, template: str, known: frozenset[str]) -> str:
    """An icon item's icon for `row`, by name (a DataError, at the item's icon, for one there
    is not)."""
    name = fill(template, row.values).strip()
    if name in known:
        return name
    where = picture_where(data, row, template) or data.where(row)
    if not name:
        raise DataError(f"{where}: names no icon (the cell is empty)", f"{at}.icon")
    raise DataError(f"{where}: {unknown(name, known, name)}", f"{at}.icon")


def _face(data: Data, row: Row, side: str, layout: PiecesLayout, families: Families) -> FilledFace:
    face = layout.front if side == "front" else layout.back
    assert face is not None  # the layout has the side
    known = known_icons(layout)
    items = []
    for i, item in enumerate(face.items):
        at = f"{side}.items[{i}]"
        family = families.get(at, "sans")
        image, path, where, icon = "", None, "", ""
        if item.type == "image":
            image, path, where = _image(layout, data, row, side, at, item)
        elif item.type == "icon":
            icon = _icon(data, row, at, item.icon, known)
        elif item.type == "text":
            _text_icons(data, row, at, item.text, known)
        items.append(
            FilledItem(
                item,
                _value(data, row, f"{at}.text", item.text, "text", family),
                _value(data, row, f"{at}.colour", item.colour, "colour") or "#000000",
                _value(data, row, f"{at}.fill", item.fill, "colour"),
                _value(data, row, f"{at}.stroke", item.stroke, "colour"),
                image,
                path,
                where,
                f"{at}.image",
                family,
                icon,
            )
        )
    background = _value(data, row, f"{side}.background", face.background, "colour")
    return FilledFace(background or "#ffffff", tuple(items))


def apart_findings(layout: PiecesLayout, data: Data) -> list[Finding]:
    """A warning for each two colours of the `apart` columns that a player could not tell
    apart (in some colour vision, or in greyscale unless the pieces are `marked`), each named
    by the first row it is on."""
    out: list[Finding] = []
    for i, column in enumerate(layout.apart):
        first: dict[str, Row] = {}
        for row in data.rows:
            value = row.values.get(column, "").strip().lower()
            if COLOUR.match(value):
                first.setdefault(value, row)
        named = {f"{value} (row {row.number})": value for value, row in first.items()}
        for a, b, how in too_alike(named, layout.marked):
            out.append(
                warning(
                    f"apart[{i}]",
                    f"{data.file}, column {column!r}: {b} looks like {a} {how}; choose colours "
                    "further apart",
                )
            )
    return out


class DataFaults(DataError):
    """The rows whose values cannot be used, one line each (the first fault of each row, the
    first MAX_FAULTS rows), each with the layout's key `check` says it at."""

    def __init__(self, faults: list[tuple[str, str]]) -> None:
        super().__init__(faults[0][1], faults[0][0])
        self.faults = faults
        self.lines = [line for _, line in faults]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return type(self), (self.faults,)


MAX_FAULTS = 20  # rows whose faults a check lists; the rest are counted


def filled(layout: PiecesLayout, data: Data, families: Families | None = None) -> list[Filled]:
    """Every row's piece (rows counted 0 are kept: their image files and --only still name
    them), each text item set in its family (`load_fonts`); DataFaults naming every row whose
    values cannot be used."""
    families = families or {}
    out, faults = [], []
    for row in data.rows:
        try:
            title = _value(data, row, "title", layout.title, "text") if layout.title else ""
            front = _face(data, row, "front", layout, families)
            back = None if layout.back is None else _face(data, row, "back", layout, families)
            deck = _value(data, row, "deck", layout.deck, "text") if layout.deck else ""
            count = _count(data, row, layout.count)
            out.append(Filled(row, title, count, front, back, deck))
        except DataError as exc:
            faults.append((exc.key, str(exc)))
    if faults:
        more = len(faults) - MAX_FAULTS
        shown_faults = faults[:MAX_FAULTS]
        if more > 0:
            shown_faults.append(("data", f"{data.file}: and {more:,} more rows with faults"))
        raise DataFaults(shown_faults)
    total = sum(f.count for f in out)
    if total > MAX_PIECES:
        raise DataError(
            f"{data.file}: {total:,} pieces in a set, counts summed; at most {MAX_PIECES:,}"
        )
    if not total:
        raise DataError(f"{data.file}: every row's count is 0; a set needs one piece at least")
    return out
