"""Which texts can print: none with a control character, a line or paragraph separator or a
Unicode non-character, and what to say of a text no bundled face covers."""

from __future__ import annotations

import unicodedata

from sheetgen.text.typefaces import SCRIPTS, own


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


def not_printed(missing: str, family: str = "sans") -> str:
    """What to say of characters no face prints (`missing`, as `uncovered` describes them),
    when a text is set in `family` (a designer's font, or sheetgen's own)."""
    font = own(family)
    if font is None:
        return f"no font sheetgen carries can print {missing}; {PRINTS}"
    return (
        f"neither {font.file} nor a font sheetgen carries can print {missing}; sheetgen's "
        f"fonts print {SCRIPTS}"
    )
