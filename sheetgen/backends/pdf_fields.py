"""AcroForm fields over a finished PDF: a text box or tick box over every `Field` of every page.

The drawn pages (each distinct page once, its fonts cut down) are saved first, by qpdf; the
document's every page and its fields are then written as an update appended to that file (an
incremental update, which every reader follows, ISO 32000-1 7.5.6), in text made here rather
than in pikepdf objects: a field costs a string, not a round of calls into qpdf, and the
update's small dictionaries go into object streams far larger than qpdf's 100 objects, so each
page's fields are compressed against the page before: a 1000-page pad's copies differ only in
their object numbers, and cost a few bytes a field.

Each page slot is a parent field (`p3s1`) whose kids carry the drawing's field names
(`p3s1.tree_c4`); the page repeats its slots' kids as its annotations. Every widget of one kind
and size shares one appearance stream, and every field the fonts of the form's /DR."""

from __future__ import annotations

import hashlib
import io
import itertools
import re
from collections.abc import Sequence

import deflate
import pikepdf

from sheetgen.backends.pdf_marks import mark_descriptor, mark_font, mark_font_program, metrics
from sheetgen.backends.pdf_widgets import Widget
from sheetgen.draw.shapes import PEN, Field
from sheetgen.frozen import frozen

MAX_TEXT_SIZE = 14.0  # points
_FONT = "/Helv"
_MARKS = "/Mark"  # the font of centred boxes (see pdf_marks)
_DINGBATS = "/ZaDb"
MARK_INK = 0.6  # of a centred box's height, a typed capital or digit's
PAD = 2.0  # points a viewer keeps clear inside a text box's sides

# text entries a kid takes from its parent; not /Q: a script that fills a form (pypdf) reads a
# widget's own alignment only, and would draw a centred box's number at its left
INHERITED = ("/DA", "/MaxLen")

# pages whose widgets share an object stream (a run of 20 Scribe pages, 290 KB): a page's
# widgets compress against the others' only within one stream, and a reader unpacks and
# parses a whole stream to read one object of it (pypdf, in Python, a second for 2,000
# widgets). A round number: a page's widgets, numbered field by field across the run, are then
# 20 numbers apart, and its /Kids repeat their last digit. A run of pages of more than
# RUN_FIELDS fields each holds a tenth as many.
RUN_PAGES = 20
RUN_FIELDS = 200
# a widget's bytes in its object stream are padded to a multiple of this, so that every
# object's offset there ends in the same digit: 7 % fewer bytes, for 5 % more to compress
ALIGN = 10
LEVEL = 6  # libdeflate's: 9 takes five times as long, for no fewer bytes here

Entries = dict[str, str]  # a dictionary's keys and values, each in PDF syntax


@frozen
class SlotFields:
    """The fields of one placed drawing, ready to repeat on every page it appears on: the
    entries its parent field carries for all kids (the commonest text style and limits, which
    kids inherit) and each kid's own entries but its parent, as PDF text."""

    parent: str
    kids: tuple[str, ...]


def add_fields(base: bytes, order: Sequence[int], slots: list[list[list[Widget]]]) -> bytes:
    """`base` (a PDF of each drawn page once) as the document: its pages in `order` (indices of
    drawn pages; a drawn page's copies share its content and resources), each with the fields
    of its drawn page's `slots` (the widgets of each placement), in an appended update."""
    with pikepdf.open(io.BytesIO(base)) as pdf:
        update = _Update(len(base), int(pdf.trailer.Size))
        root, tree = pdf.Root, pdf.Root.Pages
        drawn = [(page.obj.objgen[0], _page_entries(page.obj)) for page in pdf.pages]
        writer = _FieldWriter(update)
        made: dict[int, SlotFields] = {}  # by the widget list: lists shared are written once
        fields = [
            [made.get(id(w)) or made.setdefault(id(w), writer.slot_fields(w)) for w in page_slots]
            for page_slots in slots
        ]
        pages, parents = _pages(update, drawn, list(order), fields)
        kept = "".join(f"{key}{_value(v)}" for key, v in tree.items() if key not in _PAGES)
        update.put(tree.objgen[0], f"<<{kept}/Kids{_refs(pages)}/Count {len(pages)}>>")
        catalog = "".join(f"{key}{_value(v)}" for key, v in root.items() if key != "/AcroForm")
        update.put(root.objgen[0], f"<<{catalog}/AcroForm{writer.acroform(parents)}>>")
        trailer = {
            key: _value(v) for key, v in pdf.trailer.items() if key in ("/Root", "/Info", "/ID")
        }
    return base + update.written(base, trailer)


