"""How fonts/NotoEmoji-Regular.ttf was made from Noto Emoji 3.002 (the monochrome outline emoji,
`NotoEmoji[wght].ttf`, a variable font, as the PyPI package manimgx-fonts 2026.9.26.post1 ships
it unchanged):

    pip download manimgx-fonts==2026.9.26.post1 --no-deps -d /tmp/f
    unzip /tmp/f/manimgx_fonts-*.whl -d /tmp/f/whl
    python fonts/subset_emoji.py "/tmp/f/whl/manimgx_fonts/NotoEmoji[wght].ttf" \\
        fonts/NotoEmoji-Regular.ttf

It takes the static regular instance (wght 400, fontTools.varLib.instancer) and keeps every
character the font maps but those of the private use areas and those DejaVu Sans already prints
(sheetgen tries DejaVu Sans first, so the emoji face never sets them; the joiner and the
variation selectors stay, for sequences), with every glyph the font's ligatures make of what is
kept (flags, keycaps, joined sequences); it drops the vertical metrics, the style table, glyph
names and all but the font's copyright, names and licence. 1.9 MB variable, 0.75 MB cut."""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

KEPT_ANYWAY = {0x200D, 0xFE0E, 0xFE0F, 0x20E3}  # joiner, variation selectors, keycap


def main(src: str, out: str) -> None:
    font = instancer.instantiateVariableFont(TTFont(src), {"wght": 400}, static=True)
    dejavu = set(TTFont(Path(__file__).with_name("DejaVuSans.ttf")).getBestCmap())
    kept = sorted(
        code
        for code in font.getBestCmap()
        if code > 0x20
        and not (0xE000 <= code <= 0xF8FF or code >= 0xF0000)
        and (code not in dejavu or code in KEPT_ANYWAY)
    )
    opts = subset.Options()
    opts.layout_features = ["*"]
    opts.drop_tables += ["STAT", "vhea", "vmtx"]
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    opts.hinting = False
    opts.glyph_names = False
    opts.notdef_outline = True
    opts.recalc_timestamp = False
    cutter = subset.Subsetter(opts)
    cutter.populate(unicodes=kept)
    cutter.subset(font)
    font.recalcTimestamp = False  # the same bytes from the same source, each time
    font.save(out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
