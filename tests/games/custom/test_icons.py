"""Icons on a designer's pieces: `:name:` in a text prints the icon on the text's line, between
the words around it, about as tall as the capitals (read back from the PDF by pdfium: the
words' boxes, and the icon's ink in pdfium's picture of the page), the same in the SVG (drawn
by resvg) and the PNG; wrapping and shrinking count the icon's width; `::` prints a colon;
an icon item fits its icon in its box; sheetgen's own icons differ in shape; an unknown name
is refused with its file, row and column (or the layout's line), and an icon file that
cannot be used with its line in [icons]."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import numpy
import pypdfium2 as pdfium
import pytest
import resvg_py
from PIL import Image

from sheetgen.draw import Drawing, text_width
from sheetgen.draw.document import Document, alone
from sheetgen.draw.icons import SYMBOLS, symbol
from sheetgen.games.custom.inline import BUILT_IN
from tests.support import ROOT, page_texts, sheetgen

MM = 72 / 25.4  # points a millimetre
PX = 20  # pixels a millimetre in the pictures looked at (508 dpi)
BLUE_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
<rect width="10" height="10" fill="#0000ff"/></svg>"""
HEADER = """game = "custom"
component = "pieces"
name = "icons"
data = "cards.csv"
title = "{name}"

[icons]
coin = "art/coin.svg"

[piece]
width = 80
height = 30
radius = 0
bleed = 0

[front]
background = "#ffffff"
"""
TEXT = """
[[front.items]]
text = "{words}"
x = 5
y = 5
width = %s
height = 20
points = 20
align = "left"
fit = "%s"
"""


def _deck(folder: Path, rows: str, items: str = TEXT % (70, "wrap"), header: str = HEADER) -> Path:
    (folder / "art").mkdir(parents=True, exist_ok=True)
    (folder / "art" / "coin.svg").write_text(BLUE_SVG, encoding="utf-8")
    (folder / "cards.csv").write_text(rows, encoding="utf-8")
    layout = folder / "icons.toml"
    layout.write_text(header + items, encoding="utf-8")
    return layout


def _pieces(layout: Path, out: Path, form: str) -> list[Path]:
    """Each piece alone, cut to its size: one page, or one picture, a piece."""
    run = sheetgen("export", "pieces", str(layout), "--out", str(out), "-f", form, "-q")
    assert run.code == 0, run.err
    return sorted(out.glob(f"*.{form}"))


