"""The tree sheet as a player holding it would judge its score strip, tracker arrows and a
filled wild circle, read back from pdfium's pixels (or, for the arrows, measured on the
drawing's shapes): a name box light enough for a dark marker and tall enough for a hand, a
light strip that spares ink with white circles to write in, extra-move arrows that show, a
wild circle filled as a circle of the food it gave, and the pad's footers as the
documentation says."""

from __future__ import annotations

import math
import re
from collections import Counter

import numpy as np
import pypdfium2 as pdfium
import pytest

from sheetgen.backends import render
from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.fonts import cap_height, text_width
from sheetgen.draw.shapes import Circle, Drawing, Field, LineTo, MoveTo, Text
from sheetgen.draw.shapes import Path as PathShape
from sheetgen.draw.transform import IDENTITY, Transform
from sheetgen.draw.walk import leaves
from sheetgen.games.scribbly_gum.draw import circle_centre, draw_tree_sheet, name_overlay
from sheetgen.games.scribbly_gum.finished import finished_sheet
from sheetgen.games.scribbly_gum.model import FOODS, TreeLayout
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from tests.support.docs import documentation
from tests.support.palette import contrast

TREES = ["kuringgai", "mooloolah"]
DARK_MARKERS = ("#000000", "#1b2a6b")  # the rulebook: 'Dark colours or black work best'
DPI = 200
PX = DPI / 25.4  # pixels a mm


def _tree(name: str) -> TreeLayout:
    return load(f"scribbly-gum/{name}").model  # type: ignore[return-value]


def _pixels(drawing: Drawing, dpi: float = DPI) -> np.ndarray:
    """pdfium's render of a drawing alone on a page of its size (so 1 mm is dpi / 25.4 px)."""
    page = Page(drawing.width, drawing.height, (Placement(drawing, IDENTITY),))
    data = render(Document((page,), title="test"), "pdf")[0][1]
    image = pdfium.PdfDocument(data)[0].render(scale=dpi / 72).to_pil().convert("RGB")
    return np.asarray(image, dtype=np.int16)


def _hex(rgb: np.ndarray | tuple[int, ...]) -> str:
    return "#" + "".join(f"{int(c):02x}" for c in tuple(rgb)[:3])


def _commonest(pixels: np.ndarray) -> str:
    """The colour most pixels of a patch have: the ground, not what is printed on it."""
    counts = Counter(map(tuple, pixels.reshape(-1, 3).tolist()))
    return _hex(counts.most_common(1)[0][0])


