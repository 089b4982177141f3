"""Scribbly Gum's finish as a player holding the print (or watching the screen) would judge it,
measured on pdfium's pixels: tiles keep 3 mm clear of the cut at every accepted size, a pen line
stands out on the printed connectors, the foods stay apart for colour-blind players, dotted lines
stop short of their circles, the screen tiles sit centred, 'TT' does not run together, and the
tree keeps its calibration ruler on US Letter."""

from __future__ import annotations

import io
import itertools
import math
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheetgen.backends import render
from sheetgen.draw.document import Document
from sheetgen.draw.fonts import cap_height, descent, pt, text_width
from sheetgen.draw.shapes import Circle, Drawing, Field, Text
from sheetgen.draw.transform import IDENTITY
from sheetgen.draw.walk import leaves
from sheetgen.games.scribbly_gum.draw import (
    NAME_LABEL,
    circle_centre,
    draw_tree_sheet,
    name_box,
    name_overlay,
)
from sheetgen.games.scribbly_gum.model import (
    FOODS,
    MIN_TILE,
    DigitalLayout,
    TilesLayout,
    TreeLayout,
)
from sheetgen.games.scribbly_gum.tiles import achievement_icon, movement_face, screen_tile
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper
from tests.support import sheetgen
from tests.support.palette import contrast, too_close

TREES = ["kuringgai", "mooloolah"]
SIX_POINTS = 6 * 25.4 / 72  # mm
SAFE = 3.0  # mm inside the cut that holds nothing but the tile's background


def _images(doc: Document, dpi: float) -> list[Image.Image]:
    pdf = pdfium.PdfDocument(render(doc, "pdf")[0][1])
    return [pdf[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(pdf))]


def _hex(rgb: tuple[int, ...]) -> str:
    return "#" + "".join(f"{c:02x}" for c in rgb[:3])


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=np.int16)


@cache
def _tiles(size: float) -> tuple[Document, tuple[Image.Image, ...]]:
    loaded = load("scribbly-gum/tiles")
    doc = document_for(loaded, BuildOptions(tile_size=size))
    return doc, tuple(_images(doc, 150))


# --- tiles: the cut and the print size ----------------------------------------------------------


@pytest.mark.parametrize("size", [MIN_TILE, 45.0])
def test_every_tile_keeps_3_mm_inside_its_cut_clear(size: float) -> None:
    """Between each tile's cut and 3 mm inside it, pdfium paints only the tile's background:
    no badge, word, arrow or ring, on movement fronts and backs, both achievement sides and the
    letter tiles, at the smallest accepted size and the usual one."""
    doc, images = _tiles(size)
    px = 150 / 25.4
    kinds, crowded = set(), []
    for page, image in zip(doc.pages, images, strict=True):
        pixels = np.asarray(image, dtype=np.int16)
        for placed in page.placements:
            tile = placed.drawing
            if not tile.bleed:
                continue
            kinds.add(tile.title.split()[0])
            background = tile.children[0].style.fill  # type: ignore[union-attr]
            x, y, w = placed.transform.e, placed.transform.f, tile.width
            outer = [round(v * px) for v in (x + 0.15, y + 0.15, x + w - 0.15, y + w - 0.15)]
            inner = [round(v * px) for v in (x + SAFE - 0.2, y + SAFE - 0.2)]
            inner += [round(v * px) for v in (x + w - SAFE + 0.2, y + w - SAFE + 0.2)]
            block = pixels[outer[1] : outer[3], outer[0] : outer[2]]
            band = np.ones(block.shape[:2], dtype=bool)
            band[
                inner[1] - outer[1] : inner[3] - outer[1], inner[0] - outer[0] : inner[2] - outer[0]
            ] = False
            off = np.abs(block - _rgb(background)).max(axis=2) > 12
            if (off & band).any():
                crowded.append(tile.title)
    assert kinds == {"movement", "achievement", "letter"}
    assert not crowded, f"ink within {SAFE:g} mm of the cut at {size:g} mm: {crowded[:6]}"


