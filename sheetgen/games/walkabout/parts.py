"""Walkabout's dice and maps as parts: each die's six faces in their order, drawn as the
face images are, with the face sheet's bleed of die colour; each map sheet and the dice mat
as a board."""

from __future__ import annotations

from sheetgen.draw.pieces import Die, Parts, piece_name
from sheetgen.games.walkabout.dice import BLEED, face_drawing, mat_drawing
from sheetgen.games.walkabout.draw import draw_map
from sheetgen.games.walkabout.model import DiceLayout, MapLayout, MatLayout
from sheetgen.games.walkabout.movement import span
from sheetgen.model.paper import BOTH_PAPERS


def dice_parts(layout: DiceLayout) -> Parts:
    """The dice at the layout's face size, named as players call them ('light'); the rules
    give every die six faces. They lie in front of where a map sheet or the dice mat lies
    when loaded from its own save: a sheet at most as large as goes onto A4 and Letter."""
    widest = span([f for die in layout.dice for f in die.faces])
    taken: set[str] = set()
    dice = []
    for number, die in enumerate(layout.dice, start=1):
        faces = [
            face_drawing(die, face, i, layout.face_size, widest, BLEED)
            for i, face in enumerate(die.faces, start=1)
        ]
        a, b, c, d, e, f = faces  # the rules check refuses a die of fewer or more faces
        dice.append(Die(piece_name(die.name.lower(), taken, f"die-{number}"), (a, b, c, d, e, f)))
    return Parts(dice=tuple(dice), board_room=BOTH_PAPERS)


def map_parts(layout: MapLayout) -> Parts:
    """The map sheet whole, as one board."""
    return Parts(boards=(draw_map(layout),))


def mat_parts(layout: MatLayout) -> Parts:
    """The dice mat whole, as one board (its dice from the layout it names)."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import load_model

    dice = load_model(layout.dice, DiceLayout, f"{layout.name}: dice")
    return Parts(boards=(mat_drawing(layout, dice),))
