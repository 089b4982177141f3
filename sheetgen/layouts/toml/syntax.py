"""TOML syntax errors in a designer's words: tomllib's complaint said plainly at its line and
column, and a key or table written twice (or set both as a value and as a table) named with
the line of each, at the column of the key."""

from __future__ import annotations

import re
import tomllib
from typing import Any

from sheetgen.errors import LayoutError, LayoutProblems
from sheetgen.layouts.keypath import Loc, key_path
from sheetgen.layouts.toml.positions import Position, Statement, statements
from sheetgen.layouts.toml.shape import check_shape

_WHERE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")
_TWICE = re.compile(
    r"Cannot (overwrite a value|declare .* twice|mutate immutable namespace|redefine namespace)"
)
_INLINE_TWICE = re.compile(r"Duplicate inline table key '(.*)'")
SYNTAX = "see https://toml.io for the syntax"
# tomllib's complaints (the start of each) and what they mean to someone writing a layout
_PLAIN: dict[str, tuple[str, str]] = {
    "Invalid statement": (
        "this line is neither key = value nor a [table] header",
        "text goes in quotes after a key and =",
    ),
    "Expected newline or end of document after a statement": (
        "more follows the value on this line",
        "write one key = value a line; a comment starts with #",
    ),
    "Expected '=' after a key in a key/value pair": (
        "a key needs = and a value after it",
        'e.g. title = "My sheet"',
    ),
    "Invalid value": (
        "this value is not one TOML knows",
        "text goes in quotes; numbers, true and false do not",
    ),
    "Invalid initial character for a key part": (
        "a key cannot start here",
        'keys are letters, digits, _ and -, or any text in "quotes"',
    ),
    "Unclosed array": (
        "a list is not closed with ], or a comma is missing between its entries",
        'e.g. segments = ["blue-head:E", "worm-end:W"]',
    ),
    "Unclosed inline table": (
        "a { } table is not closed with }, or a comma is missing between its keys",
        'write it on one line, e.g. { kind = "gold", corner = "NE" }',
    ),
    "Unterminated string": (
        "a text is not closed",
        'end it with the quote it starts with, on the same line (""" for several lines)',
    ),
    "Illegal character '\\n'": (
        "a text is not closed on its line",
        'end it with the quote it starts with, or use """ for text of several lines',
    ),
    "Illegal character": (
        "a text or comment holds a control character",
        "write a tab as \\t and a line break as \\n",
    ),
    "Found invalid character": (
        "a text or comment holds a control character",
        "write a tab as \\t and a line break as \\n",
    ),
    "Unescaped '\\' in a string": (
        'a backslash in a "text" starts an escape such as \\n',
        "write \\\\ for a backslash, or use 'single quotes'",
    ),
    "Invalid hex value": (
        "a \\u escape needs 4 hex digits (\\U 8)",
        "e.g. \\u00e9 for é",
    ),
    "Escaped character is not a Unicode scalar value": (
        "a \\u escape names no character",
        "e.g. \\u00e9 for é",
    ),
    "Expected ']' at the end of a table declaration": (
        "a [table] header is not closed with ]",
        "e.g. [sheet]",
    ),
    "Expected ']]' at the end of an array declaration": (
        "a [[table]] header is not closed with ]]",
        "e.g. [[tiles]]",
    ),
    "Invalid date or datetime": ("this is not a date TOML knows", "write dates as 2024-05-27"),
}


def syntax_error(text: str, exc: tomllib.TOMLDecodeError, shown: str) -> LayoutError:
    """The error of a layout text tomllib could not read, in plain words."""
    message = str(exc)
    where = _WHERE.search(message)
    complaint = _WHERE.sub("", message)
    lines = text.split("\n")
    at = (int(where[1]), int(where[2])) if where and where[1] else (len(lines), len(lines[-1]) + 1)
    inline = _INLINE_TWICE.match(complaint)
    if inline:
        return LayoutError(
            shown,
            inline[1],
            "written twice in one { } table; keep one",
            "",
            _key_before(lines, at, inline[1]),
        )
    problem, hint = next(
        (words for start, words in _PLAIN.items() if complaint.startswith(start)),
        (complaint[:1].lower() + complaint[1:], SYNTAX),
    )
    opened = _open_at_end(text) if where and not where[1] else None
    if complaint.startswith("Unterminated string") and opened:  # said where it opens
        quotes, at = opened
        problem = f"a text of several lines opened with {quotes} here is never closed"
        hint = f"end it with {quotes}"
    return LayoutError(shown, "", f"TOML syntax error: {problem}", hint, at)


def _open_at_end(text: str) -> tuple[str, tuple[int, int]] | None:
    """The quotes and the line and column of the text of several lines still open at the end
    of `text` (tomllib says only that the document ended), found in one pass over it."""
    line, start, i, n = 1, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line, start = line + 1, i + 1
        elif c == "#":  # a comment, to the end of its line
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif c in "\"'":
            quotes = text[i : i + 3] if text.startswith(c * 3, i) else c
            opened = (line, i - start + 1)
            i += len(quotes)
            while i < n and not text.startswith(quotes, i):
                if text[i] == "\n":
                    if len(quotes) == 1:  # a one-line text ends with its line (tomllib says so)
                        break
                    line, start = line + 1, i + 1
                i += 2 if text[i] == "\\" and c == '"' else 1
            if i >= n:
                return (quotes, opened) if len(quotes) == 3 else None
            if text[i] != "\n":
                i += len(quotes)
            continue
        i += 1
    return None


