"""Bare piece images: every piece design (front and back), die face and board of a component
as its own file, trimmed to its cut at a chosen size, with an optional bleed for print shops.

A bleed is drawn: where the kind's layout has a bleed key (Marram and Scribbly Gum tiles), the
parts are drawn with the bleed asked for, as `build --bleed` draws them, so grass and beasts run
on past the cut. Pieces whose art cannot extend (Walkabout's die faces carry 2 mm of flat die
colour; Scrumpit's tiles none) show what they have, and in a PNG the rest repeats the piece's
outermost pixels outward, with a note naming the layout. A PDF or SVG cannot repeat pixels, so
there a bleed wider than such a piece's art is refused, naming the widest it allows.

A piece cut other than as a square-cornered rectangle (its `Piece.cut`: a card with rounded
corners, a round token, a six-sided tile) is a PNG clear outside its cut, for a digital table
or a page to show it on any ground: trimmed, its round corners; with a bleed, outside the cut
grown by the bleed (a rounded card's bleed square-cornered, as it is printed). Die faces,
boards and square-cornered pieces are opaque to their edges."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Literal

from sheetgen.backends import MAX_EXPORT_PIXELS, check_build_pixels, render
from sheetgen.backends.cmyk import refuse_see_through
from sheetgen.backends.png import BAND_PIXELS
from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.pieces import Cut, Parts
from sheetgen.draw.shapes import Drawing
from sheetgen.draw.transform import translate
from sheetgen.errors import SheetgenError
from sheetgen.export.raster import Shot, png_bytes, rasterised
from sheetgen.export.tts import Names, board_labels, label
from sheetgen.frozen import frozen
from sheetgen.pipeline.output import output_name
from sheetgen.press.profiles import STANDARDS, Backs, Profile
from sheetgen.press.proof import Proof, proof_copy

PieceFormat = Literal["png", "pdf", "svg"]
MAX_PIECE_PX = 8192  # px: the widest piece image (a board at 1200 dpi stays within the PNG limit)


@frozen
class Size:
    """How big a piece image is: `px` across its trimmed width, or `dpi`; `bleed` mm."""

    px: int | None = None
    dpi: float = 300.0
    bleed: float = 0.0
    # a press profile's piece: (width mm, height mm, width px, height px with the bleed), the
    # image exactly the pixels the shop asks for, its bleed the whole pixels within the bleed
    exact: tuple[float, float, int, int] | None = None

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


def _shot(drawing: Drawing, size: Size, cut: Cut | None = None) -> Shot:
    per_mm = size.per_mm(drawing)
    width, height = round(drawing.width * per_mm), round(drawing.height * per_mm)
    if max(width, height) > MAX_PIECE_PX:
        raise SheetgenError(
            f"a {drawing.width:g} x {drawing.height:g} mm piece would be {width} x {height} px, "
            f"over {MAX_PIECE_PX} px a side; ask for a smaller --px or --dpi"
        )
    bleed = round(size.bleed * per_mm)
    exact = size.exact
    if exact and abs(drawing.width - exact[0]) < 0.05 and abs(drawing.height - exact[1]) < 0.05:
        bleed = math.floor(size.bleed * per_mm + 1e-9)
        width, height = exact[2] - 2 * bleed, exact[3] - 2 * bleed
    pixels = (max(1, width) + 2 * bleed) * (max(1, height) + 2 * bleed)
    if cut is not None and pixels > BAND_PIXELS:
        raise SheetgenError(
            f"a {drawing.width:g} x {drawing.height:g} mm piece, clear outside its cut, would "
            f"be {pixels / 1e6:,.0f} megapixels, over the {BAND_PIXELS // 1_000_000}-megapixel "
            "limit of an image with transparency; ask for a smaller --px or --dpi"
        )
    return Shot(drawing, max(1, width), max(1, height), bleed, cut=cut)


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


def _proofed(
    named: list[tuple[str, Drawing]], cut: dict[Drawing, Cut], proof: Proof | None, bleed: float
) -> tuple[list[tuple[str, Drawing]], dict[Drawing, Cut]]:
    """The drawings as proof copies (`proof`: the safe zone, or None for no proof), each
    keeping its cut."""
    if proof is None:
        return named, cut
    out, cuts_of = [], {}
    for what, drawing in named:
        copy = proof_copy(drawing, proof.safe, bleed, cut.get(drawing))
        out.append((what, copy))
        if drawing in cut:
            cuts_of[copy] = cut[drawing]
    return out, cuts_of


def export_pieces(
    parts: Parts,
    names: Names,
    size: Size,
    fmt: PieceFormat,
    source: str,
    proof: Proof | None = None,
    name: Callable[[str, str], str] | None = None,
) -> tuple[list[tuple[str, bytes]], list[str]]:
    """Every piece, die face and board of a component as (file name, bytes), and notes that
    name the layout (`source`). The parts are drawn with the bleed asked for where the layout
    can (`bleed_model`); with `proof`, each with a proof's lines over it; `name` names a file
    by its label and extension (a profile's pattern), else sheetgen's own names."""
    named, cut = _proofed(named_drawings(parts, names), parts.cuts(), proof, size.bleed)
    file_name = name or (lambda what, ext: _name(names, what, ext))
    if fmt == "png":
        images = rasterised([_shot(drawing, size, cut.get(drawing)) for _, drawing in named])
        files = [
            (file_name(what, fmt), png_bytes(image, size.per_mm(d) * 25.4))
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
        files.append((file_name(what, fmt), render(doc, fmt)[0][1]))
    return files, []


def deck_pages(parts: Parts, backs: Backs) -> list[Drawing]:
    """A shop's one PDF of a component: every piece as often as a set holds it, its back's page
    `before` or `after` its front's, or one back after the fronts (`one`), or none; then each
    die face and board."""
    pages: list[Drawing] = []
    shared: list[Drawing] = []
    for piece in parts.pieces:
        for _ in range(piece.count):
            if piece.back is None or backs in ("none", "one"):
                pages.append(piece.front)
            else:
                pair = [piece.back, piece.front] if backs == "before" else [piece.front, piece.back]
                pages += pair
        back = piece.back
        if (
            backs == "one"
            and back is not None
            and all(back.content() != b.content() for b in shared)
        ):
            shared.append(back)
    pages += shared
    pages += [face for die in parts.dice for face in die.faces]
    return pages + list(parts.boards)


def export_deck(
    parts: Parts, names: Names, profile: Profile, proof: Proof | None, source: str
) -> list[tuple[str, bytes]]:
    """A shop's one PDF of a component (`deck_pages`), each page the piece's trim and bleed
    (its TrimBox and BleedBox), in CMYK (the profile's PDF/X, within its ink limit) where the
    profile says."""
    pages = deck_pages(parts, profile.backs)
    check_vector_bleed(
        [(f"page {i}", d) for i, d in enumerate(pages, 1)], profile.bleed, "pdf", source
    )
    if proof is not None:
        made: dict[int, Drawing] = {}  # a drawing repeated is drawn once, proofed once
        cut = parts.cuts()
        pages = [
            made.setdefault(id(d), proof_copy(d, proof.safe, profile.bleed, cut.get(d)))
            for d in pages
        ]
    doc = Document(tuple(_vector_page(d, profile.bleed) for d in pages), names.layout)
    if profile.standard == STANDARDS["x1a"]:
        refuse_see_through(doc, source)
    data = render(doc, "pdf", pdfx=profile.standard, ink_limit=profile.ink_limit)[0][1]
    return [(profile.file_name(names.game, names.layout, "deck", 1, "pdf"), data)]


def check_pieces_pixels(made: list[tuple[Parts, Names]], size: Size) -> None:
    """Refuse, before any is drawn, PNG pieces over a side's limit (or, clear past their cut,
    over the limit of an image with alpha) or over the pixels one export may hold in all (as
    a build's: 200 Scrumpit tiles at --px 8192 are 13 billion)."""
    shots = []
    for parts, names in made:
        cut = parts.cuts()
        shots += [_shot(d, size, cut.get(d)) for _, d in named_drawings(parts, names)]
    pixels = sum((s.width + 2 * s.bleed) * (s.height + 2 * s.bleed) for s in shots)
    advice = "ask for a smaller --px or a lower --dpi, or fewer layouts"
    check_build_pixels(pixels, round(size.dpi), "export", advice, MAX_EXPORT_PIXELS)


def _name(names: Names, what: str, fmt: str) -> str:
    return output_name(names.game, names.layout, names.component, fmt, what)
