"""Scribe's printed sheets as a player holds them: the pad two a page on A4 and US Letter with
no glyph under 6 pt (measured by pdfium) and 3 mm clear inside each cut; every winner box
hanging from its own mini grid; a rules summary that says what the rulebook says; the credit
printed once a sheet, inside its cut; every word from the layout's labels; text that reads
against the paper."""

from __future__ import annotations

import ctypes
import io
import itertools
import math
from collections import Counter
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from fontTools.ttLib import TTFont
from PIL import Image
from pypdf import PdfReader

from sheetgen.backends import render
from sheetgen.draw.document import Document
from sheetgen.draw.shapes import Circle, Drawing, Group, Rect, Shape, Text
from sheetgen.draw.walk import leaves
from sheetgen.errors import LayoutError
from sheetgen.games.scribe.components import check
from sheetgen.games.scribe.model import ScribeLayout
from sheetgen.games.scribe.rules import check_layout
from sheetgen.games.scribe.rules import contrast as rules_contrast
from sheetgen.layouts.read import builtin_layouts, load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper
from sheetgen.resources import resource_dir
from tests.support.palette import contrast, too_close

REFS = sorted(ref for ref in builtin_layouts() if ref.startswith("scribe/"))
PAPERS = ("A4", "Letter")
MM = 72 / 25.4  # PDF points a millimetre
SIX_POINTS = 6.0


def document(ref: str, paper: str = "A4") -> Document:
    loaded = load(ref)
    return document_for(loaded, BuildOptions(PressOptions(paper=parse_paper(paper))))


@cache
def pdf_bytes(ref: str, paper: str = "A4", fillable: bool = False) -> bytes:
    return render(document(ref, paper), "pdf", fillable=fillable)[0][1]


def page_image(data: bytes, dpi: float) -> Image.Image:
    return pdfium.PdfDocument(data)[0].render(scale=dpi / 72).to_pil().convert("L")


def page_text(data: bytes) -> str:
    text = pdfium.PdfDocument(data)[0].get_textpage().get_text_range()
    return " ".join(text.split())


# --- the pad: two a page, legible, clear of the cut ----------------------------------------


