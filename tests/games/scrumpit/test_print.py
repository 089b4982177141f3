"""Scrumpit's print finish as players would judge it: bag colours told apart in every vision
and each bag's own shape on its tiles and zone cells, tiles makeable at the fitted board's cell
sizes, a score pad with colour-headed columns, name lines and the match total, the example game
laid in its bags' colours, and every word translatable. Colours are measured on pdfium's pixels;
texts are read back from the PDF by pdfium."""

from __future__ import annotations

import ctypes
import io
import re
from functools import cache
from itertools import combinations
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw.document import Document, alone
from sheetgen.games.scrumpit.draw import tile_drawing
from sheetgen.games.scrumpit.model import BoardLayout, GameRecord, ScrumpitLabels, TilesLayout
from sheetgen.games.scrumpit.rules import score_game, zone_cells
from sheetgen.layouts.read import load
from sheetgen.model.tables import Refusal
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for, pressed
from sheetgen.press import PressOptions, parse_paper
from tests.support import sheetgen
from tests.support.palette import contrast, too_close

BOARD: BoardLayout = load("scrumpit/standard").model  # type: ignore[assignment]
TILES: TilesLayout = load("scrumpit/tiles").model  # type: ignore[assignment]
DPI = 200
Mask = set[tuple[int, int]]


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


@cache
def _doc(ref: str, paper: str = "A4") -> Document:
    return document_for(load(ref), BuildOptions(PressOptions(paper=parse_paper(paper))))


def _png(doc: Document, dpi: int = DPI) -> list[Image.Image]:
    return [Image.open(io.BytesIO(data)).convert("RGB") for _, data in render(doc, "png", dpi=dpi)]


def _text(doc: Document) -> list[str]:
    pdf = pdfium.PdfDocument(render(doc, "pdf")[0][1])
    return [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]


def test_bag_colours_stay_apart_in_every_vision_and_in_greyscale() -> None:
    """CIEDE2000 ΔE ≥ 20 between every two bags in normal vision and under deuteranopia,
    protanopia and tritanopia, and ΔL* ≥ 20 in greyscale (no mark needed), for the tiles and
    for the board's zones alike; the board's zones wear the tiles' colours."""
    zones: dict[str, str] = {zone.colour: zone.fill for zone in BOARD.zones}
    tiles: dict[str, str] = {bag: fill for bag, fill in TILES.colours.items()}
    assert too_close(tiles) == []
    assert too_close(zones) == []
    assert zones == tiles


def _mask(image: Image.Image, box: tuple[int, int, int, int], ink: tuple[int, int, int]) -> Mask:
    """The pixels near `ink` in `box`, relative to the box's corner."""
    x0, y0, x1, y1 = box
    return {
        (x - x0, y - y0)
        for x in range(x0, x1)
        for y in range(y0, y1)
        if _near(image.getpixel((x, y)), ink, 60)  # type: ignore[arg-type]
    }


def _overlap(a: Mask, b: Mask) -> float:
    """How alike two marks' shapes are (intersection over union), each stretched to fill a
    20 x 20 grid first, so that size and place do not count: a circle and a square score
    about 0.79, one shape with itself 1."""
    return len(_normal(a) & _normal(b)) / max(1, len(_normal(a) | _normal(b)))


def _normal(mask: Mask) -> Mask:
    xs, ys = [p[0] for p in mask], [p[1] for p in mask]
    x0, y0 = min(xs), min(ys)
    w, h = max(xs) - x0 + 1, max(ys) - y0 + 1
    return {(int((x - x0) * 20 / w), int((y - y0) * 20 / h)) for x, y in mask}


