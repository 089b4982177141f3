"""`build --only`: just the named pieces of a set, on the usual sheets, read back from the PDF:
how many are placed and where (from the page's content stream), that they are the named ones
(their pixels against each piece drawn alone), that backs land behind their fronts as in the
full build, with bleed and crop marks; a partial set said on stderr, a wrong name refused."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from sheetgen.backends import render
from sheetgen.draw.document import Document, alone
from sheetgen.draw.pieces import Piece
from sheetgen.draw.shapes import Drawing
from sheetgen.layouts.read import load
from sheetgen.pipeline.only import choose
from tests.support import sheetgen

MM = 72 / 25.4
DPI = 100
PX = DPI / 25.4


def pieces_of(ref: str) -> dict[str, Piece]:
    loaded = load(ref)
    assert loaded.kind.parts is not None
    parts = loaded.kind.parts(loaded.model)
    return {p.name: p for p in parts.pieces}


def placed(pdf: Path, size: float, bleed: float) -> list[list[tuple[float, float]]]:
    """Each page's pieces of `size` mm (with `bleed`), as their centres in mm from the page's
    top-left corner, read from the content stream: a piece is either a form whose box is the
    piece with its bleed, or a drawing clipped to that box, under the transform that places
    it."""
    span = (size + 2 * bleed) * MM
    out = []
    with pikepdf.open(pdf) as doc:
        for page in doc.pages:
            height = float(page.MediaBox[3]) / MM
            forms = page.Resources.get("/XObject", {})
            found, at = [], (0.0, 0.0)
            for operands, op in pikepdf.parse_content_stream(page):
                name = str(op)
                if name == "cm":
                    at = (float(operands[4]), float(operands[5]))
                    continue
                if name == "Do":
                    box = [float(v) for v in forms[operands[0]].BBox]
                    hit = abs(box[2] - box[0] - span) < 0.01 and abs(box[3] - box[1] - span) < 0.01
                elif name == "re":
                    hit = all(abs(float(v) - span) < 0.01 for v in operands[2:])
                else:
                    continue
                if hit:
                    found.append((at[0] / MM + size / 2, height - at[1] / MM - size / 2))
            out.append(found)
    return out


def page_image(pdf: Path, index: int) -> Image.Image:
    doc = pdfium.PdfDocument(str(pdf))
    image = doc[index].render(scale=DPI / 72).to_pil().convert("RGB")
    doc.close()
    return image


def alone_image(drawing: Drawing) -> Image.Image:
    ((_, data),) = render(Document((alone(drawing),), title="piece"), "png", dpi=DPI)
    return Image.open(io.BytesIO(data)).convert("RGB")


def difference(page: Image.Image, centre: tuple[float, float], drawing: Drawing) -> float:
    """Mean difference (levels of 255) between the page's picture about `centre` and the
    drawing drawn alone, over the piece's middle (3 mm in from its cut)."""
    inner = (drawing.width - 6) / 2
    cx, cy = centre
    box = [round(v * PX) for v in (cx - inner, cy - inner, cx + inner, cy + inner)]
    seen = np.asarray(page.crop(tuple(box)), dtype=float)
    middle = drawing.bleed + drawing.width / 2
    mid = [round(v * PX) for v in (middle - inner, middle - inner, middle + inner, middle + inner)]
    want = np.asarray(alone_image(drawing).crop(tuple(mid)), dtype=float)
    h, w = min(seen.shape[0], want.shape[0]), min(seen.shape[1], want.shape[1])
    return float(np.abs(seen[:h, :w] - want[:h, :w]).mean())


def test_copies_of_part_of_a_set_are_counted_as_copies(tmp_path: Path) -> None:
    """`--only dark --copies 2` said 'prints 12 of the set's 18 pieces' (12 is the dark
    die's 6 faces twice): it prints 6 of the 18, twice each."""
    run = sheetgen(
        "build", "walkabout/dice", "--only", "dark", "--copies", "2", "-f", "pdf", "--out",
        str(tmp_path),
    )  # fmt: skip
    assert run.code == 0, run.err
    assert [line for line in run.err.splitlines() if line] == [
        "note: walkabout/dice: --only dark prints 6 of the set's 18 pieces, 2 copies of each "
        "(12 in all): a partial set"
    ]


