"""PDF backend (reportlab): one form XObject a distinct drawing, embedded font subsets,
AcroForm fields on request, trim and bleed boxes, byte-identical rebuilds."""

from __future__ import annotations

import io
import itertools
from typing import TYPE_CHECKING

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary
from reportlab.pdfgen.canvas import Canvas

from sheetgen import __version__
from sheetgen.backends.pdf_fields import Widget, widgets
from sheetgen.backends.pdf_text import draw_text, pdf_colour, register_fonts
from sheetgen.draw.fonts import FACES
from sheetgen.draw.shapes import (
    Circle,
    Close,
    CurveTo,
    Drawing,
    Field,
    Group,
    LineTo,
    MoveTo,
    Path,
    Rect,
    Shape,
    Style,
    Text,
)
from sheetgen.draw.transform import Transform
from sheetgen.errors import SheetgenError
from sheetgen.press.document import Box, Document, Page

if TYPE_CHECKING:
    import pikepdf

MM = 72.0 / 25.4
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "simplex": "Simplex"}
"""The PDF's /Duplex viewer preference for each way a document asks to be printed."""


def render_pdf(doc: Document, *, fillable: bool = False) -> bytes:
    """The document as PDF bytes; `fillable` adds AcroForm fields over every Field."""
    # Each distinct page is drawn once; `_finish` repeats it into the document's order and, for
    # a fillable document, lays each page's own fields over it.
    drawn, order = _drawn_and_order(doc)
    slots = _field_slots(drawn, order) if fillable else []
    return _finish(draw_pdf(doc, drawn), order, slots)


def check_fields(doc: Document) -> None:
    """Refuse a fillable document of more than MAX_FIELDS form fields, before any is drawn."""
    _field_slots(*_drawn_and_order(doc))


def _drawn_and_order(doc: Document) -> tuple[list[Page], list[int]]:
    """The distinct pages, each drawn once, and which of them each page of the document is."""
    drawn = doc.distinct_pages()
    index = {page.signature(): i for i, page in enumerate(drawn)}
    return drawn, [index[p.signature()] for p in doc.pages]


def _field_slots(drawn: list[Page], order: list[int]) -> list[list[list[Widget]]]:
    """Each drawn page's widgets a placement, or a one-line error over MAX_FIELDS in all."""
    slots = [_page_widgets(page) for page in drawn]
    fields = sum(sum(map(len, slots[k])) for k in order)
    if fields > MAX_FIELDS:
        per_page = fields / len(order)
        raise SheetgenError(
            f"a fillable PDF of {len(order):,} pages would hold {fields:,} form fields, over the "
            f"limit of {MAX_FIELDS:,} (viewers slow to a crawl long before); choose fewer "
            f"--copies (at most {int(MAX_FIELDS / per_page):,} pages of this sheet fit) or leave "
            "out --fillable"
        )
    return slots


MAX_FIELDS = 200_000  # a 1000-page fillable Scribe pad holds 82,000


def draw_pdf(doc: Document, pages: list[Page]) -> bytes:
    """`pages` drawn once each, in order, as reportlab writes them: the picture every format
    shows (the PNG backend rasterises these bytes), before pages are repeated, fields added and
    fonts cut down."""
    register_fonts()
    rl_config.useA85 = 0  # plain binary streams: smaller and faster than ASCII85 text
    out = io.BytesIO()
    first = pages[0]
    canvas = Canvas(
        out,
        pagesize=(first.width * MM, first.height * MM),
        invariant=1,
        pageCompression=1,
        initialFontName=FACES[("sans", "regular")].pdf_name,
    )
    canvas.setTitle(doc.title)
    canvas.setAuthor(doc.author)
    canvas.setSubject(doc.subject)
    canvas.setCreator(f"sheetgen {__version__}")
    canvas.setKeywords(", ".join(doc.keywords))
    canvas.setViewerPreference("PrintScaling", "None")
    if doc.duplex:
        canvas.setViewerPreference("Duplex", DUPLEX[doc.duplex])
    forms = _Forms(pages)
    for page in pages:
        _draw_page(canvas, page, forms)
    canvas.save()
    return out.getvalue()


