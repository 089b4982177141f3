"""A print shop's PDF/X-1a:2003 (`build --pdfx x1a`) read back as a preflight would, against
what ISO 15930-4 asks as it is widely documented: every colour and every picture in plain
DeviceCMYK, no ICC-based colour space anywhere, nothing see-through (no soft mask, no
constant alpha under 1, no blend mode but Normal, no transparency group), the output intent
with the profile embedded, the version in Info and XMP, trapping said, PDF 1.4 (no object or
cross-reference streams), trim and bleed boxes, fonts embedded, no forms or encryption; qpdf's
check; and looked at through pdfium beside the RGB design. A design that draws something
see-through is refused in one line."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pikepdf
import pytest
from PIL import Image as PILImage
from PIL import ImageCms

from sheetgen.backends.pdf import render_pdf
from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.shapes import Drawing, Image, Rect, Style
from sheetgen.draw.transform import IDENTITY
from sheetgen.errors import SheetgenError
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from tests.support import ROOT, sheetgen
from tests.support.pdf_colours import bags_as_shown, delta_e, render

X1A = "PDF/X-1a:2003"  # the version ISO 15930-4 has a file name itself by
LAYOUTS = ("scrumpit/tiles", "scribe/standard")
FILES = ("scrumpit-tiles-cmyk-x1a.pdf", "scribe-standard-supergrid-cmyk-x1a.pdf")
COLOUR_OPS = {"rg", "RG", "g", "G", "k", "K", "sc", "SC", "scn", "SCN", "cs", "CS"}
PAINTS = {"f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "Tj", "TJ", "'", '"', "Do", "sh"}
XMP = {
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "pdf": "http://ns.adobe.com/pdf/1.3/",
    "pdfxid": "http://www.npes.org/pdfx/ns/id/",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Scrumpit's tiles and Scribe's sheet as PDF/X-1a, and the tiles in RGB beside them; what
    the build said on stderr."""
    out = tmp_path_factory.mktemp("x1a")
    said = ""
    for layout in LAYOUTS:
        run = sheetgen("build", layout, "-f", "pdf", "--pdfx", "x1a", "--out", str(out))
        assert run.code == 0, run.err
        said += run.err
    tiles = load("scrumpit/tiles")
    (out / "scrumpit-tiles.pdf").write_bytes(render_pdf(document_for(tiles, BuildOptions())))
    return out, said


def _walk(obj: pikepdf.Object, seen: set[tuple[int, int]] | None = None):  # type: ignore[no-untyped-def]
    """Every dictionary (a stream's too) reachable from `obj`, each once."""
    seen = set() if seen is None else seen
    if not isinstance(obj, pikepdf.Object):  # (a number, a boolean)
        return
    if obj.is_indirect:
        if obj.objgen in seen:
            return
        seen.add(obj.objgen)
    if isinstance(obj, pikepdf.Stream | pikepdf.Dictionary):
        yield obj
        for key, value in obj.items():
            if key not in ("/Parent", "/P"):
                yield from _walk(value, seen)
    elif isinstance(obj, pikepdf.Array):
        for item in obj:
            yield from _walk(item, seen)


def _contents(pdf: pikepdf.Pdf) -> list[pikepdf.Object]:
    """Every content stream: each page's, each form's."""
    found: list[pikepdf.Object] = [page.obj for page in pdf.pages]
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            found.append(obj)
    return found


@pytest.mark.parametrize("name", FILES)
def test_every_colour_and_picture_is_device_cmyk(built: tuple[Path, str], name: str) -> None:
    with pikepdf.open(built[0] / name) as pdf:
        seen = painted = 0
        for stream in _contents(pdf):
            fill = stroke = False  # (a colour set before anything is painted)
            for operands, op in pikepdf.parse_content_stream(stream):
                op = str(op)
                if op in COLOUR_OPS:
                    seen += 1
                    assert op in ("k", "K"), f"{op} {list(operands)} in {name}"
                    assert len(operands) == 4 and all(0 <= float(v) <= 1 for v in operands)
                    fill, stroke = fill or op == "k", stroke or op == "K"
                elif op in ("f", "f*", "B", "B*", "Tj", "TJ"):
                    painted += 1
                    assert fill, f"{op} painted in the default colour in {name}"
        assert seen > 50 and painted > 50  # (a sheet of colours: something was looked at)
        images = [o for o in pdf.objects if isinstance(o, pikepdf.Stream)]
        for image in (o for o in images if o.get("/Subtype") == "/Image"):
            assert image.ColorSpace == pikepdf.Name.DeviceCMYK
            assert int(image.BitsPerComponent) == 8


