"""PNG backend (Pillow): pages drawn supersampled and scaled down, at a chosen DPI."""

from __future__ import annotations

import io
import itertools
import math
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from sheetgen.draw.fonts import face
from sheetgen.draw.geometry import Point, ellipse_path, flatten, rounded_rect_path
from sheetgen.draw.shapes import Circle, Field, Path, Rect, Style, Text
from sheetgen.draw.transform import Transform, scale, translate
from sheetgen.draw.walk import Leaf, leaves
from sheetgen.press.document import Page

_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}
RGBA = tuple[int, int, int, int]


def supersampling(dpi: float) -> int:
    """How many times finer than the output the page is drawn before scaling down."""
    return max(1, min(4, round(600 / dpi)))


def _rgba(colour: str, opacity: float = 1.0) -> RGBA:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), round(255 * opacity))


@cache
def _font(path: str, size_px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size_px)


def render_png(page: Page, dpi: float = 300, transparent: bool = False) -> bytes:
    """One page as PNG bytes of (page size × dpi) pixels, anti-aliased."""
    factor = supersampling(dpi)
    px_per_mm = dpi / 25.4 * factor
    size = (round(page.width * dpi / 25.4) * factor, round(page.height * dpi / 25.4) * factor)
    image = (
        Image.new("RGBA", size, (255, 255, 255, 0))
        if transparent
        else Image.new("RGB", size, (255, 255, 255))
    )
    for placement in page.placements:
        base = scale(px_per_mm) @ placement.transform
        drawing = placement.drawing
        if not drawing.clip:
            for leaf, transform in leaves(drawing.children, base):
                _draw_leaf(image, leaf, transform, (0, 0, size[0], size[1]))
            continue
        # a clipped drawing is drawn on a layer the size of its box, then laid down
        b = drawing.bleed
        (x0, y0), (x1, y1) = base.apply(-b, -b), base.apply(drawing.width + b, drawing.height + b)
        box = (
            max(0, round(min(x0, x1))),
            max(0, round(min(y0, y1))),
            min(size[0], round(max(x0, x1))),
            min(size[1], round(max(y0, y1))),
        )
        if box[2] <= box[0] or box[3] <= box[1]:
            continue
        layer = Image.new("RGBA", (box[2] - box[0], box[3] - box[1]), (0, 0, 0, 0))
        shift = translate(-box[0], -box[1]) @ base
        for leaf, transform in leaves(drawing.children, shift):
            _draw_leaf(layer, leaf, transform, (0, 0, layer.width, layer.height))
        _lay(image, layer, box[:2])
    if factor > 1:
        image = image.reduce(factor)
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(round(dpi, 3), round(dpi, 3)), optimize=False)
    return out.getvalue()


def _as_path(leaf: Circle | Rect | Field) -> Path:
    if isinstance(leaf, Circle):
        return ellipse_path(leaf.cx, leaf.cy, leaf.r, leaf.r, leaf.style)
    return rounded_rect_path(leaf.x, leaf.y, leaf.w, leaf.h, leaf.rx, leaf.style)


def _lay(image: Image.Image, layer: Image.Image, at: tuple[int, int]) -> None:
    """Lay an RGBA layer over the image, blending by its alpha."""
    if image.mode == "RGBA":
        image.alpha_composite(layer, at)
    else:
        image.paste(layer, at, layer)


Box = tuple[int, int, int, int]


def _draw_leaf(image: Image.Image, leaf: Leaf, transform: Transform, view: Box) -> None:
    if isinstance(leaf, Text):
        x, y = transform.apply(leaf.x, leaf.y)
        reach = leaf.size * transform.scale_factor * (len(leaf.text) + 2)
        if x + reach < view[0] or x - reach > view[2] or y + reach < view[1] or y - reach > view[3]:
            return  # wholly outside: skip (tiled pages show a small part of a big drawing)
        _draw_text(image, leaf, transform)
        return
    path = leaf if isinstance(leaf, Path) else _as_path(leaf)
    subpaths = flatten(path.segments, transform, tolerance=0.3)
    if not subpaths:
        return
    style = path.style
    pad = style.width * transform.scale_factor if style.stroke else 0.0
    xs = [p[0] for pts, _ in subpaths for p in pts]
    ys = [p[1] for pts, _ in subpaths for p in pts]
    if (
        max(xs) + pad < view[0]
        or min(xs) - pad > view[2]
        or max(ys) + pad < view[1]
        or min(ys) - pad > view[3]
    ):
        return
    if style.opacity >= 1:
        _paint(ImageDraw.Draw(image), subpaths, style, transform.scale_factor, (0.0, 0.0))
        return
    pad = style.width * transform.scale_factor + 2
    left, top = max(0, int(min(xs) - pad)), max(0, int(min(ys) - pad))
    right = min(image.width, int(max(xs) + pad) + 1)
    bottom = min(image.height, int(max(ys) + pad) + 1)
    if right <= left or bottom <= top:
        return
    layer = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
    _paint(ImageDraw.Draw(layer), subpaths, style, transform.scale_factor, (left, top))
    alpha = layer.getchannel("A").point(lambda a: round(a * style.opacity))
    layer.putalpha(alpha)
    _lay(image, layer, (left, top))


