"""The reportlab floor: a plain reportlab script that draws a page like Scribe's standard sheet
(A4: a title, nine mini grids of 3 x 3 squares with labels, nineteen glyphs of dots with their
names, two columns of rules text and a ruler, in DejaVu Sans and DejaVu Sans Bold, embedded and
compressed) and writes it. No layout is read, no rule checked, no font cut further: the least
a Python program takes to make such a page with reportlab, which `benchmarks/run.py` times
`sheetgen build` against, both as whole commands.

Run: python benchmarks/floor.py OUT.pdf
"""

from __future__ import annotations

import sys
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "fonts"
WIDTH, HEIGHT = 210 * mm, 297 * mm
INK, GRID, SHADE, ACCENT = (HexColor(c) for c in ("#2a2622", "#5b6470", "#e3e8ef", "#2f6f8f"))
RULES = (
    "Two players, + and O, take turns marking one empty square each; nobody may pass. Play goes "
    "on until every square of the super grid is filled. Each player's first mark may go in any "
    "square. After that, treat the mini grid of your last mark as a map of the super grid: the "
    "square you marked names the mini grid your next mark must go in; if that mini grid is full, "
    "mark any empty square. Right after each move, slash your previous mark with a diagonal line. "
) * 2


def main(out: str) -> None:
    pdfmetrics.registerFont(TTFont("Sans", str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("Sans-Bold", str(FONTS / "DejaVuSans-Bold.ttf")))
    c = Canvas(out, pagesize=(WIDTH, HEIGHT), pageCompression=1, invariant=1)
    c.setFillColor(ACCENT)
    c.setFont("Sans-Bold", 22)
    c.drawString(20 * mm, HEIGHT - 30 * mm, "SCRIBE")
    c.setFillColor(INK)
    c.setFont("Sans-Bold", 14)
    c.drawString(110 * mm, HEIGHT - 30 * mm, "+ ____________   O ____________")
    cell, top = 9.5 * mm, HEIGHT - 45 * mm
    for g in range(9):
        gx, gy = 25 * mm + (g % 3) * 32 * mm, top - (g // 3) * 33 * mm
        c.setFillColor(SHADE if g % 2 == 0 else HexColor("#ffffff"))
        c.setStrokeColor(GRID)
        c.setLineWidth(0.6)
        c.rect(gx, gy - 3 * cell, 3 * cell, 3 * cell, fill=1)
        for k in range(1, 3):
            c.line(gx + k * cell, gy, gx + k * cell, gy - 3 * cell)
            c.line(gx, gy - k * cell, gx + 3 * cell, gy - k * cell)
        c.setFillColor(GRID)
        c.setFont("Sans", 6.5)
        c.drawRightString(gx + 3 * cell - 1 * mm, gy - 3 * cell - 3 * mm, "win")
        for k in range(3):
            c.setFont("Sans-Bold", 8)
            c.drawCentredString(gx + (k + 0.5) * cell, top + 2 * mm, "ABCDEFGHI"[g % 3 * 3 + k])
            c.drawString(18 * mm, gy - (k + 0.6) * cell, str(g // 3 * 3 + k + 1))
    for n in range(19):
        x, y = 150 * mm + (n % 3) * 14 * mm, HEIGHT - 60 * mm - (n // 3) * 17 * mm
        c.setStrokeColor(GRID)
        c.setFillColor(HexColor("#ffffff"))
        c.rect(x, y, 9 * mm, 9 * mm, fill=1)
        c.setFillColor(INK)
        for d in range(9):
            radius = 1.1 * mm if (n + d) % 3 else 0.4 * mm
            c.circle(
                x + (d % 3 + 0.5) * 3 * mm, y + (d // 3 + 0.5) * 3 * mm, radius, fill=1, stroke=0
            )
        c.setFont("Sans-Bold", 7)
        c.drawCentredString(x + 4.5 * mm, y - 3.5 * mm, f"Glyph {n + 1}")
        c.setFillColor(ACCENT)
        c.setFont("Sans", 6.5)
        c.drawCentredString(x + 4.5 * mm, y - 6.5 * mm, f"{n % 9 + 1} points")
    c.setFillColor(INK)
    c.setFont("Sans", 7.5)
    words, line, lines = RULES.split(), "", []
    for word in words:
        if pdfmetrics.stringWidth(f"{line} {word}", "Sans", 7.5) > 85 * mm:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    for i, text in enumerate(lines):
        c.drawString((20 + 92 * (i // 12)) * mm, 75 * mm - (i % 12) * 3.6 * mm, text)
    c.setLineWidth(0.5)
    for k in range(11):
        c.setFillColor(INK if k % 2 else HexColor("#ffffff"))
        c.rect(20 * mm + k * 10 * mm, 20 * mm, 10 * mm, 2 * mm, fill=1)
    c.drawString(132 * mm, 20 * mm, "100 mm")
    c.showPage()
    c.save()


if __name__ == "__main__":
    main(sys.argv[1])
