"""Walkabout's printed components as a player holding them judges them: the scoring rules on
the map sheet, a star circle for every star, the finished example showing the stars it
collected, the dice sheet (it alone prints; bleed; numbers inside the faces; movements large
enough to read; one start mark on every die), the emu track told from the spear, the dice
mat's arrow along the forward direction, every word from the labels, and the colours.

Expected values come from the rulebook (shared/rulebooks/walkabout.md), from the grid's
geometry, or from an independent reader (pdfium's text and pixels, pypdf's form fields)."""

from __future__ import annotations

import io
import itertools
import json
import math
import re
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from sheetgen.backends import render
from sheetgen.draw import Circle, Drawing, Group, Rect, Style
from sheetgen.draw.document import Document, alone
from sheetgen.games.walkabout.components import check_sheet
from sheetgen.games.walkabout.dice import face_drawing
from sheetgen.games.walkabout.grid import Grid
from sheetgen.games.walkabout.model import SYMBOLS, DiceLayout, MapLayout, MatLayout
from sheetgen.games.walkabout.movement import span
from sheetgen.games.walkabout.symbols import symbol
from sheetgen.layouts.read import load
from tests.support import sheetgen
from tests.support.palette import contrast, too_close

DPI = 600
PX = DPI / 25.4  # pixels a mm
MAP: MapLayout = load("walkabout/map-1").model  # type: ignore[assignment]
DICE: DiceLayout = load("walkabout/dice").model  # type: ignore[assignment]
MAT: MatLayout = load("walkabout/mat").model  # type: ignore[assignment]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wkp")
    refs = ["walkabout/map-1", "walkabout/example-game", "walkabout/dice", "walkabout/mat"]
    run = sheetgen("build", *refs, "-f", "pdf,png", "--dpi", "300", "--out", str(out), "-q")
    assert run.code == 0, run.err
    fillable = out / "fillable"
    fillable.mkdir()
    refs = ["walkabout/map-1", "walkabout/example-game"]
    run = sheetgen("build", *refs, "-f", "pdf", "--fillable", "--out", str(fillable), "-q")
    assert run.code == 0, run.err
    return out


def _page(pdf: Path, dpi: int = DPI) -> np.ndarray:
    """The first page of a PDF as RGB pixels."""
    image = pdfium.PdfDocument(str(pdf))[0].render(scale=dpi / 72).to_pil().convert("RGB")
    return np.asarray(image).astype(int)


def _text(pdf: Path) -> str:
    page = pdfium.PdfDocument(str(pdf))[0]
    return " ".join(page.get_textpage().get_text_range().split())


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)])


def _near(pixels: np.ndarray, colour: str, within: int = 40) -> np.ndarray:
    return np.abs(pixels - _rgb(colour)).max(axis=-1) <= within


# --- the map sheet: scoring rules and stars ------------------------------------------------


def test_the_map_sheet_prints_every_scoring_rule(built: Path) -> None:
    """The rulebook's 'Scoring', 'Multiplayer' and 'Quit?' rules, each found in the sheet's
    own text (read back by pdfium)."""
    text = _text(built / "walkabout-map-1.pdf")
    rules = {
        # each region scores one way only
        "one way": r"each region one way only",
        # weapons of one type at different animals of one type in one region
        "weapons": r"Weapons of one kind, each pointing .*at a different animal, the animals all "
        r"of one kind and in one region",
        # animals of one type at different waterholes in one region
        "animals": r"animals of one kind, each pointing to or away from a different waterhole, "
        r"the waterholes all in one region",
        # 1st 0, 2nd 1, 3rd and on 2 each
        "ladder": r"1st scores 0, the 2nd 1, the 3rd and every one after it 2 each",
        "4 kinds": r"4 kinds of symbol in it: 1 point",
        "5 kinds": r"all 5 kinds: 3 points",
        "solo": r"your most in any one region\. Solo: ½ point each",
        "multi-player": r"With others: 1 point each, only if no one has a region with more",
        "stars": r"1 point for each star you still have",
        "end": r"When a player quits, everyone else plays on to the end of the 5th day after "
        r"that, then quits too",
        "must quit": r"On a day you draw nothing, neither path nor symbol, you must",
    }
    missing = [name for name, rule in rules.items() if not re.search(rule, text)]
    assert not missing, missing


