"""A word list for refereeing Scrumpit records: a text file of words, one a line."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from sheetgen.errors import UsageError
from sheetgen.files import read_lines

MAX_WORDS_BYTES = 20_000_000  # a full Scrabble word list is under 3 MB
_WORD = re.compile(r"[A-Za-z]+")


@cache
def read_words(path: Path) -> frozenset[str]:
    """The words of a word list, upper case: one word of the letters A-Z a line, blank lines
    skipped; anything else is refused in one line naming the file and line."""
    where = f"--words {path}"
    words = set()
    for number, word in read_lines(path, "--words", MAX_WORDS_BYTES, "a word list"):
        if not _WORD.fullmatch(word):
            shown = word if len(word) <= 30 else word[:30] + "…"
            raise UsageError(
                f"{where}:{number}: {shown!r} is not a word of the letters A-Z (one word a line)"
            )
        words.add(word.upper())
    if not words:
        raise UsageError(f"{where}: the file holds no words (one word a line)")
    return frozenset(words)
