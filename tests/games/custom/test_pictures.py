"""Pictures on a designer's pieces: a PNG and SVG art land in their boxes in the PDF (drawn by
pdfium), the SVG (drawn by resvg) and the PNG, fitted, filling (cut off at the box) or
stretched, a PNG's see-through pixels showing the piece beneath; SVG art is vectors in the PDF
(no image in it) and a PNG drawn on many pieces is stored once; `check` warns of a raster
printed below 300 dpi, with its row, pixels and dpi; the readers keep pixels alone (no
metadata, CMYK and palettes made RGB) and refuse what reaches outside an SVG."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
import resvg_py
from PIL import Image

from sheetgen.draw.pictures import PictureError, Raster, Vector, place
from sheetgen.draw.shapes import Group
from sheetgen.layouts.pictures import read_picture
from tests.support import ROOT, sheetgen

DPI = 100
GREEN, RED, BLUE, MAGENTA = (0, 255, 0), (255, 0, 0), (0, 0, 255), (255, 0, 255)
YELLOW = (255, 255, 0)
# a tile 60 x 40 mm on a green ground, no bleed: a wide PNG, red over yellow, fitted into a
# square box (it leaves green above and below, and stands the right way up), wide blue SVG art
# filling a square box (cut off at the box's sides), and a PNG whose right half is see-through
# stretched over a box
LAYOUT = """
game = "custom"
component = "pieces"
name = "art"
data = "cards.csv"
title = "{name}"
[piece]
width = 60
height = 40
radius = 0
bleed = 0
[front]
background = "#00ff00"
[[front.items]]
type = "image"
image = "art/{wide}"
x = 5
y = 5
width = 20
height = 20
[[front.items]]
type = "image"
image = "art/blue.svg"
fit = "fill"
x = 35
y = 5
width = 20
height = 20
[[front.items]]
type = "image"
image = "art/half.png"
fit = "stretch"
x = 35
y = 28
width = 20
height = 10
[[front.items]]
text = "{name}"
x = 5
y = 28
width = 25
height = 10
"""
BLUE_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"
 width="20cm" height="10cm"><g transform="translate(100 50)">
<rect x="-100" y="-50" width="200" height="100" fill="#0000ff"/></g></svg>"""
# where each colour should be, in mm from the tile's top-left corner
EXPECTED = [
    ((15, 12), RED),  # the fitted PNG's top half
    ((15, 18), YELLOW),  # its bottom half
    ((15, 7), GREEN),  # above it, inside its box: fitted, the wide picture leaves room
    ((15, 23), GREEN),  # below it
    ((45, 15), BLUE),  # the filling art's middle
    ((37, 7), BLUE),  # its box's corner: filled
    ((32, 15), GREEN),  # left of its box, where the art would reach uncut
    ((58, 15), GREEN),  # right of its box
    ((40, 33), MAGENTA),  # the stretched PNG's opaque half
    ((51, 33), GREEN),  # its see-through half: the ground shows
]


def _png(size: tuple[int, int], colour: tuple[int, ...], mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, colour).save(out, "PNG")
    return out.getvalue()


def _red_over_yellow() -> bytes:
    image = Image.new("RGB", (400, 200), YELLOW)
    image.paste(RED, (0, 0, 400, 100))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _half_clear() -> bytes:
    image = Image.new("RGBA", (400, 200), (0, 0, 0, 0))
    image.paste((255, 0, 255, 255), (0, 0, 200, 200))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _layout(folder: Path, rows: str, text: str = LAYOUT, wide: bytes | None = None) -> Path:
    art = folder / "art"
    art.mkdir(parents=True, exist_ok=True)
    (art / "wide.png").write_bytes(wide or _red_over_yellow())
    (art / "blue.svg").write_text(BLUE_SVG, encoding="utf-8")
    (art / "half.png").write_bytes(_half_clear())
    (folder / "cards.csv").write_text(rows, encoding="utf-8")
    layout = folder / "art.toml"
    layout.write_text(text, encoding="utf-8")
    return layout


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pictures")
    # three cards of different names, each drawing the same PNG, two of each (so each card is
    # a form of its own, drawn once and called twice)
    rows = "name,wide,count\nAce,wide.png,2\nKing,wide.png,2\nQueen,wide.png,2\n"
    layout = _layout(folder, rows)
    out = folder / "out"
    run = sheetgen("build", str(layout), "--out", str(out), "-f", "pdf,svg,png", "--dpi", str(DPI))
    assert run.code == 0, run.err
    return out


