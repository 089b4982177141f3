"""A designer's piece drawn from its filled template: the background to the bleed edge, the cut
line of a round or six-sided piece, then each item in its box (texts wrapped or shrunk to fit,
never below 6 pt, their `:name:` icons inline; pictures fitted, filling or stretched; icons
fitted; all turned about the box's centre), and what keeps text clear of the cut."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence

from sheetgen.draw import (
    Circle,
    Drawing,
    Group,
    Rect,
    Shape,
    Style,
    Text,
    Transform,
    cap_height,
    polygon,
    pt,
    rounded_rect_path,
    text_width,
    wrap,
)
from sheetgen.draw.fonts import descent
from sheetgen.draw.geometry import hexagon
from sheetgen.draw.icons import symbol, symbol_width
from sheetgen.draw.pictures import place
from sheetgen.draw.shapes import Anchor, Box, Weight
from sheetgen.frozen import frozen
from sheetgen.games.custom.art import Pictures, frame, image_fit
from sheetgen.games.custom.inline import Icon, Part, parts
from sheetgen.games.custom.model import Item, Piece
from sheetgen.games.custom.rules import FilledFace, FilledItem

LEAST = 6.0  # pt: no text is set smaller
LEADING = 1.2  # a line's height, in ems
SAFE = 3.0  # mm text keeps inside the cut, where a cut a little off would trim it
CUT_LINE = Style(stroke="#8a8a8a", width=0.2)  # the line a round or six-sided piece is cut on
STEP = 0.97  # each try at fitting a text sets it this much smaller
# the exact matrices of a quarter turn (math.cos(pi / 2) is 6e-17, not 0), clockwise
ANCHORS: dict[str, Anchor] = {"left": "start", "centre": "middle", "right": "end"}
TURNS = {90: (0.0, 1.0, -1.0, 0.0), 180: (-1.0, 0.0, 0.0, -1.0), 270: (0.0, -1.0, 1.0, 0.0)}
RISE = 1.15  # an inline icon's height, in the text's capital heights, from the baseline up
GAP = 0.1  # ems between an inline icon and a letter or an icon beside it (a space is gap enough)
FIRST = 0xF0000  # a text's icons stand as the characters from here while it is wrapped

Widths = Callable[[str], float]  # an icon's width for a height of 1, by its name
Line = str | tuple[Part, ...]  # a line of words alone, or its words and icons in order


def background(piece: Piece, colour: str, bleed: float) -> list[Shape]:
    """The piece's colour to `bleed` mm beyond its cut, and the cut line of a piece that is
    not cut straight (a rectangle's cuts follow the crop marks)."""
    ground = Style(stroke=None, fill=colour)
    w, h = piece.width, piece.height
    if piece.shape == "rectangle":
        # square to its corners even where they are rounded: a corner cutter takes the
        # colour off with the paper, where a rounded ground cut square (or a cut a little
        # off) would leave white notches
        return [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, ground)]
    if piece.shape == "circle":
        return [Circle(w / 2, h / 2, w / 2 + bleed, ground), Circle(w / 2, h / 2, w / 2, CUT_LINE)]
    return [
        polygon(hexagon(piece.width, piece.height, bleed), ground),
        polygon(hexagon(piece.width, piece.height), CUT_LINE),
    ]


def _encoded(text: str) -> tuple[str, tuple[str, ...]]:
    """`text` with each of its icons as one character (FIRST, FIRST + 1, ...), which a line
    never breaks around unless a space stands beside it, and the icons' names in order."""
    names: list[str] = []
    out = []
    for part in parts(text):
        if isinstance(part, Icon):
            out.append(chr(FIRST + len(names)))
            names.append(part.name)
        else:
            out.append(part)
    return "".join(out), tuple(names)


def _decoded(line: str, names: Sequence[str]) -> Line:
    """A wrapped line as it prints: its words alone, or its words and icons in order."""
    if not names or not any(FIRST <= ord(ch) < FIRST + len(names) for ch in line):
        return line
    out: list[Part] = []
    words = ""
    for ch in line:
        if FIRST <= ord(ch) < FIRST + len(names):
            if words:
                out.append(words)
            words = ""
            out.append(Icon(names[ord(ch) - FIRST]))
        else:
            words += ch
    if words:
        out.append(words)
    return tuple(out)