@cache
def _glyph_heights(bold: bool) -> tuple[dict[int, float], int]:
    """Each character's ink height in font units, from the DejaVu file itself."""
    font = TTFont(
        str(resource_dir("fonts") / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"))
    )
    glyf, cmap = font["glyf"], font.getBestCmap()
    heights = {}
    for code, name in cmap.items():
        glyph = glyf[name]
        if glyph.numberOfContours:
            heights[code] = float(glyph.yMax - glyph.yMin)
    return heights, int(font["head"].unitsPerEm)


def printed_sizes(data: bytes) -> list[tuple[str, float]]:
    """Each printed letter or digit of page 1 with its font size in points, from the height of
    its ink box as pdfium lays it on the page (so every scaling on the way is counted), across
    it for a letter turned a quarter (the upright ruler's label)."""
    page = pdfium.PdfDocument(data)[0]
    text = page.get_textpage()
    out = []
    for i in range(text.count_chars()):
        char = chr(pdfium_c.FPDFText_GetUnicode(text.raw, i))
        if not char.isalnum():
            continue
        bold = pdfium_c.FPDFText_GetFontWeight(text.raw, i) >= 600
        heights, units = _glyph_heights(bold)
        left, bottom, right, top = text.get_charbox(i)
        turned = abs(math.sin(pdfium_c.FPDFText_GetCharAngle(text.raw, i))) > 0.5
        tall = right - left if turned else top - bottom
        out.append((char, tall / heights[ord(char)] * units))
    return out


@pytest.mark.parametrize("paper", PAPERS)
def test_the_pad_prints_two_sheets_a_landscape_page_and_no_glyph_under_6_pt(paper: str) -> None:
    doc = document("scribe/pad", paper)
    page = doc.pages[0]
    sheets = [p for p in page.placements if "super grid" in p.drawing.title]
    assert len(sheets) == 2 and page.width > page.height, paper
    sizes = printed_sizes(pdf_bytes("scribe/pad", paper))
    assert len(sizes) > 300  # both sheets' titles, grid names, tallies and legends
    small = sorted({(c, round(s, 1)) for c, s in sizes if s < SIX_POINTS - 0.05})
    assert small == [], small[:10]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_pad_keeps_3_mm_clear_inside_each_cut_line(paper: str) -> None:
    dpi = 200
    doc = document("scribe/pad", paper)
    image = page_image(pdf_bytes("scribe/pad", paper), dpi)
    px = dpi / 25.4
    sheets = [p for p in doc.pages[0].placements if "super grid" in p.drawing.title]
    for sheet in sheets:
        x0, y0 = sheet.transform.e, sheet.transform.f
        x1, y1 = x0 + sheet.drawing.width, y0 + sheet.drawing.height
        inside = [round(v * px) for v in (x0 + 0.2, y0 + 0.2, x1 - 0.2, y1 - 0.2)]
        clear = [round(v * px) for v in (x0 + 3, y0 + 3, x1 - 3, y1 - 3)]
        band = image.crop(tuple(inside))  # type: ignore[arg-type]
        band.paste(
            255,
            (
                clear[0] - inside[0],
                clear[1] - inside[1],
                clear[2] - inside[0],
                clear[3] - inside[1],
            ),
        )
        assert band.getextrema()[0] > 235, (paper, x0)  # nothing printed in the 3 mm band
        # and the sheet is used: its title and grid start within 8 mm of its top-left cut
        corner = image.crop((inside[0], inside[1], round((x0 + 20) * px), round((y0 + 8) * px)))
        assert corner.getextrema()[0] < 100


# the rulebook's 19 glyphs, in its order: the names `sheetgen scribe score` reports them by
RULEBOOK_GLYPHS = (
    "Single",
    "Double",
    "Line",
    "Pipe",
    "Squat-T",
    "4-block",
    "T",
    "Cross",
    "6-block",
    "Bomber",
    "Chair",
    "J",
    "Earring",
    "House",
    "H",
    "U",
    "Ottoman",
    "O",
    "9-block",
)

Box = tuple[float, float, float, float]  # left, top, right, bottom: mm from the page's top-left


def printed_texts(data: bytes) -> list[tuple[str, Box, float]]:
    """Each text object printed on page 1, as pdfium reads it: its words, its ink box and the
    smallest font size (points) among its letters and digits."""
    page = pdfium.PdfDocument(data)[0]
    height, text = page.get_height(), page.get_textpage()
    runs: dict[int, list[tuple[str, tuple[float, float, float, float], float]]] = {}
    for i in range(text.count_chars()):
        owner = pdfium_c.FPDFText_GetTextObject(text.raw, i)
        if pdfium_c.FPDFText_IsGenerated(text.raw, i) or not owner:
            continue  # the spaces and line ends pdfium puts between text objects
        char, box = chr(pdfium_c.FPDFText_GetUnicode(text.raw, i)), text.get_charbox(i)
        size = 99.0
        if char.isalnum():
            heights, units = _glyph_heights(pdfium_c.FPDFText_GetFontWeight(text.raw, i) >= 600)
            size = (box[3] - box[1]) / heights[ord(char)] * units
        key = ctypes.cast(owner, ctypes.c_void_p).value or 0
        runs.setdefault(key, []).append((char, box, size))
    out = []
    for chars in runs.values():
        inked = [b for _, b, _ in chars if b[2] > b[0]]
        box = (
            min(b[0] for b in inked) / MM,
            (height - max(b[3] for b in inked)) / MM,
            max(b[2] for b in inked) / MM,
            (height - min(b[1] for b in inked)) / MM,
        )
        out.append(("".join(c for c, _, _ in chars), box, min(s for _, _, s in chars)))
    return out


def legend_diagrams(ref: str, paper: str) -> list[list[Box]]:
    """Each sheet's legend diagrams on page 1, from the drawn shapes: the squares as wide as
    three legend cells, in reading order (row by row), as page boxes."""
    layout: ScribeLayout = load(ref).model  # type: ignore[assignment]
    side = 3 * layout.sheet.legend_cell
    out = []
    for placed in document(ref, paper).pages[0].placements:
        if "super grid" not in placed.drawing.title:
            continue
        boxes = []
        for shape, transform in leaves(placed.drawing.children, placed.transform):
            if isinstance(shape, Rect) and max(abs(shape.w - side), abs(shape.h - side)) < 1e-6:
                x0, y0 = transform.apply(shape.x, shape.y)
                x1, y1 = transform.apply(shape.x + shape.w, shape.y + shape.h)
                boxes.append((x0, y0, x1, y1))
        out.append(sorted(boxes, key=lambda b: (round(b[1], 3), b[0])))
    return out


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("ref", REFS)
def test_each_glyph_is_named_under_its_diagram_legibly_and_uncrowded(ref: str, paper: str) -> None:
    """Every sheet's legend names each glyph as the rulebook (and the scorer) do, right under
    its diagram and centred on it, read back from the PDF's text; every word of the legend at
    6 pt or more, 1 mm or more from its neighbours, and 3 mm or more inside the sheet's cut."""
    data = pdf_bytes(ref, paper)
    words = printed_texts(data)
    page = document(ref, paper).pages[0]
    sheets = [p for p in page.placements if "super grid" in p.drawing.title]
    for sheet, diagrams in zip(sheets, legend_diagrams(ref, paper), strict=True):
        assert len(diagrams) == len(RULEBOOK_GLYPHS)
        x0, y0 = sheet.transform.e, sheet.transform.f
        x1, y1 = x0 + sheet.drawing.width, y0 + sheet.drawing.height
        legend = []  # every word under a diagram, down to the next row of diagrams
        for name, (left, _top, right, bottom) in zip(RULEBOOK_GLYPHS, diagrams, strict=True):
            pitch = right - left + 1.5  # the least a legend column holds
            under = [
                w
                for w in words
                if abs((w[1][0] + w[1][2]) / 2 - (left + right) / 2) < pitch / 2
                and bottom < w[1][1] < bottom + 8.0
            ]
            first = min(under, key=lambda w: w[1][1])  # the line right under the diagram
            assert first[0] == name, (ref, paper, name, under)
            assert first[1][1] - bottom < 2.5, (name, first)  # right under it
            assert abs((first[1][0] + first[1][2]) / 2 - (left + right) / 2) < 0.3, name
            legend += under
        for text, box, size in legend:
            assert size >= SIX_POINTS - 0.05, (text, size)
            assert box[0] >= x0 + 3 and box[2] <= x1 - 3 and box[3] <= y1 - 3, (text, box)
        for a, b in itertools.combinations(set(legend), 2):
            apart = max(b[1][0] - a[1][2], a[1][0] - b[1][2], b[1][1] - a[1][3], a[1][1] - b[1][3])
            assert apart >= 0.3, (a, b)  # on their own lines, or 1 mm apart on one (below)
            same_line = min(a[1][3], b[1][3]) > max(a[1][1], b[1][1])
            if same_line:
                assert max(b[1][0] - a[1][2], a[1][0] - b[1][2]) >= 1.0, (a, b)


# --- winner boxes ---------------------------------------------------------------------------


def _fields(data: bytes) -> dict[str, tuple[float, float, float, float]]:
    """Each widget's rectangle in mm from the page's top-left: (left, top, right, bottom)."""
    reader = PdfReader(io.BytesIO(data))
    height = float(reader.pages[0].mediabox.height)
    out = {}
    for annot in reader.pages[0]["/Annots"]:  # type: ignore[union-attr]
        widget = annot.get_object()
        name = f"{widget['/Parent']['/T']}.{widget['/T']}"
        x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])
        out[name] = (x0 / MM, (height - y1) / MM, x1 / MM, (height - y0) / MM)
    return out


