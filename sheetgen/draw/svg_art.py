"""A designer's SVG art as sheetgen's own shapes: paths of lines and Béziers with their fills,
strokes and stroke widths, every transform and the viewBox applied (svgelements does the
geometry), so the PDF and the SVG draw it as vectors, sharp at any size.

An SVG file is a program's output as often as a drawing: before svgelements sees it, it is
read with defusedxml (a DOCTYPE, and so any entity, is refused) and screened: nothing outside
the file is named (a link, `xlink:href` or CSS `url(` to anything but a `#fragment` of the
file), no script, foreignObject or embedded image, and its elements, nesting and path segments
are bounded, `<use>` copies counted as drawn. What sheetgen does not draw is refused by name
rather than drawn wrong: text (convert it to paths), gradients and patterns, clip paths,
masks, filters and markers."""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import defusedxml
import defusedxml.ElementTree
import svgelements as se

from sheetgen.draw.pictures import PictureError, Vector
from sheetgen.draw.shapes import (
    Cap,
    Close,
    CurveTo,
    FillRule,
    Join,
    LineTo,
    MoveTo,
    Path,
    Segment,
    Style,
)

MAX_ELEMENTS = 20_000  # elements drawn, each <use> counted as the copy it draws
MAX_DEPTH = 100  # elements inside one another
MAX_SEGMENTS = 200_000  # path segments in all, each arc and curve as the Béziers it becomes

_REFUSED = {
    "script": "holds a script; SVG art is shapes alone",
    "foreignObject": "holds a foreignObject (a web page inside the SVG); SVG art is shapes alone",
    "image": "holds an image inside the SVG; give the picture as an image item of its own",
    "text": "holds text: convert it to paths (Inkscape: Path > Object to Path)",
    "iframe": "holds an iframe; SVG art is shapes alone",
    "video": "holds a video; SVG art is shapes alone",
    "audio": "holds a sound; SVG art is shapes alone",
    "animate": "is animated; save a still picture",
}
_ALSO = {"tspan": "text", "textPath": "text", "flowRoot": "text", "animateMotion": "animate",
         "animateTransform": "animate", "set": "animate", "handler": "script",
         "listener": "script"}  # fmt: skip
_URL = re.compile(r"url\(\s*['\"]?\s*([^'\")\s]*)", re.IGNORECASE)
_PROPERTY = re.compile(r"([a-zA-Z-]+)\s*:\s*([^;}]*)")
_PAINTED = {
    "fill": "gradients and patterns are not drawn: fill with plain colours",
    "stroke": "gradients and patterns are not drawn: stroke with plain colours",
    "clip-path": "clip paths are not drawn: apply them first (Inkscape: Path > Intersection)",
    "mask": "masks are not drawn: apply them to the paths first",
    "filter": "filters (blur, shadow) are not drawn: leave them out",
    "marker-start": "markers are not drawn: convert them to paths",
    "marker-mid": "markers are not drawn: convert them to paths",
    "marker-end": "markers are not drawn: convert them to paths",
    "marker": "markers are not drawn: convert them to paths",
}
_CAPS: dict[str, Cap] = {"butt": "butt", "round": "round", "square": "square"}
_JOINS: dict[str, Join] = {"round": "round", "bevel": "bevel"}


def read_svg(data: bytes) -> Vector:
    """SVG art's shapes, in its own units (its width and height, the viewBox scaled to them);
    a PictureError in one line for a file that is refused or cannot be read."""
    _screen(_tree(data))
    try:
        svg = se.SVG.parse(io.BytesIO(data), reify=True)
    except Exception as exc:  # svgelements' own errors: a value it cannot read
        raise PictureError(f"is not SVG art sheetgen can read ({_reason(exc)})") from None
    values = svg.values if isinstance(svg, se.SVG) else {}
    if svg.viewbox is None and not (values.get("width") and values.get("height")):
        raise PictureError("has neither a viewBox nor a width and height; give it a viewBox")
    width, height = float(svg.width), float(svg.height)
    if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
        raise PictureError(f"is {width:g} by {height:g}: give it a viewBox of a size")
    shapes: list[Path] = []
    count = 0
    for element in svg.elements():
        if not isinstance(element, se.Shape) or isinstance(element, se.Text):
            continue
        try:
            segments = _segments(element)
        except (ValueError, ZeroDivisionError, TypeError) as exc:
            raise PictureError(f"has a shape sheetgen cannot read ({_reason(exc)})") from None
        count += len(segments)
        if count > MAX_SEGMENTS:
            raise PictureError(
                f"has more than {MAX_SEGMENTS:,} path segments; simplify it (Inkscape: "
                "Path > Simplify) or give it as a PNG"
            )
        if any(not isinstance(s, MoveTo) for s in segments):
            shapes += _painted(element, tuple(segments))
    return Vector(tuple(shapes), width, height)


