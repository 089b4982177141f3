"""The duplex alignment test page: held to the light, each cross line on the back crosses its
front scale at the number that, passed to --offset, cancels the printer's drift. Worked by
turning the sheet over by hand: over the long edge of a portrait page x mirrors, over the short
edge y mirrors, and on a landscape page the other way round."""

from __future__ import annotations

import itertools
import re
import subprocess
from pathlib import Path as FilePath

import pytest

from sheetgen.draw.document import Flip, Page
from sheetgen.draw.fonts import cap_height
from sheetgen.draw.shapes import Circle, LineTo, MoveTo, Path, Rect, Text
from sheetgen.games.marram.model import MarramLabels
from sheetgen.press import PressOptions
from sheetgen.press.alignment import alignment_pages

LAYOUTS = FilePath(__file__).parents[2] / "layouts"
WORDS = MarramLabels()  # the game that prints the page gives its words
MM = 25.4 / 72  # millimetres a PDF point


def _pages(press: PressOptions, flip: Flip, offset: tuple[float, float], layout: str) -> list[Page]:
    return alignment_pages(press, flip, offset, layout, WORDS)


def turned_over(x: float, y: float, w: float, h: float, mirror_x: bool) -> tuple[float, float]:
    """Where a point of the back lands on the front once the sheet is turned over."""
    return (w - x, y) if mirror_x else (x, h - y)


@pytest.mark.parametrize(
    ("landscape", "flip", "mirror_x"),
    [(False, "long", True), (False, "short", False), (True, "long", False), (True, "short", True)],
)
@pytest.mark.parametrize("drift", [(4.0, 0.0), (0.0, -4.0), (-4.0, 4.0), (0.0, 0.0)])
def test_each_cross_reads_the_offset_that_cancels_the_drift(
    landscape: bool, flip: str, mirror_x: bool, drift: tuple[float, float]
) -> None:
    front, back = _pages(PressOptions(landscape=landscape), flip, (0.0, 0.0), "x/y")  # type: ignore[arg-type]
    w, h = front.width, front.height
    assert (w > h) == landscape
    face, reverse = front.placements[0].drawing, back.placements[0].drawing
    spots = [(c.cx, c.cy) for c in face.children if isinstance(c, Circle)]
    assert len(spots) == 5
    texts = [t for t in face.children if isinstance(t, Text)]
    lines = [p for p in reverse.children if isinstance(p, Path) and p.style.fill is None]
    verticals = [p for p in lines if p.segments[0].x == p.segments[1].x]  # type: ignore[union-attr]
    horizontals = [p for p in lines if p.segments[0].y == p.segments[1].y]  # type: ignore[union-attr]
    assert len(verticals) == len(horizontals) == 5
    ex, ey = drift  # the printer puts the back's ink this far off, in the back's own axes
    for sx, sy in spots:
        # the back's vertical line whose middle lands on this spot when nothing drifts
        def lands(p: Path) -> tuple[float, float]:
            a, b = p.segments
            return turned_over((a.x + b.x) / 2, (a.y + b.y) / 2, w, h, mirror_x)  # type: ignore[union-attr]

        vertical = min(verticals, key=lambda p: abs(lands(p)[0] - sx) + abs(lands(p)[1] - sy))
        horizontal = min(horizontals, key=lambda p: abs(lands(p)[0] - sx) + abs(lands(p)[1] - sy))
        assert lands(vertical) == pytest.approx((sx, sy)) == lands(horizontal)
        x_seen, _ = turned_over(vertical.segments[0].x + ex, 0, w, h, mirror_x)  # type: ignore[union-attr]
        _, y_seen = turned_over(0, horizontal.segments[0].y + ey, w, h, mirror_x)  # type: ignore[union-attr]
        # the numbers printed on the front scales where the lines cross them
        across = next(t for t in texts if t.y > sy + 10 and t.y < sy + 16
                      and abs(t.x - x_seen) < 0.01)  # fmt: skip
        down = next(t for t in texts if abs(t.x - (sx + 11)) < 0.01
                    and abs(t.y - cap_height(t.size) / 2 - y_seen) < 0.01)  # fmt: skip
        assert (float(across.text), float(down.text)) == (-ex, -ey)


