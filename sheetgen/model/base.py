"""The keys every layout shares, and the checks every layout text passes: each file's game,
component and name, its credit and labels, colours, tile sizes within the kind's declared range,
and texts that print (no control characters, a script a bundled face covers)."""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Annotated, Any

from sheetgen.kinds import tile_sizes_of, tile_sizes_said
from sheetgen.model.tables import (
    CheckBefore,
    CheckInfo,
    Key,
    KeyRules,
    Limits,
    Private,
    Table,
    TableConfig,
    key_check,
)
from sheetgen.text.page_words import PageWords
from sheetgen.text.printable import PRINTS, unprintable
from sheetgen.text.typefaces import uncovered

Colour = Annotated[str, Key(pattern=r"^#[0-9a-fA-F]{6}$", description="#rrggbb")]


def paints(default: str, what: str) -> Any:
    """A colour key's default and description: what it paints, then its form, #rrggbb."""
    return Key(default=default, description=f"{what}, #rrggbb")


class TileSizes(KeyRules):
    """A layout's tile size key of kind `key` (`Annotated[float, TileSizes(key)]`): mm within
    the range the kind declares, which --tile-size takes too (the schema's minimum and
    maximum), refused outside it in the words --tile-size's error uses."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    def __iter__(self) -> Iterator[object]:
        low, high = tile_sizes_of(self.key)

        def within(value: object) -> object:
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if number and not low <= value <= high:  # type: ignore[operator]
                raise ValueError(tile_sizes_said(self.key))
            return value

        yield Limits(ge=low)
        yield Limits(le=high)
        yield CheckBefore(within)  # listed last, so it runs before the bounds above


MAX_TEXT = 1000  # characters in any one text of a layout (a path, a description, a name)


def _texts(value: Any) -> list[str]:
    """Every text in a layout value: itself, or in its lists, tables and nested tables, less
    those of a table read already, whose own check saw its texts when it was read."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts(v)]
    if isinstance(value, dict):
        return [t for item in value.items() for v in item for t in _texts(v)]
    if isinstance(value, _Printable):
        return []
    if isinstance(value, Table):
        return [t for name in type(value).model_fields for t in _texts(getattr(value, name))]
    return []


def _printable_text(value: Any, covered: bool = True) -> Any:
    """A layout value whose every text (in lists and tables too) is printable (and, `covered`,
    in a script sheetgen's faces print), else an error."""
    for text in _texts(value):
        if len(text) > MAX_TEXT:
            raise ValueError(f"text of {len(text):,} characters; at most {MAX_TEXT:,}")
        found = unprintable(text)
        if found:
            raise ValueError(
                f"text holds {found}; use printable characters only (no control characters, "
                "tabs or line breaks)"
            )
        missing = uncovered(text) if covered else None
        if missing:
            raise ValueError(f"no font sheetgen carries can print {missing}; {PRINTS}")
    return value


def format_fields(text: str) -> tuple[str, ...]:
    """The names of the `{fields}` in `text`, sorted; ('?',) when its braces are broken."""
    try:
        return tuple(sorted({f for _, f, _, _ in string.Formatter().parse(text) if f is not None}))
    except ValueError:
        return ("?",)


def keeps_fields(label: str, names: tuple[str, ...]) -> str:
    """`label` if its `{fields}` are exactly `names` (each may appear more than once), else an
    error naming the fields it must keep."""
    if set(format_fields(label)) != set(names):
        want = ", ".join("{" + n + "}" for n in names) or "no {fields}"
        raise ValueError(f"must hold {want} and no other {{fields}} (use {{{{ for a brace)")
    for _, name, spec, conversion in string.Formatter().parse(label):
        if name is not None and (spec or conversion):  # '{n:>999999999}' would fill memory
            raise ValueError(
                f"{{{name}}} takes nothing after its name (no ':' or '!'): write {{{name}}}"
            )
    return label


class _Printable(Table):
    """Every text field of a layout table is checked printable."""

    @key_check("*")
    @classmethod
    def _printable(cls, value: Any, info: CheckInfo) -> Any:
        return _printable_text(value, covered=info.field_name not in cls.own_font_keys())

    @classmethod
    def own_font_keys(cls) -> frozenset[str]:
        """The keys whose texts may be set in a designer's font: their kind checks them against
        that font, and sheetgen's, once it has read the font (none here)."""
        return frozenset()


def _describe_labels(schema: dict[str, Any], model: Any) -> None:
    """Each label's description in a JSON Schema: the English words it replaces, then what the
    field itself says of them (the `{fields}` it keeps)."""
    for name, prop in schema.get("properties", {}).items():
        said = prop.get("description")
        default = model.model_fields[name].default
        prop["description"] = f"printed in place of the English {default!r}" + (
            f"; {said}" if said else ""
        )


