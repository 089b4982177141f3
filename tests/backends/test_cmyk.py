"""A print shop's PDF (`build --colour cmyk`) read back as a preflight would: every colour in
CMYK, every picture too, the output intent with a profile littlecms opens, the PDF/X-4 version
in Info and XMP, trim and bleed boxes, fonts embedded, no fields; and looked at as a viewer
shows it (pdfium, through the embedded profile), its colours beside the design's, the design's
colours read from the layout file itself. No PDF/X validator runs offline from pip (veraPDF is
Java), so what is checked is this structure, and qpdf's --check where qpdf is installed."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image as PILImage
from PIL import ImageCms

from sheetgen.backends.cmyk import RICH_BLACK, colours_used, fidelity, ink, press_ink
from sheetgen.backends.pdf import render_pdf
from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.shapes import Drawing, Image, Rect, Style, Text
from sheetgen.draw.transform import IDENTITY
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import document_for
from tests.support import ROOT, sheetgen
from tests.support.pdf_colours import bags_as_shown, delta_e

LAYOUTS = ("scrumpit/tiles", "scribe/standard")
FILES = ("scrumpit-tiles-cmyk.pdf", "scribe-standard-supergrid-cmyk.pdf")
COLOUR_OPS = {"rg", "RG", "g", "G", "k", "K", "sc", "SC", "scn", "SCN", "cs", "CS"}
XMP = {
    "x": "adobe:ns:meta/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "dc": "http://purl.org/dc/elements/1.1/",
    "xmp": "http://ns.adobe.com/xap/1.0/",
    "pdf": "http://ns.adobe.com/pdf/1.3/",
    "xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
    "pdfxid": "http://www.npes.org/pdfx/ns/id/",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Scrumpit's tiles and Scribe's sheet in CMYK, and the tiles in RGB beside them; what the
    build said on stderr."""
    out = tmp_path_factory.mktemp("cmyk")
    said = ""
    for layout in LAYOUTS:  # (one a build: a build of several games starts workers)
        run = sheetgen("build", layout, "-f", "pdf", "--colour", "cmyk", "--out", str(out))
        assert run.code == 0, run.err
        said += run.err
    tiles = load("scrumpit/tiles")
    (out / "scrumpit-tiles.pdf").write_bytes(render_pdf(document_for(tiles, BuildOptions())))
    return out, said


def _contents(pdf: pikepdf.Pdf) -> list[tuple[pikepdf.Object, pikepdf.Object]]:
    """Every content stream (each page's, each form's) with the resources it names from."""
    found = [(page.obj, page.obj.Resources) for page in pdf.pages]
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            found.append((obj, obj.get("/Resources", pikepdf.Dictionary())))
    return found


def _objects(pdf: pikepdf.Pdf, kind: type) -> list[pikepdf.Object]:
    return [obj for obj in pdf.objects if isinstance(obj, kind)]


def _is_icc_cmyk(space: pikepdf.Object) -> bool:
    return (
        isinstance(space, pikepdf.Array)
        and space[0] == pikepdf.Name.ICCBased
        and int(space[1].N) == 4
    )


@pytest.mark.parametrize("name", FILES)
def test_every_colour_is_cmyk(built: tuple[Path, str], name: str) -> None:
    with pikepdf.open(built[0] / name) as pdf:
        seen = 0
        for stream, resources in _contents(pdf):
            spaces = resources.get("/ColorSpace", pikepdf.Dictionary())
            current = {"fill": "/DeviceGray", "stroke": "/DeviceGray"}
            for operands, op in pikepdf.parse_content_stream(stream):
                op = str(op)
                if op not in COLOUR_OPS:
                    continue
                seen += 1
                assert op not in ("rg", "RG", "g", "G"), f"{op} {list(operands)} in {name}"
                if op in ("cs", "CS"):
                    named = str(operands[0])
                    assert named in spaces and _is_icc_cmyk(spaces[named]), named
                    current["fill" if op == "cs" else "stroke"] = named
                if op in ("sc", "scn", "SC", "SCN"):
                    assert current["fill" if op.islower() else "stroke"] != "/DeviceGray"
                    assert len(operands) == 4 and all(0 <= float(v) <= 1 for v in operands)
        assert seen > 50  # (a sheet of colours: something was looked at)


