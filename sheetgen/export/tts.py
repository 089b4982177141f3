"""Tabletop Simulator: a component's parts as the images TTS imports and a saved game that is
ready to play when loaded.

- Deck sheets: one deck a `Piece.deck`, each design once (a design's copies share its card),
  each face `--px` wide (512) on as few sheets as hold them at that size: at most 10 x 7
  faces and 4096 px a side, each sheet's grid the one with the fewest empty cells (Marram's
  34 designs in 7 x 5 at 512 px). Every deck hides its back (`BackIsHidden`): a card in a
  hand shows the others its back, and no cell of a sheet is kept for a hidden face. Pieces of
  one back share one back image; pieces with backs of their own get back sheets laid out as
  their face sheets (`UniqueBack`).
- How the pieces are taken follows the game's rules (`Piece.drawn`): drawn blind from a
  `Bag` (tinted with the pieces' common back), shuffled into one face-down deck, or laid out
  face up in the set's order. Shuffles are the same for the same layout: each is seeded from
  the layout's identity and the deck's name (`shuffled`); players reshuffle in TTS.
- Sizes follow millimetres (`export.tts_scale`): each card, tile and board is given the scale
  that makes it its own size, so a 19 mm tile fills a 19 mm cell of a board.
- Dice: each six-sided die as the Custom Dice d6 template (`export.deck_grid.DIE_TEMPLATE`).
- Boards: each board trimmed to its art (no white left of its sheet on any side; a board cut to
  its shape is clear outside it), at most 4096 px on its long side, a locked `Custom_Tile`
  stretched to its image, with a snap point at the centre of each cell pieces are laid on.
- Cards: a card cut from a sheet of several faces is a `Card` (its sheet's `CustomDeck` entry
  and its `CardID`); a card whose sheet is its face alone (1 x 1) is a `CardCustom`, as TTS
  names a card made from one image. Each deck's `CustomDeck.Type` gives its cards the shape
  its pieces are cut to (`Piece.cut`): a rectangle, with rounded corners where the pieces'
  are, a hexagon or a circle (`card_type`).
- Who sees what: a piece whose both sides are faces every player may read (a Marram tile, a
  Scribbly Gum achievement: `Piece.both_public`) shows its name whichever side is up and is
  kept on the table, not in a hand; any other piece hides its name face down and may be held
  in a hand, where the others see its back.
- Where objects lie: boards at the middle of the table; decks, bags, cards and dice in a row
  in front of the boards, or in front of where a board of the game lies (`Parts.board_room`)
  when the component has none, so a save of pieces loaded beside a save of the board (TTS
  loads saved objects additively) lies clear of it.
- The saved game: `ObjectStates` of `DeckCustom`, `Card`, `CardCustom`, `Bag`, `Custom_Dice`
  and `Custom_Tile`, no dates; every image a `file:///` URL of the file written, or, given a
  base URL (`--base-url`), that address and the file's name, so the save loads for players
  on other machines once the images are uploaded there, and it is the same bytes wherever it
  is written. GUIDs and deck ids come from the layout's identity (game, layout, component)
  and the object's content, so objects of several exports loaded onto one table do not
  collide, and the same layout gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote, urljoin, urlsplit

import numpy as np
from PIL import Image

from sheetgen.draw.pieces import Cut, Die, Drawn, OnTable, Parts, Piece
from sheetgen.draw.shapes import Drawing, Rect, Style
from sheetgen.errors import UsageError
from sheetgen.export.deck_grid import (
    DIE_TEMPLATE_CELLS,
    MAX_CELL,
    MAX_DIE_FACE,
    MAX_SIDE,
    SheetGrid,
    deck_sheets,
    die_template_cell,
)
from sheetgen.export.raster import Shot, art_box, png_bytes, rasterise
from sheetgen.export.tts_scale import card_scale, tile_scale, units
from sheetgen.frozen import frozen
from sheetgen.pipeline.output import output_name, slug

BOARD_DPI = 200  # a board's resolution where its long side stays within MAX_SIDE
DIE_FACE_PX = 256  # a die face's side in its template unless asked for less
# CustomDeck Type, the shape TTS gives a deck's cards (its API's CardCustom `type`): 0 a
# rectangle with rounded corners, 1 a rectangle, 2 a hexagon with rounded corners, 3 a
# hexagon, 4 a circle
CARD_TYPES = {"rounded": 0, "rectangle": 1, "hexagon": 3, "circle": 4}
DICE_D6 = 1  # CustomDice Type: 0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20
TILE_BOX = 0  # CustomTile Type: 0 box, 1 hex, 2 circle, 3 rounded
BOARD_THICKNESS = 0.2  # a board tile's thickness (Custom_Tile Thickness)
BAG_RANDOM = 2  # Bag Order: 0 last in first out, 1 first in first out, 2 at random
GAP = 20.0  # mm between objects laid out on the table
BAG_ROOM = 90.0  # mm of the table a bag is given, across and deep (the stock bag at scale 1
# is taken as at most 3 units, 76 mm, across, as players see it: not measured here)
DIE_ROOM = 40.0  # mm of the table a die is given, across and deep (a die at scale 1 is 1 unit)
# deck ids: TTS reads a CardID (deck id x 100 + cell) as a 32-bit integer; ids of 1000 to
# 9,999,999 keep every CardID below 10^9, clear of the ids hand-made decks use (1, 2, ...)
DECK_IDS = range(1000, 10_000_000)

T = TypeVar("T")


@dataclass
class Export:
    """What an export writes: image files (name, bytes), the saved object's objects (each with
    its width and depth in mm on the table, to lay them out), and notes for the user."""

    files: list[tuple[str, bytes]] = field(default_factory=list)
    objects: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)
    depths: list[float] = field(default_factory=list)

    def place(self, obj: dict[str, Any], width: float, depth: float) -> None:
        """Add an object that takes `width` x `depth` mm of the table."""
        self.objects.append(obj)
        self.widths.append(width)
        self.depths.append(depth)


def base_url(text: str) -> str:
    """`--base-url` checked: the http:// or https:// address (with a host, no query or
    fragment) of the folder the images are uploaded to, ending in '/' so that each file's name
    joins onto it; anything else is refused in one line."""
    parts = urlsplit(text)
    wrong = (
        "it has a space or a control character in it (write a space as %20)"
        if any(c.isspace() or ord(c) < 32 for c in text)
        else "it has a ?query or #fragment (each image's file name is added to its end)"
        if parts.query or parts.fragment
        else ""
    )
    if wrong or parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(
            f"--base-url {text!r}: expected the http:// or https:// address of the folder the "
            "images are uploaded to, such as https://example.org/pieces/"
            + (f"; {wrong}" if wrong else "")
        )
    return text if text.endswith("/") else text + "/"


@frozen
class Where:
    """Where a saved game finds its images: each a `file:///` URL in `folder`, or `base` (a
    checked `base_url`) and the file's name."""

    folder: Path
    base: str | None = None

    def url(self, name: str) -> str:
        """The URL of the image file `name`."""
        if self.base is None:
            return (self.folder.resolve() / name).as_uri()
        return urljoin(self.base, quote(name))


