"""The registry of component kinds: each kind's layout model, rules check and builder."""

from __future__ import annotations

import difflib
import importlib
import string
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from sheetgen.findings import Finding
from sheetgen.model.tables import (
    BeforeValidator,
    ConfigDict,
    Field,
    GroupedMetadata,
    Limits,
    PrivateAttr,
    Table,
    ValidationInfo,
    field_validator,
)
from sheetgen.text.page_words import PageWords
from sheetgen.text.typefaces import SCRIPTS, uncovered

if TYPE_CHECKING:  # the drawing and the press, imported only by the commands that build
    from sheetgen.draw.pieces import Parts
    from sheetgen.press import Document, PressOptions
    from sheetgen.press.document import Flip

Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="#rrggbb")]


def paints(default: str, what: str) -> Any:
    """A colour key's default and description: what it paints, then its form, #rrggbb."""
    return Field(default=default, description=f"{what}, #rrggbb")


class TileSizes(GroupedMetadata):
    """A layout's tile size key of kind `key` (`Annotated[float, TileSizes(key)]`): mm within
    the range `games.TILE_SIZES` gives the kind and --tile-size too (the schema's minimum and
    maximum), refused outside it in the words --tile-size's error uses."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    def __iter__(self) -> Iterator[object]:
        from sheetgen.games import TILE_SIZES, tile_sizes_said

        low, high = TILE_SIZES[self.key]

        def within(value: object) -> object:
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if number and not low <= value <= high:  # type: ignore[operator]
                raise ValueError(tile_sizes_said(self.key))
            return value

        yield Limits(ge=low)
        yield Limits(le=high)
        yield BeforeValidator(within)  # listed last, so it runs before the bounds above


def unprintable(text: str) -> str | None:
    """The first character of `text` that no sheet can print, described, or None: a control
    character (NUL, tab and line breaks among them), a line or paragraph separator, or a
    Unicode non-character."""
    if text.isascii() and text.isprintable():  # no control character: the usual text, at once
        return None
    for char in text:
        point = ord(char)
        if unicodedata.category(char) == "Cc":
            return f"U+{point:04X} (a control character)"
        if char in "\u2028\u2029":
            return f"U+{point:04X} ({unicodedata.name(char).lower()})"
        if 0xFDD0 <= point <= 0xFDEF or point & 0xFFFE == 0xFFFE:
            return f"U+{point:04X} (a non-character)"
    return None


PRINTS = f"it prints {SCRIPTS}: write the text in one of those"
MAX_TEXT = 1000  # characters in any one text of a layout (a path, a description, a name)


def _texts(value: Any) -> list[str]:
    """Every text in a layout value: itself, or in its lists, tables and nested tables."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts(v)]
    if isinstance(value, dict):
        return [t for item in value.items() for v in item for t in _texts(v)]
    if isinstance(value, Table):
        return [t for name in type(value).model_fields for t in _texts(getattr(value, name))]
    return []


def _printable_text(value: Any) -> Any:
    """A layout value whose every text (in lists and tables too) is printable, else an error."""
    for text in _texts(value):
        if len(text) > MAX_TEXT:
            raise ValueError(f"text of {len(text):,} characters; at most {MAX_TEXT:,}")
        found = unprintable(text)
        if found:
            raise ValueError(
                f"text holds {found}; use printable characters only (no control characters, "
                "tabs or line breaks)"
            )
        missing = uncovered(text)
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
    return label


class _Printable(Table):
    """Every text field of a layout table is checked printable."""

    @field_validator("*", mode="after")
    @classmethod
    def _printable(cls, value: Any) -> Any:
        return _printable_text(value)


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

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_describe_labels)

    front: str = Field(default=PageWords.front, max_length=40)
    back: str = Field(default=PageWords.back, max_length=40)
    ruler: str = Field(default=PageWords.ruler, max_length=60)
    ruler_bars: str = Field(default=PageWords.ruler_bars, max_length=60)
    fold: str = Field(default=PageWords.fold, max_length=40)

    @field_validator("*")
    @classmethod
    def _keeps_fields(cls, value: object, info: ValidationInfo) -> object:
        """A label whose English default holds `{fields}` keeps them (they are filled in)."""
        default = cls.model_fields[info.field_name or ""].default
        if isinstance(value, str) and isinstance(default, str) and format_fields(default):
            return keeps_fields(value, format_fields(default))
        return value

    def words(self) -> PageWords:
        """The press's words, as these labels set them."""
        return PageWords(**{f.name: getattr(self, f.name) for f in fields(PageWords)})


