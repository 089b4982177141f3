"""Bleed on every kind whose pieces are cut (issue #37): built with `--bleed 3`, each piece's art
runs on 3 mm past every one of its cuts, read from the PDF's own pixels: paper never shows
there, the art just inside each cut carries on past it, and where that art changes towards the
cut (a shore meeting it at a slant) it keeps changing past it, as no edge row stretched outward
would. The PDF's TrimBox is the cut round each page's pieces and its BleedBox that box and the
bleed. Every other kind refuses `--bleed` in one line saying why, and `build --all --bleed 3`
says so once.

Where the pieces are comes from the press's placements, each checked against the layout file
(the piece's size) and the PDF's own boxes; what colour the bleed is comes from the layout file
(a bag's, a die's, a piece's background), never from the drawing code."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pytest

from sheetgen.draw.document import Box
from sheetgen.kinds import kinds
from sheetgen.layouts.read import Loaded, builtin_layouts, load
from sheetgen.options import BuildOptions, read_build
from sheetgen.pipeline.document import document_for
from sheetgen.pipeline.honoured import left_out
from sheetgen.press.plan import PressOptions
from tests.support import sheetgen, tiered

BLEED = 3.0
DPI = 150
PX = DPI / 25.4  # pixels a mm
PT = 72 / 25.4  # PDF points a mm
PAPER = 250  # a pixel whose every channel is this light or lighter is bare paper
SAME = 24  # two pixels this close in every channel show the same colour (anti-aliasing aside)
CORNER = 1.0  # mm left out at each end of a cut, where two cuts' bleeds meet
PIECES = ("custom/pieces", "marram/tiles", "scribbly-gum/tiles", "scrumpit/tiles", "walkabout/dice")
BOARDS = ("marram/board", "scrumpit/board", "walkabout/mat")  # cut out of their bleed whole
TAKERS = tuple(sorted(PIECES + BOARDS))
SAFE = 3.0  # mm inside a board's trim that no text or mark reaches (issue #37)


def _custom_grounds(item: Loaded) -> tuple[str, ...]:
    """A designer's pieces' backgrounds: the front's and the back's, each filled in from
    every row of the layout's data file, as the layout file writes them."""
    model: Any = item.model
    assert item.path is not None
    data = item.path.parent / model.data
    with data.open(encoding="utf-8", newline="") as rows:
        table = list(csv.DictReader(rows))
    faces = [model.front] + ([model.back] if model.back is not None else [])
    return tuple({face.background.format_map(row) for face in faces for row in table})


# each kind's piece size (mm, width and height) and the colours its layout names for the ground
# its pieces' bleed shows (None: the faces' own colours, which the layout does not all name)
SIZES: dict[str, Callable[[Any], tuple[float, float]]] = {
    "custom/pieces": lambda m: (m.piece.width, m.piece.height),
    "marram/tiles": lambda m: (m.sheet.size, m.sheet.size),
    "scribbly-gum/tiles": lambda m: (m.sheet.size, m.sheet.size),
    "scrumpit/tiles": lambda m: (m.size, m.size),
    "walkabout/dice": lambda m: (m.face_size, m.face_size),
}
GROUNDS: dict[str, Callable[[Any], tuple[str, ...]] | None] = {
    "custom/pieces": _custom_grounds,
    "marram/tiles": lambda i: (i.model.sheet.grass, i.model.sheet.sand),
    "scribbly-gum/tiles": None,
    "scrumpit/tiles": lambda i: tuple(i.model.colours.values()),
    "walkabout/dice": lambda i: tuple(die.colour for die in i.model.dice),
}
# a die net is cut round its outline, its glue tabs bare: its bleed beyond the faces' outer
# cuts is checked with the net (tests/games/custom/test_dice_net.py)
CUT_LAYOUTS = sorted(
    name
    for name in builtin_layouts()
    if load(name).kind.key in PIECES
    and getattr(getattr(load(name).model, "piece", None), "shape", "") != "die-net"
)
# one layout a kind in the default tier, each the quickest of its kind to build and read
QUICK = {"custom/dice-art", "marram/classic", "scribbly-gum/tiles", "scrumpit/tiles"}
QUICK |= {"walkabout/dice"}


def rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)])


@dataclass
class Sides:
    """What the pixels past each cut of a layout's pieces showed, side by side."""

    cuts: int = 0  # piece sides read
    changing: int = 0  # places where the art changes over the last 0.3 mm inside a cut
    carried: int = 0  # of those, where it goes on changing past the cut (never, stretched)


