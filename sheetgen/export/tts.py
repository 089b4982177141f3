"""Tabletop Simulator: a component's parts as the images TTS imports and a saved object that
loads them from local files.

- Deck sheets: one deck a `Piece.deck`, each design once (a design's copies share its card),
  at most 10 x 7 faces and 4096 px a side, more sheets where a deck has more than 70 designs.
  The deck's back is hidden (`BackIsHidden`), so a card in a hand shows its back and no cell
  of a sheet is kept for a hidden face. Pieces of one back share one back image; pieces with
  backs of their own get back sheets laid out as their face sheets (`UniqueBack`).
- Dice: each six-sided die as the Custom Dice d6 template (`export.deck_grid.DIE_TEMPLATE`).
- Boards: each board trimmed to its art (no white left of its sheet on any side), at most
  4096 px on its long side.
- The saved object: `ObjectStates` of `DeckCustom` (or `CardCustom`), `Custom_Dice` and
  `Custom_Board`, every image a `file:///` URL, no dates. GUIDs and deck ids come from the
  layout's identity (game, layout, component) and the object's content, so objects of several
  exports loaded onto one table do not collide, and the same layout gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from sheetgen.draw.pieces import Die, Parts, Piece
from sheetgen.draw.shapes import Drawing, Rect, Style
from sheetgen.export.deck_grid import (
    DIE_TEMPLATE_CELLS,
    MAX_CELL,
    MAX_DIE_FACE,
    MAX_SIDE,
    SheetGrid,
    cell_pixels,
    die_template_cell,
    grid_shape,
    split_deck,
)
from sheetgen.export.raster import Shot, png_bytes, rasterise, trim_to_art
from sheetgen.pipeline.output import output_name, slug

BOARD_DPI = 200  # a board's resolution where its long side stays within MAX_SIDE
DIE_FACE_PX = 256  # a die face's side in its template unless asked for less
CARD_RECTANGLE = 1  # CustomDeck Type: 0 rounded rectangle, 1 rectangle, 2/3 hex, 4 circle
DICE_D6 = 1  # CustomDice Type: 0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20
# deck ids: TTS reads a CardID (deck id x 100 + cell) as a 32-bit integer; ids of 1000 to
# 9,999,999 keep every CardID below 10^9, clear of the ids hand-made decks use (1, 2, ...)
DECK_IDS = range(1000, 10_000_000)


@dataclass
class Export:
    """What an export writes: image files (name, bytes), the saved object's objects, and
    notes for the user."""

    files: list[tuple[str, bytes]] = field(default_factory=list)
    objects: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
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


def _url(folder: Path, name: str) -> str:
    return (folder.resolve() / name).as_uri()


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


def transform(x: float, z: float, face_down: bool = False) -> dict[str, float]:
    """A TTS Transform: at (x, z) on the table, face down (turned over about z) if asked."""
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": z,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def deck_cell(pieces: list[Piece], px: int) -> tuple[int, int]:
    """A deck's cell size in px: `px` wide, or less where its sheets would pass MAX_SIDE."""
    front = pieces[0].front
    cols, rows = grid_shape(len(split_deck(len(pieces))[0]))
    return cell_pixels(front.width, front.height, cols, rows, px)


def cap_notes(grouped: list[tuple[str, list[Piece]]], px: int, cell_w: int) -> list[str]:
    """Why the decks' faces are `cell_w` px wide, not the `px` asked: the narrowest deck's
    sheet would pass MAX_SIDE, and the others match it (one scale on the table)."""
    if cell_w >= px:
        return []
    name, pieces = min(grouped, key=lambda deck: deck_cell(deck[1], px)[0])
    cols, rows = grid_shape(len(split_deck(len(pieces))[0]))
    way = f"{cols} across" if cols * px > MAX_SIDE else f"{rows} down"
    notes = [
        f"deck {name!r}: faces made {cell_w} px wide (asked {px}) so that a sheet of {way} "
        f"stays within {MAX_SIDE} px"
    ]
    others = ", ".join(repr(other) for other, _ in grouped if other != name)
    if others:
        notes.append(f"deck {others}: faces made {cell_w} px wide too, to match deck {name!r}")
    return notes


