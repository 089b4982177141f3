"""How fonts/NotoSansCJKsc-Regular-subset.ttf and -Bold-subset.ttf were made from Debian's
fonts-noto-cjk (NotoSansCJK-Regular.ttc and -Bold.ttc, face 2: Noto Sans CJK SC):

    python fonts/subset_cjk.py NotoSansCJK-Regular.ttc fonts/NotoSansCJKsc-Regular-subset.ttf

It keeps the characters of GB 2312 (Simplified Chinese), JIS X 0208 (Japanese), level 1 of Big5
(common Traditional Chinese), the Hangul syllables of KS X 1001 (Korean), kana, CJK punctuation
and full-width forms, about 13,000 in all, and turns the CFF outlines into TrueType ones (which
reportlab embeds). The full fonts are 19 MB each; these subsets about 3.6 MB."""

from __future__ import annotations

import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

from sheetgen.text.own_fonts import to_glyf


def charset() -> set[str]:
    chars = set()

    def table(codec: str, leads: range, trails: range | list[int]) -> None:
        for a in leads:
            for b in trails:
                try:
                    s = bytes([a, b]).decode(codec)
                except UnicodeDecodeError:
                    continue
                chars.update(s)

    table("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))
    table("euc_jp", range(0xA1, 0xF5), range(0xA1, 0xFF))
    table("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))  # Hangul syllables of KS X 1001
    table("big5", range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))  # level 1
    chars.update(chr(c) for c in range(0x3000, 0x3100))  # CJK punctuation, kana
    chars.update(chr(c) for c in range(0x3130, 0x3190))  # Hangul compatibility jamo
    chars.update(chr(c) for c in range(0xFF00, 0xFFF0))  # full-width forms
    return {c for c in chars if ord(c) >= 0x2E80}


def main(src: str, out: str) -> None:
    font = TTCollection(src).fonts[2]  # Noto Sans CJK SC
    opts = subset.Options()
    opts.layout_features = ["ccmp", "kern"]
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    opts.recalc_timestamp = False
    s = subset.Subsetter(opts)
    s.populate(unicodes=[ord(c) for c in sorted(charset())])
    s.subset(font)
    to_glyf(font)
    font.save(out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