class LayoutBase(_Printable):
    """Keys every layout file carries; unknown keys anywhere are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str = Field(description="the game this layout belongs to, e.g. 'scribe'")
    component: str = Field(description="the component kind within the game, e.g. 'supergrid'")
    name: str = Field(
        pattern=r"^[a-z0-9][a-z0-9-]{0,39}$", description="short name used in output file names"
    )
    extends: str | None = Field(
        default=None,
        description="a layout to start from: a name (game/name, see 'sheetgen list') or a path "
        "ending in .toml, taken from this file's folder",
    )
    description: str = Field(
        default="", description="one line on what the layout makes ('sheetgen list')"
    )
    credit: str = Field(
        default="",
        max_length=120,
        description="designer credit and rules version, printed on every sheet",
        examples=["Walkabout v0.6 by Karl Hanf"],
    )
    labels: PageLabels = Field(
        default=PageLabels(), description="every word the sheet prints, to translate or reword"
    )
    # the folder of the file it was read from (set by `layout.load`): where the paths written
    # in it are taken from
    _folder: Path | None = PrivateAttr(None)


class Section(_Printable):
    """A table inside a layout file; unknown keys are errors here too."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _press_options() -> PressOptions:
    """The press's defaults (imported when a build is asked for, not when a layout is read)."""
    from sheetgen.press import PressOptions

    return PressOptions()


@dataclass(frozen=True)
class BuildOptions:
    """What every builder is told: how to press, how many copies, whether to add form fields."""

    press: PressOptions = field(default_factory=_press_options)
    copies: int = 1
    names: tuple[str, ...] = ()
    duplex: bool = False
    tile_size: float | None = None
    flip: Flip = "long"
    offset: tuple[float, float] = (0.0, 0.0)
    px: int | None = None
    fit: bool = False
    only: tuple[str, ...] = ()  # --only: the pieces, decks or dice to print, not the whole set


# the press options every kind that prints pages honours (those of screen images take none)
PRESSED = frozenset({"margin", "ruler", "crop_marks"})


@dataclass(frozen=True)
class ComponentKind:
    """A kind of component (`game/component`) and the functions that serve it."""

    game: str
    component: str
    model: type[LayoutBase]
    check: Callable[[Any], list[Finding]]
    build: Callable[[Any, BuildOptions], Document]
    options: frozenset[str] = frozenset()  # extra build options it honours: names, duplex, ...
    check_words: Callable[[Any, Path], list[Finding]] | None = None  # check --words FILE
    parts: Callable[[Any], Parts] | None = None  # its pieces, dice and boards, bare

    @property
    def key(self) -> str:
        return f"{self.game}/{self.component}"

    @property
    def tile_sizes(self) -> tuple[float, float]:
        """mm: the --tile-size range it takes, its layouts' tile size range."""
        from sheetgen.games import TILE_SIZES

        return TILE_SIZES[self.key]

    @property
    def summary(self) -> str:
        """What the kind makes, from the games' catalogue."""
        from sheetgen.games import CATALOGUE

        return CATALOGUE[self.key]


@dataclass(frozen=True)
class Lazy:
    """The function `target` ('package.module:name'), imported when it is first called: a
    kind's check, builder and parts draw, and loading or scoring a layout needs none of them.
    (A plain object, not a closure, so that a kind pickles to the build's worker processes.)"""

    target: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)(*args, **kwargs)


def kinds() -> dict[str, ComponentKind]:
    """Every registered kind by key."""
    from sheetgen.games import all_kinds

    return {kind.key: kind for kind in all_kinds()}


def kind_for(key: str) -> ComponentKind | None:
    """The kind `game/component`, importing only that game."""
    from sheetgen.games import game_kinds

    return next((k for k in game_kinds(key.split("/")[0]) if k.key == key), None)


def kind_of_model(model: type[LayoutBase]) -> ComponentKind | None:
    """The kind whose layouts `model` holds, importing only the game that defines it."""
    from sheetgen.games import game_kinds

    game = model.__module__.removeprefix("sheetgen.games.").partition(".")[0]
    return next((k for k in game_kinds(game) if k.model is model), None)


def suggest(word: str, choices: list[str]) -> str:
    """' (did you mean X?)' for the closest choice, or a list of the choices."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    return "expected one of: " + ", ".join(sorted(choices))
