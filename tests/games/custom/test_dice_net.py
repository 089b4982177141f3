"""A designer's die printed as a net (`shape = "die-net"`), against expectations of its own:
the net is rendered, each face found by its colour and its top and right by two marks, and
folded here, in the test, into a cube: rows 1 to 6 land 1-6, 2-5 and 3-4 opposite, 1, 2 and 3
counterclockwise round their corner (a Western die), the sides upright, no face mirrored;
every one of the cube's 12 edges is a fold or carries exactly one of the 7 glue tabs; the
PDF prints the faces at the size asked (read back by pdfium); what a net cannot be is
refused in one line; --only, --copies and the exports know its dice."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheetgen.backends import render
from sheetgen.colour_sight import lightness
from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.shapes import Close, Drawing, LineTo, MoveTo
from sheetgen.draw.shapes import Path as Outline
from sheetgen.draw.transform import translate
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper
from tests.support import ROOT, sheetgen

EDGE = 30.0
DPI = 200
PX = DPI / 25.4  # pixels a mm
MARGIN = 2.0  # mm of paper round a net rendered alone
# each face's own colour, far from one another, from the marks' black and white, and from grey
COLOURS = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#ffe119")
# the cut line's greys: darker than the folds' and lighter than the marks, and beside a dark
# face, lighter than the folds'
CUTS = ("#3c3c3c", "#dcdcdc")
Vector = tuple[int, int, int]
# a face as the render shows it: its cell of the net, and the directions to its top and right
Face = tuple[tuple[int, int], tuple[float, float], tuple[float, float]]


def write_layout(
    folder: Path, rows: int = 6, edge: float = EDGE, bleed: float = 0.0, extra: str = ""
) -> Path:
    """A die net of `rows` faces (colours in turn), each with a black mark at its top and a
    white one at its right."""
    lines = ["face,colour"] + [f"{i + 1},{COLOURS[i % 6]}" for i in range(rows)]
    (folder / "faces.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    layout = folder / "net.toml"
    layout.write_text(
        f"""game = "custom"
component = "pieces"
name = "net"
data = "faces.csv"
title = "face {{face}}"
{extra}
[piece]
shape = "die-net"
width = {edge}
height = {edge}
bleed = {bleed}

[front]
background = "{{colour}}"

[[front.items]]  # the face's top
type = "box"
fill = "#000000"
x = {edge / 2 - 3}
y = 4
width = 6
height = 3

[[front.items]]  # the face's right
type = "box"
fill = "#ffffff"
x = {edge - 7}
y = {edge / 2 - 3}
width = 3
height = 6
""",
        encoding="utf-8",
    )
    return layout


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Drawing:
    """The net of the six faces as the press places it on the page."""
    folder = tmp_path_factory.mktemp("net")
    document = document_for(load(str(write_layout(folder))), BuildOptions())
    return the_net(document)


def the_net(document: Document) -> Drawing:
    """The document's one net (of the die named die-1)."""
    (net,) = [p.drawing for page in document.pages for p in page.placements if is_net(p.drawing)]
    return net


def is_net(drawing: Drawing) -> bool:
    return drawing.title == "die-1"


def pixels(drawing: Drawing) -> np.ndarray:
    """The drawing alone, rendered (RGB, int), MARGIN mm of paper round it."""
    width, height = drawing.width + 2 * MARGIN, drawing.height + 2 * MARGIN
    page = Page(width, height, (Placement(drawing, translate(MARGIN, MARGIN)),))
    [(_, png)] = render(Document((page,), "net"), "png", dpi=DPI)
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)])


def near(image: np.ndarray, colour: np.ndarray, by: int = 12) -> np.ndarray:
    found: np.ndarray = np.abs(image - colour).max(axis=2) <= by
    return found