_PAGES = ("/Kids", "/Count")


def _pages(
    update: _Update,
    drawn: list[tuple[int, str]],
    order: list[int],
    fields: list[list[SlotFields]],
) -> tuple[list[int], list[int]]:
    """Every page of the document with its fields, in runs of RUN_PAGES pages (`_run`); the
    pages' numbers and their parent fields'. A drawn page keeps its number where it first
    shows; its copies are new pages on its content and resources."""
    pages: list[int] = []
    parents: list[int] = []
    seen: set[int] = set()
    run: list[tuple[int, int]] = []  # (page number, drawn page)
    size = RUN_PAGES
    for number, k in enumerate(order, start=1):
        run.append((number, k))
        if sum(len(slot.kids) for slot in fields[k]) > RUN_FIELDS:
            size = RUN_PAGES // 10
        if len(run) >= size or number == len(order):
            numbers = []
            for _, k in run:
                numbers.append(drawn[k][0] if k not in seen else -1)
                seen.add(k)
            parents += _run(update, run, drawn, fields, numbers)
            pages += numbers
            update.close()
            run, size = [], RUN_PAGES
    return pages, parents


def _run(
    update: _Update,
    run: list[tuple[int, int]],
    drawn: list[tuple[int, str]],
    fields: list[list[SlotFields]],
    numbers: list[int],
) -> list[int]:
    """A run of pages (each its number in the document and its drawn page) and their fields, in
    two object streams: the widgets, each field of the pages side by side with the same field
    of the others (its name and box alike, only its parent differing, so each compresses to a
    few bytes against the one before); then each page's parent fields and the page, whose
    /Kids and /Annots list the same widgets (a reader that finds every page, as pypdf does on
    opening a file, reads these alone). `numbers`: the pages' object numbers, -1 for a new page
    (given one here, in place). The parent fields' numbers."""
    slots = [fields[k] for _, k in run]
    counts = [[len(slot.kids) for slot in page] for page in slots]
    columns = sorted({(s, w) for page in counts for s, n in enumerate(page) for w in range(n)})
    kids = [[[0] * n for n in page] for page in counts]  # [page of the run][slot][kid]
    placed = [
        (g, s, w)
        for s, w in columns
        for g, page in enumerate(counts)
        if s < len(page) and w < page[s]
    ]
    for g, s, w in placed:
        kids[g][s][w] = update.reserve()
    parents = [[update.reserve() if n else 0 for n in page] for page in counts]
    for g, number in enumerate(numbers):
        if number < 0:
            numbers[g] = update.reserve()
    for g, s, w in placed:
        text = f"<</Parent {parents[g][s]} 0 R{slots[g][s].kids[w]}>>"
        update.put(kids[g][s][w], text + " " * (-(len(text) + 1) % ALIGN))
    update.close()
    for g, (page, k) in enumerate(run):
        annots = []
        for s, slot in enumerate(slots[g]):
            if slot.kids:
                refs = " ".join(f"{n} 0 R" for n in kids[g][s])
                name = _string(f"p{page}s{s + 1}")
                update.put(parents[g][s], f"<</T{name}{slot.parent}/Kids[{refs}]>>")
                annots.append(refs)
        own = f"/Annots[{' '.join(annots)}]" if annots else ""
        update.put(numbers[g], f"<<{drawn[k][1]}{own}>>")
    return [n for page in parents for n in page if n]


