"""Running text for Walkabout's sheets: paragraphs wrapped to a column, a leading number or
bullet hung in the margin so the lines after it line up."""

from __future__ import annotations

from sheetgen.draw import Shape, label, text_width, wrap
from sheetgen.draw.shapes import Weight

LEADING = 1.3  # line pitch as a multiple of the font size


def hangs(text: str) -> str:
    """The paragraph's hanging mark: a leading number or bullet of at most 2 characters with
    no letters in it (e.g. '1', '•'), else ''."""
    head = text.split(" ", 1)[0]
    return head if len(head) <= 2 and " " in text and not any(c.isalpha() for c in head) else ""


def paragraph(
    text: str,
    x: float,
    top: float,
    width: float,
    size: float,
    colour: str,
    weight: Weight = "regular",
) -> tuple[list[Shape], float]:
    """The paragraph's lines, its first line's capitals starting at `top`, and the y just
    below its last line."""
    mark = hangs(text)
    indent = text_width(mark + " ", size, weight) if mark else 0.0
    body = text[len(mark) :].strip() if mark else text
    pitch = size * LEADING
    y = top + size * 0.36
    shapes: list[Shape] = []
    if mark:
        shapes.append(label(x, y, mark, size, anchor="start", weight=weight, colour=colour))
    for line in wrap(body, size, width - indent, weight):
        shapes.append(
            label(x + indent, y, line, size, anchor="start", weight=weight, colour=colour)
        )
        y += pitch
    return shapes, top + pitch * max(1, len(shapes) - (1 if mark else 0))