def test_the_page_says_how_to_print_and_what_to_build() -> None:
    front, _ = _pages(PressOptions(), "short", (0.0, 0.0), "marram/classic")
    words = " ".join(t.text for t in front.placements[0].drawing.children if isinstance(t, Text))
    assert "double-sided (short-edge flip)" in words
    assert "sheetgen build marram/classic --flip short --offset X,Y" in words
    long_front, _ = _pages(PressOptions(), "long", (0.0, 0.0), "marram/classic")
    words = " ".join(t.text for t in long_front.placements[0].drawing.children
                     if isinstance(t, Text))  # fmt: skip
    assert "sheetgen build marram/classic --offset X,Y" in words


def test_the_offset_moves_every_back_line_and_the_triangle() -> None:
    _, plain = _pages(PressOptions(), "long", (0.0, 0.0), "m")
    _, moved = _pages(PressOptions(), "long", (0.5, -0.3), "m")
    a = [p for p in plain.placements[0].drawing.children if isinstance(p, Path)]
    b = [p for p in moved.placements[0].drawing.children if isinstance(p, Path)]
    assert len(a) == 11  # five crosses of two lines, and the triangle
    for p, q in zip(a, b, strict=True):
        for s, t in zip(p.segments, q.segments, strict=True):
            if isinstance(s, (MoveTo, LineTo)) and isinstance(t, (MoveTo, LineTo)):
                assert (t.x - s.x, t.y - s.y) == pytest.approx((0.5, -0.3))


def test_scale_numbers_are_legible_and_apart() -> None:
    front, _ = _pages(PressOptions(), "long", (0.0, 0.0), "m")
    texts = [t for t in front.placements[0].drawing.children if isinstance(t, Text)]
    numbers = [t for t in texts if t.text.lstrip("+-").isdigit()]
    assert numbers and all(t.size >= 6 * 25.4 / 72 for t in numbers)  # 6 pt at least
    rows: dict[float, list[Text]] = {}
    for t in numbers:
        rows.setdefault(round(t.y, 3), []).append(t)
    from sheetgen.draw.fonts import text_width

    for row in rows.values():  # numbers side by side never touch
        row.sort(key=lambda t: t.x)
        for a, b in itertools.pairwise(row):
            gap = (b.x - text_width(b.text, b.size) / 2) - (a.x + text_width(a.text, a.size) / 2)
            assert gap > 0.3, (a.text, b.text, gap)


def test_each_scale_ticks_every_half_millimetre_longest_where_numbered() -> None:
    front, back = _pages(PressOptions(), "long", (0.0, 0.0), "m")
    w, h = front.width, front.height
    assert (back.width, back.height) == (w, h) == (210.0, 297.0)
    for page in (front, back):
        placed, _footer = page.placements
        assert (placed.transform.e, placed.transform.f) == (0, 0)
        assert (placed.drawing.width, placed.drawing.height) == (w, h)
    face = front.placements[0].drawing
    spots = sorted((c.cx, c.cy) for c in face.children if isinstance(c, Circle))
    # the centre, and 30 mm in from each side, 50 mm from the top and the bottom
    assert spots == sorted([(105.0, 148.5), (30, 62), (180, 62), (30, 235), (180, 235)])
    ticks = {
        (round(p.segments[0].x, 2), round(p.segments[0].y, 2),  # type: ignore[union-attr]
         round(p.segments[1].x, 2), round(p.segments[1].y, 2))  # type: ignore[union-attr]
        for p in face.children if isinstance(p, Path)
    }  # fmt: skip
    assert all(
        (p.style.stroke, p.style.width) == ("#2b2a26", 0.12)
        for p in face.children
        if isinstance(p, Path)
    )

    def length(t: float) -> float:  # 4 mm where numbered (every 4 mm), 3 a whole mm, else 2
        return 4.0 if t % 4 == 0 else 3.0 if t % 1 == 0 else 2.0

    expected = set()
    for sx, sy in spots:
        for k in range(-8, 9):
            t = k / 2
            # below the circle, upright ticks from 6 mm down; beside it, level ones 6 mm right
            expected.add((sx + t, sy + 6, sx + t, sy + 6 + length(t)))
            expected.add((sx + 6, sy + t, sx + 6 + length(t), sy + t))
    assert ticks == {tuple(round(v, 2) for v in tick) for tick in expected}
    texts = [t for t in face.children if isinstance(t, Text)]
    assert all(t.colour == "#2b2a26" and t.size >= 6 * 25.4 / 72 for t in texts)
    from sheetgen.draw.fonts import text_width

    for t in texts:  # every line of text on the page, inside the 8 mm margins
        half = text_width(t.text, t.size, t.weight) / 2
        left = t.x - half if t.anchor == "middle" else t.x
        assert left >= 8 and left + 2 * half * (1 if t.anchor == "middle" else 0.5) <= w - 8
        assert 8 <= t.y <= h - 8