@frozen
class _Setting:
    """What a text item's words and icons are set in: their size (mm), weight and family, and
    the icons' widths."""

    size: float
    weight: Weight
    family: str
    widths: Widths

    @property
    def icon_height(self) -> float:
        return RISE * cap_height(self.size, self.weight, self.family)

    def laid(self, line: Line) -> tuple[float, list[tuple[float, Part, float]]]:
        """A line's width, and each of its words and icons with where it starts (mm from the
        line's left end, read left to right) and its width."""
        if isinstance(line, str):
            wide = text_width(line, self.size, self.weight, self.family)
            return wide, [(0.0, line, wide)]
        gap = GAP * self.size
        out: list[tuple[float, Part, float]] = []
        x = 0.0
        for i, part in enumerate(line):
            if isinstance(part, Icon):
                if i > 0 and not _spaced(line[i - 1], end=True):
                    x += gap
                wide = self.widths(part.name) * self.icon_height
                out.append((x, part, wide))
                x += wide
                after = line[i + 1] if i + 1 < len(line) else None
                if isinstance(after, str) and not _spaced(after, end=False):
                    x += gap
            else:
                wide = text_width(part, self.size, self.weight, self.family)
                out.append((x, part, wide))
                x += wide
        if _right_to_left(line):  # the line reads from its right end
            out = [(x - start - wide, part, wide) for start, part, wide in out]
        return x, out

    def width(self, line: str, names: Sequence[str]) -> float:
        """The width of a wrapped line (its icons as characters), as `laid` sets it."""
        return self.laid(_decoded(line, names))[0]


def _spaced(part: Part, end: bool) -> bool:
    """Whether a line's words end (or start) with a space, which keeps an icon apart."""
    return isinstance(part, str) and (part[-1:] if end else part[:1]).isspace()


def _right_to_left(line: tuple[Part, ...]) -> bool:
    """Whether a line of words and icons reads from the right: its first letter is Arabic or
    Hebrew (each run of words is set in its own direction by the backends)."""
    for part in line:
        for ch in part if isinstance(part, str) else "":
            kind = unicodedata.bidirectional(ch)
            if kind in ("L", "R", "AL"):
                return kind != "L"
    return False


def _rise(line: Line, setting: _Setting) -> float:
    """How far a line reaches above its baseline, as its block is fitted: its capitals', or
    its icons' where they stand taller."""
    cap = cap_height(setting.size, setting.weight, setting.family)
    if isinstance(line, str) or not any(isinstance(p, Icon) for p in line):
        return cap
    return max(cap, setting.icon_height)


def _fall(line: Line, setting: _Setting) -> float:
    """How far a line reaches below its baseline, as its block is fitted: its letters'
    descenders, nothing for a line of icons alone (which stand on the baseline)."""
    if isinstance(line, tuple) and all(isinstance(p, Icon) for p in line):
        return 0.0
    return descent(setting.size, setting.weight, setting.family)


def _block(lines: Sequence[Line], setting: _Setting) -> tuple[float, float]:
    """The height of a text's lines, from the top of the first to the foot of the last, and
    how far the first line's baseline is below that top."""
    rise = _rise(lines[0] if lines else "", setting)
    fall = _fall(lines[-1] if lines else "", setting)
    return rise + (len(lines) - 1) * LEADING * setting.size + fall, rise


def set_text(
    text: str, item: Item, family: str = "sans", widths: Widths = symbol_width
) -> tuple[float, list[Line]] | None:
    """The size (mm) and lines a text item is set in (in `family`, measured by its own
    metrics; its `:name:` icons `widths(name)` times their height wide, counted as a word's
    letters are): its own size, made smaller in steps until it fits its box; None when it
    fits at no size of 6 pt or more."""
    width, height = frame(item)
    size, least = pt(item.points), pt(LEAST)
    weight = item.weight
    encoded, names = _encoded(text)
    while size >= least - 1e-9:
        setting = _Setting(size, weight, family, widths)

        def measure(line: str, setting: _Setting = setting) -> float:
            return setting.width(line, names)

        if item.fit == "shrink":
            wrapped = encoded.split("\n")
        else:
            wrapped = [
                line
                for part in encoded.split("\n")
                for line in wrap(part, size, width, weight, family, measure if names else None)
            ]
        lines = [_decoded(line, names) for line in wrapped]
        wide = max((setting.laid(line)[0] for line in lines), default=0.0)
        tall = _block(lines, setting)[0]
        if wide <= width + 1e-6 and tall <= height + 1e-6:
            return size, lines
        size = least if size > least and size * STEP < least else size * STEP
        if size < least - 1e-9:
            break
    return None


def _text_shapes(
    filled: FilledItem, size: float, lines: Sequence[Line], pictures: Pictures
) -> list[Shape]:
    item = filled.item
    width, height = frame(item)
    anchor = ANCHORS[item.align]
    x = {"left": 0.0, "centre": width / 2, "right": width}[item.align]
    family = filled.family
    setting = _Setting(size, item.weight, family, pictures.icon_width)
    block, rise = _block(lines, setting)
    top = {"top": 0.0, "middle": (height - block) / 2, "bottom": height - block}[item.valign]
    out: list[Shape] = []
    for i, line in enumerate(lines):
        baseline = top + rise + i * LEADING * size
        if isinstance(line, str):
            out.append(
                Text(x, baseline, line, size, filled.colour, item.weight, anchor, family=family)
            )
            continue
        wide, laid = setting.laid(line)
        left = {"left": 0.0, "centre": (width - wide) / 2, "right": width - wide}[item.align]
        for start, part, part_width in laid:
            if isinstance(part, Icon):
                out.append(
                    _icon_shape(
                        part.name,
                        filled.colour,
                        pictures,
                        (
                            left + start,
                            baseline - setting.icon_height,
                            part_width,
                            setting.icon_height,
                        ),
                    )
                )
                continue
            words = part.strip()
            if not words:
                continue
            # the words without the spaces at their ends, where those spaces leave them
            before = part[: len(part) - len(part.lstrip())]
            after = part[len(part.rstrip()) :]
            edge = before if not _right_to_left(line) else after
            shift = text_width(edge, size, item.weight, family) if edge else 0.0
            out.append(
                Text(
                    left + start + shift,
                    baseline,
                    words,
                    size,
                    filled.colour,
                    item.weight,
                    "start",
                    family=family,
                )
            )
    return out


