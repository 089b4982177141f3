"""The finish of every built-in component, as a player holding the print would judge it: the
designer's credit on every printed page, nothing within 5 mm of the paper's edge on A4 and US
Letter, every word translatable from the layout, and every text readable against what is behind
it (measured on pdfium's pixels of the page drawn without its texts)."""

from __future__ import annotations

import io
import math
import re
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheetgen.backends import image_pages, render
from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.fonts import cap_height, text_width
from sheetgen.draw.shapes import Drawing, Group, Shape, Text
from sheetgen.draw.transform import IDENTITY, Transform, rotate
from sheetgen.games.custom.model import PiecesLayout
from sheetgen.games.custom.rules import load_data
from sheetgen.layouts.read import Loaded, builtin_layouts, load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from sheetgen.press import PressOptions, parse_paper
from tests.support import sheetgen, tiered
from tests.support.docs import documentation
from tests.support.palette import MIN_CONTRAST, contrast

# the dice (the costliest to draw) in the slow tier, every other layout in both
REFS = tiered(sorted(builtin_layouts()), set(builtin_layouts()) - {"walkabout/dice"})
SAFE_EDGE = 5.0  # mm of paper edge a printer may not print and a guillotine may nick
PAPERS = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
MARK = "⟦"


def _document(ref: str, paper: str = "A4", loaded: Loaded | None = None) -> Document:
    loaded = loaded or load(ref)
    return document_for(loaded, BuildOptions(PressOptions(paper=parse_paper(paper))))


def _printed(page: Page, paper: str) -> bool:
    """A page of paper (to print and cut), not a screen image the size of its artwork."""
    return sorted((round(page.width, 1), round(page.height, 1))) == sorted(PAPERS[paper])


def _texts(shapes: tuple[Shape, ...], at: Transform) -> list[tuple[Text, Transform]]:
    out: list[tuple[Text, Transform]] = []
    for shape in shapes:
        if isinstance(shape, Group):
            out += _texts(shape.children, at @ shape.transform)
        elif isinstance(shape, Text):
            out.append((shape, at))
    return out


def _page_texts(page: Page) -> list[tuple[Text, Transform]]:
    return [t for p in page.placements for t in _texts(p.drawing.children, p.transform)]


def _shown_texts(page: Page) -> list[tuple[Text, Transform, tuple[float, ...]]]:
    """Each text of the page with the window it shows through on the page, in mm: its
    drawing's own area where the drawing clips (a tile of a tiled board), else the page."""
    out = []
    for p in page.placements:
        d = p.drawing
        corners = [p.transform.apply(x, y) for x in (0, d.width) for y in (0, d.height)]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        whole = (0.0, 0.0, page.width, page.height)
        window = (min(xs), min(ys), max(xs), max(ys)) if d.clip else whole
        out += [(text, at, window) for text, at in _texts(d.children, p.transform)]
    return out


@cache
def _pdf(ref: str, paper: str) -> tuple[Document, bytes]:
    doc = _document(ref, paper)
    return doc, render(doc, "pdf")[0][1]


@pytest.mark.parametrize("ref", REFS)
def test_every_printed_page_carries_the_designers_credit(ref: str) -> None:
    """The credit is read back from the PDF's own text, page by page, by pdfium."""
    credit = load(ref).model.credit
    assert credit, f"{ref}: the layout sets no credit"
    doc, data = _pdf(ref, "A4")
    pdf = pdfium.PdfDocument(data)
    missing = []
    for number, page in enumerate(doc.pages):
        if _printed(page, "A4"):
            text = " ".join(pdf[number].get_textpage().get_text_range().split())
            if " ".join(credit.split()) not in text:
                missing.append(number + 1)
    assert not missing, f"pages without {credit!r}: {missing[:10]}"


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("ref", REFS)
def test_nothing_is_printed_within_5_mm_of_the_paper_edge(ref: str, paper: str) -> None:
    """pdfium's pixels of every printed page are white in the 5 mm border (crop marks, ruler,
    footer and artwork alike)."""
    doc, data = _pdf(ref, paper)
    pdf = pdfium.PdfDocument(data)
    dpi = 72.0
    border = math.floor((SAFE_EDGE - 0.2) / 25.4 * dpi)  # 0.2 mm for anti-aliasing
    inked = []
    seen: set[tuple[object, ...]] = set()
    for number, page in enumerate(doc.pages):
        if not _printed(page, paper) or page.signature() in seen:
            continue
        seen.add(page.signature())
        image = pdf[number].render(scale=dpi / 72.0).to_pil().convert("L")
        w, h = image.size
        for box in (
            (0, 0, w, border),
            (0, h - border, w, h),
            (0, 0, border, h),
            (w - border, 0, w, h),
        ):
            low, _high = image.crop(box).getextrema()
            if low < 235:
                inked.append((number + 1, box))
    assert not inked, (
        f"ink within {SAFE_EDGE:g} mm of the edge on {paper} (page, px box): {inked[:6]}"
    )


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


UNIT = re.compile(r"^[\d.,]+\s?(mm|in)$")  # a ruler's units stay as printed


