"""Helpers that read rendered pages the way a user's eye would: where is there ink?"""

from __future__ import annotations

from PIL import Image

from sheetgen.games.scribe.draw import cell_origin, plan
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.press import PressOptions


def dark_fraction_column(image: Image.Image, x: int, y0: int, y1: int, level: int = 110) -> float:
    """Share of pixels darker than `level` in column x between rows y0 and y1."""
    grey = image.convert("L")
    values = [grey.getpixel((x, y)) for y in range(y0, y1)]
    return sum(1 for v in values if isinstance(v, int) and v < level) / len(values)


def dark_fraction_row(image: Image.Image, y: int, x0: int, x1: int, level: int = 110) -> float:
    grey = image.convert("L")
    values = [grey.getpixel((x, y)) for x in range(x0, x1)]
    return sum(1 for v in values if isinstance(v, int) and v < level) / len(values)


def scribe_grid_lines_mm(name: str = "scribe/standard") -> tuple[list[float], float, float]:
    """Page x (mm) of the nine mini grids' left and right borders, and the grid's top and bottom."""
    loaded = load(name)
    layout = loaded.model
    doc = pressed(loaded.kind, layout, BuildOptions(PressOptions()))
    t = doc.pages[0].placements[0].transform
    p = plan(layout)  # type: ignore[arg-type]
    s = layout.sheet  # type: ignore[attr-defined]
    xs = []
    for col in (0, 3, 6):
        x, _ = cell_origin(layout, p, 0, col)  # type: ignore[arg-type]
        xs += [t.e + x, t.e + x + 3 * s.cell]
    return xs, t.f + p.grid_y, t.f + p.grid_y + p.grid_size


def assert_scribe_grid_inked(image: Image.Image, dpi: int) -> None:
    """The mini grids' borders are inked where the layout puts them, and a cell's middle is not."""
    px = dpi / 25.4
    xs, top, bottom = scribe_grid_lines_mm()
    y0, y1 = round((top + 1) * px), round((bottom - 1) * px)
    for x in xs:
        # a 0.7 mm border is about 3 px wide at 100 dpi: its centre column is dark
        assert dark_fraction_column(image, round(x * px), y0, y1) > 0.55, x
    # halfway across a 13 mm cell, off every line, there is no ink down the grid's height
    assert dark_fraction_column(image, round((xs[0] + 6.5) * px), y0, y1) < 0.05