def _paint(
    draw: ImageDraw.ImageDraw,
    subpaths: list[tuple[list[Point], bool]],
    style: Style,
    factor: float,
    origin: tuple[float, float],
) -> None:
    ox, oy = origin
    shifted = [([(x - ox, y - oy) for x, y in pts], closed) for pts, closed in subpaths]
    if style.fill is not None:
        for pts, _ in shifted:
            if len(pts) > 2:
                draw.polygon(pts, fill=_rgba(style.fill))
    if style.stroke is None or style.width <= 0:
        return
    colour = _rgba(style.stroke)
    for pts, closed in shifted:
        points = [*pts, pts[0]] if closed else pts
        runs = _dashes(points, [d * factor for d in style.dash]) if style.dash else [points]
        for run in runs:
            if len(run) > 1:
                _stroke(draw, run, style.width * factor, colour, style.cap == "round")


def _stroke(
    draw: ImageDraw.ImageDraw, run: list[Point], width: float, colour: RGBA, round_cap: bool
) -> None:
    """A polyline `width` px wide: thin ones as lines, thick ones as a quad a segment with
    round joins, which stays clean where Pillow's wide lines fray on tight curves."""
    if width <= 2.5:
        draw.line(run, fill=colour, width=max(1, round(width)), joint="curve")
        return
    r = width / 2
    for (x0, y0), (x1, y1) in itertools.pairwise(run):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        nx, ny = -(y1 - y0) / length * r, (x1 - x0) / length * r
        draw.polygon(
            [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)],
            fill=colour,
        )
    joints = run[1:-1] if not round_cap else run
    if len(run) > 2 and run[0] == run[-1]:
        joints = run
    for x, y in joints:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _dashes(points: list[Point], pattern: list[float]) -> list[list[Point]]:
    """The polyline cut into the 'on' runs of a dash pattern (lengths in pixels)."""
    if sum(pattern) <= 0:
        return [points]
    runs: list[list[Point]] = []
    index, left, on = 0, pattern[0], True
    current: list[Point] = [points[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            point = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                current.append(point)
                runs.append(current)
            current = [point]
            on = not on
            index = (index + 1) % len(pattern)
            left = pattern[index]
        left -= seg - pos
        if on:
            current.append((x1, y1))
    if on and len(current) > 1:
        runs.append(current)
    return runs


def _draw_text(image: Image.Image, text: Text, transform: Transform) -> None:
    size_px = max(1, round(text.size * transform.scale_factor))
    font = _font(str(face(text.family, text.weight).path), size_px)
    x, y = transform.apply(text.x, text.y)
    angle = math.degrees(math.atan2(transform.b, transform.a)) + text.rotation
    colour = _rgba(text.colour)
    if abs(angle) < 1e-6:
        ImageDraw.Draw(image).text(
            (x, y), text.text, font=font, fill=colour, anchor=_ANCHORS[text.anchor]
        )
        return
    reach = int(font.getlength(text.text) + 2 * size_px)
    mask = Image.new("L", (2 * reach, 2 * reach), 0)
    ImageDraw.Draw(mask).text(
        (reach, reach), text.text, font=font, fill=255, anchor=_ANCHORS[text.anchor]
    )
    mask = mask.rotate(-angle, resample=Image.Resampling.BICUBIC, center=(reach, reach))
    ink = Image.new("RGBA", mask.size, colour)
    ink.putalpha(mask)
    left, top = round(x) - reach, round(y) - reach
    visible = ink.crop((max(0, -left), max(0, -top), ink.width, ink.height))
    _lay(image, visible, (max(0, left), max(0, top)))
