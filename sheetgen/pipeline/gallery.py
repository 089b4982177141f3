"""The gallery: one contact sheet with a thumbnail of every built-in component and its name."""

from __future__ import annotations

import math

from sheetgen.draw import Drawing, Rect, Shape, Style, label
from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.transform import scale, translate
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.press.alignment import BACK, FRONT

WIDTH, HEIGHT, MARGIN, HEAD, CAPTION = 210.0, 297.0, 8.0, 14.0, 7.0


def gallery() -> Document:
    """Every built-in layout's first page (of its pieces, after a duplex alignment test),
    shrunk into a grid on one A4 page."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import builtin_layouts, load

    names = list(builtin_layouts())
    cols = math.ceil(math.sqrt(len(names) * 0.75))
    rows = math.ceil(len(names) / cols)
    cell_w = (WIDTH - 2 * MARGIN) / cols
    cell_h = (HEIGHT - 2 * MARGIN - HEAD) / rows
    placements: list[Placement] = []
    frame: list[Shape] = [
        label(
            MARGIN,
            MARGIN + 5,
            "sheetgen gallery",
            6,
            anchor="start",
            weight="bold",
            colour="#2b2a26",
        ),
        label(
            WIDTH - MARGIN,
            MARGIN + 5,
            f"{len(names)} built-in layouts: the first page of each",  # alignment tests aside
            3,
            anchor="end",
            colour="#2b2a26",
        ),
    ]
    for i, name in enumerate(names):
        loaded = load(name)
        page = _first(pressed(loaded.kind, loaded.model, BuildOptions()).pages)
        col, row = i % cols, i // cols
        x0 = MARGIN + col * cell_w
        y0 = MARGIN + HEAD + row * cell_h
        room_w, room_h = cell_w - 4, cell_h - CAPTION - 2
        k = min(room_w / page.width, room_h / page.height)
        ox = x0 + (cell_w - page.width * k) / 2
        oy = y0 + 1 + (room_h - page.height * k) / 2
        frame.append(
            Rect(
                ox,
                oy,
                page.width * k,
                page.height * k,
                Style(stroke="#b8b2a4", width=0.2, fill="#ffffff"),
            )
        )
        to_cell = translate(ox, oy) @ scale(k)
        placements += [Placement(p.drawing, to_cell @ p.transform) for p in page.placements]
        frame.append(
            label(
                x0 + cell_w / 2,
                y0 + cell_h - CAPTION / 2 - 0.5,
                name,
                2.6,
                weight="bold",
                colour="#2b2a26",
                max_width=cell_w - 2,
            )
        )
    backdrop = Drawing(
        WIDTH, HEIGHT, tuple(s for s in frame if isinstance(s, Rect)), title="gallery frames"
    )
    captions = Drawing(
        WIDTH, HEIGHT, tuple(s for s in frame if not isinstance(s, Rect)), title="gallery captions"
    )
    origin = translate(0, 0)
    page = Page(
        WIDTH, HEIGHT, (Placement(backdrop, origin), *placements, Placement(captions, origin))
    )
    return Document(
        (page,),
        title="sheetgen gallery",
        subject="Every built-in component",
        keywords=("sheetgen", "gallery"),
    )


def _first(pages: tuple[Page, ...]) -> Page:
    """The first page that shows the layout's own work: a duplex alignment test left out."""
    tests = {FRONT, BACK}
    shown = [p for p in pages if not any(q.drawing.title in tests for q in p.placements)]
    return (shown or list(pages))[0]
