"""A designer's own font, and emoji: a TrueType or OpenType (PostScript outlines) file is
measured by its own widths, characters it lacks by sheetgen's faces; emoji print in Noto Emoji,
the last face tried; only what no face has is refused; a font without its licence beside it,
or one that is no font, is cut short, damaged or forbids embedding, is refused in one line that
names the file; and the file is read as `watch` sees it."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from sheetgen.draw.fonts import cap_height, text_width, wrap
from sheetgen.draw.shaping import shape
from sheetgen.files import recording_reads
from sheetgen.text.own_fonts import FontRefused, licence_beside, own_face
from sheetgen.text.typefaces import EMOJI, FACES, face_for, uncovered
from tests.support.fonts import VERA, WIDTHS, boxes_font, font_folder, vera_folder

LINEAR_B = "\U00010000"  # a character no face sheetgen carries prints
DEJAVU = FACES[("sans", "regular")]


@pytest.mark.parametrize("name", ["Boxes.ttf", "Boxes.otf"])
def test_a_designers_font_is_measured_by_its_own_widths(tmp_path: Path, name: str) -> None:
    """A, B, X and Y are boxes of known widths (1000 units an em): 'AB' at 10 mm is 16 mm
    wide; a 'C' the font lacks is measured in DejaVu Sans; capitals are the font's 0.7 em."""
    family = own_face(font_folder(tmp_path, name=name), name).css_family
    assert text_width("AB", 10, family=family) == pytest.approx(16.0)
    assert text_width("AXY B", 10, family=family) == pytest.approx(
        (WIDTHS["A"] + WIDTHS["X"] + WIDTHS["Y"] + WIDTHS["space"] + WIDTHS["B"]) / 100
    )
    dejavu_c = text_width("C", 10)
    assert text_width("ABC", 10, family=family) == pytest.approx(16.0 + dejavu_c)
    assert cap_height(10, family=family) == pytest.approx(7.0)
    # wrapped by its own widths: 'YYY' is 30 mm at 10 mm, so at most two Ys go on 25 mm
    assert wrap("YY YY YY", 10, 25, family=family) == ["YY", "YY", "YY"]


def test_its_runs_name_it_and_fall_back_for_what_it_lacks(tmp_path: Path) -> None:
    font = own_face(font_folder(tmp_path), "Boxes.ttf")
    runs = shape("AB Ωμέγα 🎲", family=font.css_family).runs
    faces = [run.face for run in runs]
    assert faces[0] == font and DEJAVU in faces and faces[-1] == EMOJI
    assert "".join(run.text for run in runs) == "AB Ωμέγα 🎲"


def test_emoji_print_in_noto_emoji_and_only_what_no_face_has_is_refused() -> None:
    assert face_for("🎲", "regular") == EMOJI == face_for("🎲", "bold")
    assert uncovered("Roll 🎲, then 🃏 👍🏽 🇫🇷") is None
    assert uncovered(f"a {LINEAR_B}") == "'\U00010000' (U+10000)"
    # the joined family is one glyph (a ligature of the font), not three people
    (run,) = shape("\U0001f468\u200d\U0001f469\u200d\U0001f467").runs
    assert run.face == EMOJI and len(run.glyphs) == 1


def test_a_character_neither_font_has_is_refused(tmp_path: Path) -> None:
    family = own_face(font_folder(tmp_path), "Boxes.ttf").css_family
    assert uncovered("AB Ω 🎲", family) is None
    assert uncovered(f"AB {LINEAR_B}", family) == "'\U00010000' (U+10000)"


@pytest.mark.parametrize(
    "licence", ["LICENSE", "LICENCE.md", "OFL.txt", "ofl-1.1.txt", "Boxes.txt", "COPYING"]
)
def test_a_licence_file_beside_it_is_found_by_its_name(tmp_path: Path, licence: str) -> None:
    path = font_folder(tmp_path, licence=licence)
    assert licence_beside(path) == path.parent / licence
    assert own_face(path, "Boxes.ttf").own


def test_a_font_without_its_licence_is_refused(tmp_path: Path) -> None:
    path = font_folder(tmp_path, licence="README.txt")
    with pytest.raises(FontRefused) as refused:
        own_face(path, "fonts/Boxes.ttf")
    said = str(refused.value)
    assert said.startswith("fonts/Boxes.ttf: no licence file beside the font; put the licence")
    assert "LICENSE.txt, OFL.txt or Boxes.txt" in said and "\n" not in said


def _vera() -> bytes:
    return VERA.read_bytes()


def _table(data: bytes, tag: bytes) -> tuple[int, int]:
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        found, _, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        if found == tag:
            return offset, length
    raise KeyError(tag)


def _flipped(data: bytes, tag: bytes) -> bytes:
    """The font with one byte in the middle of its `tag` table changed."""
    offset, length = _table(data, tag)
    out = bytearray(data)
    out[offset + length // 2] ^= 0xFF
    return bytes(out)


def _restricted() -> bytes:
    """Vera, its licence bits saying it may not be embedded (Restricted License embedding)."""
    font = TTFont(VERA)
    font["OS/2"].fsType = 0x0002
    font.recalcTimestamp = False
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("Face.ttf", b"not a font at all", "not a TrueType or OpenType font"),
        ("Face.ttf", b"", "not a TrueType or OpenType font"),
        ("Face.ttf", _vera()[:5000], "damaged"),
        ("Face.ttf", _flipped(_vera(), b"glyf"), "damaged (its 'glyf' table fails its checksum)"),
        ("Face.ttf", b"wOFF" + bytes(100), "a web font (WOFF); use the .ttf or .otf"),
        ("Face.otf", b"ttcf" + bytes(100), "a font collection (.ttc)"),
        ("Face.woff", _vera(), "not a font file sheetgen reads; name a TrueType (.ttf)"),
        ("Face.ttf", _restricted(), "its licence bits (OS/2 fsType) forbid embedding it"),
    ],
    ids=["text", "empty", "cut-short", "glyf-damaged", "woff", "collection", "suffix",
         "no-embedding"],
)  # fmt: skip
def test_a_font_that_is_no_good_is_refused_in_one_line_naming_it(
    tmp_path: Path, name: str, data: bytes, said: str
) -> None:
    path = font_folder(tmp_path, name=name, data=data)
    with pytest.raises(FontRefused) as refused:
        own_face(path, f"fonts/{name}")
    message = str(refused.value)
    assert message.startswith(f"fonts/{name}: ") and said in message, message
    assert "\n" not in message and len(message) < 300


def test_a_font_whose_head_checksum_is_off_is_read(tmp_path: Path) -> None:
    """Bitstream Vera, as reportlab ships it, sums its 'head' table wrongly (as many fonts
    do): the table reads, so the font is used."""
    face = own_face(vera_folder(tmp_path), "VeraIt.ttf")
    assert text_width("Dice", 10, family=face.css_family) > 0


def test_a_font_is_recorded_as_read_for_watch(tmp_path: Path) -> None:
    path = font_folder(tmp_path)
    with recording_reads() as read:
        first = own_face(path, "Boxes.ttf")
    assert path.resolve() in read
    path.write_bytes(boxes_font(cff=True))  # saved anew, with PostScript outlines
    again = own_face(path, "Boxes.ttf")
    assert again != first and again.css_family != first.css_family