@pytest.mark.parametrize("ref", REFS)
def test_each_winner_box_hangs_from_its_own_mini_grid(ref: str) -> None:
    """The nine winner boxes, read back from the fillable PDF: each touches the bottom of its
    own mini grid's bottom-right square (mini grids numbered row by row, as the rulebook's map
    reads), lies under that grid, and stands clear of the grid below; on the print, the tab
    around it is drawn in one unbroken line from the grid's border."""
    fields = _fields(pdf_bytes(ref, fillable=True))
    dpi = 300
    image = page_image(pdf_bytes(ref), dpi)
    px = dpi / 25.4
    for k in range(9):
        row, col = 3 * (k // 3), 3 * (k % 3)
        first = fields[f"p1s1.cell_{'ABCDEFGHI'[col]}{row + 1}"]
        corner = fields[f"p1s1.cell_{'ABCDEFGHI'[col + 2]}{row + 3}"]
        left, top, right, bottom = fields[f"p1s1.winner_{k + 1}"]
        assert abs(top - corner[3]) < 0.2 and abs(right - corner[2]) < 0.2, k
        assert left > first[0] and bottom - top >= 4.0, k  # under its own grid, big enough
        if k < 6:
            below = fields[f"p1s1.cell_{'ABCDEFGHI'[col]}{row + 4}"]
            assert below[1] - bottom >= 1.5, k  # a clear gap to the next grid down
        # the tab's right side: ink all the way from the grid's border to the tab's bottom
        x = round((right - 0.1) * px)
        column = [image.getpixel((x, y)) for y in range(round(top * px), round(bottom * px))]
        assert max(column) < 110, k  # type: ignore[type-var]
        # and white paper just under the tab
        gap = image.crop(
            (
                round(left * px),
                round((bottom + 0.6) * px),
                round(right * px),
                round((bottom + 1.4) * px),
            )
        )
        assert gap.getextrema()[0] > 200, k


# --- the rules summary ----------------------------------------------------------------------


def test_the_rules_summary_says_what_the_rulebook_says() -> None:
    text = page_text(pdf_bytes("scribe/standard"))
    said = {
        # "Players are not allowed to pass on their turn."
        "no passing": "nobody may pass",
        # "On your first turn, you can claim any square on the super grid." (each player's)
        "each first move": "Each player's first mark may go on any square",
        # "The mini grid of your last move is treated as a map."
        "map": "treat the mini grid of your last mark as a map of the super grid",
        # "If your last move points to a completely filled mini grid, ... anywhere"
        "full mini grid": "if that mini grid is full, mark any empty square",
        # "+ must 'slash' his previous move"
        "slash": "slash your previous mark",
        # "Glyphs appearing as a subset of a larger group don't count."
        "subsets": "A glyph inside a bigger group scores nothing",
        # "The last player to move in a mini grid must draw the winner's mark"
        "winner's mark": "whoever moved last in that mini grid writes the winner's mark",
        # "Majority Version: Whoever wins the majority of the nine mini grids wins overall."
        "majority": "Majority version: whoever wins more of the nine mini grids wins the game",
        # "Superglyph Version: Players form super glyphs on the super grid with their winning
        # mini grids."
        "superglyph": "Superglyph version: each mini grid you win counts as one of your marks "
        "on the super grid",
        # "Draws cannot occur in Scribe."
        "no draws": "Neither version ends in a draw",
    }
    missing = [rule for rule, words in said.items() if words not in text]
    assert missing == []
    assert "first move may go anywhere" not in text


def test_the_rules_lines_are_legible_and_inside_the_sheet() -> None:
    layout: ScribeLayout = load("scribe/standard").model  # type: ignore[assignment]
    sheet = document("scribe/standard").pages[0].placements[0].drawing
    rules = [t for t in texts(sheet) if len(t.text) > 20 and any(t.text in r for r in layout.rules)]
    assert len(rules) >= 15
    assert min(t.size for t in rules) >= 2.6  # 7.4 pt at least
    lefts = sorted({t.x for t in rules})  # two columns, one starting in each half
    assert len(lefts) == 2 and lefts[0] < sheet.width / 2 < lefts[1]


# --- credit and labels ----------------------------------------------------------------------


def texts(drawing: Drawing) -> list[Text]:
    def walk(shapes: tuple[Shape, ...]) -> list[Text]:
        out: list[Text] = []
        for shape in shapes:
            if isinstance(shape, Group):
                out += walk(shape.children)
            elif isinstance(shape, Text):
                out.append(shape)
        return out

    return walk(drawing.children)


def credit_boxes(data: bytes, credit: str) -> list[tuple[float, float, float, float]]:
    """The ink box (left, top, right, bottom, mm from the page's top-left) of each copy of
    `credit` printed on page 1, as pdfium reads the page."""
    page = pdfium.PdfDocument(data)[0]
    height = page.get_height()
    text = page.get_textpage()
    chars = "".join(
        chr(pdfium_c.FPDFText_GetUnicode(text.raw, i)) for i in range(text.count_chars())
    )
    boxes = []
    start = chars.find(credit)
    while start >= 0:
        found = [text.get_charbox(i) for i in range(start, start + len(credit))]
        found = [b for b in found if b[2] > b[0]]  # spaces have no ink
        left, right = min(b[0] for b in found), max(b[2] for b in found)
        bottom, top = min(b[1] for b in found), max(b[3] for b in found)
        boxes.append((left / MM, (height - top) / MM, right / MM, (height - bottom) / MM))
        start = chars.find(credit, start + 1)
    return boxes


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("ref", REFS)
def test_the_credit_is_printed_once_a_sheet_inside_its_cut(ref: str, paper: str) -> None:
    # the rulebook: "Copyright (c) by Mark Steere, October 2006"
    credit = "Scribe by Mark Steere, 2006"
    assert load(ref).model.credit == credit
    page = document(ref, paper).pages[0]
    sheets = [p for p in page.placements if "super grid" in p.drawing.title]
    boxes = credit_boxes(pdf_bytes(ref, paper), credit)
    assert len(boxes) == len(sheets), (ref, paper)
    if len(sheets) == 1:
        return  # one sheet a page: the page footer carries it, nothing is cut off
    for sheet in sheets:  # cut apart, each sheet keeps its own copy 3 mm inside its cut
        x0, y0 = sheet.transform.e, sheet.transform.f
        x1, y1 = x0 + sheet.drawing.width, y0 + sheet.drawing.height
        inside = [
            b
            for b in boxes
            if b[0] >= x0 + 3 and b[1] >= y0 + 3 and b[2] <= x1 - 3 and b[3] <= y1 - 3
        ]
        assert len(inside) == 1, (ref, paper, x0, boxes)


def test_a_byline_is_no_longer_a_key(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        'extends = "scribe/standard"\ngame = "scribe"\ncomponent = "supergrid"\n'
        'name = "mine"\nbyline = "by me"\n',
        encoding="utf-8",
    )
    with pytest.raises(LayoutError, match="unknown key 'byline'"):
        load(str(path))


def test_labels_translate_every_word_the_sheet_prints(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        'extends = "scribe/pad"\ngame = "scribe"\ncomponent = "supergrid"\nname = "mine"\n'
        'title = "ESCRIBA"\n[labels]\nwin = "gana"\nwon = "Minis ganadas:"\n'
        'won_note = "Versión mayoría: cinco ganan."\nlegend = "Los {n} glifos"\n'
        'legend_note = "cada uno vale también girado"\npoint = "{n} punto"\n'
        'points = "{n} puntos"\ncolumns = "a b c d e f g h i"\no = "X"\n',
        encoding="utf-8",
    )
    loaded = load(str(path))
    assert check(loaded.model) == []  # type: ignore[arg-type]
    doc = document_for(loaded, BuildOptions())
    sheets = [p.drawing for p in doc.pages[0].placements if "super grid" in p.drawing.title]
    printed = Counter(t.text for sheet in sheets for t in texts(sheet))
    # the glyphs' names are the glyph set's, not labels: one a glyph a sheet, the glyph O too
    glyphs = Counter({g.name: len(sheets) for g in loaded.model.glyphs})  # type: ignore[attr-defined]
    drawn = set(printed - glyphs)
    assert {
        "gana",
        "Minis ganadas:",
        "Los 19 glifos",
        "1 punto",
        "9 puntos",
        "a",
        "i",
        "X",
    } <= drawn
    english = {"win", "Mini grids won:", "The 19 glyphs", "1 point", "9 points", "A", "I", "O"}
    assert drawn & english == set()


@pytest.mark.parametrize(
    ("labels", "message"),
    [
        ('legend = "The glyphs"', ("labels.legend", "must hold {n} and no other {fields}")),
        ('points = "{count} points"', ("labels.points", "must hold {n} and no other {fields}")),
        ('columns = "A B C"', ("labels.columns", "names 3 columns; give nine, separated by")),
    ],
)
def test_a_label_that_loses_its_field_is_refused(
    tmp_path: Path, labels: str, message: tuple[str, str]
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        'extends = "scribe/standard"\ngame = "scribe"\ncomponent = "supergrid"\n'
        f'name = "mine"\n[labels]\n{labels}\n',
        encoding="utf-8",
    )
    with pytest.raises(LayoutError) as caught:
        load(str(path))
    assert all(part in str(caught.value) for part in message)


def test_words_too_long_for_their_place_are_refused_not_shrunk() -> None:
    pad: ScribeLayout = load("scribe/pad").model  # type: ignore[assignment]
    long_title = pad.model_copy(update={"title": "Scribe at the Seaside Holiday Camp 2025"})
    found = [(f.where, f.message) for f in check(long_title)]
    assert len(found) == 1 and found[0][0] == "title" and "under 6 pt" in found[0][1]
    small = pad.model_copy(update={"sheet": pad.sheet.model_copy(update={"cell": 8.0})})
    assert "labels.win" not in [f.where for f in check(small)]  # 24 mm grids hold 'win'
    wide = small.model_copy(update={"labels": pad.labels.model_copy(update={"win": "WWWWWWWW"})})
    assert [f.where for f in check(wide)] == ["labels.win"]


def test_a_glyph_name_that_would_crowd_its_neighbour_is_refused_at_that_name() -> None:
    pad: ScribeLayout = load("scribe/pad").model  # type: ignore[assignment]
    # ten columns across the sheet inside its 4 mm edges: 11.6 mm apart; 'Ottoman' (11.3 mm
    # at 6.5 pt bold) is nearly that wide, but its neighbours 'U' and 'O' leave it room
    assert (pad.sheet.width - 2 * 4.0) / pad.sheet.legend_columns == pytest.approx(11.6)
    assert check(pad) == []
    renamed = [
        g.model_copy(update={"name": "Underwood"}) if g.name == "U" else g for g in pad.glyphs
    ]
    found = check(pad.model_copy(update={"glyphs": renamed}))
    assert [f.where for f in found] == ["glyphs[15].name"]  # the U, between H and Ottoman
    # said once, at the name that needs the most room, counting the Ottoman it crowds
    assert found[0].message.startswith("'Underwood' and 1 more caption are too wide for legend")
    assert "columns 11.6 mm apart" in found[0].message


# --- colour ---------------------------------------------------------------------------------


@pytest.mark.parametrize("ref", REFS)
def test_every_text_reads_on_the_paper_and_on_the_shade(ref: str) -> None:
    layout: ScribeLayout = load(ref).model  # type: ignore[assignment]
    sheet = document(ref).pages[0].placements[0].drawing
    colours = {t.colour for t in texts(sheet)}
    assert colours == {layout.sheet.ink, layout.sheet.grid, layout.sheet.accent}
    for colour in colours:
        for behind in ("#ffffff", layout.sheet.shade):
            assert contrast(colour, behind) >= 3.0, (colour, behind)


def test_a_pale_text_colour_is_refused_with_its_contrast() -> None:
    layout: ScribeLayout = load("scribe/standard").model  # type: ignore[assignment]
    pale = layout.model_copy(update={"sheet": layout.sheet.model_copy(update={"grid": "#868e9b"})})
    found = [f for f in check_layout(pale) if f.where == "sheet.grid"]
    expected = contrast("#868e9b", layout.sheet.shade)  # coloraide's WCAG ratio
    assert [f.message for f in found] == [
        f"text in #868e9b on the shade ({layout.sheet.shade}) has contrast {expected:.1f}:1; "
        "it needs at least 3:1 (use a darker colour)"
    ]


def test_a_colour_too_pale_for_the_paper_names_the_white_paper() -> None:
    layout: ScribeLayout = load("scribe/standard").model  # type: ignore[assignment]
    pale = layout.model_copy(update={"sheet": layout.sheet.model_copy(update={"ink": "#d8d8d8"})})
    found = [f.message for f in check_layout(pale) if f.where == "sheet.ink"]
    paper = contrast("#d8d8d8", "#ffffff")  # coloraide's WCAG ratio
    assert found[0] == (
        f"text in #d8d8d8 on the white paper (#ffffff) has contrast {paper:.1f}:1; "
        "it needs at least 3:1 (use a darker colour)"
    )
    assert len(found) == 2 and "on the shade" in found[1]


# colours across the range, the darkest channels (at most 10 of 255) on WCAG's linear segment
SAMPLES = ("#000000", "#0a0a0a", "#050a03", "#ffffff", "#7f7f7f", "#ff0000", "#00ff00",
           "#0000ff", "#123456", "#fedcba", "#0b0c0d", "#868e9b", "#202020")  # fmt: skip


@pytest.mark.parametrize("a,b", list(itertools.combinations(SAMPLES, 2)), ids=lambda c: c[1:])
def test_the_contrast_a_layout_is_checked_with_is_wcags(a: str, b: str) -> None:
    """The ratio a refusal quotes is WCAG 2's contrast, as coloraide computes it (to 0.1%:
    coloraide takes the sRGB coefficients to more places)."""
    assert rules_contrast(a, b) == pytest.approx(contrast(a, b), rel=1e-3)


def test_legend_dots_and_empty_squares_differ_in_colour_and_size() -> None:
    """A glyph's dots and its empty squares are told apart by colour and by size."""
    layout: ScribeLayout = load("scribe/standard").model  # type: ignore[assignment]
    assert too_close({"dot": layout.sheet.ink, "empty": layout.sheet.grid}) == []
    sheet = document("scribe/standard").pages[0].placements[0].drawing
    circles = [c for c in sheet.children if isinstance(c, Circle)]
    dots = {c.r for c in circles if c.style.fill == layout.sheet.ink}
    empty = {c.r for c in circles if c.style.fill == layout.sheet.grid}
    assert len(circles) == 19 * 9
    assert min(dots) > 3 * max(empty)
