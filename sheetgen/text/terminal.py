"""Text from files and command lines made safe to print on a terminal: the one way anything a
user or a file wrote (a layout's description, a file name, a key, a word typed) is quoted
before sheetgen prints it."""

from __future__ import annotations

import re

# what a terminal acts on rather than shows: control characters (C0, DEL and C1: ESC starts
# the sequences that retitle a terminal, move its cursor or colour its text; CSI is C1's ESC [),
# the marks that reorder text right to left, and the line and paragraph separators
_ACTIVE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def _escaped(found: re.Match[str]) -> str:
    point = ord(found[0])
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}"


def for_terminal(text: str) -> str:
    """`text` with every character a terminal would act on written as Python writes it in a
    quoted string (ESC as \\x1b, a right-to-left override as \\u202e), the rest as it is."""
    return _ACTIVE.sub(_escaped, text)
