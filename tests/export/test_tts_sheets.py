"""A Tabletop Simulator deck too big for one sheet loads with every card showing its own face:
the saved object read back as TTS reads it, on every sheet of the deck, the last ones included.

TTS's documented format (its Custom Deck): a deck's `CustomDeck` maps each deck id to a sheet
image (`FaceURL`) cut into `NumWidth` x `NumHeight` cells, at most 10 x 7, read left to right
and top to bottom from 0; a card's `CardID` is its deck id x 100 + its cell on that sheet, and
the card carries that sheet in its own `CustomDeck`; a deck's `DeckIDs` lists its cards'
CardIDs in the order they lie in it. Copies of one design are the same card (one CardID),
so a sheet holds each design once. None of this is read from sheetgen's own helpers: the
ids are split with // and %, the cells cut from the written images by hand."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import numpy as np
import pytest
from PIL import Image

from sheetgen.draw.pieces import Parts, Piece
from sheetgen.draw.shapes import Drawing, Rect, Style, Text
from sheetgen.errors import SheetgenError
from sheetgen.export.bare import Size, export_pieces
from sheetgen.export.deck_grid import cell_pixels, grid_shape
from sheetgen.export.tts import Names, export_tts

NAMES = Names("test", "set", "tiles")
PREFIX = "test-set-tiles-"
W, H = 20.0, 30.0  # mm: a card's face
PX = 40  # px a face is made across; so 60 px down
CELL_W, CELL_H = PX, round(PX * H / W)
MOST_COLS, MOST_ROWS = 10, 7  # TTS cuts a sheet into at most 10 x 7


def face(n: int, back: bool = False) -> Drawing:
    """A card of a colour of its own with its number on it (a back, darker and marked 'b')."""
    k = 3 if back else 1
    colour = f"#{(n * 37 * k + 20) % 256:02x}{(n * 91 + 40) % 256:02x}{(n * 53 + 60) % 256:02x}"
    ground = Rect(0, 0, W, H, Style(stroke=None, fill=colour))
    text = f"{n}b" if back else str(n)
    return Drawing(W, H, (ground, Text(W / 2, H * 0.6, text, W / 3, anchor="middle")))


def image(path: Path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGB")).astype(int)


def local(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path(unquote(urlparse(url).path))


def exported(parts: Parts, folder: Path) -> dict[str, Any]:
    """Export `parts` into `folder` as `sheetgen export tts` writes them; the saved object."""
    export = export_tts(parts, NAMES, folder, PX)
    for name, data in export.files:
        (folder / name).write_bytes(data)
    saved: dict[str, Any] = json.loads((folder / NAMES.saved_object()).read_text())
    return saved


def own_images(parts: Parts) -> dict[str, np.ndarray]:
    """Each piece's own bare image (and its back's, as '<name>-back'), PX across."""
    files, _ = export_pieces(parts, NAMES, Size(px=PX), "png", "test/set")
    return {
        name[len(PREFIX) : -4]: np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)
        for name, data in files
    }


def cut(sheet: np.ndarray, cols: int, cell: int) -> np.ndarray:
    """Cell `cell` of a sheet `cols` cells across, counted as TTS counts them."""
    row, col = divmod(cell, cols)
    return sheet[row * CELL_H : (row + 1) * CELL_H, col * CELL_W : (col + 1) * CELL_W]


def check_deck(deck: dict[str, Any], pieces: list[Piece], own: dict[str, np.ndarray]) -> int:
    """Every TTS rule of a deck's sheets and cards (see the module's docstring) for a deck of
    `pieces`; how many sheets it has."""
    sheets: dict[str, dict[str, Any]] = deck["CustomDeck"]
    cards: list[dict[str, Any]] = deck["ContainedObjects"]
    # the deck lists every card once, in order, and holds each piece's copies
    assert deck["DeckIDs"] == [card["CardID"] for card in cards]
    assert Counter(card["Nickname"] for card in cards) == {p.name: p.count for p in pieces}
    # one card a design: copies share a CardID, no two designs do
    design_of: dict[int, str] = {}
    for card in cards:
        assert design_of.setdefault(card["CardID"], card["Nickname"]) == card["Nickname"], (
            f"CardID {card['CardID']} is both {design_of[card['CardID']]} and {card['Nickname']}"
        )
    assert len(design_of) == len(pieces)
    assert len(set(design_of.values())) == len(pieces)
    # each sheet: a file of its grid's size, within TTS's 10 x 7
    faces: dict[str, np.ndarray] = {}
    backs: dict[str, np.ndarray] = {}
    for key, sheet in sheets.items():
        assert key.isdigit() and int(key) > 0
        cols, rows = sheet["NumWidth"], sheet["NumHeight"]
        assert 1 <= cols <= MOST_COLS and 1 <= rows <= MOST_ROWS, (key, cols, rows)
        path = local(sheet["FaceURL"])
        assert path.is_file(), path
        faces[key] = image(path)
        assert faces[key].shape[:2] == (rows * CELL_H, cols * CELL_W), (path.name, cols, rows)
        assert local(sheet["BackURL"]).is_file()
        if sheet["UniqueBack"]:
            backs[key] = image(local(sheet["BackURL"]))
            assert backs[key].shape == faces[key].shape
    # each card: its CardID names its own sheet, and a cell on it holding its face
    used: Counter[str] = Counter()
    for card in cards:
        deck_part, cell = divmod(card["CardID"], 100)
        key = str(deck_part)
        assert list(card["CustomDeck"]) == [key], (card["Nickname"], card["CardID"])
        assert card["CustomDeck"][key] == sheets[key]
        cols, rows = sheets[key]["NumWidth"], sheets[key]["NumHeight"]
        assert cell < cols * rows, (card["Nickname"], card["CardID"], cols, rows)
        name = card["Nickname"]
        assert np.array_equal(cut(faces[key], cols, cell), own[name]), (
            f"{name}: cell {cell} of sheet {key} is not its face"
        )
        if key in backs:
            assert np.array_equal(cut(backs[key], cols, cell), own[f"{name}-back"]), name
        used[key] += 1
    assert set(used) == set(sheets), "a sheet no card is cut from"
    return len(sheets)


COUNTS = [1 + n % 3 for n in range(143)]  # 143 designs: 70, 70 and 3 on the sheets


def test_every_card_of_a_three_sheet_deck_shows_its_own_face(tmp_path: Path) -> None:
    """A deck of 143 designs (copies 1 to 3 each) sits on three sheets: each card, the second
    and third sheets' too, names a sheet it carries and a cell of it showing its own face."""
    pieces = [Piece(f"t{n}", face(n), face(999), c, "d") for n, c in enumerate(COUNTS)]
    saved = exported(Parts(tuple(pieces)), tmp_path)
    (deck,) = [o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert check_deck(deck, pieces, own_images(Parts(tuple(pieces)))) == 3


@pytest.mark.parametrize("designs", [71, pytest.param(140, marks=pytest.mark.slow)])
def test_cards_with_backs_of_their_own_over_two_sheets(tmp_path: Path, designs: int) -> None:
    """Cards each with its own back (a tile printed both sides), one design over a full sheet
    and a full second sheet exactly: the back cut from the back sheet is the card's own back,
    on both sheets; and a second deck beside it keeps ids of its own."""
    pieces = [Piece(f"t{n}", face(n), face(n, back=True), 1, "two") for n in range(designs)]
    small = [Piece(f"s{n}", face(500 + n), face(999), 2, "small") for n in range(3)]
    parts = Parts(tuple(pieces + small))
    saved = exported(parts, tmp_path)
    decks = {o["Nickname"]: o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom"}
    own = own_images(parts)
    assert check_deck(decks["Two"], pieces, own) == 2  # a deck's slug in words
    assert check_deck(decks["Small"], small, own) == 1
    assert not set(decks["Two"]["CustomDeck"]) & set(decks["Small"]["CustomDeck"])


@pytest.mark.parametrize("count", [0, 71])
def test_a_sheet_of_no_faces_or_more_than_ten_by_seven_is_refused(count: int) -> None:
    """A TTS deck sheet is at most 10 x 7 cells: 1 to 70 faces."""
    with pytest.raises(ValueError) as caught:
        grid_shape(count)
    assert str(caught.value) == f"a deck sheet holds 1 to 70 faces, not {count}"


def test_a_sheet_of_just_4096_px_keeps_its_cells_and_a_taller_one_shrinks_to_whole_pixels() -> None:
    """Cells 2048 px wide of 50 x 50.01 mm faces are round(2048 x 50.01 / 50) = 2048 px high:
    two rows make 4096 px, within the limit, so they stay 2048 x 2048. Faces of 50 x 100 mm
    at 2048 px wide would be 4096 px high, three rows 12288 px: each row gets 4096 // 3 = 1365
    px, and the width in proportion, floor(1365 / 2) = 682 px."""
    assert cell_pixels(50.0, 50.01, 2, 2, 2048) == (2048, 2048)
    size = cell_pixels(50.0, 100.0, 1, 3, 2048)
    assert size == (682, 1365) and all(isinstance(n, int) for n in size)


def test_a_face_of_32_px_is_kept_and_a_narrower_one_refused_in_one_line() -> None:
    """A face under 32 px shows nothing a player can read: 32 px is the least a side."""
    assert cell_pixels(10.0, 10.0, 1, 1, 32) == (32, 32)
    with pytest.raises(SheetgenError) as caught:
        cell_pixels(10.0, 10.0, 1, 1, 31)
    assert str(caught.value) == (
        "faces of 10 x 10 mm cannot fit 1 x 1 on a 4096 px sheet at 32 px or more a side"
    )


def test_a_sheet_is_the_grid_with_the_fewest_empty_cells_and_of_those_the_widest() -> None:
    """Tabletop Simulator reads a deck sheet as up to 10 across and 7 down. A sheet of N faces
    is cut as the grid that leaves the fewest cells empty, and of those the widest: worked out
    here by trying every grid that holds N, within the whole 10 x 7 and within less room."""
    for room in ((10, 7), (8, 7), (10, 3), (1, 7)):
        across, down = room
        for count in range(1, across * down + 1):
            holding = [
                (cols, rows)
                for cols in range(1, across + 1)
                for rows in range(1, down + 1)
                if cols * rows >= count
            ]
            fewest = min(cols * rows - count for cols, rows in holding)
            widest = max(cols for cols, rows in holding if cols * rows - count == fewest)
            rows = next(r for c, r in holding if c == widest and c * r - count == fewest)
            assert grid_shape(count, room) == (widest, rows), (room, count)
    assert grid_shape(34) == (7, 5)  # Marram's designs: one empty cell
    assert grid_shape(11) == (6, 2)  # 12 cells, as 4 x 3, but wider
    assert grid_shape(70) == (10, 7)


@pytest.mark.parametrize(
    ("count", "width", "height", "want"), [(8, 20, 40, 1024), (30, 63, 88, 512)]
)
def test_every_deck_sheet_stays_within_4096_px_a_side(
    count: int, width: float, height: float, want: int
) -> None:
    """Tabletop Simulator loads a sheet of at most 4096 px a side: however large the faces,
    each sheet's grid keeps within it, and the sheets hold every face once."""
    from sheetgen.export.deck_grid import deck_sheets

    sheets = deck_sheets(count, width, height, want)
    assert sum(len(indices) for indices, _ in sheets) == count
    for indices, grid in sheets:
        assert grid.cols * grid.cell_w <= 4096 and grid.rows * grid.cell_h <= 4096, grid
        assert grid.cols * grid.rows >= len(indices)