def _page_widgets(page: Page) -> list[list[Widget]]:
    """The fields of each drawing placed on a page, in page points."""
    to_pdf = Transform(a=MM, d=-MM, f=page.height * MM)
    return [list(widgets(p.drawing, to_pdf @ p.transform)) for p in page.placements]


def _finish(data: bytes, order: list[int], slots: list[list[list[Widget]]]) -> bytes:
    """Repeat drawn pages into the document's order (copies share one content stream), add
    the fields of a fillable document (`slots`: each drawn page's widgets a placement), cut the
    fonts to the glyphs shown, and pack objects into object streams, so a pad of N pages costs
    little more than one page."""
    import pikepdf

    from sheetgen.backends.pdf_fields import FieldWriter
    from sheetgen.backends.pdf_fonts import subset_fonts
    from sheetgen.backends.pdf_text import map_glyphs_to_text

    with pikepdf.open(io.BytesIO(data)) as pdf:
        tree = pdf.Root.Pages
        drawn = list(tree.Kids)  # reportlab's page tree is flat: the pages as drawn
        streams: dict[bytes, pikepdf.Object] = {}
        for page in drawn:
            contents = page.Contents
            key = contents.read_raw_bytes()
            page.Contents = streams.setdefault(key, contents)
            for empty in ("/Trans", "/Rotate"):
                if empty in page:
                    del page[empty]
        map_glyphs_to_text(pdf)
        subset_fonts(pdf)
        _share_resources(pdf, drawn)
        _share_prefixes(pdf, drawn)
        # every page in order: a drawn page where it first shows, then a new page object on
        # its content and resources (the tree is rebuilt whole: qpdf inserts a page at a cost
        # that grows with the document)
        pages: list[pikepdf.Object] = []
        seen: set[int] = set()
        for k in order:
            copy = pikepdf.Dictionary(drawn[k])  # type: ignore[arg-type]  # a shallow copy
            pages.append(pdf.make_indirect(copy) if k in seen else drawn[k])
            seen.add(k)
        tree.Kids, tree.Count = pikepdf.Array(pages), len(pages)
        if slots:
            writer = FieldWriter(pdf)
            fields = [[writer.slot_fields(w) for w in page_slots] for page_slots in slots]
            for number, (page, k) in enumerate(zip(pages, order, strict=True), start=1):
                writer.add_page(
                    page, [(f"p{number}s{i}", f) for i, f in enumerate(fields[k], start=1)]
                )
            writer.finish()
        out = io.BytesIO()
        pdf.save(
            out,
            object_stream_mode=pikepdf.ObjectStreamMode.generate,
            deterministic_id=True,
            compress_streams=True,
            qdf=False,
        )
        return out.getvalue()


def _share_resources(pdf: pikepdf.Pdf, drawn: list[pikepdf.Object]) -> None:
    """Pages with equal resources (every named sheet of a pad) point at one dictionary."""
    import pikepdf

    shared: dict[bytes, pikepdf.Object] = {}
    for page in drawn:
        resources = page.get("/Resources")
        if isinstance(resources, pikepdf.Dictionary) and not resources.is_indirect:
            key = resources.unparse()
            page.Resources = shared.setdefault(key, pdf.make_indirect(resources))


SHARED_PREFIX = 64  # bytes of content pages must begin with alike to share them as one stream


