"""SVG backend (svgwrite): sizes in mm, real searchable <text>, one <defs> entry a drawing."""

from __future__ import annotations

import base64
from functools import cache

import svgwrite
from svgwrite.base import BaseElement

from sheetgen.draw import shaping
from sheetgen.draw.document import Page
from sheetgen.draw.fonts import CSS_FALLBACKS, face
from sheetgen.draw.geometry import rounded_rect_path
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
    Style,
    Text,
)
from sheetgen.draw.shaping import plain, units_per_em
from sheetgen.draw.transform import Transform
from sheetgen.text.typefaces import FontFace, font_tables

SVG_TEXT_STYLE = "font-kerning:none"


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _matrix(t: Transform) -> str:
    return "matrix(" + " ".join(_n(v) for v in t.as_tuple()) + ")"


def render_svg(page: Page, title: str, prefix: str = "", inline: bool = False) -> bytes:
    """One page as a standalone SVG document; `prefix` keeps ids unique when several SVGs
    share one HTML page, and `inline` leaves the text's style to that page's style sheet (a
    strict content security policy refuses style attributes; see `backends.html`)."""
    dwg = svgwrite.Drawing(
        size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
        viewBox=f"0 0 {_n(page.width)} {_n(page.height)}",
        profile="full",
        debug=False,
    )
    # text set as in the PDF: by the fonts' advance widths alone (no pair kerning), and every
    # space kept (an indent or a double space is not collapsed to one)
    if not inline:
        dwg["style"] = SVG_TEXT_STYLE
    dwg["xml:space"] = "preserve"
    dwg.set_desc(title=title)
    ids: dict[int, str] = {}
    defs = _Defs(dwg, prefix)
    for placement in page.placements:
        drawing = placement.drawing
        if id(drawing) not in ids:
            ids[id(drawing)] = ref = f"{prefix}d{len(ids) + 1}"
            dwg.defs.add(_define(defs, ref, drawing))
        use = dwg.use(f"#{ids[id(drawing)]}")
        if not placement.transform.is_identity:
            use["transform"] = _matrix(placement.transform)
        dwg.add(use)
    text: str = dwg.tostring()
    return text.encode("utf-8")


class _Defs:
    """What a document defines once and draws by reference: each image's bytes (an image placed
    many times is stored once), and the clips of groups."""

    def __init__(self, dwg: svgwrite.Drawing, prefix: str) -> None:
        self.dwg, self.prefix = dwg, prefix
        self.images: dict[bytes, str] = {}
        self.clips = 0

    def image(self, shape: Image) -> str:
        """The id of the image's bytes, drawn in a unit square (defined on first use)."""
        found = self.images.get(shape.data)
        if found is None:
            found = self.images[shape.data] = f"{self.prefix}i{len(self.images) + 1}"
            coded = base64.b64encode(shape.data).decode("ascii")
            element = self.dwg.image(f"data:image/{shape.format};base64,{coded}", size=(1, 1))
            element["id"] = found
            element["preserveAspectRatio"] = "none"
            self.dwg.defs.add(element)
        return found

    def clip(self, box: tuple[float, float, float, float]) -> str:
        """A new clip to `box`, in the space of the element that names it."""
        self.clips += 1
        ref = f"{self.prefix}c{self.clips}"
        clip = self.dwg.clipPath(id=ref)
        clip.add(self.dwg.rect((_n(box[0]), _n(box[1])), (_n(box[2]), _n(box[3]))))
        self.dwg.defs.add(clip)
        return ref


def _define(defs: _Defs, ref: str, drawing: Drawing) -> BaseElement:
    dwg, b = defs.dwg, drawing.bleed
    clip = dwg.clipPath(id=f"{ref}-clip")
    clip.add(dwg.rect((_n(-b), _n(-b)), (_n(drawing.width + 2 * b), _n(drawing.height + 2 * b))))
    dwg.defs.add(clip)
    group = dwg.g(id=ref, clip_path=f"url(#{ref}-clip)")
    for shape in drawing.children:
        group.add(_element(defs, shape))
    return group


def _paint(element: BaseElement, style: Style) -> BaseElement:
    element["fill"] = style.fill or "none"
    if style.stroke is not None and style.width > 0:
        element["stroke"] = style.stroke
        element["stroke-width"] = _n(style.width)
        if style.cap != "butt":
            element["stroke-linecap"] = style.cap
        if style.join != "miter":
            element["stroke-linejoin"] = style.join
        if style.dash:
            element["stroke-dasharray"] = " ".join(_n(d) for d in style.dash)
    if style.opacity < 1:
        element["opacity"] = _n(style.opacity)
    if style.rule == "evenodd" and style.fill:
        element["fill-rule"] = "evenodd"
    return element