@pytest.mark.parametrize("ref", REFS)
def test_every_printed_word_comes_from_the_layout(ref: str) -> None:
    """With every label marked, each drawn text holding a letter is marked, or is (part of) a
    text the layout itself holds (a title, a rule, a name): so a layout can translate a sheet.
    A command to type (the alignment page's `sheetgen build …`) is the same in every language."""
    loaded = load(ref)
    labels = loaded.model.labels
    marked = labels.model_copy(
        update={k: MARK + v for k, v in labels.model_dump().items() if isinstance(v, str)}
    )
    model = loaded.model.model_copy(update={"labels": marked})
    own = [" ".join(s.split()) for s in _strings(model.model_dump())]
    if isinstance(loaded.model, PiecesLayout):  # one's own pieces: their data's words are theirs
        data = load_data(loaded.model)
        own += [" ".join(v.split()) for row in data.rows for v in row.values.values()]
    doc = _document(ref, loaded=replace(loaded, model=model))
    stray = set()
    for page in doc.distinct_pages():
        for text, _ in _page_texts(page):
            words = " ".join(text.text.split())
            if not any(ch.isalpha() for ch in words) or MARK in words or UNIT.match(words):
                continue
            if words.startswith("sheetgen build "):
                continue
            if not any(words in s for s in own):
                stray.add(words)
    assert not stray, f"printed words no layout key sets: {sorted(stray)[:12]}"


def _without_text(shapes: tuple[Shape, ...]) -> tuple[Shape, ...]:
    out: list[Shape] = []
    for shape in shapes:
        if isinstance(shape, Group):
            out.append(Group(_without_text(shape.children), shape.transform))
        elif not isinstance(shape, Text):
            out.append(shape)
    return tuple(out)


def _blank_page(page: Page, drawings: dict[int, Drawing]) -> Page:
    placements = []
    for p in page.placements:
        d = p.drawing
        if id(d) not in drawings:
            drawings[id(d)] = replace(d, children=_without_text(d.children))
        placements.append(Placement(drawings[id(d)], p.transform))
    return replace(page, placements=tuple(placements))


def _box(text: Text, at: Transform) -> tuple[float, float, float, float]:
    """The text's box on the page in mm (x0, y0, x1, y1)."""
    width = text_width(text.text, text.size, text.weight, text.family)
    left = text.x - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    top = text.y - cap_height(text.size, text.weight, text.family)
    turn = rotate(text.rotation, text.x, text.y) if text.rotation else IDENTITY
    corners = [(at @ turn).apply(x, y) for x in (left, left + width) for y in (top, text.y)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("ref", REFS)
def test_every_text_reads_against_what_is_behind_it(ref: str) -> None:
    """WCAG contrast of each text's colour against the commonest colour pdfium paints in its
    box when the page is drawn without any text: at least 3:1."""
    doc = _document(ref)
    pages = image_pages(doc)
    drawings: dict[int, Drawing] = {}
    blank = replace(doc, pages=tuple(_blank_page(p, drawings) for p in pages), screens=(), dpi=None)
    dpi = 100.0
    images = [
        Image.open(io.BytesIO(png)).convert("RGB") for _, png in render(blank, "png", dpi=dpi)
    ]
    faint = set()
    for page, image in zip(pages, images, strict=True):
        px = image.width / page.width
        for text, at, window in _shown_texts(page):
            x0, y0, x1, y1 = _box(text, at)
            # a tiled page clips its picture: only what shows of a text is read against its ground
            x0, y0, x1, y1 = (
                max(x0, window[0]),
                max(y0, window[1]),
                min(x1, window[2]),
                min(y1, window[3]),
            )
            box = (
                max(0, math.floor(x0 * px)),
                max(0, math.floor(y0 * px)),
                min(image.width, math.ceil(x1 * px)),
                min(image.height, math.ceil(y1 * px)),
            )
            if box[2] <= box[0] or box[3] <= box[1]:
                continue
            behind = Counter(image.crop(box).get_flattened_data()).most_common(1)[0][0]
            hex_behind = "#" + "".join(f"{c:02x}" for c in behind)
            ratio = contrast(text.colour, hex_behind)
            if ratio < MIN_CONTRAST:
                faint.add((text.text, text.colour, hex_behind, round(ratio, 2)))
    assert not faint, f"texts under {MIN_CONTRAST}:1: {sorted(faint)[:10]}"


def test_the_documented_translation_example_prints_its_words(tmp_path: Path) -> None:
    """The [labels] example of the documentation (docs/layouts.md), built as a user would,
    prints its French words and credit and none of the English ones they replace (pdfium's
    text of the PDF)."""
    docs = documentation()
    start = docs.index('extends = "walkabout/map-1"')
    (tmp_path / "carte.toml").write_text(docs[start : docs.index("```", start)], "utf-8")
    run = sheetgen("build", str(tmp_path / "carte.toml"), "-f", "pdf", "--out", str(tmp_path))
    assert run.code == 0, run.err
    pdf = pdfium.PdfDocument(tmp_path / "walkabout-carte-1-map.pdf")
    text = pdf[0].get_textpage().get_text_range()
    for word in ("Carte 1", "Nom", "Étoiles", "POINTS", "Walkabout v0.6, de Karl Hanf"):
        assert word in text
    assert "Map 1" not in text and "SCORE" not in text.split()
