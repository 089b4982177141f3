"""Bare piece images, read back: trimmed to the cut (the outermost pixels are the piece's art),
sized as asked, and with a bleed as wide in pixels as asked in mm, of the piece's own art as
far as it reaches and of its edge colour past that; PDF and SVG refuse what they cannot do."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheetgen.draw.pieces import Die, Parts, Piece
from sheetgen.draw.shapes import Drawing, Rect, Style
from sheetgen.errors import SheetgenError
from sheetgen.export.bare import Size, export_pieces
from sheetgen.export.tts import Names
from sheetgen.layouts.read import load

NAMES = Names("test", "set", "tiles")
RED, BLUE = np.array([255, 0, 0]), np.array([0, 0, 255])


def framed(bleed: float) -> Drawing:
    """A 30 x 20 mm piece: blue to its cut, red beyond it as far as its `bleed`."""
    band = Rect(-bleed, -bleed, 30 + 2 * bleed, 20 + 2 * bleed, Style(stroke=None, fill="#ff0000"))
    face = Rect(0, 0, 30, 20, Style(stroke=None, fill="#0000ff"))
    return Drawing(30, 20, (band, face), bleed=bleed, title="framed")


def image(parts: Parts, size: Size) -> dict[str, np.ndarray]:
    files, _ = export_pieces(parts, NAMES, size, "png", "test/set")
    found = {}
    for name, data in files:
        found[name.removeprefix("test-set-tiles-")[:-4]] = np.asarray(
            Image.open(io.BytesIO(data)).convert("RGB")
        ).astype(int)
    return found


def run_of(row: np.ndarray, colour: np.ndarray) -> int:
    """How many pixels from the start of `row` are `colour` (within anti-aliasing)."""
    close = np.abs(row - colour).max(axis=1) < 60
    return int(np.argmin(close)) if not close.all() else len(close)


def test_a_trimmed_piece_is_its_art_to_the_edge_at_the_width_asked() -> None:
    (found,) = image(Parts((Piece("framed", framed(3), None),)), Size(px=300)).values()
    assert found.shape == (200, 300, 3)
    for edge in (found[0], found[-1], found[:, 0], found[:, -1]):
        assert (np.abs(edge - BLUE).max(axis=1) < 60).all()  # no red bleed, no white margin


@pytest.mark.parametrize(("own", "asked"), [(3.0, 3.0), (3.0, 2.0), (3.0, 5.0), (0.0, 4.0)])
def test_the_bleed_is_as_many_pixels_as_asked(own: float, asked: float) -> None:
    (found,) = image(
        Parts((Piece("framed", framed(own), None),)), Size(px=300, bleed=asked)
    ).values()
    per_mm = 300 / 30
    bleed_px = round(asked * per_mm)
    assert found.shape == (200 + 2 * bleed_px, 300 + 2 * bleed_px, 3)
    middle_row, middle_col = found[found.shape[0] // 2], found[:, found.shape[1] // 2]
    if own > 0:  # the art's own red, repeated past its edge where asked for more
        for line in (middle_row, middle_row[::-1], middle_col, middle_col[::-1]):
            assert abs(run_of(line, RED) - bleed_px) <= 1
    else:  # no art beyond the cut: the blue edge fills the bleed, and no white shows
        assert (np.abs(found - BLUE).max(axis=2) < 60).all()


def test_dpi_sets_the_size_and_the_png_says_it() -> None:
    files, _ = export_pieces(
        Parts((Piece("framed", framed(0), None),)), NAMES, Size(dpi=254), "png", "test/set"
    )
    ((name, data),) = files
    picture = Image.open(io.BytesIO(data))
    assert name == "test-set-tiles-framed.png" and picture.size == (300, 200)
    assert picture.info["dpi"] == pytest.approx((254, 254), abs=0.01)


def test_marram_tiles_carry_their_own_art_into_the_bleed() -> None:
    from sheetgen.games.marram.draw import tile_drawing
    from sheetgen.games.marram.faces import back, front

    layout: Any = load("marram/classic").model
    st, words, t = layout.sheet, layout.labels, layout.tiles[0]
    f = tile_drawing(front(t), st, words, st.size, st.bleed, t.name)
    k = tile_drawing(back(t), st, words, st.size, st.bleed, t.name)
    parts = Parts((Piece(t.name, f, k),))
    trimmed = image(parts, Size(px=400))
    bled = image(parts, Size(px=400, bleed=st.bleed))
    b = round(st.bleed * 400 / st.size)
    for label, whole in bled.items():
        assert whole.shape == (400 + 2 * b, 400 + 2 * b, 3)
        inside = whole[b:-b, b:-b]
        assert np.abs(inside - trimmed[label]).mean() < 2  # the same art, the bleed around it
        ring = np.concatenate([whole[:b].reshape(-1, 3), whole[-b:].reshape(-1, 3)])
        assert (ring < 250).any(axis=1).mean() > 0.5  # art in the bleed, not white paper
        for edge in (trimmed[label][0], trimmed[label][:, 0]):
            assert (edge < 250).any(axis=1).mean() > 0.5  # trimmed: no blank margin


def test_every_piece_die_face_and_board_gets_a_file_named_from_it() -> None:
    faces = tuple(framed(0) for _ in range(6))
    board = Drawing(100, 50, (Rect(0, 0, 100, 50, Style(fill="#00ff00")),), title="Home Board")
    parts = Parts(
        (Piece("Worm Saddle", framed(2), framed(2), 3, "tiles"),),
        (Die("Dark", faces),),  # type: ignore[arg-type]
        (board,),
    )
    found = image(parts, Size(px=64))
    assert set(found) == {
        "worm-saddle",
        "worm-saddle-back",
        *(f"dark-{n}" for n in range(1, 7)),
        "board",  # a component's only board
    }
    assert found["board"].shape == (32, 64, 3)


def test_pdf_keeps_the_bleed_the_art_has_and_refuses_more() -> None:
    parts = Parts((Piece("framed", framed(3), None),))
    files, _ = export_pieces(parts, NAMES, Size(bleed=3), "pdf", "test/set")
    pdf = pdfium.PdfDocument(files[0][1])
    width, height = pdf[0].get_size()
    assert (width, height) == pytest.approx((36 / 25.4 * 72, 26 / 25.4 * 72), abs=0.01)
    with pytest.raises(
        SheetgenError, match=r"--bleed 4: test/set's framed has 3 mm .* --bleed 3 or less"
    ):
        export_pieces(parts, NAMES, Size(bleed=4), "svg", "test/set")


def test_a_bled_die_face_is_die_colour_on_all_four_sides() -> None:
    """Walkabout's faces carry 2 mm of die colour; a 3 mm bleed repeats it, on every side."""
    loaded = load("walkabout/dice")
    assert loaded.kind.parts is not None
    parts = loaded.kind.parts(loaded.model)
    files, notes = export_pieces(parts, NAMES, Size(px=300, bleed=3), "png", "walkabout/dice")
    colours = {die.name: die.faces[0].children[0].style.fill for die in parts.dice}  # type: ignore[attr-defined]
    assert len(files) == 18
    for name, data in files:
        image = np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)
        assert image.shape[:2] == (300 + 2 * 56, 300 + 2 * 56)
        colour = colours[name.split("-")[3]]
        rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
        band = 56 + 10  # the bleed and a little of the face
        for side in (image[:band], image[-band:], image[:, :band], image[:, -band:]):
            assert (np.abs(side - rgb).max(axis=2) < 4).all(), name
    assert notes == [
        "walkabout/dice: its layout has no bleed key, so 18 of 18 images (light-1 first) draw "
        "2 mm of art past the cut and repeat their edge pixels for the rest of the 3 mm bleed"
    ]


def test_a_layout_with_a_bleed_key_draws_the_bleed_asked_for() -> None:
    from sheetgen.pipeline.only import resized

    loaded = load("marram/classic")
    assert loaded.kind.parts is not None
    parts = loaded.kind.parts(resized(loaded.model, None, 4.0))
    assert {p.front.bleed for p in parts.pieces} == {4.0}
    files, notes = export_pieces(parts, NAMES, Size(px=200, bleed=4), "svg", "marram/classic")
    assert not notes and len(files) == 2 * len(parts.pieces)
    files, notes = export_pieces(parts, NAMES, Size(px=200, bleed=4), "png", "marram/classic")
    assert not notes  # drawn, not repeated: no note


def test_one_board_of_a_board_component_is_not_named_board_twice() -> None:
    board = Drawing(100, 50, (Rect(0, 0, 100, 50, Style(fill="#00ff00")),), title="Board")
    files, _ = export_pieces(
        Parts(boards=(board,)), Names("scrumpit", "single", "board"), Size(px=64), "png", "x"
    )
    assert [name for name, _ in files] == ["scrumpit-single-board-whole.png"]
