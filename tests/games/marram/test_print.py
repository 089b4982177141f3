"""Marram's finish as a player would judge it: colours that stay apart in every vision and in
greyscale, a starter tile that can be found again, a spade tile whose flips can be recorded on
it, nothing that matters within 3 mm of the cut, and every printed word from the layout."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from sheetgen.backends import render
from sheetgen.draw.document import Document, alone
from sheetgen.draw.shapes import Circle, CurveTo, Drawing, LineTo, MoveTo, Rect, Shape, Text
from sheetgen.draw.shapes import Path as Line
from sheetgen.draw.transform import IDENTITY
from sheetgen.games.marram.beasts import beast_layers
from sheetgen.games.marram.draw import face_layers, tile_drawing
from sheetgen.games.marram.faces import back, front
from sheetgen.games.marram.model import BoardLayout, TileType
from sheetgen.layouts.read import load
from tests.games.marram.support import SET, ST, WORDS, printed_box, walk
from tests.support import sheetgen
from tests.support.palette import contrast, lightness, too_close

SIZE = ST.size  # mm: the built-in tiles print at their design size
SAFE = 3.0  # mm inside the cut for anything that matters (design notes)
FLIPS = 3  # "No particular tile may be flipped more than 3 times in a game."


def _faces(tile: TileType) -> list[tuple[str, Drawing]]:
    starter = tile is SET.starter
    return [
        (side, tile_drawing(face, ST, WORDS, SIZE, ST.bleed, f"{tile.name} {side}", starter))
        for side, face in (("front", front(tile)), ("back", back(tile)))
    ]


def _texts(drawing: Drawing) -> list[str]:
    return [s.text for s, _ in walk(drawing.children) if isinstance(s, Text)]


def test_colours_a_player_tells_apart_stay_apart_in_every_vision_and_in_grey() -> None:
    """CIEDE2000 20 or more in normal, deutan, protan and tritan vision between the rulebook's
    features; 20 in lightness too (the three beasts among themselves as well), or, for coins
    and flip boxes, a mark of its own drawn on each (checked here)."""
    assert too_close({"grass": ST.grass, "sand": ST.sand}) == []
    beasts = {"blue snake": ST.blue, "orange snake": ST.orange, "worm": ST.worm}
    # a beast stands apart from the grass and sand it lies on, in colour and in grey
    for beast, colour in beasts.items():
        for ground in ("grass", "sand"):
            assert too_close({beast: colour, ground: getattr(ST, ground)}) == [], (beast, ground)
    assert too_close({"orange snake": ST.orange, "blue snake": ST.blue}) == []
    assert too_close({"orange snake": ST.orange, "worm": ST.worm}) == []
    # both darker than grass, the blue snake and the worm part in grey by lightness too, and
    # by their own marks: the blue snake's pale spine dashes, the worm's pale rings
    assert too_close({"blue snake": ST.blue, "worm": ST.worm}) == []
    marks = {
        kind: [p for p in beast_layers(kind, ("W", "E"), ST, {}).top if isinstance(p, Line)]
        for kind in ("blue-body", "worm-body")
    }
    spine = [p for p in marks["blue-body"] if len(p.segments) > 2]  # dashes follow the body
    rings = [p for p in marks["worm-body"] if len(p.segments) == 2]  # rings cross it
    assert len(spine) >= 5 and not [p for p in marks["blue-body"] if len(p.segments) == 2]
    assert len(rings) >= 10 and not [p for p in marks["worm-body"] if len(p.segments) > 2]
    for kind, colour in (("blue-body", ST.blue), ("worm-body", ST.worm)):
        for p in marks[kind]:
            assert lightness(p.style.stroke) - lightness(colour) >= 20, kind  # type: ignore[arg-type]
    # the pink saddle is what makes a worm regular
    assert too_close({"worm": ST.worm, "saddle": ST.saddle}) == []
    # coins: gold 5 points, silver 3; each carries its own letter
    assert too_close({"gold": ST.gold, "silver": ST.silver}, marked=True) == []
    coins = {"gold": "meadow-gold", "silver": "meadow-silver"}
    letters = {}
    for kind, name in coins.items():
        tile = next(t for t in SET.tiles if t.name == name)
        texts = _texts(_faces(tile)[0][1])
        letters[kind] = texts
    assert letters == {"gold": [WORDS.gold_letter], "silver": [WORDS.silver_letter]}
    assert WORDS.gold_letter != WORDS.silver_letter
    # the flip boxes (the rulebook's red, amber and green rings): each holds its own number
    assert too_close(dict(zip(("red", "amber", "green"), ST.flips, strict=True)), marked=True) == []
    spade = next(t for t in SET.tiles if t.spade)
    boxes = _flip_boxes(_faces(spade)[0][1])
    assert [(colour, number) for colour, number, _ in boxes] == list(
        zip(ST.flips, ("3", "2", "1"), strict=True)
    )


def test_grass_is_darker_than_sand_and_every_beast_is_outlined_against_both() -> None:
    assert lightness(ST.sand) - lightness(ST.grass) >= 20
    for kind in ("blue-body", "orange-body", "worm-body", "beastly"):
        layers = beast_layers(kind, ("W", "E"), ST, {})
        (edge,) = layers.outline
        assert isinstance(edge, Line)
        # the outline shows on both sides of the body: a wider stroke, or (a worm's band,
        # filled) a taller band W to E
        if edge.style.stroke is not None:
            ink = edge.style.stroke
            assert edge.style.width > max(p.style.width for p in layers.body if isinstance(p, Line))
        else:
            assert edge.style.fill is not None
            ink = edge.style.fill
            (body,) = layers.body
            assert isinstance(body, Line)
            assert _height(edge) > _height(body) + 0.9
        assert ink == ST.ink  # one outline for every beast, so a beastly edge joins each alike
        for ground in (ST.grass, ST.sand):
            assert contrast(ink, ground) >= 3, (kind, ground)


def _height(path: Line) -> float:
    ys = [s.y for s in path.segments if isinstance(s, MoveTo | LineTo)]
    return max(ys) - min(ys)


def test_the_starter_tile_is_marked_on_both_sides() -> None:
    """Shuffled into the pile, the starter is found again: it carries its word and a star, and
    its picture differs from every other tile's."""
    starter_faces = _faces(SET.starter)
    for _, drawing in starter_faces:
        assert WORDS.starter in _texts(drawing)
    twin = next(t for t in SET.tiles if t.name == "blue-body-straight")
    assert twin.corners == SET.starter.corners and twin.segments == SET.starter.segments
    pages = [alone(starter_faces[0][1]), alone(_faces(twin)[0][1])]
    pdf = pdfium.PdfDocument(render(Document(tuple(pages), title="two tiles"), "pdf")[0][1])
    a, b = (
        np.asarray(pdf[i].render(scale=2).to_pil().convert("L"), dtype=np.int16) for i in (0, 1)
    )
    differ = float((np.abs(a - b) > 40).mean())
    assert differ > 0.02, differ  # a badge of some 15 x 6 mm on a 44 mm square


