"""Text is measured by the fonts' own metrics, read without fontTools: every advance, the
capital height, ascent and descent are what fontTools (an independent reader) finds in each
bundled font, and a font cut short is refused, never measured as something else; the
bundled fonts' tables add up, each file known by its length and CRC-32 (and not summed again)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from sheetgen.resources import resource_dir
from sheetgen.text.metrics import SHIPPED, read_metrics, summed_damage

FONTS = sorted(resource_dir("fonts").glob("*.ttf"))


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_every_measure_is_the_one_fonttools_reads(path: Path) -> None:
    ours = read_metrics(path.read_bytes())
    font = TTFont(str(path))
    cmap, hmtx = font.getBestCmap(), font["hmtx"].metrics
    assert ours.units == font["head"].unitsPerEm
    assert ours.default == hmtx[".notdef"][0]
    theirs = {code: hmtx[name][0] for code, name in cmap.items()}
    # a character mapped to no glyph (glyph 0) is measured as the font's missing glyph
    assert {c: ours.advances.get(c, ours.default) for c in theirs} == theirs
    assert set(ours.advances) <= set(theirs)
    cap = getattr(font["OS/2"], "sCapHeight", 0) or font["glyf"][cmap[ord("H")]].yMax
    assert ours.cap_height == cap
    assert (ours.ascent, ours.descent) == (font["hhea"].ascent, -font["hhea"].descent)


@pytest.mark.parametrize("keep", [0, 12, 200, 5000])
def test_a_font_cut_short_is_refused(tmp_path: Path, keep: int) -> None:
    cut = tmp_path / "cut.ttf"
    cut.write_bytes((resource_dir("fonts") / "DejaVuSans.ttf").read_bytes()[:keep])
    with pytest.raises((ValueError, KeyError, IndexError, struct.error)):
        read_metrics(cut.read_bytes())


def test_the_fonts_sheetgen_ships_are_the_ones_known_to_add_up() -> None:
    shipped = {path.name: path.read_bytes() for path in FONTS}
    assert {(len(d), zlib.crc32(d)) for d in shipped.values()} == SHIPPED
    assert [name for name, d in shipped.items() if summed_damage(d)] == []