def _path_data(path: Path) -> str:
    parts = []
    for seg in path.segments:
        if isinstance(seg, MoveTo):
            parts.append(f"M{_n(seg.x)} {_n(seg.y)}")
        elif isinstance(seg, LineTo):
            parts.append(f"L{_n(seg.x)} {_n(seg.y)}")
        elif isinstance(seg, CurveTo):
            parts.append(
                "C" + " ".join(_n(v) for v in (seg.x1, seg.y1, seg.x2, seg.y2, seg.x, seg.y))
            )
        elif isinstance(seg, Close):
            parts.append("Z")
    return "".join(parts)


def _element(defs: _Defs, shape: Shape) -> BaseElement:
    dwg = defs.dwg
    if isinstance(shape, Group):
        group = dwg.g(transform=_matrix(shape.transform))
        if shape.clip is not None:
            group["clip-path"] = f"url(#{defs.clip(shape.clip)})"
        for child in shape.children:
            group.add(_element(defs, child))
        return group
    if isinstance(shape, Text):
        return _text(dwg, shape)
    if isinstance(shape, Image):
        place = Transform(a=shape.w, d=shape.h, e=shape.x, f=shape.y)
        return dwg.use(f"#{defs.image(shape)}", transform=_matrix(place))
    if isinstance(shape, Path):
        return _paint(dwg.path(d=_path_data(shape)), shape.style)
    if isinstance(shape, Circle):
        return _paint(dwg.circle((_n(shape.cx), _n(shape.cy)), _n(shape.r)), shape.style)
    if isinstance(shape, Field):
        path = rounded_rect_path(shape.x, shape.y, shape.w, shape.h, shape.rx)
        element = _paint(dwg.path(d=_path_data(path)), shape.style)
        element["class"] = f"field field-{shape.kind}"
        element["data-name"] = shape.name
        return element
    assert isinstance(shape, Rect)
    rect = dwg.rect((_n(shape.x), _n(shape.y)), (_n(shape.w), _n(shape.h)))
    if shape.rx > 0:
        rect["rx"] = _n(shape.rx)
    return _paint(rect, shape.style)


def _text(dwg: svgwrite.Drawing, text: Text) -> BaseElement:
    if not plain(text.text, text.weight, text.family):
        return _glyphs(dwg, text)
    font = face(text.family, text.weight)
    element = dwg.text(
        text.text,
        insert=(_n(text.x), _n(text.y)),
        fill=text.colour,
        font_size=_n(text.size),
        font_family=f"'{font.css_family}', {CSS_FALLBACKS}",
    )
    if text.weight == "bold":
        element["font-weight"] = "bold"
    if text.anchor != "start":
        element["text-anchor"] = text.anchor
    if text.rotation:
        element["transform"] = f"rotate({_n(text.rotation)} {_n(text.x)} {_n(text.y)})"
    return element


def _glyphs(dwg: svgwrite.Drawing, text: Text) -> BaseElement:
    """Text in another script, emoji, and text in a designer's font as the outlines of the
    glyphs HarfBuzz chose, the same picture as the PDF's in any viewer, whatever fonts it has;
    the words stay in `aria-label` for screen readers and in a transparent <text> for search
    and copying."""
    shaped = shaping.shape(text.text, text.weight, text.family)
    start = {"start": 0.0, "middle": -0.5, "end": -1.0}[text.anchor] * shaped.width * text.size
    group = dwg.g(fill=text.colour)
    group["aria-label"] = text.text
    if text.rotation:
        group["transform"] = f"rotate({_n(text.rotation)} {_n(text.x)} {_n(text.y)})"
    for run in shaped.runs:
        scale = text.size / units_per_em(run.face)
        for glyph in run.glyphs:
            outline = glyph_outline(run.face, glyph.gid)
            if outline:
                x = text.x + start + glyph.x * text.size
                y = text.y - glyph.y * text.size
                group.add(
                    dwg.path(
                        d=outline,
                        transform=f"translate({_n(x)} {_n(y)}) scale({scale:.6g} {-scale:.6g})",
                    )
                )
    hidden = dwg.text(
        text.text,
        insert=(_n(text.x + start), _n(text.y)),
        font_size=_n(text.size),
        fill_opacity=0,
        textLength=_n(shaped.width * text.size),
    )
    group.add(hidden)
    return group


@cache
def glyph_outline(font: FontFace, gid: int) -> str:
    """The outline of glyph `gid` of `font` as SVG path data, in font units (y up)."""
    # imported here, not at the top, for start-up time
    from fontTools.pens.svgPathPen import SVGPathPen

    tables = font_tables(font)
    glyph_set = tables.getGlyphSet()
    pen = SVGPathPen(glyph_set, ntos=lambda v: f"{v:g}")
    glyph_set[tables.getGlyphName(gid)].draw(pen)
    return str(pen.getCommands())
