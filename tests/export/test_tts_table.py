"""A Tabletop Simulator save is ready to play when loaded: it validates against a schema of
TTS's save format (`tts_save.schema.json`, written from the community's type definitions, its
sources named in it); pieces the rules draw blind are in bags, a face-down pile is shuffled
with one back, the same layout shuffles the same way; every piece is its size in millimetres
beside the board it is laid on; the board has a snap point at the centre of each cell.

What a TTS object measures at scale 1 is written out here, not read from sheetgen: a card is
3.5 units tall and a stretched Custom_Tile 1.318 units (frankieliu/tts-tools, `docs/`, from
the Clank Legacy mod measured against the printed game), each as wide as its image's
proportion. A Custom_Tile turned to face the first seat (rotY 180) shows its image's top
away from that seat (+z) and its right to that seat's right (+x): a point of its own
(x, z) lies at (-x, -z) x its scale on the table."""

from __future__ import annotations

import io
import json
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import jsonschema
import numpy as np
import pytest
from PIL import Image

from sheetgen.draw.pieces import Parts, Piece
from sheetgen.draw.shapes import Drawing, Rect, Style, Text
from sheetgen.export.tts import Names, export_tts
from sheetgen.layouts.read import load
from tests.support import ROOT

SCHEMA = json.loads((Path(__file__).parent / "tts_save.schema.json").read_text())
CARD_UNITS = 3.5  # a card's height at scale 1, in table units
TILE_UNITS = 1.318  # a stretched Custom_Tile's height at scale 1
MM = 25.4  # mm a table unit (an inch)
NAMES = Names("test", "set", "tiles")


def face(n: int) -> Drawing:
    """A 20 mm card of a colour of its own with its number on it."""
    colour = f"#{(n * 37 + 20) % 256:02x}{(n * 91 + 40) % 256:02x}{(n * 53 + 60) % 256:02x}"
    return Drawing(
        20, 20, (Rect(0, 0, 20, 20, Style(stroke=None, fill=colour)), Text(10, 14, str(n), 10))
    )


def state_of(export_files: list[tuple[str, bytes]], names: Names) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(dict(export_files)[names.saved_object()])
    return found


def exported(ref: str, folder: Path, px: int = 64) -> tuple[Any, dict[str, Any], dict[str, bytes]]:
    """A built-in layout exported as `sheetgen export tts` exports it: its model, saved game
    and files."""
    item = load(ref)
    assert item.kind.parts is not None
    m = item.model
    names = Names(m.game, m.name, m.component)
    export = export_tts(item.kind.parts(m), names, folder, px)
    return m, state_of(export.files, names), dict(export.files)


@pytest.fixture(scope="module")
def scrumpit(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("scrumpit")
    tiles, tiles_state, _ = exported("scrumpit/tiles", folder)
    board, board_state, board_files = exported("scrumpit/single", folder)
    return {
        "tiles": tiles,
        "tiles_state": tiles_state,
        "board": board,
        "board_state": board_state,
        "board_files": board_files,
    }


@pytest.fixture(scope="module")
def marram(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any]]:
    model, state, _ = exported("marram/classic", tmp_path_factory.mktemp("marram"))
    return model, state


@pytest.mark.parametrize("ref", ["scribbly-gum/tiles", "walkabout/dice", "walkabout/mat"])
def test_saves_validate_against_the_save_format_schema(ref: str, tmp_path: Path) -> None:
    _, state, _ = exported(ref, tmp_path, 48)
    jsonschema.validate(state, SCHEMA)


def test_scrumpit_and_marram_saves_validate_against_the_save_format_schema(
    scrumpit: dict[str, Any], marram: tuple[Any, dict[str, Any]]
) -> None:
    for state in (scrumpit["tiles_state"], scrumpit["board_state"], marram[1]):
        jsonschema.validate(state, SCHEMA)


