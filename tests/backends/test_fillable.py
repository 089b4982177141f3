"""Fillable PDFs: every field there with its name and type; a ticked box shows filled."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader, PdfWriter

from sheetgen.games.scribbly_gum.draw import circle_centre
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.press.plan import PressOptions
from tests.support import sheetgen


@pytest.fixture(scope="module")
def fillable(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("fill")
    run = sheetgen(
        "build",
        "scribe/standard",
        "scribbly-gum/kuringgai",
        "walkabout/map-1",
        "scrumpit/scorepad",
        "-f",
        "pdf",
        "--fillable",
        "--out",
        str(out),
        "-q",
    )
    assert run.code == 0, run.err
    return out


def fields(path: Path) -> dict[str, str]:
    """Each terminal field's full name and type (the parents, one a page slot, left out)."""
    found = PdfReader(path).get_fields() or {}
    return {name: str(f.get("/FT")) for name, f in found.items() if "/Kids" not in f}


def test_scribe_cells_winners_and_names(fillable: Path) -> None:
    found = fields(fillable / "scribe-standard-supergrid-fillable.pdf")
    cells = [n for n in found if ".cell_" in n]
    assert len(cells) == 81 and all(found[n] == "/Tx" for n in cells)
    assert sum(".winner_" in n for n in found) == 9
    assert {"p1s1.name_plus", "p1s1.name_o", "p1s1.won_plus", "p1s1.won_o"} <= set(found)
    reader = PdfReader(fillable / "scribe-standard-supergrid-fillable.pdf")
    widgets = {}
    for annot in reader.pages[0]["/Annots"]:  # type: ignore[union-attr]
        widget = annot.get_object()
        widgets[f"{widget['/Parent']['/T']}.{widget['/T']}"] = widget
    assert widgets["p1s1.cell_E5"]["/MaxLen"] == 2  # a '+' or 'O', and its slash


def test_scribbly_gum_boxes_and_numbers(fillable: Path) -> None:
    tree = load("scribbly-gum/kuringgai").model
    found = fields(fillable / "scribbly-gum-kuringgai-tree-fillable.pdf")
    circles = [c for c in tree.circles if c.food != "start"]  # type: ignore[attr-defined]
    assert all(found[f"p1s1.tree_{c.id}"] == "/Btn" for c in circles)
    assert sum(".tracker_" in n and v == "/Btn" for n, v in found.items()) == 45
    for name in (
        "round_1",
        "round_2",
        "round_3",
        "column_bonus",
        "achievement_A",
        "achievement_B",
        "achievement_C",
        "final_score",
        "name",
    ):
        assert found[f"p1s1.{name}"] == "/Tx", name


def test_walkabout_and_scrumpit_fields(fillable: Path) -> None:
    found = fields(fillable / "walkabout-map-1-fillable.pdf")
    assert sum(".star_" in n and v == "/Btn" for n, v in found.items()) == 9  # 1 + 8 map stars
    assert {"p1s1.score_total", "p1s1.name", "p1s1.most_emu"} <= set(found)
    pad = fields(fillable / "scrumpit-scorepad-fillable.pdf")
    assert len(pad) == len(set(pad)) > 500 and set(pad.values()) == {"/Tx"}


def test_a_ticked_tree_circle_renders_filled(fillable: Path, tmp_path: Path) -> None:
    source = fillable / "scribbly-gum-kuringgai-tree-fillable.pdf"
    tree = load("scribbly-gum/kuringgai")
    layout = tree.model
    t = pressed(tree.kind, layout, BuildOptions()).pages[0].placements[0].transform
    px = 150 / 25.4

    def render(path: Path) -> Image.Image:
        pdf = pdfium.PdfDocument(str(path))
        pdf.init_forms()
        image: Image.Image = pdf[0].render(scale=150 / 72, may_draw_forms=True).to_pil()
        return image.convert("L")

    def centre(image: Image.Image, at: tuple[int, int]) -> int:
        x, y = circle_centre(layout, at)  # type: ignore[arg-type]
        value = image.getpixel((round((t.e + x) * px), round((t.f + y) * px)))
        assert isinstance(value, int)
        return value

    printed = render(source)
    # a circle whose food pictures leave its centre white (a pair of foods, say)
    target = next(c for c in layout.circles if centre(printed, c.at) > 230)  # type: ignore[attr-defined]
    writer = PdfWriter(clone_from=str(source))
    writer.update_page_form_field_values(
        writer.pages[0], {f"p1s1.tree_{target.id}": "/Yes"}, auto_regenerate=False
    )
    ticked = tmp_path / "ticked.pdf"
    with open(ticked, "wb") as handle:
        writer.write(handle)
    assert centre(render(ticked), target.at) < 160  # ticked, it shows filled
    data = io.BytesIO(ticked.read_bytes())
    assert PdfReader(data).get_fields()[f"p1s1.tree_{target.id}"].get("/V") == "/Yes"  # type: ignore[index]


