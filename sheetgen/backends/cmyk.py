"""CMYK for print shops: a design's colours (`#rrggbb`, sRGB) as a press's four inks, through
littlecms (Pillow's ImageCms) and the CMYK profile sheetgen ships (`profiles/`: ISO Coated v2
300%, the FOGRA39 printing condition, CC0), relative colorimetric with black point
compensation; how close each colour comes back (CIEDE2000 after sRGB → CMYK → sRGB); and the
black rules a print shop expects: greys and blacks in black ink alone for text, lines and small
shapes (nothing to misregister), and a rich black under large black areas; and a shop's cap on
total ink (`limit_inks`), kept by every colour and every picture's pixel."""

from __future__ import annotations

import io
import math
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Literal

from sheetgen.colour_sight import delta_e, seen
from sheetgen.draw.document import Document, Placement
from sheetgen.draw.shapes import (
    Circle,
    CurveTo,
    Drawing,
    Field,
    Image,
    LineTo,
    MoveTo,
    Path,
    Rect,
    Shape,
    Text,
)
from sheetgen.draw.walk import Leaf, leaves
from sheetgen.errors import SheetgenError
from sheetgen.frozen import frozen
from sheetgen.resources import resource_dir

if TYPE_CHECKING:
    from collections.abc import Iterator

    import numpy
    from numpy.typing import NDArray
    from PIL.Image import Image as PILImage
    from PIL.ImageCms import ImageCmsTransform

PROFILE = "ISOcoated_v2_300_mth.icc"
PROFILE_NAME = "ISO Coated v2 300% (Amethyst)"
CONDITION = "FOGRA39"  # the printing condition it characterises, as the ICC's registry names it
CONDITION_SAID = (
    "Offset printing according to ISO 12647-2:2004/Amd 1, paper type 1 or 2 (coated art), "
    "300% total ink"
)
REGISTRY = "http://www.color.org"
OUT_OF_GAMUT = 3.0  # CIEDE2000 after the round trip past which a colour is out of the gamut
NEUTRAL = 4.0  # CIELAB chroma below which a colour is a grey (or a black)
NEAR_BLACK = 25.0  # CIELAB L* at or under which a grey is black: text in 100% black, not a tint
LARGE = 10.0  # mm: a filled shape at least this wide and tall is an area (rich black under it)
RICH_BLACK: Ink = (0.6, 0.4, 0.4, 1.0)  # 240% ink: the blackest black a press lays down safely
FULL = 255  # an ink's level at 100%

Ink = tuple[float, float, float, float]  # cyan, magenta, yellow, black, each 0 to 1
Levels = tuple[int, int, int, int]  # cyan, magenta, yellow, black, each 0 to FULL
Role = Literal["text", "line", "fill", "area"]
"""What a colour paints: text, a stroked line, a filled shape, or a filled shape at least
LARGE mm each way."""


@cache
def profile_bytes() -> bytes:
    """The CMYK profile, as shipped (embedded in every CMYK PDF as its output intent)."""
    return (resource_dir("profiles") / PROFILE).read_bytes()


@cache
def _transforms() -> tuple[ImageCmsTransform, ImageCmsTransform]:
    """littlecms's sRGB → CMYK and CMYK → sRGB, relative colorimetric with black point
    compensation: colours the press can print come back as they are (paper white is white),
    and the press's black stands for black."""
    # imported here, not at the top: only a CMYK build needs littlecms
    from PIL import ImageCms

    srgb = ImageCms.createProfile("sRGB")
    press = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
    flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
    to_press = ImageCms.buildTransform(srgb, press, "RGB", "CMYK", intent, flags)
    to_screen = ImageCms.buildTransform(press, srgb, "CMYK", "RGB", intent, flags)
    return to_press, to_screen


@cache
def press_ink(colour: str, limit: float | None = None) -> Levels:
    """`#rrggbb` as the profile prints it: cyan, magenta, yellow and black, 0 to 255 each;
    within a total ink `limit` (percent, `limit_inks`) where one is given."""
    from PIL import Image  # imported here, not at the top: only a CMYK build needs it

    pixel = Image.new("RGB", (1, 1), colour)
    c, m, y, k = _transforms()[0].apply(pixel).getpixel((0, 0))  # type: ignore[misc]
    return _limited((c, m, y, k), limit)