@pytest.fixture(scope="module")
def faces(drawn: Drawing) -> list[Face]:
    """Each face in data order, as the render shows it: its cell of the net (column, row, in
    edges from the top-left of the faces' block), and the directions (unit, on the page) from
    its middle to its top mark and to its right mark."""
    image = pixels(drawn)
    found = []
    for colour in COLOURS:
        ys, xs = np.nonzero(near(image, rgb(colour)))
        x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
        # the face, less what the cut line covers of its edge (0.125 mm) and a pixel
        assert abs((x1 - x0) / PX - EDGE) < 0.5 and abs((y1 - y0) / PX - EDGE) < 0.5
        middle = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
        box = image[y0:y1, x0:x1]
        marks = []
        for mark in ("#000000", "#ffffff"):
            my, mx = np.nonzero(near(box, rgb(mark), 20))
            towards = np.array([mx.mean() + x0, my.mean() + y0]) - middle
            sign = np.sign(np.round(towards / np.abs(towards).max(), 1))
            assert (sign == 0).sum() == 1  # straight up, down, left or right of the middle
            marks.append((float(sign[0]), float(sign[1])))
        found.append(((x0 / PX, y0 / PX), marks[0], marks[1]))
    left = min(x for (x, _), _, _ in found)
    top = min(y for (_, y), _, _ in found)
    return [
        ((round((x - left) / EDGE), round((y - top) / EDGE)), up, right)
        for (x, y), up, right in found
    ]


def cross(a: Vector, b: Vector) -> Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def neg(a: Vector) -> Vector:
    return (-a[0], -a[1], -a[2])


def along(frame: tuple[Vector, Vector, Vector], dx: float, dy: float) -> Vector:
    """A direction on the page (x right, y down) on a face, as the folded cube holds it."""
    right, down, _ = frame
    x, y, z = (int(dx * r + dy * d) for r, d in zip(right, down, strict=True))
    return (x, y, z)


def fold(cells: list[tuple[int, int]]) -> list[tuple[Vector, Vector, Vector]]:
    """The net folded with its printed side out: for each face, where its page's right and
    down point on the cube and where it faces (x to the right, y away from you, z up), the
    first face looking at you, upright. A face beside another turns about their shared edge
    a quarter, away from you: what lay further along the page now goes round the back."""
    frames: dict[int, tuple[Vector, Vector, Vector]] = {0: ((1, 0, 0), (0, 0, -1), (0, -1, 0))}
    todo = [0]
    while todo:
        at = todo.pop()
        right, down, out = frames[at]
        c, r = cells[at]
        for i, cell in enumerate(cells):
            if i in frames:
                continue
            step = (cell[0] - c, cell[1] - r)
            turned = {
                (1, 0): (neg(out), down, right),
                (-1, 0): (out, down, neg(right)),
                (0, 1): (right, neg(out), down),
                (0, -1): (right, out, neg(down)),
            }.get(step)
            if turned is not None:
                frames[i] = turned
                todo.append(i)
    assert len(frames) == 6  # every face joined to the first
    return [frames[i] for i in range(6)]


SIDES = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}
UP, BACK, FRONT = (0, 0, 1), (0, 1, 0), (0, -1, 0)


def test_rows_1_to_6_fold_into_a_western_die(faces: list[Face]) -> None:
    frames = fold([cell for cell, _, _ in faces])
    out = [frame[2] for frame in frames]
    opposite = {(i + 1, j + 1) for i in range(6) for j in range(i + 1, 6) if out[i] == neg(out[j])}
    assert opposite == {(1, 6), (2, 5), (3, 4)}
    # 1, 2 and 3 counterclockwise round their shared corner, seen from outside
    assert np.dot(cross(out[0], out[1]), out[2]) > 0


def test_every_face_reads_upright_and_none_is_mirrored(faces: list[Face]) -> None:
    frames = fold([cell for cell, _, _ in faces])
    for number, ((_, up, right), frame) in enumerate(zip(faces, frames, strict=True), start=1):
        top, side, out = along(frame, *up), along(frame, *right), frame[2]
        assert side == cross(top, out), number  # seen from outside, its right is to the right
        if out in (UP, neg(UP)):
            # the top read from above with the front towards you, the bottom from below
            assert top == (BACK if out == UP else FRONT), number
        else:
            assert top == UP, number  # 1 at the front, 2 on top: the sides stand upright
    assert [frame[2] for frame in frames][:2] == [FRONT, UP]