def _tile(image: Image.Image) -> tuple[int, int]:
    """The top-left pixel of the first tile: the first pure green on the page."""
    rgb = image.convert("RGB")
    width, height = rgb.size
    pixels = rgb.load()
    assert pixels is not None
    for y in range(height):
        for x in range(width):
            if pixels[x, y] == GREEN:
                return x, y
    raise AssertionError("no tile on the page")


def _assert_in_place(image: Image.Image, what: str) -> None:
    x0, y0 = _tile(image)
    rgb = image.convert("RGB")
    for (x, y), colour in EXPECTED:
        at = (x0 + round(x * DPI / 25.4), y0 + round(y * DPI / 25.4))
        seen = rgb.getpixel(at)
        assert isinstance(seen, tuple)
        assert max(abs(a - b) for a, b in zip(seen, colour, strict=True)) < 40, (what, x, y, seen)


def test_pictures_land_in_their_boxes_in_the_pdf(built: Path) -> None:
    (pdf_file,) = built.glob("*.pdf")
    page = pdfium.PdfDocument(pdf_file)[0]
    _assert_in_place(page.render(scale=DPI / 72).to_pil(), "pdf")


def test_pictures_land_in_their_boxes_in_the_svg(built: Path) -> None:
    (svg,) = built.glob("*.svg")
    data = resvg_py.svg_to_bytes(
        svg_string=svg.read_text(encoding="utf-8"),
        dpi=float(DPI),
        skip_system_fonts=True,
        font_dirs=[str(ROOT / "fonts")],
        background="#ffffff",
    )
    _assert_in_place(Image.open(io.BytesIO(bytes(data))), "svg")


def test_pictures_land_in_their_boxes_in_the_png(built: Path) -> None:
    (png,) = built.glob("*.png")
    _assert_in_place(Image.open(png), "png")


def test_svg_art_is_vectors_and_a_png_on_many_cards_is_stored_once(built: Path) -> None:
    """The PDF holds one image (the wide PNG on three cards: each card is a form of its own)
    and the half-clear PNG with its soft mask; the SVG art is none of them: it is paths."""
    (pdf_file,) = built.glob("*.pdf")
    with pikepdf.open(pdf_file) as pdf:
        images = [
            o for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        ]  # fmt: skip
        shown = sorted((int(i.Width), int(i.Height), "/SMask" in i) for i in images)
        forms = [
            o for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"
        ]  # fmt: skip
        # each form names the images it draws, and nothing else (no other form)
        named = [
            {str(v.get("/Subtype")) for v in f.Resources.XObject.values()} for f in forms
        ]  # fmt: skip
    # the wide PNG, the half-clear PNG and its alpha (a soft mask of its own size)
    assert shown == [(400, 200, False), (400, 200, False), (400, 200, True)]
    assert len(forms) == 3  # each card drawn once, each calling the same images
    assert named == [{"/Image"}] * 3
    svg = next(built.glob("*.svg")).read_text(encoding="utf-8")
    assert svg.count("data:image/png;base64,") == 2  # the SVG stores each image once too


def test_the_same_layout_gives_the_same_bytes(built: Path, tmp_path: Path) -> None:
    layout = next(built.parent.glob("*.toml"))
    run = sheetgen("build", str(layout), "--out", str(tmp_path), "-f", "pdf,svg")
    assert run.code == 0, run.err
    for made in tmp_path.iterdir():
        assert made.read_bytes() == (built / made.name).read_bytes(), made.name


def test_a_small_png_is_warned_of_below_300_dpi_and_a_large_one_not(tmp_path: Path) -> None:
    small = _layout(tmp_path / "small", "name,wide\nAce,wide.png\n", wide=_png((120, 60), RED))
    run = sheetgen("check", str(small))
    assert run.code == 0, run.err
    # 120 pixels over 20 mm: 152 dpi
    (line,) = [w for w in run.out.splitlines() if "wide.png" in w]
    assert "front.items[1].image" in line
    assert "cards.csv:2: column 'wide' (B): 'art/wide.png' is 120 x 60 pixels" in line
    assert "print at 152 dpi in its box, below 300" in line and "237 x 119 pixels" in line
    large = _layout(tmp_path / "large", "name,wide\nAce,wide.png\n", wide=_png((400, 200), RED))
    run = sheetgen("check", str(large))
    assert run.code == 0 and "dpi" not in run.out + run.err, run.out


