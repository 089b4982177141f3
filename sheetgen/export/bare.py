"""Bare piece images: every piece design (front and back), die face and board of a component
as its own file, trimmed to its cut at a chosen size, with an optional bleed for print shops.

A bleed is drawn: where the kind's layout has a bleed key (Marram and Scribbly Gum tiles), the
parts are drawn with the bleed asked for, as `build --bleed` draws them, so grass and beasts run
on past the cut. Pieces whose art cannot extend (Walkabout's die faces carry 2 mm of flat die
colour; Scrumpit's tiles none) show what they have, and in a PNG the rest repeats the piece's
outermost pixels outward, with a note naming the layout. A PDF or SVG cannot repeat pixels, so
there a bleed wider than such a piece's art is refused, naming the widest it allows."""

from __future__ import annotations

from typing import Literal

from sheetgen.backends import MAX_EXPORT_PIXELS, check_build_pixels, render
from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.pieces import Parts
from sheetgen.draw.shapes import Drawing
from sheetgen.draw.transform import translate
from sheetgen.errors import SheetgenError
from sheetgen.export.raster import Shot, png_bytes, rasterised
from sheetgen.export.tts import Names, board_labels, label
from sheetgen.frozen import frozen
from sheetgen.pipeline.output import output_name

PieceFormat = Literal["png", "pdf", "svg"]
MAX_PIECE_PX = 8192  # px: the widest piece image (a board at 1200 dpi stays within the PNG limit)


@frozen
class Size:
    """How big a piece image is: `px` across its trimmed width, or `dpi`; `bleed` mm."""

    px: int | None = None
    dpi: float = 300.0
    bleed: float = 0.0

    def per_mm(self, drawing: Drawing) -> float:
        """Pixels a millimetre for this drawing."""
        return self.px / drawing.width if self.px else self.dpi / 25.4


def named_drawings(parts: Parts, names: Names) -> list[tuple[str, Drawing]]:
    """Every drawing of a component with the label of its file: each piece design's front
    (and its back, once a back where designs share it), each die face, each board."""
    out: list[tuple[str, Drawing]] = []
    backs: dict[tuple[object, ...], str] = {}
    for piece in parts.pieces:
        out.append((label(piece.name, "piece"), piece.front))
        if piece.back is None:
            continue
        key = piece.back.content()
        if key not in backs:
            shared = sum(p.back is not None and p.back.content() == key for p in parts.pieces)
            backs[key] = f"{label(piece.deck, 'pieces')}-back" if shared > 1 else ""
            out.append((backs[key] or f"{label(piece.name, 'piece')}-back", piece.back))
    for die in parts.dice:
        out += [(f"{label(die.name, 'die')}-{n}", face) for n, face in enumerate(die.faces, 1)]
    out += list(zip(board_labels(parts.boards, names), parts.boards, strict=True))
    return _distinct(out)


def _distinct(named: list[tuple[str, Drawing]]) -> list[tuple[str, Drawing]]:
    """Labels made distinct (ignoring case) by a number where two would be the same."""
    seen: set[str] = set()
    out = []
    for name, drawing in named:
        found, n = name, 2
        while found in seen:
            found, n = f"{name}-{n}", n + 1
        seen.add(found)
        out.append((found, drawing))
    return out


def _shot(drawing: Drawing, size: Size) -> Shot:
    per_mm = size.per_mm(drawing)
    width, height = round(drawing.width * per_mm), round(drawing.height * per_mm)
    if max(width, height) > MAX_PIECE_PX:
        raise SheetgenError(
            f"a {drawing.width:g} x {drawing.height:g} mm piece would be {width} x {height} px, "
            f"over {MAX_PIECE_PX} px a side; ask for a smaller --px or --dpi"
        )
    return Shot(drawing, max(1, width), max(1, height), round(size.bleed * per_mm))


def _vector_page(drawing: Drawing, bleed: float) -> Page:
    """A page of the drawing's trim and `bleed` mm around it, with its trim and bleed boxes."""
    w, h = drawing.width + 2 * bleed, drawing.height + 2 * bleed
    trim = (bleed, bleed, drawing.width, drawing.height)
    return Page(w, h, (Placement(drawing, translate(bleed, bleed)),), trim, (0.0, 0.0, w, h))


def check_vector_bleed(
    named: list[tuple[str, Drawing]], bleed: float, fmt: str, source: str
) -> None:
    """Refuse a PDF or SVG bleed wider than a piece's own art reaches."""
    short = [(label, d) for label, d in named if d.bleed + 1e-9 < bleed]
    if short:
        label, drawing = short[0]
        raise SheetgenError(
            f"--bleed {bleed:g}: {source}'s {label} has {drawing.bleed:g} mm of art beyond its "
            f"cut (its layout has no bleed key to draw more), and "
            f"{fmt.upper()} cannot extend it; ask for --bleed {drawing.bleed:g} or less, or "
            "--format png (which repeats the edge colour into the bleed)"
        )


def export_pieces(
    parts: Parts, names: Names, size: Size, fmt: PieceFormat, source: str
) -> tuple[list[tuple[str, bytes]], list[str]]:
    """Every piece, die face and board of a component as (file name, bytes), and notes that
    name the layout (`source`). The parts are drawn with the bleed asked for where the layout
    can (`bleed_model`)."""
    named = named_drawings(parts, names)
    if fmt == "png":
        images = rasterised([_shot(drawing, size) for _, drawing in named])
        files = [
            (_name(names, what, fmt), png_bytes(image, size.per_mm(d) * 25.4))
            for (what, d), image in zip(named, images, strict=True)
        ]
        short = [(what, d.bleed) for what, d in named if d.bleed + 1e-9 < size.bleed]
        if not short:
            return files, []
        first, art = short[0]
        return files, [
            f"{source}: its layout has no bleed key, so {len(short)} of {len(named)} images "
            f"({first} first) draw {art:g} mm of art past the cut and repeat their edge pixels "
            f"for the rest of the {size.bleed:g} mm bleed"
        ]
    check_vector_bleed(named, size.bleed, fmt, source)
    files = []
    for what, drawing in named:
        doc = Document((_vector_page(drawing, size.bleed),), f"{names.layout} {what}")
        files.append((_name(names, what, fmt), render(doc, fmt)[0][1]))
    return files, []


def check_pieces_pixels(made: list[tuple[Parts, Names]], size: Size) -> None:
    """Refuse, before any is drawn, PNG pieces over a side's limit or over the pixels one
    export may hold in all (as a build's: 200 Scrumpit tiles at --px 8192 are 13 billion)."""
    shots = [_shot(d, size) for parts, names in made for _, d in named_drawings(parts, names)]
    pixels = sum((s.width + 2 * s.bleed) * (s.height + 2 * s.bleed) for s in shots)
    advice = "ask for a smaller --px or a lower --dpi, or fewer layouts"
    check_build_pixels(pixels, round(size.dpi), "export", advice, MAX_EXPORT_PIXELS)


def _name(names: Names, what: str, fmt: str) -> str:
    return output_name(names.game, names.layout, names.component, fmt, what)
