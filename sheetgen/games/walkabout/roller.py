"""The Walkabout dice as a shared screen rolls them: each face drawn as on the dice mat, its
movement and symbol in words, and the words of a day's roll."""

from __future__ import annotations

from sheetgen.draw.screen import ScreenDice, ScreenDie, ScreenFace
from sheetgen.games.walkabout.dice import face_drawing
from sheetgen.games.walkabout.model import DiceLayout, Face
from sheetgen.games.walkabout.movement import span

TURN_WORDS = {"F": "forward", "L": "left", "R": "right", "HL": "hard left", "HR": "hard right"}
FACE_SIZE = 30  # mm: a face as drawn for the screen (the page scales it)


def describe_move(face: Face) -> str:
    return ", ".join(TURN_WORDS[t] for t in face.move)


def screen_dice(layout: DiceLayout) -> ScreenDice:
    """The dice of `layout`, every face at one scale of movement."""
    widest = span([f for die in layout.dice for f in die.faces])
    dice = tuple(
        ScreenDie(
            die.name,
            tuple(
                ScreenFace(
                    face_drawing(die, face, i, FACE_SIZE, widest),
                    describe_move(face),
                    "any symbol" if face.symbol == "?" else face.symbol,
                )
                for i, face in enumerate(die.faces, start=1)
            ),
        )
        for die in layout.dice
    )
    return ScreenDice(
        game="Walkabout",
        title="Walkabout — dice roller",
        dice=dice,
        turn_called="Day",
        game_called="walk",
        faces_shown="Each face shows its movement (forward is up and to the left, the way the "
        "dice mat's arrow points; ○ is where you stand) and its symbol.",
    )
