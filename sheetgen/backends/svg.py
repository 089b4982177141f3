"""SVG backend (svgwrite): sizes in mm, real searchable <text>, one <defs> entry a drawing."""

from __future__ import annotations

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
    for placement in page.placements:
        drawing = placement.drawing
        if id(drawing) not in ids:
            ids[id(drawing)] = ref = f"{prefix}d{len(ids) + 1}"
            dwg.defs.add(_define(dwg, ref, drawing))
        use = dwg.use(f"#{ids[id(drawing)]}")
        if not placement.transform.is_identity:
            use["transform"] = _matrix(placement.transform)
        dwg.add(use)
    text: str = dwg.tostring()
    return text.encode("utf-8")


def _define(dwg: svgwrite.Drawing, ref: str, drawing: Drawing) -> BaseElement:
    b = drawing.bleed
    clip = dwg.clipPath(id=f"{ref}-clip")
    clip.add(dwg.rect((_n(-b), _n(-b)), (_n(drawing.width + 2 * b), _n(drawing.height + 2 * b))))
    dwg.defs.add(clip)
    group = dwg.g(id=ref, clip_path=f"url(#{ref}-clip)")
    for shape in drawing.children:
        group.add(_element(dwg, shape))
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


def _element(dwg: svgwrite.Drawing, shape: Shape) -> BaseElement:
    if isinstance(shape, Group):
        group = dwg.g(transform=_matrix(shape.transform))
        for child in shape.children:
            group.add(_element(dwg, child))
        return group
    if isinstance(shape, Text):
        return _text(dwg, shape)
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
