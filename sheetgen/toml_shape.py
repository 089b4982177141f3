"""Layout texts refused before TOML reads them, for a shape no layout has and that would cost
the reading dearly: lists and tables nested deeper than MAX_DEPTH (Python's own reader, and
sheetgen's walks of the data, recurse a level a time) and keys of more than MAX_KEY_PARTS
dotted parts (Python's reader takes time and memory that grow with the square of the parts:
100,000 parts, 200 KB, filled 22 GB). Each is one line at its place in the file."""

from __future__ import annotations

import re

from sheetgen.errors import LayoutError

MAX_DEPTH = 64  # lists and tables in one another; a layout nests a few
MAX_KEY_PARTS = 32  # a.b.c: the parts of one key or table name; a layout's have a few

# what a bracket inside is no bracket of: strings of each kind, and comments
_SKIPPED = r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
_BRACKET = re.compile(rf"{_SKIPPED}|[\[\]{{}}]", re.S)
_PART = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\')'
_KEY = rf"{_PART}(?:[ \t]*\.[ \t]*{_PART}){{{MAX_KEY_PARTS},}}"  # parts with a dot between
_LONG_KEY = re.compile(rf"(?P<key>{_KEY})|{_SKIPPED}", re.S)  # a string is no key but as one


def check_shape(text: str, shown: str) -> None:
    """Refuse `text` (the file `shown`) if it nests past MAX_DEPTH or writes a key of more
    than MAX_KEY_PARTS parts. Texts with few brackets or dots are passed at once."""
    if text.count("[") + text.count("{") > MAX_DEPTH:
        depth = 0
        for token in _BRACKET.finditer(text):
            mark = token[0]
            if mark in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    raise LayoutError(
                        shown,
                        "",
                        f"lists or tables nested more than {MAX_DEPTH} deep",
                        "a layout nests them a few deep at most",
                        _place(text, token.start()),
                    )
            elif mark in "]}":
                depth = max(0, depth - 1)
    if text.count(".") > MAX_KEY_PARTS:
        long_key = next((m for m in _LONG_KEY.finditer(text) if m["key"]), None)
        if long_key:
            raise LayoutError(
                shown,
                "",
                f"a key or table name of more than {MAX_KEY_PARTS} dotted parts",
                "a layout's keys have a few parts, e.g. sheet.cell",
                _place(text, long_key.start()),
            )


def _place(text: str, offset: int) -> tuple[int, int]:
    """The line and column (from 1) of `offset` in `text`."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1