def _share_prefixes(pdf: pikepdf.Pdf, drawn: list[pikepdf.Object]) -> None:
    """Pages whose content begins and ends alike (the named sheets of a pad: all but the name)
    draw that beginning and that end from one stream each, and only the middle from their own.
    Pages are sorted by content, so pages alike sit side by side; a run of them shares the
    longest beginning and end all have, in whole lines (a content may be split in streams only
    between tokens, and sheetgen's text never holds a raw line break)."""
    import pikepdf

    contents = [page.Contents for page in drawn]
    if len(drawn) < 3 or not all(isinstance(c, pikepdf.Stream) for c in contents):
        return
    data = [c.read_bytes() for c in contents]
    ranked = sorted(range(len(drawn)), key=data.__getitem__)
    run = [ranked[0]]
    for this in [*ranked[1:], None]:
        if this is not None and _head(data[run[-1]], data[this]) >= SHARED_PREFIX:
            run.append(this)
            continue
        if len(run) > 2:
            head = min(_head(data[a], data[b]) for a, b in itertools.pairwise(run))
            tail = min(_tail(data[run[0]], data[k], head) for k in run[1:])
            first = data[run[0]]
            shared = [pdf.make_stream(first[:head]), pdf.make_stream(first[len(first) - tail :])]
            for k in run:
                own = data[k][head : len(data[k]) - tail]
                parts = [shared[0], pdf.make_stream(own), shared[1]] if own else shared
                drawn[k].Contents = pikepdf.Array([p for p in parts if p.read_bytes()])
        run = [this] if this is not None else []


def _head(a: bytes, b: bytes) -> int:
    """How many bytes a and b begin with alike, in whole lines."""
    same = _alike(a, b)
    return a.rfind(b"\n", 0, same) + 1


def _tail(a: bytes, b: bytes, head: int) -> int:
    """How many bytes a and b end with alike, in whole lines, leaving their first `head`."""
    same = min(_alike(a[::-1], b[::-1]), len(a) - head, len(b) - head)
    end = a[len(a) - same :]
    return same - (end.find(b"\n") + 1) if same else 0


def _alike(a: bytes, b: bytes) -> int:
    """How many bytes a and b begin with alike (halving: each comparison is one memcmp)."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _pdf_box(page: Page, box: Box) -> tuple[float, float, float, float]:
    x, y, w, h = box
    return (x * MM, (page.height - y - h) * MM, (x + w) * MM, (page.height - y) * MM)


class _Forms:
    """Which drawings become form XObjects: those placed more than once (by content, so equal
    drawings built twice share one form). A drawing placed once is drawn into its page."""

    def __init__(self, pages: list[Page]) -> None:
        self.by_id: dict[int, int] = {}  # a drawing's id -> the number of its content
        self.by_content: dict[tuple[object, ...], int] = {}
        self.uses: dict[int, int] = {}
        self.names: dict[int, str] = {}
        for page in pages:
            for placement in page.placements:
                number = self.number(placement.drawing)
                self.uses[number] = self.uses.get(number, 0) + 1

    def number(self, drawing: Drawing) -> int:
        """The same number for drawings of the same content (each hashed once)."""
        found = self.by_id.get(id(drawing))
        if found is None:
            found = self.by_id[id(drawing)] = self.by_content.setdefault(
                drawing.content(), len(self.by_content)
            )
        return found

    def name(self, canvas: Canvas, drawing: Drawing) -> str | None:
        """The form to call for `drawing` (defined on first use), or None to draw it inline."""
        number = self.number(drawing)
        if self.uses[number] == 1:
            return None
        found = self.names.get(number)
        if found is None:
            found = self.names[number] = f"d{len(self.names) + 1}"
            _define_form(canvas, found, drawing)
        return found


def _draw_page(canvas: Canvas, page: Page, forms: _Forms) -> None:
    """Draw a page: each placement calls its drawing's form, or draws a drawing it alone uses."""
    names = [forms.name(canvas, placement.drawing) for placement in page.placements]
    canvas.setPageSize((page.width * MM, page.height * MM))
    whole = (0.0, 0.0, page.width, page.height)
    canvas.setTrimBox(_pdf_box(page, page.trim or whole))
    canvas.setBleedBox(_pdf_box(page, page.bleed or page.trim or whole))
    to_pdf = Transform(a=MM, d=-MM, f=page.height * MM)
    for placement, name in zip(page.placements, names, strict=True):
        drawing = placement.drawing
        from_form = Transform(a=1 / MM, d=-1 / MM, f=drawing.height)
        canvas.saveState()
        canvas.transform(*(to_pdf @ placement.transform @ from_form).as_tuple())
        if name is not None:
            canvas.doForm(name)
        else:
            _draw_drawing(canvas, drawing)
        canvas.restoreState()
    canvas.showPage()


