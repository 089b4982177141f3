"""The duplex alignment test page: held to the light, each cross line on the back crosses its
front scale at the number that, passed to --offset, cancels the printer's drift. Worked by
turning the sheet over by hand: over the long edge of a portrait page x mirrors, over the short
edge y mirrors, and on a landscape page the other way round."""

from __future__ import annotations

import itertools

import pytest

from sheetgen.draw.fonts import cap_height
from sheetgen.draw.shapes import Circle, Path, Text
from sheetgen.press import PressOptions
from sheetgen.press.alignment import alignment_pages


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
    front, back = alignment_pages(PressOptions(landscape=landscape), flip, (0.0, 0.0), "x/y")  # type: ignore[arg-type]
    w, h = front.width, front.height
    assert (w > h) == landscape
    face, reverse = front.placements[0].drawing, back.placements[0].drawing
    spots = [(c.cx, c.cy) for c in face.children if isinstance(c, Circle)]
    assert len(spots) == 5
    texts = [t for t in face.children if isinstance(t, Text)]
    lines = [p for p in reverse.children if isinstance(p, Path)]
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
    front, _ = alignment_pages(PressOptions(), "short", (0.0, 0.0), "marram/classic")
    words = " ".join(t.text for t in front.placements[0].drawing.children if isinstance(t, Text))
    assert "double-sided (short-edge flip)" in words
    assert "sheetgen build marram/classic --flip short --offset X,Y" in words
    long_front, _ = alignment_pages(PressOptions(), "long", (0.0, 0.0), "marram/classic")
    words = " ".join(t.text for t in long_front.placements[0].drawing.children
                     if isinstance(t, Text))  # fmt: skip
    assert "sheetgen build marram/classic --offset X,Y" in words


def test_the_offset_moves_every_back_line() -> None:
    _, plain = alignment_pages(PressOptions(), "long", (0.0, 0.0), "m")
    _, moved = alignment_pages(PressOptions(), "long", (0.5, -0.3), "m")
    a = [p for p in plain.placements[0].drawing.children if isinstance(p, Path)]
    b = [p for p in moved.placements[0].drawing.children if isinstance(p, Path)]
    for p, q in zip(a, b, strict=True):
        for s, t in zip(p.segments, q.segments, strict=True):
            assert (t.x - s.x, t.y - s.y) == pytest.approx((0.5, -0.3))  # type: ignore[union-attr]


def test_scale_numbers_are_legible_and_apart() -> None:
    front, _ = alignment_pages(PressOptions(), "long", (0.0, 0.0), "m")
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
