"""Marram: the set's checks, edge matching, the rulebook's scoring examples, duplex geometry."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetgen.games.marram.faces import Face, back, fits, front, parse_segment, patches, turn
from sheetgen.games.marram.model import Claim, Item, TileSetLayout, TileType
from sheetgen.games.marram.rules import check_set, score_board
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.press import PressOptions
from tests.support import sheetgen

SET: TileSetLayout = load("marram/classic").model  # type: ignore[assignment]


def face(
    corners: str, *segments: str, items: tuple[tuple[str, str], ...] = (), centre: str | None = None
) -> Face:
    tile = TileType(name="t", count=1, corners=corners, segments=list(segments), centre=centre)  # type: ignore[arg-type]
    f = front(tile)
    return replace(f, items=items)


def claim(player: str, at: tuple[int, int], feature: str) -> Claim:
    return Claim(player=player, at=at, feature=feature)


def points_for(
    board: dict[tuple[int, int], Face],
    claims: list[Claim],
    variant: str = "classic",
    end_game: bool = False,
) -> dict[str, int]:
    return score_board(board, claims, variant, end_game)[1]  # type: ignore[arg-type]


def test_the_built_in_set_passes_and_counts_95() -> None:
    assert check_set(SET) == []
    assert sum(t.count for t in SET.tiles) == 95
    assert not SET.starter.spade


def test_broken_sets_get_named_findings() -> None:
    tiles = list(SET.tiles)
    tiles[0] = tiles[0].model_copy(update={"count": 5})
    tiles[1] = tiles[1].model_copy(update={"segments": ["blue-head:E", "orange-end:E"]})
    tiles[6] = tiles[6].model_copy(
        update={"items": [Item(kind="gold", corner="NE")], "corners": "gsss"}
    )
    tiles[8] = tiles[8].model_copy(update={"back": "ssss"})
    found = [f"{f.where}: {f.message}" for f in check_set(SET.model_copy(update={"tiles": tiles}))]
    assert "totals.tiles: the file declares 95 but the tiles hold 96" in found
    assert any("the E edge carries 2 beast connections" in m for m in found)
    assert any("a gold coin must sit in grass, but NE is sand" in m for m in found)
    assert any(
        "tiles[8].back: tile orange-end-meadow: back 'ssss' should be 'gggg'" in m for m in found
    )
    spade_start = SET.starter.model_copy(update={"spade": True})
    assert "starter.spade: the starter tile has no spade symbol" in [
        f"{f.where}: {f.message}"
        for f in check_set(SET.model_copy(update={"starter": spade_start}))
    ]


def test_backs_mirror_and_spade_backs_swap() -> None:
    plain = next(t for t in SET.tiles if t.name == "blue-tail-knoll")  # gggs
    assert [k for _, k in back(plain).corners] == list("ggsg")
    spade = next(t for t in SET.tiles if t.name == "spade-knoll")  # gggs
    assert [k for _, k in back(spade).corners] == list("sssg")
    assert back(plain).segments == front(plain).segments


def test_mismatched_edges_are_refused() -> None:
    board = {(0, 0): face("ggss")}
    ok, _ = fits(board, face("ggss"), (1, 0))
    assert ok
    ok, why = fits(board, face("gggg"), (1, 0))
    assert not ok and "W edge does not match" in why
    ok, why = fits(board, face("ggss", "blue-body:W-E"), (1, 0))
    assert not ok  # a snake against an edge with no snake
    ok, why = fits(board, face("ggss"), (3, 3))
    assert not ok and "does not touch" in why


def test_beastly_takes_one_type_and_refuses_two() -> None:
    board = {(0, 0): face("gggg", "blue-head:E"), (2, 0): face("gggg", "orange-end:W")}
    ok, why = fits(board, face("gggg", "beastly:W-E"), (1, 0))
    assert not ok and "different kinds" in why
    board = {(0, 0): face("gggg", "blue-head:E"), (2, 0): face("gggg", "blue-tail:W")}
    ok, _ = fits(board, face("gggg", "beastly:W-E"), (1, 0))
    assert ok


def test_rulebook_beasts() -> None:
    g = "gggg"
    blue = {
        (0, 0): face(g, "blue-head:E"),
        (1, 0): face(g, "blue-body:W-E"),
        (2, 0): face(g, "blue-tail:W"),
    }
    assert points_for(blue, [claim("ann", (1, 0), "beast:W")]) == {"ann": 9}
    orange = {(0, 0): face(g, "orange-end:E"), (1, 0): face(g, "orange-end:W")}
    assert points_for(orange, [claim("ann", (0, 0), "beast:E")]) == {"ann": 2}
    worm = {
        (0, 0): face(g, "worm-end:E"),
        (1, 0): face(g, "worm-saddle:W-E"),
        (2, 0): face(g, "worm-end:W"),
    }
    assert points_for(worm, [claim("bob", (2, 0), "beast:W")]) == {"bob": 6}
    freak = {(0, 0): face(g, "blue-head:E"), (1, 0): face(g, "blue-head:W")}
    assert points_for(freak, [claim("bob", (0, 0), "beast:E")]) == {"bob": 3}
    no_saddle = {
        (0, 0): face(g, "worm-end:E"),
        (1, 0): face(g, "worm-body:W-E"),
        (2, 0): face(g, "worm-end:W"),
    }
    assert points_for(no_saddle, [claim("bob", (0, 0), "beast:E")]) == {"bob": 3}


def circle_board() -> dict[tuple[int, int], Face]:
    return {(0, 0): face("ssgs"), (1, 0): face("sssg"), (0, 1): face("sgss"), (1, 1): face("gsss")}


def dumbbell_board() -> dict[tuple[int, int], Face]:
    return {
        (0, 0): face("ssgs"),
        (1, 0): face("ssgg"),
        (2, 0): face("sssg"),
        (0, 1): face("sgss"),
        (1, 1): face("ggss"),
        (2, 1): face("gsss"),
    }


def test_a_circle_patch_has_one_bulge_and_a_dumbbell_two() -> None:
    grass = [p for p in patches(circle_board()) if p.kind == "g"]
    assert len(grass) == 1 and grass[0].complete and grass[0].bulges == 1
    grass = [p for p in patches(dumbbell_board()) if p.kind == "g"]
    assert len(grass) == 1 and grass[0].complete and grass[0].bulges == 2
    sand = [p for p in patches(dumbbell_board()) if p.kind == "s"]
    assert sand and not any(p.complete for p in sand)  # open to the empty table around


def test_patch_values_by_variant() -> None:
    board = dumbbell_board()
    board[(1, 0)] = replace(board[(1, 0)], items=(("gold", "SE"),))
    board[(1, 1)] = replace(board[(1, 1)], items=(("silver", "NW"),))
    claims = [claim("ann", (1, 1), "patch:NE")]
    assert points_for(board, claims, "classic") == {"ann": 2 * 5 + 5 + 3}
    assert points_for(board, claims, "pitchfork") == {"ann": 2 * 3 + 4 + 2}
    flowers = circle_board()
    flowers[(0, 0)] = replace(flowers[(0, 0)], items=(("flower", "NW"),))
    sand_claim = [claim("cat", (0, 0), "patch:NW")]
    assert points_for(flowers, sand_claim) == {}  # the sand is unfinished
    assert points_for(flowers, sand_claim, end_game=True) == {"cat": 1}  # no full bulge, 1 flower


def test_majority_and_tied_majority() -> None:
    board = dumbbell_board()
    tied = [claim("ann", (1, 1), "patch:NE"), claim("bob", (0, 0), "patch:SE")]
    assert points_for(board, tied) == {"ann": 10, "bob": 10}
    majority = [*tied, claim("bob", (2, 1), "patch:NW")]
    assert points_for(board, majority) == {"bob": 10}


def test_unfinished_features_at_the_end_of_the_game() -> None:
    g = "gggg"
    snake = {(0, 0): face(g, "blue-head:E"), (1, 0): face(g, "blue-body:W-E")}
    claims = [claim("ann", (0, 0), "beast:E")]
    assert points_for(snake, claims) == {}
    assert points_for(snake, claims, end_game=True) == {"ann": 2}


def test_turning_moves_corners_edges_and_items() -> None:
    f = turn(face("ggss", "blue-head:E", items=(("gold", "NW"),)), 1)
    assert dict(f.corners) == {"NW": "s", "NE": "g", "SE": "g", "SW": "s"}
    assert f.segments[0].edges == ("S",) and f.items == (("gold", "NE"),)
    assert parse_segment("worm-saddle:W-E").beast == "worm"


@pytest.mark.parametrize("flip", ["long", "short"])
def test_every_back_centre_mirrors_its_front_within_a_tenth(flip: str) -> None:
    loaded = load("marram/classic")
    doc = pressed(loaded.kind, loaded.model, BuildOptions(PressOptions(), flip=flip))  # type: ignore[arg-type]
    tile_pages = [p for p in doc.pages if any(pl.drawing.bleed for pl in p.placements)]
    assert len(tile_pages) % 2 == 0 and len(tile_pages) >= 8
    checked = 0
    for front_page, back_page in zip(tile_pages[::2], tile_pages[1::2], strict=True):
        fronts = [p for p in front_page.placements if p.drawing.bleed]
        backs = [p for p in back_page.placements if p.drawing.bleed]
        assert len(fronts) == len(backs)
        w, h = front_page.width, front_page.height
        for f, b in zip(fronts, backs, strict=True):
            assert f.drawing.title.replace(" front", "") == b.drawing.title.replace(" back", "")
            size = f.drawing.width
            fx, fy = f.transform.e + size / 2, f.transform.f + size / 2
            bx, by = b.transform.e + size / 2, b.transform.f + size / 2
            if flip == "long":  # portrait: turned over the long edge, left and right swap
                assert abs(bx - (w - fx)) <= 0.1 and abs(by - fy) <= 0.1
            else:
                assert abs(bx - fx) <= 0.1 and abs(by - (h - fy)) <= 0.1
            checked += 1
    assert checked == 96


def test_sheets_and_art_build(tmp_path: Path) -> None:
    run = sheetgen(
        "build",
        "marram/classic",
        "-f",
        "pdf",
        "--offset",
        "0.5,-0.2",
        "--flip",
        "short",
        "--out",
        str(tmp_path),
        "-q",
    )
    assert run.code == 0, run.err
    reader = PdfReader(tmp_path / "marram-classic-tiles.pdf")
    # the alignment test first, to calibrate before printing the tiles: 4 sheets follow
    assert len(reader.pages) == 10
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    alignment = " ".join(reader.pages[0].extract_text().split())
    assert "DUPLEX ALIGNMENT TEST" in alignment
    # the printed command builds the same sheets again: the flip goes with the offset
    assert "sheetgen build marram/classic --flip short --offset X,Y" in alignment
    # how to record a spade tile's flips: the next box on both faces, so no tick hides
    assert "tick the next box (3, 2, 1) on both faces" in alignment
    assert "Back of the duplex alignment test" in reader.pages[1].extract_text()
    assert "DUPLEX ALIGNMENT TEST" not in reader.pages[2].extract_text()  # the tiles begin
    page = reader.pages[2]
    assert abs(float(page.trimbox.width) - (4 * 44 - 4) * 72 / 25.4) < 0.5  # bleed outside
    run = sheetgen("build", "marram/art", "-f", "png", "--px", "128", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    images = sorted(tmp_path.glob("marram-art-*.png"))
    assert len(images) == 2 * (len(SET.tiles) + 1)
    from PIL import Image

    assert Image.open(images[0]).size == (128, 128)
    bad = sheetgen("build", "marram/classic", "--offset", "20,0", "--out", str(tmp_path))
    assert bad.code == 2 and "each shift is at most 10 mm" in bad.err