def test_two_marram_tiles_print_front_and_back_duplex(tmp_path: Path) -> None:
    run = sheetgen(
        "build", "marram/classic", "--only", "worm-saddle,meadow", "-f", "pdf", "--out",
        str(tmp_path),
    )  # fmt: skip
    assert run.code == 0, run.err
    # a partial set is never printed without a word: one line on stderr
    notes = [line for line in run.err.splitlines() if line]
    assert notes == [
        "note: marram/classic: --only worm-saddle,meadow prints 2 of the set's 96 pieces: "
        "a partial set"
    ]
    pdf = tmp_path / "marram-classic-tiles-only.pdf"
    reader = PdfReader(pdf)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    fronts, backs = placed(pdf, 40.0, 2.0)  # two pages: the fronts, then the backs
    assert len(fronts) == len(backs) == 2
    width = float(reader.pages[0].mediabox.width) / MM
    # turned over the long edge of a portrait page: each back is its front mirrored
    pairs = [(f, b) for f in fronts for b in backs if abs(b[1] - f[1]) < 0.1]
    pairs = [(f, b) for f, b in pairs if abs(b[0] - (width - f[0])) < 0.1]
    assert len(pairs) == 2
    # the bleed: the art runs 2 mm past the trim box, to the bleed box
    trim, bleed = reader.pages[0].trimbox, reader.pages[0].bleedbox
    assert float(trim.left - bleed.left) / MM == pytest.approx(2.0, abs=0.01)
    tiles = pieces_of("marram/classic")
    chosen, other = (tiles["worm-saddle"], tiles["meadow"]), tiles["dune"]
    front_page, back_page = page_image(pdf, 0), page_image(pdf, 1)
    for (front, back), piece in zip(sorted(pairs), chosen, strict=True):
        # placed left to right in the order named: meadow second, further right
        assert piece.back is not None
        assert difference(front_page, front, piece.front) < 6, piece.name
        assert difference(back_page, back, piece.back) < 6, piece.name
        assert difference(front_page, front, other.front) > 20  # a different tile tells
    # crop marks: ink outside the bleed, above the first tile's cut, and none inside the margin
    grey = np.asarray(front_page.convert("L"), dtype=float)
    left = float(trim.left) / MM
    top = float(reader.pages[0].mediabox.height - trim.top) / MM
    column = grey[round((top - 8) * PX) : round((top - 3) * PX), round(left * PX)]
    assert column.min() < 120


@pytest.mark.slow
def test_one_die_copies_times_and_names_refused_with_the_nearest(tmp_path: Path) -> None:
    run = sheetgen(
        "build", "walkabout/dice", "--only", "Dark", "--copies", "2", "-f", "pdf", "--out",
        str(tmp_path), "-q",
    )  # fmt: skip
    assert run.code == 0, run.err
    pdf = tmp_path / "walkabout-dice-only.pdf"
    pages = placed(pdf, 16.0, 2.0)
    assert sum(len(p) for p in pages) == 12  # six faces, twice
    assert "/Duplex" not in PdfReader(pdf).trailer["/Root"].get("/ViewerPreferences", {})
    loaded = load("walkabout/dice")
    assert loaded.kind.parts is not None
    dark = loaded.kind.parts(loaded.model).dice[2]
    light = loaded.kind.parts(loaded.model).dice[0]
    image = page_image(pdf, 0)
    row = sorted(pages[0], key=lambda c: (round(c[1]), c[0]))
    for centre, face in zip(row, [f for f in dark.faces for _ in (1, 2)], strict=True):
        assert difference(image, centre, face) < 15  # the wrong die: over 30
        assert difference(image, centre, light.faces[0]) > 30

    out = tmp_path / "refused"
    out.mkdir()
    run = sheetgen("build", "marram/classic", "--only", "worm-sadle", "--out", str(out))
    assert run.code == 2
    assert run.err.strip().splitlines() == [
        "error: --only worm-sadle: marram/classic has no piece, deck or die of that name; "
        "did you mean 'worm-saddle'?"
    ]
    assert list(out.iterdir()) == []
    run = sheetgen("build", "scrumpit/standard", "--only", "Q", "--out", str(out))
    assert run.code == 2 and "has no pieces or dice to choose from" in run.err


def test_letter_tiles_by_bag_read_back_as_text(tmp_path: Path) -> None:
    run = sheetgen(
        "build", "scrumpit/tiles", "--only", "yellow-Q,green-Z", "--copies", "3", "-f", "pdf",
        "--out", str(tmp_path), "-q",
    )  # fmt: skip
    assert run.code == 0, run.err
    pdf = tmp_path / "scrumpit-tiles-only.pdf"
    assert [len(p) for p in placed(pdf, 19.0, 0.0)] == [6]
    words = PdfReader(pdf).pages[0].extract_text().split()
    assert words.count("Q") == 3 and words.count("Z") == 3 and "A" not in words


def test_names_choose_pieces_decks_and_dice() -> None:
    tiles = load("scrumpit/tiles")
    choice = choose(tiles, ("bag-red", "yellow-q"), 2)
    counted = {p.name: n for p, n in choice.pieces}
    assert counted["red-E"] == 12 and counted["yellow-Q"] == 2  # a bag whole, a piece each
    assert sum(counted.values()) == 2 * 50 + 2
    assert (
        "yellow-A" not in counted
        and "prints 51 of the set's 200 pieces, 2 copies of each (102 in all)" in choice.note
    )
    dice = load("walkabout/dice")
    faces = [(p.name, n) for p, n in choose(dice, ("light-3", "medium"), 1).pieces]
    assert faces == [("light-3", 1)] + [(f"medium-{i}", 1) for i in range(1, 7)]