@pytest.mark.parametrize("size", [MIN_TILE, 45.0, 120.0])
def test_no_tile_text_is_below_six_points_at_any_accepted_size(size: float) -> None:
    doc, _ = _tiles(MIN_TILE) if size == MIN_TILE else (None, None)
    if doc is None:
        doc = document_for(load("scribbly-gum/tiles"), BuildOptions(tile_size=size))
    small = {
        (round(t.size * math.sqrt(abs(at.a * at.d)) / SIX_POINTS * 6, 2), t.text)
        for page in doc.distinct_pages()
        for placed in page.placements
        for t, at in leaves(placed.drawing.children, placed.transform)
        if isinstance(t, Text) and t.size * math.sqrt(abs(at.a * at.d)) < SIX_POINTS - 1e-9
    }
    assert not small, sorted(small)[:8]


@pytest.mark.parametrize("size", [MIN_TILE, 45.0])
def test_an_achievement_title_keeps_2_mm_from_its_value_disc(size: float) -> None:
    """Along the strip of each achievement tile that holds the title and the value disc, the
    widest ink-free run of pdfium's pixels (between the title's last letter and the disc's
    outline) is at least 2 mm, on gold and silver sides, at the smallest and the usual size."""
    doc, images = _tiles(size)
    px = 150 / 25.4
    k = size / 45.0
    tight = []
    seen = 0
    for page, image in zip(doc.pages, images, strict=True):
        pixels = np.asarray(image, dtype=np.int16)
        for placed in page.placements:
            tile = placed.drawing
            if not tile.title.startswith("achievement"):
                continue
            seen += 1
            background = _rgb(tile.children[0].style.fill)  # type: ignore[union-attr]
            x, y = placed.transform.e, placed.transform.f
            top, bottom = (round((y + v * k) * px) for v in (4.5, 12.5))  # the disc's middle rows
            left, right = (round((x + v) * px) for v in (SAFE, size - SAFE))
            strip = pixels[top:bottom, left:right]
            inked = np.flatnonzero((np.abs(strip - background).max(axis=2) > 40).any(axis=0))
            widest = (np.diff(inked).max() - 1) / px
            if widest < 2.0:
                tight.append((tile.title, round(widest, 2)))
    assert seen == 16
    assert not tight, tight


@pytest.mark.parametrize("size", [MIN_TILE, 45.0, 120.0])
def test_an_achievements_food_circles_keep_paper_between_them(size: float) -> None:
    """On both sides of every achievement tile, the white discs big enough to hold a food (a
    meal's nut, leaf and blossom, the feast's and the wild circle, and the value disc) keep at
    least 0.8 mm of bare paper between their outlines, read from the printed shapes at the
    smallest, the usual and the largest tile size: "Well fed"'s three circles stood 0.05 mm
    apart on the smallest tile, their outlines running into one."""
    doc = document_for(load("scribbly-gum/tiles"), BuildOptions(tile_size=size))
    gaps: dict[str, float] = {}
    counted: dict[str, int] = {}
    for page in doc.distinct_pages():
        for placed in page.placements:
            tile = placed.drawing
            if not tile.title.startswith("achievement"):
                continue
            discs = [
                (at.apply(c.cx, c.cy), (c.r + c.style.width / 2) * math.sqrt(abs(at.a * at.d)))
                for c, at in leaves(tile.children, IDENTITY)
                if isinstance(c, Circle) and c.style.stroke and c.style.fill == "#ffffff"
            ]
            discs = [(centre, r) for centre, r in discs if r > 0.06 * size]
            clear = [
                math.dist(a, b) - ra - rb for (a, ra), (b, rb) in itertools.combinations(discs, 2)
            ]
            counted[tile.title] = len(discs)
            gaps[tile.title] = min(clear, default=math.inf)
    assert len(counted) == 16
    assert counted["achievement Well fed gold"] == counted["achievement Well fed silver"] == 4
    tight = {title: round(gap, 2) for title, gap in gaps.items() if gap < 0.8}
    assert not tight, tight