@pytest.mark.parametrize(
    "sheet,values",
    [
        ("scribbly-gum-kuringgai-tree-fillable.pdf", {"column_bonus": "7", "final_score": "28"}),
        ("scribe-standard-supergrid-fillable.pdf", {"cell_E5": "O", "winner_1": "+"}),
    ],
)
def test_what_pypdf_fills_in_sits_in_the_middle_of_its_box(
    fillable: Path, sheet: str, values: dict[str, str]
) -> None:
    """The documented way (docs/remote-play.md) of filling a sheet by script (pypdf, its own
    appearances kept) puts a
    number or a mark across the middle of its box, as a viewer does when a player types it:
    pypdf reads a box's alignment from the box alone, not from its parent."""
    source = fillable / sheet
    writer = PdfWriter(clone_from=str(source))
    writer.update_page_form_field_values(
        writer.pages[0], {f"p1s1.{k}": v for k, v in values.items()}, auto_regenerate=False
    )
    filled = io.BytesIO()
    writer.write(filled)
    dpi = 300

    def pixels(data: bytes) -> Image.Image:
        pdf = pdfium.PdfDocument(data)
        pdf.init_forms()
        image: Image.Image = pdf[0].render(scale=dpi / 72, may_draw_forms=True).to_pil()
        return image.convert("L")

    before, after = pixels(source.read_bytes()), pixels(filled.getvalue())
    height = before.height
    boxes = {
        str(a.get_object()["/T"]): [float(v) for v in a.get_object()["/Rect"]]
        for a in PdfReader(source).pages[0]["/Annots"]  # type: ignore[union-attr]
    }
    for name in values:
        x0, y0, x1, y1 = (v * dpi / 72 for v in boxes[name])
        box = (round(x0), round(height - y1), round(x1), round(height - y0))
        changed = [
            x
            for x in range(box[0], box[2])
            for y in range(box[1], box[3])
            if abs(int(after.getpixel((x, y))) - int(before.getpixel((x, y)))) > 60  # type: ignore[arg-type]
        ]
        assert changed, f"{name}: nothing drawn"
        off = ((min(changed) + max(changed)) / 2 - (x0 + x1) / 2) * 25.4 / dpi
        assert abs(off) <= 0.3, f"{name}: {values[name]!r} drawn {off:+.2f} mm from the middle"


def test_a_fillable_pdf_keeps_the_plain_pdf_beside_it(tmp_path: Path) -> None:
    """`--fillable` wrote over the plain PDF of the same name: a fillable PDF is named
    `-fillable`, so the sheet to print and the form to type into sit side by side."""
    plain = sheetgen("build", "scribe/standard", "-f", "pdf", "--out", str(tmp_path), "-q")
    assert plain.code == 0, plain.err
    printed = (tmp_path / "scribe-standard-supergrid.pdf").read_bytes()
    run = sheetgen("build", "scribe/standard", "-f", "pdf", "--fillable", "--out", str(tmp_path))
    assert run.code == 0, run.err
    form = tmp_path / "scribe-standard-supergrid-fillable.pdf"
    assert run.out.startswith(f"wrote {form} (")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        form.name,
        "scribe-standard-supergrid.pdf",
    ]
    assert (tmp_path / "scribe-standard-supergrid.pdf").read_bytes() == printed
    assert fields(form) and not fields(tmp_path / "scribe-standard-supergrid.pdf")


