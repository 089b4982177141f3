"""Pieces not cut as square-cornered rectangles, read back from what `export` writes: a bare
image is clear outside the piece's cut and opaque inside it, judged pixel by pixel from the
geometry of the cut written out here (a quarter circle of the corner radius at each corner of
a card, a circle, a hexagon with its corners at the middle of its left and right edges), not
from sheetgen's drawing of it; a square-cornered piece is opaque to its corners; a bleed is
square-cornered around a rounded card and round around a round token. A Tabletop Simulator
save gives each deck's cards the shape of its pieces: its `CustomDeck.Type`, read as TTS's
API documents it (0 a rectangle with rounded corners, 1 a rectangle, 3 a hexagon, 4 a
circle)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from sheetgen.layouts.read import load
from tests.support import sheetgen

ROUNDED, RECTANGLE, HEXAGON, CIRCLE = 0, 1, 3, 4  # TTS CustomDeck Type
MARGIN = 1.5  # px either side of the cut left unjudged: its anti-aliased edge

Inside = Callable[[np.ndarray, np.ndarray], np.ndarray]  # mm from the cut at points (x, y):
# positive inside, negative outside; the distance itself, or at most it outside


def rounded(width: float, height: float, r: float) -> Inside:
    """A rectangle whose corners are quarter circles of radius `r`."""

    def inside(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        cx, cy = np.clip(x, r, width - r), np.clip(y, r, height - r)  # the nearest arc centre
        square = np.minimum(np.minimum(x, y), np.minimum(width - x, height - y))
        corner = (cx != x) & (cy != y)  # in one of the corners' r x r squares
        return np.where(corner, r - np.hypot(x - cx, y - cy), square)

    return inside


def circle(d: float) -> Inside:
    return lambda x, y: d / 2 - np.hypot(x - d / 2, y - d / 2)


def hexagon(width: float, height: float) -> Inside:
    """Flat top and bottom; its corners at the middle of the left and right edges, its top
    and bottom edges from a quarter to three quarters of the width."""
    slant = math.cos(math.atan2(width / 4, height / 2))  # a slanted edge's normal, to x

    def inside(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        side = width / 4 * np.abs(2 * y / height - 1)  # the slanted edges' x at this height
        across = np.minimum(x - side, width - side - x) * slant  # to the slanted edges' lines
        return np.minimum(across, np.minimum(y, height - y))

    return inside


def alpha(path: Path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGBA"))[:, :, 3].astype(int)


def judged(image: np.ndarray, inside: Inside, px_per_mm: float, bleed_px: int = 0) -> None:
    """Every pixel whose centre lies more than MARGIN px outside the cut is clear, and every
    one more than MARGIN px inside it opaque."""
    rows, cols = np.indices(image.shape)
    d = inside((cols - bleed_px + 0.5) / px_per_mm, (rows - bleed_px + 0.5) / px_per_mm)
    outside, within = d * px_per_mm < -MARGIN, d * px_per_mm > MARGIN
    assert outside.any() and within.any()  # both judged
    assert (image[outside] == 0).all(), np.argwhere(outside & (image != 0))[:5]
    assert (image[within] == 255).all(), np.argwhere(within & (image != 255))[:5]


def _layout(folder: Path, shape: str, width: float, height: float, radius: float) -> Path:
    """Two pieces of `shape` with a back, a box running past the cut into the top-left corner
    (cut off with the rest outside it), no bleed of their own."""
    (folder / "t.csv").write_text("n,colour\nA,#e63946\nB,#457b9d\n", encoding="utf-8")
    layout = folder / f"{shape}.toml"
    layout.write_text(
        'game = "custom"\ncomponent = "pieces"\nname = "t"\ndata = "t.csv"\ntitle = "{n}"\n'
        f'[piece]\nshape = "{shape}"\nwidth = {width}\nheight = {height}\nradius = {radius}\n'
        'bleed = 0\n[front]\nbackground = "{colour}"\n'
        '[[front.items]]\ntype = "box"\nx = -2\ny = -2\nwidth = 6\nheight = 6\nfill = "#000000"\n'
        '[back]\nbackground = "#333333"\n',
        encoding="utf-8",
    )
    return layout


def _pieces(layout: Path | str, out: Path, *extra: str) -> dict[str, Path]:
    run = sheetgen("export", "pieces", str(layout), "--out", str(out), "-q", *extra)
    assert run.code == 0, run.err
    return {p.stem: p for p in out.glob("*.png")}


SHAPES = {  # shape, width, height, radius: its cut
    "rounded": ("rectangle", 40.0, 56.0, 4.0),
    "circle": ("circle", 25.0, 25.0, 3.0),  # a circle's radius key says nothing of it
    "hexagon": ("hexagon", 30.0, 26.0, 3.0),
}


def _cut(name: str) -> Inside:
    _, width, height, radius = SHAPES[name]
    return {
        "rounded": rounded(width, height, radius),
        "circle": circle(width),
        "hexagon": hexagon(width, height),
    }[name]


@pytest.mark.parametrize("name", SHAPES)
def test_a_shaped_piece_is_clear_outside_its_cut_front_and_back(name: str, tmp_path: Path) -> None:
    shape, width, height, radius = SHAPES[name]
    layout = _layout(tmp_path, shape, width, height, radius)
    files = _pieces(layout, tmp_path / "out", "--px", "160")
    assert set(files) == {"custom-t-pieces-a", "custom-t-pieces-b", "custom-t-pieces-deck-back"}
    for path in files.values():
        image = alpha(path)
        assert image.shape == (round(height * 160 / width), 160)
        judged(image, _cut(name), 160 / width)
        assert image[0, 0] == 0  # the box run into the corner is cut off with it


def test_a_square_cornered_piece_is_opaque_to_its_corners(tmp_path: Path) -> None:
    files = _pieces(_layout(tmp_path, "rectangle", 40, 56, 0), tmp_path / "out", "--px", "80")
    for path in files.values():
        assert Image.open(path).mode != "RGBA"
        assert (alpha(path) == 255).all()


def test_with_a_bleed_a_rounded_card_is_square_and_a_token_round(tmp_path: Path) -> None:
    """A print shop's bleed: a rounded card's is printed square-cornered, to be cut round; a
    round token's is a wider circle, clear beyond it."""
    card = _pieces(
        _layout(tmp_path, "rectangle", 40, 56, 4), tmp_path / "card", "--px", "80", "--bleed", "3"
    )
    for path in card.values():
        assert (alpha(path) == 255).all()  # 2 px a mm: 6 px of bleed on every side
        assert alpha(path).shape == (112 + 12, 80 + 12)
    (folder := tmp_path / "token").mkdir()
    layout = _layout(folder, "circle", 25, 25, 0)
    token = _pieces(layout, tmp_path / "t", "--px", "100", "--bleed", "2")
    for path in token.values():
        image = alpha(path)
        assert image.shape == (100 + 16, 100 + 16)  # 4 px a mm
        judged(image, lambda x, y: 14.5 - np.hypot(x - 12.5, y - 12.5), 4.0, bleed_px=8)