def test_a_tile_size_below_the_smallest_is_refused_in_one_line(tmp_path: Path) -> None:
    run = sheetgen("build", "scribbly-gum/tiles", "--tile-size", "30", "--out", str(tmp_path))
    assert run.code == 2
    assert run.err.strip().splitlines() == [
        f"error: --tile-size 30: scribbly-gum/tiles takes {MIN_TILE:g} to 120 mm "
        "(text stays 6 pt or more, 3 mm clear of the cut)"
    ]
    assert not list(tmp_path.iterdir())


def test_an_achievement_whose_words_overflow_its_tile_is_refused() -> None:
    loaded = load("scribbly-gum/tiles")
    tiles: TilesLayout = loaded.model  # type: ignore[assignment]
    long = "Fill every circle of a whole column and a whole row of your tree, both, in one round."
    first = tiles.achievements[0].model_copy(update={"text": long})
    bad = tiles.model_copy(update={"achievements": [first, *tiles.achievements[1:]]})
    found = [(f.where, f.message) for f in loaded.kind.check(bad)]
    assert [w for w, _ in found] == ["achievements[0].text"]
    assert found[0][1].endswith("lines on the tile; 3 fit: shorten it")
    assert loaded.kind.check(tiles) == []


# --- the tree sheet ---------------------------------------------------------------------------


@cache
def _tree(name: str, paper: str = "A4") -> tuple[Document, bytes]:
    doc = document_for(
        load(f"scribbly-gum/{name}"), BuildOptions(PressOptions(paper=parse_paper(paper)))
    )
    return doc, render(doc, "pdf")[0][1]


@pytest.mark.parametrize("name", TREES)
def test_a_pen_line_stands_out_on_every_printed_connector(name: str) -> None:
    """Across each solid line's middle (the band a pen line may take), every printed colour
    is light enough that a black or a dark blue pen reads on it at 4.5:1 (WCAG's level for
    body text), while the connector itself still shows against the tree."""
    tree: TreeLayout = load(f"scribbly-gum/{name}").model  # type: ignore[assignment]
    doc, data = _tree(name)
    dpi = 200
    px = dpi / 25.4
    image = np.asarray(
        pdfium.PdfDocument(data)[0].render(scale=dpi / 72).to_pil().convert("RGB"), dtype=np.int16
    )
    shift = doc.pages[0].placements[0].transform
    at = {c.id: c.at for c in tree.circles}
    pens = ("#000000", "#1b2a6b")
    faint, hidden = set(), []
    for text in tree.lines:
        a, b = (circle_centre(tree, at[i]) for i in text.split("-"))
        mx, my = shift.e + (a[0] + b[0]) / 2, shift.f + (a[1] + b[1]) / 2
        across = (0, 1) if a[1] == b[1] else (1, 0)  # perpendicular to the line
        window = {
            tuple(image[round((my + across[1] * d) * px), round((mx + across[0] * d) * px)])
            for d in np.arange(-2.0, 2.01, 0.1)
        }
        for colour in window:
            for pen in pens:
                if contrast(pen, _hex(colour)) < 4.5:
                    faint.add((text, _hex(colour), pen))
        if all(np.abs(np.array(c) - _rgb(tree.colours.tree)).max() < 20 for c in window):
            hidden.append(text)
    assert not faint, sorted(faint)[:6]
    assert not hidden, hidden[:6]


BAR_CONTRAST = 1.6  # the least contrast of a path's bar against the tree behind it


def _grey(level: float) -> str:
    v = round(level)
    return f"#{v:02x}{v:02x}{v:02x}"