@frozen
class Names:
    """How a layout's exported files are named: `<game>-<layout>[-<component>]-tts-<what>`."""

    game: str
    layout: str
    component: str

    @property
    def identity(self) -> str:
        """What names the layout among all exports: 'scrumpit/single/board'."""
        return f"{self.game}/{self.layout}/{self.component}"

    def file(self, what: str) -> str:
        """An image's name: `...-tts-<what>.png`."""
        return output_name(self.game, self.layout, self.component, "png", f"tts-{what}")

    def saved_object(self) -> str:
        """The saved object's name: `...-tts.json` (named as an image is, then given .json)."""
        return output_name(self.game, self.layout, self.component, "png", "tts")[:-4] + ".json"


def label(text: str, otherwise: str) -> str:
    """A name as a part of a file name: its slug in lower case, or `otherwise` if it has none."""
    return slug(text).lower() or otherwise


def decks(pieces: tuple[Piece, ...]) -> list[tuple[str, list[Piece]]]:
    """The pieces by deck, decks in the order their first piece comes."""
    found: dict[str, list[Piece]] = {}
    for piece in pieces:
        found.setdefault(piece.deck or "pieces", []).append(piece)
    return list(found.items())


def blank_back(piece: Piece) -> Drawing:
    """A plain white back for a piece with nothing printed on its back and no back of its
    own for a table (`Piece.table_back`)."""
    w, h = piece.front.width, piece.front.height
    return Drawing(w, h, (Rect(0, 0, w, h, Style(stroke=None, fill="#ffffff")),), title="back")