def test_the_back_crosses_are_red_hairlines_short_of_the_numbers() -> None:
    _, back = _pages(PressOptions(), "short", (0.0, 0.0), "m")
    reverse = back.placements[0].drawing
    lines = [p for p in reverse.children if isinstance(p, Path) and p.style.fill is None]
    assert len(lines) == 10
    for p in lines:
        a, b = p.segments
        assert (p.style.stroke, p.style.width) == ("#c0262d", 0.2)
        assert abs(a.x - b.x) + abs(a.y - b.y) == pytest.approx(21.0)  # type: ignore[union-attr]
    (note,) = [t for t in reverse.children if isinstance(t, Text)]
    assert note.text == "Back of the duplex alignment test" and note.colour == "#2b2a26"
    assert note.y == pytest.approx(297 - 12 + cap_height(note.size) / 2)


def test_the_front_reads_as_a_titled_page_of_five_marked_targets() -> None:
    front, back = _pages(PressOptions(), "long", (0.0, 0.0), "marram/classic")
    face = front.placements[0].drawing
    assert (face.title, back.placements[0].drawing.title) == (
        "duplex alignment front",
        "duplex alignment back",
    )
    texts = [t for t in face.children if isinstance(t, Text)]
    words = [t.text for t in texts if not t.text.lstrip("+-").isdigit()]
    assert words == [
        "DUPLEX ALIGNMENT TEST",
        "Print this page and the next double-sided (long-edge flip), at actual size.",
        "Hold it to the light. Where the sides line up, each red cross on the back has its "
        "centre in its circle.",
        "Read in mm where the cross's vertical line meets the scale below (x), and its "
        "horizontal line the scale beside (y).",
        "Then build again with your other options and the average of the five readings:",
        "sheetgen build marram/classic --offset X,Y",
        "A cross beyond a scale's end: count that end's number as its reading, and print this "
        "page again.",
        "The red triangle on the back shows through in this box.",
        "Near the top instead? The printer turned the sheet over its other edge: choose "
        "long-edge flip when printing.",
        "Front of the duplex alignment test",
    ]
    title, foot = texts[0], next(t for t in texts if t.text.startswith("Front"))
    assert (title.size, title.weight, title.anchor, title.x) == (5, "bold", "middle", 105.0)
    assert title.y == pytest.approx(
        14 + cap_height(5, "bold") / 2
    )  # its capitals centred 14 mm down
    assert (foot.size, foot.x) == (2.6, 105.0)
    assert foot.y == pytest.approx(297 - 12 + cap_height(2.6) / 2)
    numbers = sorted(t.text for t in texts if t.text.lstrip("+-").isdigit())
    assert numbers == sorted(["+4", "0", "-4"] * 10)  # each of the ten scales: -4, 0, +4
    for t in texts:
        if t.text.lstrip("+-").isdigit() and t.anchor == "middle":  # under a circle
            circle = min((c for c in face.children if isinstance(c, Circle)),
                         key=lambda c: abs(c.cx - t.x) + abs(c.cy - t.y))  # fmt: skip
            assert t.y - cap_height(t.size) / 2 == pytest.approx(circle.cy + 12.5)
    circles = [c for c in face.children if isinstance(c, Circle)]
    assert all((c.r, c.style.stroke, c.style.width) == (1.2, "#2b2a26", 0.15) for c in circles)


