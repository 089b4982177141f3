"""A designer's dice, printed as nets (`shape = "die-net"`): every six pieces in data order
(each row as many times as its count) are one die's faces, 1 to 6. What such a layout must
say (square faces, one side, whole dice), the nets the press lays out N-up, and each die's
faces for the exports (a die on a digital table, an image a face) and its net for --only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.draw.pieces import Die, Parts, piece_name
from sheetgen.draw.shapes import Drawing
from sheetgen.draw.sheets import Pieces, Sheets
from sheetgen.findings import Finding, error
from sheetgen.games.custom.art import Pictures
from sheetgen.games.custom.draw import face_drawing
from sheetgen.games.custom.model import PiecesLayout
from sheetgen.games.custom.net import FACES, net_drawing
from sheetgen.games.custom.rules import Filled, filled, load_data, load_fonts, load_icons

if TYPE_CHECKING:  # the options' module reads the press; a builder only reads its options
    from sheetgen.options import BuildOptions

NET = "die-net"


def is_net(layout: PiecesLayout) -> bool:
    """Whether the layout's pieces are the faces of dice printed as nets."""
    return layout.piece.shape == NET


def shape_findings(layout: PiecesLayout) -> list[Finding]:
    """A die net's faces that are not square, and a back it cannot print."""
    if not is_net(layout):
        return []
    out = []
    width, height = layout.piece.width, layout.piece.height
    if width != height:
        out.append(
            error(
                "piece.height",
                f"a die net's faces are square, the cube's edge each way: {width:g} mm, not "
                f"{height:g} (write height = {width:g})",
                ("piece.width",),
            )
        )
    if layout.back is not None:
        out.append(
            error(
                "back",
                "a die net prints on one side, each face a row's front folded outward; leave "
                "out [back]",
            )
        )
    return out


def _dice_of(count: int) -> str:
    return f"{count // FACES} {'die' if count == FACES else 'dice'}"


def count_findings(layout: PiecesLayout, pieces: list[Filled], file: str) -> list[Finding]:
    """An error where the pieces (rows times their counts) are not a whole number of dice."""
    total = sum(p.count for p in pieces)
    if not is_net(layout) or total % FACES == 0:
        return []
    fewer, more = total - total % FACES, total - total % FACES + FACES
    right = f"{more} ({_dice_of(more)})"
    if fewer:
        right = f"{fewer} ({_dice_of(fewer)}) or {right}"
    return [
        error(
            "data",
            f"{file}: {total} pieces (each row as many times as its count), not a whole number "
            f"of dice: a die net takes six in order, one die's faces 1 to 6; give {right}",
        )
    ]


def _dice(layout: PiecesLayout) -> list[tuple[Filled, ...]]:
    """Each die's faces in order: the rows, each as many times as its count, six a die."""
    rows = filled(layout, load_data(layout), load_fonts(layout))
    faces = [row for row in rows for _ in range(row.count)]
    return [tuple(faces[i : i + FACES]) for i in range(0, len(faces) - FACES + 1, FACES)]


def _nets(
    layout: PiecesLayout, dice: list[tuple[Filled, ...]], bleed: float, pictures: Pictures
) -> list[Drawing]:
    """Each die's net, named 'die-1', 'die-2'... in data order."""
    edge = layout.piece.width
    return [
        net_drawing(edge, [face.front for face in die], bleed, f"die-{n}", pictures)
        for n, die in enumerate(dice, start=1)
    ]


def build_nets(layout: PiecesLayout, options: BuildOptions) -> Sheets:
    """Each die's net (--copies times), N-up with crop marks round each net's box."""
    bleed = options.press.bleed_or(layout.piece.bleed)
    nets = _nets(layout, _dice(layout), bleed, Pictures(load_icons(layout)))
    printed = [drawn for drawn in nets for _ in range(options.copies)]
    title = layout.description or layout.name
    return Sheets((Pieces(printed),), title=title, keywords=("custom", layout.name))


def net_parts(layout: PiecesLayout) -> Parts:
    """The dice, each with its six faces drawn square (with the layout's bleed; a row's face
    drawn once however many dice show it) and its net, which --only prints."""
    bleed = layout.piece.bleed
    square = layout.piece.model_copy(update={"shape": "rectangle", "radius": 0.0})
    pictures = Pictures(load_icons(layout))
    drawn: dict[int, Drawing] = {}
    taken: set[str] = set()
    dice = []
    dice_faces = _dice(layout)
    nets = _nets(layout, dice_faces, bleed, pictures)
    for n, (die, net) in enumerate(zip(dice_faces, nets, strict=True), start=1):
        for face in die:
            if face.row.number not in drawn:
                name = piece_name(face.title, taken, f"row-{face.row.number}")
                drawn[face.row.number] = face_drawing(square, face.front, bleed, name, pictures)
        a, b, c, d, e, f = (drawn[face.row.number] for face in die)
        dice.append(Die(f"die-{n}", (a, b, c, d, e, f), net))
    return Parts(dice=tuple(dice))