def test_a_missing_picture_names_the_row_and_column(tmp_path: Path) -> None:
    layout = _layout(tmp_path, "name,wide\nAce,wide.png\nKing,gone.png\n")
    run = sheetgen("check", str(layout))
    assert run.code == 1
    assert ":16:1: front.items[1].image: " in run.err
    assert "cards.csv:3: column 'wide' (B): no file 'art/gone.png' in" in run.err


def test_the_example_dice_faces_are_clean_and_drawn_as_vectors(tmp_path: Path) -> None:
    layout = ROOT / "layouts" / "custom" / "dice-art.toml"
    assert sheetgen("check", str(layout)).out.strip().endswith(": ok")
    run = sheetgen("build", str(layout), "--out", str(tmp_path), "-f", "pdf", "-q")
    assert run.code == 0, run.err
    with pikepdf.open(next(tmp_path.glob("*.pdf"))) as pdf:
        images = [
            o for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        ]  # fmt: skip
        assert len(images) == 2  # the gem PNG and its alpha: the five SVGs are paths


# --- the readers -------------------------------------------------------------------------


def test_a_jpeg_keeps_its_pixels_and_loses_its_metadata() -> None:
    image = Image.new("RGB", (64, 32), (200, 30, 30))
    exif = Image.Exif()
    exif[0x010F] = "SecretCam"  # the camera's maker
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif.tobytes(), comment=b"where I was")
    picture = read_picture(out.getvalue())
    assert isinstance(picture, Raster) and picture.format == "jpeg"
    assert (picture.width, picture.height) == (64, 32)
    assert b"SecretCam" not in picture.data and b"where I was" not in picture.data
    assert Image.open(io.BytesIO(picture.data)).tobytes() == Image.open(out).tobytes()


def test_a_cmyk_jpeg_and_a_palette_png_become_rgb() -> None:
    out = io.BytesIO()
    Image.new("CMYK", (16, 16), (0, 255, 255, 0)).save(out, "JPEG")
    cmyk = read_picture(out.getvalue())
    assert isinstance(cmyk, Raster)
    assert Image.open(io.BytesIO(cmyk.data)).mode == "RGB"
    palette = Image.new("P", (16, 16), 1)
    palette.putpalette([0, 0, 0, 255, 0, 0])
    out = io.BytesIO()
    palette.save(out, "PNG", transparency=0)
    clear = read_picture(out.getvalue())
    assert isinstance(clear, Raster)
    assert Image.open(io.BytesIO(clear.data)).mode == "RGB"  # no pixel is see-through
    palette.putpixel((0, 0), 0)
    out = io.BytesIO()
    palette.save(out, "PNG", transparency=0)
    seen = read_picture(out.getvalue())
    assert isinstance(seen, Raster)
    assert Image.open(io.BytesIO(seen.data)).mode == "RGBA"


def test_svg_art_is_scaled_from_its_viewbox_into_the_box() -> None:
    art = read_picture(
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 20 200 100">'
        b'<path d="M10 20 L210 120" stroke="#000000" stroke-width="4"/></svg>'
    )
    assert isinstance(art, Vector) and (art.width, art.height) == (200, 100)
    (path,) = art.shapes
    assert path.segments[0].x == 0 and path.segments[0].y == 0  # the viewBox's corner
    fitted = place(art, (0, 0, 20, 20), "fit")
    assert isinstance(fitted, Group)
    assert fitted.transform.as_tuple() == (0.1, 0, 0, 0.1, 0, 5)  # 20 x 10 mm, centred
    filled = place(art, (0, 0, 20, 20), "fill")
    assert isinstance(filled, Group) and filled.clip == (0, 0, 20, 20)


@pytest.mark.parametrize(
    ("svg", "refusal"),
    [
        ('<style>@import url("http://x/y.css");</style>', "imports a style sheet"),
        ('<rect width="5" height="5" style="fill: url(http://x/p.svg#g)"/>', "outside the file"),
        ('<rect width="5" height="5" fill="url(#g)"/>', "gradients and patterns are not drawn"),
        ('<text x="1" y="5">Hi</text>', "holds text: convert it to paths"),
        ('<image href="x.png" width="5" height="5"/>', "holds an image inside the SVG"),
        ("<foreignObject><p>Hi</p></foreignObject>", "holds a foreignObject"),
        ('<g id="a"><use href="#a"/></g>', "a <use> that holds itself"),
        ("<g>" * 120 + "</g>" * 120, "nests elements more than 100 deep"),
    ],
)
def test_svg_art_refuses_what_it_does_not_draw_or_reaches_outside(svg: str, refusal: str) -> None:
    text = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{svg}</svg>'
    with pytest.raises(PictureError, match=refusal):
        read_picture(text.encode("utf-8"))


