"""Tabletop Simulator export, read back: deck sheets' sizes and grids (each cell is that piece's
own bare image, compared pixel for pixel), the 10 x 7 and 4096 px limits, the d6 template's
regions, boards trimmed to their edge, and the saved object against TTS's documented fields."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from sheetgen.draw.pieces import Die, Parts, Piece
from sheetgen.draw.shapes import Drawing, Rect, Style, Text
from sheetgen.export.bare import Size, export_pieces
from sheetgen.export.tts import Names, export_tts
from sheetgen.layouts.read import load

NAMES = Names("test", "set", "tiles")


def tile(n: int, w: float = 20.0, h: float = 20.0, bleed: float = 0.0) -> Drawing:
    """A tile of a colour of its own with its number on it."""
    colour = f"#{(n * 37 + 20) % 256:02x}{(n * 91 + 40) % 256:02x}{(n * 53 + 60) % 256:02x}"
    ground = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(stroke=None, fill=colour))
    return Drawing(w, h, (ground, Text(w / 2, h * 0.7, str(n), h / 2, anchor="middle")), bleed)


def pixels(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)


def bare(parts: Parts, px: int) -> dict[str, np.ndarray]:
    """Each piece's own image at `px` wide, by its file label."""
    files, _ = export_pieces(parts, NAMES, Size(px=px), "png", "test/set")
    prefix = "test-set-tiles-"
    return {name[len(prefix) : -4]: pixels(data) for name, data in files}


def written(parts: Parts, folder: Path, px: int = 512) -> dict[str, bytes]:
    export = export_tts(parts, NAMES, folder, px)
    for name, data in export.files:
        (folder / name).write_bytes(data)
    return dict(export.files)


def saved(files: dict[str, bytes]) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(files["test-set-tiles-tts.json"])
    return found


def cells(sheet: np.ndarray, cols: int, rows: int) -> list[np.ndarray]:
    """A sheet cut into its grid, left to right, top to bottom (as TTS cuts it)."""
    h, w = sheet.shape[0] // rows, sheet.shape[1] // cols
    return [
        sheet[r * h : (r + 1) * h, c * w : (c + 1) * w] for r in range(rows) for c in range(cols)
    ]


def decks_of(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in state["ObjectStates"] if o["Name"] in ("DeckCustom", "CardCustom")]


def test_a_deck_of_75_designs_splits_into_a_10_by_7_sheet_and_a_second(tmp_path: Path) -> None:
    pieces = tuple(Piece(f"t{n}", tile(n), tile(500), count=1 + n % 3, deck="d") for n in range(75))
    files = written(Parts(pieces), tmp_path, px=300)
    first, second = (
        pixels(files["test-set-tiles-tts-d-1.png"]),
        pixels(files["test-set-tiles-tts-d-2.png"]),
    )
    assert first.shape[:2] == (7 * 300, 10 * 300)
    assert second.shape[:2] == (300, 5 * 300)
    own = bare(Parts(pieces), 300)
    for n, cell in enumerate(cells(first, 10, 7) + cells(second, 5, 1)):
        assert np.array_equal(cell, own[f"t{n}"]), f"cell {n} is not t{n}"
    (deck,) = decks_of(saved(files))
    sheets = deck["CustomDeck"]
    grids = {
        s["FaceURL"].rsplit("/", 1)[-1]: (s["NumWidth"], s["NumHeight"]) for s in sheets.values()
    }
    assert grids == {"test-set-tiles-tts-d-1.png": (10, 7), "test-set-tiles-tts-d-2.png": (5, 1)}
    assert len(deck["DeckIDs"]) == sum(1 + n % 3 for n in range(75))
    one_back = {s["BackURL"] for s in sheets.values()}
    assert len(one_back) == 1 and not any(s["UniqueBack"] for s in sheets.values())