@pytest.mark.parametrize("name", TREES)
def test_every_path_bar_shows_against_the_tree_in_colour_and_in_greyscale(name: str) -> None:
    """Each solid line's bar (the path a move must follow) stands at least 1.6:1 from the grey
    tree beside it, measured on pdfium's pixels both as printed and converted to greyscale,
    so it does not wash out on a weak or black-and-white printer."""
    tree: TreeLayout = load(f"scribbly-gum/{name}").model  # type: ignore[assignment]
    doc, data = _tree(name)
    dpi = 200
    px = dpi / 25.4
    rendered = pdfium.PdfDocument(data)[0].render(scale=dpi / 72).to_pil()
    colour = np.asarray(rendered.convert("RGB"), dtype=np.int16)
    grey = np.asarray(rendered.convert("L"), dtype=np.int16)
    shift = doc.pages[0].placements[0].transform
    at = {c.id: c.at for c in tree.circles}
    half_bar = tree.sheet.circle * 0.55 / 2  # mm: the bar's half width (draw._branches)
    weak = []
    for text in tree.lines:
        a, b = (circle_centre(tree, at[i]) for i in text.split("-"))
        mx, my = shift.e + (a[0] + b[0]) / 2, shift.f + (a[1] + b[1]) / 2
        across = (0, 1) if a[1] == b[1] else (1, 0)
        for side in (-1, 1):
            on = (mx + across[0] * side * 1.5, my + across[1] * side * 1.5)  # bar, off the centre
            off = (
                mx + across[0] * side * (half_bar + 1.5),
                my + across[1] * side * (half_bar + 1.5),
            )
            (bx, by), (tx, ty) = ((round(x * px), round(y * px)) for x, y in (on, off))
            assert np.abs(colour[ty, tx] - _rgb(tree.colours.tree)).max() < 4, (text, "tree")
            pairs = (
                (_hex(tuple(colour[by, bx])), _hex(tuple(colour[ty, tx]))),
                (_grey(grey[by, bx]), _grey(grey[ty, tx])),
            )
            for bar, behind in pairs:
                if contrast(bar, behind) < BAR_CONTRAST:
                    weak.append((text, bar, behind, round(contrast(bar, behind), 2)))
    assert not weak, weak[:6]


def _circle_mask(image: np.ndarray, cx: float, cy: float, r: float, px: float) -> np.ndarray:
    """Pixels inside 0.9 r of (cx, cy) mm that are not the tracker circle's white."""
    size = math.ceil(r * px)
    x0, y0 = round(cx * px) - size, round(cy * px) - size
    crop = image[y0 : y0 + 2 * size, x0 : x0 + 2 * size]
    yy, xx = np.mgrid[0 : 2 * size, 0 : 2 * size]
    inside = (xx - size) ** 2 + (yy - size) ** 2 <= (0.9 * r * px) ** 2
    return inside & ((255 - crop).max(axis=2) > 60)


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    return float((a & b).sum() / (a | b).sum())


@pytest.mark.parametrize("name", TREES)
def test_the_foods_stay_apart_for_colour_blind_players(name: str) -> None:
    """Nut, leaf and blossom are at least ΔE 20 apart in normal vision and under deutan,
    protan and tritan simulation; as their lightness is close, each also carries its own shape:
    every meal tracker circle of a column shows one picture, unlike the other columns'."""
    tree: TreeLayout = load(f"scribbly-gum/{name}").model  # type: ignore[assignment]
    colours = {food: getattr(tree.colours, food) for food in FOODS}
    assert too_close(colours, marked=True) == []
    drawing = draw_tree_sheet(tree)
    dpi = 400
    px = dpi / 25.4
    whole = document_for(load(f"scribbly-gum/{name}"), BuildOptions())
    doc = replace(whole, pages=whole.pages[:1])
    image = np.asarray(_images(doc, dpi)[0], dtype=np.int16)
    shift = doc.pages[0].placements[0].transform
    boxes = {
        f.name: (shift.e + f.x + f.w / 2, shift.f + f.y + f.h / 2, f.w / 2)
        for f, _ in leaves(drawing.children, IDENTITY)
        if isinstance(f, Field) and f.name.startswith("tracker_")
    }
    assert len(boxes) == 3 * 15
    masks = {key: _circle_mask(image, *box, px) for key, box in boxes.items()}
    for food in FOODS:
        first = masks[f"tracker_{food}_1"]
        assert first.sum() > 0.05 * math.pi * (0.9 * boxes[f"tracker_{food}_1"][2] * px) ** 2
        for row in range(2, 16):  # the same picture all down the column
            assert _overlap(first, masks[f"tracker_{food}_{row}"]) > 0.75, (food, row)
    for a, b in ((0, 1), (0, 2), (1, 2)):  # and a different one in each column
        assert _overlap(masks[f"tracker_{FOODS[a]}_1"], masks[f"tracker_{FOODS[b]}_1"]) < 0.6