def test_each_bag_has_its_own_shape_on_its_tiles() -> None:
    """The same letter in the four bags: the ink in the tile's bottom-left corner (the bag's
    mark) has a different shape in each bag, so a tile's bag reads in greyscale too."""
    letter = next(x for x in TILES.letters if x.letter == "A")
    masks = {}
    for bag, fill in TILES.colours.items():
        page = alone(tile_drawing(letter, bag, fill, 19.0))
        doc = Document((page,), "tile")
        image = _png(doc, 300)[0]
        w, h = image.size
        corner = (0, int(h * 0.7), int(w * 0.45), h)
        ink = _rgb(max(("#ffffff", "#2b2a26"), key=lambda c: contrast(c, fill)))
        masks[bag] = _mask(image, corner, ink)
        assert len(masks[bag]) > 200, bag  # a mark is there
    for a, b in combinations(masks, 2):
        assert _overlap(masks[a], masks[b]) < 0.88, (a, b)


# the half-cell square at the middle of a cell's bottom half as read from each side of the
# board (the player sits at their zone's side): its top-left corner on the page, in cells
BELOW_MIDDLE = {
    "south": (0.25, 0.5),
    "west": (0.0, 0.25),
    "north": (0.25, 0.0),
    "east": (0.5, 0.25),
}


def test_every_zone_cell_carries_its_bags_shape() -> None:
    """On the fitted board, the middle of the bottom half (as its player reads it) of every zone
    cell but the apex holds a mark; the four zones' marks differ in shape, and each cell's mark is
    most like its own zone's."""
    doc = _doc("scrumpit/single")
    image = _png(doc, 300)[0]
    page = doc.pages[0]
    at = page.placements[0].transform
    cell = (page.placements[0].drawing.width) / (BOARD.size + 2 * len(BOARD.row_cells))
    z = len(BOARD.row_cells)
    px = 300 / 25.4
    fills: dict[str, tuple[int, int, int]] = {z.colour: _rgb(z.fill) for z in BOARD.zones}
    sides = {zone.colour: zone.side for zone in BOARD.zones}
    by_bag: dict[str, list[Mask]] = {bag: [] for bag in fills}
    for (x, y), (bag, row) in zone_cells(BOARD).items():
        if row == len(BOARD.row_cells):
            continue
        right, down = BELOW_MIDDLE[sides[bag]]
        left, top = at.apply((x + z + right) * cell, (y + z + down) * cell)
        box = (
            round(left * px) + 5,
            round(top * px) + 5,
            round((left + cell / 2) * px) - 5,
            round((top + cell / 2) * px) - 5,
        )
        fill = fills[bag]
        mark = {
            (i, j)
            for i in range(box[2] - box[0])
            for j in range(box[3] - box[1])
            if not _near(image.getpixel((box[0] + i, box[1] + j)), fill, 60)  # type: ignore[arg-type]
        }
        assert len(mark) > 20, (bag, x, y)
        by_bag[bag].append(mark)
    first = {bag: marks[0] for bag, marks in by_bag.items()}
    for a, b in combinations(first, 2):
        assert _overlap(first[a], first[b]) < 0.88, (a, b)
    for bag, marks in by_bag.items():
        for mark in marks:
            assert max(first, key=lambda other: _overlap(mark, first[other])) == bag