def test_sheets_stay_within_4096_px_whatever_the_face_size(tmp_path: Path) -> None:
    """Faces of 20 x 35 mm asked 4096 px wide would be 7168 px tall: each is made 4096 px
    tall and floor(4096 x 20 / 35) = 2340 px wide, one a sheet, with a note."""
    pieces = tuple(Piece(f"t{n}", tile(n, 20, 35), None, deck="tall") for n in range(3))
    export = export_tts(Parts(pieces), NAMES, tmp_path, px=4096)
    for n in (1, 2, 3):
        sheet = pixels(dict(export.files)[f"test-set-tiles-tts-tall-{n}.png"])
        assert sheet.shape[:2] == (4096, 2340)
    assert export.notes == [
        "deck 'tall': faces made 2340 px wide (asked 4096) so that a face of 20 x 35 mm "
        "stays within 4096 px"
    ]


@pytest.fixture(scope="module")
def marram() -> Parts:
    """Marram's real tiles, front and back (2 mm of art beyond the cut), one piece a design."""
    from sheetgen.games.marram.draw import tile_drawing
    from sheetgen.games.marram.faces import back, front

    layout: Any = load("marram/classic").model
    st, words = layout.sheet, layout.labels
    pieces = []
    for t in [layout.starter, *layout.tiles]:
        starter = t is layout.starter
        f = tile_drawing(front(t), st, words, st.size, st.bleed, t.name, starter)
        k = tile_drawing(back(t), st, words, st.size, st.bleed, t.name, starter)
        pieces.append(Piece(t.name, f, k, t.count, "tiles"))
    return Parts(tuple(pieces))


def test_marram_fronts_and_backs_are_sheets_with_unique_backs(
    marram: Parts, tmp_path: Path
) -> None:
    files = written(marram, tmp_path, px=200)
    n = len(marram.pieces)
    cols, rows = 7, 5  # the starter and 34 designs fill 7 x 5 (10 x 4 would leave 5 empty)
    assert cols * rows == n
    (deck,) = decks_of(saved(files))
    (sheet,) = deck["CustomDeck"].values()
    assert (sheet["NumWidth"], sheet["NumHeight"], sheet["UniqueBack"]) == (cols, rows, True)
    faces = pixels(files["test-set-tiles-tts-tiles-1.png"])
    backs = pixels(files["test-set-tiles-tts-tiles-back-1.png"])
    assert faces.shape == backs.shape == (rows * 200, cols * 200, 3)
    own = bare(marram, 200)
    for i, piece in enumerate(marram.pieces):
        label = piece.name.lower().replace(" ", "-")
        assert np.array_equal(cells(faces, cols, rows)[i], own[label]), piece.name
        assert np.array_equal(cells(backs, cols, rows)[i], own[f"{label}-back"]), piece.name
    assert len(deck["DeckIDs"]) == sum(p.count for p in marram.pieces)


def test_the_saved_object_holds_tts_documented_fields(marram: Parts, tmp_path: Path) -> None:
    dice = (Die("pips", tuple(tile(n) for n in range(1, 7))),)  # type: ignore[arg-type]
    board = Drawing(300, 200, (Rect(0, 0, 300, 200, Style(fill="#336699")),), title="Map")
    parts = Parts(marram.pieces, dice, (board,))
    files = written(parts, tmp_path, px=128)
    state = saved(files)
    assert state["Date"] == "" and isinstance(state["ObjectStates"], list)
    guids = []
    for obj in state["ObjectStates"]:
        assert isinstance(obj["Nickname"], str) and set(obj["Transform"]) >= {"posX", "rotZ"}
        guids.append(obj["GUID"])
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [c["CardID"] for c in obj["ContainedObjects"]]
            for card in obj["ContainedObjects"]:
                guids.append(card["GUID"])
                deck_id, index = divmod(card["CardID"], 100)
                (own,) = card["CustomDeck"].items()
                assert own[0] == str(deck_id) and obj["CustomDeck"][str(deck_id)] == own[1]
                custom = own[1]
                assert index < custom["NumWidth"] * custom["NumHeight"]
                assert 1 <= custom["NumWidth"] <= 10 and 1 <= custom["NumHeight"] <= 7
                assert isinstance(custom["BackIsHidden"], bool)
                assert isinstance(custom["UniqueBack"], bool) and isinstance(custom["Type"], int)
                for url in (custom["FaceURL"], custom["BackURL"]):
                    assert url.startswith("file:///") and Path(url[7:]).is_file(), url
        else:
            image = obj["CustomImage"]
            assert (
                image["ImageURL"].startswith("file:///") and Path(image["ImageURL"][7:]).is_file()
            )
            if obj["Name"] == "Custom_Dice":
                assert image["CustomDice"]["Type"] == 1  # a d6
            else:
                assert obj["Name"] == "Custom_Tile"  # a board: a tile stretched to its image
    assert len(set(guids)) == len(guids) and all(len(g) == 6 for g in guids)
    again = export_tts(parts, NAMES, tmp_path, 128)
    assert dict(again.files) == files  # deterministic, byte for byte