def test_a_use_bomb_is_counted_before_svgelements_copies_it() -> None:
    """Nine levels of ten copies each would draw a billion rectangles."""
    levels = "".join(f'<g id="l{i + 1}">' + f'<use href="#l{i}"/>' * 10 + "</g>" for i in range(9))
    text = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>'
        f'<rect id="l0" width="1" height="1"/>{levels}</defs><use href="#l9"/></svg>'
    )
    with pytest.raises(PictureError, match="at most 20,000"):
        read_picture(text.encode("utf-8"))


def test_a_picture_is_read_where_watch_follows_it(tmp_path: Path) -> None:
    """Pictures are read through `read_limited`, so `sheetgen watch` rebuilds when one is
    saved; each file once, however many rows name it."""
    from sheetgen.files import recording_reads
    from sheetgen.games.custom.components import check_pieces
    from sheetgen.games.custom.model import PiecesLayout
    from sheetgen.layouts.read import load

    layout = _layout(tmp_path, "name,wide\nAce,wide.png\nKing,wide.png\n")
    model = load(str(layout)).model
    assert isinstance(model, PiecesLayout)
    with recording_reads() as reads:
        check_pieces(model)
    art = (tmp_path / "art").resolve()
    assert {art / "wide.png", art / "blue.svg", art / "half.png"} <= set(reads)


def test_a_jpeg_goes_into_the_pdf_as_it_is(tmp_path: Path) -> None:
    """No second loss: the PDF's image is the JPEG's own bytes (DCTDecode), less metadata."""
    out = io.BytesIO()
    Image.new("RGB", (300, 300), (30, 90, 200)).save(out, "JPEG", quality=80, comment=b"mine")
    (tmp_path / "photo.jpg").write_bytes(out.getvalue())
    (tmp_path / "cards.csv").write_text("name\nAce\n", encoding="utf-8")
    layout = tmp_path / "photo.toml"
    layout.write_text(
        'game = "custom"\ncomponent = "pieces"\nname = "photo"\ndata = "cards.csv"\n'
        '[front]\n[[front.items]]\ntype = "image"\nimage = "photo.jpg"\nwidth = 25\n'
        "height = 25\nx = 5\ny = 5\n",
        encoding="utf-8",
    )
    run = sheetgen("build", str(layout), "--out", str(tmp_path / "out"), "-f", "pdf", "-q")
    assert run.code == 0, run.err
    with pikepdf.open(next((tmp_path / "out").glob("*.pdf"))) as pdf:
        (image,) = [
            o for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        ]  # fmt: skip
        assert list(image.Filter) == ["/DCTDecode"]
        raw = image.read_raw_bytes()
    assert b"mine" not in raw
    assert Image.open(io.BytesIO(raw)).tobytes() == Image.open(out).tobytes()


def test_a_picture_named_one_letter_off_is_offered_by_its_name(tmp_path: Path) -> None:
    """A designer's typo ('trees.svg' for 'tree.svg') gets the file that is there offered;
    a name like none of the folder's files gets no guess."""
    art = tmp_path / "art"
    art.mkdir()
    (art / "tree.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" '
        'height="10"/></svg>'
    )
    (tmp_path / "cards.csv").write_text("name,art\nOak,trees\nElm,moon\n")
    (tmp_path / "cards.toml").write_text(
        'game = "custom"\ncomponent = "pieces"\nname = "cards"\ndata = "cards.csv"\n'
        '[front]\n[[front.items]]\ntype = "image"\nimage = "art/{art}.svg"\n'
        "x = 5\ny = 5\nwidth = 20\nheight = 20\n"
    )
    run = sheetgen("check", str(tmp_path / "cards.toml"))
    assert run.code == 1
    assert "no file 'art/trees.svg' in" in run.err
    assert "did you mean 'art/tree.svg'?" in run.err
    assert "no file 'art/moon.svg' in" in run.err and run.err.count("did you mean") == 1
