"""`--copies N` means N of what the layout makes, in every kind that makes sheets (the
option table of docs/commands.md), and is refused where it means nothing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from sheetgen.draw.document import Document
from sheetgen.errors import UsageError
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions, read_build
from sheetgen.pipeline.document import pressed
from sheetgen.pipeline.honoured import check_options


def build(name: str, copies: int = 1, names: tuple[str, ...] = ()) -> Document:
    loaded = load(name)
    return pressed(loaded.kind, loaded.model, BuildOptions(copies=copies, names=names))


def titled(doc: Document, suffix: str) -> int:
    """How many drawings on all pages have a title ending in `suffix`."""
    return sum(p.drawing.title.endswith(suffix) for page in doc.pages for p in page.placements)


@pytest.mark.parametrize("copies", [1, 3])
def test_a_sheet_pad_has_one_page_a_copy(copies: int) -> None:
    assert len(build("scribe/standard", copies).pages) == copies
    assert len(build("walkabout/map-1", copies).pages) == copies


def test_two_sided_pads_each_hold_the_layouts_leaves() -> None:
    leaves = load("scribbly-gum/pad").model.leaves  # type: ignore[attr-defined]
    assert leaves == 20
    for copies in (1, 2):  # a leaf is two pages, front and back
        assert len(build("scribbly-gum/pad", copies).pages) == 2 * leaves * copies


def test_names_get_one_sheet_each_times_the_copies() -> None:
    doc = build("scribbly-gum/kuringgai", copies=2, names=("Ann", "Bo"))
    names = [[q.drawing.title for q in page.placements if q.drawing.title.startswith("name ")]
             for page in doc.pages]  # fmt: skip
    assert names == [["name Ann"], ["name Ann"], ["name Bo"], ["name Bo"]]


def test_marram_sets_hold_ninety_six_tiles_each_front_and_back() -> None:
    for copies in (1, 2):
        doc = build("marram/classic", copies)
        alignment = 1  # the duplex alignment test page, front and back, once
        assert titled(doc, " front") == 96 * copies + alignment  # 95 tiles and the starter
        assert titled(doc, " back") == 96 * copies + alignment


def test_dice_faces_one_a_set_and_each_face_alone_once() -> None:
    for copies in (1, 3):
        doc = build("walkabout/dice", copies)
        for die in ("Light", "Medium", "Dark"):  # the rulebook's three dice of six faces
            for face in range(1, 7):
                assert titled(doc, f"{die} die face {face}") == copies
        assert len(doc.screens) == 18  # 3 dice x 6 faces, once, as images only


def test_scrumpit_bags_hold_fifty_letters_a_set() -> None:
    for copies in (1, 2):
        doc = build("scrumpit/tiles", copies)
        tiles = sum(
            1 for page in doc.pages for p in page.placements if p.drawing.title.startswith("tile ")
        )
        assert tiles == 4 * 50 * copies


def test_scribbly_gum_tiles_a_set() -> None:
    for copies in (1, 2):
        doc = build("scribbly-gum/tiles", copies)
        assert titled(doc, "movement tile back") == 8 * copies
        assert titled(doc, " gold") == 8 * copies
        assert titled(doc, " silver") == 8 * copies
        assert sum(titled(doc, f"letter {x}") for x in "ABC") == 3 * copies


@pytest.mark.parametrize(
    "name", ["marram/art", "scribbly-gum/digital", "walkabout/example-game", "marram/example-board"]
)
def test_copies_of_images_or_records_are_refused(name: str) -> None:
    request = read_build(
        (name,), formats="pdf", paper="A4", copies=2, out=Path("output"), dpi=300, quiet=True
    )
    with pytest.raises(UsageError, match=r"^--copies works with custom/pieces, marram/tiles, "):
        check_options(request, [load(name)])
    check_options(replace(request, copies=1), [load(name)])