class _FieldWriter:
    """The fields' entries, and the objects they share (appearances, fonts), in an update."""

    def __init__(self, update: _Update) -> None:
        self.update = update
        self.appearances: dict[tuple[object, ...], int] = {}
        self.fonts: dict[str, int] = {}
        self._font(_FONT)  # the default font of typed text
        self._font(_DINGBATS)  # a tick box's, for a viewer that draws ticks itself

    def slot_fields(self, slot: list[Widget]) -> SlotFields:
        """The entries of a placed drawing's fields, the shared ones moved up to the parent."""
        entries = [self._widget(widget) for widget in slot]
        parent: Entries = {}
        texts = [e for e in entries if e["/FT"] == "/Tx"]
        for key in INHERITED:
            values = [e[key] for e in entries if key in e]
            if not values or (key == "/MaxLen" and len(values) < len(texts)):
                continue  # a limit only some text boxes have stays with them
            commonest = max(sorted(set(values)), key=values.count)
            parent[key] = commonest
            for entry in entries:
                if entry.get(key) == commonest:
                    del entry[key]
        return SlotFields(_entries(parent), tuple(_entries(e) for e in entries))

    def acroform(self, parents: list[int]) -> str:
        """The document's AcroForm: its fields, their fonts and the default text style."""
        fonts = "".join(f"{name} {number} 0 R" for name, number in sorted(self.fonts.items()))
        da = f"{_FONT} 0 Tf {_rgb(PEN)} rg"
        return f"<</Fields{_refs(parents)}/DR<</Font<<{fonts}>>>>/DA({da})>>"

    def _font(self, name: str) -> None:
        """The font the form's /DR names `name`, added to the update on first use."""
        if name in self.fonts:
            return
        if name == _MARKS:
            program = mark_font_program()
            stream = self.update.stream(f"/Length1 {len(program)}", program)
            descriptor = self.update.add(mark_descriptor(stream))
            self.fonts[name] = self.update.add(mark_font(descriptor))
        else:
            base = "/Helvetica/Encoding/WinAnsiEncoding" if name == _FONT else "/ZapfDingbats"
            self.fonts[name] = self.update.add(f"<</Type/Font/Subtype/Type1/BaseFont{base}>>")

    def _widget(self, widget: Widget) -> Entries:
        """A field-and-widget's entries, but for its parent."""
        field = widget.field
        entry: Entries = {
            "/Subtype": "/Widget",
            "/T": _string(widget.name),
            "/F": "4",  # print
            "/Rect": _array(widget.x, widget.y, widget.x + widget.w, widget.y + widget.h),
        }
        if field.kind == "checkbox":
            entry["/FT"] = "/Btn"
            entry["/V"] = entry["/AS"] = "/Off"
            tick, blank = self._tick(widget), self._blank(widget.w, widget.h)
            entry["/AP"] = f"<</N<</Yes {tick} 0 R/Off {blank} 0 R>>>>"
            # what a viewer that redraws ticks itself (when a filler sets NeedAppearances)
            # draws: a dingbat disc or square in pen blue, not its default check mark
            entry["/MK"] = f"<</CA({'l' if widget.round else 'n'})>>"
            entry["/DA"] = f"({_DINGBATS} 0 Tf {_ink(field)} rg)"
        else:  # no appearance until something is typed: the viewer draws it then
            entry["/FT"] = "/Tx"
            if widget.centred:
                font, size = _MARKS, _centred_size(widget)
            else:
                font, size = _FONT, min(widget.h * 0.7, MAX_TEXT_SIZE)
            self._font(font)
            entry["/DA"] = f"({font} {size:.2f} Tf {_ink(field)} rg)"
            entry["/Q"] = "1" if widget.centred else "0"
            limit = 2 if field.kind == "mark" else field.max_length  # a mark, and its slash
            if limit:
                entry["/MaxLen"] = str(limit)
        return entry

    def _tick(self, widget: Widget) -> int:
        """A ticked box: its whole printed circle or box, the field's own outline, filled."""
        w, h = widget.w, widget.h
        scale = max(w, h) / max(widget.field.w, widget.field.h)  # drawing mm to page points
        rx = min(widget.field.rx * scale, w / 2, h / 2)
        ink = _ink(widget.field)
        key = ("tick", round(w, 3), round(h, 3), round(rx, 3), ink)
        return self._appearance(key, w, h, f"{ink} rg {_outline(w, h, rx)} f")

    def _blank(self, w: float, h: float) -> int:
        """An empty box: the printed artwork beneath shows through."""
        return self._appearance(("blank", round(w, 3), round(h, 3)), w, h, "")

    def _appearance(self, key: tuple[object, ...], w: float, h: float, ops: str) -> int:
        found = self.appearances.get(key)
        if found is None:
            box = _array(0, 0, round(w, 3), round(h, 3))
            found = self.appearances[key] = self.update.stream(
                f"/Type/XObject/Subtype/Form/BBox{box}", ops.encode("ascii")
            )
        return found