@pytest.mark.parametrize("name", FILES)
def test_output_intent_embeds_a_cmyk_profile(built: tuple[Path, str], name: str) -> None:
    with pikepdf.open(built[0] / name) as pdf:
        intents = list(pdf.Root.OutputIntents)
        assert len(intents) == 1
        intent = intents[0]
        assert intent.S == pikepdf.Name.GTS_PDFX and intent.Type == pikepdf.Name.OutputIntent
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert str(intent.RegistryName) == "http://www.color.org"
        profile = intent.DestOutputProfile
        assert int(profile.N) == 4
        opened = ImageCms.ImageCmsProfile(io.BytesIO(profile.read_bytes())).profile
        assert opened.xcolor_space.strip() == "CMYK" and opened.device_class == "prtr"
        # the colours are in that very profile
        for _, resources in _contents(pdf):
            if "/ColorSpace" in resources:
                for space in resources.ColorSpace.values():
                    assert space[1].objgen == profile.objgen


@pytest.mark.parametrize("name", FILES)
def test_pdf_x4_version_in_info_and_xmp(built: tuple[Path, str], name: str) -> None:
    path = built[0] / name
    assert path.read_bytes().startswith(b"%PDF-1.6\n")  # PDF/X-4 is PDF 1.6
    with pikepdf.open(path) as pdf:
        info = pdf.docinfo
        assert str(info.GTS_PDFXVersion) == "PDF/X-4"
        assert info.Trapped == pikepdf.Name("/False")
        assert str(info.Title) and "/CreationDate" in info and "/ModDate" in info
        assert len(pdf.trailer.ID) == 2
        meta = pdf.Root.Metadata
        assert meta.Subtype == pikepdf.Name.XML and "/Filter" not in meta
        root = ET.fromstring(meta.read_bytes().split(b"?>", 1)[1].rsplit(b"<?xpacket", 1)[0])
        desc = root.find("rdf:RDF/rdf:Description", XMP)
        assert desc is not None

        def one(key: str) -> str:
            found = desc.find(key, XMP)
            assert found is not None and found.text, key
            return found.text

        assert one("pdfxid:GTS_PDFXVersion") == "PDF/X-4"
        assert one("pdf:Trapped") == "False"
        assert one("xmpMM:DocumentID").startswith("uuid:")
        assert one("xmpMM:VersionID") and one("xmpMM:RenditionClass") == "default"
        assert one("dc:title/rdf:Alt/rdf:li") == str(info.Title)
        assert one("pdf:Producer") == str(info.Producer)
        assert one("xmp:CreatorTool") == str(info.Creator)
        # the dates agree: D:YYYYMMDDHHmmSS in Info, YYYY-MM-DDTHH:mm:SS in XMP
        for xmp_key, info_key in (
            ("xmp:CreateDate", "/CreationDate"),
            ("xmp:ModifyDate", "/ModDate"),
        ):
            digits = re.sub(r"\D", "", one(xmp_key))[:14]
            assert str(info[info_key])[2:16] == digits