def _flip_boxes(drawing: Drawing) -> list[tuple[str, str, float]]:
    """The flip boxes on a face: (outline colour, number inside, side in printed mm)."""
    shapes = walk(drawing.children)
    boxes = []
    for shape, at in shapes:
        if isinstance(shape, Rect) and shape.style.stroke in ST.flips and shape.style.fill is None:
            x0, y0, x1, y1 = printed_box(shape, at)
            inside = [
                s.text
                for s, t in shapes
                if isinstance(s, Text)
                and x0 < (b := printed_box(s, t))[0]
                and b[2] < x1
                and y0 < b[1]
                and b[3] < y1
            ]
            assert len(inside) == 1
            boxes.append((shape.style.stroke, inside[0], (x1 - x0)))
    return sorted(boxes, key=lambda b: -int(b[1]))


def test_a_spade_tiles_flips_are_recorded_in_three_boxes_on_each_side() -> None:
    """Three boxes to tick, one a flip, numbered with the flips left while each stays clear (the
    rulebook's red 3, amber 2, green 1), on a white card; never on a tile without a spade."""
    spades = [t for t in SET.tiles if t.spade]
    assert spades
    for tile in spades:
        for side, drawing in _faces(tile):
            boxes = _flip_boxes(drawing)
            assert len(boxes) == FLIPS, (tile.name, side)
            assert [n for _, n, _ in boxes] == ["3", "2", "1"]
            assert all(side_mm >= 3.0 for _, _, side_mm in boxes)  # room for a pencil tick
            # the card behind them is white, so a tick shows
            cards = [
                s
                for s, _ in walk(drawing.children)
                if isinstance(s, Rect) and s.style.fill == "#ffffff"
            ]
            assert cards
    for tile in [SET.starter, *(t for t in SET.tiles if not t.spade)]:
        for _, drawing in _faces(tile):
            assert _flip_boxes(drawing) == []


