"""The drawing model: immutable primitives in millimetres, origin top-left, y down."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from sheetgen.draw.transform import IDENTITY, Transform
from sheetgen.frozen import frozen
from sheetgen.text.typefaces import Weight as Weight  # the drawing model names it too

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")

Cap = Literal["butt", "round", "square"]
Join = Literal["miter", "round", "bevel"]
Anchor = Literal["start", "middle", "end"]
# a number: a score, centred; a mark: one player's + or O (struck through by a typed /)
PEN = "#1f3a93"  # the blue of a ballpoint pen: what a player types or ticks in a field
FieldKind = Literal["text", "number", "mark", "checkbox"]
FillRule = Literal["nonzero", "evenodd"]
PictureFormat = Literal["png", "jpeg"]
Box = tuple[float, float, float, float]  # x, y, width, height in mm, y down


@lru_cache(maxsize=1024)  # (every style checks its colours: thousands a drawing, of a few)
def check_colour(value: str) -> str:
    """Return `value` if it is a `#rrggbb` colour, else raise ValueError."""
    if not _HEX.match(value):
        raise ValueError(f"colour {value!r} is not of the form #rrggbb")
    return value.lower()


@frozen
class Style:
    """How a shape is painted: stroke and fill colour, line width (mm), dash, cap, join, opacity."""

    stroke: str | None = "#000000"
    width: float = 0.25
    fill: str | None = None
    dash: tuple[float, ...] = ()
    cap: Cap = "butt"
    join: Join = "miter"
    opacity: float = 1.0
    # which parts of a path that crosses itself are filled; None: the backend's own (PDF's
    # even-odd, SVG's nonzero), as every drawing before SVG art was drawn
    rule: FillRule | None = None

    def __post_init__(self) -> None:
        for colour in (self.stroke, self.fill):
            if colour is not None:
                check_colour(colour)
        if self.width < 0 or not 0 <= self.opacity <= 1:
            raise ValueError("style width must be >= 0 and opacity in 0..1")


@frozen
class MoveTo:
    x: float
    y: float


@frozen
class LineTo:
    x: float
    y: float


@frozen
class CurveTo:
    """A cubic Bézier from the current point through control points 1 and 2 to (x, y)."""

    x1: float
    y1: float
    x2: float
    y2: float
    x: float
    y: float


@frozen
class Close:
    pass


Segment = MoveTo | LineTo | CurveTo | Close


@frozen
class Path:
    """Subpaths of lines and cubic Béziers; arcs and polygons reduce to this (see `geometry`)."""

    segments: tuple[Segment, ...]
    style: Style = Style()


@frozen
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = Style()


@frozen
class Rect:
    """A rectangle from its top-left corner, with corner radius `rx` (0 for square corners)."""

    x: float
    y: float
    w: float
    h: float
    style: Style = Style()
    rx: float = 0.0


@frozen
class Text:
    """One line of text; (x, y) is the anchor point on the baseline, size is the em size in mm."""

    x: float
    y: float
    text: str
    size: float
    colour: str = "#000000"
    weight: Weight = "regular"
    anchor: Anchor = "start"
    rotation: float = 0.0
    family: str = "sans"


@frozen
class Field:
    """A fillable box: an AcroForm field in PDF, its plain outline everywhere else."""

    name: str
    kind: FieldKind
    x: float
    y: float
    w: float
    h: float
    style: Style = Style(stroke="#808080", width=0.2)
    rx: float = 0.0
    max_length: int | None = None  # text fields: at most this many characters
    ink: str = PEN  # what is typed or ticked in it: a ballpoint's blue, or a colour that reads

    def __post_init__(self) -> None:
        check_colour(self.ink)


@frozen
class Image:
    """A raster picture stretched over the box x, y, w, h (mm): its PNG or JPEG bytes, as
    `draw.pictures` leaves them (no metadata; RGB, or RGBA where it is see-through), and its
    size in pixels. The same bytes placed many times are stored once (PDF, SVG)."""

    x: float
    y: float
    w: float
    h: float
    data: bytes
    format: PictureFormat
    pixels: tuple[int, int]


@frozen
class Group:
    """Children drawn under one affine transform (applied to the children, then the parent's),
    cut off at `clip` (a box in the children's own space) when it is given."""

    children: tuple[Shape, ...]
    transform: Transform = IDENTITY
    clip: Box | None = None


Shape = Path | Circle | Rect | Text | Field | Image | Group


@frozen(eq=False)
class Drawing:
    """A finished piece of artwork of a known trim size; content may extend `bleed` mm beyond it.

    Drawings compare by identity: the same object placed many times is drawn once (a PDF form
    XObject, an SVG <use>), so build a drawing once and place it everywhere it repeats.
    """

    width: float
    height: float
    children: tuple[Shape, ...]
    bleed: float = 0.0
    title: str = ""
    clip: bool = False  # cut off at the bleed edge in every backend (PDF and SVG always do)

    def content(self) -> tuple[object, ...]:
        """What the drawing shows, by value: equal for drawings built apart that look the same."""
        return (self.width, self.height, self.bleed, self.clip, self.children)
