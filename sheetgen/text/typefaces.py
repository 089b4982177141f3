"""The font files sheetgen prints with, which characters each has, and which face prints a
character. No drawing here: layouts are checked against these before anything is drawn."""

from __future__ import annotations

import io
import unicodedata
from dataclasses import field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from sheetgen.errors import SheetgenError
from sheetgen.files import ReadRefused, read_limited
from sheetgen.frozen import frozen
from sheetgen.resources import resource_dir
from sheetgen.text.cmap import code_points
from sheetgen.text.metrics import damaged_tables

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

Weight = Literal["regular", "bold"]


@frozen
class FontFace:
    """One font file and the names each backend knows it by. A designer's own font (see
    `sheetgen.text.own_fonts`) carries the bytes it was read as, and its `file` is its path as
    messages show it; its names hold a digest of those bytes, so that two versions of one file
    (saved again while `watch` runs) are two faces."""

    file: str
    pdf_name: str
    css_family: str
    data: bytes | None = field(default=None, compare=False, repr=False)

    @property
    def own(self) -> bool:
        """Whether this is a designer's font rather than one sheetgen carries."""
        return self.data is not None

    @property
    def path(self) -> Path:
        return Path(self.file) if self.own else resource_dir("fonts") / self.file


FACES: dict[tuple[str, Weight], FontFace] = {
    ("sans", "regular"): FontFace("DejaVuSans.ttf", "SheetgenSans", "DejaVu Sans"),
    ("sans", "bold"): FontFace("DejaVuSans-Bold.ttf", "SheetgenSans-Bold", "DejaVu Sans"),
}

# monochrome outline emoji, one weight (bold text takes the same): the last face tried
EMOJI = FontFace("NotoEmoji-Regular.ttf", "SheetgenEmoji", "Noto Emoji")

# The faces for scripts DejaVu Sans lacks or sets poorly, tried in this order for a character
# the main face has not (and first for right-to-left letters, which DejaVu does not shape well).
SCRIPT_FACES: dict[Weight, tuple[FontFace, ...]] = {
    weight: (
        *(
            FontFace(
                f"{stem}-{weight.title()}{suffix}", f"Sheetgen{script}-{weight.title()}", family
            )
            for stem, suffix, script, family in (
                ("NotoSansArabic", ".ttf", "Arabic", "Noto Sans Arabic"),
                ("NotoSansHebrew", ".ttf", "Hebrew", "Noto Sans Hebrew"),
                ("NotoSansDevanagari", ".ttf", "Devanagari", "Noto Sans Devanagari"),
                ("NotoSansCJKsc", "-subset.ttf", "CJK", "Noto Sans CJK SC"),
            )
        ),
        EMOJI,
    )
    for weight in ("regular", "bold")
}
SCRIPTS = (
    "Latin (Vietnamese too), Greek, Cyrillic, Arabic, Hebrew, Devanagari (Hindi), "
    "Chinese, Japanese, Korean and emoji"
)

# the designers' fonts read so far, by the family name texts give them (`own_fonts.own_face`)
_OWN: dict[str, FontFace] = {}


def add_own(font: FontFace) -> str:
    """Make a designer's font known by its family name (its `css_family`), and return it."""
    _OWN[font.css_family] = font
    return font.css_family


def own_faces() -> tuple[FontFace, ...]:
    """Every designer's font made known so far (for a build's worker processes to know too)."""
    return tuple(_OWN.values())


def own(family: str) -> FontFace | None:
    """The designer's font a family names, or None for a family of sheetgen's own."""
    return _OWN.get(family)


def face(family: str, weight: Weight) -> FontFace:
    """The face for a family and weight (a designer's font has one face for both); an unknown
    family is an error naming the known ones."""
    try:
        return FACES[(family, weight)]
    except KeyError:
        if family in _OWN:
            return _OWN[family]
        known = sorted({f for f, _ in FACES})
        raise ValueError(f"unknown font family {family!r} (known: {', '.join(known)})") from None


MAX_FONT_BYTES = 40_000_000  # a font file sheetgen reads (its largest, a CJK subset: 3.6 MB)


