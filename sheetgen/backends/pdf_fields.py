"""AcroForm fields over a finished PDF: a text box or tick box over every `Field` of every page.

Fields are added after the pages are drawn, so a fillable pad still draws its artwork once.
Each page slot is a parent field (`p3s1`) whose kids carry the drawing's field names
(`p3s1.tree_c4`); every widget of one kind and size shares one appearance stream, so a
1000-page pad holds a handful of appearances, not a hundred thousand."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pikepdf

from sheetgen.draw.shapes import Drawing, Field
from sheetgen.draw.transform import Transform
from sheetgen.draw.walk import leaves

INK = (0.122, 0.227, 0.576)  # the blue of a ballpoint pen, #1f3a93
MAX_TEXT_SIZE = 14.0  # points
_FONT = "/Helv"


@dataclass(frozen=True)
class Widget:
    """One field's box on a page, in PDF points (x, y from the lower left)."""

    name: str
    field: Field
    x: float
    y: float
    w: float
    h: float

    @property
    def round(self) -> bool:
        return self.field.rx >= min(self.field.w, self.field.h) / 2 - 1e-6


def widgets(drawing: Drawing, to_pdf: Transform) -> Iterator[Widget]:
    """The fields of a drawing placed on a page by `to_pdf` (drawing mm to page points)."""
    for shape, transform in leaves(drawing.children, to_pdf):
        if isinstance(shape, Field):
            (x1, y1), (x2, y2) = (
                transform.apply(shape.x, shape.y),
                transform.apply(shape.x + shape.w, shape.y + shape.h),
            )
            yield Widget(shape.name, shape, min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))


@dataclass(frozen=True)
class SlotFields:
    """The fields of one placed drawing, ready to repeat on every page it appears on: the
    entries its parent field carries for all kids (the commonest type, text style and limits,
    which kids inherit) and each kid's own entries."""

    parent: pikepdf.Dictionary
    kids: tuple[pikepdf.Dictionary, ...]


INHERITED = ("/DA", "/Q", "/MaxLen")  # text entries a kid may take from its parent