def _fields(pdf: Path) -> dict[str, tuple[float, float, float, float]]:
    """Each form field's name and its box (x0, y0, x1, y1) in mm from the page's top left."""
    page = PdfReader(pdf).pages[0]
    height = float(page.mediabox.height)
    out = {}
    for annot in page.get("/Annots", []):
        a = annot.get_object()
        x0, y0, x1, y1 = (float(v) for v in a["/Rect"])
        name = str(a.get("/T") or a["/Parent"].get_object()["/T"])
        out[name.split(".")[-1]] = tuple(v * 25.4 / 72 for v in (x0, height - y1, x1, height - y0))
    return out  # type: ignore[return-value]


def test_every_star_a_player_can_hold_has_a_circle(built: Path) -> None:
    # 'You begin the game with one star, and can collect more by walking to them'
    circles = [
        n for n in _fields(built / "fillable" / "walkabout-map-1-fillable.pdf") if "star_" in n
    ]
    assert len(circles) == 1 + len(MAP.stars) == 9
    short = check_sheet(MAP.model_copy(update={"name": "mine", "star_circles": 8}))
    assert [(f.where, f.message) for f in short] == [
        (
            "star_circles",
            "8 star circles for 9 stars a player can hold (the one to start with and the "
            "map's 8); give star_circles = 9",
        )
    ]


def test_the_example_shows_the_stars_it_collected_and_used(built: Path) -> None:
    """Circles holding a star: the one to start with and each one walked onto (as `walkabout
    score` counts them); circles crossed out: the stars used."""
    stars = json.loads(sheetgen("walkabout", "score", "walkabout/example-game", "--json").out)[
        "stars"
    ]
    assert stars["collected"] >= 1 and stars["used"] >= 1
    assert sheetgen("check", "walkabout/example-game").code == 0
    boxes = _fields(built / "fillable" / "walkabout-example-game-fillable.pdf")
    pixels = _page(built / "walkabout-example-game.pdf")
    held, crossed = [], []
    for i in range(1, 10):
        x0, y0, x1, y1 = boxes[f"star_{i}"]
        cx, cy, r = (x0 + x1) / 2 * PX, (y0 + y1) / 2 * PX, (x1 - x0) / 2 * PX
        inside = pixels[
            round(cy - r / 2) : round(cy + r / 2), round(cx - r / 2) : round(cx + r / 2)
        ]
        held.append(bool((inside.max(axis=-1) < 200).mean() > 0.2))
        corners = [
            pixels[round(cy + dy * 0.62 * r), round(cx + dx * 0.62 * r)]
            for dx in (-1, 1)
            for dy in (-1, 1)
        ]
        crossed.append(all(c.max() < 160 for c in corners))
    assert held == [True] * (1 + stars["collected"]) + [False] * (8 - stars["collected"])
    assert crossed == [True] * stars["used"] + [False] * (9 - stars["used"])


# --- the dice sheet ------------------------------------------------------------------------


def _cuts(pixels: np.ndarray) -> tuple[list[float], list[float]]:
    """The x of every vertical cut (the marks above and below the strips) and the y of every
    horizontal one (the marks left of them, between those), in mm: lines of pixels dark in the
    same thin runs for 2 mm."""
    dark = pixels.max(axis=-1) < 100

    def marks(lines: np.ndarray, count: int) -> tuple[int, list[float]]:
        runs = [tuple(np.flatnonzero(np.diff(line.astype(np.int8)))) for line in lines]
        tall = round(2 * PX)
        for i in range(len(runs) - tall):
            edges = runs[i]
            thin = all((b - a) / PX < 0.5 for a, b in zip(edges[::2], edges[1::2], strict=True))
            if len(edges) == 2 * count and thin and all(runs[i + k] == edges for k in range(tall)):
                centres = [
                    (a + b + 1) / 2 / PX for a, b in zip(edges[::2], edges[1::2], strict=True)
                ]
                return i, centres
        raise AssertionError(f"no {count} cut marks found")

    top, xs = marks(dark, 7)
    below, under = marks(dark[::-1], 7)
    assert under == xs
    left = round((xs[0] - 2.6) * PX)  # outside the bleed, scanning out towards the marks
    between = dark[top : len(dark) - below, :left]
    _, ys = marks(between.T[::-1], 2 * len(DICE.dice))
    return xs, [y + top / PX for y in ys]