@pytest.mark.parametrize("name", FILES)
def test_no_icc_space_and_nothing_see_through(built: tuple[Path, str], name: str) -> None:
    with pikepdf.open(built[0] / name) as pdf:
        looked = 0
        for obj in _walk(pdf.Root):
            looked += 1
            for value in obj.values():
                if isinstance(value, pikepdf.Array) and len(value):
                    assert value[0] != pikepdf.Name.ICCBased, name
            assert "/SMask" not in obj and "/Mask" not in obj, repr(obj)[:200]
            for alpha in ("/CA", "/ca"):
                assert float(obj.get(alpha, 1)) == 1
            assert obj.get("/BM", pikepdf.Name.Normal) in (
                pikepdf.Name.Normal,
                pikepdf.Name.Compatible,
            )
            group = obj.get("/Group")
            assert group is None or group.get("/S") != pikepdf.Name.Transparency
        assert looked > 20
        assert b"/ICCBased" not in (built[0] / name).read_bytes()


@pytest.mark.parametrize("name", FILES)
def test_version_info_xmp_and_pdf_1_4(built: tuple[Path, str], name: str) -> None:
    path = built[0] / name
    data = path.read_bytes()
    header = re.match(rb"%PDF-1\.(\d)\n", data)
    assert header and int(header.group(1)) <= 4, data[:10]
    # PDF 1.4 knows no object streams and no cross-reference streams (PDF 1.5)
    assert not re.search(rb"/Type\s*/(ObjStm|XRef)", data)
    assert b"\nxref\n" in data and b"trailer" in data
    with pikepdf.open(path) as pdf:
        info = pdf.docinfo
        assert str(info.GTS_PDFXVersion) == X1A
        assert info.Trapped in (pikepdf.Name("/True"), pikepdf.Name("/False"))
        assert str(info.Title) and "/CreationDate" in info and "/ModDate" in info
        assert len(pdf.trailer.ID) == 2
        assert "/Encrypt" not in pdf.trailer and "/AcroForm" not in pdf.Root
        # (print scaling is a PDF 1.6 preference, duplex 1.7: a home printer's hints)
        preferences = pdf.Root.get("/ViewerPreferences", pikepdf.Dictionary())
        assert "/PrintScaling" not in preferences and "/Duplex" not in preferences
        meta = pdf.Root.Metadata.read_bytes()
        root = ET.fromstring(meta.split(b"?>", 1)[1].rsplit(b"<?xpacket", 1)[0])
        desc = root.find("rdf:RDF/rdf:Description", XMP)
        assert desc is not None
        version = desc.find("pdfxid:GTS_PDFXVersion", XMP)
        trapped = desc.find("pdf:Trapped", XMP)
        assert version is not None and version.text == X1A
        assert trapped is not None and trapped.text == str(info.Trapped)[1:]