def test_each_zones_row_numbers_read_upright_from_its_players_side() -> None:
    """Each player sits at their home zone's side of the board (the rulebook: 'takes a position
    with their corresponding coloured triangle on the board'), so a zone's row numbers read
    upright from there: each digit's top points from its zone toward the board's centre."""
    doc = _doc("scrumpit/single")
    pdf = pdfium.PdfDocument(render(doc, "pdf")[0][1])
    text = pdf[0].get_textpage()
    chars = [text.get_text_range(i, 1) for i in range(text.count_chars())]
    matrix = pdfium_c.FS_MATRIX()
    digits: list[tuple[str, float, float, float, float]] = []  # digit, x, y (points, y up), up
    for i, char in enumerate(chars):
        beside = chars[i - 1 : i] + chars[i + 1 : i + 2]
        if char in "1234567" and not any(c.isalnum() or c == "." for c in beside):
            pdfium_c.FPDFText_GetMatrix(text.raw, i, ctypes.byref(matrix))
            left, bottom, right, top = text.get_charbox(i)
            digits.append((char, (left + right) / 2, (bottom + top) / 2, matrix.c, matrix.d))
    # the four apexes (row 7, each zone's tip) bound the board; their midpoint is its centre
    apexes = [(x, y) for char, x, y, *_ in digits if char == "7"]
    assert len(apexes) == 4, apexes
    xs, ys = [x for x, _ in apexes], [y for _, y in apexes]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    on_board = [
        (x, y, up_x, up_y)
        for _, x, y, up_x, up_y in digits
        if min(xs) - 1 <= x <= max(xs) + 1 and min(ys) - 1 <= y <= max(ys) + 1
    ]
    # a zone narrows by a cell each side a row, from 13 cells beside the 15-cell board to 1
    assert len(on_board) == 4 * (13 + 11 + 9 + 7 + 5 + 3 + 1)
    for x, y, up_x, up_y in on_board:
        inward = (centre[0] - x, centre[1] - y)
        axis = 0 if abs(inward[0]) > abs(inward[1]) else 1  # the zone's side: left/right or not
        up = (up_x, up_y)
        assert abs(up[1 - axis]) < 1e-6 * abs(up[axis]), (x, y, up)
        assert up[axis] * inward[axis] > 0, (x, y, up)


PAPERS = {"A4": 6.6, "Letter": 6.8, "A3": 9.6, "Tabloid": 9.0}


@pytest.mark.parametrize(("paper", "cell"), sorted(PAPERS.items()))
def test_tiles_can_be_made_at_each_fitted_boards_cell_size(
    paper: str, cell: float, tmp_path: Path
) -> None:
    """The fitted board reports its cell size (the largest 0.1 mm whose 29 cells fit the paper
    inside 8 mm margins and above the ruler); tiles of exactly that size are then made."""
    run = sheetgen(
        "build", "scrumpit/single", "--paper", paper, "-f", "pdf", "--out", str(tmp_path)
    )
    assert run.code == 0, run.err
    assert f"cells {cell:g} mm on one page of {paper}" in run.err  # a note, on stderr
    run = sheetgen(
        "build",
        "scrumpit/tiles",
        "--tile-size",
        f"{cell:g}",
        "-f",
        "pdf",
        "--paper",
        paper,
        "--out",
        str(tmp_path),
    )
    assert run.code == 0, run.err
    loaded = load("scrumpit/tiles")
    from dataclasses import replace

    options = replace(BuildOptions(PressOptions(paper=parse_paper(paper))), tile_size=cell)
    doc = pressed(loaded.kind, loaded.model, options)
    sizes = {
        (round(p.drawing.width, 3), round(p.drawing.height, 3))
        for page in doc.pages
        for p in page.placements
        if p.drawing.title.startswith("tile ")
    }
    assert sizes == {(cell, cell)}


def test_tile_sizes_are_bounded_per_kind_in_one_line(tmp_path: Path) -> None:
    run = sheetgen("build", "scrumpit/tiles", "--tile-size", "5.9", "--out", str(tmp_path))
    assert run.code == 2
    assert run.err.strip() == (
        "error: --tile-size 5.9: scrumpit/tiles takes 6 to 40 mm "
        "(text stays 6 pt or more, clear of the cut by 16% of the tile, at most 3 mm)"
    )
    run = sheetgen("build", "walkabout/dice", "--tile-size", "8", "--out", str(tmp_path))
    assert run.code == 2 and "walkabout/dice takes 14 to 38 mm" in run.err
    run = sheetgen("build", "scrumpit/single", "--paper", "150x150", "--out", str(tmp_path))
    assert run.code == 1 and len(run.err.strip().splitlines()) == 1
    # (150 - 2 x 8 margin - 9 ruler - 3 clearance) / 29 cells = 4.2 mm
    assert "4.2 mm cells, under the 6 mm" in run.err


