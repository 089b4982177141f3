"""Scribbly Gum's tiles as pieces, drawn as the tile sheets draw them: decks 'movement' (one
back for all), 'achievement' (gold front, silver back) and 'letter' (nothing on the back); and
the tree sides as boards.

The rulebook has the mother moth shuffle the movement tiles into a face-down draw pile; the
achievement tiles are chosen and laid gold side up, each with a letter tile: the movement
tiles are a shuffled face-down pile (their backs hide them), the others laid out face up in
order. An achievement's gold and silver sides are both public (the first to score it flips
it to silver, worth fewer points): it shows its name either side up.

A tiles export has no board; its pieces are laid out in front of where the tree sheet lies
when loaded from its own save, a sheet at most as large as goes onto A4 and Letter."""

from __future__ import annotations

from sheetgen.draw.pieces import Parts, Piece, piece_name
from sheetgen.games.scribbly_gum.draw import draw_tree_sheet
from sheetgen.games.scribbly_gum.model import TilesLayout, TreeLayout
from sheetgen.games.scribbly_gum.tiles import tile_faces
from sheetgen.model.paper import BOTH_PAPERS


def tile_parts(layout: TilesLayout) -> Parts:
    """The deck at the layout's size and bleed: a movement piece a kind of movement (as many as
    the deck holds: one kind twice) in a shuffled face-down pile, each achievement and each
    letter once, laid out face up."""
    faces = tile_faces(layout, layout.sheet.size, layout.sheet.bleed)
    taken: set[str] = set()
    pieces = [
        Piece(piece_name(move, taken, "movement"), front, faces.back, count, "movement")
        for move, front in faces.movement.items()
        for count in [sum(m == move for m in layout.movement)]
    ]
    pieces += [
        Piece(name, gold, silver, 1, "achievement", drawn="open", both_public=True, title=a.title)
        for a, gold, silver in zip(layout.achievements, faces.gold, faces.silver, strict=True)
        for name in [piece_name(a.title.lower(), taken, "achievement")]
    ]
    pieces += [
        Piece(piece_name(x, taken, "letter"), front, None, 1, "letter", drawn="open")
        for x, front in zip(layout.letters, faces.letters, strict=True)
    ]
    return Parts(tuple(pieces), board_room=BOTH_PAPERS)


def tree_parts(layout: TreeLayout) -> Parts:
    """The tree side whole, as one board."""
    return Parts(boards=(draw_tree_sheet(layout),))