def test_gold_and_silver_sides_stay_apart_without_a_mark() -> None:
    tiles: TilesLayout = load("scribbly-gum/tiles").model  # type: ignore[assignment]
    assert too_close({"gold": tiles.sheet.gold, "silver": tiles.sheet.silver}) == []


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("name", [*TREES, "pad"])
def test_the_tree_sheet_keeps_its_calibration_ruler(name: str, paper: str) -> None:
    """pdfium reads the ruler's own words on the first page, on A4 and on US Letter."""
    loaded = load(f"scribbly-gum/{name}")
    doc = document_for(loaded, BuildOptions(PressOptions(paper=parse_paper(paper))))
    single = replace(doc, pages=doc.pages[:1])
    page = pdfium.PdfDocument(render(single, "pdf")[0][1])[0]
    words = " ".join(page.get_textpage().get_text_range().split())
    assert loaded.model.labels.ruler in words
    assert loaded.model.labels.ruler_bars in words


# --- dotted lines, the screen tiles and the letters --------------------------------------------


def _dot_gaps(drawing: Drawing | tuple[object, ...]) -> list[float]:
    """For each dot (a small unstroked circle outside every ring, a ring being a stroked circle
    of 2.5 mm radius or more), the gap between its edge and the nearest ring's outline, in dot
    radii, with every transform applied."""
    shapes = drawing.children if isinstance(drawing, Drawing) else drawing
    circles = [
        (at.apply(shape.cx, shape.cy), shape.r * math.sqrt(abs(at.a * at.d)), shape.style, at)
        for shape, at in leaves(shapes, IDENTITY)  # type: ignore[arg-type]
        if isinstance(shape, Circle)
    ]
    rings = [
        (c, r + style.width / 2 * math.sqrt(abs(at.a * at.d)))
        for c, r, style, at in circles
        if style.stroke is not None and r >= 2.5
    ]
    smallest = min(r for _, r in rings)
    dots = [
        (c, r)
        for c, r, style, _ in circles
        if style.stroke is None
        and r < 0.3 * smallest
        and all(math.dist(c, rc) > rr for rc, rr in rings)
    ]
    assert rings and dots
    return [min(math.dist(c, rc) - rr - dr for rc, rr in rings) / dr for c, dr in dots]


def test_dots_of_a_dotted_line_stop_short_of_their_circles() -> None:
    """The first and last dot of every dotted line keep at least a dot's radius of gap to the
    circle they lead to: on the tree, on the tiles and on the screen tile."""
    tiles: TilesLayout = load("scribbly-gum/tiles").model  # type: ignore[assignment]
    screen: DigitalLayout = load("scribbly-gum/digital").model  # type: ignore[assignment]
    shortcuts = next(a for a in tiles.achievements if a.icon == "dotted")
    palette = load("scribbly-gum/kuringgai").model.colours  # type: ignore[attr-defined]
    pictures: dict[str, Drawing | tuple[object, ...]] = {
        "screen tile": screen_tile("dotted", 7, screen),
        "movement tile": tuple(movement_face("dotted", "#000000", tiles.labels)),
        "achievement tile": tuple(achievement_icon(shortcuts, palette, "#000000")),
    }
    for name in TREES:
        pictures[name] = draw_tree_sheet(load(f"scribbly-gum/{name}").model)  # type: ignore[arg-type]
    for what, picture in pictures.items():
        assert min(_dot_gaps(picture)) >= 1.0, what