def test_the_score_pad_heads_columns_by_colour_labels_names_and_totals_the_match() -> None:
    """Each game's table heads its columns YELLOW, BLUE, RED, GREEN (play order) on a band of
    that bag's colour, each with a labelled name line, and ends with the game total and the
    match total of the games so far."""
    doc = _doc("scrumpit/scorepad")
    texts = _text(doc)
    joined = " ".join(texts)
    for n in range(1, 5):
        assert f"Game {n}" in joined and joined.count("match total") == 4
    for text in texts:
        heads = re.findall(r"\b(YELLOW|BLUE|RED|GREEN)\b", text)
        assert heads == ["YELLOW", "BLUE", "RED", "GREEN"] * 2
        assert len(re.findall(r"\bname\b", text)) == 8
        assert text.count("game total") == 2
    pdf = pdfium.PdfDocument(render(doc, "pdf")[0][1])
    page = pdf[0]
    height = page.get_size()[1]
    image = page.render(scale=DPI / 72).to_pil().convert("RGB")
    textpage = page.get_textpage()
    for bag, fill in TILES.colours.items():
        search = textpage.search(bag.upper(), match_case=True, match_whole_word=True)
        hit = search.get_next()
        assert hit is not None
        start = hit[0]
        _l, bottom, right, top = textpage.get_charbox(start + len(bag) - 1)
        x = (right + 10) * DPI / 72  # 10 pt right of the name, on its band
        y = (height - (top + bottom) / 2) * DPI / 72
        assert _near(image.getpixel((int(x), int(y))), _rgb(fill)), bag


def test_the_score_pad_has_a_field_for_each_match_total(tmp_path: Path) -> None:
    from pypdf import PdfReader

    run = sheetgen("build", "scrumpit/scorepad", "--fillable", "-f", "pdf", "--out", str(tmp_path))
    assert run.code == 0, run.err
    fields = PdfReader(tmp_path / "scrumpit-scorepad-fillable.pdf").get_fields() or {}
    names = {name.split(".")[-1] for name in fields}
    for game in range(1, 5):
        for player in range(1, 5):
            assert f"g{game}_p{player}_match_total" in names
            assert f"g{game}_p{player}_name" in names


def test_the_example_games_tiles_wear_their_bags_colours() -> None:
    """pdfium's pixels near each laid tile's top-right corner are its bag's colour: yellow's
    words in yellow, blue's in blue, and the M and E red scrumped from blue's CHARMED still
    blue in red's MAPLE ('you can even Scrump your own letters': a tile keeps its bag)."""
    record = load("scrumpit/example-game").model
    assert isinstance(record, GameRecord)
    final = score_game(record, BOARD, TILES).grid
    assert final[(6, -3)] == ("M", "blue") and final[(10, -3)] == ("E", "blue")
    assert (5, 13) not in final and (6, 13) not in final  # lifted from CHARMED
    doc = _doc("scrumpit/example-game")
    image = _png(doc)[0]
    page = doc.pages[0]
    at = page.placements[0].transform
    cell = page.placements[0].drawing.width / (BOARD.size + 2 * len(BOARD.row_cells))
    z = len(BOARD.row_cells)
    px = DPI / 25.4
    fills = dict(TILES.colours)
    for (x, y), (letter, bag) in final.items():
        spot = at.apply((x + z + 0.8) * cell, (y + z + 0.2) * cell)
        colour = image.getpixel((round(spot[0] * px), round(spot[1] * px)))
        assert _near(colour, _rgb(fills[bag])), (letter, x, y, colour)  # type: ignore[arg-type]
    assert len(final) == 64 and {bag for _, bag in final.values()} == {"yellow", "blue", "red"}


def test_each_tile_sheet_is_headed_by_its_bag() -> None:
    doc = _doc("scrumpit/tiles")
    count = sum(x.count for x in TILES.letters)
    for page, text in zip(doc.pages, _text(doc), strict=True):
        for bag in page.label.split("-"):  # each bag sharing the page
            assert f"{bag.upper()} BAG: {count} tiles" in text


