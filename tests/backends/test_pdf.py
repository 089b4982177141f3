"""The Scribe PDF read by pypdf and rendered by pdfium, as a printer or viewer would."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from subprocess import PIPE, STDOUT

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from sheetgen.pipeline.document import pressed
from tests.support import sheetgen
from tests.support.render import assert_scribe_grid_inked, dark_fraction_row

PT = 72 / 25.4
A4_PT = (210 * PT, 297 * PT)


def test_page_size_metadata_and_viewer_preferences(scribe_out: Path) -> None:
    reader = PdfReader(scribe_out / "scribe-standard-supergrid.pdf")
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert abs(float(page.mediabox.width) - A4_PT[0]) < 0.01
    assert abs(float(page.mediabox.height) - A4_PT[1]) < 0.01
    # the trim box is the 194 x 232 mm sheet, inside the page
    assert abs(float(page.trimbox.width) - 194 * PT) < 0.01
    assert abs(float(page.trimbox.height) - 232 * PT) < 0.01
    meta = reader.metadata
    assert meta is not None and meta.title == "SCRIBE — standard"
    assert meta.author == "sheetgen" and (meta.creator or "").startswith("sheetgen")
    assert meta.subject == "Scribe super grid sheets"
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


def test_fonts_are_embedded_subsets(scribe_out: Path) -> None:
    reader = PdfReader(scribe_out / "scribe-standard-supergrid.pdf")
    fonts = {}
    for obj in (reader.get_object(i) for i in range(1, len(reader.xref_objStm) + 200)):
        try:
            if obj is not None and obj.get("/Type") == "/FontDescriptor":
                fonts[str(obj["/FontName"])] = "/FontFile2" in obj
        except (AttributeError, TypeError):
            continue
    assert fonts, "no font descriptors found"
    assert all(fonts.values()), fonts
    assert all("+" in name for name in fonts)  # subset tag, e.g. AAAAAA+DejaVuSans
    assert {n.split("+")[1] for n in fonts} == {"/DejaVuSans", "/DejaVuSans-Bold"} or {
        n.split("+")[1] for n in fonts
    } == {"DejaVuSans", "DejaVuSans-Bold"}


def test_text_is_extractable(scribe_out: Path) -> None:
    text = PdfReader(scribe_out / "scribe-standard-supergrid.pdf").pages[0].extract_text()
    for word in (
        "SCRIBE",
        "Mark Steere",
        "Single",
        "Ottoman",
        "9-block",
        "9 points",
        "Mini grids won",
        "100 mm",
        "4 in",
    ):
        assert word in text, word


def _render(path: Path, dpi: int) -> object:
    pdf = pdfium.PdfDocument(str(path))
    return pdf[0].render(scale=dpi / 72).to_pil()


def test_grid_lines_are_inked_where_the_layout_puts_them(scribe_out: Path) -> None:
    dpi = 100
    image = _render(scribe_out / "scribe-standard-supergrid.pdf", dpi)
    assert_scribe_grid_inked(image, dpi)  # type: ignore[arg-type]


def test_ruler_is_100_mm_long(scribe_out: Path) -> None:
    dpi = 600
    image = _render(scribe_out / "scribe-standard-supergrid.pdf", dpi)
    grey = image.convert("L")  # type: ignore[attr-defined]
    px = dpi / 25.4
    # the ruler sits centred at the foot of the page: find its first bar's outline rows
    x_start = round((210 - 165) / 2 * px)
    y_top = round((297 - 8 - 9 + 1) * px)
    row = y_top + round(1.1 * px)  # the middle of the 100 mm bar
    # search 1 mm either side of the bar (the '100 mm' label starts 2 mm past its end)
    inked = [
        x
        for x in range(x_start - round(px), x_start + round(101 * px))
        if grey.getpixel((x, row)) < 128
    ]
    outline = 0.15  # the bar's outline adds half its width at each end
    length_mm = (inked[-1] - inked[0] + 1) / px - outline
    assert abs(length_mm - 100.0) <= 0.1, length_mm
    assert dark_fraction_row(image, row, inked[0], inked[-1]) > 0.45  # type: ignore[arg-type]


LONG = 100  # pages: qpdf checks a longer file for seconds (it reads the shared content once a page)


def page_count(pdf: Path) -> int:
    return len(pdfium.PdfDocument(str(pdf)))


def qpdf_checks(pdfs: list[Path]) -> None:
    """qpdf's own checks pass every PDF of `pdfs` (qpdf reads the file as a printer's
    software would, and refuses broken cross-references, streams and objects)."""
    assert shutil.which("qpdf"), "qpdf must be installed (.ci/run installs it)"
    # every file checked at once, each by a qpdf of its own (the machine's cores share them)
    runs = [
        (pdf, subprocess.Popen(["qpdf", "--check", str(pdf)], stdout=PIPE, stderr=STDOUT))
        for pdf in pdfs
    ]
    for pdf, run in runs:
        said, _ = run.communicate()
        assert run.returncode == 0, (pdf.name, said.decode(errors="replace"))


def test_qpdf_finds_no_errors(everything: Path) -> None:
    pdfs = [pdf for pdf in sorted(everything.glob("*.pdf")) if page_count(pdf) <= LONG]
    assert len(pdfs) >= 20, pdfs
    qpdf_checks(pdfs)


@pytest.mark.slow
def test_qpdf_finds_no_errors_in_the_long_files(everything: Path) -> None:
    pdfs = [pdf for pdf in sorted(everything.glob("*.pdf")) if page_count(pdf) > LONG]
    assert [pdf.name for pdf in pdfs] == ["scribbly-gum-pad.pdf"]  # 40 pages a copy
    qpdf_checks(pdfs)


@pytest.mark.slow
@pytest.mark.parametrize("extra", [["--fillable", "--copies", "3"], ["--paper", "Letter"]])
def test_qpdf_finds_no_errors_in_fillable_or_letter_builds(
    extra: list[str], tmp_path: Path
) -> None:
    run = sheetgen("build", "--all", "-f", "pdf", "--out", str(tmp_path), "-q", *extra)
    assert run.code == 0, run.err
    pdfs = sorted(tmp_path.glob("*.pdf"))
    assert len(pdfs) >= 20, pdfs
    qpdf_checks(pdfs)


def test_a_pad_reuses_one_drawing(tmp_path: Path) -> None:
    # without the sheet mark, which tells each copy apart (tests/press/test_sheet_mark.py)
    plain = "--no-sheet-mark"
    one = sheetgen("build", "scribe/standard", plain, "-f", "pdf", "--out", str(tmp_path), "-q")
    assert one.code == 0, one.err
    single = (tmp_path / "scribe-standard-supergrid.pdf").read_bytes()
    pad = sheetgen(
        "build", "scribe/standard", plain, "-f", "pdf", "--copies", "100", "--out", str(tmp_path),
        "-q",
    )  # fmt: skip
    assert pad.code == 0, pad.err
    reader = PdfReader(tmp_path / "scribe-standard-supergrid.pdf")
    assert len(reader.pages) == 100
    contents = {page.raw_get("/Contents").idnum for page in reader.pages}  # type: ignore[union-attr]
    assert len(contents) == 1  # every page draws from the same content stream
    assert len((tmp_path / "scribe-standard-supergrid.pdf").read_bytes()) < 1.5 * len(single)


def test_pad_layout_puts_two_sheets_on_a_landscape_page(tmp_path: Path) -> None:
    for paper in ("A4", "Letter"):
        run = sheetgen(
            "build", "scribe/pad", "-f", "pdf", "--paper", paper, "--out", str(tmp_path), "-q"
        )
        assert run.code == 0, run.err
        page = PdfReader(tmp_path / "scribe-pad-supergrid.pdf").pages[0]
        assert page.mediabox.width > page.mediabox.height  # landscape
        text = page.extract_text()
        assert text.count("SCRIBE") == 2


def test_repeated_pages_keep_the_document_order() -> None:
    import io

    from sheetgen.backends.pdf import render_pdf
    from sheetgen.draw import Drawing, label
    from sheetgen.draw.document import Document
    from sheetgen.press import PressOptions, impose

    a = impose([Drawing(50, 20, (label(25, 10, "alpha", 5),))], PressOptions())[0]
    b = impose([Drawing(50, 20, (label(25, 10, "beta", 5),))], PressOptions())[0]
    data = render_pdf(Document((a, a, b, a, b), "order"))
    reader = PdfReader(io.BytesIO(data))
    words = [page.extract_text().split()[0] for page in reader.pages]
    assert words == ["alpha", "alpha", "beta", "alpha", "beta"]
    contents = [page.raw_get("/Contents").idnum for page in reader.pages]  # type: ignore[union-attr]
    assert contents[0] == contents[1] == contents[3] and contents[2] == contents[4]


def test_each_page_names_only_the_forms_it_calls(tmp_path: Path) -> None:
    """A page taken out of a sheet of tiles (a lost piece reprinted, one page sent to a
    printer) carries the drawings that page shows, not every tile of the set: its resources
    name exactly the forms its content calls, read back from the content by pikepdf."""
    import pikepdf

    run = sheetgen("build", "marram/classic", "-f", "pdf", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    with pikepdf.open(tmp_path / "marram-classic-tiles.pdf") as pdf:
        called_somewhere: set[str] = set()
        for page in pdf.pages:
            named = set(page.Resources.get("/XObject", {}).keys())
            called = {
                str(operands[0])
                for operands, op in pikepdf.parse_content_stream(page)
                if str(op) == "Do"
            }
            assert named == called
            called_somewhere |= called
        assert len(called_somewhere) > max(len(page.Resources.XObject) for page in pdf.pages)


def test_pages_are_made_their_own_size_in_one_tree_and_share_what_they_can() -> None:
    """A document of A4 and Letter pages: each page is its own paper's size in points, a child
    of the one page tree; a page drawing only what it alone shows names no forms; the named
    sheets of a pad all point at one resource dictionary."""
    import io

    import pikepdf

    from sheetgen.backends.pdf import render_pdf
    from sheetgen.draw import IDENTITY, Drawing, label
    from sheetgen.draw.document import Document, Page, Placement
    from sheetgen.layouts.read import load
    from sheetgen.options import BuildOptions
    from sheetgen.press import PressOptions, impose
    from sheetgen.press.paper import NAMED

    twice = Drawing(50, 20, (label(25, 10, "twice", 5),), bleed=3.0)
    once = Drawing(50, 20, (label(25, 10, "once", 5),))
    a4 = impose([twice, twice], PressOptions())[0]
    letter = Page(NAMED["letter"].width, NAMED["letter"].height, (Placement(once, IDENTITY),))
    with pikepdf.open(io.BytesIO(render_pdf(Document((a4, letter), "sizes")))) as pdf:
        boxes = [[float(v) for v in page.MediaBox] for page in pdf.pages]
        assert boxes == [[0, 0, 595.2756, 841.8898], [0, 0, 612.0, 792.0]]
        # a page without a trim box is trimmed and bled at its edges; an imposed page at its
        # pieces' cut and bleed, in points up from the bottom left
        assert [float(v) for v in pdf.pages[1].TrimBox] == boxes[1]
        assert [float(v) for v in pdf.pages[1].BleedBox] == boxes[1]
        for name, box in (("/TrimBox", a4.trim), ("/BleedBox", a4.bleed)):
            assert box is not None
            x, y, w, h = box
            expected = [x * PT, (297 - y - h) * PT, (x + w) * PT, (297 - y) * PT]
            got = [float(v) for v in pdf.pages[0][name]]
            assert max(abs(g - e) for g, e in zip(got, expected, strict=True)) < 1e-3, name
        assert all(page.Parent.objgen == pdf.Root.Pages.objgen for page in pdf.pages)
        assert "/XObject" in pdf.pages[0].Resources
        assert "/XObject" not in pdf.pages[1].Resources

    loaded = load("scribbly-gum/kuringgai")
    # without the sheet mark, whose QR code is each page's own (tests/press/test_sheet_mark.py)
    plain = BuildOptions(PressOptions(sheet_mark=False), names=("Ann", "Bob", "Cy"))
    doc = pressed(loaded.kind, loaded.model, plain)
    with pikepdf.open(io.BytesIO(render_pdf(doc))) as pdf:
        assert len({page.obj.get("/Resources").objgen for page in pdf.pages}) == 1
