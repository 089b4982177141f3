"""Icons in a designer's text: `:name:` prints the icon of that name inline, `::` prints a
colon, and any other colon prints as it is ("10:30", "Cost: 3"). An icon's name is lowercase
letters, digits, `-` and `_`, starting with a letter; a name written with capitals (`:Heart:`)
is read as a name too, so that it is refused as no icon rather than printed as words.

Each text's icons are found once its template is filled from the row: a column may give an
icon's name (`":{suit}:"`), or a whole `:name:` of its own."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from sheetgen.frozen import frozen

NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")  # a name the layout's [icons] table may give
_TOKEN = re.compile(r"::|:([A-Za-z][A-Za-z0-9_-]*):")
# the icons sheetgen draws (`draw.icons.SYMBOLS`), in the text's colour, without a file; named
# here, where the rules read them without importing the drawing
BUILT_IN = ("spade", "heart", "diamond", "club", "star", "circle", "square", "triangle")


@frozen
class Icon:
    """An icon in a line of text, by its name."""

    name: str


Part = str | Icon


def parts(text: str) -> tuple[Part, ...]:
    """`text` as its words and its icons, in order: `::` made one colon, neighbouring words
    joined (no empty words)."""
    out: list[Part] = []
    words = ""
    at = 0
    for found in _TOKEN.finditer(text):
        words += text[at : found.start()]
        at = found.end()
        if found.group(1) is None:  # '::'
            words += ":"
            continue
        if words:
            out.append(words)
        words = ""
        out.append(Icon(found.group(1)))
    words += text[at:]
    if words:
        out.append(words)
    return tuple(out)


def icon_spans(text: str) -> list[tuple[int, int, str]]:
    """Where `text` names icons: each `:name:`'s start, end and name."""
    return [
        (found.start(), found.end(), found.group(1))
        for found in _TOKEN.finditer(text)
        if found.group(1) is not None
    ]


def listed(known: Iterable[str]) -> str:
    """The icons there are, in words: sheetgen's, then the layout's own."""
    names = set(known)
    said = "the icons: " + ", ".join(n for n in BUILT_IN if n in names)
    own = sorted(names.difference(BUILT_IN))
    return said + ("; the layout's [icons]: " + ", ".join(own) if own else "")


def unknown(name: str, known: Iterable[str], said: str | None = None) -> str:
    """What to say of an icon name there is no icon of (written as `said`, ':name:' unless
    given): the nearest name there is, and every name."""
    names = sorted(known)
    close = [n for n in names if n == name.lower()] or difflib.get_close_matches(
        name.lower(), names, n=1, cutoff=0.6
    )
    out = f"{said or f':{name}:'!r} is no icon"
    if close:
        out += f" (did you mean {close[0]!r}?)"
    return f"{out}; {listed(names)}"
