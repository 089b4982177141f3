"""A class of returned sheets read, refereed and scored at once (`sheetgen read --results`):
every file read as `read` reads it, each filled sheet's record scored with its game's rules,
its players named from the sheet (or the file), its rule findings, and a thumbnail of the sheet
as returned with the marks the reader was unsure of circled. A file that cannot be read is a
result too, with its one-line reason, never a crash."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image, ImageDraw

from sheetgen.draw.regions import Region
from sheetgen.errors import SheetgenError
from sheetgen.frozen import frozen
from sheetgen.layouts.read import Loaded, load
from sheetgen.read.form import ReadError, read_form
from sheetgen.read.layout_map import PageMap, layout_map
from sheetgen.read.returned import read_returned
from sheetgen.read.sheets import ReadSheet

THUMB_WIDTH = 480  # a thumbnail's width in pixels, a phone's width (at 40 to 150 dpi)
PALETTE = 32  # colours of a thumbnail
MARGIN_MM = 6.0  # the thumbnail shows this much beyond the sheet's outermost mark regions
CIRCLE = (200, 0, 0)  # the ring around a mark the reader was unsure of
Box = tuple[float, float, float, float]  # x, y, width, height in mm from the page's top left


@frozen
class Player:
    """One player of a sheet: their mark, their name (the sheet's, else the file's) and score."""

    mark: str
    name: str
    score: int


@frozen
class Scored:
    """A sheet's record scored by its game: the players, the winner's mark (None: nobody yet)
    and what the record shows against the rules."""

    players: tuple[Player, ...]
    winner: str | None
    findings: tuple[str, ...]


@frozen
class SheetResult:
    """A filled sheet: where it came from, its record, its score, its findings (the reader's
    notes first, then the referee's) and its thumbnail (PNG bytes; empty if it cannot be
    drawn) with the uncertain marks' boxes that are circled on it."""

    file: str
    page: int
    slot: int
    layout: str
    record: str
    scored: Scored
    thumbnail: bytes
    uncertain: tuple[Box, ...] = ()

    @property
    def winner_name(self) -> str:
        """The winner's name and mark, or '' while nobody has won."""
        for player in self.scored.players:
            if player.mark == self.scored.winner:
                return f"{player.name} ({player.mark})"
        return ""


@frozen
class Unreadable:
    """A file that could not be read: its name as given and the reason, one line."""

    file: str
    reason: str


Result = SheetResult | Unreadable


def _scribe(record: str, model: Any, names: dict[str, str], fallback: str) -> Scored:
    """A Scribe sheet: + and O, each scored by the mini grids won, the match won by whoever wins
    the majority of the nine (the rules' score, as `sheetgen scribe score` counts it)."""
    # imported here, not at the top, for start-up time: a reader of one game loads no other
    from sheetgen.games.scribe.rules import GlyphTable, played_findings, score_super

    rows = record.strip().split("/")
    match = score_super(rows, GlyphTable.of(model.glyphs))
    players = tuple(
        Player(mark, names.get(field, "").strip() or fallback, match.wins[mark])
        for mark, field in (("+", "name_plus"), ("O", "name_o"))
    )
    return Scored(players, match.winner, tuple(played_findings(rows, match)))


# how each kind of sheet `read` reads is scored, by kind
SCORERS: dict[str, Callable[[str, Any, dict[str, str], str], Scored]] = {
    "scribe/supergrid": _scribe,
}


def _uncertain(sheet: ReadSheet, pages: tuple[PageMap, ...]) -> tuple[Box, ...]:
    """The page boxes of the marks the reader could not read with confidence (none from a
    form's values, which are exact; those of marks read from pixels it was unsure of)."""
    return tuple(
        (region.x, region.y, region.w, region.h)
        for page in pages
        if page.page == sheet.page
        for placed in page.sheets
        if placed.slot == sheet.slot
        for region in placed.on_page
        if region.name in sheet.unsure
    )


def _sheet_box(pages: tuple[PageMap, ...], slot: int) -> Box | None:
    """The box on the page around a sheet's mark regions, with a margin."""
    for page in pages:
        for sheet in page.sheets:
            if sheet.slot == slot and sheet.on_page:
                return _around(sheet.on_page)
    return None