@pytest.mark.parametrize("name", FILES)
def test_boxes_fonts_and_no_fields(built: tuple[Path, str], name: str) -> None:
    with pikepdf.open(built[0] / name) as pdf:
        assert "/AcroForm" not in pdf.Root and "/Encrypt" not in pdf.trailer
        for page in pdf.pages:
            media = [float(v) for v in page.MediaBox]
            trim, bleed = ([float(v) for v in page.obj[key]] for key in ("/TrimBox", "/BleedBox"))
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3]
            assert "/Annots" not in page.obj
        fonts = [
            o
            for o in pdf.objects
            if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font"
        ]
        assert fonts
        for font in fonts:
            assert "/FontFile2" in font.FontDescriptor, font.BaseFont


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
@pytest.mark.parametrize("name", FILES)
def test_qpdf_finds_no_error(built: tuple[Path, str], name: str) -> None:
    done = subprocess.run(["qpdf", "--check", str(built[0] / name)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No syntax or stream encoding errors" in done.stdout


def test_pdfium_shows_the_designs_colours(built: tuple[Path, str]) -> None:
    """Where the RGB PDF shows one of the bag colours the layout file writes, the CMYK PDF,
    seen through its profile, shows a colour within ΔE00 3 of it (each is in the FOGRA39
    gamut)."""
    out = built[0]
    written = tomllib.loads((ROOT / "layouts/scrumpit/tiles.toml").read_text("utf-8"))["colours"]
    shown = bags_as_shown(out / "scrumpit-tiles.pdf", out / "scrumpit-tiles-cmyk.pdf", written)
    assert len(shown) == 4  # two bags a page
    for design, got in shown:
        assert delta_e(design, got) <= 3, (design, got)


def test_build_reports_fidelity(built: tuple[Path, str]) -> None:
    err = built[1]
    notes = [line for line in err.splitlines() if "CMYK for FOGRA39" in line]
    assert len(notes) == 2, err
    assert all("FOGRA39" in line and "ΔE00" in line for line in notes)
    each = [line for line in err.splitlines() if "ΔE00 by colour" in line]
    assert len(each) == 2 and re.search(r"#f7e03c \d+\.\d\b", each[0])  # Scrumpit's yellow
    assert "warning:" not in err  # every colour of these two is in the gamut


def test_out_of_gamut_colour_is_warned_at_its_key(tmp_path: Path) -> None:
    text = (ROOT / "layouts/scrumpit/tiles.toml").read_text("utf-8")
    bright = text.replace('green = "#5fb486"', 'green = "#00ff40"')
    assert bright != text
    layout = tmp_path / "bright.toml"
    layout.write_text(bright, "utf-8")
    run = sheetgen("build", str(layout), "-f", "pdf", "--colour", "cmyk", "--out", str(tmp_path))
    assert run.code == 0, run.err
    line = 1 + bright[: bright.index('green = "#00ff40"')].count("\n")
    warnings = [w for w in run.err.splitlines() if w.startswith("warning:") and "gamut" in w]
    assert len(warnings) == 1, run.err
    assert f"bright.toml:{line}:" in warnings[0] and "colours.green" in warnings[0]
    assert "#00ff40 is out of the press's gamut" in warnings[0]
    assert "choose a colour the press can print" in warnings[0]
    assert (tmp_path / "scrumpit-tiles-cmyk.pdf").exists()
    # a tint near white is out of the gamut only by being brighter than ink on paper can be:
    # darker greens would not help it, a paler or greyer tint would
    pale = text.replace('green = "#5fb486"', 'green = "#f1faee"')
    layout.write_text(pale, "utf-8")
    run = sheetgen("build", str(layout), "-f", "pdf", "--colour", "cmyk", "--out", str(tmp_path))
    warned = [w for w in run.err.splitlines() if "#f1faee is out of the press's gamut" in w]
    assert len(warned) == 1 and "near the paper's white" in warned[0], run.err


def test_fidelity_round_trip() -> None:
    """The report's ΔE00 agrees with coloraide's, and colours inside the gamut come back."""
    for colour in ("#f7e03c", "#24307a", "#c2302a", "#5fb486", "#ffffff", "#00ff40"):
        result = fidelity(colour)
        assert abs(result.delta_e - delta_e(colour, result.back)) < 0.05
    assert fidelity("#ffffff").ink == (0, 0, 0, 0) and fidelity("#ffffff").delta_e == 0
    assert fidelity("#5fb486").in_gamut and not fidelity("#00ff40").in_gamut


def test_black_rules() -> None:
    """Black and greys in black ink alone where thin or small; a rich black under large black
    areas; colours as the profile prints them."""
    assert ink("#000000", "text") == (0, 0, 0, 1)
    assert ink("#000000", "line") == (0, 0, 0, 1)
    assert ink("#000000", "fill") == (0, 0, 0, 1)
    assert ink("#000000", "area") == RICH_BLACK
    grey = ink("#808080", "text")
    assert grey[:3] == (0, 0, 0) and 0.4 < grey[3] < 0.7
    assert ink("#ffffff", "text") == (0, 0, 0, 0)
    # a warm near-black (Scrumpit's letters) is a grey too: black ink alone, and solid, as a
    # press prints text (a 96% tint would be screened into dots at every letter's edge)
    assert ink("#2a2622", "text") == (0, 0, 0, 1)
    assert ink("#222222", "text") == ink("#333333", "line") == (0, 0, 0, 1)
    assert ink("#4d4d4d", "text")[3] < 0.9  # a grey stays a grey
    assert ink("#c2302a", "text") == tuple(round(v / 255, 3) for v in press_ink("#c2302a"))


def _drawing(children: tuple[object, ...]) -> Document:
    drawing = Drawing(100, 100, children)  # type: ignore[arg-type]
    page = Page(100, 100, (Placement(drawing, IDENTITY),), (0, 0, 100, 100), (0, 0, 100, 100))
    return Document((page,), "CMYK test")


def test_black_rules_in_the_pdf() -> None:
    doc = _drawing(
        (
            Rect(0, 0, 60, 60, Style(stroke=None, fill="#000000")),
            Rect(70, 0, 4, 4, Style(stroke=None, fill="#000000")),
            Text(5, 80, "Black", 5),
        )
    )
    with pikepdf.open(io.BytesIO(render_pdf(doc, pdfx="PDF/X-4"))) as pdf:
        fills = [
            tuple(round(float(v), 3) for v in operands)
            for operands, op in pikepdf.parse_content_stream(pdf.pages[0].obj)
            if str(op) == "scn"
        ]
    assert fills == [RICH_BLACK, (0, 0, 0, 1), (0, 0, 0, 1)]
    assert colours_used(doc) == ["#000000"]


def test_solid_black_overprints_and_a_rich_black_area_knocks_out() -> None:
    """Solid black text and small black shapes are printed over the inks beneath them (a hair
    of misregistration shows no white edge); a rich black area is not. Read from the content
    stream as a viewer keeps the graphics state (q/Q, gs; `op` falls back on `OP`)."""
    doc = _drawing(
        (
            Rect(0, 0, 100, 100, Style(stroke=None, fill="#f7e03c")),  # a yellow ground
            Rect(0, 0, 60, 60, Style(stroke=None, fill="#000000")),
            Rect(70, 0, 4, 4, Style(stroke=None, fill="#222222")),
            Text(5, 80, "Black", 5, colour="#222222"),
        )
    )
    painted: list[tuple[str, bool, int]] = []
    with pikepdf.open(io.BytesIO(render_pdf(doc, pdfx="PDF/X-4"))) as pdf:
        states = pdf.pages[0].Resources.get("/ExtGState", {})
        stack, op, mode = [], False, 0
        for operands, operator in pikepdf.parse_content_stream(pdf.pages[0].obj):
            name = str(operator)
            if name == "q":
                stack.append((op, mode))
            elif name == "Q":
                op, mode = stack.pop()
            elif name == "gs":
                state = states[str(operands[0])]
                if "/op" in state or "/OP" in state:
                    op = bool(state.get("/op", state.get("/OP")))
                mode = int(state.get("/OPM", mode))
            elif name in ("f", "f*", "Tj", "TJ"):
                painted.append((name, op, mode))
    # the yellow ground and the rich black area knock out; the small shape and the text do not
    assert [p[1] for p in painted[:2]] == [False, False], painted
    assert all(op and mode == 1 for _, op, mode in painted[2:]), painted
    assert any(name in ("Tj", "TJ") for name, _, _ in painted[2:])


def _picture(mode: str, colour: tuple[int, ...], fmt: str) -> bytes:
    out = io.BytesIO()
    PILImage.new(mode, (40, 40), colour).save(out, fmt)
    return out.getvalue()


def test_pictures_are_cmyk_with_their_soft_mask() -> None:
    """A PNG with transparency and a JPEG both go into the PDF in CMYK, the PNG's alpha kept as
    a soft mask, and both show their colours through the profile."""
    png = _picture("RGBA", (194, 48, 42, 128), "PNG")  # Scrumpit's red, half see-through
    jpeg = _picture("RGB", (36, 48, 122), "JPEG")  # Scrumpit's blue
    doc = _drawing(
        (
            Image(0, 0, 50, 50, png, "png", (40, 40)),
            Image(50, 50, 50, 50, jpeg, "jpeg", (40, 40)),
        )
    )
    data = render_pdf(doc, pdfx="PDF/X-4")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        images = [
            o
            for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        ]
        masks = {i.SMask.objgen for i in images if "/SMask" in i}
        assert len(masks) == 1
        for image in images:
            if image.objgen in masks:
                assert image.ColorSpace == pikepdf.Name.DeviceGray  # a soft mask is grey
            else:
                assert _is_icc_cmyk(image.ColorSpace)
    page = pdfium.PdfDocument(data)[0].render(scale=1).to_pil().convert("RGB")
    mm = 72 / 25.4
    blue = "#{:02x}{:02x}{:02x}".format(*page.getpixel((round(75 * mm), round(75 * mm))))
    assert delta_e("#24307a", blue) <= 3  # (a JPEG's own loss is well under 1)
    # half of the red over white paper
    red = "#{:02x}{:02x}{:02x}".format(*page.getpixel((round(25 * mm), round(25 * mm))))
    assert delta_e("#e09794", red) <= 3  # (#c2302a at half over white, mixed in sRGB)


def test_refusals() -> None:
    both = sheetgen("build", "scribe/standard", "-f", "pdf", "--colour", "cmyk", "--fillable")
    assert both.code == 2 and "allows no form fields" in both.err
    no_pdf = sheetgen("build", "scribe/standard", "-f", "svg", "--colour", "cmyk")
    assert no_pdf.code == 2 and "add pdf to --format" in no_pdf.err
    odd = sheetgen("build", "scribe/standard", "-f", "pdf", "--colour", "cmy")
    assert odd.code == 2 and "use rgb" in odd.err
    for run in (both, no_pdf, odd):
        assert len(run.err.strip().splitlines()) == 1, run.err


def test_a_shops_file_holds_no_home_printers_alignment_test(tmp_path: Path) -> None:
    """The duplex alignment test is for a home printer: a shop would print it as a page of the
    job. Marram's tiles open with it in RGB and leave it out in CMYK."""
    for colour in ("rgb", "cmyk"):
        run = sheetgen(
            "build", "marram/classic", "-f", "pdf", "--colour", colour, "--out", str(tmp_path)
        )
        assert run.code == 0, run.err
    plain, shop = (
        pdfium.PdfDocument(tmp_path / f"marram-classic-tiles{end}.pdf") for end in ("", "-cmyk")
    )
    words = [[p.get_textpage().get_text_range() for p in doc] for doc in (plain, shop)]
    assert "DUPLEX ALIGNMENT TEST" in words[0][0]
    assert not any("ALIGNMENT" in page for page in words[1])
    assert len(shop) == len(plain) - 2