def total(levels: Levels) -> float:
    """The total ink of four levels, in percent (C 100 M 100 Y 0 K 40 is 240)."""
    return sum(levels) * 100 / FULL


def limit_inks(levels: NDArray[numpy.uint8], limit: float) -> NDArray[numpy.uint8]:
    """Inks (the last axis: C, M, Y, K, 0 to 255 each) brought within a total ink `limit`
    (percent): where the four add up to more, first the grey that cyan, magenta and yellow
    make together is moved to black (grey component replacement: an equal part taken from each
    of C, M and Y and given to K takes two parts off the total and keeps the colour close), as
    much as the excess asks and the black has room for; then, if that is not enough, cyan,
    magenta and yellow are scaled down together, black kept. Whole levels throughout, rounded
    down: the same inks always give the same result, and never over the limit."""
    import numpy  # imported here, not at the top: start-up (only a limited CMYK build needs it)

    cap = math.floor(limit * FULL / 100 + 1e-9)
    inks = levels.astype(numpy.int64)
    cmy, k = inks[..., :3], inks[..., 3]
    excess = numpy.maximum(inks.sum(axis=-1) - cap, 0)
    moved = numpy.minimum.reduce([cmy.min(axis=-1), FULL - k, (excess + 1) // 2])
    cmy = cmy - moved[..., None]
    k = k + moved
    colour = cmy.sum(axis=-1)
    over = colour + k > cap
    room = numpy.maximum(cap - k, 0)
    scaled = cmy * room[..., None] // numpy.maximum(colour, 1)[..., None]
    cmy = numpy.where(over[..., None], scaled, cmy)
    return numpy.concatenate([cmy, k[..., None]], axis=-1).astype(numpy.uint8)


def _limited(levels: Levels, limit: float | None) -> Levels:
    """One colour's inks within `limit` (`limit_inks`); as they are without one."""
    if limit is None or total(levels) <= limit:
        return levels
    import numpy  # imported here, not at the top: start-up (only a limited CMYK build needs it)

    c, m, y, k = (int(v) for v in limit_inks(numpy.array(levels, numpy.uint8), limit))
    return c, m, y, k


@cache
def on_screen(ink: tuple[int, int, int, int]) -> str:
    """Inks (0 to 255 each) as the profile says they look, as `#rrggbb`."""
    from PIL import Image  # imported here, not at the top: only a CMYK build needs it

    pixel = Image.new("CMYK", (1, 1), ink)
    r, g, b = _transforms()[1].apply(pixel).getpixel((0, 0))  # type: ignore[misc]
    return f"#{r:02x}{g:02x}{b:02x}"


def round_trip(colour: str) -> str:
    """`#rrggbb` printed through the profile and seen again: sRGB → CMYK → sRGB."""
    return on_screen(press_ink(colour))


@cache
def _black_ink_lightness() -> tuple[float, ...]:
    """CIE L* of black ink alone at each of 256 levels, none to full."""
    return tuple(seen(on_screen((0, 0, 0, k)))[0] for k in range(256))


def _black_ink(lightness: float) -> int:
    """The level of black ink alone (0 to 255) that prints closest to `lightness` (L*): full
    black for anything as dark as black ink alone, or darker."""
    ramp = _black_ink_lightness()
    return min(range(256), key=lambda k: abs(ramp[k] - lightness))


@cache
def ink(colour: str, role: Role, limit: float | None = None) -> Ink:
    """The inks that print `colour` where it paints `role`. A grey or black (chroma under
    NEUTRAL) prints in black ink alone for text, lines and small shapes, at the lightness
    closest to it, so that nothing thin is made of four inks that a press can misregister, and
    in solid black where it is near black (NEAR_BLACK: a design's soft black, as a press prints
    text, not a screened tint of it); an area blacker than black ink alone gets RICH_BLACK;
    everything else is the profile's. All within a total ink `limit` (percent) where one is
    given, the rich black too."""
    lightness, a, b = seen(colour)
    if math.hypot(a, b) < NEUTRAL:
        darkest = _black_ink_lightness()[255]
        if role != "area":
            solid = lightness <= NEAR_BLACK
            return (0.0, 0.0, 0.0, 1.0 if solid else _level(_black_ink(lightness)))
        if lightness <= darkest:
            rich = tuple(round(v * FULL) for v in RICH_BLACK)
            return _levels((rich[0], rich[1], rich[2], rich[3]), limit)
    return _levels(press_ink(colour), limit)


def _levels(levels: Levels, limit: float | None) -> Ink:
    """Inks as the PDF's 0-1 numbers, within `limit` (`limit_inks`) where one is given: those
    the limit changed rounded down, so that the four written never add up to more."""
    within = _limited(levels, limit)
    if within == levels:
        return (_level(levels[0]), _level(levels[1]), _level(levels[2]), _level(levels[3]))
    c, m, y, k = (math.floor(v / FULL * 1000) / 1000 for v in within)
    return (c, m, y, k)


def _level(value: int) -> float:
    """An ink's 0-255 level as the PDF's 0-1 number, to three decimals."""
    return round(value / 255, 3)


def role(shape: Path | Circle | Rect | Field) -> Role:
    """What a shape's fill paints: an area when the shape is at least LARGE mm each way (in its
    drawing's millimetres), else a fill."""
    if isinstance(shape, Circle):
        width = height = 2 * shape.r
    elif isinstance(shape, Path):
        xs, ys = [], []
        for seg in shape.segments:
            if isinstance(seg, CurveTo):
                xs += [seg.x1, seg.x2, seg.x]
                ys += [seg.y1, seg.y2, seg.y]
            elif isinstance(seg, (MoveTo, LineTo)):
                xs.append(seg.x)
                ys.append(seg.y)
        width = max(xs) - min(xs) if xs else 0.0
        height = max(ys) - min(ys) if ys else 0.0
    else:
        width, height = shape.w, shape.h
    return "area" if min(width, height) >= LARGE else "fill"


def convert_image(image: PILImage, limit: float | None = None) -> PILImage:
    """A picture's pixels (any mode; its alpha is the PDF's soft mask, kept apart) as the
    profile prints them, in CMYK; each pixel within a total ink `limit` (percent,
    `limit_inks`) where one is given."""
    from PIL import Image  # imported here, not at the top: only a CMYK build needs it

    rgb = image if image.mode == "RGB" else image.convert("RGB")
    cmyk = _transforms()[0].apply(rgb)
    if limit is None:
        return cmyk
    import numpy  # imported here, not at the top: start-up (only a limited CMYK build needs it)

    pixels = numpy.asarray(cmyk)
    if int(pixels.astype(numpy.int64).sum(axis=-1).max(initial=0)) * 100 <= limit * FULL:
        return cmyk
    return Image.fromarray(limit_inks(pixels, limit), "CMYK")


@frozen
class Fidelity:
    """How a design colour comes back after printing: its inks, the colour they show, and how
    far that is from the design (CIEDE2000)."""

    colour: str
    ink: Levels
    back: str
    delta_e: float
    limit: float | None = None  # the total ink it was kept within (percent), if any
    unlimited: Levels | None = None  # its inks before the limit, where the limit changed them

    @property
    def in_gamut(self) -> bool:
        return self.delta_e <= OUT_OF_GAMUT

    @property
    def inks_said(self) -> str:
        """`C 12 M 96 Y 85 K 3`, in percent."""
        return " ".join(
            f"{name} {round(v / 2.55)}" for name, v in zip("CMYK", self.ink, strict=True)
        )


def fidelity(colour: str, limit: float | None = None) -> Fidelity:
    """`colour` printed through the profile (within a total ink `limit`, percent, where one is
    given) and seen again, and how far it moved."""
    printed = press_ink(colour, limit)
    back = on_screen(printed)
    unlimited = press_ink(colour)
    changed = unlimited if printed != unlimited else None
    return Fidelity(colour, printed, back, delta_e(colour, back), limit, changed)


def colours_used(doc: Document) -> list[str]:
    """Every colour the document's pages paint (strokes, fills, text, fields' outlines), each
    once, in the order first drawn; a drawing placed many times is looked at once."""
    return list(dict.fromkeys(colour for colour, _ in inks_used(doc)))


def inks_used(doc: Document) -> list[tuple[str, Role]]:
    """Every colour the document's pages paint with what it paints there (`Role`: text, a
    line, a fill or an area, as the PDF backend sets its inks), each pair once, in the order
    first drawn; a drawing placed many times is looked at once."""
    found: dict[tuple[str, Role], None] = {}
    for shape in _drawn(doc):
        if isinstance(shape, Text):
            found.setdefault((shape.colour.lower(), "text"), None)
        elif isinstance(shape, (Path, Circle, Rect, Field)):
            style = shape.style
            if style.stroke is not None and style.width > 0:
                found.setdefault((style.stroke.lower(), "line"), None)
            if style.fill is not None:
                found.setdefault((style.fill.lower(), role(shape)), None)
    return list(found)


def _drawn(doc: Document) -> Iterator[Leaf]:
    """Every shape the document's pages draw, in order, a drawing placed many times once."""
    looked: set[int] = set()
    for page in doc.pages:
        for placement in page.placements:
            drawing = placement.drawing
            if id(drawing) not in looked:
                looked.add(id(drawing))
                yield from (shape for shape, _ in leaves(drawing.children, placement.transform))


_SHAPE_WORDS = {Circle: "circle", Path: "path", Rect: "rectangle", Field: "field"}


def see_through(doc: Document) -> list[str]:
    """What the document's pages draw see-through, each said once, in the order first drawn:
    a shape at an opacity under 1 (`a path in #2a2622 at opacity 0.5`), a picture with a pixel
    not wholly opaque; a drawing placed many times is looked at once."""
    found: dict[str, None] = {}
    for shape in _drawn(doc):
        if isinstance(shape, Image):
            if not _opaque(shape.data):
                w, h = shape.pixels
                found.setdefault(f"a {w} x {h} px picture with see-through pixels")
        elif isinstance(shape, (Path, Circle, Rect, Field)) and shape.style.opacity < 1:
            style = shape.style
            colour = style.fill or style.stroke or "no colour"
            word = _SHAPE_WORDS[type(shape)]
            found.setdefault(f"a {word} in {colour} at opacity {style.opacity:g}")
    return list(found)


@cache
def _opaque(data: bytes) -> bool:
    """Whether every pixel of a picture (PNG or JPEG bytes) is wholly opaque."""
    from PIL import Image as PILImage  # imported here, not at the top: only PDF/X-1a asks

    with PILImage.open(io.BytesIO(data)) as picture:
        if "A" not in picture.getbands() and "transparency" not in picture.info:
            return True
        low, _ = picture.convert("RGBA").getchannel("A").getextrema()
        return bool(low == 255)


SEE_THROUGH_SAID = 3  # the things see-through a refusal names, the first of them


def refuse_see_through(doc: Document, source: str) -> None:
    """Refuse a PDF/X-1a of a design that draws anything see-through that `flattened` cannot
    paint opaque to the same look (PDF/X-1a allows no transparency; a guess at the rest would
    change what the press prints), in one line naming the file and what is see-through."""
    found = see_through(flattened(doc))
    if not found:
        return
    named = ", ".join(found[:SEE_THROUGH_SAID])
    more = f" and {len(found) - SEE_THROUGH_SAID} more" if len(found) > SEE_THROUGH_SAID else ""
    raise SheetgenError(
        f"{source}: PDF/X-1a allows nothing see-through, and this design draws {named}{more}; "
        'build it as PDF/X-4 (--pdfx x4, or standard = "PDF/X-4" in a profile), which keeps '
        "transparency, or make those opaque"
    )


Extent = tuple[float, float, float, float]  # x0, y0, x1, y1 in a drawing's mm


def flattened(doc: Document) -> Document:
    """`doc` with every see-through shape that has one colour under it painted opaque in the
    colour the design shows there, for a PDF/X-1a (which allows no transparency). A shape at
    a drawing's top level, at opacity a, painting a fill alone or a stroke alone, lies wholly
    on the last shape drawn before it that it reaches, and that one is an opaque filled
    rectangle with no outline (Scrumpit's bevel line on its tile's ground): all under it is
    that rectangle's colour, so it is painted in a of its colour and 1 - a of that one, mixed
    in sRGB as a viewer mixes the design. Anything else see-through is left as it is (and
    refused by `refuse_see_through`)."""
    made: dict[int, Drawing] = {}

    def flat(drawing: Drawing) -> Drawing:
        found = made.get(id(drawing))
        if found is None:
            children = _flat_children(drawing.children)
            found = drawing if children == drawing.children else replace(drawing, children=children)
            made[id(drawing)] = found
        return found

    pages = tuple(
        replace(
            page, placements=tuple(Placement(flat(p.drawing), p.transform) for p in page.placements)
        )
        for page in doc.pages
    )
    return replace(doc, pages=pages)


def _flat_children(children: tuple[Shape, ...]) -> tuple[Shape, ...]:
    out = list(children)
    for i, shape in enumerate(children):
        if not isinstance(shape, (Path, Circle, Rect)) or shape.style.opacity >= 1:
            continue
        style = shape.style
        stroked = style.stroke is not None and style.width > 0
        if stroked == (style.fill is not None):  # (both, or neither: no one colour to mix)
            continue
        ground = _ground(out[:i], _extent(shape))
        if ground is None or ground.style.fill is None:
            continue
        a = style.opacity
        if stroked and style.stroke is not None:
            style = replace(style, stroke=_mix(style.stroke, ground.style.fill, a), opacity=1.0)
        elif style.fill is not None:
            style = replace(style, fill=_mix(style.fill, ground.style.fill, a), opacity=1.0)
        out[i] = replace(shape, style=style)
    return tuple(out)


def _ground(before: list[Shape], extent: Extent) -> Rect | None:
    """The opaque, filled, unoutlined rectangle that is all there is under `extent`: the last
    shape drawn before it that reaches it, holding it whole; None if there is no such one (or
    a shape whose reach is not known, a group, text or picture, comes after it)."""
    for shape in reversed(before):
        if not isinstance(shape, (Path, Circle, Rect)):
            return None
        if not _overlaps(_extent(shape), extent):
            continue
        style = shape.style
        solid = style.opacity >= 1 and style.fill is not None
        bare = style.stroke is None or style.width == 0
        if isinstance(shape, Rect) and solid and bare:
            inset = shape.rx  # (inside its rounded corners)
            x0, y0 = shape.x + inset, shape.y + inset
            x1, y1 = shape.x + shape.w - inset, shape.y + shape.h - inset
            if x0 <= extent[0] and y0 <= extent[1] and extent[2] <= x1 and extent[3] <= y1:
                return shape
        return None
    return None


def _extent(shape: Path | Circle | Rect) -> Extent:
    """A box that holds all a shape paints, its stroke's corners and joins included."""
    style = shape.style
    width = style.width if style.stroke is not None else 0.0
    if isinstance(shape, Circle):
        x0, y0, x1, y1 = (
            shape.cx - shape.r,
            shape.cy - shape.r,
            shape.cx + shape.r,
            shape.cy + shape.r,
        )
        pad = width / 2
    elif isinstance(shape, Rect):
        x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
        pad = width / math.sqrt(2)  # (a mitred right angle reaches w/2 * sqrt 2 past its corner)
    else:
        xs, ys = [], []
        for seg in shape.segments:  # (a curve stays within its control points)
            if isinstance(seg, CurveTo):
                xs += [seg.x1, seg.x2, seg.x]
                ys += [seg.y1, seg.y2, seg.y]
            elif isinstance(seg, (MoveTo, LineTo)):
                xs.append(seg.x)
                ys.append(seg.y)
        x0, y0, x1, y1 = (
            min(xs, default=0),
            min(ys, default=0),
            max(xs, default=0),
            max(ys, default=0),
        )
        pad = width / 2 if style.join != "miter" else width * 5  # (PDF's miter limit: 10)
    return (x0 - pad, y0 - pad, x1 + pad, y1 + pad)


def _overlaps(a: Extent, b: Extent) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _mix(colour: str, ground: str, a: float) -> str:
    """`colour` at opacity `a` over `ground`, as `#rrggbb` (each channel mixed in sRGB)."""
    top, under = (tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in (colour, ground))
    return "#" + "".join(
        f"{round(a * t + (1 - a) * u):02x}" for t, u in zip(top, under, strict=True)
    )