@pytest.mark.parametrize("landscape", [False, True])
def test_printed_scale_numbers_read_as_separate_words(landscape: bool, tmp_path: FilePath) -> None:
    """pdftotext reads the page's PDF as a reader would: every scale number is a word of its
    own (-4, 0 or +4, never run together as '0+4'), a clear millimetre from its neighbours."""
    from sheetgen.backends import render
    from sheetgen.draw.document import Document

    pages = _pages(PressOptions(landscape=landscape), "short", (0.0, 0.0), "marram/classic")
    pdf = tmp_path / "alignment.pdf"
    pdf.write_bytes(render(Document(tuple(pages), title="alignment"), "pdf")[0][1])
    html = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    words = [
        (float(x0) * MM, float(y0) * MM, float(x1) * MM, text)
        for x0, y0, x1, text in re.findall(
            r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', html
        )
    ]
    numbers = [w for w in words if re.fullmatch(r"[-+]?\d+", w[3])]
    assert sorted(w[3] for w in numbers) == sorted(["+4", "0", "-4"] * 10)
    rows: dict[int, list[tuple[float, float, float, str]]] = {}
    for w in numbers:
        rows.setdefault(round(w[1]), []).append(w)
    for row in rows.values():
        row.sort()
        for a, b in itertools.pairwise(row):
            assert b[0] - a[2] >= 1.0, (a[3], b[3], b[0] - a[2])


def test_a_page_printed_with_an_offset_says_to_add_the_readings_to_it() -> None:
    """The back's crosses move by the offset a page is printed with, so what the scales read
    then is what is left to correct: the page says so, with the offset it was printed with."""

    def said(offset: tuple[float, float]) -> list[str]:
        front = _pages(PressOptions(), "long", offset, "marram/classic")[0]
        return [t.text for t in front.placements[0].drawing.children if isinstance(t, Text)]

    with_offset = said((-1.5, 0.5))
    line = "This page was printed with --offset -1.5,0.5 already: add your readings to it."
    assert line in with_offset
    assert not [t for t in said((0.0, 0.0)) if "already" in t]
    # the line comes after the command it qualifies
    assert (
        with_offset.index(line)
        == next(i for i, t in enumerate(with_offset) if "--offset X,Y" in t) + 1
    )


def test_words_too_long_for_the_page_shrink_to_fill_its_width_between_10_mm_margins() -> None:
    """Translated words can be long: each line then shrinks just enough to fit between the page's
    10 mm side margins (no smaller: it fills that width), on the front and on the back, and is
    centred on the page. Short lines keep their size."""
    from sheetgen.draw.fonts import text_width

    wide = {
        "align_title": "W" * 38,  # too wide at their sizes, not at 6 pt
        "align_hold": "W" * 75,
        "align_read": "W" * 74,
        "align_beyond": "W" * 73,
        "align_front": "W" * 76,
        "align_back": "W" * 77,
    }
    words = WORDS.model_copy(update=wide)
    front, back = alignment_pages(PressOptions(), "long", (0.0, 0.0), "marram/classic", words)
    w = front.width
    for page in (front, back):
        texts = [t for t in page.placements[0].drawing.children if isinstance(t, Text)]
        long = [t for t in texts if t.text in wide.values()]
        assert len(long) == (5 if page is front else 1)
        for t in long:
            assert t.x == pytest.approx(w / 2) and t.anchor == "middle"
            assert text_width(t.text, t.size, t.weight) == pytest.approx(w - 20, abs=0.05)
        assert all(t.size == pytest.approx(2.8) for t in texts if "sheetgen build" in t.text)


def test_both_sides_carry_the_press_footer_with_the_credit_and_the_side() -> None:
    """Like every sheet, both pages end with the credit line and which side each is, at the
    press's footer place."""
    baselines = {}
    for margin in (8.0, 15.0):
        press = PressOptions(credit="Marram Classic", margin=margin)
        front, back = _pages(press, "long", (0.0, 0.0), "marram/classic")
        for page, side in ((front, "front"), (back, "back")):
            footer = page.placements[1].drawing
            (text,) = [t for t in footer.children if isinstance(t, Text)]
            assert text.text == f"Marram Classic · {side}"
            assert text.y == pytest.approx(page.height - press.footer_bottom, abs=3)
            baselines[margin, side] = text.y
    # the credit follows the margin, as on every other sheet: up by what the margin keeps more
    rise = (
        PressOptions(credit="x", margin=15).footer_bottom - PressOptions(credit="x").footer_bottom
    )
    assert rise > 1
    for side in ("front", "back"):
        assert baselines[8.0, side] - baselines[15.0, side] == pytest.approx(rise)
    (back_note,) = [t for t in back.placements[0].drawing.children if isinstance(t, Text)]
    assert (back_note.x, back_note.size) == (pytest.approx(front.width / 2), 2.6)


