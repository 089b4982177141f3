"""Every game's parts (pieces, dice, boards) agree with the rulebook and the layout, and each
piece is the very drawing its printed sheet shows: the same content, placed on the build's
pages as many times as the set holds it."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from sheetgen.draw.document import Document
from sheetgen.draw.pieces import Parts, piece_name
from sheetgen.draw.shapes import Drawing, Rect
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.press import PressOptions, parse_paper

SAFE_NAME = re.compile(r"[A-Za-z0-9]+(-[A-Za-z0-9]+)*")


def parts_and_build(ref: str, paper: str = "A4") -> tuple[Parts, Document]:
    loaded = load(ref)
    assert loaded.kind.parts is not None, ref
    press = PressOptions(paper=parse_paper(paper))
    return loaded.kind.parts(loaded.model), pressed(loaded.kind, loaded.model, BuildOptions(press))


def placed(doc: Document) -> Counter[tuple[object, ...]]:
    """How often each drawing (by what it shows) is placed on the document's pages."""
    return Counter(p.drawing.content() for page in doc.pages for p in page.placements)


def assert_names_safe_and_unique(parts: Parts) -> None:
    names = [p.name for p in parts.pieces] + [d.name for d in parts.dice]
    assert all(SAFE_NAME.fullmatch(n) and len(n) <= 40 for n in names), names
    assert len({n.lower() for n in names}) == len(names), names


def assert_printed_as_often_as_held(parts: Parts, doc: Document) -> None:
    """Each front and back is a drawing of the sheets, placed as often as the set holds it
    (a back its deck shares once for every piece; a side that looks like another, as the
    starter's two sides do, for both)."""
    held = Counter[tuple[object, ...]]()
    for piece in parts.pieces:
        held[piece.front.content()] += piece.count
        if piece.back is not None:
            held[piece.back.content()] += piece.count
    on_pages = placed(doc)
    for piece in parts.pieces:
        for side in (piece.front, piece.back):
            if side is not None:
                assert on_pages[side.content()] == held[side.content()], side.title


def test_marram_tiles_are_the_95_and_the_starter_front_and_back() -> None:
    parts, doc = parts_and_build("marram/classic")
    assert_names_safe_and_unique(parts)
    decks = Counter[str]()
    for piece in parts.pieces:
        decks[piece.deck] += piece.count
        assert piece.back is not None and piece.front.bleed == piece.back.bleed == 2.0
        assert (piece.front.width, piece.front.height) == (40.0, 40.0)
    assert decks == {"tiles": 95, "starter": 1}  # component facts: 95 tiles plus a starter
    assert len(parts.pieces) == 35 and parts.pieces[0].name == "starter"
    assert "worm-saddle" in {p.name for p in parts.pieces}
    assert_printed_as_often_as_held(parts, doc)


def test_scribbly_gum_movement_achievement_and_letter_decks() -> None:
    parts, doc = parts_and_build("scribbly-gum/tiles")
    assert_names_safe_and_unique(parts)
    by_deck: dict[str, list[str]] = {}
    for piece in parts.pieces:
        by_deck.setdefault(piece.deck, []).extend([piece.name] * piece.count)
    # the box: 8 movement tiles of 7 kinds (one kind twice), 8 achievement tiles, 3 letters
    assert len(by_deck["movement"]) == 8 and len(set(by_deck["movement"])) == 7
    assert {"left", "right", "up", "down", "left-right", "up-down", "dotted"} == set(
        by_deck["movement"]
    )
    assert len(by_deck["achievement"]) == 8 and by_deck["letter"] == ["A", "B", "C"]
    movement = [p for p in parts.pieces if p.deck == "movement"]
    assert len({p.back.content() for p in movement if p.back}) == 1  # one common back
    assert all(p.back is None for p in parts.pieces if p.deck == "letter")
    feast = next(p for p in parts.pieces if p.name == "feast")
    assert feast.front.title.endswith("gold") and feast.back and feast.back.title.endswith("silver")
    assert_printed_as_often_as_held(parts, doc)


