"""Text from files and command lines made safe to print on a terminal: the one way anything a
user or a file wrote (a layout's description, a file name, a key, a word typed) is quoted
before sheetgen prints it."""

from __future__ import annotations

import re
from typing import Any

import typer

# what a terminal acts on rather than shows: control characters (C0, DEL and C1: ESC starts
# the sequences that retitle a terminal, move its cursor or colour its text; CSI is C1's ESC [),
# the marks that reorder text right to left, and the line and paragraph separators
# and the bytes a file name holds that are not UTF-8 (Python reads each as a lone surrogate,
# U+DC80 to U+DCFF, and writes it back as the raw byte: 0x9B is C1's CSI)
_BEYOND_C0 = "\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff"
_ACTIVE = re.compile(f"[\x00-\x1f{_BEYOND_C0}]")
# JSON writes C0 in its strings as escapes already: a C0 character left is JSON's own layout
_ACTIVE_IN_JSON = re.compile(f"[{_BEYOND_C0}]")


def _escaped(found: re.Match[str]) -> str:
    point = ord(found[0])
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}"


def for_terminal(text: str) -> str:
    """`text` with every character a terminal would act on written as Python writes it in a
    quoted string (ESC as \\x1b, a right-to-left override as \\u202e), the rest as it is."""
    return _ACTIVE.sub(_escaped, text)


def json_for_terminal(value: object, **dumps: Any) -> str:
    """`value` as JSON (non-ASCII kept as it is) with every character a terminal would act on
    written as a JSON escape (a right-to-left override as \\u202e): the same data to a reader."""
    # imported here, not at the top, for start-up time: only --json needs it
    import json

    text = json.dumps(value, ensure_ascii=False, **dumps)
    return _ACTIVE_IN_JSON.sub(lambda found: f"\\u{ord(found[0]):04x}", text)


def say(text: str, err: bool = False) -> None:
    """Print lines made of what a user or a file wrote, each quoted by `for_terminal` (the
    line breaks between them kept)."""
    typer.echo("\n".join(map(for_terminal, text.split("\n"))), err=err)