def _icon_shape(name: str, colour: str, pictures: Pictures, box: Box) -> Shape:
    """The icon `name` fitted in `box` (x, y, width, height in mm), centred: a picture of the
    layout's own as it is drawn, one of sheetgen's in `colour`."""
    picture = pictures.icon(name)
    if picture is not None:
        return place(picture, box, "fit")
    x, y, w, h = box
    tall = min(h, w / symbol_width(name))
    wide = tall * symbol_width(name)
    return symbol(name, x + (w - wide) / 2, y + (h - tall) / 2, tall, colour)


def _shape(filled: FilledItem) -> list[Shape]:
    item = filled.item
    style = Style(
        stroke=filled.stroke or None,
        width=item.stroke_width if filled.stroke else 0.25,
        fill=filled.fill or None,
    )
    width, height = frame(item)
    if item.type == "circle":
        return [Circle(width / 2, height / 2, min(width, height) / 2, style)]
    if item.radius:
        return [rounded_rect_path(0, 0, width, height, item.radius, style)]
    return [Rect(0, 0, width, height, style)]


def item_shapes(filled: FilledItem, pictures: Pictures) -> Shape | None:
    """What an item draws, placed and turned in its box; None for a text that fits no size
    (the check refuses it first)."""
    item = filled.item
    if item.type == "text":
        fitted = set_text(filled.text, item, filled.family, pictures.icon_width)
        if fitted is None:
            return None
        shapes = _text_shapes(filled, *fitted, pictures)
    elif item.type == "image":
        box = (0.0, 0.0, *frame(item))
        shapes = [place(pictures.of(filled), box, image_fit(item))]
    elif item.type == "icon":
        shapes = [_icon_shape(filled.icon, filled.colour, pictures, (0.0, 0.0, *frame(item)))]
    else:
        shapes = _shape(filled)
    width, height = frame(item)
    cx, cy = item.x + item.width / 2, item.y + item.height / 2
    a, b, c, d = TURNS.get(item.turn, (1.0, 0.0, 0.0, 1.0))
    # the frame's centre to the origin, turned, then to the box's centre on the piece
    e = cx - (a * width / 2 + c * height / 2)
    f = cy - (b * width / 2 + d * height / 2)
    return Group(tuple(shapes), Transform(a, b, c, d, e, f))


def face_drawing(
    piece: Piece, face: FilledFace, bleed: float, title: str, pictures: Pictures
) -> Drawing:
    """One face of a piece, cut to the piece's size, its background `bleed` mm beyond (its
    pictures read by `pictures`: a DataError for one that cannot be)."""
    shapes = background(piece, face.background, bleed)
    for filled in face.items:
        drawn = item_shapes(filled, pictures)
        if drawn is not None:
            shapes.append(drawn)
    return Drawing(piece.width, piece.height, tuple(shapes), bleed=bleed, title=title, clip=True)


def inside_by(piece: Piece, item: Item) -> float:
    """mm from the item's box to the piece's cut at the nearest (negative: past the cut)."""
    corners = [
        (item.x, item.y),
        (item.x + item.width, item.y),
        (item.x, item.y + item.height),
        (item.x + item.width, item.y + item.height),
    ]
    if piece.shape == "circle":
        r = piece.width / 2
        return min(r - math.dist((r, r), corner) for corner in corners)
    if piece.shape == "hexagon":
        edges = hexagon(piece.width, piece.height)
        return min(_edge_distance(edges, corner) for corner in corners)
    return min(min(x, y, piece.width - x, piece.height - y) for x, y in corners)


def _edge_distance(points: list[tuple[float, float]], at: tuple[float, float]) -> float:
    """The signed distance from `at` to the nearest edge of a convex polygon given clockwise
    on the page (positive inside)."""
    out = math.inf
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        length = math.hypot(x2 - x1, y2 - y1)
        # the inward normal of an edge of a polygon wound clockwise with y down
        out = min(out, ((x2 - x1) * (at[1] - y1) - (y2 - y1) * (at[0] - x1)) / length)
    return out
