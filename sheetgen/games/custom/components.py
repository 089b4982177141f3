"""How a designer's pieces are checked, built and handed to the exports as parts (registered
in `kinds`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.draw import pt
from sheetgen.draw.pieces import Cut, Parts, Piece, piece_name
from sheetgen.draw.sheets import AlignmentTest, Pieces, Sheets, TwoSided
from sheetgen.findings import Finding, error, warning
from sheetgen.games.custom.art import Pictures, soft_pictures
from sheetgen.games.custom.dice import (
    build_nets,
    count_findings,
    is_net,
    net_parts,
    shape_findings,
)
from sheetgen.games.custom.draw import LEAST, SAFE, face_drawing, inside_by, set_text
from sheetgen.games.custom.model import PiecesLayout
from sheetgen.games.custom.rules import (
    DataFaults,
    Filled,
    FontError,
    apart_findings,
    filled,
    load_data,
    load_fonts,
    load_icons,
    template_findings,
)
from sheetgen.layouts.data import DataError
from sheetgen.pipeline.output import slug

if TYPE_CHECKING:  # the options' module reads the press; a builder only reads its options
    from sheetgen.options import BuildOptions


def check_pieces(layout: PiecesLayout) -> list[Finding]:
    """The fonts, the icons and the data file read, the templates against its columns and
    icons, every row's values and pictures, and every text set at 6 pt or more in its box;
    texts that come within 3 mm of the cut and raster pictures printed at fewer than 300 dpi
    warned."""
    try:
        families = load_fonts(layout)
        pictures = Pictures(load_icons(layout))
    except FontError as exc:  # an icon's file too (IconError)
        return [error(exc.key, exc.message)]
    try:
        for name in layout.icons:  # each icon's picture, read
            pictures.icon(name)
    except DataError as exc:
        return [error(exc.key, str(exc))]
    try:
        data = load_data(layout)
    except DataError as exc:
        return [error("data", str(exc))]
    out = template_findings(layout, data, families) + shape_findings(layout)
    if any(f.level == "error" for f in out):
        return out
    try:
        pieces = filled(layout, data, families)
    except DataFaults as exc:
        return [*out, *(error(key, line) for key, line in exc.faults)]
    except DataError as exc:
        return [*out, error(exc.key, str(exc))]
    out += apart_findings(layout, data) + count_findings(layout, pieces, data.file)
    for side in ("front", "back"):
        face = getattr(layout, side)
        if face is None:
            continue
        for i, item in enumerate(face.items):
            at = f"{side}.items[{i}]"
            inside = inside_by(layout.piece, item)
            if item.type == "text" and inside < -1e-9:
                out.append(
                    error(
                        at,
                        f"its box reaches {-inside:.1f} mm past the piece's cut, where the "
                        f"text is cut off; keep a text's box inside the {layout.piece.width:g} "
                        f"x {layout.piece.height:g} mm piece, {SAFE:g} mm in",
                        (f"{at}.x", f"{at}.y", f"{at}.width", f"{at}.height"),
                    )
                )
            elif item.type == "text" and inside < SAFE - 1e-9:
                out.append(
                    warning(
                        at,
                        f"its box comes within {SAFE:g} mm of the cut, where a cut a little "
                        "off trims the text; move it in or make it smaller",
                    )
                )
            out += _unfitted(pieces, side, i, at, data.file, pictures)
            if item.type == "image":
                try:
                    out += soft_pictures(pieces, pictures, side, i, data)
                except DataError as exc:
                    return [*out, error(exc.key, str(exc))]
    return out


def _unfitted(
    pieces: list[Filled], side: str, index: int, at: str, file: str, pictures: Pictures
) -> list[Finding]:
    """The first row whose text does not fit the item's box at 6 pt or more; else, for a text
    that wraps, a warning of the rows it was set smaller on (so one card's rules would read
    smaller than the next one's), with the smallest."""
    smaller: list[tuple[float, int]] = []
    for piece in pieces:
        face = piece.front if side == "front" else piece.back
        assert face is not None  # the layout has the side
        shown = face.items[index]
        if shown.item.type != "text":
            return []
        fitted = set_text(shown.text, shown.item, shown.family, pictures.icon_width)
        if fitted is None:
            text = shown.text if len(shown.text) <= 40 else shown.text[:39] + "…"
            return [
                error(
                    at,
                    f"{file}:{piece.row.number}: {text!r} does not fit its "
                    f"{shown.item.width:g} x {shown.item.height:g} mm box at {LEAST:g} pt or "
                    "more; make the box larger or the text shorter",
                    (f"{at}.width", f"{at}.height"),
                )
            ]
        points = fitted[0] / pt(1.0)
        if shown.item.fit != "shrink" and points < shown.item.points - 0.05:
            smaller.append((points, piece.row.number))
    if not smaller:
        return []
    least, row = min(smaller)
    item = pieces[0].front if side == "front" else pieces[0].back
    assert item is not None
    asked = item.items[index].item.points
    return [
        warning(
            at,
            f"set smaller than its {asked:g} pt to fit its box on {len(smaller)} of "
            f"{len(pieces)} rows, down to {least:.1f} pt ({file}:{row}); make the box larger "
            "or those texts shorter for one size on every piece",
            (f"{at}.height", f"{at}.points"),
        )
    ]


def _drawn(layout: PiecesLayout, bleed: float) -> list[tuple[Filled, Piece]]:
    """Each row's piece drawn, front and back, with the row it came from, named by its title
    (file-name safe, unique; by its row where it has none)."""
    out = []
    taken: set[str] = set()
    pictures = Pictures(load_icons(layout))
    families = load_fonts(layout)
    # a die net's faces are square (its dice are drawn by `dice`, never here)
    shape = "rectangle" if layout.piece.shape == "die-net" else layout.piece.shape
    cut = Cut(shape, layout.piece.radius if shape == "rectangle" else 0.0)
    for piece in filled(layout, load_data(layout), families):
        name = piece_name(piece.title, taken, f"row-{piece.row.number}")
        front = face_drawing(layout.piece, piece.front, bleed, f"{name} front", pictures)
        back = (
            None
            if piece.back is None
            else face_drawing(layout.piece, piece.back, bleed, f"{name} back", pictures)
        )
        title = piece.title or name
        deck = slug(piece.deck) or "deck"
        kept = Piece(
            name,
            front,
            back,
            piece.count,
            deck=deck,
            drawn=layout.drawn,
            deck_name=piece.deck,
            title=title,
            cut=cut,
        )
        out.append((piece, kept))
    return out


def build_pieces(layout: PiecesLayout, options: BuildOptions) -> Sheets:
    """Every row's piece as many times as its count (times --copies), N-up with crop marks;
    with a back, fronts and backs on alternating pages behind one another for duplex, after
    the duplex alignment test. Dice print as nets (`dice`)."""
    if is_net(layout):
        return build_nets(layout, options)
    bleed = options.press.bleed_or(layout.piece.bleed)
    drawn = _drawn(layout, bleed)
    fronts = [p.front for _, p in drawn for _ in range(p.count * options.copies)]
    title = layout.description or layout.name
    if layout.back is None:
        return Sheets((Pieces(fronts),), title=title, keywords=("custom", layout.name))
    backs = [p.back for _, p in drawn for _ in range(p.count * options.copies)]
    flip, offset = options.flip, options.offset
    test = AlignmentTest(f"custom/{layout.name}", flip, offset, layout.labels)
    sides = TwoSided(fronts, [b for b in backs if b is not None], flip=flip, offset=offset)
    return Sheets((test, sides), title=title, keywords=("custom", layout.name), duplex=flip)


def piece_parts(layout: PiecesLayout) -> Parts:
    """Each row's piece, front and back, as a set holds it (for tabletop decks, bare images
    and --only), with the layout's bleed (which `export pieces --bleed` prints): one deck,
    shuffled face down where the pieces have a back; dice as dice (`dice`)."""
    if is_net(layout):
        return net_parts(layout)
    return Parts(tuple(p for _, p in _drawn(layout, layout.piece.bleed)))