def _reason(exc: BaseException) -> str:
    text = str(exc).splitlines()[0][:100] if str(exc) else type(exc).__name__
    return text.rstrip(".")


def _tree(data: bytes) -> ET.Element:
    """The file's XML, read with every DTD (and so every entity) refused."""
    try:
        root: ET.Element = defusedxml.ElementTree.fromstring(
            data, forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
    except defusedxml.DTDForbidden:
        raise PictureError(
            "holds a DOCTYPE, which may define entities that read other files; save the SVG "
            "without one (Inkscape: Save As > Plain SVG)"
        ) from None
    except defusedxml.DefusedXmlException:
        raise PictureError("defines entities; save the SVG without them") from None
    except ET.ParseError as exc:
        line, column = exc.position
        raise PictureError(f"is not well-formed XML (line {line}, column {column + 1})") from None
    if _local(root.tag) != "svg":
        raise PictureError(f"is no SVG file (its outermost element is <{_local(root.tag)}>)")
    return root


def _local(name: str) -> str:
    """A tag's or attribute's name without its namespace."""
    return name.rsplit("}", 1)[-1]


def _screen(root: ET.Element) -> None:
    """Refuse what reaches outside the file, runs, or is not drawn, and bound the elements
    drawn (each <use> counted as the copy it draws) and their nesting."""
    ids: dict[str, ET.Element] = {}
    stack: list[tuple[ET.Element, int]] = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise PictureError(f"nests elements more than {MAX_DEPTH} deep")
        tag = _local(element.tag)
        refused = _REFUSED.get(_ALSO.get(tag, tag))
        if refused:
            raise PictureError(refused)
        for key, value in element.attrib.items():
            name = _local(key)
            if name == "id":
                ids[value] = element
            elif name == "href" and not value.strip().startswith("#"):
                raise PictureError(
                    f"links to {value[:60]!r}, outside the file; SVG art holds all it draws"
                )
            elif name == "style":
                for prop, given in _PROPERTY.findall(value):
                    _url(prop.lower(), given)
            else:
                _url(name, value)
        if tag == "style":
            text = element.text or ""
            if "@import" in text.lower():
                raise PictureError("imports a style sheet from outside the file (@import)")
            for prop, given in _PROPERTY.findall(text):
                _url(prop.lower(), given)
        stack += [(child, depth + 1) for child in element]
    drawn = _drawn(root, ids, {}, set())
    if drawn > MAX_ELEMENTS:
        raise PictureError(
            f"draws {drawn:,} elements (<use> copies counted); at most {MAX_ELEMENTS:,}"
        )


def _url(name: str, value: str) -> None:
    """Refuse a `url(...)` to outside the file, and one that paints, clips, masks or filters."""
    for target in _URL.findall(value):
        if not target.startswith("#"):
            raise PictureError(f"names {target[:60]!r} outside the file in {name}")
        if name in _PAINTED:
            raise PictureError(f"uses {name}: url({target[:40]}): {_PAINTED[name]}")


def _drawn(
    element: ET.Element, ids: dict[str, ET.Element], known: dict[int, int], open_: set[int]
) -> int:
    """How many elements `element` draws, each <use> as the copy of what it names (a <use>
    that holds itself is refused)."""
    key = id(element)
    if key in known:
        return known[key]
    if key in open_:
        raise PictureError("has a <use> that holds itself")
    open_.add(key)
    total = 1
    for child in element:
        total += _drawn(child, ids, known, open_)
        if total > MAX_ELEMENTS:
            break
    if _local(element.tag) == "use":
        href = next((v for k, v in element.attrib.items() if _local(k) == "href"), "")
        target = ids.get(href.strip()[1:])
        if target is not None:
            total += _drawn(target, ids, known, open_)
    open_.discard(key)
    known[key] = total
    return total


def _segments(element: Any) -> list[Segment]:
    """A shape's outline, every transform applied, as moves, lines, cubic Béziers and closes."""
    out: list[Segment] = []
    for seg in abs(se.Path(element)):
        if isinstance(seg, se.Move):
            out.append(MoveTo(*_xy(seg.end)))
        elif isinstance(seg, se.Close):
            out.append(Close())
        elif isinstance(seg, se.Line):
            out.append(LineTo(*_xy(seg.end)))
        elif isinstance(seg, se.CubicBezier):
            out.append(CurveTo(*_xy(seg.control1), *_xy(seg.control2), *_xy(seg.end)))
        elif isinstance(seg, se.QuadraticBezier):
            (x0, y0), (cx, cy), (x, y) = _xy(seg.start), _xy(seg.control), _xy(seg.end)
            out.append(
                CurveTo(
                    x0 + 2 / 3 * (cx - x0),
                    y0 + 2 / 3 * (cy - y0),
                    x + 2 / 3 * (cx - x),
                    y + 2 / 3 * (cy - y),
                    x,
                    y,
                )
            )
        elif isinstance(seg, se.Arc):
            for c in seg.as_cubic_curves():
                out.append(CurveTo(*_xy(c.control1), *_xy(c.control2), *_xy(c.end)))
    return out


def _xy(point: Any) -> tuple[float, float]:
    x, y = float(point.x), float(point.y)
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError("a point that is no number")
    return x, y


def _painted(element: Any, segments: tuple[Segment, ...]) -> Iterator[Path]:
    """The path as filled and stroked: one path, or a fill and a stroke apart where the two
    are seen through differently."""
    values = element.values
    opacity = _number(values.get("opacity"), 1.0)
    fill, fill_alpha = _colour(element.fill)
    stroke, stroke_alpha = _colour(element.stroke)
    width = float(element.implicit_stroke_width or 0.0) if stroke else 0.0
    if not math.isfinite(width) or width <= 0:
        stroke, width = None, 0.0
    even = str(values.get("fill-rule", "")).strip() == "evenodd"
    rule: FillRule = "evenodd" if even else "nonzero"
    cap = _CAPS.get(str(values.get("stroke-linecap", "butt")).strip(), "butt")
    join = _JOINS.get(str(values.get("stroke-linejoin", "miter")).strip(), "miter")
    dash = _dashes(values.get("stroke-dasharray"), element)
    if fill and stroke and fill_alpha != stroke_alpha:
        yield Path(segments, Style(None, fill=fill, opacity=opacity * fill_alpha, rule=rule))
        fill = None
    if fill or stroke:
        alpha = fill_alpha if fill else stroke_alpha
        style = Style(stroke, width, fill, dash, cap, join, opacity * alpha, rule)
        yield Path(segments, style)


def _colour(paint: Any) -> tuple[str | None, float]:
    if paint is None or paint.value is None:
        return None, 1.0
    alpha = paint.alpha / 255
    return (str(paint.hexrgb).lower(), alpha) if alpha > 0 else (None, 1.0)


def _number(value: Any, default: float) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    return min(1.0, max(0.0, number)) if math.isfinite(number) else default


def _dashes(value: Any, element: Any) -> tuple[float, ...]:
    """A stroke's dashes in the art's units (scaled as its stroke width is)."""
    if not value or str(value).strip() == "none":
        return ()
    try:
        given = [float(v) for v in re.split(r"[\s,]+", str(value).strip()) if v]
    except ValueError:
        return ()
    if not given or any(not math.isfinite(v) or v < 0 for v in given) or not any(given):
        return ()
    scale = float(element.implicit_stroke_width or 0.0) / float(element.stroke_width or 1.0)
    dashes = given * 2 if len(given) % 2 else given  # an odd list is repeated, as SVG says
    return tuple(v * scale for v in dashes)
