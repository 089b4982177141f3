"""Marram's tiles on 4 x 6 in photo paper, read back from the pages a default build prints: the
footer (the layout's credit and the side) keeps to one line of 6 pt or more, so the crop marks
under the bottom row have room on the white paper between the tiles' bleed and the footer."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw.document import Document, Page
from sheetgen.draw.fonts import cap_height, pt
from sheetgen.draw.shapes import Text
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper

DPI = 150
PX = DPI / 25.4  # pixels a mm
LONGEST_WANTED = 2.4  # mm of a bottom crop mark on white paper, where a knife finds it
FURNITURE = ("crop marks", "footer", "calibration ruler")


def _pages() -> tuple[Page, ...]:
    options = BuildOptions(PressOptions(paper=parse_paper("4x6in")))
    return document_for(load("marram/classic"), options).pages


def _footer(page: Page) -> list[Text]:
    (drawing,) = [p.drawing for p in page.placements if p.drawing.title == "footer"]
    return [t for t in drawing.children if isinstance(t, Text)]


def test_the_footer_keeps_to_one_line_on_every_4x6_page() -> None:
    credit = load("marram/classic").model.credit
    sides = set()
    for page in _pages():
        lines = _footer(page)
        if credit not in " ".join(t.text for t in lines):
            continue  # the duplex alignment page: its own words
        assert len(lines) == 1, [t.text for t in lines]
        (line,) = lines
        assert line.size >= pt(6)
        sides.add(line.text.removeprefix(f"{credit} · "))
    assert sides == {"front", "back"}


def test_the_bottom_crop_marks_stand_on_white_paper_on_4x6_fronts() -> None:
    """Read from a 150 dpi render of the first sheet of tiles: under each cut of the bottom
    row, ink of the mark between the tiles' bleed and the footer's capitals. The card has
    room for 2.6 mm marks at both ends once the tiles stand higher (1.2 mm under them when
    they were centred between the margins)."""
    page = next(p for p in _pages() if "front" in _footer(p)[0].text)
    tiles = [p for p in page.placements if p.drawing.title not in FURNITURE]
    bleed = max(p.transform.f + p.drawing.height + p.drawing.bleed for p in tiles)
    bottom = [p for p in tiles if p.transform.f + p.drawing.height + p.drawing.bleed == bleed]
    cuts = sorted({p.transform.e + dx for p in bottom for dx in (0.0, p.drawing.width)})
    (line,) = _footer(page)
    capitals = line.y - cap_height(line.size)
    [(_, png)] = render(Document((page,), "probe"), "png", dpi=DPI)
    grey = np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=np.int32)
    rows = grey[round(bleed * PX) + 1 : round(capitals * PX) - 1]
    for x in cuts:
        column = rows[:, round(x * PX) - 1 : round(x * PX) + 2].min(axis=1)
        assert (column < 200).sum() / PX >= LONGEST_WANTED, x
