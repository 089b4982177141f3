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

# The text read a token at a time, in one pass: strings (a multi-line one may end in up to two
# quotes of its own before its closing three), comments, brackets, bare words, dots (with the
# spaces TOML allows around a key's dots), and runs of anything else.
_TOKENS = re.compile(
    r'(?P<long>"""(?:[^\\]|\\.)*?"{3,5}|\'\'\'.*?\'{3,5}|#[^\n]*)'
    r'|(?P<part>[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\')'
    r"|(?P<open>[\[{])|(?P<close>[\]}])"
    r"|(?P<dot>[ \t]*\.[ \t]*)"
    r"|[^\"'#\[\]{}A-Za-z0-9_.-]+|.",
    re.S,
)


def check_shape(text: str, shown: str) -> None:
    """Refuse `text` (the file `shown`) if it nests past MAX_DEPTH or writes a key of more
    than MAX_KEY_PARTS parts. Texts with few brackets and dots are passed at once."""
    if text.count("[") + text.count("{") <= MAX_DEPTH and text.count(".") < MAX_KEY_PARTS:
        return
    depth, parts, after_dot, start = 0, 0, False, 0
    for token in _TOKENS.finditer(text):
        kind = token.lastgroup
        if kind == "part":
            parts, after_dot = (parts + 1 if after_dot else 1), False
            start = start if parts > 1 else token.start()
            if parts > MAX_KEY_PARTS:
                raise LayoutError(
                    shown,
                    "",
                    f"a key or table name of more than {MAX_KEY_PARTS} dotted parts",
                    "a layout's keys have a few parts, e.g. sheet.cell",
                    _place(text, start),
                )
            continue
        if kind == "dot" and parts and not after_dot:
            after_dot = True
            continue
        parts, after_dot = 0, False
        if kind == "open":
            depth += 1
            if depth > MAX_DEPTH:
                raise LayoutError(
                    shown,
                    "",
                    f"lists or tables nested more than {MAX_DEPTH} deep",
                    "a layout nests them a few deep at most",
                    _place(text, token.start()),
                )
        elif kind == "close":
            depth = max(0, depth - 1)


def _place(text: str, offset: int) -> tuple[int, int]:
    """The line and column (from 1) of `offset` in `text`."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1