def test_the_schema_refuses_what_tts_would_not_read() -> None:
    """The schema is no rubber stamp: a sheet of 11 across, a misspelt field and a GUID of
    another form are each refused; so are a CardCustom cut from a sheet of several faces (a
    card of a deck sheet is a Card) and a Card of a sheet of one face alone (a CardCustom)."""
    deck = {"FaceURL": "f", "BackURL": "b", "NumWidth": 11, "NumHeight": 1}
    deck |= {"BackIsHidden": True, "UniqueBack": False, "Type": 1}
    where = {k: 0.0 for k in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ")}
    where |= {"scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
    card = {"Name": "Card", "GUID": "abc123", "Transform": where, "CardID": 100100}
    sheet = {**deck, "NumWidth": 10}
    alone = {**deck, "NumWidth": 1, "NumHeight": 1}
    bad = [
        {**card, "CustomDeck": {"1001": deck}},
        {**card, "CustomDeck": {"1001": sheet}, "Lockd": True},
        {**card, "CustomDeck": {"1001": sheet}, "GUID": "ABC-123"},
        {**card, "CustomDeck": {"1001": sheet}, "Name": "CardCustom"},
        {**card, "CustomDeck": {"1001": alone}},
        {**card, "Name": "CardCustom", "CustomDeck": {"1001": alone, "1002": alone}},
    ]
    good = [
        {**card, "CustomDeck": {"1001": sheet}},
        {**card, "CustomDeck": {"1001": alone}, "Name": "CardCustom"},
    ]
    jsonschema.validate({"ObjectStates": good}, SCHEMA)
    for obj in bad:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({"ObjectStates": [obj]}, SCHEMA)


def test_a_pile_is_shuffled_the_same_way_for_the_same_layout(tmp_path: Path) -> None:
    """Twelve designs, two copies each, in a face-down pile: every card is there, in an order
    that is not the set's; the same layout gives the same order (and bytes), another layout
    another order."""
    parts = Parts(tuple(Piece(f"t{n}", face(n), face(99), 2, "pile") for n in range(12)))

    def order(names: Names) -> list[str]:
        (deck,) = state_of(export_tts(parts, names, tmp_path, 32).files, names)["ObjectStates"]
        assert deck["Name"] == "DeckCustom" and deck["Transform"]["rotZ"] == 180  # face down
        (sheet,) = deck["CustomDeck"].values()
        assert sheet["UniqueBack"] is False and sheet["BackIsHidden"] is True  # one hidden back
        return [card["Nickname"] for card in deck["ContainedObjects"]]

    first, again = order(NAMES), order(NAMES)
    designed = [f"t{n}" for n in range(12) for _ in range(2)]
    assert Counter(first) == Counter(designed)
    assert first != designed and first == again
    assert order(Names("test", "other", "tiles")) != first
    one = export_tts(parts, NAMES, tmp_path, 32).files
    assert one == export_tts(parts, NAMES, tmp_path, 32).files


def test_scrumpit_tiles_are_drawn_from_a_bag_of_each_colour(scrumpit: dict[str, Any]) -> None:
    """The rulebook: each player draws from their own coloured bag. One bag a colour, tinted
    with it, holding that colour's tiles as many times as the layout counts them, shuffled."""
    model = scrumpit["tiles"]
    bags = {o["Nickname"]: o for o in scrumpit["tiles_state"]["ObjectStates"]}
    assert set(bags) == {f"{colour.capitalize()} bag" for colour in model.colours}
    for colour, fill in model.colours.items():
        bag = bags[f"{colour.capitalize()} bag"]
        assert bag["Name"] == "Bag"
        rgb = [int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        tint = bag["ColorDiffuse"]
        assert [tint["r"], tint["g"], tint["b"]] == pytest.approx(rgb, abs=0.02)
        names = [card["Nickname"] for card in bag["ContainedObjects"]]
        for card in bag["ContainedObjects"]:  # a rack (a hand) hides a tile from the others
            assert card["Name"] == "Card" and card["HideWhenFaceDown"] and card["Hands"]
        expected = Counter({f"{colour}-{t.letter}": t.count for t in model.letters})
        assert Counter(names) == expected
        assert names != sorted(names, key=list(expected).index)  # not in the set's order


def test_marram_tiles_come_from_a_bag_and_the_starter_lies_face_up(
    marram: tuple[Any, dict[str, Any]],
) -> None:
    """The rulebook: tiles are drawn at random from the stock (95), the starter tile already on
    the playing area. Both sides of a tile are played, so the tiles keep their own backs, in a
    bag where no side shows; the starter is a single card, face up."""
    model, state = marram
    by_name = {o["Nickname"]: o for o in state["ObjectStates"]}
    bag, starter = by_name["Tiles"], by_name["starter"]
    assert bag["Name"] == "Bag" and len(bag["ContainedObjects"]) == 95
    assert sum(t.count for t in model.tiles) == 95
    decks = {key for card in bag["ContainedObjects"] for key in card["CustomDeck"]}
    sheets = [card["CustomDeck"][key] for card in bag["ContainedObjects"] for key in decks]
    assert all(s["UniqueBack"] for s in sheets)
    assert starter["Name"] == "CardCustom" and starter["Transform"]["rotZ"] == 0  # one image
    (alone,) = starter["CustomDeck"].values()
    assert alone["NumWidth"] == alone["NumHeight"] == 1
    for card in [starter, *bag["ContainedObjects"]]:
        # both sides public: named either side up, and kept on the table, not in a hand
        assert card["HideWhenFaceDown"] is False and card["Hands"] is False
    assert all(card["Name"] == "Card" for card in bag["ContainedObjects"])  # from a sheet


def test_marram_faces_stay_512_px_on_a_7_by_5_sheet(tmp_path: Path) -> None:
    """34 designs in the bag: 7 x 5 = 35 cells at 512 px is a sheet of 3584 x 2560 px, within
    4096 px; 10 across (10 x 4) would need faces of 4096 / 10 = 409 px."""
    _, state, files = exported("marram/classic", tmp_path, 512)
    bag = next(o for o in state["ObjectStates"] if o["Nickname"] == "Tiles")
    (sheet,) = {
        json.dumps(v, sort_keys=True)
        for c in bag["ContainedObjects"]
        for v in c["CustomDeck"].values()
    }
    grid = json.loads(sheet)
    assert (grid["NumWidth"], grid["NumHeight"]) == (7, 5)
    image = Image.open(io.BytesIO(files["marram-classic-tiles-tts-tiles-1.png"]))
    assert image.size == (7 * 512, 5 * 512)


def _board_tile(state: dict[str, Any]) -> dict[str, Any]:
    (board,) = state["ObjectStates"]
    assert board["Name"] == "Custom_Tile" and board["CustomImage"]["CustomTile"]["Stretch"]
    found: dict[str, Any] = board
    return found


def test_a_19_mm_tile_fills_a_19_mm_cell_of_the_board(scrumpit: dict[str, Any]) -> None:
    """A tile's card and a board cell on the table, in table units: the card is scale x 3.5
    tall; the board, 15 cells and a home zone of 7 rows each side (29 cells down), is
    scale x 1.318 tall, so a cell is a 29th of that."""
    cell = scrumpit["board"].cell
    assert scrumpit["tiles"].size == cell == 19.0
    rows = 15 + 2 * 7
    board = _board_tile(scrumpit["board_state"])
    board_height = board["Transform"]["scaleZ"] * TILE_UNITS
    assert board_height * MM == pytest.approx(rows * cell, rel=0.01)
    for bag in scrumpit["tiles_state"]["ObjectStates"]:
        for card in bag["ContainedObjects"]:
            tile_height = card["Transform"]["scaleZ"] * CARD_UNITS
            assert tile_height == pytest.approx(board_height / rows, rel=0.01)
            assert card["Transform"]["scaleX"] == card["Transform"]["scaleZ"]  # square


def test_the_board_has_a_snap_point_at_each_cell_centre(scrumpit: dict[str, Any]) -> None:
    """Every cell of the 15 x 15 centre and of the four home zones (rows of the layout's
    widths) has one snap point, at its centre: on the table (mm from the board's middle)
    each lies on the 19 mm lattice whose middle cell holds the centre star, and the centre's
    225 cells are all there."""
    board_model = scrumpit["board"]
    cell = board_model.cell
    board = _board_tile(scrumpit["board_state"])
    scale = board["Transform"]["scaleX"]
    points = board["AttachedSnapPoints"]
    assert len(points) == 15 * 15 + 4 * sum(board_model.row_cells)
    on_table = set()
    for point in points:
        x = -point["Position"]["x"] * scale * MM / cell  # cells right of the middle
        z = -point["Position"]["z"] * scale * MM / cell  # cells away from the first seat
        assert abs(x - round(x)) < 0.03 and abs(z - round(z)) < 0.03, (x, z)
        assert max(abs(x), abs(z)) <= 14.03
        on_table.add((round(x), round(z)))
    assert len(on_table) == len(points)
    assert {(x, z) for x in range(-7, 8) for z in range(-7, 8)} <= on_table
    assert (0, 14) in on_table and (0, -14) in on_table  # the apex stars, away and near


def test_the_scrumpit_board_is_clear_outside_its_cross_of_cells(scrumpit: dict[str, Any]) -> None:
    """The board's image has alpha: its corners (outside the zones) clear, its centre opaque."""
    image = Image.open(io.BytesIO(scrumpit["board_files"]["scrumpit-single-board-tts-whole.png"]))
    alpha = np.asarray(image.convert("RGBA"))[:, :, 3]
    h, w = alpha.shape
    assert alpha[h // 2, w // 2] == 255
    assert alpha[h - 3 : h, w - 3 : w].max() == 0  # the bottom-right corner
    assert alpha[: h // 20, w - w // 20 :].max() == 0  # the top-right corner


def test_scribbly_gum_cards_from_a_sheet_are_cards_and_achievements_show_either_side(
    tmp_path: Path,
) -> None:
    """The achievements and letters are laid out face up, each cut from its deck's sheet of
    several faces: a Card (with its sheet's entry and CardID), not a CardCustom. An
    achievement is scored gold side up and flipped to silver, both sides public: its name
    shows either side up and it stays out of hands. A movement tile's back hides it: the
    shuffled pile hides its name face down."""
    model, state, _ = exported("scribbly-gum/tiles", tmp_path, 32)
    jsonschema.validate(state, SCHEMA)
    objects = state["ObjectStates"]
    (pile,) = [o for o in objects if o["Name"] == "DeckCustom"]
    assert pile["Nickname"] == "Movement"
    assert all(c["HideWhenFaceDown"] and c["Name"] == "Card" for c in pile["ContainedObjects"])
    cards = [o for o in objects if o["Name"] in ("Card", "CardCustom")]
    assert cards and all(c["Name"] == "Card" for c in cards)
    for card in cards:
        (sheet,) = card["CustomDeck"].values()
        assert sheet["NumWidth"] * sheet["NumHeight"] > 1
        achievement = sheet["UniqueBack"]  # gold and silver; a letter has a blank back
        assert card["HideWhenFaceDown"] is not achievement and card["Hands"] is not achievement
    public = [c["Nickname"] for c in cards if c["HideWhenFaceDown"] is False]
    assert public == [a.title for a in model.achievements]  # as players read them, in order


BAG_UNITS = 3.0  # the stock bag's footprint at scale 1, at most, across (an assumption)


def footprint(obj: dict[str, Any], board_png: bytes | None = None) -> tuple[float, ...]:
    """An object's box on the table (left, near, right, far) in table units: a card its
    scale x 3.5 units deep and as wide as its sheet's cell; a board its scale x 1.318 units
    deep and as wide as its image's proportion; a bag BAG_UNITS square."""
    where = obj["Transform"]
    if obj["Name"] == "Custom_Tile":
        assert board_png is not None
        w_px, h_px = Image.open(io.BytesIO(board_png)).size
        depth = where["scaleZ"] * TILE_UNITS
        width = depth * w_px / h_px
    elif obj["Name"] == "Bag":
        width = depth = BAG_UNITS
    else:
        depth = where["scaleZ"] * CARD_UNITS
        width = depth  # every test piece here is square
    x, z = where["posX"], where["posZ"]
    return (x - width / 2, z - depth / 2, x + width / 2, z + depth / 2)


def test_scrumpit_bags_lie_clear_of_the_board_when_both_saves_are_loaded(
    scrumpit: dict[str, Any],
) -> None:
    """TTS loads a saved object onto the table beside what is there: the tiles save and the
    board save loaded together must not overlap. Every bag lies clear of the board's box,
    and the bags clear of each other."""
    board = _board_tile(scrumpit["board_state"])
    png = scrumpit["board_files"]["scrumpit-single-board-tts-whole.png"]
    left, near, right, far = footprint(board, png)
    assert (right - left) * MM == pytest.approx(29 * 19.0, rel=0.01)
    boxes = [footprint(o) for o in scrumpit["tiles_state"]["ObjectStates"]]
    assert len(boxes) == 4
    for x0, z0, x1, z1 in boxes:
        assert x1 <= left or x0 >= right or z1 <= near or z0 >= far, (x0, z0, x1, z1)
    for a, b in pairwise(boxes):
        assert a[2] <= b[0]  # left to right, apart


def test_pieces_of_a_component_with_a_board_lie_in_front_of_it(tmp_path: Path) -> None:
    """A board and its pieces in one save: the pieces in a row in front of the board's near
    edge, clear of it."""
    board = Drawing(300, 200, (Rect(0, 0, 300, 200, Style(fill="#336699")),), title="Map")
    parts = Parts(tuple(Piece(f"t{n}", face(n), None, 1, "open", drawn="open") for n in range(5)))
    parts = Parts(parts.pieces, (), (board,))
    export = export_tts(parts, NAMES, tmp_path, 32)
    state = state_of(export.files, NAMES)
    tile, *cards = state["ObjectStates"]
    _, near, _, _ = footprint(tile, dict(export.files)["test-set-tiles-tts-board.png"])
    assert len(cards) == 5
    for card in cards:
        assert card["Name"] == "Card"
        assert footprint(card)[3] <= near


def test_a_designers_bags_of_backless_tiles_are_tinted_with_their_tiles_colour(
    tmp_path: Path,
) -> None:
    """The Spanish tiles print no back: each of their four bags is tinted with the colour of
    its own tiles, as the layout's CSV writes it (column 'color'), not left white alike."""
    _, state, _ = exported("custom/scrumpit-es", tmp_path)
    bags = {o["Nickname"]: o for o in state["ObjectStates"] if o["Name"] == "Bag"}
    rows = (ROOT / "layouts/custom/scrumpit-es.csv").read_text(encoding="utf-8").splitlines()
    head = rows[0].split(",")
    colours = {}
    for row in rows[1:]:
        cells = dict(zip(head, row.split(","), strict=True))
        colours[cells["bolsa"]] = cells["color"]
    assert len(bags) == len(colours) == 4
    for bag, fill in colours.items():
        tint = bags[f"Bolsa {bag}"]["ColorDiffuse"]
        rgb = [int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        assert [tint["r"], tint["g"], tint["b"]] == pytest.approx(rgb, abs=0.02), bag
