"""The fonts every backend uses, and text measured from their real metrics."""

from __future__ import annotations

import struct
from collections.abc import Callable
from functools import cache, lru_cache
from itertools import repeat

from sheetgen.draw.shapes import Anchor, Text, Weight
from sheetgen.text.metrics import DamagedFont, Metrics, read_metrics
from sheetgen.text.typefaces import FACES, FontFace, damaged_font, face, font_bytes, unreadable

__all__ = [
    "CSS_FALLBACKS",
    "FACES",
    "FontFace",
    "ascent",
    "cap_height",
    "descent",
    "face",
    "fit_size",
    "label",
    "pt",
    "text_width",
    "wrap",
]


CSS_FALLBACKS = "Verdana, 'Bitstream Vera Sans', Arial, sans-serif"


@cache
def _metrics(font_face: FontFace) -> Metrics:
    """The face's metrics, read from its file; a file that cannot be read is one line naming
    it and the fix."""
    try:
        return read_metrics(font_bytes(font_face))
    except DamagedFont as exc:
        raise damaged_font(font_face, exc.tables) from None
    except (OSError, ValueError, KeyError, IndexError, struct.error) as exc:
        raise unreadable(font_face, exc) from None


def text_width(text: str, size: float, weight: Weight = "regular", family: str = "sans") -> float:
    """The advance width in mm of `text` at em size `size` mm (shaped, in any script; in a
    designer's font, always shaped, kerned as its own tables say)."""
    if family != "sans" or not text.isascii():  # plain ASCII needs no shaper, nor its start-up
        # imported here, not at the top, for start-up time
        from sheetgen.draw.shaping import plain, shape

        if not plain(text, weight, family):
            return shape(text, weight, family).width * size
    m = _metrics(face(family, weight))
    # each character's advance looked up in C (a wrapped paragraph measures thousands)
    return sum(map(m.advances.get, map(ord, text), repeat(m.default, len(text)))) * size / m.units


def cap_height(size: float, weight: Weight = "regular", family: str = "sans") -> float:
    """The height in mm of a capital letter at em size `size` mm."""
    m = _metrics(face(family, weight))
    return m.cap_height * size / m.units


def ascent(size: float, weight: Weight = "regular", family: str = "sans") -> float:
    """The height in mm above the baseline that the face's tallest letters reach (ascenders and
    accents on capitals) at em size `size` mm: what text at a page's top edge must keep clear."""
    m = _metrics(face(family, weight))
    return m.ascent * size / m.units


def descent(size: float, weight: Weight = "regular", family: str = "sans") -> float:
    """The depth in mm below the baseline that the face's lowest letters reach (descenders,
    cedillas) at em size `size` mm: what text at a page's foot must keep clear."""
    m = _metrics(face(family, weight))
    return m.descent * size / m.units


def fit_size(
    text: str, max_width: float, size: float, weight: Weight = "regular", family: str = "sans"
) -> float:
    """`size`, shrunk just enough that `text` is no wider than `max_width`."""
    width = text_width(text, size, weight, family)
    return size if width <= max_width else size * max_width / width


def label(
    x: float,
    cy: float,
    text: str,
    size: float,
    *,
    anchor: Anchor = "middle",
    weight: Weight = "regular",
    colour: str = "#000000",
    max_width: float | None = None,
    rotation: float = 0.0,
) -> Text:
    """Text whose capitals are centred vertically on `cy`, shrunk to `max_width` if given."""
    if max_width is not None:
        size = fit_size(text, max_width, size, weight)
    baseline = cy + cap_height(size, weight) / 2
    return Text(
        x, baseline, text, size, colour=colour, weight=weight, anchor=anchor, rotation=rotation
    )


def pt(points: float) -> float:
    """Points to millimetres, for font sizes given in points."""
    return points * 25.4 / 72.0


def wrap(
    text: str,
    size: float,
    max_width: float,
    weight: Weight = "regular",
    family: str = "sans",
    measure: Callable[[str], float] | None = None,
) -> list[str]:
    """`text` broken into lines no wider than `max_width`: at spaces, and between Chinese and
    Japanese characters and kana, which need none (a long word stands alone); each line's
    width `measure(line)` where given (a line that holds more than letters), else its
    letters' advance."""
    if measure is None and family == "sans":  # sheetgen's own faces: the same lines every time
        return list(_wrapped(text, size, max_width, weight))
    return _wrap(text, size, max_width, weight, family, measure)


@lru_cache(maxsize=1024)
def _wrapped(text: str, size: float, max_width: float, weight: Weight) -> tuple[str, ...]:
    """`wrap` in sheetgen's own sans faces, worked out once (a sheet's rules are wrapped for its
    plan and again for its drawing)."""
    return tuple(_wrap(text, size, max_width, weight, "sans", None))


def _wrap(
    text: str,
    size: float,
    max_width: float,
    weight: Weight,
    family: str,
    measure: Callable[[str], float] | None,
) -> list[str]:
    lines: list[str] = []
    current = ""
    for piece, spaced in _breaks(text):
        trial = f"{current}{' ' if spaced else ''}{piece}" if current else piece
        wide = measure(trial) if measure else text_width(trial, size, weight, family)
        if current and wide > max_width:
            lines.append(current)
            current = piece
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def _breaks(text: str) -> list[tuple[str, bool]]:
    """The pieces a line may break between, each with whether a space came before it."""
    if text.isascii():  # (no character of a script written without spaces)
        return [(word, n > 0) for n, word in enumerate(text.split())]
    pieces: list[tuple[str, bool]] = []
    for n, word in enumerate(text.split()):
        start = 0
        for i, ch in enumerate(word):
            if i > start and (_unspaced(ch) or _unspaced(word[i - 1])) and not _closing(ch):
                pieces.append((word[start:i], n > 0 and start == 0))
                start = i
        pieces.append((word[start:], n > 0 and start == 0))
    return pieces


def _unspaced(ch: str) -> bool:
    """Han, kana and full-width forms: scripts written without spaces between words."""
    point = ord(ch)
    return 0x3040 <= point <= 0x30FF or 0x3400 <= point <= 0x9FFF or 0xF900 <= point <= 0xFAFF


def _closing(ch: str) -> bool:
    """Punctuation that never starts a line (a full stop, a comma, a closing bracket)."""
    return ch in "、。，．！？）」』】〕”’・ー：；,.!?)"