def _segments(drawing: Drawing) -> tuple[list[list[tuple[float, float]]], list[Outline]]:
    """The net's own filled shapes beside its faces (its tabs: their corners) and its lines."""
    tabs, lines = [], []
    for shape in drawing.children:
        if isinstance(shape, Outline):
            points = [(s.x, s.y) for s in shape.segments if isinstance(s, MoveTo | LineTo)]
            if shape.style.fill is not None:
                tabs.append(points)
            else:
                lines.append(shape)
    return tabs, lines


def test_each_cube_edge_is_folded_or_glued_by_one_tab(drawn: Drawing, faces: list[Face]) -> None:
    cells = [cell for cell, _, _ in faces]
    frames = fold(cells)
    # the faces' block in the drawing: face 1's cell, where the render found it
    (fx, fy) = cells[0]
    tabs, lines = _segments(drawn)
    ink = pixels(drawn)
    ys, xs = np.nonzero(near(ink, rgb(COLOURS[0])))
    origin = (xs.min() / PX - MARGIN - fx * EDGE, ys.min() / PX - MARGIN - fy * EDGE)

    def cube_edge(a: tuple[float, float], b: tuple[float, float]) -> frozenset[Vector]:
        """The cube edge a segment of the net lies on: the faces it bounds, by where they
        face; a segment on one face's outer edge bounds that face and the one it meets."""
        mx, my = (a[0] + b[0]) / 2 - origin[0], (a[1] + b[1]) / 2 - origin[1]
        bounds = []
        for i, (c, r) in enumerate(cells):
            for side, (dx, dy) in SIDES.items():
                ex, ey = (c + 0.5 + dx / 2) * EDGE, (r + 0.5 + dy / 2) * EDGE
                if abs(mx - ex) < 1 and abs(my - ey) < 1:  # the render's origin, to a pixel
                    bounds.append((i, side))
        assert bounds, (a, b)
        i, side = bounds[0]
        return frozenset({frames[i][2], along(frames[i], *SIDES[side])})

    assert len(tabs) == 7
    glued = [cube_edge(*corner_pair(tab)) for tab in tabs]
    dashed = [line for line in lines if line.style.dash]
    folded = {cube_edge(*ends(line)) for line in dashed}
    between_faces = [line for line in dashed if shared(ends(line), cells, origin)]
    assert len(between_faces) == 5
    faced = {cube_edge(*ends(line)) for line in between_faces}
    assert len(set(glued)) == 7 and len(faced) == 5  # no edge glued twice, no fold twice
    assert set(glued) | faced == {
        frozenset({a, b}) for a in map(lambda f: f[2], frames) for b in map(lambda f: f[2], frames)
        if a != b and a != neg(b)
    }  # fmt: skip
    assert not set(glued) & faced
    assert folded == faced | set(glued)  # the tabs' bases are folds too
    # the cut line runs round the faces and the tabs: its area is theirs
    (cut,) = [line for line in lines if isinstance(line.segments[-1], Close)]
    outline = [(s.x, s.y) for s in cut.segments if isinstance(s, MoveTo | LineTo)]
    assert area(outline) == pytest.approx(6 * EDGE**2 + sum(area(t) for t in tabs))


def corner_pair(tab: list[tuple[float, float]]) -> tuple[tuple[float, float], tuple[float, float]]:
    """A tab's base: its two corners EDGE apart (it narrows outward)."""
    pairs = [(a, b) for a in tab for b in tab if a < b and abs(dist(a, b) - EDGE) < 1e-6]
    assert len(pairs) == 1, tab
    return pairs[0]


def ends(line: Outline) -> tuple[tuple[float, float], tuple[float, float]]:
    first, last = line.segments[0], line.segments[-1]
    assert isinstance(first, MoveTo) and isinstance(last, LineTo)
    return (first.x, first.y), (last.x, last.y)