@cache
def _screens() -> tuple[DigitalLayout, Document, tuple[Image.Image, ...]]:
    loaded = load("scribbly-gum/digital")
    doc = document_for(loaded, BuildOptions())
    pngs = render(doc, "png", dpi=round(doc.dpi or 150))
    return loaded.model, doc, tuple(Image.open(io.BytesIO(d)).convert("RGB") for _, d in pngs)  # type: ignore[return-value]


def test_the_screen_tiles_sit_centred() -> None:
    """On each 1920 x 1080 screen tile the frame sits centred across, the picture (the ink's
    colour) centred in its frame, and frame and name together as far from the top as from the
    bottom (names without descenders, whose capitals end the ink)."""
    screen, _, images = _screens()
    assert [im.size for im in images] == [(screen.width_px, screen.height_px)] * len(images)
    tiles: TilesLayout = load(screen.tiles).model  # type: ignore[assignment]
    for move, image in zip(tiles.movement, images, strict=True):
        pixels = np.asarray(image, dtype=np.int16)
        accent = np.abs(pixels - _rgb(screen.accent)).max(axis=2) < 40
        art = np.abs(pixels - _rgb(screen.ink)).max(axis=2) < 40
        ys, xs = np.nonzero(accent)
        frame_rows = np.nonzero(accent.sum(axis=1) > 0.3 * image.width)[0]
        top, frame_bottom = frame_rows.min(), frame_rows.max()
        left, right = xs.min(), xs.max()
        assert abs(left - (image.width - 1 - right)) <= 2, move
        ay, ax = np.nonzero(art)
        assert abs((ax.min() + ax.max()) / 2 - (left + right) / 2) <= 2, move
        assert abs((ay.min() + ay.max()) / 2 - (top + frame_bottom) / 2) <= 2, move
        if not any(ch in screen.labels.move(move) for ch in "/gjpqy,"):
            assert abs(top - (image.height - 1 - ys.max())) <= 3, move


def _crossbars_apart(
    image: np.ndarray, text: Text, left: float, baseline: float, px: float, background: str
) -> bool:
    """Whether, along the row just under the top of the capitals of `text` (its left end and
    baseline at `left`, `baseline` mm on the image), two pixels or more of bare `background`
    lie between the middles of its first two T's."""
    first = text.text.index("T")
    second = text.text.index("T", first + 1)

    def middle(i: int) -> float:
        before = text_width(text.text[:i], text.size, text.weight)
        return left + before + text_width("T", text.size, text.weight) / 2

    y = round((baseline - cap_height(text.size, text.weight) + 0.04 * text.size) * px)
    row = image[y, round(middle(first) * px) : round(middle(second) * px)]
    bare = np.abs(row - _rgb(background)).max(axis=1) < 30
    return bool((bare[1:] & bare[:-1]).any())