class Read:
    """A piece's PDF read back: its words' boxes (mm from the piece's top-left corner) and a
    picture of its ink."""

    def __init__(self, pdf: Path) -> None:
        page = pdfium.PdfDocument(pdf)[0]
        self.height = page.get_height() / MM
        text = page.get_textpage()
        self.words = text.get_text_range()
        self.boxes = [self._box(text.get_charbox(i)) for i in range(len(self.words))]
        self.image = page.render(scale=PX / MM).to_pil().convert("RGB")

    def _box(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        left, bottom, right, top = box
        return left / MM, self.height - top / MM, right / MM, self.height - bottom / MM

    def char(self, ch: str, nth: int = 0) -> tuple[float, float, float, float]:
        """The box of the `nth` `ch` read (left, top, right, bottom in mm)."""
        places = [i for i, c in enumerate(self.words) if c == ch]
        return self.boxes[places[nth]]


def _ink(
    image: Image.Image, box: tuple[float, float, float, float], colour: tuple[int, int, int]
) -> tuple[float, float, float, float] | None:
    """Where pixels of `colour` are within `box` (mm): their bounds in mm, or None."""
    x0, y0, x1, y1 = (round(v * PX) for v in box)
    part = numpy.asarray(image.convert("RGB").crop((x0, y0, x1, y1)), dtype=numpy.int16)
    near = (abs(part - numpy.array(colour)).max(axis=2) < 90).nonzero()
    if not len(near[0]):
        return None
    ys, xs = near
    return (
        (x0 + xs.min()) / PX,
        (y0 + ys.min()) / PX,
        (x0 + xs.max() + 1) / PX,
        (y0 + ys.max() + 1) / PX,
    )


BLACK, BLUE, RED = (0, 0, 0), (0, 0, 255), (255, 0, 0)


@pytest.fixture(scope="module")
def inline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("inline")
    rows = "name,words\nPay,Pay 3 :circle: or 2:coin: now\n"
    return _deck(folder, rows)


def test_an_icon_sits_on_the_line_between_its_words_as_tall_as_the_capitals(
    inline: Path, tmp_path: Path
) -> None:
    """'Pay 3 :circle: or 2:coin: now': the circle stands on the baseline (the P's foot),
    between '3' and 'or' with a space's room each side, about as tall as the P; the coin (the
    layout's own SVG, blue) right after the 2, a little apart from it, before 'now'."""
    (pdf,) = _pieces(inline, tmp_path, "pdf")
    read = Read(pdf)
    p, three, o = read.char("P"), read.char("3"), read.char("o")
    two, n = read.char("2"), read.char("n")
    baseline, cap = p[3], p[3] - p[1]
    circle = _ink(read.image, (three[2] + 0.05, 3, o[0] - 0.05, 27), BLACK)
    assert circle is not None
    left, top, right, bottom = circle
    assert abs(bottom - baseline) < 0.15  # on the line, as the letters stand
    assert 1.0 * cap <= bottom - top <= 1.3 * cap  # the capitals' height, or a little more
    assert abs((right - left) - (bottom - top)) < 0.15  # round
    space = text_width(" ", 20 * 25.4 / 72)
    assert abs((left - three[2]) - (o[0] - right)) < 0.4  # as far from the word on each side
    assert left - three[2] > 0.5 * space
    coin = _ink(read.image, (two[2], 3, n[0], 27), BLUE)
    assert coin is not None
    assert abs(coin[3] - baseline) < 0.15 and 1.0 * cap <= coin[3] - coin[1] <= 1.3 * cap
    assert 0.1 < coin[0] - two[2] < space  # apart from the 2, closer than a space would be
    assert coin[2] < n[0] - 0.5 * space
    assert page_texts(pdf) == ["Pay 3 or 2 now"]  # the words read back, in order


@pytest.mark.parametrize("form", ["svg", "png"])
def test_the_svg_and_the_png_print_the_icons_where_the_pdf_does(
    inline: Path, tmp_path: Path, form: str
) -> None:
    (pdf,) = _pieces(inline, tmp_path / "pdf", "pdf")
    read = Read(pdf)
    (made,) = _pieces(inline, tmp_path / form, form)
    if form == "svg":
        data = resvg_py.svg_to_bytes(
            svg_string=made.read_text(encoding="utf-8"),
            dpi=PX * 25.4,
            skip_system_fonts=True,
            font_dirs=[str(ROOT / "fonts")],
            background="#ffffff",
        )
        image = Image.open(io.BytesIO(bytes(data))).convert("RGB")
    else:
        image = Image.open(made).convert("RGB").resize(read.image.size)
    whole = (0.0, 0.0, 80.0, 30.0)
    for colour in (BLUE, BLACK):
        seen, wanted = _ink(image, whole, colour), _ink(read.image, whole, colour)
        assert seen is not None and wanted is not None
        assert max(abs(a - b) for a, b in zip(seen, wanted, strict=True)) < 0.3, (form, colour)


def _lines(pdf: Path) -> list[float]:
    """The baselines of a piece's lines of text (mm from its top), top to bottom."""
    read = Read(pdf)
    return sorted({round(box[3], 1) for box, ch in zip(read.boxes, read.words, strict=True)
                   if ch.isalpha()})  # fmt: skip


def test_wrapping_counts_an_icons_width(tmp_path: Path) -> None:
    """'aaa bbb ccc' fits its box on one line; with three stars among its words it does not,
    and wraps: no ink reaches past the box."""
    size = 20 * 25.4 / 72
    width = text_width("aaa bbb ccc", size) + 1.0
    items = TEXT % (f"{width:.2f}", "wrap")
    plain = _deck(tmp_path / "plain", "name,words\nA,aaa bbb ccc\n", items)
    assert len(_lines(_pieces(plain, tmp_path / "plain" / "out", "pdf")[0])) == 1
    starred = _deck(tmp_path / "star", "name,words\nA,aaa bbb :star::star::star: ccc\n", items)
    (pdf,) = _pieces(starred, tmp_path / "star" / "out", "pdf")
    assert len(_lines(pdf)) == 2
    read = Read(pdf)
    assert _ink(read.image, (5 + width + 0.2, 0, 80, 30), BLACK) is None  # nothing past the box
    stars = _ink(read.image, (5, 0, 5 + width, 30), BLACK)
    assert stars is not None and stars[0] >= 4.9  # (and nothing left of it)


def test_shrinking_counts_an_icons_width(tmp_path: Path) -> None:
    """One line, shrunk to its box: with icons it is set smaller than without, and still
    within the box."""
    size = 20 * 25.4 / 72
    width = text_width("aaa bbb ccc", size) + 1.0
    items = TEXT % (f"{width:.2f}", "shrink")
    plain = _deck(tmp_path / "plain", "name,words\nA,aaa bbb ccc\n", items)
    starred = _deck(tmp_path / "star", "name,words\nA,aaa :heart::heart: bbb ccc\n", items)
    heights = []
    for layout in (plain, starred):
        (pdf,) = _pieces(layout, layout.parent / "out", "pdf")
        read = Read(pdf)
        assert len(_lines(pdf)) == 1
        assert _ink(read.image, (5 + width + 0.2, 0, 80, 30), BLACK) is None
        b = read.char("b")
        heights.append(b[3] - b[1])
    assert heights[1] < 0.9 * heights[0]


def test_a_colon_pair_prints_one_colon_and_a_lone_colon_prints_as_it_is(tmp_path: Path) -> None:
    """As the documentation says: 'Ratio 2::1' prints 'Ratio 2:1', '10:30' and 'Cost: 3'
    print as written, and columns between colon pairs print between colons."""
    items = (TEXT % (70, "wrap")).replace("{words}", "{words} {h}::{m}::{s}")
    rows = 'name,words,h,m,s\nA,"Ratio 2::1, Cost: 3 at 10:30, Oak::Ash::Elm",10,30,45\n'
    (pdf,) = _pieces(_deck(tmp_path, rows, items), tmp_path / "out", "pdf")
    assert page_texts(pdf) == ["Ratio 2:1, Cost: 3 at 10:30, Oak:Ash:Elm 10:30:45"]


def test_an_icon_of_the_layouts_own_takes_the_place_of_a_built_in_one(tmp_path: Path) -> None:
    """[icons] heart = a blue square: ':heart:' prints the blue square, no black heart."""
    header = HEADER.replace('coin = "art/coin.svg"', 'heart = "art/coin.svg"')
    (pdf,) = _pieces(_deck(tmp_path, "name,words\nA,I :heart: it\n", header=header),
                     tmp_path / "out", "pdf")  # fmt: skip
    read = Read(pdf)
    i, t = read.char("I"), read.char("t")
    square = _ink(read.image, (i[2], 0, t[0], 30), BLUE)
    assert square is not None and abs((square[2] - square[0]) - (square[3] - square[1])) < 0.15
    assert _ink(read.image, (i[2] + 0.1, 0, t[0] - 1.5, 30), BLACK) is None  # up to 'it'


ICON_ITEMS = """
[[front.items]]
type = "icon"
icon = "{suit}"
colour = "#ff0000"
x = 5
y = 5
width = 20
height = 10

[[front.items]]
type = "icon"
icon = "coin"
x = 40
y = 5
width = 20
height = 10
turn = 90
"""


def test_an_icon_item_fits_its_icon_in_its_box(tmp_path: Path) -> None:
    """A heart (as wide as it is tall) in a 20 x 10 mm box: 10 mm tall, centred, in the
    item's colour; the layout's square SVG in a box turned a quarter: 10 mm square, centred."""
    layout = _deck(tmp_path, "name,suit\nA,heart\n", ICON_ITEMS)
    (pdf,) = _pieces(layout, tmp_path / "out", "pdf")
    image = Read(pdf).image
    heart = _ink(image, (0, 0, 38, 30), RED)
    assert heart is not None
    assert max(abs(a - b) for a, b in zip(heart, (10, 5, 20, 15), strict=True)) < 0.2
    coin = _ink(image, (30, 0, 80, 30), BLUE)
    assert coin is not None
    assert max(abs(a - b) for a, b in zip(coin, (45, 5, 55, 15), strict=True)) < 0.2


def _mask(name: str) -> set[tuple[int, int]]:
    """The pixels of sheetgen's icon `name`, 40 mm tall, scaled to a 40 x 40 grid."""
    drawing = Drawing(60, 50, (symbol(name, 5, 5, 40, "#000000"),))
    from sheetgen.backends.png import render_pngs

    doc = Document((alone(drawing),), "icon")
    image = Image.open(io.BytesIO(render_pngs(doc, list(doc.pages), 100, False)[0])).convert("L")
    box = image.point(lambda v: 255 - v).getbbox()
    assert box is not None
    small = image.crop(box).resize((40, 40))
    return {(x, y) for x in range(40) for y in range(40) if small.getpixel((x, y)) < 128}  # type: ignore[operator]


def test_sheetgens_icons_each_differ_in_shape() -> None:
    """Each of the eight, drawn alone and stretched to one size, covers a shape of its own: of
    what any two cover, one part in seven or more is covered by one alone (the closest two, a
    spade and a club, alike below, differ in their tops: a point, a round leaf)."""
    assert set(SYMBOLS) == set(BUILT_IN)
    masks = {name: _mask(name) for name in BUILT_IN}
    for a, b in itertools.combinations(BUILT_IN, 2):
        same = len(masks[a] & masks[b]) / len(masks[a] | masks[b])
        assert same < 6 / 7, (a, b, same)


def _refused(layout: Path) -> list[str]:
    run = sheetgen("check", str(layout))
    assert run.code == 1, (run.out, run.err)
    assert "Traceback" not in run.err
    return run.err.strip().splitlines()


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


BUILT_INS = "the icons: spade, heart, diamond, club, star, circle, square, triangle"


def test_an_unknown_icon_written_in_the_layout_is_refused_at_its_line(tmp_path: Path) -> None:
    items = (TEXT % (70, "wrap")).replace("{words}", "Pay 3 :coinn:")
    layout = _deck(tmp_path, "name\nA\n", items)
    (line,) = _refused(layout)
    assert line == (
        f"error: {layout}:{_line(layout, 'Pay 3')}:1: front.items[1].text: ':coinn:' is no icon "
        f"(did you mean 'coin'?); {BUILT_INS}; the layout's [icons]: coin; write '::' for a colon"
    )


@pytest.mark.parametrize(
    ("template", "cells", "said"),
    [
        (":{suit}: of {name}", "A,hart", "cards.csv:3: column 'suit' (B): 'hart' is no icon "
         "(did you mean 'heart'?)"),
        ("{words}", "A,pay :Coin:", "cards.csv:3: column 'words' (B): ':Coin:' is no icon "
         "(did you mean 'coin'?)"),
        (":{suit}: of {name}", "A,", "cards.csv:3: column 'suit' (B): names no icon (the cell "
         "is empty)"),
    ],
    ids=["a-column-between-colons", "a-cell-that-writes-one", "an-empty-cell"],
)  # fmt: skip
def test_an_unknown_icon_from_the_data_names_its_file_row_and_column(
    tmp_path: Path, template: str, cells: str, said: str
) -> None:
    column = "suit" if "suit" in template else "words"
    items = (TEXT % (70, "wrap")).replace("{words}", template)
    layout = _deck(tmp_path, f"name,{column}\nB,heart\n{cells}\n", items)
    (line,) = _refused(layout)
    assert f"{layout}:{_line(layout, 'text = ')}:1: front.items[1].text: " in line
    assert f"{tmp_path / said}" in line
    assert BUILT_INS in line and "the layout's [icons]: coin" in line


def test_an_icon_items_unknown_icon_names_its_row_and_column(tmp_path: Path) -> None:
    layout = _deck(tmp_path, "name,suit\nA,heart\nB,harts\n", ICON_ITEMS)
    (line,) = _refused(layout)
    assert f"{layout}:{_line(layout, 'icon = ')}:1: front.items[1].icon: " in line
    assert f"{tmp_path / 'cards.csv'}:3: column 'suit' (B): 'harts' is no icon" in line


@pytest.mark.parametrize(
    ("file", "said"),
    [
        ("art/coin.png", "'art/coin.png' is no PNG, JPEG or SVG file"),
        ("../coin.svg", "'../coin.svg' leaves the layout's folder; keep the picture in it"),
        ("out.svg", "'out.svg' is a link out of the layout's folder; copy the file in"),
        ("art/gone.svg", "no file 'art/gone.svg' in"),
        ("art/coin.gif", "'art/coin.gif' is not a picture sheetgen reads; use .png, .jpg or .svg"),
    ],
    ids=["not-a-picture", "outside", "a-link-out", "missing", "a-gif"],
)
def test_an_icon_file_that_cannot_be_used_is_one_line_at_its_key(
    tmp_path: Path, file: str, said: str
) -> None:
    inner = tmp_path / "deck"
    layout = _deck(inner, "name,words\nA,Pay :coin:\n", header=HEADER.replace("art/coin.svg", file))
    (inner / "art" / "coin.png").write_text("not a picture", encoding="utf-8")
    (tmp_path / "coin.svg").write_text(BLUE_SVG, encoding="utf-8")
    (inner / "out.svg").symlink_to(tmp_path / "coin.svg")
    (line,) = _refused(layout)
    assert line.startswith(f"error: {layout}:{_line(layout, 'coin = ')}:1: icons.coin: "), line
    assert said in line


def test_an_icons_name_is_lowercase_letters_digits_dashes_and_underscores(tmp_path: Path) -> None:
    layout = _deck(tmp_path, "name\nA\n", header=HEADER.replace("coin =", "Big_Coin ="))
    (line,) = _refused(layout)
    assert f":{_line(layout, 'Big_Coin')}:1: icons.Big_Coin: 'Big_Coin' is no icon name" in line


def test_icons_are_read_from_the_folder_of_the_file_that_names_them(tmp_path: Path) -> None:
    """A layout extending another adds an icon of its own to the other's: each file is read
    from the folder of the layout that names it."""
    base = _deck(tmp_path / "base", "name,words\nA,:coin: and :gem:\n")
    base.write_text(base.read_text().replace('coin = "art/coin.svg"', 'coin = "art/coin.svg"\n'
                                             'gem = "art/coin.svg"'))  # fmt: skip
    mine = tmp_path / "mine"
    (mine / "art").mkdir(parents=True)
    (mine / "art" / "gem.svg").write_text(BLUE_SVG.replace("#0000ff", "#ff0000"), "utf-8")
    (mine / "cards.csv").write_text("name,words\nA,:coin: and :gem:\n", encoding="utf-8")
    layout = mine / "mine.toml"
    layout.write_text(
        'extends = "../base/icons.toml"\nname = "mine"\n[icons]\ngem = "art/gem.svg"\n', "utf-8"
    )
    (pdf,) = _pieces(layout, mine / "out", "pdf")
    image = Read(pdf).image
    coin, gem = _ink(image, (0, 0, 80, 30), BLUE), _ink(image, (0, 0, 80, 30), RED)
    assert coin is not None and gem is not None and coin[2] < gem[0]  # base's blue, then mine


def test_the_example_deck_prints_its_suits_as_icons(tmp_path: Path) -> None:
    """The poker deck, one card of it: the ace of hearts' heart fills the middle of its frame
    (an icon item, 24 mm, in the row's red); the back prints ':spade: :heart: :club: :diamond:'
    in its circle, four icons side by side on one line, none touching another."""
    (tmp_path / "one.csv").write_text(
        "name,rank,suit,colour,count\nAce of Hearts,A,heart,#ff0000,1\n", encoding="utf-8"
    )
    layout = tmp_path / "one.toml"
    layout.write_text('extends = "custom/poker"\nname = "one"\ndata = "one.csv"\n', "utf-8")
    run = sheetgen("export", "pieces", str(layout), "--out", str(tmp_path), "--dpi", "508")
    assert run.code == 0, run.err
    front = Image.open(tmp_path / "custom-one-pieces-ace-of-hearts.png").convert("RGB")
    heart = _ink(front, (16, 21, 47, 53), RED)
    assert heart is not None
    assert max(abs(a - b) for a, b in zip(heart, (19.5, 27, 43.5, 51), strict=True)) < 0.2
    (back_file,) = tmp_path.glob("*-back.png")
    back = Image.open(back_file).convert("RGB")
    band = back.crop((round(18.5 * PX), 40 * PX, round(44.5 * PX), 48 * PX)).convert("L")
    columns = [any(band.getpixel((x, y)) > 200 for y in range(band.height))  # type: ignore[operator]
               for x in range(band.width)]  # fmt: skip
    blobs = [k for k, group in itertools.groupby(columns) if k]
    assert len(blobs) == 4