def _luminance(colour: str) -> float:
    """WCAG relative luminance of #rrggbb."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _fields(drawing: Drawing) -> dict[str, Field]:
    return {f.name: f for f, _ in leaves(drawing.children, IDENTITY) if isinstance(f, Field)}


def _run(pixels: np.ndarray, x: float, y: float, axis: int) -> float:
    """How far (mm) the colour at (x, y) mm runs unbroken along `axis` (0 down, 1 across)."""
    row, col = round(y * PX), round(x * PX)
    line = pixels[:, col] if axis == 0 else pixels[row, :]
    start = row if axis == 0 else col
    same = np.abs(line - line[start]).max(axis=1) <= 12
    low = start
    while low > 0 and same[low - 1]:
        low -= 1
    high = start
    while high < len(same) - 1 and same[high + 1]:
        high += 1
    return (high - low + 1) / PX


# --- the name box ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", TREES)
def test_the_name_box_is_light_and_big_enough_to_write_a_name_by_hand(name: str) -> None:
    """Rulebook: 'Write your name at the bottom of your sheet' with 'a marker or pen ... Dark
    colours or black work best'. Where the name is written, the sheet prints a ground that a
    black or dark blue marker reads on at 4.5:1 (WCAG's body text), unbroken at least 8 mm
    high and 60 mm wide."""
    tree = _tree(name)
    drawing = draw_tree_sheet(tree)
    field = _fields(drawing)["name"]
    pixels = _pixels(drawing)
    x, y = field.x + field.w / 2, field.y + field.h / 2
    ground = _hex(pixels[round(y * PX), round(x * PX)])
    for marker in DARK_MARKERS:
        assert contrast(marker, ground) >= 4.5, (marker, ground)
    assert _run(pixels, x, y, axis=0) >= 8.0
    assert _run(pixels, x, y, axis=1) >= 60.0


def _text_against_ground(pixels: np.ndarray, field: Field) -> tuple[str, str]:
    """The ground (commonest colour) and the darkest or lightest printed colour, whichever
    stands furthest from the ground, inside a text field's box on the render."""
    box = pixels[
        round(field.y * PX) : round((field.y + field.h) * PX),
        round(field.x * PX) : round((field.x + field.w) * PX),
    ]
    ground = _commonest(box)
    flat = box.reshape(-1, 3)
    lum = flat @ np.array([0.2126, 0.7152, 0.0722])
    darkest, lightest = _hex(flat[lum.argmin()]), _hex(flat[lum.argmax()])
    ink = max((darkest, lightest), key=lambda c: contrast(c, ground))
    return ground, ink


def test_a_printed_name_is_dark_on_a_light_ground() -> None:
    """The example game's sheets print each player's name as written, and --names prints a
    pupil's: both in dark ink on a light ground, at 4.5:1 or more."""
    tree = _tree("kuringgai")
    doc = document_for(load("scribbly-gum/example-game"), BuildOptions())
    placement = doc.pages[0].placements[0]
    finished = _pixels(placement.drawing)
    sheet = draw_tree_sheet(tree)
    named = Drawing(
        sheet.width, sheet.height, (*sheet.children, *name_overlay(tree, "Ada Lovelace").children)
    )
    field = _fields(sheet)["name"]
    for pixels in (finished, _pixels(named)):
        ground, ink = _text_against_ground(pixels, field)
        assert _luminance(ink) < _luminance(ground), (ink, ground)  # dark text, light ground
        assert contrast(ink, ground) >= 4.5, (ink, ground)


# --- the score strip ---------------------------------------------------------------------------

SCORE_BOXES = ("round_1", "round_2", "round_3", "column_bonus", "final_score")


@pytest.mark.parametrize("name", TREES)
def test_the_score_strip_spares_ink_and_its_words_and_circles_read(name: str) -> None:
    """The strip is printed on every sheet of a pad: its ground is light (relative luminance
    over 0.5, so most of the paper stays unprinted), every score circle but the gold
    achievements is paper white to write in, and every word on the strip reads against what
    is behind it at 4.5:1 (3:1 for the large signs)."""
    tree = _tree(name)
    drawing = draw_tree_sheet(tree)
    pixels = _pixels(drawing)
    top = tree.sheet.height - tree.sheet.score_height
    strip = pixels[round(top * PX) : round(tree.sheet.height * PX)]
    ground = _commonest(strip)
    assert _luminance(ground) > 0.5, ground
    fields = _fields(drawing)
    for key in SCORE_BOXES:
        f = fields[key]
        centre = pixels[round((f.y + f.h / 2) * PX), round((f.x + f.w / 2) * PX)]
        assert _hex(centre) == "#ffffff", key
    words = [
        (s, t)
        for s, t in leaves(drawing.children, IDENTITY)
        if isinstance(s, Text) and t.apply(s.x, s.y)[1] > top
    ]
    assert len(words) >= 15
    for shape, transform in words:
        x, baseline = transform.apply(shape.x, shape.y)
        width = text_width(shape.text, shape.size, shape.weight)
        left = {"start": x, "middle": x - width / 2, "end": x - width}[shape.anchor]
        high = cap_height(shape.size, shape.weight)
        margin = 0.8  # mm round the words' box, so the ground outnumbers a bold letter's ink
        patch = pixels[
            round((baseline - high - margin) * PX) : round((baseline + margin) * PX) + 1,
            round((left - margin) * PX) : round((left + width + margin) * PX) + 1,
        ]
        behind = _commonest(patch)
        least = 3.0 if shape.size >= 4.0 else 4.5
        assert contrast(shape.colour, behind) >= least, (shape.text, shape.colour, behind)


# --- the extra-move arrows ---------------------------------------------------------------------


def _points(path: PathShape, transform: Transform) -> list[tuple[float, float]]:
    return [
        transform.apply(seg.x, seg.y) for seg in path.segments if isinstance(seg, MoveTo | LineTo)
    ]


def _centroid(points: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


@pytest.mark.parametrize("name", TREES)
def test_the_extra_move_arrows_show_clearly_and_touch_no_circle(name: str) -> None:
    """Rulebook, Extra moves: a meal tracker circle 'with 4 arrows around it' gives an extra
    move, so the arrows are the only sign of it. Round each arrow circle the layout names
    (and no other) are 4 arrowheads, each at least 2 mm long and 2 mm wide, filled in a
    colour 3:1 or more against the tracker; none reaches into its own circle (where the
    player writes), comes within 0.5 mm of another circle, or leaves the tracker panel."""
    tree = _tree(name)
    drawing = draw_tree_sheet(tree)
    fields = _fields(drawing)
    circles = {
        key: (f.x + f.w / 2, f.y + f.h / 2, f.w / 2)
        for key, f in fields.items()
        if key.startswith("tracker_")
    }
    others = [
        (s.cx, s.cy, s.r)
        for s, t in leaves(drawing.children, IDENTITY)
        if isinstance(s, Circle) and t == IDENTITY and s.cx > tree.sheet.width - 50
    ]
    heads = [
        (_points(s, t), s.style.fill)
        for s, t in leaves(drawing.children, IDENTITY)
        if isinstance(s, PathShape) and len(s.segments) == 4 and s.style.fill
    ]
    x0 = tree.sheet.width - tree.sheet.tracker_width
    bottom = tree.sheet.height - tree.sheet.score_height - 3.0
    for key, (cx, cy, r) in circles.items():
        _, food, row = key.split("_")
        near = [
            (pts, fill)
            for pts, fill in heads
            if all(r < math.dist(p, (cx, cy)) < r + 4.0 for p in pts)
            and key == min(circles, key=lambda k: math.dist(_centroid(pts), circles[k][:2]))
        ]
        arrow_rows = {str(k): set(v) for k, v in tree.tracker.arrows.items()}
        expected = 4 if int(row) in arrow_rows.get(food, set()) else 0
        assert len(near) == expected, key
        for pts, fill in near:
            assert fill is not None and contrast(fill, tree.colours.tracker) >= 3.0
            far = [math.dist(p, (cx, cy)) for p in pts]
            tip = pts[far.index(max(far))]
            base = [p for p in pts if p != tip]
            mid = ((base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2)
            assert math.dist(tip, mid) >= 2.0, (key, math.dist(tip, mid))
            assert math.dist(*base) >= 2.0, (key, math.dist(*base))
            for p in pts:
                assert x0 < p[0] < tree.sheet.width and 0 < p[1] < bottom, key
                for ox, oy, orad in others:
                    if (ox, oy) != (cx, cy):
                        assert math.dist(p, (ox, oy)) >= orad + 0.5, (key, ox, oy)


# --- a filled wild circle ----------------------------------------------------------------------


@pytest.mark.parametrize("food", FOODS)
def test_a_filled_wild_circle_shows_its_food_as_a_circle_of_that_food(food: str) -> None:
    """Rulebook: a wild circle gives 'the next nut, leaf, OR blossom - it's your choice'. On
    a drawn game each filled wild circle looks like a filled circle of one of the food it
    gave (no other food's picture showing round it), inside its gold ring, still gold."""
    tree = _tree("kuringgai")
    wilds = [c.id for c in tree.circles if c.food == "wild"]
    same = next(c for c in tree.circles if c.food == food and c.count == 1)
    drawing = finished_sheet(
        tree, "Ada", [*wilds, same.id], (0, 0, 0), {}, (), dict.fromkeys(wilds, food)
    )
    dpi = 400
    px = dpi / 25.4
    pixels = _pixels(drawing, dpi)
    r = tree.sheet.circle / 2
    inner = r - 1.3  # mm: inside the gold ring (0.7 mm in, 0.5 mm wide) with a margin

    def disc(at: tuple[int, int]) -> np.ndarray:
        cx, cy = circle_centre(tree, at)
        size = math.ceil(inner * px)
        x, y = round(cx * px), round(cy * px)
        crop = pixels[y - size : y + size + 1, x - size : x + size + 1]
        yy, xx = np.mgrid[-size : size + 1, -size : size + 1]
        inside: np.ndarray = crop[xx**2 + yy**2 <= (inner * px) ** 2]
        return inside

    like = disc(same.at)
    gold = np.array([int(tree.colours.achievement[i : i + 2], 16) for i in (1, 3, 5)])
    for circle in (c for c in tree.circles if c.id in wilds):
        seen = disc(circle.at)
        differ = (np.abs(seen - like).max(axis=1) > 60).mean()
        assert differ < 0.03, (circle.id, food, round(float(differ), 3))
        cx, cy = circle_centre(tree, circle.at)
        ring = [
            pixels[
                round((cy + (r - 0.7) * math.sin(a)) * px),
                round((cx + (r - 0.7) * math.cos(a)) * px),
            ]
            for a in np.linspace(0, 2 * math.pi, 72, endpoint=False)
        ]
        golden = np.mean([np.abs(p - gold).max() <= 40 for p in ring])
        assert golden >= 0.9, (circle.id, golden)


# --- the pad's footers -------------------------------------------------------------------------


def test_the_pad_footers_and_the_documentation_agree() -> None:
    """Each side of the pad names itself in its title ('Kuringgai side', 'Mooloolah side'), and
    the rulebook names them too; the footer gives the credit alone, without 'front' or
    'back' (which with --duplex from the Mooloolah side would call it the front, against
    the rulebook). The documentation's word on footers (docs/layouts.md) says so."""
    doc = document_for(load("scribbly-gum/pad"), BuildOptions())
    pdf = pdfium.PdfDocument(render(Document(doc.pages[:2], title="pad"), "pdf")[0][1])
    texts = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(2)]
    credit = load("scribbly-gum/pad").model.credit
    for text, side in zip(texts, ("Kuringgai side", "Mooloolah side"), strict=True):
        assert side in text and credit in text
        assert not re.search(r"\b(front|back)\b", text), text
    docs = " ".join(documentation().split())
    said = re.search(r"duplex sheets add \"front\" or \"back\"([^)]*)\)", docs)
    assert said is not None and "Scribbly Gum's pad" in said.group(1)