def test_the_strips_bleed_and_the_numbers_stay_inside_their_faces(built: Path) -> None:
    pdf = built / "walkabout-dice.pdf"
    pixels = _page(pdf)
    xs, ys = _cuts(pixels)
    assert [round(b - a, 1) for a, b in itertools.pairwise(xs)] == [16.0] * 6
    strips = list(zip(ys[::2], ys[1::2], strict=True))
    assert [round(b - a, 1) for a, b in strips] == [16.0] * 3
    # bleed: the die's colour 1.5 mm beyond every outer cut of its strip
    for die, (top, bottom) in zip(DICE.dice, strips, strict=True):
        mid_y, mid_x = (top + bottom) / 2, (xs[0] + xs[-1]) / 2
        for x, y in [
            (xs[0] - 1.5, mid_y),
            (xs[-1] + 1.5, mid_y),
            (mid_x + 4, top - 1.5),
            (mid_x + 4, bottom + 1.5),
        ]:
            seen = pixels[round(y * PX), round(x * PX)]
            assert np.abs(seen - _rgb(die.colour)).max() <= 3, (die.name, x, y, seen)
    # each face's number: inside its own face, 1 mm clear of the cuts; none in the waste
    text = pdfium.PdfDocument(str(pdf))[0].get_textpage()
    height = float(PdfReader(pdf).pages[0].mediabox.height)
    found: dict[tuple[int, int], str] = {}
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if not char.isdigit():
            continue
        left, low, right, high = (v * 25.4 / 72 for v in text.get_charbox(i))
        top_mm, bottom_mm = (height * 25.4 / 72) - high, (height * 25.4 / 72) - low
        if bottom_mm < strips[0][0] - 5 or top_mm > strips[-1][1] + 8:
            continue  # the sheet's title line above every strip, the ruler far below
        cells = [
            (r, c)
            for r, (y0, y1) in enumerate(strips)
            for c, (x0, x1) in enumerate(itertools.pairwise(xs))
            if x0 + 1 <= left and right <= x1 - 1 and y0 + 1 <= top_mm and bottom_mm <= y1 - 1
        ]
        assert len(cells) == 1, (char, left, top_mm)  # in a face, else in the waste
        found[cells[0]] = found.get(cells[0], "") + char
    assert found == {(r, c): str(c + 1) for r in range(3) for c in range(6)}


def test_a_movement_step_is_long_enough_to_read(built: Path) -> None:
    """On the dark die's waterhole face (forward, left, forward, right: four steps, the widest
    walk, 2 x sqrt(3) = 3.46 edges from side to side) the movement spans at least 2 mm a
    step (it fills the 10 mm square 3 mm inside the cut): its ink outside the symbol (in
    whichever corner it sits) and the number's corner."""
    image = Image.open(built / "walkabout-dice-dark-5.png").convert("RGB")
    px = image.width / 16.0
    pixels = np.asarray(image).astype(int)
    ink = _near(pixels, DICE.dice[2].ink, 60)
    widest = span([f for die in DICE.dice for f in die.faces])
    art = face_drawing(DICE.dice[2], DICE.dice[2].faces[4], 5, 16.0, widest).children[1]
    mark = next(s for s in art.children if isinstance(s, Group))  # type: ignore[attr-defined]
    x, y = mark.transform.e, mark.transform.f  # the symbol's middle, 4 mm across
    down = slice(round((y - 2.5) * px), round((y + 2.5) * px))
    across = slice(round((x - 2.5) * px), round((x + 2.5) * px))
    ink[down, across] = False
    ink[: round(4.5 * px), round(12 * px) :] = False  # the number's corner
    cols = np.flatnonzero(ink.any(axis=0))
    assert (cols[-1] - cols[0]) / px >= 2 * math.sqrt(3) * 2.0