@pytest.mark.parametrize("name", FILES)
def test_output_intent_boxes_and_fonts(built: tuple[Path, str], name: str) -> None:
    with pikepdf.open(built[0] / name) as pdf:
        intents = list(pdf.Root.OutputIntents)
        assert len(intents) == 1
        intent = intents[0]
        assert intent.S == pikepdf.Name.GTS_PDFX and intent.Type == pikepdf.Name.OutputIntent
        assert str(intent.OutputConditionIdentifier) == "FOGRA39" and str(intent.Info)
        profile = intent.DestOutputProfile
        assert int(profile.N) == 4
        opened = ImageCms.ImageCmsProfile(io.BytesIO(profile.read_bytes())).profile
        assert opened.xcolor_space.strip() == "CMYK" and opened.device_class == "prtr"
        for page in pdf.pages:
            media = [float(v) for v in page.MediaBox]
            trim, bleed = ([float(v) for v in page.obj[key]] for key in ("/TrimBox", "/BleedBox"))
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3]
            assert "/Annots" not in page.obj
        fonts = [o for o in _walk(pdf.Root) if o.get("/Type") == pikepdf.Name.Font]
        described = [f for f in fonts if "/FontDescriptor" in f]
        assert described
        for font in described:
            assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(font.FontDescriptor.keys())


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
@pytest.mark.parametrize("name", FILES)
def test_qpdf_finds_no_error(built: tuple[Path, str], name: str) -> None:
    done = subprocess.run(["qpdf", "--check", str(built[0] / name)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No syntax or stream encoding errors" in done.stdout


def _hex(pixel: object) -> str:
    return "#{:02x}{:02x}{:02x}".format(*pixel)  # type: ignore[str-format]


def test_pdfium_shows_the_designs_colours(built: tuple[Path, str]) -> None:
    """Where the RGB PDF shows one of the bag colours the layout file writes, the PDF/X-1a, as
    pdfium shows device CMYK, shows a colour within ΔE00 3 of it."""
    out = built[0]
    written = tomllib.loads((ROOT / "layouts/scrumpit/tiles.toml").read_text("utf-8"))["colours"]
    shown = bags_as_shown(out / "scrumpit-tiles.pdf", out / "scrumpit-tiles-cmyk-x1a.pdf", written)
    assert len(shown) == 4  # two bags a page
    for design, got in shown:
        assert delta_e(design, got) <= 3, (design, got)


def test_build_reports_fidelity_and_names_the_file(built: tuple[Path, str]) -> None:
    notes = [line for line in built[1].splitlines() if "CMYK for FOGRA39" in line]
    assert len(notes) == 2 and all("-cmyk-x1a.pdf" in line for line in notes)


def _doc(*children: object) -> Document:
    drawing = Drawing(100, 100, children)  # type: ignore[arg-type]
    page = Page(100, 100, (Placement(drawing, IDENTITY),), (0, 0, 100, 100), (0, 0, 100, 100))
    return Document((page,), "X-1a test")


YELLOW, INK = "#f7e03c", "#2b2a26"


def test_a_line_see_through_over_one_colour_prints_as_the_design_shows_it() -> None:
    """A half-opaque dark outline wholly on a yellow ground (Scrumpit's bevel) prints opaque,
    in the colour the RGB design shows there; the same outline across two grounds cannot be
    one colour and is refused."""
    ground = Rect(0, 0, 100, 100, Style(stroke=None, fill=YELLOW))
    line = Rect(20, 20, 60, 60, Style(stroke=INK, width=3, opacity=0.5))
    doc = _doc(ground, line)
    data = render_pdf(doc, pdfx=X1A)  # type: ignore[arg-type]
    assert render_pdf(doc, pdfx=X1A) == data  # type: ignore[arg-type]  # (the same bytes again)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        states = pdf.pages[0].Resources.get("/ExtGState", pikepdf.Dictionary())
        assert all(float(s.get("/CA", 1)) == 1 for s in states.values())
        strokes = [
            tuple(round(float(v) * 255) for v in operands)
            for operands, op in pikepdf.parse_content_stream(pdf.pages[0].obj)
            if str(op) == "K"
        ]
        profile = pdf.Root.OutputIntents[0].DestOutputProfile.read_bytes()
    assert len(strokes) == 1
    # the line's inks, as the output intent's profile says they print, against the design's
    # pixel there (pdfium shows device CMYK by a rule of its own, not through the profile)
    press = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    relative = ImageCms.Intent.RELATIVE_COLORIMETRIC
    seen = ImageCms.buildTransform(press, ImageCms.createProfile("sRGB"), "CMYK", "RGB", relative)
    printed = seen.apply(PILImage.new("CMYK", (1, 1), strokes[0])).getpixel((0, 0))
    mm = 100 / 25.4  # pixels a mm at 100 dpi
    design = render(render_pdf(doc)).getpixel((round(20 * mm), round(50 * mm)))  # on the line
    assert delta_e(_hex(design), _hex(printed)) <= 3, (_hex(design), _hex(printed))
    across = _doc(ground, Rect(0, 50, 100, 50, Style(stroke=None, fill="#24307a")), line)
    with pytest.raises(SheetgenError, match=r"a rectangle in #2b2a26 at opacity 0\.5"):
        render_pdf(across, pdfx=X1A)  # type: ignore[arg-type]


def _picture(colour: tuple[int, ...]) -> bytes:
    out = io.BytesIO()
    PILImage.new("RGBA", (40, 40), colour).save(out, "PNG")
    return out.getvalue()


def test_an_opaque_picture_loses_its_mask_and_a_see_through_one_is_refused() -> None:
    opaque = Image(0, 0, 50, 50, _picture((36, 48, 122, 255)), "png", (40, 40))
    data = render_pdf(_doc(opaque), pdfx=X1A)  # type: ignore[arg-type]
    with pikepdf.open(io.BytesIO(data)) as pdf:
        images = [
            o
            for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        ]
        assert len(images) == 1 and images[0].ColorSpace == pikepdf.Name.DeviceCMYK
        assert "/SMask" not in images[0] and "/Mask" not in images[0]
    mm = 100 / 25.4
    blue = render(data).getpixel((round(25 * mm), round(25 * mm)))
    assert delta_e("#24307a", "#{:02x}{:02x}{:02x}".format(*blue)) <= 3
    half = Image(0, 0, 50, 50, _picture((194, 48, 42, 128)), "png", (40, 40))
    with pytest.raises(SheetgenError, match=r"40 x 40 px picture with see-through pixels"):
        render_pdf(_doc(half), pdfx=X1A)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("layout", "what"),
    [
        ("scribbly-gum/tiles", "a circle in #ffffff at opacity 0.25"),
        ("custom/dice-art", "picture with see-through pixels"),
    ],
)
def test_a_see_through_design_is_refused_in_one_line(
    tmp_path: Path, layout: str, what: str
) -> None:
    out = tmp_path / "out"
    run = sheetgen("build", layout, "-f", "pdf", "--pdfx", "x1a", "--out", str(out))
    assert run.code != 0
    lines = run.err.strip().splitlines()
    assert len(lines) == 1, run.err
    assert layout in lines[0] and what in lines[0] and "PDF/X-4" in lines[0]
    assert "Traceback" not in run.err and not out.exists()


def test_option_refusals(tmp_path: Path) -> None:
    odd = sheetgen("build", "scribe/standard", "-f", "pdf", "--pdfx", "x3")
    assert odd.code == 2 and "--pdfx 'x3': use x4" in odd.err and "x1a" in odd.err
    rgb = sheetgen("build", "scribe/standard", "-f", "pdf", "--colour", "rgb", "--pdfx", "x1a")
    assert rgb.code == 2 and "a PDF/X is in CMYK" in rgb.err
    svg = sheetgen("build", "scribe/standard", "-f", "svg", "--pdfx", "x1a")
    assert svg.code == 2 and "add pdf to --format" in svg.err
    for run in (odd, rgb, svg):
        assert len(run.err.strip().splitlines()) == 1, run.err
    # PDF/X-4 keeps its name: -cmyk, and --pdfx x4 is the same file as --colour cmyk
    x4 = sheetgen("build", "scribe/standard", "-f", "pdf", "--pdfx", "X4", "--out", str(tmp_path))
    assert x4.code == 0, x4.err
    made = tmp_path / "scribe-standard-supergrid-cmyk.pdf"
    assert made.read_bytes().startswith(b"%PDF-1.6")
    with pikepdf.open(made) as pdf:
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