def _line(page: np.ndarray, trim: Box, side: str, depth: float) -> np.ndarray:
    """The pixels along one side of a piece whose trim is `trim`, `depth` mm outside its cut
    (inside for a negative depth), CORNER mm short of each end: an array of RGB."""
    x, y, w, h = trim
    if side in ("top", "bottom"):
        along = np.arange(int((x + CORNER) * PX), int((x + w - CORNER) * PX))
        at = y - depth if side == "top" else y + h + depth
        return page[int(at * PX), along]
    along = np.arange(int((y + CORNER) * PX), int((y + h - CORNER) * PX))
    at = x - depth if side == "left" else x + w + depth
    return page[along, int(at * PX)]


def _alike(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Where two pictures (or a picture and a colour) show the same colour, pixel by pixel."""
    same: np.ndarray = np.abs(a - b).max(axis=-1) <= SAME
    return same


def check_sides(page: np.ndarray, trim: Box, grounds: tuple[str, ...] | None, seen: Sides) -> None:
    """Past every cut of the piece at `trim`: no paper, the art inside carried on, mostly
    (where the layout names them) in its ground colours."""
    depths = np.arange(0.6, BLEED - 0.5, 0.3)  # mm past the cut, clear of its anti-aliasing
    for side in ("top", "bottom", "left", "right"):
        band = np.stack([_line(page, trim, side, d) for d in depths])
        inner, edge = _line(page, trim, side, -0.7), _line(page, trim, side, -0.4)
        where = f"{side} of the piece at {tuple(round(v, 2) for v in trim)}"
        paper = (band.min(axis=-1) >= PAPER).mean()
        assert paper == 0.0, f"{where}: {paper:.0%} paper past the cut"
        carried = _alike(band, edge[np.newaxis]).all(axis=0).mean()
        assert carried >= 0.9, f"{where}: the art inside is carried on at {carried:.0%} only"
        if grounds is not None:  # mostly ground, whatever crosses the cut (a beast)
            ground = np.any([_alike(band, rgb(c)) for c in grounds], axis=0).mean()
            assert ground >= 0.5, f"{where}: {ground:.0%} of it is any of {grounds}"
        changing = ~_alike(inner, edge)
        seen.cuts += 1
        seen.changing += int(changing.sum())
        seen.carried += int((~_alike(band[-1], edge) & changing).sum())


def _boxes(page: pdfium.PdfPage) -> tuple[Box, Box]:
    """The page's TrimBox and BleedBox in mm from its top-left corner."""
    height = page.get_height()
    out = []
    for left, bottom, right, top in (page.get_trimbox(), page.get_bleedbox()):
        out.append((left / PT, (height - top) / PT, (right - left) / PT, (top - bottom) / PT))
    return out[0], out[1]


def _around(boxes: list[Box], grow: float = 0.0) -> Box:
    left, top = min(b[0] for b in boxes) - grow, min(b[1] for b in boxes) - grow
    right = max(b[0] + b[2] for b in boxes) + grow
    bottom = max(b[1] + b[3] for b in boxes) + grow
    return (left, top, right - left, bottom - top)


def pieces(ref: str) -> Iterator[list[Box]]:
    """Each page's pieces' trims (mm from the page's top-left), as the press placed them with
    --bleed 3: every drawing of the layout's piece size carrying 3 mm of bleed."""
    item = load(ref)
    width, height = SIZES[item.kind.key](item.model)
    document = document_for(item, BuildOptions(PressOptions(bleed=BLEED)))
    for page in document.pages:
        placed = [p for p in page.placements if p.drawing.bleed == BLEED]
        assert all((p.drawing.width, p.drawing.height) == (width, height) for p in placed)
        yield [(p.transform.e, p.transform.f, width, height) for p in placed]


@pytest.mark.parametrize("ref", tiered(CUT_LAYOUTS, QUICK))
def test_every_cut_piece_carries_its_art_past_each_cut(ref: str, tmp_path: Path) -> None:
    run = sheetgen("build", ref, "--bleed", "3", "-f", "pdf", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    (file,) = tmp_path.glob("*.pdf")
    pdf = pdfium.PdfDocument(file)
    item = load(ref)
    named = GROUNDS[item.kind.key]
    grounds = None if named is None else named(item)
    seen = Sides()
    placed = list(pieces(ref))
    assert len(placed) == len(pdf)
    for number, trims in enumerate(placed):
        if not trims:  # the duplex alignment test
            continue
        page = pdf[number]
        trim, bleed = _boxes(page)
        assert np.allclose(trim, _around(trims), atol=0.01), (number, trim)
        assert np.allclose(bleed, _around(trims, BLEED), atol=0.01), (number, bleed)
        pixels = np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB"), dtype=np.int32)
        for piece in trims:
            check_sides(pixels, piece, grounds, seen)
    assert seen.cuts >= 4
    if seen.changing >= 50:  # somewhere art that changes towards a cut goes on changing past it
        assert seen.carried > 0, seen


def test_a_dice_bleed_wider_than_the_art_keeps_clear_is_refused(tmp_path: Path) -> None:
    """A die's faces share their cuts, each face's bleed lying over its neighbour's edge: no
    wider than the 3 mm its art keeps clear of the cut (at 16 mm; more on a larger die)."""
    run = sheetgen("build", "walkabout/dice", "--bleed", "3.5", "--out", str(tmp_path))
    assert run.code == 2 and run.err == (
        "error: --bleed 3.5: walkabout/dice's faces share their cuts, each face's bleed over its "
        "neighbour's edge, where the art of 16 mm faces keeps 3 mm clear; use --bleed 3 or less\n"
    )
    assert not tmp_path.exists() or list(tmp_path.iterdir()) == []
    wide = ("--bleed", "5", "--tile-size", "30", "-f", "pdf", "-q", "--out", str(tmp_path))
    assert sheetgen("build", "walkabout/dice", *wide).code == 0


def test_the_kinds_that_take_a_bleed_are_those_whose_pieces_are_cut() -> None:
    assert sorted(k.key for k in kinds().values() if "bleed" in k.options) == list(TAKERS)


WHOLE = sorted(
    {load(name).kind.key: name for name in reversed(builtin_layouts())}.items()
)  # the first layout of each kind


@pytest.mark.parametrize(("kind", "ref"), [w for w in WHOLE if w[0] not in TAKERS])
def test_a_kind_used_whole_refuses_a_bleed_saying_why(kind: str, ref: str, tmp_path: Path) -> None:
    run = sheetgen("build", ref, "--bleed", "3", "--out", str(tmp_path))
    takers = ", ".join(TAKERS)
    why = (
        f"{kind} prints sheets used whole, and a sheet used whole is not cut, so it takes no bleed"
        if "margin" in load(ref).kind.options
        else f"{kind} makes images, not printed pages"
    )
    assert run.code == 2
    assert run.err == f"error: --bleed: {why}; --bleed works with {takers} layouts only\n"
    assert not tmp_path.exists() or list(tmp_path.iterdir()) == []


def test_all_with_a_bleed_says_once_which_layouts_are_built_without_it(tmp_path: Path) -> None:
    every = sorted(builtin_layouts())
    request = read_build(
        tuple(every), formats="pdf", paper="A4", copies=1, out=tmp_path, dpi=150, bleed=3.0
    )
    loaded = [load(name) for name in every]
    (note,) = left_out(request, loaded)
    without = [item for item in loaded if item.kind.key not in TAKERS]
    assert note.startswith(f"--bleed: {len(without)} layouts built without it: ")
    assert "a sheet used whole is not cut, so it takes no bleed" in note
    for item in without:
        assert item.kind.key in note
    for key in TAKERS:
        assert key not in note


@pytest.mark.slow
def test_all_builds_with_a_bleed_saying_once_what_takes_none(tmp_path: Path) -> None:
    """`build --all --bleed 3` builds every layout: the cut pieces with the bleed, the rest
    without it, said in one note."""
    run = sheetgen("build", "--all", "--bleed", "3", "-f", "pdf", "--out", str(tmp_path))
    assert run.code == 0, run.err
    notes = [line for line in run.err.splitlines() if line.startswith("note: --bleed")]
    assert len(notes) == 1 and "so it takes no bleed" in notes[0]
    assert len(list(tmp_path.glob("*.pdf"))) == len(builtin_layouts())


# The boards: each layout of a kind that prints a board to be cut out of its bleed whole, and
# the colour its layout files name for the ground its bleed shows (None: Scrumpit's board
# names none; its ground is read from the art just inside the trim instead)
BOARD_LAYOUTS = sorted(name for name in builtin_layouts() if load(name).kind.key in BOARDS)
BOARD_GROUNDS: dict[str, Callable[[Any], str] | None] = {
    "marram/board": lambda m: load(m.tiles).model.sheet.sand,
    "scrumpit/board": None,
    "walkabout/mat": lambda m: m.paper,
}
BOARD_DPI = 100


def _strip(
    page: np.ndarray, box: Box, side: str, span: tuple[float, float], ends: tuple[float, float]
) -> np.ndarray:
    """The pixels of the band from span[0] to span[1] mm outside `box`'s side (inside,
    negative), `ends` mm short of the side's first and last end: rows (outward) of RGB."""
    per = BOARD_DPI / 25.4
    x, y, w, h = box
    steps = np.arange(*span, 25.4 / BOARD_DPI)
    if side in ("top", "bottom"):
        along = np.arange(int((x + ends[0]) * per), int((x + w - ends[1]) * per))
        rows = [int(((y - d) if side == "top" else (y + h + d)) * per) for d in steps]
        return np.stack([page[r, along] for r in rows])
    along = np.arange(int((y + ends[0]) * per), int((y + h - ends[1]) * per))
    cols = [int(((x - d) if side == "left" else (x + w + d)) * per) for d in steps]
    return np.stack([page[along, c] for c in cols])


def _crop_marks(page: np.ndarray, trim: Box, bleed: Box, side: str) -> int:
    """How many ends of the trim edge `side` have a crop mark in line with it beyond the
    BleedBox: dark ink within a pixel of the edge's line, 1.2 to 3 mm past the bleed."""
    per = BOARD_DPI / 25.4
    x, y, w, h = trim
    bx, by, bw, bh = bleed
    at = {"left": x, "right": x + w, "top": y, "bottom": y + h}[side]
    upright = side in ("left", "right")
    first, last = (by, by + bh) if upright else (bx, bx + bw)
    found = 0
    for sign, end in ((-1, first), (1, last)):
        steps = [end + sign * d for d in np.arange(1.2, 3.0, 0.2)]
        across = range(int(at * per) - 1, int(at * per) + 2)
        if upright:
            ink = [page[int(t * per), c].min() for t in steps for c in across]
        else:
            ink = [page[c, int(t * per)].min() for t in steps for c in across]
        found += min(ink) < 160
    return found


@pytest.mark.parametrize("ref", BOARD_LAYOUTS)
def test_every_board_carries_its_ground_past_each_outer_trim(ref: str, tmp_path: Path) -> None:
    """Built with --bleed 3, every page's BleedBox is its TrimBox grown by 3 mm on each of the
    board's outer edges it holds (all four on a board on one page, none over the overlaps of
    a tiled one); past each such edge, out to the BleedBox's own edge, the board's ground runs
    on (no paper, the layout's ground colour, and the same colour as just inside the trim, so
    the ground is drawn out to the bleed edge, not a short stretch of it), and no text or mark
    comes within 3 mm inside the trim: that band is its ground alone. A crop mark stands in
    line with each such edge at both its ends, beyond the bleed."""
    run = sheetgen("build", ref, "--bleed", "3", "-f", "pdf", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    (file,) = tmp_path.glob("*.pdf")
    pdf = pdfium.PdfDocument(file)
    item = load(ref)
    named = BOARD_GROUNDS[item.kind.key]
    lap = getattr(item.model, "overlap", 0.0)  # a tiled board's pages' overlap (mm)
    outer = {"top": 0, "bottom": 0, "left": 0, "right": 0}
    for number in range(len(pdf)):
        page = pdf[number]
        trim, bleed = _boxes(page)
        grown = {
            "left": trim[0] - bleed[0],
            "top": trim[1] - bleed[1],
            "right": bleed[0] + bleed[2] - trim[0] - trim[2],
            "bottom": bleed[1] + bleed[3] - trim[1] - trim[3],
        }
        pixels = np.asarray(
            page.render(scale=BOARD_DPI / 72).to_pil().convert("RGB"), dtype=np.int32
        )
        for side, by in grown.items():
            where = f"page {number + 1}, {side}"
            if abs(by) < 0.01:  # an edge laid over or under a neighbour's overlap
                continue
            assert abs(by - BLEED) < 0.01, f"{where}: bled {by:.2f} mm"
            outer[side] += 1
            # short of each end by CORNER, or, at a tiled page's inner edge, by its overlap
            # (its dashed cut line and ⊕ marks lie there, cut away or laid under)
            first, last = ("left", "right") if side in ("top", "bottom") else ("top", "bottom")
            ends = (
                CORNER if grown[first] else lap + CORNER,
                CORNER if grown[last] else lap + CORNER,
            )
            past = _strip(pixels, trim, side, (0.5, BLEED - 0.3), ends)  # clear of anti-aliasing
            # (a region's edge drawn along the safe line spreads half its stroke, and a pixel,
            # over it)
            safe = _strip(pixels, trim, side, (-SAFE + 0.7, -0.5), ends)
            ground = np.median(safe.reshape(-1, 3), axis=0)
            if named is not None:
                assert _alike(ground, rgb(named(item.model))).all(), (where, ground)
            assert (past.min(axis=-1) >= PAPER).mean() == 0.0, f"{where}: paper past the trim"
            assert _alike(past, ground).mean() >= 0.99, f"{where}: the ground stops short"
            assert _alike(safe, ground).mean() >= 0.99, f"{where}: ink within {SAFE:g} mm"
            assert _crop_marks(pixels, trim, bleed, side) == 2, f"{where}: no crop marks"
    assert all(outer.values()), outer  # every outer edge of the board met on some page
