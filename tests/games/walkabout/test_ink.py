"""Walkabout sheets, dice and mat as printed: grid ink at the nodes, faces at their size."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from sheetgen.games.walkabout.draw import node_xy
from sheetgen.games.walkabout.grid import Grid
from sheetgen.games.walkabout.model import MapLayout
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from tests.support import sheetgen


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wk")
    run = sheetgen(
        "build",
        "walkabout/map-1",
        "walkabout/dice",
        "walkabout/mat",
        "walkabout/example-game",
        "-f",
        "pdf,png",
        "--dpi",
        "150",
        "--out",
        str(out),
        "-q",
    )
    assert run.code == 0, run.err
    return out


def test_grid_ink_at_every_node(built: Path) -> None:
    loaded = load("walkabout/map-1")
    layout: MapLayout = loaded.model  # type: ignore[assignment]
    t = pressed(loaded.kind, layout, BuildOptions()).pages[0].placements[0].transform
    dpi = 200
    image = (
        pdfium.PdfDocument(str(built / "walkabout-map-1.pdf"))[0]
        .render(scale=dpi / 72)
        .to_pil()
        .convert("L")
    )
    px = dpi / 25.4
    grid = Grid(layout.columns, layout.rows, layout.edge)
    for node in grid.nodes():
        x, y = node_xy(layout, node)
        assert image.getpixel((round((t.e + x) * px), round((t.f + y) * px))) < 215, node
    # the middle of an empty space holds no ink
    for space in [(1, 2), (12, 27), (17, 16)]:
        cx, cy = grid.centre(space)
        ox, oy = node_xy(layout, (0, 0))
        value = image.getpixel((round((t.e + ox + cx) * px), round((t.f + oy + cy) * px)))
        assert value > 240, space  # type: ignore[operator]


def test_map_text_has_title_scoring_and_rules(built: Path) -> None:
    text = " ".join(PdfReader(built / "walkabout-map-1.pdf").pages[0].extract_text().split())
    for words in ("WALKABOUT", "Map 1", "SCORE", "TOTAL", "EACH DAY", "Roll all three dice"):
        assert words in text, words


def test_the_dice_pdf_prints_the_cut_sheet_alone(built: Path) -> None:
    # one page of paper: printing the file prints the sheet to cut, never a page a face
    reader = PdfReader(built / "walkabout-dice.pdf")
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width) * 25.4 / 72), round(float(box.height) * 25.4 / 72)) == (210, 297)
    # on the cut-out sheet, the cut marks above the strips stand 16 mm apart: the first 2 mm
    # of rows of the page that are each dark in the same seven thin runs
    dpi = 600
    sheet = (
        pdfium.PdfDocument(str(built / "walkabout-dice.pdf"))[0]
        .render(scale=dpi / 72)
        .to_pil()
        .convert("L")
    )
    px = dpi / 25.4
    dark = np.asarray(sheet) < 100
    runs = [tuple(np.flatnonzero(np.diff(row.astype(np.int8)))) for row in dark]
    tall = round(2 * px)
    for y in range(len(runs) - tall):
        edges = runs[y]
        thin = all((b - a) / px < 0.5 for a, b in zip(edges[::2], edges[1::2], strict=True))
        if len(edges) == 14 and thin and all(runs[y + i] == edges for i in range(tall)):
            gaps = [(b - a) / px for a, b in itertools.pairwise(edges[::2])]
            assert all(abs(g - 16.0) <= 0.1 for g in gaps), gaps
            return
    raise AssertionError("no row of seven cut marks above the strips")


def test_each_face_has_its_own_image(built: Path) -> None:
    faces = sorted(built.glob("walkabout-dice-*-[1-6].png"))
    assert len(faces) == 18
    image = Image.open(built / "walkabout-dice-dark-6.png").convert("RGB")
    assert image.size == (round(16 / 25.4 * 150), round(16 / 25.4 * 150))
    assert image.getpixel((2, 2)) == (0x5B, 0x3A, 0x29)  # the dark die's colour to the edge


@pytest.mark.slow  # every built-in layout: the slow tier
def test_other_die_sizes_work(tmp_path: Path) -> None:
    for size in ("14", "19", "25"):
        run = sheetgen(
            "build",
            "walkabout/dice",
            "--tile-size",
            size,
            "-f",
            "png",
            "--dpi",
            "254",
            "--out",
            str(tmp_path),
            "-q",
        )
        assert run.code == 0, run.err
        image = Image.open(tmp_path / "walkabout-dice-medium-3.png")
        assert image.size == (int(size) * 10, int(size) * 10)  # 254 dpi: 10 pixels a mm


def test_mat_shows_every_face(built: Path) -> None:
    text = PdfReader(built / "walkabout-mat.pdf").pages[0].extract_text()
    assert text.count("any symbol") == 3
    for name in ("Light die", "Medium die", "Dark die"):
        assert name in text


def test_score_command_prints_regions_and_total() -> None:
    run = sheetgen("walkabout", "score", "walkabout/example-game")
    assert run.code == 0, run.err
    assert "  region points: 14 points\n" in run.out  # a sum of points, not a count of regions
    assert "  total: 28.5 points\n" in run.out
    assert "stars: 1 + 2 collected - 1 used = 2 unused -> 2 points" in run.out
    data = json.loads(sheetgen("walkabout", "score", "walkabout/example-game", "--json").out)
    assert data["total"] == 28.5 and data["region_total"] == 14
    assert data["most_in_one_region"]["emu"] == 7


def test_moves_command_lists_options() -> None:
    run = sheetgen("walkabout", "moves", "walkabout/example-game", "--roll", "1,5,6")
    assert run.code == 0, run.err
    assert run.out.strip().splitlines()[-1] == "quit"
    bad = sheetgen("walkabout", "moves", "walkabout/example-game", "--roll", "1,9")
    assert bad.code == 2 and "give one face number (1-6) for each of the 3 dice" in bad.err