def test_a_label_must_keep_its_fields_and_labels_translate_the_board(tmp_path: Path) -> None:
    with pytest.raises(Refusal) as caught:
        ScrumpitLabels(game="Partie")
    assert "must hold {n}" in str(caught.value)
    layout = tmp_path / "maison.toml"
    layout.write_text(
        'extends = "scrumpit/single"\ngame = "scrumpit"\ncomponent = "board"\nname = "maison"\n'
        '[labels]\nhome = "MAISON"\nred = "ROUGE"\n',
        encoding="utf-8",
    )
    run = sheetgen("build", str(layout), "-f", "pdf", "--out", str(tmp_path))
    assert run.code == 0, run.err
    pdf = pdfium.PdfDocument(tmp_path / "scrumpit-maison-board.pdf")
    text = " ".join(pdf[0].get_textpage().get_text_range().split())
    assert text.count("MAISON") == 4 and "ROUGE" in text and "HOME" not in text


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_score_pad_keeps_its_calibration_ruler_and_explains_the_rack_row(paper: str) -> None:
    """On Letter as on A4 each score pad page prints the ruler's note (the press drops the
    ruler when 12 mm is not free below the sheet), and each game says the rack row is the
    value of the tiles left on the rack, none for whoever reached the Apex Star and so
    finished the game (rulebook: 'the player
    finishing that game does not make any deductions')."""
    for text in _text(_doc("scrumpit/scorepad", paper)):
        assert "Printed at actual size (100%)" in text, paper
        assert text.count("value of tiles left on the rack (none for whoever reached") == 2


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_one_page_board_says_it_is_for_pencil_play(paper: str) -> None:
    """The fitted board's 6-7 mm cells cannot hold the 19 mm tiles: its caption says so; the
    real-size tiled board does not."""
    single = " ".join(_text(_doc("scrumpit/single", paper)))
    assert "for pencil play, not the 19 mm tiles" in single
    assert "pencil" not in " ".join(_text(_doc("scrumpit/standard", paper)))


def _components(ink: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """The 8-connected groups of `ink` pixels, largest first."""
    left, groups = set(ink), []
    while left:
        todo, group = [left.pop()], set()
        while todo:
            i, j = todo.pop()
            group.add((i, j))
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    if (i + di, j + dj) in left:
                        left.remove((i + di, j + dj))
                        todo.append((i + di, j + dj))
        groups.append(group)
    return sorted(groups, key=len, reverse=True)


def test_each_apex_star_stands_clear_of_its_row_number() -> None:
    """In each zone's Apex Star cell of the one-page board, the star and the row number are two
    marks with at least 1.5 mm of the zone's colour between them (the other cells keep 2.8 mm
    or more between number and mark), so the star never reads as touching the number: measured
    on pdfium's pixels at 300 dpi. (They had 1.1 to 1.4 mm.)"""
    doc = _doc("scrumpit/single")
    image = _png(doc, 300)[0]
    page = doc.pages[0]
    at = page.placements[0].transform
    cell = page.placements[0].drawing.width / (BOARD.size + 2 * len(BOARD.row_cells))
    z, px = len(BOARD.row_cells), 300 / 25.4
    fills = {zone.colour: _rgb(zone.fill) for zone in BOARD.zones}
    apexes = [(xy, bag) for xy, (bag, row) in zone_cells(BOARD).items() if row == z]
    assert len(apexes) == 4
    for (x, y), bag in apexes:
        left, top = at.apply((x + z) * cell, (y + z) * cell)
        x0, y0, side = round(left * px) + 4, round(top * px) + 4, round(cell * px) - 8
        ink = {
            (i, j)
            for i in range(side)
            for j in range(side)
            if not _near(image.getpixel((x0 + i, y0 + j)), fills[bag], 60)  # type: ignore[arg-type]
        }
        number, star = _components(ink)[:2]
        gap = min(((a - c) ** 2 + (b - d) ** 2) ** 0.5 for a, b in number for c, d in star)
        assert gap / px >= 1.5, (bag, round(gap / px, 2))