def export_deck(
    name: str, pieces: list[Piece], names: Names, folder: Path, px: int, taken: set[int], at: float
) -> Export:
    """One deck's sheets, back image(s) and its DeckCustom object, faces at most `px` wide
    (deck ids from `deck_id`, none of those `taken`)."""
    out = Export()
    sheets = split_deck(len(pieces))
    cell_w, cell_h = deck_cell(pieces, px)
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
    cards: list[dict[str, Any]] = []
    for number, indices in enumerate(sheets):
        grid = SheetGrid(*grid_shape(len(indices)), cell_w, cell_h)
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
            "FaceURL": _url(folder, sheet),
            "BackURL": _url(folder, back_name),
            "NumWidth": grid.cols,
            "NumHeight": grid.rows,
            "BackIsHidden": True,
            "UniqueBack": unique_back,
            "Type": CARD_RECTANGLE,
        }
        for slot, i in enumerate(indices):
            for copy in range(pieces[i].count):
                card_id = sheet_id * 100 + slot
                own = {str(sheet_id): custom[str(sheet_id)]}
                uid = guid(names, "card", name, card_id, copy)
                cards.append(_card(pieces[i].name, card_id, own, uid))
    out.objects.append(_deck_object(names, name, cards, custom, at))
    return out


def _card(nickname: str, card_id: int, custom: dict[str, Any], uid: str) -> dict[str, Any]:
    """One card of a deck: its sheet's entry alone in its CustomDeck."""
    return {
        "Name": "Card",
        "GUID": uid,
        "Nickname": nickname,
        "CardID": card_id,
        "CustomDeck": custom,
        "Transform": transform(0.0, 0.0, face_down=True),
        "SidewaysCard": False,
        "HideWhenFaceDown": True,
        "Hands": True,
    }


def _deck_object(
    names: Names, name: str, cards: list[dict[str, Any]], custom: dict[str, Any], at: float
) -> dict[str, Any]:
    """A deck of `cards`, or the card alone where the deck holds one."""
    if len(cards) == 1:
        return {**cards[0], "Name": "CardCustom", "Transform": transform(at, 0.0, True)}
    deck: dict[str, Any] = {
        "Name": "DeckCustom",
        "Nickname": name,
        "Transform": transform(at, 0.0, face_down=True),
        "DeckIDs": [card["CardID"] for card in cards],
        "CustomDeck": custom,
        "ContainedObjects": cards,
        "SidewaysCard": False,
        "HideWhenFaceDown": True,
        "Hands": False,
    }
    deck["GUID"] = guid(names, "deck", name, deck["DeckIDs"], sorted(custom))
    return deck


def export_die(die: Die, names: Names, folder: Path, px: int, at: float) -> Export:
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
        "Transform": transform(at, -4.0),
        "CustomImage": {
            "ImageURL": _url(folder, file),
            "ImageSecondaryURL": "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomDice": {"Type": DICE_D6},
        },
    }
    return Export([(file, data)], [dice])


def board_pixels(board: Drawing) -> tuple[int, int]:
    """A board's image size: BOARD_DPI, or less where its long side would pass MAX_SIDE."""
    per_mm = min(BOARD_DPI / 25.4, MAX_SIDE / max(board.width, board.height))
    return max(1, round(board.width * per_mm)), max(1, round(board.height * per_mm))


def export_board(board: Drawing, label: str, names: Names, folder: Path, at: float) -> Export:
    """A board trimmed to its edge and its Custom_Board object."""
    image = trim_to_art(rasterise([Shot(board, *board_pixels(board))])[0])
    file = names.file(label)
    data = png_bytes(image)
    obj = {
        "Name": "Custom_Board",
        "GUID": guid(names, "board", label, hashlib.sha256(data).hexdigest()),
        "Nickname": board.title or label,
        "Transform": transform(at, 12.0),
        "CustomImage": {
            "ImageURL": _url(folder, file),
            "ImageSecondaryURL": "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
        },
    }
    return Export([(file, data)], [obj])


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


def export_tts(parts: Parts, names: Names, folder: Path, px: int = MAX_CELL) -> Export:
    """Every deck, die and board of a component, and the saved object that loads them."""
    whole = Export()
    taken: set[int] = set()
    grouped = decks(parts.pieces)
    cell = min([deck_cell(pieces, px)[0] for _, pieces in grouped], default=px)
    whole.notes += cap_notes(grouped, px, cell)  # every deck's faces as wide: one scale
    for column, (name, pieces) in enumerate(grouped):
        made = export_deck(name, pieces, names, folder, cell, taken, 3.0 * column)
        _add(whole, made)
    for column, die in enumerate(parts.dice):
        _add(whole, export_die(die, names, folder, min(px, DIE_FACE_PX), 3.0 * column))
    labels = board_labels(parts.boards, names)
    for column, (board, label) in enumerate(zip(parts.boards, labels, strict=True)):
        _add(whole, export_board(board, label, names, folder, 30.0 * column))
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
