"""Findings: what a rules check says about a layout, printed as
`level: file:LINE:COLUMN: key.path: message` (the line and column where the file writes it),
the form of every error sheetgen prints."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Literal

from sheetgen.frozen import frozen
from sheetgen.layouts import keypath
from sheetgen.layouts.keypath import Loc, key_loc
from sheetgen.layouts.toml.positions import Position, locate, positions

Level = Literal["error", "warning"]


@frozen
class Finding:
    """One problem (error) or doubt (warning) about a layout, at a key path inside it; `also`,
    the other keys that share its cause (a sheet too small for its parts is as much the size
    of the parts), so that it points at whichever of them the designer wrote."""

    level: Level
    where: str
    message: str
    also: tuple[str, ...] = ()

    def place(self, lookup: Lookup, own: str = "") -> tuple[str | None, str, Position | None]:
        """The file, the key to name (as a designer counts: `glyphs[12]` is the twelfth) and
        where that file writes it: the first of its key and `also` that the layout's `own`
        file writes, else that a file it extends writes, else the table its own key belongs
        in (no file and no place when not even that is written: the value is a default)."""
        keys = [shown(key) for key in (self.where, *self.also)]  # counted from 1
        for mine in (True, False):
            for key in keys:
                found = lookup(key_loc(key), True)
                if found is not None and (found[0] == own or not mine):
                    return found[0], key, found[1]
        found = lookup(key_loc(keys[0]), False)
        return (found[0], keys[0], found[1]) if found else (None, keys[0], None)

    def line(self, file: str, lookup: Lookup) -> str:
        """The finding as `sheetgen check` prints it, as every error is printed:
        `level: file:LINE:COLUMN: key: message` (`file`, the layout's, when no file of it
        writes the key)."""
        return f"{self.level}: {self.refusal(file, lookup)}"

    def refusal(self, file: str, lookup: Lookup) -> str:
        """An error finding as the message of a refusal (which prints 'error: ' before it)."""
        held, key, at = self.place(lookup, file)
        file = held or file
        head = f"{file}:{at[0]}:{at[1]}: {key}" if at else f"{file}:{key}"
        return f"{head.rstrip(': ')}: {self.message}"


Lookup = Callable[[Loc, bool], "tuple[str, Position] | None"]
"""Where a layout's files write a key path: the file (as messages name it) and its line and
column; with `exact` False, the nearest table around it will do."""


def nowhere(loc: Loc, exact: bool) -> tuple[str, Position] | None:
    """The lookup of findings that no file's line can show (a record given in code)."""
    return None


def in_text(file: str, text: str) -> Lookup:
    """A lookup in one layout text, `file`'s (for a layout read from that text alone)."""
    found = _positions(text)

    def lookup(loc: Loc, exact: bool) -> tuple[str, Position] | None:
        at = found.get(loc) if exact else locate(found, loc)
        return (file, at) if at is not None else None

    return lookup


def shown(where: str) -> str:
    """A finding's key path as a designer reads it, places counted from 1 as the layout's
    errors count them (`glyphs[11]` in the data is the twelfth, `glyphs[12]`)."""
    return keypath.counted_from_one(where)


@functools.lru_cache(maxsize=8)
def _positions(text: str) -> dict[Loc, Position]:
    return positions(text) if text else {}


def error(where: str, message: str, also: tuple[str, ...] = ()) -> Finding:
    return Finding("error", where, message, also)


def warning(where: str, message: str, also: tuple[str, ...] = ()) -> Finding:
    return Finding("warning", where, message, also)