def test_every_die_marks_where_you_stand_the_same_way() -> None:
    """The start of each movement is a ring with the face's own colour inside, on every die
    (no die has a filled dot where the others have a ring)."""
    widest = span([f for die in DICE.dice for f in die.faces])
    for die in DICE.dice:
        for i, face in enumerate(die.faces, start=1):
            rings = [
                shape
                for shape in _leaves(face_drawing(die, face, i, 16, widest).children)
                if isinstance(shape, Circle)
                and shape.style.stroke == die.ink
                and shape.style.fill is not None
            ]
            assert [r.style.fill for r in rings] == [die.colour], (die.name, i)


def _leaves(shapes: tuple[object, ...]) -> list[object]:
    out: list[object] = []
    for shape in shapes:
        out += _leaves(shape.children) if isinstance(shape, Group) else [shape]
    return out


# --- symbols, the mat, colours ---------------------------------------------------------------


def _ink_mask(kind: str, facing: str = "N") -> np.ndarray:
    """A symbol drawn alone, 10 mm, black on white, as pixels that hold ink."""
    shapes = (Rect(0, 0, 12, 12, Style(stroke=None, fill="#ffffff")),)
    drawing = Drawing(12, 12, (*shapes, symbol(kind, 6, 6, 10, "#000000", facing)))
    png = render(Document((alone(drawing),), title="symbol"), "png", dpi=300)[0][1]
    return np.asarray(Image.open(io.BytesIO(png)).convert("L")) < 128


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    return float((a & b).sum() / (a | b).sum())


def test_the_emu_track_is_no_spear() -> None:
    """The spear is one thin line; the emu track a fan about as wide as it is tall; they share
    little ink."""
    spear, emu = _ink_mask("spear"), _ink_mask("emu")

    def aspect(mask: np.ndarray) -> float:
        rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
        return (cols[-1] - cols[0]) / (rows[-1] - rows[0])

    assert aspect(spear) < 0.3 and aspect(emu) > 0.9
    assert _overlap(spear, emu) < 0.25


def test_the_mat_arrow_points_along_forward(built: Path) -> None:
    """The mat's big arrow lies along the map's NW grid line (30° above the horizontal, from the
    grid's geometry, not 45°) and its head is at the up-left end."""
    g = Grid(3, 3, 10.0)
    (x0, y0), (x1, y1) = g.position((1, 2)), g.position((0, 1))  # a node and its NW neighbour
    expected = math.degrees(math.atan2(-(y1 - y0), x1 - x0))  # anticlockwise from east
    pixels = _page(built / "walkabout-mat.pdf", 200)
    px = 200 / 25.4
    corner = pixels[: round(35 * px), round(150 * px) :]
    ys, xs = np.nonzero(_near(corner, MAT.accent, 30))
    points = np.stack([xs - xs.mean(), -(ys - ys.mean())])
    _, vectors = np.linalg.eigh(np.cov(points))
    axis = vectors[:, -1] if vectors[0, -1] < 0 else -vectors[:, -1]  # pointing left
    assert abs(math.degrees(math.atan2(axis[1], axis[0])) - expected) < 1.0
    along, across = axis @ points, np.abs(np.array([-axis[1], axis[0]]) @ points)
    head = across[along > along.max() * 0.4].max()
    tail = across[along < along.min() * 0.4].max()
    assert head > 2 * tail  # the wide head is at the forward end


def test_colours_a_player_tells_apart() -> None:
    """The three dice by colour alone, in every vision and in greyscale; symbols by colour
    kind (weapons, animals, waterholes) in every vision, each symbol also by its own shape;
    every text at least 3:1 against what it is printed on."""
    assert too_close({d.name: d.colour for d in DICE.dice}) == []
    for inks in (MAP.sheet.symbols, MAT.symbols):
        assert too_close({k: inks.of(k) for k in ("spear", "emu", "waterhole")}, marked=True) == []
    masks = {k: _ink_mask(k) for k in (*SYMBOLS, "?")}
    for a in masks:
        for b in masks:
            if a < b:
                assert _overlap(masks[a], masks[b]) < 0.5, (a, b)
    for die in DICE.dice:  # face numbers and '?' on the die, its name on the mat
        assert contrast(die.ink, die.colour) >= 3
    s = MAP.sheet
    for text, behind in [(s.accent, s.paper), (s.ink, s.paper), (s.pen, "#ffffff")]:
        assert contrast(text, behind) >= 3