def test_scrumpit_a_deck_a_bag_with_the_layouts_letter_counts() -> None:
    loaded = load("scrumpit/tiles")
    parts, doc = parts_and_build("scrumpit/tiles")
    assert_names_safe_and_unique(parts)
    layout = loaded.model
    counts = {x.letter: x.count for x in layout.letters}  # type: ignore[attr-defined]
    decks: dict[str, dict[str, int]] = {}
    for piece in parts.pieces:
        bag, letter = piece.name.split("-")
        assert piece.deck == f"bag-{bag}" and piece.back is None
        decks.setdefault(piece.deck, {})[letter] = piece.count
    assert list(decks) == ["bag-yellow", "bag-blue", "bag-red", "bag-green"]
    for deck in decks.values():
        assert deck == counts and sum(deck.values()) == 50
        # the rulebook: four Q and four each of Z, X, J, one of each a colour bag
        assert deck["Q"] == deck["Z"] == deck["X"] == deck["J"] == 1
    assert_printed_as_often_as_held(parts, doc)


def test_walkabout_three_dice_of_six_faces_in_their_order() -> None:
    loaded = load("walkabout/dice")
    parts, doc = parts_and_build("walkabout/dice")
    assert_names_safe_and_unique(parts)
    assert [d.name for d in parts.dice] == ["light", "medium", "dark"]
    # the sheet to cut out places each face as a piece, die after die, face after face
    sheet_art = [
        p.drawing.children[1]
        for page in doc.pages
        for p in page.placements
        if p.drawing.title.endswith(tuple(f"die face {n}" for n in range(1, 7)))
    ]
    dice = loaded.model.dice  # type: ignore[attr-defined]
    for die, layout_die in zip(parts.dice, dice, strict=True):
        assert len(die.faces) == 6
        for face in die.faces:
            ground, art = face.children
            assert isinstance(ground, Rect) and ground.style.fill == layout_die.colour
            assert face.bleed == 2.0 and face.width == 16.0
            assert art == sheet_art.pop(0)
    assert not sheet_art
    # and each face is the image `build` writes for it, but for the bleed to cut into
    screens = [s.placements[0].drawing for s in doc.screens]
    faces = [f for d in parts.dice for f in d.faces]
    assert [s.children[1] for s in screens] == [f.children[1] for f in faces]
    assert [s.title for s in screens] == [f.title for f in faces]


@pytest.mark.parametrize(
    ("ref", "paper"),
    [
        ("walkabout/map-1", "A4"),
        ("scribbly-gum/kuringgai", "A4"),
        ("scribbly-gum/pad", "A4"),
        ("scribe/standard", "A3"),  # a bare sheet carries its credit, as where sheets share a page
        ("scribe/pad", "A4"),
        ("scrumpit/standard", "600x600"),  # on paper the board fits whole
    ],
)
def test_boards_are_the_sheet_drawing_whole_without_page_furniture(ref: str, paper: str) -> None:
    parts, doc = parts_and_build(ref, paper)
    assert parts.boards and not parts.pieces and not parts.dice
    on_pages = placed(doc)
    for board in parts.boards:
        assert isinstance(board, Drawing) and board.bleed == 0
        if ref.startswith("scrumpit"):  # the printed board notes its cell size; the part not
            (art,) = board.children
            printed = [d for d in on_pages if d[:2] == (board.width, board.height)]
            assert board.title == "Scrumpit board"
            assert any(d[4] == (art, *d[4][1:]) and len(d[4]) == 2 for d in printed)
            continue
        assert on_pages[board.content()] >= 1, board.title
    if ref == "scribbly-gum/pad":  # the two sides, front then back
        assert [b.title for b in parts.boards] == [
            "Scribbly Gum: Kuringgai side",
            "Scribbly Gum: Mooloolah side",
        ]
    if ref == "scrumpit/standard":  # at its own 19 mm cells: 29 cells across with the zones
        assert parts.boards[0].width == pytest.approx(29 * 19.0)


def test_piece_names_from_any_text_stay_file_safe_and_distinct() -> None:
    taken: set[str] = set()
    names = [piece_name(t, taken, "achievement") for t in ("up/down", "Up-Down", "", "☀", "a/../x")]
    assert names == ["up-down", "achievement-Up-Down", "achievement", "achievement-2", "a-x"]
