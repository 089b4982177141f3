"""The record of where every mark can go on a layout's printed pages: the layout built as
`sheetgen build` builds it, each page's sheets (the placed drawings with fields) with their
slot on the page, their mark regions (`draw.regions`, the drawing's own fields) in the sheet's
and the page's millimetres, and their geometry version, the one the sheet mark prints."""

from __future__ import annotations

from sheetgen.draw.regions import Region, geometry_version, regions
from sheetgen.frozen import frozen
from sheetgen.layouts.read import Loaded
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for


@frozen
class PlacedSheet:
    """One sheet on a page: its slot (1-based, as a fillable PDF names its fields `pNsS.`),
    its regions in its own mm, and the same boxes on the page (mm from the top left)."""

    slot: int
    regions: tuple[Region, ...]
    on_page: tuple[Region, ...]


@frozen
class PageMap:
    """A page's sheets and the geometry version its sheet mark carries."""

    page: int
    sheets: tuple[PlacedSheet, ...]
    geometry: str


def layout_map(loaded: Loaded, options: BuildOptions | None = None) -> tuple[PageMap, ...]:
    """Every page of the layout as built with `options` (the build's defaults: one copy on A4)
    that carries sheets players write on."""
    document = document_for(loaded, options or BuildOptions())
    out = []
    for number, page in enumerate(document.pages, start=1):
        sheets = []
        drawings = []
        for slot, placement in enumerate(page.placements, start=1):
            own = regions(placement.drawing)
            if not own:
                continue
            drawings.append(placement.drawing)
            t = placement.transform
            placed = []
            for r in own:
                (x1, y1), (x2, y2) = t.apply(r.x, r.y), t.apply(r.x + r.w, r.y + r.h)
                box = (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
                placed.append(Region(r.name, r.kind, *box))
            sheets.append(PlacedSheet(slot, own, tuple(placed)))
        if sheets:
            out.append(PageMap(number, tuple(sheets), geometry_version(drawings)))
    return tuple(out)
