"""AcroForm fields over a finished PDF: a text box or tick box over every `Field` of every page.

Fields are added after the pages are drawn, so a fillable pad still draws its artwork once.
Each page slot is a parent field (`p3s1`) whose kids carry the drawing's field names
(`p3s1.tree_c4`); every widget of one kind and size shares one appearance stream, so a
1000-page pad holds a handful of appearances, not a hundred thousand."""

from __future__ import annotations

from dataclasses import dataclass

import pikepdf

from sheetgen.backends.pdf_marks import mark_font, metrics
from sheetgen.backends.pdf_widgets import Widget
from sheetgen.draw.shapes import PEN, Field

MAX_TEXT_SIZE = 14.0  # points
_FONT = "/Helv"
_MARKS = "/Mark"  # the font of centred boxes (see pdf_marks)
_DINGBATS = "/ZaDb"
MARK_INK = 0.6  # of a centred box's height, a typed capital or digit's
PAD = 2.0  # points a viewer keeps clear inside a text box's sides


@dataclass(frozen=True)
class SlotFields:
    """The fields of one placed drawing, ready to repeat on every page it appears on: the
    entries its parent field carries for all kids (the commonest type, text style and limits,
    which kids inherit) and each kid's own entries."""

    parent: pikepdf.Dictionary
    kids: tuple[pikepdf.Dictionary, ...]


# text entries a kid takes from its parent; not /Q: a script that fills a form (pypdf) reads a
# widget's own alignment only, and would draw a centred box's number at its left
INHERITED = ("/DA", "/MaxLen")


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
        self.marks: pikepdf.Object | None = None  # the marks font, once a box needs it
        self.dingbats = pdf.make_indirect(
            pikepdf.Dictionary(
                Type=pikepdf.Name.Font,
                Subtype=pikepdf.Name.Type1,
                BaseFont=pikepdf.Name.ZapfDingbats,
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
        fonts = pikepdf.Dictionary({_FONT: self.font, _DINGBATS: self.dingbats})
        if self.marks is not None:
            fonts[_MARKS] = self.marks
        self.pdf.Root.AcroForm = pikepdf.Dictionary(
            Fields=pikepdf.Array(self.parents),
            DR=pikepdf.Dictionary(Font=fonts),
            DA=pikepdf.String(f"{_FONT} 0 Tf {_rgb(PEN)} rg"),
        )

    def _widget(self, widget: Widget) -> pikepdf.Dictionary:
        """A field-and-widget's entries, but for its parent."""
        field = widget.field
        entry = pikepdf.Dictionary(
            Subtype=pikepdf.Name.Widget,
            T=pikepdf.String(widget.name),
            F=4,  # print
            # one box for every copy of the page: each copy's widget names the same array
            Rect=self.pdf.make_indirect(
                pikepdf.Array([widget.x, widget.y, widget.x + widget.w, widget.y + widget.h])
            ),
        )
        if field.kind == "checkbox":
            entry.FT = pikepdf.Name.Btn
            entry.V = entry.AS = pikepdf.Name.Off
            entry.AP = pikepdf.Dictionary(
                N=pikepdf.Dictionary(Yes=self._tick(widget), Off=self._blank(widget.w, widget.h))
            )
            # what a viewer that redraws ticks itself (when a filler sets NeedAppearances)
            # draws: a dingbat disc or square in pen blue, not its default check mark
            entry.MK = pikepdf.Dictionary(CA=pikepdf.String("l" if widget.round else "n"))
            entry.DA = pikepdf.String(f"{_DINGBATS} 0 Tf {_ink(field)} rg")
        else:  # no appearance until something is typed: the viewer draws it then
            entry.FT = pikepdf.Name.Tx
            if widget.centred:
                if self.marks is None:
                    self.marks = mark_font(self.pdf)
                font, size = _MARKS, _centred_size(widget)
            else:
                font, size = _FONT, min(widget.h * 0.7, MAX_TEXT_SIZE)
            entry.DA = pikepdf.String(f"{font} {size:.2f} Tf {_ink(field)} rg")
            entry.Q = 1 if widget.centred else 0
            limit = 2 if field.kind == "mark" else field.max_length  # a mark, and its slash
            if limit:
                entry.MaxLen = limit
        return entry

    def _tick(self, widget: Widget) -> pikepdf.Object:
        """A ticked box: its whole printed circle or box, the field's own outline, filled."""
        w, h = widget.w, widget.h
        scale = max(w, h) / max(widget.field.w, widget.field.h)  # drawing mm to page points
        rx = min(widget.field.rx * scale, w / 2, h / 2)
        ink = _ink(widget.field)
        key = ("tick", round(w, 3), round(h, 3), round(rx, 3), ink)
        return self._appearance(key, w, h, f"{ink} rg {_outline(w, h, rx)} f")

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


def _outline(w: float, h: float, rx: float) -> str:
    """The path of a w x h box (points) with corners rounded by rx: a circle when rx is half
    of both sides."""
    k = (1 - 0.5523) * rx  # a quarter circle's control points, from the corner
    return (
        f"{rx:.3f} 0 m {w - rx:.3f} 0 l "
        f"{w - k:.3f} 0 {w:.3f} {k:.3f} {w:.3f} {rx:.3f} c {w:.3f} {h - rx:.3f} l "
        f"{w:.3f} {h - k:.3f} {w - k:.3f} {h:.3f} {w - rx:.3f} {h:.3f} c {rx:.3f} {h:.3f} l "
        f"{k:.3f} {h:.3f} 0 {h - k:.3f} 0 {h - rx:.3f} c 0 {rx:.3f} l "
        f"0 {k:.3f} {k:.3f} 0 {rx:.3f} 0 c h"
    )


def _centred_size(widget: Widget) -> float:
    """The text size of a centred box: a capital or digit MARK_INK of the box's height, and
    the characters it is meant for across its width (one mark; a number of up to three
    digits, or its `max_length`)."""
    cap, mark, digit = metrics()
    wide = mark if widget.field.kind == "mark" else (widget.field.max_length or 3) * digit
    return min(MARK_INK * widget.h / cap, (widget.w - 2 * PAD) / wide)


def _ink(field: Field) -> str:
    """The field's ink as PDF colour operands."""
    return _rgb(field.ink)


def _rgb(colour: str) -> str:
    """A `#rrggbb` colour as PDF colour operands."""
    return " ".join(f"{int(colour[i : i + 2], 16) / 255:.3f}" for i in (1, 3, 5))