def _sheet_image(grid: SheetGrid, images: list[Image.Image]) -> Image.Image:
    sheet = Image.new("RGB", grid.size, "#ffffff")
    for index, image in enumerate(images):
        sheet.paste(image, grid.cell(index))
    return sheet


def _digest(names: Names, content: tuple[object, ...]) -> str:
    text = json.dumps([names.identity, *content], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def guid(names: Names, *content: object) -> str:
    """Six hex digits (a TTS GUID) from the layout's identity and what an object is: the same
    object, the same GUID; another layout's object, another GUID."""
    return _digest(names, content)[:6]


def deck_id(names: Names, taken: set[int], *content: object) -> int:
    """A deck sheet's CustomDeck id in DECK_IDS from the layout's identity and the sheet's
    content, the next free one where this export has `taken` it already; added to `taken`."""
    start = int(_digest(names, content)[:12], 16) % len(DECK_IDS)
    found = next(
        DECK_IDS[(start + i) % len(DECK_IDS)]
        for i in range(len(DECK_IDS))
        if DECK_IDS[(start + i) % len(DECK_IDS)] not in taken
    )
    taken.add(found)
    return found


def shuffled(items: Sequence[T], seed: str) -> list[T]:
    """`items` in a shuffled order that depends on `seed` alone (a Fisher-Yates shuffle drawing
    each swap from SHA-256 of the seed and the step): the same seed, the same order, on every
    machine and Python."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        draw = int.from_bytes(hashlib.sha256(f"{seed}\n{i}".encode()).digest()[:8], "big")
        j = draw % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def transform(x: float, z: float, face_down: bool = False, scale: float = 1.0) -> dict[str, float]:
    """A TTS Transform: at (x, z) mm on the table, facing the first seat, face down (turned
    over about z) if asked, `scale` across the table (its thickness unscaled)."""
    return {
        "posX": round(units(x), 4),
        "posY": 1.0,
        "posZ": round(units(z), 4),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": round(scale, 6),
        "scaleY": 1.0,
        "scaleZ": round(scale, 6),
    }


def shrink_note(name: str, pieces: list[Piece], px: int, cell_w: int) -> list[str]:
    """Why a deck's faces are `cell_w` px wide, not the `px` asked: one face that size would
    pass MAX_SIDE."""
    if cell_w >= px:
        return []
    front = pieces[0].front
    return [
        f"deck {name!r}: faces made {cell_w} px wide (asked {px}) so that a face of "
        f"{front.width:g} x {front.height:g} mm stays within {MAX_SIDE} px"
    ]


@frozen
class Card:
    """One card of a deck before it is placed: its design, its CardID, its sheet's entry, and
    whether both its sides are faces every player may read (`Piece.both_public`)."""

    name: str
    card_id: int
    custom: dict[str, Any]
    uid: str
    both_public: bool = False

    @property
    def kind(self) -> str:
        """Its object's Name: 'CardCustom' where its sheet is its face alone (1 x 1), as TTS
        names a card made from one image; else 'Card', a card cut from a sheet of several."""
        (sheet,) = self.custom.values()
        one = sheet["NumWidth"] == sheet["NumHeight"] == 1
        return "CardCustom" if one else "Card"


def card_type(cut: Cut) -> int:
    """The shape TTS gives a deck's cards (`CustomDeck.Type`), as its pieces are cut: a
    rectangle with rounded corners or square ones, a hexagon, a circle. The card's outline is
    TTS's own, its face's image shown within it: a sheet's cells stay whole, opaque to their
    edges."""
    if cut.shape == "rectangle":
        return CARD_TYPES["rectangle" if cut.square else "rounded"]
    return CARD_TYPES[cut.shape]


def deck_title(piece: Piece) -> str:
    """What players read as a deck's name on the table: the game's (`Piece.deck_name`), or its
    deck's slug in words ('movement' -> 'Movement')."""
    return piece.deck_name or piece.deck.replace("-", " ").capitalize() or "Pieces"


def export_deck(
    name: str, pieces: list[Piece], names: Names, where: Where, px: int, taken: set[int]
) -> Export:
    """One deck's sheets, back image(s) and its objects, faces `px` wide where a sheet allows
    (deck ids from `deck_id`, none of those `taken`): a bag, a shuffled face-down deck, or its
    cards face up in a row, as `Piece.drawn` says."""
    out = Export()
    sheets = deck_sheets(len(pieces), pieces[0].front.width, pieces[0].front.height, px)
    cell_w, cell_h = sheets[0][1].cell_w, sheets[0][1].cell_h
    out.notes += shrink_note(name, pieces, px, cell_w)
    backs = [p.back or p.table_back or blank_back(p) for p in pieces]
    unique_back = len({b.content() for b in backs}) > 1
    faces = rasterise([Shot(p.front, cell_w, cell_h) for p in pieces])
    drawn = backs if unique_back else backs[:1]
    back_images = rasterise([Shot(b, cell_w, cell_h) for b in drawn])
    stem = label(name, "deck")
    single_back = ""
    if not unique_back:
        single_back = names.file(f"{stem}-back")
        out.files.append((single_back, png_bytes(back_images[0])))
    custom: dict[str, dict[str, Any]] = {}
    cards: list[Card] = []
    for number, (indices, grid) in enumerate(sheets):
        sheet = names.file(f"{stem}-{number + 1}")
        sheet_png = png_bytes(_sheet_image(grid, [faces[i] for i in indices]))
        out.files.append((sheet, sheet_png))
        sheet_id = deck_id(names, taken, name, number, hashlib.sha256(sheet_png).hexdigest())
        back_name = single_back
        if unique_back:
            back_name = names.file(f"{stem}-back-{number + 1}")
            out.files.append(
                (back_name, png_bytes(_sheet_image(grid, [back_images[i] for i in indices])))
            )
        custom[str(sheet_id)] = {
            "FaceURL": where.url(sheet),
            "BackURL": where.url(back_name),
            "NumWidth": grid.cols,
            "NumHeight": grid.rows,
            "BackIsHidden": True,
            "UniqueBack": unique_back,
            "Type": card_type(pieces[0].cut),
        }
        for slot, i in enumerate(indices):
            for copy in range(pieces[i].count):
                card_id = sheet_id * 100 + slot
                own = {str(sheet_id): custom[str(sheet_id)]}
                uid = guid(names, "card", name, card_id, copy)
                shown = pieces[i].title or pieces[i].name
                cards.append(Card(shown, card_id, own, uid, pieces[i].both_public))
    front = pieces[0].front
    how: Drawn = pieces[0].drawn
    scale = card_scale(front.height)
    if how == "open":
        for card in cards:
            out.place(_card(card, scale, face_down=False), front.width, front.height)
        return out
    order = shuffled(cards, f"{names.identity}/{name}")
    if how == "bag":
        # tinted with the common back, or where the pieces print no back (tiles of one
        # bag's colour) with the first piece's face
        plain = all(p.back is None and p.table_back is None for p in pieces)
        tint = faces[0] if plain else None if unique_back else back_images[0]
        out.place(_bag(names, deck_title(pieces[0]), order, scale, tint), BAG_ROOM, BAG_ROOM)
        return out
    if len(order) == 1:
        out.place(_card(order[0], scale, face_down=True), front.width, front.height)
    else:
        title = deck_title(pieces[0])
        out.place(_deck_object(names, title, order, custom, scale), front.width, front.height)
    return out


def _card(card: Card, scale: float, face_down: bool) -> dict[str, Any]:
    """One card: its sheet's entry alone in its CustomDeck, at `scale`. A card whose both
    sides are public shows its name whichever side is up and stays out of hands (a hand shows
    the others only a card's back); any other hides its name face down and may be held."""
    return {
        "Name": card.kind,
        "GUID": card.uid,
        "Nickname": card.name,
        "CardID": card.card_id,
        "CustomDeck": card.custom,
        "Transform": transform(0.0, 0.0, face_down, scale),
        "SidewaysCard": False,
        "HideWhenFaceDown": not card.both_public,
        "Hands": not card.both_public,
    }


def _deck_object(
    names: Names, title: str, cards: list[Card], custom: dict[str, Any], scale: float
) -> dict[str, Any]:
    """A face-down deck of `cards`, in their order (the first on top), named `title`."""
    contained = [_card(card, scale, face_down=True) for card in cards]
    deck: dict[str, Any] = {
        "Name": "DeckCustom",
        "Nickname": title,
        "Transform": transform(0.0, 0.0, face_down=True, scale=scale),
        "DeckIDs": [card.card_id for card in cards],
        "CustomDeck": custom,
        "ContainedObjects": contained,
        "SidewaysCard": False,
        "HideWhenFaceDown": True,
        "Hands": False,
    }
    deck["GUID"] = guid(names, "deck", title, deck["DeckIDs"], sorted(custom))
    return deck


def _colour(image: Image.Image) -> dict[str, float]:
    """An image's commonest colour as a TTS colour (0 to 1 a channel)."""
    pixels = np.asarray(image.convert("RGB")).reshape(-1, 3)
    colours, counts = np.unique(pixels, axis=0, return_counts=True)
    r, g, b = (round(int(c) / 255, 4) for c in colours[int(np.argmax(counts))])
    return {"r": r, "g": g, "b": b}


def _bag(
    names: Names, title: str, cards: list[Card], scale: float, tint: Image.Image | None
) -> dict[str, Any]:
    """A bag named `title` holding `cards` in their order, drawn from at random; tinted with
    `tint`'s colour (the pieces' common back) where there is one."""
    bag: dict[str, Any] = {
        "Name": "Bag",
        "GUID": guid(names, "bag", title, [card.uid for card in cards]),
        "Nickname": title,
        "Transform": transform(0.0, 0.0),
        "Bag": {"Order": BAG_RANDOM},
        "ContainedObjects": [_card(card, scale, face_down=False) for card in cards],
    }
    if tint is not None:
        bag["ColorDiffuse"] = _colour(tint)
    return bag


def export_die(die: Die, names: Names, where: Where, px: int) -> Export:
    """A die as its d6 template image and its Custom_Dice object."""
    face_px = min(px, MAX_DIE_FACE)
    images = rasterise([Shot(face, face_px, face_px) for face in die.faces])
    cols, rows = DIE_TEMPLATE_CELLS
    template = Image.new("RGB", (cols * face_px, rows * face_px), "#ffffff")
    for number, image in enumerate(images, start=1):
        template.paste(image, die_template_cell(number, face_px))
    file = names.file(f"die-{label(die.name, 'die')}")
    data = png_bytes(template)
    dice = {
        "Name": "Custom_Dice",
        "GUID": guid(names, "die", die.name, hashlib.sha256(data).hexdigest()),
        "Nickname": die.name,
        "Transform": transform(0.0, 0.0),
        "CustomImage": {
            "ImageURL": where.url(file),
            "ImageSecondaryURL": "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomDice": {"Type": DICE_D6},
        },
    }
    out = Export([(file, data)])
    out.place(dice, DIE_ROOM, DIE_ROOM)
    return out


def board_pixels(board: Drawing) -> tuple[int, int]:
    """A board's image size: BOARD_DPI, or less where its long side would pass MAX_SIDE."""
    per_mm = min(BOARD_DPI / 25.4, MAX_SIDE / max(board.width, board.height))
    return max(1, round(board.width * per_mm)), max(1, round(board.height * per_mm))


def snap_points(
    cells: tuple[tuple[float, float], ...],
    box: tuple[float, float, float, float],
    scale: float,
) -> list[dict[str, Any]]:
    """A snap point at each cell centre (mm from the board drawing's top-left), in the board
    tile's own coordinates: the tile's image spans `box` (left, top, right, bottom mm of the
    drawing), its centre is the origin, and a Custom_Tile shows its image's top towards its
    own -z and its image's right towards its own -x (turned to face the first seat, rotY
    180, the top is away from that seat and the right on its right); lengths are table units
    over the tile's `scale`. Each point turns a piece square to the board."""
    left, top, right, bottom = box
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    return [
        {
            "Position": {
                "x": round(-units(x - mid_x) / scale, 5),
                "y": round(BOARD_THICKNESS / 2, 5),
                "z": round(units(y - mid_y) / scale, 5),
            },
            "Rotation": {"x": 0.0, "y": 0.0, "z": 0.0},
        }
        for x, y in cells
    ]


def export_board(board: Drawing, facts: OnTable, label: str, names: Names, where: Where) -> Export:
    """A board trimmed to its art (clear outside it where it is cut to its shape) as a locked
    Custom_Tile its own size in mm, with a snap point at each of its cells."""
    w_px, h_px = board_pixels(board)
    (image,) = rasterise([Shot(board, w_px, h_px, transparent=facts.cut_to_shape)])
    left, top, right, bottom = art_box(image)
    image = image.crop((left, top, right, bottom))
    mm_x, mm_y = board.width / w_px, board.height / h_px
    box = (left * mm_x, top * mm_y, right * mm_x, bottom * mm_y)
    height = box[3] - box[1]
    scale = tile_scale(height)
    file = names.file(label)
    data = png_bytes(image)
    obj: dict[str, Any] = {
        "Name": "Custom_Tile",
        "GUID": guid(names, "board", label, hashlib.sha256(data).hexdigest()),
        "Nickname": board.title or label,
        "Transform": transform(0.0, 0.0, scale=scale),
        "Locked": True,
        "CustomImage": {
            "ImageURL": where.url(file),
            "ImageSecondaryURL": "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {
                "Type": TILE_BOX,
                "Thickness": BOARD_THICKNESS,
                "Stackable": False,
                "Stretch": True,
            },
        },
    }
    if facts.cells:
        obj["AttachedSnapPoints"] = snap_points(facts.cells, box, scale)
    out = Export([(file, data)])
    out.place(obj, box[2] - box[0], height)
    return out