@pytest.mark.parametrize("tile", [SET.starter, *SET.tiles], ids=lambda t: t.name)
def test_nothing_that_matters_lies_within_3_mm_of_the_cut(tile: TileType) -> None:
    """Coins, flowers, the spade card and its boxes, the starter's badge, heads and ends: every
    one 3 mm or more inside the cut (the beasts' bodies run on through it, as they must)."""
    for face in (front(tile), back(tile)):
        layers = face_layers(face, ST, WORDS, 0.0, {}, tile is SET.starter)
        k = SIZE / 40.0
        for shape in layers.top:
            if isinstance(shape, Line) and not shape.style.fill:
                continue  # a beast's spine, rings or saddle along its body
            x0, y0, x1, y1 = (v * k for v in printed_box(shape, IDENTITY))
            assert min(x0, y0, SIZE - x1, SIZE - y1) >= SAFE, (tile.name, shape)


def test_labels_keep_their_fields_with_a_one_line_error(tmp_path: Path) -> None:
    layout = tmp_path / "board.toml"
    layout.write_text(
        'extends = "marram/example-board"\ngame = "marram"\ncomponent = "board"\n'
        'name = "beispiel"\n[labels]\nscore_line = "{feature}: {points}"\n',
        encoding="utf-8",
    )
    run = sheetgen("check", str(layout))
    assert run.code == 1
    (line,) = [x for x in run.err.splitlines() if x.strip()]
    assert "labels.score_line" in line and "{feature}, {owners}, {points}" in line