def shared(
    segment: tuple[tuple[float, float], tuple[float, float]],
    cells: list[tuple[int, int]],
    origin: tuple[float, float],
) -> bool:
    """Whether a segment lies between two faces of the net."""
    (a, b) = segment
    mx, my = (a[0] + b[0]) / 2 - origin[0], (a[1] + b[1]) / 2 - origin[1]
    touching = 0
    for c, r in cells:
        for dx, dy in SIDES.values():
            ex, ey = (c + 0.5 + dx / 2) * EDGE, (r + 0.5 + dy / 2) * EDGE
            touching += abs(mx - ex) < 1 and abs(my - ey) < 1
    return touching == 2


def dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return float(np.hypot(a[0] - b[0], a[1] - b[1]))


def area(points: list[tuple[float, float]]) -> float:
    turned = points[1:] + points[:1]
    return (
        abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, turned, strict=True))) / 2
    )


def test_the_cut_line_shows_against_every_face(drawn: Drawing, faces: list[Face]) -> None:
    """Where a face's edge is cut bare (white paper beyond it, with no bleed), the line on it
    is 25 or more apart in lightness (CIE L*) from the face's ground: light on a dark face,
    whose bleed would otherwise hide where to cut."""
    image = pixels(drawn)
    cells = [cell for cell, _, _ in faces]
    ys, xs = np.nonzero(near(image, rgb(COLOURS[0])))
    left, top = xs.min() - cells[0][0] * EDGE * PX, ys.min() - cells[0][1] * EDGE * PX
    bare = 0
    for (c, r), colour in zip(cells, COLOURS, strict=True):
        for dx, dy in SIDES.values():
            x = left + (c + 0.5 + dx / 2) * EDGE * PX
            y = top + (r + 0.5 + dy / 2) * EDGE * PX
            beyond = image[round(y + dy * PX), round(x + dx * PX)]
            if beyond.min() < 250:  # a face or a tab beyond: no bare cut
                continue
            bare += 1
            across = [image[round(y + dy * k), round(x + dx * k)] for k in (-1, 0, 1)]
            shown = max(
                abs(lightness("#" + "".join(f"{v:02x}" for v in p)) - lightness(colour))
                for p in across
            )
            assert shown >= 25, (colour, (c, r), (dx, dy))
    assert bare == 7  # of the fourteen outer edges, seven have no tab


def test_the_pdf_prints_each_face_at_the_edge_asked(tmp_path: Path) -> None:
    """Read back by pdfium at 400 dpi: face 1, folded on every side (its colour runs to its
    edges between the dashes), spans 24 mm each way; every face spans 24 mm but for what the
    cut line covers of its edge; the cut line runs three edges across the net and four and a
    tab down."""
    layout = write_layout(tmp_path, edge=24.0)
    run = sheetgen("build", str(layout), "-f", "pdf", "--out", str(tmp_path / "out"), "-q")
    assert run.code == 0, run.err
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    page = pdfium.PdfDocument(pdf)[0]
    width, height = page.get_size()
    assert (round(width / 72 * 25.4), round(height / 72 * 25.4)) == (210, 297)
    # where the faces are, from a coarse look; then that part of the page, 10 mm round it
    coarse = np.asarray(page.render(scale=1).to_pil().convert("RGB")).astype(int)
    ys, xs = np.nonzero(np.any([near(coarse, rgb(c), 30) for c in COLOURS], axis=0))
    box = (xs.min() - 30, ys.min() - 30, xs.max() + 30, ys.max() + 30)  # in points
    crop = (box[0], height - box[3], width - box[2], box[1])  # cut off left, bottom, right, top
    dpi = 400
    shot = page.render(scale=dpi / 72, crop=crop).to_pil().convert("RGB")
    image = np.asarray(shot).astype(np.int16)
    per_mm = dpi / 25.4
    middles, spans = [], []
    for colour in COLOURS:
        ys, xs = np.nonzero(near(image, rgb(colour)))
        width, height = (xs.max() + 1 - xs.min()) / per_mm, (ys.max() + 1 - ys.min()) / per_mm
        spans.append((width, height))
        middles.append(((xs.max() + 1 + xs.min()) / 2, (ys.max() + 1 + ys.min()) / 2))
    assert spans[0] == pytest.approx((24.0, 24.0), abs=0.1)
    assert all(24.0 - 0.35 < side < 24.0 + 0.1 for span in spans for side in span)
    # the cut line, across face 1's middle and down it: three edges across, four and the
    # bottom tab's 6 mm down (the line's middle at each end)
    x, y = (round(v) for v in middles[0])
    # (the light grey within 4, as the tabs' tint is 8 lighter)
    cut = near(image, rgb(CUTS[0]), 15) | near(image, rgb(CUTS[1]), 4)
    for run, length in ((cut[y, :], 3 * 24.0), (cut[:, x], 4 * 24.0 + 6.0)):
        (at,) = np.nonzero(run)
        low, high = at[at < at.mean()], at[at > at.mean()]
        assert (high.mean() - low.mean()) / per_mm == pytest.approx(length, abs=0.1)