def test_the_games_own_note_follows_the_instructions() -> None:
    front = alignment_pages(
        PressOptions(), "long", (0.0, 0.0), "marram/classic", WORDS, note=WORDS.flip_note
    )[0]
    texts = [t for t in front.placements[0].drawing.children if isinstance(t, Text)]
    words = [t.text for t in texts]
    assert words[words.index(next(t for t in words if "beyond" in t)) + 1] == WORDS.flip_note
    # it stands apart from the printer's steps: more room before it than between them, which
    # all lie evenly from the same first line as on a page with no note
    lines = texts[1 : words.index(WORDS.flip_note) + 1]
    steps = [round(b.y - a.y, 6) for a, b in itertools.pairwise(lines)]
    assert len(set(steps[:-1])) == 1 and steps[-1] == pytest.approx(1.5 * steps[0])  # half a line
    plain = alignment_pages(PressOptions(), "long", (0.0, 0.0), "marram/classic", WORDS)[0]
    first = [t for t in plain.placements[0].drawing.children if isinstance(t, Text)][1]
    assert (first.text, first.y) == (lines[0].text, lines[0].y)


def test_the_rebuild_command_names_the_layout_as_the_user_did(tmp_path: FilePath) -> None:
    """A layout of one's own is built by its file's path: the page's command names that path
    (quoted for the shell where it needs it), not a built-in name that does not exist."""
    from sheetgen.layouts.read import load
    from sheetgen.options import BuildOptions
    from sheetgen.pipeline.document import document_for

    mine = tmp_path / "my tiles.toml"
    mine.write_text((LAYOUTS / "marram" / "classic.toml").read_text(encoding="utf-8"))
    document = document_for(load(str(mine)), BuildOptions())
    texts = [
        t.text for t in document.pages[0].placements[0].drawing.children if isinstance(t, Text)
    ]
    (command,) = [t for t in texts if "sheetgen build" in t]
    assert command == f"sheetgen build '{mine}' --offset X,Y"
    # a path too long for the page at 6 pt gives way to its file's name
    deep = tmp_path.joinpath(*["folder-of-a-long-name"] * 8, "my tiles.toml")
    deep.parent.mkdir(parents=True)
    deep.write_text(mine.read_text(encoding="utf-8"), encoding="utf-8")
    document = document_for(load(str(deep)), BuildOptions())
    texts = [
        t.text for t in document.pages[0].placements[0].drawing.children if isinstance(t, Text)
    ]
    assert "sheetgen build 'my tiles.toml' --offset X,Y" in texts


@pytest.mark.parametrize(
    ("landscape", "flip", "mirror_x"),
    [(False, "long", True), (False, "short", False), (True, "long", False), (True, "short", True)],
)
def test_the_backs_triangle_shows_in_its_box_only_when_turned_over_the_edge_asked(
    landscape: bool, flip: Flip, mirror_x: bool
) -> None:
    """The five crosses are placed symmetrically, so a sheet turned over the wrong edge still
    puts a cross by every circle: the red triangle on the back is the one mark that tells. Turned
    over the edge the build expects, it lands in the front's box, pointing up the page; over the
    other edge it lands near the top, as the page says, far from the box."""
    front, back = _pages(PressOptions(landscape=landscape), flip, (0.0, 0.0), "x/y")
    w, h = front.width, front.height
    (box,) = [r for r in front.placements[0].drawing.children if isinstance(r, Rect)]
    (triangle,) = [
        p
        for p in back.placements[0].drawing.children
        if isinstance(p, Path) and p.style.fill == "#c0262d"
    ]
    corners = [(s.x, s.y) for s in triangle.segments if isinstance(s, (MoveTo, LineTo))]
    seen = [turned_over(x, y, w, h, mirror_x) for x, y in corners]
    assert all(box.x < x < box.x + box.w and box.y < y < box.y + box.h for x, y in seen)
    apex = min(seen, key=lambda p: p[1])
    assert sorted(y for _, y in seen)[1] - apex[1] > 4  # one corner above the other two
    assert box.y > h / 2  # the box is in the lower half
    wrong = [turned_over(x, y, w, h, not mirror_x) for x, y in corners]
    assert all(y < h / 2 - 50 for _, y in wrong)  # near the top, far from the box
