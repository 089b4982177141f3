"""The drawing model: transforms, arcs, text metrics that agree with an independent renderer."""

from __future__ import annotations

import math

import pytest
from PIL import ImageFont

from sheetgen.draw import Style, arc, label, rotate, scale, text_width, translate
from sheetgen.draw.fonts import cap_height, face, fit_size
from sheetgen.draw.shapes import CurveTo, MoveTo, check_colour


def test_transforms_compose_right_to_left() -> None:
    t = translate(10, 0) @ scale(2)
    assert t.apply(1, 1) == (12, 2)
    r = rotate(90, 5, 5)
    x, y = r.apply(10, 5)  # clockwise on a y-down page: east turns to south
    assert (round(x, 9), round(y, 9)) == (5, 10)


def test_arc_ends_on_the_circle() -> None:
    path = arc(0, 0, 10, 0, 135, Style())
    start = path.segments[0]
    assert isinstance(start, MoveTo)
    points, here = [(start.x, start.y)], (start.x, start.y)
    for seg in path.segments[1:]:  # each cubic Bézier sampled by its own formula
        assert isinstance(seg, CurveTo)
        for i in range(1, 21):
            t, u = i / 20, 1 - i / 20
            k = (u**3, 3 * u * u * t, 3 * u * t * t, t**3)
            xs, ys = (here[0], seg.x1, seg.x2, seg.x), (here[1], seg.y1, seg.y2, seg.y)
            x = sum(w * v for w, v in zip(k, xs, strict=True))
            y = sum(w * v for w, v in zip(k, ys, strict=True))
            points.append((x, y))
        here = (seg.x, seg.y)
    assert points[0] == pytest.approx((10, 0))
    assert points[-1] == pytest.approx(
        (10 * math.cos(math.radians(135)), 10 * math.sin(math.radians(135)))
    )
    assert all(abs(math.hypot(x, y) - 10) < 0.01 for x, y in points)


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_text_width_matches_freetype(weight: str) -> None:
    text = "Scribe: 19 glyphs, 81 squares"
    size_mm = 10.0
    font = ImageFont.truetype(str(face("sans", weight).path), 1000)  # type: ignore[arg-type]
    # advances one character at a time: PDF text is set without kerning, so is ours
    expected = sum(font.getlength(ch) for ch in text) / 1000 * size_mm
    assert text_width(text, size_mm, weight) == pytest.approx(expected, rel=1e-3)  # type: ignore


def test_label_centres_capitals_and_fits_width() -> None:
    t = label(50, 20, "WIDE LABEL", 5, max_width=20)
    assert text_width(t.text, t.size) == pytest.approx(20)
    assert fit_size("a", 100, 5) == 5
    assert t.y - cap_height(t.size) / 2 == pytest.approx(20)
    assert t.anchor == "middle"


def test_bad_colours_are_refused() -> None:
    assert check_colour("#A0B0C0") == "#a0b0c0"
    with pytest.raises(ValueError, match="#rrggbb"):
        Style(stroke="red")
