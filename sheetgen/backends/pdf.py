"""PDF backend (reportlab): one form XObject a distinct drawing, embedded font subsets,
AcroForm fields on request, trim and bleed boxes, byte-identical rebuilds."""

from __future__ import annotations

import io
import itertools
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName

from sheetgen import __version__
from sheetgen.backends.cmyk import flattened, refuse_see_through, role
from sheetgen.backends.pdf_text import TextCanvas, draw_text, register_fonts
from sheetgen.backends.pdf_widgets import Widget, widgets
from sheetgen.draw.document import Box, Document, Page
from sheetgen.draw.fonts import FACES
from sheetgen.draw.shapes import (
    Circle,
    Close,
    CurveTo,
    Drawing,
    Field,
    Group,
    Image,
    LineTo,
    MoveTo,
    Path,
    Rect,
    Shape,
    Text,
)
from sheetgen.draw.transform import Transform
from sheetgen.errors import SheetgenError
from sheetgen.press.profiles import STANDARDS

if TYPE_CHECKING:
    import pikepdf

    from sheetgen.press.profiles import Standard

MM = 72.0 / 25.4
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_RULES = {"evenodd": 0, "nonzero": 1}  # reportlab's fill modes (its own default: even-odd)
DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "simplex": "Simplex"}
"""The PDF's /Duplex viewer preference for each way a document asks to be printed."""


def render_pdf(
    doc: Document,
    *,
    fillable: bool = False,
    pdfx: Standard | None = None,
    ink_limit: float | None = None,
) -> bytes:
    """The document as PDF bytes; `fillable` adds AcroForm fields over every Field; `pdfx`
    makes it that PDF/X in a press's inks (`pdf_x`), which allows no fields (and PDF/X-1a
    nothing see-through: refused, at the document), its total ink at most `ink_limit`
    (percent; None: the profile's own)."""
    if fillable and pdfx:
        raise ValueError("a CMYK PDF (PDF/X) holds no form fields")  # refused by the options
    if fillable:  # typed in on a screen and read back by its fields: the mark is for paper
        doc = doc.unmarked()
    if pdfx == STANDARDS["x1a"]:
        doc = flattened(doc)  # (a shape see-through over one colour, painted opaque)
        refuse_see_through(doc, doc.title)  # (a build or export refuses it first, at its file)
    # Each distinct page is drawn once; `_finish` repeats it into the document's order and, for
    # a fillable document, lays each page's own fields over it.
    drawn, order = _drawn_and_order(doc)
    slots = _field_slots(drawn, order) if fillable else []
    pdf, shown = _drawn(doc, drawn, pdfx, ink_limit)
    return _finish(pdf, shown, order, slots, pdfx, ink_limit)


def check_fields(doc: Document) -> None:
    """Refuse a fillable document of more than MAX_FIELDS form fields, before any is drawn."""
    _field_slots(*_drawn_and_order(doc))


def field_count(doc: Document) -> int:
    """The form fields a fillable PDF of `doc` would hold, counted without drawing."""
    drawn, order = _drawn_and_order(doc)
    per_page = [sum(map(len, _page_widgets(page))) for page in drawn]
    return sum(per_page[k] for k in order)


def _drawn_and_order(doc: Document) -> tuple[list[Page], list[int]]:
    """The distinct pages, each drawn once, and which of them each page of the document is."""
    drawn = doc.distinct_pages()
    index = {page.signature(): i for i, page in enumerate(drawn)}
    return drawn, [index[p.signature()] for p in doc.pages]


def _field_slots(drawn: list[Page], order: list[int]) -> list[list[list[Widget]]]:
    """Each drawn page's widgets a placement, or a one-line error over MAX_FIELDS in all."""
    placed: dict[tuple[int, Transform, float], list[Widget]] = {}
    slots = [_page_widgets(page, placed) for page in drawn]
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
    """`pages` drawn once each, in order: the picture every format shows (the PNG backend
    rasterises these bytes), before pages are repeated, fields added and fonts cut down."""
    pdf, _ = _drawn(doc, pages)
    with pdf:
        return _saved(pdf)