class FieldWriter:
    """Adds fields page by page to an open pikepdf document, sharing appearance streams."""

    def __init__(self, pdf: pikepdf.Pdf) -> None:
        self.pdf = pdf
        self.parents: list[pikepdf.Object] = []
        self.appearances: dict[tuple[object, ...], pikepdf.Object] = {}
        self.font = pdf.make_indirect(
            pikepdf.Dictionary(
                Type=pikepdf.Name.Font,
                Subtype=pikepdf.Name.Type1,
                BaseFont=pikepdf.Name.Helvetica,
                Encoding=pikepdf.Name.WinAnsiEncoding,
            )
        )

    def slot_fields(self, slot: list[Widget]) -> SlotFields:
        """The entries of a placed drawing's fields, the shared ones moved up to the parent."""
        entries = [self._widget(widget) for widget in slot]
        parent = pikepdf.Dictionary()
        texts = [e for e in entries if pikepdf.Name.Tx == e.FT]
        for key in INHERITED:
            values = [repr(e[key]) for e in entries if key in e]
            if not values or (key == "/MaxLen" and len(values) < len(texts)):
                continue  # a limit only some text boxes have stays with them
            commonest = max(sorted(set(values)), key=values.count)
            donor = next(e for e in entries if key in e and repr(e[key]) == commonest)
            parent[key] = donor[key]
            for entry in entries:
                if key in entry and repr(entry[key]) == commonest:
                    del entry[key]
                elif key not in entry and key == "/Q":
                    entry[key] = 0  # not inherited after all: the default stated
        return SlotFields(parent, tuple(entries))

    def add_page(self, page: pikepdf.Object, slots: list[tuple[str, SlotFields]]) -> None:
        """Every slot's fields on `page`, under one parent field a slot (e.g. `p3s1`)."""
        annots = []
        for prefix, slot in slots:
            if not slot.kids:
                continue
            parent = pikepdf.Dictionary(slot.parent)  # type: ignore[arg-type]  # a copy
            parent.T = pikepdf.String(prefix)
            parent = self.pdf.make_indirect(parent)
            kids = pikepdf.Array()
            for template in slot.kids:
                entry = pikepdf.Dictionary(template)  # type: ignore[arg-type]  # a copy
                entry.Parent = parent
                kids.append(self.pdf.make_indirect(entry))
            parent.Kids = kids
            annots += list(kids)
            self.parents.append(parent)
        if annots:
            page.Annots = pikepdf.Array(annots)

    def finish(self) -> None:
        """The document's AcroForm: its fields and the default font for typed text."""
        if not self.parents:
            return
        self.pdf.Root.AcroForm = pikepdf.Dictionary(
            Fields=pikepdf.Array(self.parents),
            DR=pikepdf.Dictionary(Font=pikepdf.Dictionary({_FONT: self.font})),
            DA=pikepdf.String(f"{_FONT} 0 Tf {_rgb(INK)} rg"),
        )

    def _widget(self, widget: Widget) -> pikepdf.Dictionary:
        """A field-and-widget's entries, but for its parent."""
        field = widget.field
        entry = pikepdf.Dictionary(
            Subtype=pikepdf.Name.Widget,
            T=pikepdf.String(widget.name),
            F=4,  # print
            Rect=pikepdf.Array([widget.x, widget.y, widget.x + widget.w, widget.y + widget.h]),
        )
        if field.kind == "checkbox":
            entry.FT = pikepdf.Name.Btn
            entry.V = entry.AS = pikepdf.Name.Off
            entry.AP = pikepdf.Dictionary(
                N=pikepdf.Dictionary(
                    Yes=self._tick(widget.w, widget.h, widget.round),
                    Off=self._blank(widget.w, widget.h),
                )
            )
        else:  # no appearance until something is typed: the viewer draws it then
            entry.FT = pikepdf.Name.Tx
            size = min(widget.h * 0.7, MAX_TEXT_SIZE)
            entry.DA = pikepdf.String(f"{_FONT} {size:.2f} Tf {_rgb(INK)} rg")
            entry.Q = 1 if widget.w < 3 * widget.h else 0  # short boxes centre what is typed
            if field.max_length:
                entry.MaxLen = field.max_length
        return entry

    def _tick(self, w: float, h: float, round_box: bool) -> pikepdf.Object:
        """A ticked box: the whole printed circle or box filled in pen blue."""
        if round_box:
            r = min(w, h) / 2
            k = 0.5523 * r
            cx, cy = w / 2, h / 2
            shape = (
                f"{cx + r:.3f} {cy:.3f} m "
                f"{cx + r:.3f} {cy + k:.3f} {cx + k:.3f} {cy + r:.3f} {cx:.3f} {cy + r:.3f} c "
                f"{cx - k:.3f} {cy + r:.3f} {cx - r:.3f} {cy + k:.3f} {cx - r:.3f} {cy:.3f} c "
                f"{cx - r:.3f} {cy - k:.3f} {cx - k:.3f} {cy - r:.3f} {cx:.3f} {cy - r:.3f} c "
                f"{cx + k:.3f} {cy - r:.3f} {cx + r:.3f} {cy - k:.3f} {cx + r:.3f} {cy:.3f} c f"
            )
        else:
            shape = f"0 0 {w:.3f} {h:.3f} re f"
        return self._appearance(("tick", round(w, 3), round(h, 3), round_box), w, h,
                                f"{_rgb(INK)} rg {shape}")  # fmt: skip

    def _blank(self, w: float, h: float) -> pikepdf.Object:
        """An empty box: the printed artwork beneath shows through."""
        return self._appearance(("blank", round(w, 3), round(h, 3)), w, h, "")

    def _appearance(self, key: tuple[object, ...], w: float, h: float, ops: str) -> pikepdf.Object:
        found = self.appearances.get(key)
        if found is None:
            stream = pikepdf.Stream(self.pdf, ops.encode("ascii"))
            stream.Type = pikepdf.Name.XObject
            stream.Subtype = pikepdf.Name.Form
            stream.BBox = pikepdf.Array([0, 0, round(w, 3), round(h, 3)])
            found = self.appearances[key] = self.pdf.make_indirect(stream)
        return found


def _rgb(colour: tuple[float, float, float]) -> str:
    return " ".join(f"{c:.3f}" for c in colour)
