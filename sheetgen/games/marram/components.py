"""How each component kind of this game is checked, built and cut into parts (registered
in `kinds`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.draw.bleed import art_room, bled
from sheetgen.draw.document import alone
from sheetgen.draw.sheets import AlignmentTest, Pad, Sheets
from sheetgen.errors import SheetgenError
from sheetgen.findings import Finding, error
from sheetgen.games.marram.draw import tile_drawing
from sheetgen.games.marram.faces import back, front
from sheetgen.games.marram.model import ArtLayout, BoardLayout, TileSetLayout
from sheetgen.games.marram.picture import HEIGHT, WIDTH, board_drawing
from sheetgen.games.marram.rules import check_set
from sheetgen.games.marram.tile_sheets import tile_sheets

if TYPE_CHECKING:  # the options' module reads the press; a builder only reads its options
    from sheetgen.options import BuildOptions


def _tiles(ref: str, where: str) -> TileSetLayout:
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import load_model

    return load_model(ref, TileSetLayout, where)


def build_tiles(layout: TileSetLayout, options: BuildOptions) -> Sheets:
    """The print-and-play PDF: the duplex alignment test first (print it and set --offset
    before printing the rest), then the tile fronts and backs for duplex."""
    size = options.tile_size or layout.sheet.size
    words = layout.labels
    ref = f"marram/{layout.name}"
    test = AlignmentTest(ref, options.flip, options.offset, words, words.flip_note)
    bleed = options.press.bleed_or(layout.sheet.bleed)
    tiles = tile_sheets(layout, size, bleed, options.flip, options.offset, options.copies)
    return Sheets(
        (test, tiles),
        title=f"Marram — {layout.name} tiles ({size:g} mm)",
        subject="Marram print-and-play tiles, fronts and backs for duplex",
        keywords=("marram", "tiles", "duplex"),
        duplex=options.flip,
    )


def build_art(layout: ArtLayout, options: BuildOptions) -> Sheets:
    """Each tile design's front and back alone, for digital tabletops, `px` pixels square."""
    tiles = _tiles(layout.tiles, f"{layout.name}: tiles")
    size = tiles.sheet.size
    pages = []
    for tile in [tiles.starter, *tiles.tiles]:
        for side, face in (("front", front(tile)), ("back", back(tile))):
            title = f"{tile.name} {side}"
            drawing = tile_drawing(
                face, tiles.sheet, layout.labels, size, 0.0, title, tile is tiles.starter
            )
            pages.append(alone(drawing, f"{tile.name}-{side}"))
    px = options.px or layout.px
    return Sheets(
        tuple(pages),
        title=f"Marram — {tiles.name} tile art",
        subject="Marram tile images",
        keywords=("marram", "tile art"),
        dpi=px * 25.4 / size,
    )


def check_art(layout: ArtLayout) -> list[Finding]:
    try:
        tiles = _tiles(layout.tiles, f"{layout.name}: tiles")
    except SheetgenError as exc:
        return [error("tiles", str(exc))]
    return [error("tiles", f.message) for f in check_set(tiles)]


def build_board(layout: BoardLayout, options: BuildOptions) -> Sheets:
    """A picture of the board with each claim marked, and the scores beside it; with --bleed
    printed edge to edge on the tiles' sand, in the room it takes without one (its tiles a
    little smaller, its words not)."""
    tiles = _tiles(layout.tiles, f"{layout.name}: tiles")
    bleed = options.press.bleed_or(0.0)
    drawing = board_drawing(layout, tiles, art_room((WIDTH, HEIGHT), bleed))
    drawing = bled(drawing, bleed, tiles.sheet.sand)
    return Sheets(
        (Pad(drawing),),
        title=layout.title,
        subject="A Marram board and its score",
        keywords=("marram", "board"),
    )