def parse(text: str, shown: str) -> tuple[dict[str, Any], list[LayoutError]]:
    """A layout text's data, and each key or table it writes a second time (a problem each,
    at the second): the data is read as if every second writing were not there, so that the
    text's other mistakes can be said too. A syntax error is raised as `LayoutProblems`, after
    the keys written twice before it."""
    check_shape(text, shown)
    try:  # tomllib reads a text with no key or table written twice, and refuses any other
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError:
        pass
    clashes = written_twice(statements(text))
    twice = [LayoutError(shown, *clash[:4]) for clash in clashes]
    try:
        return tomllib.loads(_without(text, [clash[4] for clash in clashes])), twice
    except tomllib.TOMLDecodeError as exc:
        error = syntax_error(text, exc, shown)
        if _TWICE.match(_WHERE.sub("", str(exc))):  # one the statements do not show
            at = (error.line or 1, error.column or 1)
            error = LayoutError(shown, "", "a key or table is written twice", "keep one", at)
        raise LayoutProblems([*twice, error]) from None


def _without(text: str, spans: list[tuple[Position, Position | None]]) -> str:
    """The text with each span (from a line and column up to another, or to the end) blanked,
    its line breaks kept so that every other key stays at its line and column."""
    if not spans:
        return text
    starts = [0]
    for n, char in enumerate(text):
        if char == "\n":
            starts.append(n + 1)
    chars = list(text)
    for start, end in spans:
        first = starts[start[0] - 1] + start[1] - 1
        last = len(text) if end is None else starts[end[0] - 1] + end[1] - 1
        for i in range(first, last):
            if chars[i] not in "\r\n":
                chars[i] = " "
    return "".join(chars)


def _key_before(lines: list[str], at: Position, key: str) -> Position:
    """Where `key = ` is last written on the line up to `at` (else `at` itself)."""
    line = lines[at[0] - 1][: at[1] - 1]
    starts = [m.start() for m in re.finditer(rf"(?<![\w-]){re.escape(key)}\s*=", line)]
    return (at[0], starts[-1] + 1) if starts else at


def written_twice(
    found: list[Statement],
) -> list[tuple[str, str, str, Position, tuple[Position, Position | None]]]:
    """Every key or table the statements write a second time, or set both as a value and as a
    table: its key path, what is wrong, what to do and where (the second statement), and the
    span of text to drop to keep the first (a header's with the keys under it)."""
    made: dict[Loc, tuple[str, Position]] = {}  # each path: how it was made, and where
    out = []
    # where the first header after each statement starts (None: none follows), found in one
    # pass from the end, so that any number of clashes costs the statements' number, not its
    # square (60,000 keys written twice took 18 s)
    following: list[Position | None] = [None] * len(found)
    for n in range(len(found) - 2, -1, -1):
        after = found[n + 1]
        following[n] = after.start if after.how != "value" else following[n + 1]
    depth = 0  # keys in the path of the table the statements are in
    dropping = False  # in the keys of a table header dropped
    for n, statement in enumerate(found):
        loc, how, start = statement.loc, statement.how, statement.start
        if how == "value" and dropping:
            continue
        clash = _clash_of(made, statement, depth)
        if clash is not None:
            end = statement.end if how == "value" else following[n]
            out.append((*clash, (start, end)))
            dropping = how != "value"
            continue
        made[loc] = how, start
        if how != "value":  # a header: the statements after it are in its table
            dropping = False
            depth = len(loc) + 1 if how == "array" else len(loc)
    return out


def _clash_of(
    made: dict[Loc, tuple[str, Position]], statement: Statement, depth: int
) -> tuple[str, str, str, Position] | None:
    """What is wrong with a statement that makes again a path already made (None when it
    makes nothing twice); the tables it names on the way are noted in `made`."""
    loc, how, start = statement.loc, statement.how, statement.start
    mark = "dotted" if how == "value" else "through"  # what it makes of the tables it names
    for end in range(depth + 1 if how == "value" else 1, len(loc)):
        before = made.get(loc[:end])
        if before and (before[0] == "value" or (mark, before[0]) in _REOPENED):
            return _clash(loc[:end], before, (mark, start))
    for end in range(depth + 1 if how == "value" else 1, len(loc)):
        made.setdefault(loc[:end], (mark, start))
    before = made.get(loc)
    if before is not None and (before[0], how) not in _AGAIN:
        return _clash(loc, before, (how, start))
    return None


_AGAIN = {("through", "table"), ("array", "array")}  # a path made again, as TOML allows
_REOPENED = {("dotted", "table"), ("dotted", "array")}  # dotted keys into a [table] made before
_NAMED = {
    "value": "a value",
    "table": "a [table]",
    "array": "[[tables]]",
    "through": "a table",
    "dotted": "dotted keys",
}


def _clash(
    loc: Loc, first: tuple[str, Position], second: tuple[str, Position]
) -> tuple[str, str, str, Position]:
    """What to say of `loc`, made first as one thing and then again as another (or the same)."""
    line = first[1][0]
    if first[0] == second[0] == "value":
        return key_path(loc), f"written twice (first on line {line}); keep one", "", second[1]
    if first[0] == second[0] == "table":
        header = "[" + ".".join(str(part) for part in loc if isinstance(part, str)) + "]"
        problem = f"written twice (first on line {line}); keep one, with all the keys under it"
        return header, problem, "", second[1]
    problem = f"set both as {_NAMED[first[0]]} (line {line}) and as {_NAMED[second[0]]}"
    return key_path(loc), problem, "keep one", second[1]
