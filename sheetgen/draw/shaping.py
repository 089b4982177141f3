"""Text in any script, set as glyphs: split into runs of one face and one direction, shaped by
HarfBuzz (Arabic letters joined, Devanagari clusters formed, marks placed) and the runs put in
visual order by the Unicode bidirectional algorithm. Text in DejaVu Sans alone, left to right,
with no marks to place is `plain`, and backends set it as ordinary text; text in a designer's
font (a family `typefaces.own` knows) is never plain: it is shaped, kerned by its own tables,
with sheetgen's faces for what it lacks."""

from __future__ import annotations

import itertools
import unicodedata
from functools import cache, lru_cache

from sheetgen.errors import SheetgenError
from sheetgen.frozen import frozen
from sheetgen.text.typefaces import (
    FACES,
    SCRIPTS,
    FontFace,
    Weight,
    characters,
    face_for,
    font_bytes,
    font_tables,
    own,
    right_to_left,
)


@frozen
class Glyph:
    """One glyph: its id in the face, and where it sits, in ems from the text's start on the
    baseline (x to the right, y up)."""

    gid: int
    x: float
    y: float
    chars: str  # the characters it shows (its cluster's, for the first glyph of a cluster)


@frozen
class Run:
    """Glyphs of one face and one direction, left to right as they are seen, and the text
    they show as it is written."""

    face: FontFace
    glyphs: tuple[Glyph, ...]
    text: str
    rtl: bool


@frozen
class Shaped:
    """A line of text as runs of glyphs, and its advance width in ems."""

    runs: tuple[Run, ...]
    width: float


def plain(text: str, weight: Weight = "regular", family: str = "sans") -> bool:
    """Whether `text` needs no shaping: sheetgen's main family, every character in its face,
    none right to left, no combining mark to place."""
    if family != "sans":
        return False
    if text.isascii():
        return True
    have = characters(FACES[("sans", weight)])
    return all(
        ord(ch) in have and not right_to_left(ch) and not unicodedata.combining(ch)
        for ch in unicodedata.normalize("NFC", text)
    )


@lru_cache(maxsize=4096)
def shape(text: str, weight: Weight = "regular", family: str = "sans") -> Shaped:
    """`text` (one line) as glyph runs in visual order, in a designer's font first where
    `family` names one."""
    text = unicodedata.normalize("NFC", text)
    pieces = _pieces(text, weight, own(family))
    levels = _levels(text)
    runs: list[tuple[int, FontFace, str]] = []  # (bidi level, face, text) in logical order
    for start, end, font in pieces:
        at = start
        for i in range(start + 1, end + 1):
            if i == end or levels[i] != levels[at]:
                runs.append((levels[at], font, text[at:i]))
                at = i
    visual = _reorder([level for level, _, _ in runs])
    out: list[Run] = []
    pen = 0.0
    for index in visual:
        level, font, part = runs[index]
        placed = []
        for gid, advance, dx, dy, chars in _shape_run(font, part, level % 2 == 1):
            placed.append(Glyph(gid, pen + dx, dy, chars))
            pen += advance
        out.append(Run(font, tuple(placed), part, level % 2 == 1))
    return Shaped(tuple(out), pen)


def _pieces(text: str, weight: Weight, first: FontFace | None) -> list[tuple[int, int, FontFace]]:
    """(start, end, face) of each stretch of `text` one face prints (a designer's font `first`
    where it has the character); a character no face has is an error naming it."""
    pieces: list[tuple[int, int, FontFace]] = []
    before: FontFace | None = None
    for i, ch in enumerate(text):
        font = face_for(ch, weight, before, first)
        if font is None:
            raise SheetgenError(
                f"no font sheetgen carries can print '{ch}' (U+{ord(ch):04X}) in {text!r}; "
                f"it prints {SCRIPTS}"
            )
        if pieces and pieces[-1][2] == font:
            pieces[-1] = (pieces[-1][0], i + 1, font)
        else:
            pieces.append((i, i + 1, font))
        before = font
    return pieces


def _levels(text: str) -> list[int]:
    """Each character's bidirectional embedding level (odd: right to left), the paragraph's
    direction taken from its first strong letter."""
    # imported here, not at the top, for start-up time
    from bidi import algorithm as bidi

    storage = bidi.get_empty_storage()
    base = bidi.get_base_level(text)
    storage["base_level"], storage["base_dir"] = base, ("L", "R")[base]
    bidi.get_embedding_levels(text, storage)
    bidi.explicit_embed_and_overrides(storage)
    bidi.resolve_weak_types(storage)
    bidi.resolve_neutral_types(storage, False)
    bidi.resolve_implicit_levels(storage, False)
    levels = [int(ch["level"]) for ch in storage["chars"]]
    # the algorithm counts a character beyond the basic plane once; the text counts it once too
    return levels if len(levels) == len(text) else [base] * len(text)


def _reorder(levels: list[int]) -> list[int]:
    """The order runs are seen in, from their levels (rule L2: from the highest level down to
    the lowest odd one, reverse every stretch at that level or above)."""
    order = list(range(len(levels)))
    if not levels:
        return order
    lowest_odd = min((lv for lv in levels if lv % 2), default=max(levels) + 1)
    for level in range(max(levels), lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return order


@cache
def _hb_font(font: FontFace) -> object:
    # imported here, not at the top, for start-up time
    import uharfbuzz as hb

    blob = hb.Blob(font_bytes(font))
    return hb.Font(hb.Face(blob))


@cache
def units_per_em(font: FontFace) -> int:
    # imported here, not at the top, for start-up time
    import uharfbuzz as hb

    return int(hb.Face(hb.Blob(font_bytes(font))).upem)


def advance(font: FontFace, gid: int) -> float:
    """The advance of glyph `gid` in ems."""
    tables = font_tables(font)
    name = tables.getGlyphName(gid)
    return float(tables["hmtx"][name][0]) / units_per_em(font)


def _shape_run(font: FontFace, text: str, rtl: bool) -> list[tuple[int, float, float, float, str]]:
    """(glyph id, advance, x offset, y offset, characters shown) for each glyph of `text`, left
    to right, in ems; the characters of a cluster go with its first glyph."""
    # imported here, not at the top, for start-up time
    import uharfbuzz as hb

    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    buffer.direction = "rtl" if rtl else "ltr"
    hb.shape(_hb_font(font), buffer, {"kern": True, "liga": True})
    em = float(units_per_em(font))
    infos, positions = buffer.glyph_infos, buffer.glyph_positions
    starts = [*sorted({info.cluster for info in infos}), len(text)]
    ends = dict(itertools.pairwise(starts))
    out: list[tuple[int, float, float, float, str]] = []
    seen: set[int] = set()
    for info, pos in zip(infos, positions, strict=True):
        first = info.cluster not in seen
        seen.add(info.cluster)
        chars = text[info.cluster : ends[info.cluster]] if first else ""
        out.append(
            (info.codepoint, pos.x_advance / em, pos.x_offset / em, pos.y_offset / em, chars)
        )
    return out
