"""Scribbly Gum sheets and tiles as a printer sees them: ink where the layout puts it."""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from sheetgen.games.scribbly_gum.draw import circle_centre
from sheetgen.games.scribbly_gum.model import TreeLayout
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.press.plan import PressOptions
from tests.support import page_texts, sheetgen

DPI = 150
PX = DPI / 25.4


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sg")
    run = sheetgen(
        "build",
        "scribbly-gum/kuringgai",
        "scribbly-gum/mooloolah",
        "scribbly-gum/tiles",
        "scribbly-gum/pad",
        "-f",
        "pdf",
        "--out",
        str(out),
        "-q",
    )
    assert run.code == 0, run.err
    return out


@pytest.mark.parametrize("name", ["kuringgai", "mooloolah"])
def test_every_tree_circle_is_inked_where_the_layout_puts_it(built: Path, name: str) -> None:
    loaded = load(f"scribbly-gum/{name}")
    tree: TreeLayout = loaded.model  # type: ignore[assignment]
    offset = pressed(loaded.kind, tree, BuildOptions()).pages[0].placements[0].transform
    image = (
        pdfium.PdfDocument(str(built / f"scribbly-gum-{name}-tree.pdf"))[0]
        .render(scale=DPI / 72)
        .to_pil()
        .convert("L")
    )
    r = tree.sheet.circle / 2
    for c in tree.circles:
        x, y = circle_centre(tree, c.at)
        cx, cy = offset.e + x, offset.f + y
        ring = [
            image.getpixel((round((cx + r * math.cos(a)) * PX), round((cy + r * math.sin(a)) * PX)))
            for a in (k * math.pi / 8 + 0.1 for k in range(16))
        ]
        dark = sum(1 for v in ring if isinstance(v, int) and v < 110)
        assert dark >= 12, (c.id, ring)
        centre = image.getpixel((round(cx * PX), round(cy * PX)))
        if c.food == "start":
            assert centre < 80, c.id  # type: ignore[operator]  # printed filled
        else:  # the rulebook has no blank circle: every other circle shows its food
            inside = [
                image.getpixel((round((cx + dx * r / 5) * PX), round((cy + dy * r / 5) * PX)))
                for dx in range(-3, 4)
                for dy in range(-3, 4)
            ]
            inked = sum(1 for v in inside if isinstance(v, int) and v < 230)
            assert inked >= 5, (c.id, c.food)
    # the moth's grid point holds the moth picture, not empty grey
    mx, my = circle_centre(tree, tree.moth)
    assert image.getpixel((round((offset.e + mx) * PX), round((offset.f + my) * PX))) < 200


def test_sheet_text_names_the_side_and_the_score_area(built: Path) -> None:
    (text,) = page_texts(built / "scribbly-gum-kuringgai-tree.pdf", [0])
    for word in (
        "Scribbly Gum",
        "Kuringgai side",
        "MEAL TRACKER",
        "total meals",
        "column bonus",
        "achievements",
        "final score",
        "Name",
        "+3",
    ):
        assert word in text, word


def test_two_sided_pad_alternates_the_sides(built: Path) -> None:
    reader = PdfReader(built / "scribbly-gum-pad.pdf")
    assert len(reader.pages) == 40  # 20 leaves, front and back
    sides = page_texts(built / "scribbly-gum-pad.pdf", range(4))
    assert ["Kuringgai side" in t for t in sides] == [True, False, True, False]
    assert ["Mooloolah side" in t for t in sides] == [False, True, False, True]
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"

    # the 40 pages draw the two sides' pictures (tree, ruler) from the first leaf's objects,
    # each but its own sheet mark's QR code (a picture saying which page it is)
    def pictures(pages: list[Any]) -> set[int]:
        return {
            p["/Resources"]["/XObject"].raw_get(key).idnum
            for p in pages
            for key in p["/Resources"]["/XObject"]
            if p["/Resources"]["/XObject"][key]["/Subtype"] == "/Form"
        }

    assert pictures(list(reader.pages)) == pictures(list(reader.pages[:2]))


def test_names_print_one_sheet_a_player(tmp_path: Path) -> None:
    names = tmp_path / "class.txt"
    names.write_text("Ada Lovelace\n\nGrace Hopper\nAlan Turing\n", encoding="utf-8")
    run = sheetgen(
        "build",
        "scribbly-gum/kuringgai",
        "--names",
        str(names),
        "-f",
        "pdf",
        "--out",
        str(tmp_path),
        "-q",
    )
    assert run.code == 0, run.err
    pages = page_texts(tmp_path / "scribbly-gum-kuringgai-tree.pdf")
    assert [("Ada Lovelace" in p, "Alan Turing" in p) for p in pages] == [
        (True, False),
        (False, False),
        (False, True),
    ]
    bad = tmp_path / "bad.txt"
    bad.write_text("x" * 60 + "\n", encoding="utf-8")
    run = sheetgen("build", "scribbly-gum/kuringgai", "--names", str(bad), "--out", str(tmp_path))
    assert run.code == 2
    assert run.err.strip() == f"error: --names {bad}:1: a name is at most 40 printable characters"