def test_the_faces_background_runs_to_the_bleed_beyond_the_outer_cut(tmp_path: Path) -> None:
    layout = write_layout(tmp_path, bleed=3.0)
    net = the_net(document_for(load(str(layout)), BuildOptions()))
    assert net.bleed == 3.0
    page = Page(net.width + 6, net.height + 6, (Placement(net, translate(3, 3)),))
    [(_, png)] = render(Document((page,), "net"), "png", dpi=DPI)
    image = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    # face 3, the left arm: its colour from 3 mm left of the net's cut to its fold
    ys, xs = np.nonzero(near(image, rgb(COLOURS[2])))
    assert xs.min() / PX == pytest.approx(0.0, abs=0.1)  # the page's edge: the bleed's
    # face 2, on top: 3 mm above the net's top cut
    ys, xs = np.nonzero(near(image, rgb(COLOURS[1])))
    assert ys.min() / PX == pytest.approx(0.0, abs=0.1)


def test_copies_print_each_die_again_and_several_dice_go_in_data_order(tmp_path: Path) -> None:
    layout = write_layout(tmp_path, rows=12)
    loaded = load(str(layout))
    document = document_for(loaded, BuildOptions(copies=2))
    titles = [p.drawing.title for page in document.pages for p in page.placements]
    assert [t for t in titles if t.startswith("die-")] == ["die-1", "die-1", "die-2", "die-2"]
    assert loaded.kind.parts is not None
    parts = loaded.kind.parts(loaded.model)
    assert [d.name for d in parts.dice] == ["die-1", "die-2"] and not parts.pieces


def test_a_count_repeats_a_face_within_a_die(tmp_path: Path) -> None:
    """Rows of counts 2, 2, 2: one die of three faces twice each, 1 1 2 2 3 3."""
    layout = write_layout(tmp_path, rows=3)
    rows = [f"{i + 1},{COLOURS[i]},2" for i in range(3)]
    (tmp_path / "faces.csv").write_text("\n".join(["face,colour,count", *rows]), encoding="utf-8")
    loaded = load(str(layout))
    assert loaded.kind.check(loaded.model) == []
    assert loaded.kind.parts is not None
    (die,) = loaded.kind.parts(loaded.model).dice
    assert [f.title for f in die.faces] == [f"face-{n}" for n in (1, 1, 2, 2, 3, 3)]


@pytest.mark.parametrize(
    ("rows", "said"),
    [
        (7, "faces.csv: 7 pieces (each row as many times as its count), not a whole number of "
            "dice: a die net takes six in order, one die's faces 1 to 6; give 6 (1 die) or 12 "
            "(2 dice)"),
        (4, "faces.csv: 4 pieces (each row as many times as its count), not a whole number of "
            "dice: a die net takes six in order, one die's faces 1 to 6; give 6 (1 die)"),
    ],
)  # fmt: skip
def test_pieces_that_are_not_whole_dice_are_refused(tmp_path: Path, rows: int, said: str) -> None:
    layout = write_layout(tmp_path, rows=rows)
    run = sheetgen("check", str(layout))
    assert run.code == 1
    (line,) = run.err.strip().splitlines()
    assert ": data: " in line and line.endswith(said), line