def test_a_layouts_labels_reach_the_tiles_the_board_and_the_alignment_page(
    tmp_path: Path,
) -> None:
    german = {
        "gold_letter": "Au",
        "starter": "START!",
        "totals": "Summe",
        "blue_snake": "blaue Schlange aus {n}",
        "align_title": "DUPLEX-PROBE",
        "align_short": "Wenden über die kurze Kante",
    }
    table = "".join(f'{k} = "{v}"\n' for k, v in german.items())
    board = tmp_path / "board.toml"
    board.write_text(
        'extends = "marram/example-board"\ngame = "marram"\ncomponent = "board"\n'
        f'name = "beispiel"\n[labels]\n{table}',
        encoding="utf-8",
    )
    tiles = tmp_path / "tiles.toml"
    tiles.write_text(
        'extends = "marram/classic"\ngame = "marram"\ncomponent = "tiles"\n'
        f'name = "klassisch"\n[labels]\n{table}',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    out.mkdir()
    run = sheetgen(
        "build", str(board), str(tiles), "-f", "pdf", "--flip", "short", "--out", str(out), "-q"
    )
    assert run.code == 0, run.err
    board_text = _pdftotext(out / "marram-beispiel-board.pdf")
    assert "Au" in board_text and "START!" in board_text
    assert "blaue Schlange aus 3 — 9 pt to Ann" in board_text and "Summe" in board_text
    tiles_pdf = out / "marram-klassisch-tiles.pdf"
    assert "Au" in _pdftotext(tiles_pdf, 3) and "START!" in _pdftotext(tiles_pdf, 3)
    alignment = _pdftotext(tiles_pdf, 1)  # the alignment test comes first
    assert "DUPLEX-PROBE" in alignment and "Wenden über die kurze Kante" in alignment
    # the page's command names the layout as the command line did: by its file
    assert f"sheetgen build {tiles} --flip short --offset X,Y" in " ".join(alignment.split())


def _pdftotext(pdf: Path, page: int | None = None) -> str:
    args = ["pdftotext", "-layout"]
    if page is not None:
        n = page if page > 0 else len(pdfium.PdfDocument(pdf)) + page + 1
        args += ["-f", str(n), "-l", str(n)]
    return subprocess.run([*args, str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def test_every_marram_layout_credits_the_rules_it_follows() -> None:
    for ref in ("marram/classic", "marram/art", "marram/example-board"):
        credit = load(ref).model.credit
        assert "Marram Classic" in credit, ref  # the game, and the rulebook it follows
        assert "Combined Rules Book" in credit and "Board Game Arena How to Play" in credit, ref
    board: BoardLayout = load("marram/example-board").model  # type: ignore[assignment]
    assert board.variant == "classic"


def test_the_example_board_prints_its_title_and_says_plainly_what_each_score_is(
    tmp_path: Path,
) -> None:
    """ "A regular blue snake is complete if it has a head, at least one body length and a tail.
    A player with the majority of welly boots controlling the snake gets 3 points for each head,
    tail or body length." The example's snake (head, the starter's body, tail) is finished:
    9 to Ann, and the line says it is finished. Five of the 95 tiles are laid, so the game
    goes on ("In the long game all tiles are laid"): the heading scores finished features
    only, and Bob's unfinished sand patch scores nothing yet. Ann's boot came back from the
    snake ("they stay on the tile until a feature it is associated with is completed, at which
    point it is returned to the player's stock"): 6 of her 7 in hand, like Bob, and the page
    says so under the scores, since no boot shows on the snake she scored. The title is the
    layout's, not its file name."""
    board: BoardLayout = load("marram/example-board").model  # type: ignore[assignment]
    assert not board.end_game and board.title == "Marram — an example board"
    run = sheetgen("build", "marram/example-board", "-f", "pdf", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    text = " ".join(_pdftotext(tmp_path / "marram-example-board.pdf").split())
    assert text.startswith("Marram — an example board") and "example-board" not in text
    assert "Scores for finished features (classic rules)" in text and "Final" not in text
    back = "Boots on a finished feature go back to their owners' stock (in hand) when it scores."
    assert f"finished blue snake, 3 segments — 9 pt to Ann {back} Totals" in text
    assert "unfinished" not in text
    assert "Totals Ann: 9 Bob: 0 In hand Ann 6 welly boots; Bob 6 welly boots" in text


def _edge_points(shape: Shape) -> list[tuple[float, float, float]]:
    """Points along a beast's shape (design mm) with the half width painted round each."""
    if isinstance(shape, Circle):
        r = shape.r + shape.style.width / 2
        return [(shape.cx + r * np.cos(a), shape.cy + r * np.sin(a), 0.0) for a in ANGLES]
    if not isinstance(shape, Line) or not shape.style.stroke:
        return []
    half, at, out = shape.style.width / 2, (0.0, 0.0), []
    for seg in shape.segments:
        if isinstance(seg, CurveTo):
            ctrl = np.array([at, (seg.x1, seg.y1), (seg.x2, seg.y2), (seg.x, seg.y)])
            for t in np.linspace(0, 1, 40):
                w = np.array([(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3])
                x, y = w @ ctrl
                out.append((float(x), float(y), half))
        elif isinstance(seg, LineTo):
            out += [
                (at[0] + (seg.x - at[0]) * t, at[1] + (seg.y - at[1]) * t, half)
                for t in np.linspace(0, 1, 20)
            ]
        if isinstance(seg, MoveTo | LineTo | CurveTo):
            at = (seg.x, seg.y)
    return out


ANGLES = np.linspace(0, 2 * np.pi, 72)
GAP = 2.0  # mm kept clear between a beast and the spade card, or another beast's end


def _gap(points: list[tuple[float, float, float]], box: tuple[float, float, float, float]) -> float:
    x0, y0, x1, y1 = box
    return min(
        float(np.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1))) - half
        for x, y, half in points
    )


def test_beasts_keep_2mm_from_the_spade_card_and_from_each_other() -> None:
    """A beast must not touch the spade card (its flip boxes stay readable), and two beasts'
    ends on one tile stay 2 mm apart (a tongue never touches the next head)."""
    checked = 0
    for tile in SET.tiles:
        layers = face_layers(front(tile), ST, WORDS, 0.0, {}, False)
        beasts = []
        for text in tile.segments:
            kind, _, ends = text.partition(":")
            part = beast_layers(kind, tuple(ends.split("-")), ST, {})
            beasts.append([pt for s in [*part.outline, *part.top] for pt in _edge_points(s)])
        if tile.spade:
            (card,) = [s for s in layers.top if isinstance(s, Rect) and s.style.fill == "#ffffff"]
            half = card.style.width / 2
            box = (card.x - half, card.y - half, card.x + card.w + half, card.y + card.h + half)
            for points in beasts:
                assert _gap(points, box) >= GAP, tile.name
                checked += 1
        if len(beasts) == 2 and all(":" in t and "-" not in t.split(":")[1] for t in tile.segments):
            a, b = beasts
            near = min(float(np.hypot(x - u, y - v)) - h - k for x, y, h in a for u, v, k in b)
            assert near >= GAP, tile.name
            checked += 1
    assert checked >= 5