def _around(regions: Iterable[Region]) -> Box:
    boxes = list(regions)
    x0 = min(r.x for r in boxes) - MARGIN_MM
    y0 = min(r.y for r in boxes) - MARGIN_MM
    x1 = max(r.x + r.w for r in boxes) + MARGIN_MM
    y1 = max(r.y + r.h for r in boxes) + MARGIN_MM
    return x0, y0, x1 - x0, y1 - y0


def thumbnail(
    pdf: pdfium.PdfDocument, page: int, box: Box | None, uncertain: tuple[Box, ...]
) -> bytes:
    """Page `page` (1-based) of a returned PDF drawn as its viewer shows it (form values too),
    cut to `box` (the whole page where None), each uncertain box ringed, as PNG bytes."""
    sheet = pdf[page - 1]
    width_mm = box[2] if box is not None else sheet.get_width() * 25.4 / 72
    dpi = min(150.0, max(40.0, THUMB_WIDTH * 25.4 / width_mm))
    rendered = sheet.render(scale=dpi / 72, may_draw_forms=True)
    # a few colours (ink, paper, shading) keep a thumbnail near 20 KB; the ring gets its own
    image = rendered.to_pil().convert("RGB").quantize(PALETTE - 1, dither=Image.Dither.NONE)
    colours = (image.getpalette() or [])[: 3 * (PALETTE - 1)]
    colours += [255] * (3 * (PALETTE - 1) - len(colours))
    image.putpalette([*colours, *CIRCLE])
    px = dpi / 25.4
    draw = ImageDraw.Draw(image)
    ring = max(2, round(0.6 * px))
    for x, y, w, h in uncertain:
        pad = 1.5  # mm around the mark, so the ring does not hide it
        draw.ellipse(
            ((x - pad) * px, (y - pad) * px, (x + w + pad) * px, (y + h + pad) * px),
            outline=PALETTE - 1,
            width=ring,
        )
    if box is not None:
        x, y, w, h = box
        left, top = max(0, round(x * px)), max(0, round(y * px))
        right = min(image.width, round((x + w) * px))
        bottom = min(image.height, round((y + h) * px))
        image = image.crop((left, top, right, bottom))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _one_line(text: str) -> str:
    return " ".join(text.split())


def read_class(paths: Iterable[Path]) -> list[Result]:
    """Every file read, scored and drawn, in the order given; a file that cannot be read (or
    whose game `read` scores no sheets of) is an `Unreadable` with its reason."""
    out: list[Result] = []
    loaded: dict[str, tuple[Loaded, tuple[PageMap, ...]]] = {}
    for path in paths:
        try:
            sheets = read_returned(path)
            form = read_form(path)
            if form.layout not in loaded:
                found = load(form.layout)
                loaded[form.layout] = (found, layout_map(found))
            layout, pages = loaded[form.layout]
            scorer = SCORERS.get(layout.kind.key)
            if scorer is None:
                raise ReadError(f"{path}: sheetgen does not score {layout.kind.key} sheets yet")
            out += _sheets(path, form.layout, form.values, sheets, scorer, layout, pages)
        except SheetgenError as exc:
            out.append(Unreadable(str(path), _one_line(str(exc))))
    return out


def _sheets(
    path: Path,
    layout_ref: str,
    values: dict[tuple[int, int], dict[str, str]],
    sheets: list[ReadSheet],
    scorer: Callable[[str, Any, dict[str, str], str], Scored],
    layout: Loaded,
    pages: tuple[PageMap, ...],
) -> list[Result]:
    out: list[Result] = []
    try:
        pdf = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError:
        pdf = None
    try:
        if pdf is not None:
            pdf.init_forms()
        for sheet in sheets:
            uncertain = _uncertain(sheet, pages)
            scored = scorer(
                sheet.record.text, layout.model, values.get((sheet.page, sheet.slot), {}), path.stem
            )
            scored = Scored(scored.players, scored.winner, sheet.record.notes + scored.findings)
            picture = b""
            if pdf is not None and sheet.page <= len(pdf):
                box = _sheet_box(pages, sheet.slot)
                picture = thumbnail(pdf, sheet.page, box, uncertain)
            out.append(
                SheetResult(
                    str(path),
                    sheet.page,
                    sheet.slot,
                    layout_ref,
                    sheet.record.text.strip(),
                    scored,
                    picture,
                    uncertain,
                )
            )
    finally:
        if pdf is not None:
            pdf.close()
    return out