def test_fillable_pages_still_share_one_drawing(tmp_path: Path) -> None:
    run = sheetgen(
        "build",
        "scribbly-gum/kuringgai",
        "--fillable",
        "--no-sheet-mark",  # each copy's mark says which it is (tests/press/test_sheet_mark.py)
        "--copies",
        "3",
        "-f",
        "pdf",
        "--out",
        str(tmp_path),
        "-q",
    )
    assert run.code == 0, run.err
    reader = PdfReader(tmp_path / "scribbly-gum-kuringgai-tree-fillable.pdf")
    contents = {page.raw_get("/Contents").idnum for page in reader.pages}  # type: ignore[union-attr]
    assert len(contents) == 1  # the artwork is stored once; only the fields differ
    names = list(fields(tmp_path / "scribbly-gum-kuringgai-tree-fillable.pdf"))
    assert len(names) == len(set(names)) == 3 * 133


def test_a_fillable_pad_page_costs_under_a_kilobyte() -> None:
    """Each page of a fillable Scribe pad beyond the first adds its 94 fields (a parent field,
    the widgets, the page) in under 1,000 bytes, and the pages of another object stream (one
    a hundred pages) are filled in as the first: every field named after its page, once."""
    from sheetgen.backends.pdf import render_pdf
    from sheetgen.pipeline.document import document_for

    def pad(copies: int) -> bytes:
        press = PressOptions(sheet_mark=False)  # a marked page's cost: test_sheet_mark.py
        doc = document_for(load("scribe/standard"), BuildOptions(press, copies=copies))
        return render_pdf(doc, fillable=True)

    small, large = pad(100), pad(250)
    assert (len(large) - len(small)) / 150 <= 1000
    with pikepdf.open(io.BytesIO(large)) as pdf:
        assert [str(a.Parent.T) for a in pdf.pages[249].Annots] == ["p250s1"] * 94
        names = [f"{p.T}.{k.T}" for p in pdf.Root.AcroForm.Fields for k in p.Kids]
    assert len(names) == len(set(names)) == 250 * 94
    assert {"p250s1.cell_E5", "p101s1.won_o", "p1s1.name_plus"} <= set(names)


def test_digital_movement_tiles(tmp_path: Path) -> None:
    run = sheetgen("build", "scribbly-gum/digital", "-f", "png,svg", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    pngs = sorted(tmp_path.glob("scribbly-gum-digital-*.png"))
    assert len(pngs) == 8 and len(list(tmp_path.glob("*.svg"))) == 8
    image = Image.open(tmp_path / "scribbly-gum-digital-1-left.png").convert("RGB")
    assert image.size == (1920, 1080)
    # high contrast: the arrow's white against the dark ground
    assert image.getpixel((960, 420)) == (255, 255, 255) or min(image.getpixel((900, 420))) > 240  # type: ignore[arg-type]
    assert max(image.getpixel((40, 1040))) < 60  # type: ignore[arg-type]


@pytest.mark.slow  # every built-in layout: the slow tier
def test_what_is_typed_in_a_field_reads_against_the_sheet_behind_it() -> None:
    """Typed text is drawn in the field's ink: at least 3:1 (WCAG) against the colour the sheet
    prints behind the field, read from pdfium's render of the sheet (a pen's blue, on Scribbly
    Gum's white name box as on every other writing area)."""
    from sheetgen.backends.pdf import render_pdf
    from sheetgen.draw.shapes import Field
    from sheetgen.draw.walk import leaves
    from sheetgen.layouts.read import builtin_layouts
    from sheetgen.pipeline.document import document_for
    from tests.support.palette import contrast

    checked = 0
    for ref in sorted(builtin_layouts()):
        doc = document_for(load(ref), BuildOptions())
        page = doc.pages[0]
        image = None
        for placement in page.placements:
            for shape, transform in leaves(placement.drawing.children, placement.transform):
                if not isinstance(shape, Field) or shape.kind == "checkbox":
                    continue
                if image is None:
                    pdf = pdfium.PdfDocument(render_pdf(doc))
                    image = pdf[0].render(scale=100 / 72).to_pil().convert("RGB")
                (x1, y1), (x2, y2) = (
                    transform.apply(shape.x, shape.y),
                    transform.apply(shape.x + shape.w, shape.y + shape.h),
                )
                k = 100 / 25.4
                box = (round(min(x1, x2) * k), round(min(y1, y2) * k))
                box += (round(max(x1, x2) * k), round(max(y1, y2) * k))
                colours = image.crop(box).getcolors(1 << 16) or []
                _, commonest = max(colours)  # the colour behind, not what is printed on it
                behind = "#{:02x}{:02x}{:02x}".format(*commonest)
                assert contrast(shape.ink, behind) >= 3, (ref, shape.name, shape.ink, behind)
                checked += 1
    assert checked > 100