# --- words ---------------------------------------------------------------------------------


def test_a_label_is_translated_and_keeps_its_fields(tmp_path: Path) -> None:
    source = tmp_path / "karte.toml"
    source.write_text(
        'game = "walkabout"\ncomponent = "map"\nname = "karte"\nextends = "walkabout/map-1"\n'
        '[labels]\nscore = "PUNKTE"\nmap_number = "Karte {n}"\n',
        encoding="utf-8",
    )
    run = sheetgen("build", str(source), "-f", "pdf", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    text = _text(tmp_path / "walkabout-karte-map.pdf")
    assert "PUNKTE" in text and "SCORE" not in text and "Karte 1" in text
    source.write_text(source.read_text().replace("Karte {n}", "Karte"), encoding="utf-8")
    bad = sheetgen("check", str(source))
    assert bad.code == 1 and "labels.map_number" in bad.err + bad.out
    assert "must hold {n}" in bad.err + bad.out


def test_one_point_is_singular(tmp_path: Path) -> None:
    record = tmp_path / "two-used.toml"
    record.write_text(
        'game = "walkabout"\ncomponent = "game"\nname = "two-used"\n'
        'extends = "walkabout/example-game"\nstars_used = 2\ndays = []\nsymbols = []\n',
        encoding="utf-8",
    )
    run = sheetgen("walkabout", "score", str(record))
    assert run.code == 0, run.err
    assert "= 1 unused -> 1 point\n" in run.out and "  region points: 1 point\n" in run.out


def test_a_faces_walk_starts_clear_of_its_symbol() -> None:
    """The ring a walk starts from never touches the face's symbol (it once did on the dark
    die's 6): a player reads them as two things. Measured by the bare die between their inks
    (the boxes round them meet where a round symbol sits diagonally from the ring): 1 mm or
    more, as test_dice_faces_readable asks of every part of the walk at every size."""
    from tests.games.walkabout.support import Art
    from tests.support.ink import apart, ink

    for die in DICE.dice:
        for n, face in enumerate(die.faces, 1):
            art = Art(die, n, face, 16.0)
            gap = apart(ink([art.ring], art.at), ink(art.symbol, art.at))
            assert gap >= 0.995, (die.name, n, gap)


def test_names_prints_a_map_for_each_player_with_their_name_on_its_name_line(
    tmp_path: Path,
) -> None:
    """Every map has a Name line; `--names` gives each player a map with their name on it, one
    a page (as for Scribbly Gum's trees), each name within the line, on the line's baseline."""
    names = tmp_path / "class.txt"
    names.write_text("Ana Lopez\nBen\n" + "W" * 40 + "\n", encoding="utf-8")
    run = sheetgen("build", "walkabout/map-1", "--names", str(names), "-f", "pdf", "--out",
                   str(tmp_path), "-q")  # fmt: skip
    assert run.code == 0, run.err
    pdf = pdfium.PdfDocument(tmp_path / "walkabout-map-1.pdf")
    assert len(pdf) == 3
    for page, name in zip(pdf, ["Ana Lopez", "Ben", "W" * 40], strict=True):
        text = page.get_textpage()
        label = text.search("Name", match_case=True).get_next()
        written = text.search(name, match_case=True, match_whole_word=True).get_next()
        assert label and written, name
        name_box = text.get_charbox(label[0])
        first = text.get_charbox(written[0])
        last = text.get_charbox(written[0] + written[1] - 1)
        assert first[0] > name_box[2]  # after the 'Name' label ...
        assert abs(first[1] - name_box[1]) < 0.5  # ... on its baseline (points) ...
        assert last[2] < float(page.get_width()) - 36  # ... and short of 'Map 1' at the right
