"""CMYK for print shops: a design's colours (`#rrggbb`, sRGB) as a press's four inks, through
littlecms (Pillow's ImageCms) and the CMYK profile sheetgen ships (`profiles/`: ISO Coated v2
300%, the FOGRA39 printing condition, CC0), relative colorimetric with black point
compensation; how close each colour comes back (CIEDE2000 after sRGB → CMYK → sRGB); and the
black rules a print shop expects: greys and blacks in black ink alone for text, lines and small
shapes (nothing to misregister), and a rich black under large black areas."""

from __future__ import annotations

import io
import math
from functools import cache
from typing import TYPE_CHECKING, Literal

from sheetgen.colour_sight import delta_e, seen
from sheetgen.draw.document import Document
from sheetgen.draw.shapes import Circle, CurveTo, Field, LineTo, MoveTo, Path, Rect, Text
from sheetgen.draw.walk import leaves
from sheetgen.frozen import frozen
from sheetgen.resources import resource_dir

if TYPE_CHECKING:
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

Ink = tuple[float, float, float, float]  # cyan, magenta, yellow, black, each 0 to 1
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
def press_ink(colour: str) -> tuple[int, int, int, int]:
    """`#rrggbb` as the profile prints it: cyan, magenta, yellow and black, 0 to 255 each."""
    from PIL import Image  # imported here, not at the top: only a CMYK build needs it

    pixel = Image.new("RGB", (1, 1), colour)
    c, m, y, k = _transforms()[0].apply(pixel).getpixel((0, 0))  # type: ignore[misc]
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
def ink(colour: str, role: Role) -> Ink:
    """The inks that print `colour` where it paints `role`. A grey or black (chroma under
    NEUTRAL) prints in black ink alone for text, lines and small shapes, at the lightness
    closest to it, so that nothing thin is made of four inks that a press can misregister, and
    in solid black where it is near black (NEAR_BLACK: a design's soft black, as a press prints
    text, not a screened tint of it); an area blacker than black ink alone gets RICH_BLACK;
    everything else is the profile's."""
    lightness, a, b = seen(colour)
    if math.hypot(a, b) < NEUTRAL:
        darkest = _black_ink_lightness()[255]
        if role != "area":
            solid = lightness <= NEAR_BLACK
            return (0.0, 0.0, 0.0, 1.0 if solid else _level(_black_ink(lightness)))
        if lightness <= darkest:
            return RICH_BLACK
    c, m, y, k = press_ink(colour)
    return (_level(c), _level(m), _level(y), _level(k))


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


def convert_image(image: PILImage) -> PILImage:
    """A picture's pixels (any mode; its alpha is the PDF's soft mask, kept apart) as the
    profile prints them, in CMYK."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return _transforms()[0].apply(rgb)


@frozen
class Fidelity:
    """How a design colour comes back after printing: its inks, the colour they show, and how
    far that is from the design (CIEDE2000)."""

    colour: str
    ink: tuple[int, int, int, int]
    back: str
    delta_e: float

    @property
    def in_gamut(self) -> bool:
        return self.delta_e <= OUT_OF_GAMUT

    @property
    def inks_said(self) -> str:
        """`C 12 M 96 Y 85 K 3`, in percent."""
        return " ".join(
            f"{name} {round(v / 2.55)}" for name, v in zip("CMYK", self.ink, strict=True)
        )


def fidelity(colour: str) -> Fidelity:
    """`colour` printed through the profile and seen again, and how far it moved."""
    back = round_trip(colour)
    return Fidelity(colour, press_ink(colour), back, delta_e(colour, back))


def colours_used(doc: Document) -> list[str]:
    """Every colour the document's pages paint (strokes, fills, text, fields' outlines), each
    once, in the order first drawn; a drawing placed many times is looked at once."""
    found: dict[str, None] = {}
    looked: set[int] = set()
    for page in doc.pages:
        for placement in page.placements:
            drawing = placement.drawing
            if id(drawing) in looked:
                continue
            looked.add(id(drawing))
            for shape, _ in leaves(drawing.children, placement.transform):
                if isinstance(shape, Text):
                    found.setdefault(shape.colour.lower(), None)
                elif isinstance(shape, (Path, Circle, Rect, Field)):
                    style = shape.style
                    stroke = style.stroke if style.width > 0 else None
                    for colour in (stroke, style.fill):
                        if colour is not None:
                            found.setdefault(colour.lower(), None)
    return list(found)