class _Update:
    """An incremental update to a PDF of `start` bytes and /Size `size`: its new or changed
    objects, the small ones packed into object streams, and a cross-reference stream that
    points back to the file's own."""

    def __init__(self, start: int, size: int) -> None:
        self.start = start
        self.size = size  # the next new object's number
        self.packed: list[list[tuple[int, str]]] = [[]]  # object streams' objects, by number
        self.streams: dict[int, tuple[str, bytes]] = {}  # its entries but filter and length

    def reserve(self) -> int:
        """A new object's number, its text `put` later."""
        self.size += 1
        return self.size - 1

    def add(self, text: str) -> int:
        """A new object of `text`; its number."""
        number = self.reserve()
        self.put(number, text)
        return number

    def put(self, number: int, text: str) -> None:
        """Object `number` (new, or the file's own, changed) as `text`, in the object stream
        being filled."""
        self.packed[-1].append((number, text))

    def close(self) -> None:
        """End the object stream being filled: what is put next goes in a new one."""
        if self.packed[-1]:
            self.packed.append([])

    def stream(self, entries: str, data: bytes) -> int:
        """A new stream object of `data`, compressed, with `entries` besides its length."""
        number = self.reserve()
        self.streams[number] = (entries, data)
        return number

    def written(self, base: bytes, trailer: dict[str, str]) -> bytes:
        """The update's bytes: its streams, its object streams, its cross-reference stream."""
        out = io.BytesIO()
        out.write(b"\n")
        offsets: dict[int, int] = {}
        where: dict[int, tuple[int, int]] = {}
        for number, (entries, data) in self.streams.items():
            offsets[number] = self.start + out.tell()
            _write_stream(out, number, entries, data)
        for chunk in self.packed:
            if not chunk:
                continue
            number = self.reserve()
            # (text is latin-1, a byte a character, so its offsets are its characters')
            starts = itertools.accumulate((len(t) + 1 for _, t in chunk[:-1]), initial=0)
            header = " ".join(f"{n} {o}" for (n, _), o in zip(chunk, starts, strict=True))
            where.update((n, (number, index)) for index, (n, _) in enumerate(chunk))
            offsets[number] = self.start + out.tell()
            entries = f"/Type/ObjStm/N {len(chunk)}/First {len(header) + 1}"
            body = "\n".join([header, *(t for _, t in chunk)]).encode("latin-1")
            _write_stream(out, number, entries, body)
        xref = self.reserve()
        offsets[xref] = self.start + out.tell()
        ids = re.findall(r"<[0-9a-fA-F]*>", trailer.get("/ID", ""))
        if ids:  # the file's first identifier, and a second for this version of it
            trailer["/ID"] = f"[{ids[0]}<{hashlib.md5(base + out.getvalue()).hexdigest()}>]"
        _write_xref(out, xref, offsets, where, self.size, trailer, _last_xref(base))
        return out.getvalue()


def _last_xref(pdf: bytes) -> int:
    """The offset of a PDF's last cross-reference section."""
    found = re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", pdf[-64:])
    if found is None:
        raise ValueError("the PDF ends without its startxref")  # qpdf always writes one
    return int(found[1])


