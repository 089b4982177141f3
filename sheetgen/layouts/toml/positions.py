"""Where each key and value of a TOML text starts: a small tokenizer over text tomllib has
already read (so it is valid TOML), mapping key paths to their line and column.

A key path is as pydantic gives it: table keys as strings, array places as integers, so
`("tiles", 4, "count")` is `count` in the fifth `[[tiles]]` table, and `("circles", 2, "at")`
is `at` in the third inline table of a `circles = [...]` array.
"""

from __future__ import annotations

import bisect
import re
from typing import NamedTuple

from sheetgen.layouts.keypath import Loc

Position = tuple[int, int]  # line and column, both counted from 1

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_HEX = re.compile(r"[0-9A-Fa-f]+")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


class Statement(NamedTuple):
    """A header or a top-level `key = value`: the key path it names (an array of tables'
    path without its index), `how` it names it ('table', 'array' or 'value'), and where it
    starts and ends."""

    loc: Loc
    how: str
    start: Position
    end: Position


class _Stop(Exception):
    """The text is not as expected (a text tomllib refused, read for the keys it writes
    twice): stop looking. Every loop of the walker moves on at least a character a turn or
    stops so, which keeps a walk linear in the text's length whatever the text."""


class _Walker:
    """Reads a TOML text once, recording the position of every key, table and array item."""

    def __init__(self, text: str, head: bool = False) -> None:
        self.text, self.i, self.head = text, 0, head
        self.found: dict[Loc, Position] = {}
        self.arrays: dict[Loc, int] = {}  # arrays of tables: their last index so far
        self.statements: list[Statement] = []  # each header and top-level key = value, in order
        # the offset of each line's first character
        self.starts = [0, *(found.end() for found in re.finditer("\n", text))]

    def position(self, offset: int) -> Position:
        line = bisect.bisect_right(self.starts, offset) - 1
        return line + 1, offset - self.starts[line] + 1

    def note(self, loc: Loc, offset: int) -> None:
        self.found.setdefault(loc, self.position(offset))

    def peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def skip_blank(self, newlines: bool) -> None:
        """Past spaces (and, with `newlines`, line breaks and comments)."""
        while self.i < len(self.text):
            char = self.text[self.i]
            if char in " \t" or (newlines and char in "\r\n"):
                self.i += 1
            elif newlines and char == "#":
                self.skip_comment()
            else:
                return

    def skip_comment(self) -> None:
        end = self.text.find("\n", self.i)
        self.i = len(self.text) if end < 0 else end

    def walk(self) -> dict[Loc, Position]:
        table: Loc = ()
        try:
            while True:
                self.skip_blank(newlines=True)
                if self.i >= len(self.text):
                    break
                start = self.i
                if self.peek() == "[" and self.head:
                    break
                if self.peek() == "[":
                    double = self.text.startswith("[[", start)
                    table = self.header()
                    name, how = (table[:-1], "array") if double else (table, "table")
                else:
                    name, how = self.key_value(table), "value"
                at = self.position(start), self.position(self.i)
                self.statements.append(Statement(name, how, *at))
                self.skip_blank(newlines=False)
                if self.peek() == "#":
                    self.skip_comment()
        except (_Stop, IndexError):
            pass
        return self.found

    def header(self) -> Loc:
        """A `[table]` or `[[array]]` header: the table it opens."""
        start = self.i
        double = self.text.startswith("[[", self.i)
        self.i += 2 if double else 1
        keys = self.keys()
        self.skip_blank(newlines=False)
        self.i += 2 if double else 1
        loc = self.resolve(keys, start)
        if double:
            index = self.arrays.get(loc, -1) + 1
            self.arrays[loc] = index
            self.note(loc, start)
            loc = (*loc, index)
        self.note(loc, start)
        return loc

    def resolve(self, keys: list[str], start: int) -> Loc:
        """Header keys as a path: each array of tables on the way stands for its last table."""
        loc: Loc = ()
        for n, key in enumerate(keys):
            loc = (*loc, key)
            self.note(loc, start)
            if n < len(keys) - 1 and loc in self.arrays:
                loc = (*loc, self.arrays[loc])
        return loc

    def keys(self) -> list[str]:
        """A dotted key (`a.b."c d"`), each part unquoted."""
        parts = []
        while True:
            self.skip_blank(newlines=False)
            parts.append(self.key())
            self.skip_blank(newlines=False)
            if self.peek() != ".":
                return parts
            self.i += 1

    def key(self) -> str:
        char = self.peek()
        if char and char in "\"'":
            return self.string()
        start = self.i
        while self.peek() and self.peek() in _BARE:
            self.i += 1
        if self.i == start:
            raise _Stop
        return self.text[start : self.i]

    def key_value(self, table: Loc) -> Loc:
        """A `key = value` pair in `table`: the key path it sets."""
        start = self.i
        keys = self.keys()
        loc = table
        for key in keys:
            loc = (*loc, key)
            self.note(loc, start)
        self.skip_blank(newlines=False)
        if self.peek() != "=":
            raise _Stop
        self.i += 1
        self.skip_blank(newlines=False)
        self.value(loc)
        return loc

    def value(self, loc: Loc) -> None:
        char = self.peek()
        if char and char in "\"'":
            self.string()
        elif char == "[":
            self.array(loc)
        elif char == "{":
            self.inline_table(loc)
        else:
            start = self.i
            while self.peek() and self.peek() not in ",]}#\r\n":
                self.i += 1
            if self.i == start:  # no value at all (`x = [}`): nothing to read on
                raise _Stop

    def array(self, loc: Loc) -> None:
        self.i += 1
        index = 0
        while True:
            self.skip_blank(newlines=True)
            if self.peek() == "]":
                self.i += 1
                return
            self.note((*loc, index), self.i)
            self.value((*loc, index))
            index += 1
            self.skip_blank(newlines=True)
            if self.peek() == ",":
                self.i += 1
            elif self.peek() != "]":  # neither a comma nor the end: not an array TOML reads
                raise _Stop

    def inline_table(self, loc: Loc) -> None:
        self.i += 1
        while True:
            self.skip_blank(newlines=True)  # newlines: TOML 1.1 allows them; harmless in 1.0
            if self.peek() == "}":
                self.i += 1
                return
            self.key_value(loc)
            self.skip_blank(newlines=True)
            if self.peek() == ",":
                self.i += 1
            elif self.peek() != "}":  # neither a comma nor the end: not a table TOML reads
                raise _Stop

    def string(self) -> str:
        """A string of any of TOML's four kinds, its text (escapes undone for basic strings)."""
        quote = self.peek()
        triple = self.text.startswith(quote * 3, self.i)
        delimiter = quote * 3 if triple else quote
        self.i += len(delimiter)
        out: list[str] = []
        while True:
            if self.i >= len(self.text):
                raise _Stop
            if self.text.startswith(delimiter, self.i):
                run = len(delimiter)
                while triple and run < 5 and self.text.startswith(quote, self.i + run):
                    run += 1  # up to two quotes just before the closing three are text
                out.append(quote * (run - len(delimiter)))
                self.i += run
                return "".join(out)
            char = self.text[self.i]
            if char == "\\" and quote == '"':
                self.i += 1
                code = self.peek()
                if code and code in "uU":
                    width = 4 if code == "u" else 8
                    digits = self.text[self.i + 1 : self.i + 1 + width]
                    if not _HEX.fullmatch(digits) or int(digits, 16) > 0x10FFFF:
                        raise _Stop  # no character: TOML refuses it
                    out.append(chr(int(digits, 16)))
                    self.i += 1 + width
                    continue
                out.append(_ESCAPES.get(code, ""))  # a line-ending backslash: nothing
                self.i += 1
                continue
            out.append(char)
            self.i += 1


def positions(text: str, head: bool = False) -> dict[Loc, Position]:
    """Every key path of a TOML text (tables, keys, array items) and where it starts; with
    `head`, only those written before its first table (its top-level keys and their items)."""
    return _Walker(text, head).walk()


def statements(text: str) -> list[Statement]:
    """Every `[table]`, `[[array]]` header and top-level `key = value` of a TOML text, in
    order (as far as the text reads as TOML: a text tomllib refused for a key written twice
    still does)."""
    walker = _Walker(text)
    walker.walk()
    return walker.statements


def locate(found: dict[Loc, Position], loc: Loc) -> Position | None:
    """Where `loc` is written, or the nearest table around it that is (where a missing key
    belongs); None when not even its first key is in the text (it came from `extends`)."""
    for end in range(len(loc), 0, -1):
        if loc[:end] in found:
            return found[loc[:end]]
    return None