def _draw_drawing(canvas: Canvas, drawing: Drawing) -> None:
    """A drawing in form space (points, y up), cut off at its bleed edge as a form's box is."""
    b = drawing.bleed
    clip = canvas.beginPath()
    clip.rect(-b * MM, -b * MM, (drawing.width + 2 * b) * MM, (drawing.height + 2 * b) * MM)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.transform(MM, 0, 0, -MM, 0, drawing.height * MM)
    for shape in drawing.children:
        _draw(canvas, shape)


def _define_form(canvas: Canvas, name: str, drawing: Drawing) -> None:
    b = drawing.bleed
    canvas.beginForm(name, -b * MM, -b * MM, (drawing.width + b) * MM, (drawing.height + b) * MM)
    canvas.transform(MM, 0, 0, -MM, 0, drawing.height * MM)
    for shape in drawing.children:
        _draw(canvas, shape)
    # reportlab leaves a form's ExtGState (opacity) out of its resources; give them explicitly.
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    states = canvas._extgstate.getState()
    if states:
        resources.ExtGState = states
    canvas.endForm(Resources=resources)


def _apply_style(canvas: Canvas, style: Style) -> tuple[bool, bool]:
    stroke, fill = style.stroke is not None and style.width > 0, style.fill is not None
    if stroke:
        canvas.setStrokeColor(pdf_colour(style.stroke))
        canvas.setLineWidth(style.width)
        canvas.setLineCap(_CAPS[style.cap])
        canvas.setLineJoin(_JOINS[style.join])
        if style.dash:
            canvas.setDash(list(style.dash))
    if fill:
        canvas.setFillColor(pdf_colour(style.fill))
    if style.opacity < 1:
        canvas.setStrokeAlpha(style.opacity)
        canvas.setFillAlpha(style.opacity)
    return stroke, fill


def _draw(canvas: Canvas, shape: Shape) -> None:
    canvas.saveState()
    if isinstance(shape, Group):
        canvas.transform(*shape.transform.as_tuple())
        for child in shape.children:
            _draw(canvas, child)
    elif isinstance(shape, Text):
        draw_text(canvas, shape)
    else:
        stroke, fill = _apply_style(canvas, shape.style)
        if isinstance(shape, Path):
            canvas.drawPath(_pdf_path(canvas, shape), stroke=int(stroke), fill=int(fill))
        elif isinstance(shape, Circle):
            circle = canvas.beginPath()  # reportlab's circle() leaves the path open, so its
            circle.circle(shape.cx, shape.cy, shape.r)  # stroke would end in two butt caps at
            circle.close()  # 3 o'clock, which pdfium draws as a seam; closed, it is a join
            canvas.drawPath(circle, stroke=int(stroke), fill=int(fill))
        elif isinstance(shape, (Rect, Field)):
            if shape.rx > 0:
                canvas.roundRect(
                    shape.x, shape.y, shape.w, shape.h, shape.rx, stroke=int(stroke), fill=int(fill)
                )
            else:
                canvas.rect(shape.x, shape.y, shape.w, shape.h, stroke=int(stroke), fill=int(fill))
    canvas.restoreState()


def _pdf_path(canvas: Canvas, shape: Path) -> object:
    path = canvas.beginPath()
    for seg in shape.segments:
        if isinstance(seg, MoveTo):
            path.moveTo(seg.x, seg.y)
        elif isinstance(seg, LineTo):
            path.lineTo(seg.x, seg.y)
        elif isinstance(seg, CurveTo):
            path.curveTo(seg.x1, seg.y1, seg.x2, seg.y2, seg.x, seg.y)
        elif isinstance(seg, Close):
            path.close()
    return path