def _write_stream(out: io.BytesIO, number: int, entries: str, data: bytes) -> None:
    packed = bytes(deflate.zlib_compress(data, LEVEL))
    head = f"{number} 0 obj\n<<{entries}/Filter/FlateDecode/Length {len(packed)}>>stream\n"
    out.write(head.encode("ascii") + packed + b"\nendstream\nendobj\n")


def _write_xref(
    out: io.BytesIO,
    number: int,
    offsets: dict[int, int],
    where: dict[int, tuple[int, int]],
    size: int,
    trailer: dict[str, str],
    prev: int,
) -> None:
    """The cross-reference stream (with the trailer's entries) of the update's objects, and the
    file's end."""
    rows = {n: (1, o, 0) for n, o in offsets.items()} | {
        n: (2, s, i) for n, (s, i) in where.items()
    }
    numbers = sorted(rows)
    w2, w3 = (max(1, (max(row[c] for row in rows.values()).bit_length() + 7) // 8) for c in (1, 2))
    cells = bytes.fromhex(
        "".join(
            f"{t:02x}{a:0{2 * w2}x}{b:0{2 * w3}x}" for t, a, b in map(rows.__getitem__, numbers)
        )
    )
    data = _up(cells, 1 + w2 + w3)
    index: list[int] = []
    for n in numbers:
        if index and index[-2] + index[-1] == n:
            index[-1] += 1
        else:
            index += [n, 1]
    extra = "".join(f"{key}{value}" for key, value in sorted(trailer.items()))
    entries = (
        f"/Type/XRef/Size {size}/Index[{' '.join(map(str, index))}]/W[1 {w2} {w3}]"
        f"/Prev {prev}{extra}/DecodeParms<</Columns {1 + w2 + w3}/Predictor 12>>"
    )
    offset = offsets[number]
    _write_stream(out, number, entries, data)
    out.write(f"startxref\n{offset}\n%%EOF\n".encode("ascii"))


def _up(rows: bytes, width: int) -> bytes:
    """Rows of `width` bytes as PNG's "up" filter writes them (predictor 12): each led by the
    filter's byte, 2, then its bytes less the row before's, byte by byte (modulo 256), so that
    rows alike but for an object's place in its stream compress to almost nothing. The whole
    table is one integer, every byte subtracted at once: each byte's top bit is set in the one
    and cleared in the other, so no byte borrows from the next, then put right."""
    count, size = len(rows) // width, len(rows)
    now = int.from_bytes(rows, "big")
    before = now >> (8 * width)  # each row's predecessor in its place, zeros before the first
    top = int.from_bytes(b"\x80" * size, "big")
    rest = int.from_bytes(b"\x7f" * size, "big")
    every = (1 << (8 * size)) - 1
    ups = (((now | top) - (before & rest)) ^ ((now ^ before ^ every) & top)).to_bytes(size, "big")
    out = bytearray(count * (width + 1))
    out[0 :: width + 1] = b"\x02" * count
    for column in range(width):
        out[column + 1 :: width + 1] = ups[column::width]
    return bytes(out)


def _page_entries(page: pikepdf.Object) -> str:
    """A drawn page's entries as PDF text, to repeat in every copy of it."""
    return "".join(f"{key}{_value(v)}" for key, v in page.items() if key != "/Annots")


def _value(value: pikepdf.Object) -> str:
    """A value in PDF syntax, set off from the key before it."""
    text = value.unparse().decode("latin-1")
    return text if text[0] in "/([<" else " " + text


def _entries(entries: Entries) -> str:
    return "".join(k + (v if v[0] in "/([<" else " " + v) for k, v in entries.items())


def _refs(numbers: list[int]) -> str:
    return "[" + " ".join(f"{n} 0 R" for n in numbers) + "]"


def _array(*values: float) -> str:
    return "[" + " ".join(_number(v) for v in values) + "]"


def _number(value: float) -> str:
    """A number as PDF writes it: at most four decimals, no trailing zeros."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _string(text: str) -> str:
    """A PDF text string: printable ASCII as it is, anything else in UTF-16."""
    if text.isascii() and text.isprintable():
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<feff" + text.encode("utf-16-be").hex() + ">"


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