def test_the_ts_of_dotted_line_do_not_run_together() -> None:
    """In 'DOTTED LINE', on the screen tile and on the printed tile, background shows between
    the two T's crossbars."""
    screen, doc, images = _screens()
    tiles: TilesLayout = load(screen.tiles).model  # type: ignore[assignment]
    index = tiles.movement.index("dotted")
    px = images[index].width / doc.pages[index].width
    name = next(
        t for t, _ in leaves(doc.pages[index].placements[0].drawing.children, IDENTITY)
        if isinstance(t, Text) and "T" in t.text
    )  # fmt: skip
    left = name.x - text_width(name.text, name.size, name.weight) / 2
    pixels = np.asarray(images[index], dtype=np.int16)
    assert _crossbars_apart(pixels, name, left, name.y, px, screen.background)

    tile_doc, _ = _tiles(45.0)
    front = tile_doc.pages[2]  # the movement fronts, after the alignment test's two sides
    placed = next(p for p in front.placements if p.drawing.title == "movement dotted")
    dpi = 600
    image = np.asarray(_images(replace(tile_doc, pages=(front,)), dpi)[0], dtype=np.int16)
    word, at = next(
        (t, at) for t, at in leaves(placed.drawing.children, placed.transform)
        if isinstance(t, Text)
    )  # fmt: skip
    k = math.sqrt(abs(at.a * at.d))
    shown = replace(word, size=word.size * k)
    x, y = at.apply(word.x, word.y)
    left = x - text_width(shown.text, shown.size, shown.weight) / 2
    background = placed.drawing.children[0].style.fill  # type: ignore[union-attr]
    assert _crossbars_apart(image, shown, left, y, dpi / 25.4, background)


# --- labels -------------------------------------------------------------------------------------


def test_a_label_must_keep_its_fields_and_a_pad_translates_both_sides(tmp_path: Path) -> None:
    """'round {n}' prints the round's number, so a translation that drops {n} is refused in one
    line naming the key; a pad's [labels] reach the trees on both sides of its leaves."""
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'game = "scribbly-gum"\ncomponent = "tree"\nname = "de"\n'
        'extends = "scribbly-gum/kuringgai"\n[labels]\nround = "Runde"\n',
        encoding="utf-8",
    )
    run = sheetgen("check", str(bad))
    assert run.code == 1
    assert "labels.round" in run.err and "must hold {n}" in run.err
    assert len(run.err.strip().splitlines()) == 1
    pad = tmp_path / "pad.toml"
    pad.write_text(
        'game = "scribbly-gum"\ncomponent = "pad"\nname = "de"\nextends = "scribbly-gum/pad"\n'
        'leaves = 1\n[labels]\nround = "Runde {n}"\nside = "Seite {side}"\n',
        encoding="utf-8",
    )
    loaded = load(str(pad))
    doc = document_for(loaded, BuildOptions())
    pdf = pdfium.PdfDocument(render(doc, "pdf")[0][1])
    pages = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    assert ["Seite Kuringgai" in p for p in pages] == [True, False]
    assert ["Seite Mooloolah" in p for p in pages] == [False, True]
    assert all("Runde 3" in p and "round 3" not in p for p in pages)


@pytest.mark.parametrize(
    "name",
    ["Ana", "Maximilian Alexander Featherstonehaugh-S", "W" * 40, "Wi" * 20],
)
def test_a_name_of_up_to_40_characters_stays_in_the_name_box(name: str) -> None:
    """--names takes names of up to 40 characters; each prints inside the sheet's name box
    (beside its label), never under 6 pt: forty W's at 6 pt are 93 mm, wider than the box, and
    go on two lines."""
    tree = load("scribbly-gum/kuringgai").model
    x, y, w, h = name_box(tree)  # type: ignore[arg-type]
    overlay = name_overlay(tree, name)  # type: ignore[arg-type]
    texts = [t for t in overlay.children if isinstance(t, Text)]
    assert "".join(t.text for t in texts).replace(" ", "") == name.replace(" ", "")
    for t in texts:
        assert t.size >= pt(6) - 1e-9
        width = text_width(t.text, t.size, "bold")
        assert x + NAME_LABEL <= t.x and t.x + width <= x + w - 1.0, (t.text, t.x, width)
        top = t.y - cap_height(t.size, "bold")  # a Text's y is its baseline
        bottom = t.y + (descent(t.size, "bold") if len(texts) == 2 else 0.0)
        assert y + 0.5 <= top and bottom <= y + h - 0.5, (t.text, top, bottom)
    if len(texts) == 2:  # the lines do not touch
        upper, lower = sorted(texts, key=lambda t: t.y)
        assert lower.y - upper.y >= cap_height(upper.size, "bold") + descent(upper.size) * 0.5