def test_the_d6_template_holds_each_face_in_its_region(tmp_path: Path) -> None:
    from sheetgen.games.walkabout.dice import face_drawing
    from sheetgen.games.walkabout.movement import span

    layout: Any = load("walkabout/dice").model
    widest = span([f for d in layout.dice for f in d.faces])
    dice = tuple(
        Die(d.name, tuple(face_drawing(d, f, i, 19, widest) for i, f in enumerate(d.faces, 1)))
        for d in layout.dice
    )
    assert len(dice) == 3
    files = written(Parts(dice=dice), tmp_path, px=128)
    own = bare(Parts(dice=dice), 128)
    cross = {1: (1, 0), 2: (0, 1), 3: (1, 1), 5: (2, 1), 4: (3, 1), 6: (1, 2)}  # col, row
    for die in dice:
        template = pixels(files[f"test-set-tiles-tts-die-{die.name.lower()}.png"])
        assert template.shape == (3 * 128, 4 * 128, 3)
        grid = cells(template, 4, 3)
        for face, (col, row) in cross.items():
            assert np.array_equal(grid[row * 4 + col], own[f"{die.name.lower()}-{face}"])
        blank = [grid[i] for i in range(12) if (i % 4, i // 4) not in cross.values()]
        assert all((cell == 255).all() for cell in blank)


def test_a_board_is_trimmed_to_its_edge(tmp_path: Path) -> None:
    frame = Style(stroke="#102030", width=2, fill="#f0e0c0")
    board = Drawing(400, 250, (Rect(1, 1, 398, 248, frame),), title="Big board")
    files = written(Parts(boards=(board,)), tmp_path)
    image = pixels(files["test-set-tiles-tts-board.png"])
    assert max(image.shape[:2]) <= 4096
    assert image.shape[1] / image.shape[0] == pytest.approx(400 / 250, abs=0.01)
    for edge in (image[0], image[-1], image[:, 0], image[:, -1]):
        assert (np.abs(edge - [0x10, 0x20, 0x30]).max(axis=1) < 40).all()  # the frame, no margin


def test_objects_of_two_exports_never_share_a_guid_or_deck_id(tmp_path: Path) -> None:
    """The same parts from two layouts (as four boards of four games once all got one GUID)."""
    board = Drawing(100, 80, (Rect(0, 0, 100, 80, Style(fill="#336699")),), title="Board")
    parts = Parts(tuple(Piece(f"t{n}", tile(n), None, 2, "deck") for n in range(3)), (), (board,))
    found: list[tuple[list[str], list[int]]] = []
    for names in (Names("a", "one", "tiles"), Names("b", "two", "tiles")):
        state = json.loads(dict(export_tts(parts, names, tmp_path, 64).files)[names.saved_object()])
        guids = [o["GUID"] for o in state["ObjectStates"]]
        guids += [c["GUID"] for o in state["ObjectStates"] for c in o.get("ContainedObjects", [])]
        ids = [int(i) for o in decks_of(state) for i in o["CustomDeck"]]
        for card in decks_of(state)[0]["ContainedObjects"]:
            assert card["CardID"] // 100 in ids and card["CardID"] < 2**31 - 1
        assert all(1000 <= i < 10_000_000 for i in ids)  # CardID = id x 100 + cell fits int32
        found.append((guids, ids))
    (g1, i1), (g2, i2) = found
    assert not set(g1) & set(g2) and not set(i1) & set(i2)
    again = json.loads(dict(export_tts(parts, NAMES, tmp_path, 64).files)[NAMES.saved_object()])
    first = json.loads(dict(export_tts(parts, NAMES, tmp_path, 64).files)[NAMES.saved_object()])
    assert again == first  # deterministic


def test_a_deck_too_big_for_one_sheet_at_512_px_keeps_512_px_on_two(tmp_path: Path) -> None:
    """60 square faces at 512 px: a sheet holds 8 across (8 x 512 = 4096) and 7 down, 56
    faces; the other 4 go on a second sheet of 4 x 1. No face is made narrower."""
    pieces = [Piece(f"t{n}", tile(n), None, 1, "tiles") for n in range(60)]
    export = export_tts(Parts(tuple(pieces)), NAMES, tmp_path, 512)
    files = dict(export.files)
    first = pixels(files["test-set-tiles-tts-tiles-1.png"])
    second = pixels(files["test-set-tiles-tts-tiles-2.png"])
    assert first.shape[:2] == (7 * 512, 8 * 512) and second.shape[:2] == (512, 4 * 512)
    assert export.notes == []


def test_a_piece_with_a_table_back_shows_it_on_the_table(tmp_path: Path) -> None:
    back = Drawing(20, 20, (Rect(0, 0, 20, 20, Style(stroke=None, fill="#c03030")),))
    files = written(Parts((Piece("a", tile(1), None, 3, "red", table_back=back),)), tmp_path, 64)
    image = pixels(files["test-set-tiles-tts-red-back.png"])
    assert (np.abs(image - [0xC0, 0x30, 0x30]).max(axis=2) < 3).all()


def test_scrumpit_bags_have_backs_of_their_colour_and_the_board_no_cell_label(
    tmp_path: Path,
) -> None:
    tiles = load("scrumpit/tiles")
    assert tiles.kind.parts is not None
    files = written(tiles.kind.parts(tiles.model), tmp_path, 64)
    colours = tiles.model.colours  # type: ignore[attr-defined]
    for bag, colour in colours.items():
        back = pixels(files[f"test-set-tiles-tts-bag-{bag}-back.png"])
        rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
        ground = (np.abs(back - rgb).max(axis=2) < 4).mean()
        assert 0.6 < ground < 0.95  # the bag's colour, with its mark on it
    board = load("scrumpit/single")
    assert board.kind.parts is not None
    (drawn,) = board.kind.parts(board.model).boards
    image = written(board.kind.parts(board.model), tmp_path)["test-set-tiles-tts-board.png"]
    rgba = np.asarray(Image.open(io.BytesIO(image)).convert("RGBA"))
    corner = rgba[-rgba.shape[0] // 6 :, -rgba.shape[1] // 6 :]
    assert (corner[:, :, 3] == 0).all()  # the printed board's 'cells 19 mm' is not on the table's
    assert "mm" not in drawn.title


def test_a_board_on_a_sheet_is_trimmed_to_its_art_on_every_side(tmp_path: Path) -> None:
    """A map drawn with 0 mm of white on its left and 5 mm on its right loses both."""
    art = Style(stroke=None, fill="#204060")
    board = Drawing(100, 60, (Rect(0, 10, 95, 40, art),), title="Map")
    image = pixels(written(Parts(boards=(board,)), tmp_path)["test-set-tiles-tts-board.png"])
    assert image.shape[1] / image.shape[0] == pytest.approx(95 / 40, abs=0.02)
    for edge in (image[0], image[-1], image[:, 0], image[:, -1]):
        assert (np.abs(edge - [0x20, 0x40, 0x60]).max(axis=1) < 40).all()