EXAMPLES = {"custom/poker": 3.0, "custom/scrumpit-es": 1.5, "custom/dice-art": 1.5}


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_examples_rounded_corners_are_clear(example: str, tmp_path: Path) -> None:
    """Every front and back of each example, trimmed (as a bare image is unless a bleed is
    asked for), though the Spanish tiles and the dice have a bleed in print."""
    model: Any = load(example).model
    width, height = model.piece.width, model.piece.height
    assert model.piece.shape == "rectangle" and model.piece.radius == EXAMPLES[example]
    px = round(width * 4)  # 4 px a mm
    files = _pieces(example, tmp_path, "--px", str(px))
    for path in files.values():
        judged(alpha(path), rounded(width, height, EXAMPLES[example]), px / width)


def _types(layout: Path | str, out: Path) -> list[int]:
    run = sheetgen("export", "tts", str(layout), "--out", str(out), "--px", "64", "-q")
    assert run.code == 0, run.err
    (save,) = out.glob("*-tts.json")
    state = json.loads(save.read_text(encoding="utf-8"))
    found = []
    for obj in state["ObjectStates"]:
        for held in [obj, *obj.get("ContainedObjects", [])]:
            found += [custom["Type"] for custom in held.get("CustomDeck", {}).values()]
    assert found
    return found


@pytest.mark.parametrize(
    ("example", "expected"),
    [
        ("custom/poker", ROUNDED),
        ("custom/scrumpit-es", ROUNDED),
        ("custom/dice-art", ROUNDED),
        ("marram/classic", RECTANGLE),  # a built-in game's square tiles, as before
    ],
)
def test_a_tts_deck_has_the_shape_of_the_examples_pieces(
    example: str, expected: int, tmp_path: Path
) -> None:
    assert set(_types(example, tmp_path)) == {expected}


@pytest.mark.parametrize(
    ("shape", "radius", "expected"),
    [("rectangle", 0, RECTANGLE), ("rectangle", 2, ROUNDED), ("hexagon", 2, HEXAGON),
     ("circle", 2, CIRCLE)],
)  # fmt: skip
def test_a_tts_deck_has_the_shape_of_its_pieces(
    shape: str, radius: float, expected: int, tmp_path: Path
) -> None:
    side = 25 if shape == "circle" else 30
    layout = _layout(tmp_path, shape, side, 25 if shape != "rectangle" else 40, radius)
    assert set(_types(layout, tmp_path / "out")) == {expected}


def test_a_shaped_piece_too_big_for_an_image_with_alpha_is_refused_undrawn(
    tmp_path: Path,
) -> None:
    """A 5000 px round token is 25 megapixels, past the 24 of a PNG with transparency: refused
    before anything is drawn, with what to ask for; nothing is written."""
    layout = _layout(tmp_path, "circle", 25, 25, 0)
    run = sheetgen("export", "pieces", str(layout), "--out", str(tmp_path / "out"), "--px", "5000")
    assert run.code != 0
    assert "25 x 25 mm piece, clear outside its cut, would be 25 megapixels" in run.err
    assert "ask for a smaller --px or --dpi" in run.err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