@cache
def font_bytes(font: FontFace) -> bytes:
    """The font file's bytes, read once, as every file sheetgen reads: refused unread if it is
    not a regular file (a pipe would wait for ever, a device never end) or is too long (a
    designer's font: the bytes it was checked as)."""
    if font.data is not None:
        return font.data
    try:
        return read_limited(font.path, MAX_FONT_BYTES, watched=False)
    except ReadRefused as exc:
        said = f"{exc} for a font" if exc.too_long else f"{exc}, not a font file"
        raise SheetgenError(f"{font.path}: {said}; {_fix(font)}") from None
    except OSError as exc:
        raise unreadable(font, exc) from None


@cache
def font_tables(font: FontFace) -> TTFont:
    """The font file, read by fontTools as its tables are asked for; a file that cannot be
    read (missing, corrupt) is one line naming it and the fix."""
    # imported here, not at the top, for start-up time
    from fontTools.ttLib import TTFont

    data = font_bytes(font)
    try:
        damaged = damaged_tables(data)
        tables = TTFont(io.BytesIO(data), lazy=True)
    except Exception as exc:  # any parse failure means a corrupt or missing file
        raise unreadable(font, exc) from None
    if damaged:  # read on, fontTools would warn of some tables and draw with the rest
        raise damaged_font(font, damaged)
    try:
        tables.getBestCmap()
        tables["hmtx"]
    except Exception as exc:  # any parse failure means a corrupt or missing file
        raise unreadable(font, exc) from None
    return tables


def damaged_font(font: FontFace, tables: list[str]) -> SheetgenError:
    """The refusal of a font file some of whose `tables` fail their checksums."""
    return SheetgenError(
        f"{font.path}: font file is damaged (its {', '.join(tables)} "
        f"table{'s' if len(tables) > 1 else ''} fail their checksums); {_fix(font)}"
    )


@cache
def characters(font: FontFace) -> frozenset[int]:
    """The code points `font` has a glyph for (its cmap read directly: checking a layout's
    texts imports no fontTools)."""
    data = font_bytes(font)
    try:
        return code_points(data)
    except (OSError, ValueError) as exc:
        raise unreadable(font, exc) from None


def unreadable(font: FontFace, exc: Exception) -> SheetgenError:
    """The refusal of a font file that cannot be read: its name and the fix."""
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
    return SheetgenError(f"{font.path}: font file cannot be read ({reason}); {_fix(font)}")


def _fix(font: FontFace) -> str:
    """What mends a font file that cannot be read: a designer's, a good copy of it; sheetgen's
    own, a sound installation."""
    if font.own:
        return "replace it with a good copy of the TrueType or OpenType file"
    return "reinstall sheetgen or point SHEETGEN_FONT_DIR at a folder holding sheetgen's fonts/"


def right_to_left(char: str) -> bool:
    """Whether `char` is a right-to-left letter or an Arabic digit."""
    return unicodedata.bidirectional(char) in ("R", "AL", "AN")


def attaches(char: str) -> bool:
    """Whether `char` takes the face of the letter before it: combining marks, joiners,
    variation selectors, spaces and punctuation (which every face has)."""
    if char in "\u200c\u200d" or 0xFE00 <= ord(char) <= 0xFE0F:
        return True
    return unicodedata.category(char)[0] in "MZP"


def face_for(
    char: str, weight: Weight, before: FontFace | None = None, first: FontFace | None = None
) -> FontFace | None:
    """The face that prints `char`: the face of the letter before it for marks, spaces and
    punctuation it has; a designer's font (`first`) for what it has; DejaVu Sans for what it has
    (but right-to-left letters); else the first script face that has it, emoji last; None when
    no face has it."""
    point = ord(char)
    if before is not None and attaches(char) and point in characters(before):
        return before
    if first is not None and point in characters(first):
        return first
    main = FACES[("sans", weight)]
    if not right_to_left(char) and point in characters(main):
        return main
    for font in SCRIPT_FACES[weight]:
        if point in characters(font):
            return font
    return main if point in characters(main) else None


_EVERY_FACE_HAS = frozenset(range(0x20, 0x7F)) | frozenset(range(0xA0, 0x180))


def uncovered(text: str, family: str = "sans") -> str | None:
    """The characters of `text` that no face prints (a designer's font that `family` names
    first), described ("'ᚠ' (U+16A0)"), or None."""
    if text.isascii() and text.isprintable():  # sheetgen's faces print printable ASCII
        return None
    first = own(family)
    missing = sorted(
        {
            ch
            for ch in text
            if ord(ch) not in _EVERY_FACE_HAS and face_for(ch, "regular", first=first) is None
        }
    )
    if not missing:
        return None
    return ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing[:5]) + (
        f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    )