class PageLabels(_Printable):
    """Every word the press prints on a page (its footer and ruler), English by default. Each
    game's labels extend these, so one `[labels]` table in a layout translates a whole sheet."""

    model_config = TableConfig(extra="forbid", frozen=True, json_schema_extra=_describe_labels)

    front: str = Key(default=PageWords.front, max_length=40)
    back: str = Key(default=PageWords.back, max_length=40)
    ruler: str = Key(default=PageWords.ruler, max_length=60)
    ruler_bars: str = Key(default=PageWords.ruler_bars, max_length=60)
    ruler_short_bars: str = Key(default=PageWords.ruler_short_bars, max_length=60)
    fold: str = Key(default=PageWords.fold, max_length=40)

    @key_check("*")
    @classmethod
    def _keeps_fields(cls, value: object, info: CheckInfo) -> object:
        """A label whose English default holds `{fields}` keeps them (they are filled in)."""
        default = cls.model_fields[info.field_name or ""].default
        if isinstance(value, str) and isinstance(default, str) and format_fields(default):
            return keeps_fields(value, format_fields(default))
        return value

    def words(self) -> PageWords:
        """The press's words, as these labels set them."""
        return PageWords(**{f.name: getattr(self, f.name) for f in fields(PageWords)})


class AlignmentLabels(PageLabels):
    """The words of the duplex alignment page too, for a game whose pieces are printed on both
    sides (`sheetgen.draw.sheets.AlignmentTest`)."""

    align_title: str = Key(default="DUPLEX ALIGNMENT TEST", max_length=40)
    align_print: str = Key(
        default="Print this page and the next double-sided ({flip}), at actual size.",
        max_length=100,
        description="keeps {flip}",
    )
    align_long: str = Key(default="long-edge flip", max_length=30)
    align_short: str = Key(default="short-edge flip", max_length=30)
    align_hold: str = Key(
        default="Hold it to the light. Where the sides line up, each red cross on the back has "
        "its centre in its circle.",
        max_length=120,
    )
    align_read: str = Key(
        default="Read in mm where the cross's vertical line meets the scale below (x), and its "
        "horizontal line the scale beside (y).",
        max_length=120,
    )
    align_pass: str = Key(
        default="Then build again with your other options and the average of the five readings:",
        max_length=100,
        description="the command follows on a line of its own",
    )
    align_offset: str = Key(
        default="This page was printed with --offset {offset} already: add your readings to it.",
        max_length=100,
        description="keeps {offset}; said only when the page was printed with an offset",
    )
    align_beyond: str = Key(
        default="A cross beyond a scale's end: count that end's number as its reading, and print "
        "this page again.",
        max_length=100,
    )
    align_edge: str = Key(
        default="The red triangle on the back shows through in this box.",
        max_length=100,
    )
    align_other_edge: str = Key(
        default="Near the top instead? The printer turned the sheet over its other edge: choose "
        "{flip} when printing.",
        max_length=120,
        description="keeps {flip}",
    )
    align_front: str = Key(default="Front of the duplex alignment test", max_length=60)
    align_back: str = Key(default="Back of the duplex alignment test", max_length=60)


class LayoutBase(_Printable):
    """Keys every layout file carries; unknown keys anywhere are errors."""

    model_config = TableConfig(extra="forbid", frozen=True)

    game: str = Key(description="the game this layout belongs to, e.g. 'scribe'")
    component: str = Key(description="the component kind within the game, e.g. 'supergrid'")
    name: str = Key(
        pattern=r"^[a-z0-9][a-z0-9-]{0,39}$", description="short name used in output file names"
    )
    extends: str | None = Key(
        default=None,
        description="a layout to start from: a name (game/name, see 'sheetgen list') or a path "
        "ending in .toml, taken from this file's folder",
    )
    description: str = Key(
        default="", description="one line on what the layout makes ('sheetgen list')"
    )
    credit: str = Key(
        default="",
        max_length=120,
        description="designer credit and rules version, printed on every sheet",
        examples=["Walkabout v0.6 by Karl Hanf"],
    )
    labels: PageLabels = Key(
        default=PageLabels(), description="every word the sheet prints, to translate or reword"
    )
    # the folder of the file it was read from (set by `layout.load`): where the paths written
    # in it are taken from; and, key by key, the folder of the file of its `extends` chain
    # that writes the key, where a path it gives starts
    _folder: Path | None = Private(None)
    _folders: dict[str, Path] = Private({})

    def folder_of(self, key: str) -> Path | None:
        """The folder a path written at the top-level `key` (or at a key of a top-level
        table, `icons.coin`) is taken from: that of the file of the layout's `extends` chain
        that writes it (None: a layout read from no file)."""
        return self._folders.get(key, self._folder)


class Section(_Printable):
    """A table inside a layout file; unknown keys are errors here too."""

    model_config = TableConfig(extra="forbid", frozen=True)


# a layout's credit, for kinds that make screen images only (no page, so no footer to print it)
SCREEN_CREDIT = "designer credit and rules version, for your own record: screen images print none"