def board_labels(boards: tuple[Drawing, ...], names: Names) -> list[str]:
    """What tells a component's boards apart in file names: 'board' for its only one ('whole'
    where 'board' is a word of the name already: `scrumpit-single-board-whole`), else each
    title's words that its file name does not already hold (a pad's 'kuringgai-side'), or its
    number where those are missing or the same as another's."""
    known = set(f"{names.game}-{names.layout}-{names.component}".split("-"))
    if len(boards) == 1:
        return ["whole" if "board" in known else "board"]
    out: list[str] = []
    for number, board in enumerate(boards, start=1):
        words = [w for w in label(board.title, "").split("-") if w and w not in known]
        found = "board-" + "-".join(words) if words else ""
        out.append(found if found and found not in out else f"board-{number}")
    return out


def _lay_out(row: Export, z: float) -> None:
    """Place a row of objects left to right, GAP mm apart, centred on the table at `z` mm."""
    total = sum(row.widths) + GAP * max(0, len(row.widths) - 1)
    x = -total / 2
    for obj, width in zip(row.objects, row.widths, strict=True):
        obj["Transform"]["posX"] = round(units(x + width / 2), 4)
        obj["Transform"]["posZ"] = round(units(z), 4)
        x += width + GAP


def export_tts(
    parts: Parts, names: Names, folder: Path, px: int = MAX_CELL, base: str | None = None
) -> Export:
    """Every deck, die and board of a component, and the saved game that loads them (images
    from `folder`, or from `base`, a checked `base_url`): the boards in a row at the middle of
    the table, the pieces and dice in a row in front of them, or in front of where a board of
    the game lies (`Parts.board_room`) when the component has none, GAP mm clear of it."""
    where = Where(folder, base)
    whole = Export()
    pieces = Export()
    taken: set[int] = set()
    for name, members in decks(parts.pieces):
        _add(pieces, export_deck(name, members, names, where, px, taken))
    for die in parts.dice:
        _add(pieces, export_die(die, names, where, min(px, DIE_FACE_PX)))
    boards = Export()
    labels = board_labels(parts.boards, names)
    for index, (board, label) in enumerate(zip(parts.boards, labels, strict=True)):
        _add(boards, export_board(board, parts.table_facts(index), label, names, where))
    room = max([*boards.depths, parts.board_room[1]])
    _lay_out(boards, 0.0)
    if room:
        _lay_out(pieces, -(room / 2 + GAP + max(pieces.depths, default=0.0) / 2))
    else:
        _lay_out(pieces, 0.0)
    _add(whole, boards)
    _add(whole, pieces)
    saved = {
        "SaveName": f"{names.game}/{names.layout}",
        "GameMode": "",
        "Date": "",
        "Note": f"made by sheetgen from {names.game}/{names.layout}",
        "ObjectStates": whole.objects,
    }
    text = json.dumps(saved, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    whole.files.append((names.saved_object(), text.encode("utf-8")))
    return whole


def _add(whole: Export, part: Export) -> None:
    whole.files += part.files
    whole.objects += part.objects
    whole.notes += part.notes
    whole.widths += part.widths
    whole.depths += part.depths