def test_tile_backs_line_up_behind_their_fronts() -> None:
    loaded = load("scribbly-gum/tiles")
    doc = pressed(loaded.kind, loaded.model, BuildOptions())
    # the duplex alignment test's two sides, then movement and achievement sheets, letters
    titles = [pl.drawing.title for pl in doc.pages[0].placements + doc.pages[1].placements]
    assert titles[::2] == ["duplex alignment front", "duplex alignment back"]
    assert len(doc.pages) == 7
    for front, back in ((doc.pages[2], doc.pages[3]), (doc.pages[4], doc.pages[5])):
        fronts = [p for p in front.placements if p.drawing.bleed]
        backs = [p for p in back.placements if p.drawing.bleed]
        assert len(fronts) == len(backs) == 8
        for f, b in zip(fronts, backs, strict=True):
            if f.drawing.title.startswith("achievement"):
                assert b.drawing.title == f.drawing.title.replace(" gold", " silver")
            else:
                assert b.drawing.title == "movement tile back"
            # turned over the long edge, the back sits exactly behind its front
            assert b.transform.e == pytest.approx(front.width - f.transform.e - 45.0)
            assert b.transform.f == pytest.approx(f.transform.f)


def test_tile_size_option_scales_the_tiles(tmp_path: Path) -> None:
    run = sheetgen(
        "build",
        "scribbly-gum/tiles",
        "--tile-size",
        "40",
        "-f",
        "pdf",
        "--out",
        str(tmp_path),
        "-q",
    )
    assert run.code == 0, run.err
    loaded = load("scribbly-gum/tiles")
    from dataclasses import replace

    doc = pressed(loaded.kind, loaded.model, replace(BuildOptions(), tile_size=40.0))
    sizes = {
        (p.drawing.width, p.drawing.height) for p in doc.pages[2].placements if p.drawing.bleed
    }
    assert sizes == {(40.0, 40.0)}
    run = sheetgen("build", "scribe/standard", "--tile-size", "30", "--out", str(tmp_path))
    assert run.code == 2
    assert "--tile-size works with" in run.err and "scribbly-gum/tiles" in run.err
    assert "scribe/supergrid" not in run.err


def test_a_class_set_shares_all_but_each_name_and_looks_as_each_sheet_alone() -> None:
    """Named sheets draw the tree from streams they share and only the name from their own
    (what keeps a class set small), yet each page looks as its name built alone (within one
    level of 255: a sheet alone draws its tree in place, not as a shared form, which
    anti-aliases a few edge pixels a level apart)."""
    import pikepdf

    from sheetgen.backends import render

    loaded = load("scribbly-gum/kuringgai")
    names = ("Ada Lovelace", "Grace Hopper", "Alan Turing", "Zoë Ng")

    def pdf_of(chosen: tuple[str, ...]) -> bytes:
        # without the sheet mark, whose QR code says each page's number (and so differs from
        # a sheet built alone): its copies' sharing is tests/press/test_sheet_mark.py's
        plain = PressOptions(sheet_mark=False)
        doc = pressed(loaded.kind, loaded.model, BuildOptions(plain, names=chosen))
        return render(doc, "pdf")[0][1]

    def picture(data: bytes, index: int) -> np.ndarray:
        page = pdfium.PdfDocument(data)[index]
        return np.asarray(page.render(scale=50 / 72).to_pil(), dtype=np.int16)

    together = pdf_of(names)
    with pikepdf.open(io.BytesIO(together)) as pdf:
        contents = [list(page.obj.Contents) for page in pdf.pages]
        own = [[s for s in c if sum(s.objgen == o.objgen for d in contents for o in d) == 1]
               for c in contents]  # fmt: skip
        assert all(len(streams) == 1 for streams in own)  # one stream a page is its own
        for streams in own:
            assert len(streams[0].read_bytes()) < 100  # the name, nothing of the tree
        # the PDF allows a content to be split in streams only between tokens: at line ends
        assert all(s.read_bytes().endswith(b"\n") for c in contents for s in c)
    for i, name in enumerate(names):
        assert np.abs(picture(together, i) - picture(pdf_of((name,)), 0)).max() <= 1, name


def test_the_tile_sheets_open_with_a_duplex_alignment_test_naming_their_own_rebuild(
    tmp_path: Path,
) -> None:
    """The two-sided tiles (movement backs, silver achievement sides) start with the duplex
    alignment test, as Marram's do: page 1 says how to print and read it and the command that
    builds these tiles again with the offset read; page 2 is its back."""
    run = sheetgen("build", "scribbly-gum/tiles", "-f", "pdf", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    first, second, third = page_texts(tmp_path / "scribbly-gum-tiles.pdf", range(3))
    assert "DUPLEX ALIGNMENT TEST" in first and "long-edge flip" in first
    assert "sheetgen build scribbly-gum/tiles --offset X,Y" in first
    assert "Back of the duplex alignment test" in second
    assert "LEFT" in third  # then the movement tiles