@pytest.mark.parametrize(
    ("extra", "key", "said"),
    [
        ("", "piece.height", "a die net's faces are square, the cube's edge each way: 30 mm, "
         "not 20 (write height = 30)"),
        ('[back]\nbackground = "#ffffff"', "back", "a die net prints on one side"),
    ],
)  # fmt: skip
def test_a_net_that_is_not_square_or_has_a_back_is_refused(
    tmp_path: Path, extra: str, key: str, said: str
) -> None:
    layout = write_layout(tmp_path)
    text = layout.read_text(encoding="utf-8")
    if key == "piece.height":
        text = text.replace(f"height = {EDGE}\nbleed", "height = 20\nbleed")
    layout.write_text(text + extra + "\n", encoding="utf-8")
    run = sheetgen("check", str(layout))
    assert run.code == 1
    (line,) = run.err.strip().splitlines()
    assert f": {key}: {said}" in line, line


def test_a_net_too_large_for_the_paper_is_refused_at_its_edge(tmp_path: Path) -> None:
    """A 70 mm cube's net (210 mm wide, 286 with its tab) goes on A3, not A4 or Letter."""
    layout = write_layout(tmp_path, edge=70.0)
    run = sheetgen("check", str(layout))
    assert run.code == 1
    lines = run.err.strip().splitlines()
    assert len(lines) == 2 and all(": piece.width: a 210 × 286 mm sheet" in x for x in lines)
    assert "does not fit on A4" in lines[0] and "does not fit on Letter" in lines[1]
    built = sheetgen("build", str(layout), "--paper", "A3", "--out", str(tmp_path), "-q")
    assert built.code == 0, built.err


def test_the_example_net_fits_a4_and_letter_four_a_page() -> None:
    loaded = load("custom/dice-net")
    assert loaded.kind.check(loaded.model) == []
    for paper in ("A4", "Letter"):
        options = BuildOptions(PressOptions(paper=parse_paper(paper)), copies=4)
        (page,) = document_for(loaded, options).pages
        assert sum(p.drawing.title == "die-1" for p in page.placements) == 4


def test_only_prints_a_dies_net_and_the_exports_its_faces(tmp_path: Path) -> None:
    layout = write_layout(tmp_path, rows=12)
    only = tmp_path / "only"
    run = sheetgen("build", str(layout), "--only", "die-2", "-f", "pdf", "--out", str(only))
    assert run.code == 0, run.err
    assert "--only die-2 prints 1 of the set's 2 pieces" in run.err
    wrong = sheetgen("build", str(layout), "--only", "face-1", "--out", str(tmp_path / "x"))
    assert wrong.code != 0 and "it has die-1, die-2" in wrong.err
    bare = sheetgen("export", "pieces", str(layout), "--out", str(tmp_path / "bare"), "-q")
    assert bare.code == 0, bare.err
    names = sorted(p.name for p in (tmp_path / "bare").iterdir())
    assert names == [f"custom-net-pieces-die-{d}-{f}.png" for d in (1, 2) for f in range(1, 7)]
    tts = sheetgen("export", "tts", str(layout), "--out", str(tmp_path / "tts"), "-q")
    assert tts.code == 0, tts.err
    (saved,) = (tmp_path / "tts").glob("*.json")
    objects = json.loads(saved.read_text(encoding="utf-8"))["ObjectStates"]
    assert [o["Name"] for o in objects] == ["Custom_Dice", "Custom_Dice"]


def test_the_example_layout_is_a_pip_die() -> None:
    rows = (ROOT / "layouts" / "custom" / "dice-net.csv").read_text(encoding="utf-8").splitlines()
    _header, *faces = rows
    assert len(faces) == 6
    pips = [sum(1 for cell in row.split(",")[1:] if cell) for row in faces]
    assert pips == [1, 2, 3, 4, 5, 6]