def _drawn(
    doc: Document,
    pages: list[Page],
    pdfx: Standard | None = None,
    ink_limit: float | None = None,
) -> tuple[pikepdf.Pdf, dict[str, set[int]]]:
    """`pages` drawn once each, and the codes shown in each font. reportlab draws each page's
    content and every form; the pages themselves are made here, a small dictionary each, so that
    a page costs what it draws anew (a named sheet: its name), not a reportlab page's making."""
    # imported here, not at the top, for start-up time
    import pikepdf

    data, contents, shown = _draw_contents(doc, pages, pdfx, ink_limit)
    pdf = pikepdf.open(io.BytesIO(data))
    _make_pages(pdf, pages, contents)
    return pdf, shown


def _draw_contents(
    doc: Document,
    pages: list[Page],
    pdfx: Standard | None = None,
    ink_limit: float | None = None,
) -> tuple[bytes, list[tuple[bytes, frozenset[str]]], dict[str, set[int]]]:
    """reportlab's PDF of every form and of one page whose resources name every font, form and
    graphics state used; each page's content and the forms it calls; the codes shown in each
    font."""
    register_fonts()
    rl_config.useA85 = 0  # plain binary streams: smaller and faster than ASCII85 text
    out = io.BytesIO()
    first = pages[0]
    canvas = TextCanvas(
        out,
        pagesize=(first.width * MM, first.height * MM),
        invariant=1,
        pageCompression=1,
        initialFontName=FACES[("sans", "regular")].pdf_name,
        pdfx=pdfx,
        ink_limit=ink_limit,
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
    contents = [_page_content(canvas, page, forms) for page in pages]
    # (reportlab names the forms and images a page calls)
    canvas._formsinuse = list(dict.fromkeys([*forms.names.values(), *forms.images]))
    canvas.showPage()  # the one page, empty: its resources are every page's, forms aside
    shown = canvas.codes_shown()  # (before saving: reportlab forgets its document's fonts then)
    canvas.save()
    return out.getvalue(), contents, shown


def _make_pages(
    pdf: pikepdf.Pdf, pages: list[Page], contents: list[tuple[bytes, frozenset[str]]]
) -> None:
    """Put `pages` in place of reportlab's one page, each on its content, with resources that
    name the forms it calls; pages alike in size, content (or part of it) or forms share
    them."""
    # imported here, not at the top, for start-up time
    import pikepdf

    tree = pdf.Root.Pages
    every = tree.Kids[0].Resources
    resources: dict[frozenset[str], pikepdf.Object] = {}
    streams: dict[bytes, pikepdf.Object] = {}
    templates: dict[tuple[object, ...], dict[str, pikepdf.Object]] = {}
    kids = []
    every_parts = _parts([content for content, _ in contents])
    for page, parts, (_, used) in zip(pages, every_parts, contents, strict=True):
        found = resources.get(used)
        if found is None:
            own = pikepdf.Dictionary(every)  # type: ignore[arg-type]  # a shallow copy
            if used:
                own.XObject = pikepdf.Dictionary({n: every.XObject[n] for n in sorted(used)})
            elif "/XObject" in own:
                del own.XObject
            found = resources[used] = pdf.make_indirect(own)
        stored = []
        for part in parts:
            stream = streams.get(part)
            if stream is None:
                stream = streams[part] = pdf.make_stream(part)
            stored.append(stream)
        size = (page.width, page.height, page.trim, page.bleed)
        template = templates.get(size) or templates.setdefault(size, _page_template(page, tree))
        content = stored[0] if len(stored) == 1 else pikepdf.Array(stored)
        kid = pikepdf.Dictionary({**template, "/Resources": found, "/Contents": content})
        kids.append(pdf.make_indirect(kid))  # (pages of a size share its boxes)
    tree.Kids, tree.Count = pikepdf.Array(kids), len(kids)


def _page_template(page: Page, tree: pikepdf.Object) -> dict[str, pikepdf.Object]:
    """A page dictionary's entries for the page's size and boxes (all but resources and
    content)."""
    # imported here, not at the top, for start-up time
    import pikepdf

    whole = (0.0, 0.0, page.width, page.height)
    return {
        "/Type": pikepdf.Name.Page,
        "/Parent": tree,
        "/MediaBox": _pdf_numbers(0.0, 0.0, page.width * MM, page.height * MM),
        "/TrimBox": _pdf_numbers(*_pdf_box(page, page.trim or whole)),
        "/BleedBox": _pdf_numbers(*_pdf_box(page, page.bleed or page.trim or whole)),
    }


def _pdf_numbers(*values: float) -> pikepdf.Array:
    """Numbers as reportlab writes them (at most four decimals, no trailing zeros)."""
    # imported here, not at the top, for start-up time
    import pikepdf

    return pikepdf.Array([Decimal(fp_str(v)) for v in values])


def _saved(pdf: pikepdf.Pdf, version: str = "", packed: bool = True) -> bytes:
    """The PDF's bytes, its objects packed into object streams (unless not `packed`), the same
    for the same pages; at least PDF `version` where one is given."""
    # imported here, not at the top, for start-up time
    import pikepdf

    out = io.BytesIO()
    pdf.save(
        out,
        object_stream_mode=pikepdf.ObjectStreamMode.generate
        if packed
        else pikepdf.ObjectStreamMode.disable,
        deterministic_id=True,
        compress_streams=True,
        qdf=False,
        min_version=version,
    )
    return out.getvalue()


def _page_widgets(
    page: Page, placed: dict[tuple[int, Transform, float], list[Widget]] | None = None
) -> list[list[Widget]]:
    """The fields of each drawing placed on a page, in page points; `placed`: those found
    already, by drawing, place and page height, so that pages alike but for their sheet mark
    (a pad's copies, each saying which it is) share one list each (and `pdf_fields` writes
    each list's entries once)."""
    to_pdf = Transform(a=MM, d=-MM, f=page.height * MM)
    placed = {} if placed is None else placed
    out = []
    for p in page.placements:
        key = (id(p.drawing), p.transform, page.height)
        if key not in placed:
            placed[key] = list(widgets(p.drawing, to_pdf @ p.transform))
        out.append(placed[key])
    return out


def _finish(
    pdf: pikepdf.Pdf,
    shown: dict[str, set[int]],
    order: list[int],
    slots: list[list[list[Widget]]],
    pdfx: Standard | None = None,
    ink_limit: float | None = None,
) -> bytes:
    """Cut the fonts to the glyphs `shown`, repeat drawn pages into the document's order (copies
    share one content stream) and pack objects into object streams, so a pad of N pages costs
    little more than one page. A fillable document (`slots`: each drawn page's widgets a
    placement, some field among them) is saved with each drawn page once, and its pages and
    their fields are appended to that (`pdf_fields`). A CMYK document is made the PDF/X
    `pdfx` (`pdf_x`), its pictures' pixels within `ink_limit`."""
    # imported here, not at the top, for start-up time
    import pikepdf

    from sheetgen.backends.pdf_fonts import subset_fonts
    from sheetgen.backends.pdf_text import map_glyphs_to_text

    fillable = any(any(placed) for page_slots in slots for placed in page_slots)
    with pdf:
        tree = pdf.Root.Pages
        drawn = list(tree.Kids)
        map_glyphs_to_text(pdf)
        fonts = drawn[0].Resources.get("/Font", pikepdf.Dictionary())  # every page's fonts
        subset_fonts(fonts, shown)
        if not fillable:
            # every page in order: a drawn page where it first shows, then a new page object on
            # its content and resources (the tree is rebuilt whole: qpdf inserts a page at a
            # cost that grows with the document)
            pages: list[pikepdf.Object] = []
            seen: set[int] = set()
            for k in order:
                copy = pikepdf.Dictionary(drawn[k])  # type: ignore[arg-type]  # a shallow copy
                pages.append(pdf.make_indirect(copy) if k in seen else drawn[k])
                seen.add(k)
            tree.Kids, tree.Count = pikepdf.Array(pages), len(pages)
        if pdfx is None:
            saved = _saved(pdf)
        else:
            # imported here, not at the top: only a CMYK PDF needs it
            from sheetgen.backends.pdf_x import PDF_VERSION, make_pdfx

            make_pdfx(pdf, pdfx, ink_limit)
            # (PDF 1.4, for PDF/X-1a, has no object streams: they came with PDF 1.5)
            saved = _saved(pdf, PDF_VERSION[pdfx], packed=pdfx != STANDARDS["x1a"])
    if not fillable:
        return saved
    # imported here, not at the top: only a fillable PDF needs the form machinery
    from sheetgen.backends.pdf_fields import add_fields

    return add_fields(saved, order, slots)


SHARED_PREFIX = 64  # bytes of content pages must begin with alike to share them as one stream


def _parts(contents: list[bytes]) -> list[list[bytes]]:
    """Each page's content as the streams it is stored in. Pages whose content begins and ends
    alike (the named sheets of a pad: all but the name) draw that beginning and that end from a
    stream each, shared, and only the middle from their own. Pages are sorted by content, so
    pages alike sit side by side; a run of them shares the longest beginning and end all have,
    in whole lines (a content may be split in streams only between tokens, and sheetgen's text
    never holds a raw line break)."""
    parts = [[content] for content in contents]
    if len(contents) < 3:
        return parts
    ranked = sorted(range(len(contents)), key=contents.__getitem__)
    run = [ranked[0]]
    for this in [*ranked[1:], None]:
        if this is not None and _head(contents[run[-1]], contents[this]) >= SHARED_PREFIX:
            run.append(this)
            continue
        if len(run) > 2:
            head = min(_head(contents[a], contents[b]) for a, b in itertools.pairwise(run))
            tail = min(_tail(contents[run[0]], contents[k], head) for k in run[1:])
            first = contents[run[0]]
            for k in run:
                whole = contents[k]
                split = (first[:head], whole[head : len(whole) - tail], first[len(first) - tail :])
                parts[k] = [part for part in split if part]
        run = [this] if this is not None else []
    return parts


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
        self.images: dict[str, None] = {}  # the images pages draw themselves, in order
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

    def name(self, canvas: TextCanvas, drawing: Drawing) -> str | None:
        """The form to call for `drawing` (defined on first use), or None to draw it inline."""
        number = self.number(drawing)
        if self.uses[number] == 1:
            return None
        found = self.names.get(number)
        if found is None:
            found = self.names[number] = f"d{len(self.names) + 1}"
            _define_form(canvas, found, drawing)
        return found


def _page_content(canvas: TextCanvas, page: Page, forms: _Forms) -> tuple[bytes, frozenset[str]]:
    """A page's content stream (each placement calls its drawing's form, or draws a drawing it
    alone uses) and the names of the forms it calls."""
    names = [forms.name(canvas, placement.drawing) for placement in page.placements]
    start, called = len(canvas._code), len(canvas._formsinuse)
    for placement, name in zip(page.placements, names, strict=True):
        drawing = placement.drawing
        canvas.saveState()
        canvas.transform(*_matrix(page.height, placement.transform, drawing.height))
        if name is not None:
            canvas.doForm(name)
        else:
            _draw_drawing(canvas, drawing)
        canvas.restoreState()
    content = "".join(line + "\n" for line in canvas._code[start:])
    del canvas._code[start:]
    named = canvas._formsinuse[called:]
    # the page's names kept here alone: reportlab lists every name of its one page so far in
    # each new image's resources, which a document of many pages each with an image of its
    # own (a pad's sheet marks) would make quadratic; `_draw_contents` names them all at the end
    del canvas._formsinuse[called:]
    forms.images.update(dict.fromkeys(n for n in named if n not in forms.names.values()))
    used = frozenset(f"/{xObjectName(n)}" for n in named)
    return content.encode("utf-8"), used  # as reportlab encodes a page


@lru_cache(maxsize=4096)
def _matrix(
    page_height: float, placed: Transform, drawing_height: float
) -> tuple[float, float, float, float, float, float]:
    """The PDF matrix of a drawing `placed` on a page: from form space (points, y up) to page
    space (points, y up)."""
    to_pdf = Transform(a=MM, d=-MM, f=page_height * MM)
    from_form = Transform(a=1 / MM, d=-1 / MM, f=drawing_height)
    return (to_pdf @ placed @ from_form).as_tuple()


def _draw_drawing(canvas: TextCanvas, drawing: Drawing) -> None:
    """A drawing in form space (points, y up), cut off at its bleed edge as a form's box is."""
    b = drawing.bleed
    clip = canvas.beginPath()
    clip.rect(-b * MM, -b * MM, (drawing.width + 2 * b) * MM, (drawing.height + 2 * b) * MM)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.transform(MM, 0, 0, -MM, 0, drawing.height * MM)
    for shape in drawing.children:
        _draw(canvas, shape)


def _define_form(canvas: TextCanvas, name: str, drawing: Drawing) -> None:
    b = drawing.bleed
    canvas.beginForm(name, -b * MM, -b * MM, (drawing.width + b) * MM, (drawing.height + b) * MM)
    before = len(canvas._formsinuse)  # (a form begun on an empty page keeps the page's list)
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
    images = canvas._formsinuse[before:]  # the images it draws
    if images:
        resources.XObject = canvas._doc.xobjDict(images)
    canvas.endForm(Resources=resources)


def _apply_style(canvas: TextCanvas, shape: Path | Circle | Rect | Field) -> tuple[bool, bool]:
    style = shape.style
    stroke, fill = style.stroke is not None and style.width > 0, style.fill is not None
    if stroke and style.stroke is not None:
        canvas.paint(style.stroke, "line", stroke=True)
        canvas.setLineWidth(style.width)
        canvas.setLineCap(_CAPS[style.cap])
        canvas.setLineJoin(_JOINS[style.join])
        if style.dash:
            canvas.setDash(list(style.dash))
    if style.fill is not None:
        canvas.paint(style.fill, role(shape) if canvas.cmyk else "fill")
    if style.opacity < 1:
        canvas.setStrokeAlpha(style.opacity)
        canvas.setFillAlpha(style.opacity)
    return stroke, fill


def _draw(canvas: TextCanvas, shape: Shape) -> None:
    canvas.saveState()
    if isinstance(shape, Group):
        canvas.transform(*shape.transform.as_tuple())
        if shape.clip is not None:
            clip = canvas.beginPath()
            clip.rect(*shape.clip)
            canvas.clipPath(clip, stroke=0, fill=0)
        for child in shape.children:
            _draw(canvas, child)
    elif isinstance(shape, Text):
        draw_text(canvas, shape)
    elif isinstance(shape, Image):
        # the image's unit square, its first row at the top, onto its box (y down)
        canvas.transform(shape.w, 0, 0, -shape.h, shape.x, shape.y + shape.h)
        canvas.drawImage(_reader(shape.data), 0, 0, 1, 1, mask="auto")
    else:
        stroke, fill = _apply_style(canvas, shape)
        if isinstance(shape, Path):
            path = _pdf_path(canvas, shape)
            rule = None if shape.style.rule is None else _RULES[shape.style.rule]
            canvas.drawPath(path, stroke=int(stroke), fill=int(fill), fillMode=rule)
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


@lru_cache(maxsize=4)  # (each holds its image's pixels, decoded)
def _reader(data: bytes) -> ImageReader:
    """reportlab's reader of an image's bytes: a JPEG goes into the PDF as it is, a PNG as its
    pixels (and its alpha as a soft mask); an image drawn many times is stored once (reportlab
    names it by its pixels)."""
    return ImageReader(io.BytesIO(data))


def _pdf_path(canvas: TextCanvas, shape: Path) -> object:
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
