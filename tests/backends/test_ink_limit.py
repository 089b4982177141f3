"""A shop's cap on total ink (`ink_limit` in a profile, `--ink-limit` on build), checked as a
preflight checks it: every colour operator's four operands and every CMYK picture's pixels read
back from the PDF with pikepdf and numpy and added up, never the code's own tables. The cap
comes from the shop's page as the profile quotes it. How far the cap moves a colour is
measured by converting the inks in the file back to sRGB through the PDF's own output intent
(littlecms) and comparing with coloraide's CIEDE2000."""

from __future__ import annotations

import io
import re
from pathlib import Path

import numpy
import pikepdf
import pytest
from coloraide import Color
from PIL import Image as PILImage
from PIL import ImageCms

from sheetgen.backends.pdf import render_pdf
from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.shapes import Drawing, Image, Rect, Style
from sheetgen.draw.transform import IDENTITY
from sheetgen.press.profiles import shipped
from tests.support import sheetgen

SLACK = 0.5  # percent: the operands' decimals
INK_OPS = {"k", "K", "sc", "SC", "scn", "SCN"}
POKER_US = """game = "custom"
component = "pieces"
name = "poker-us"
extends = "custom/poker"

[piece]
width = 63.5
height = 88.9
"""


def _shop_cap() -> float:
    """DriveThruCards' cap on total ink, as its page says it in the profile's comments."""
    text = shipped()["drivethrucards/poker-card"].read_text(encoding="utf-8")
    quoted = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    found = re.search(r"Farbdeckung darf (\d+)% nicht überschreiten", quoted)
    assert found, "the profile no longer quotes the shop's ink limit"
    return float(found.group(1))


def _streams(pdf: pikepdf.Pdf) -> list[pikepdf.Object]:
    forms = [
        obj
        for obj in pdf.objects
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"
    ]
    return [page.obj for page in pdf.pages] + forms


def _inks(pdf: pikepdf.Pdf) -> list[tuple[float, ...]]:
    """Every four-ink colour the content streams set, in the order set."""
    found = []
    for stream in _streams(pdf):
        for operands, op in pikepdf.parse_content_stream(stream):
            if str(op) in INK_OPS and len(operands) == 4:
                found.append(tuple(float(v) for v in operands))
    return found


def _pictures(pdf: pikepdf.Pdf) -> list[numpy.ndarray]:
    """Every CMYK picture's pixels (height x width x 4, 0 to 255)."""
    found = []
    for obj in pdf.objects:
        if not (isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"):
            continue
        space = obj.get("/ColorSpace")
        four = space == pikepdf.Name.DeviceCMYK or (
            isinstance(space, pikepdf.Array) and int(space[1].N) == 4
        )
        if four:
            assert int(obj.BitsPerComponent) == 8
            raw = numpy.frombuffer(obj.read_bytes(), numpy.uint8)
            found.append(raw.reshape(int(obj.Height), int(obj.Width), 4))
    return found


def _most_ink(path: Path | bytes) -> tuple[float, float]:
    """The most total ink (percent) any colour operator sets, and any picture's pixel holds."""
    source = io.BytesIO(path) if isinstance(path, bytes) else path
    with pikepdf.open(source) as pdf:
        vector = max((sum(ink) * 100 for ink in _inks(pdf)), default=0.0)
        pictures = [p.astype(int).sum(axis=-1).max() * 100 / 255 for p in _pictures(pdf)]
    return vector, max(pictures, default=0.0)


@pytest.fixture(scope="module")
def poker_us(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("poker")
    (folder / "poker-us.toml").write_text(POKER_US, encoding="utf-8")
    return folder


def test_drivethrucards_deck_keeps_the_shops_ink_limit(poker_us: Path) -> None:
    cap = _shop_cap()
    run = sheetgen(
        "export", "pieces", "poker-us.toml", "--profile", "drivethrucards/poker-card",
        "--out", "out", "-q", cwd=poker_us,
    )  # fmt: skip
    assert run.code == 0, run.err
    vector, pictures = _most_ink(poker_us / "out" / "poker-us.pdf")
    assert 200 < vector <= cap + SLACK and pictures <= cap + SLACK
    built = sheetgen(
        "build", "poker-us.toml", "--profile", "drivethrucards/poker-card", "-f", "pdf",
        "--out", "b", cwd=poker_us,
    )  # fmt: skip
    assert built.code == 0, built.err
    (made,) = (poker_us / "b").glob("*.pdf")
    assert _most_ink(made)[0] <= cap + SLACK
    assert f"total ink at most {cap:g}%" in built.err


@pytest.fixture(scope="module")
def marram(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """Marram's classic tiles (deep browns and near-blacks) in CMYK without a limit and at
    240%, and what the limited build said."""
    out = tmp_path_factory.mktemp("marram")
    args = ("build", "marram/classic", "-f", "pdf", "--colour", "cmyk")
    free = sheetgen(*args, "--out", str(out / "free"))
    assert free.code == 0, free.err
    held = sheetgen(*args, "--ink-limit", "240", "--out", str(out / "held"))
    assert held.code == 0, held.err
    name = "marram-classic-tiles-cmyk.pdf"
    return out / "free" / name, out / "held" / name, held.err


def test_dark_saturated_colours_are_brought_under_the_limit(
    marram: tuple[Path, Path, str],
) -> None:
    free, held, said = marram
    assert _most_ink(free)[0] > 280  # (the design's darkest brown takes most of 300%)
    assert _most_ink(held)[0] <= 240 + SLACK
    note = next(line for line in said.splitlines() if "total ink at most 240%" in line)
    figures = [float(f) for f in re.findall(r"(\d+\.\d)%", note)]
    assert figures[0] == pytest.approx(_most_ink(free)[0], abs=0.2)  # said before ...
    assert figures[1] == pytest.approx(_most_ink(held)[0], abs=0.2)  # ... and after


def _to_screen(pdf_path: Path) -> ImageCms.ImageCmsTransform:
    """CMYK to sRGB through the PDF's own output intent."""
    with pikepdf.open(pdf_path) as pdf:
        profile = pdf.Root.OutputIntents[0].DestOutputProfile.read_bytes()
    press = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    relative = ImageCms.Intent.RELATIVE_COLORIMETRIC
    flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
    return ImageCms.buildTransform(
        press, ImageCms.createProfile("sRGB"), "CMYK", "RGB", relative, flags
    )


def _seen(transform: ImageCms.ImageCmsTransform, ink: tuple[float, ...]) -> str:
    pixel = PILImage.new("CMYK", (1, 1), tuple(round(v * 255) for v in ink))
    r, g, b = transform.apply(pixel).getpixel((0, 0))  # type: ignore[misc]
    return f"#{r:02x}{g:02x}{b:02x}"


def test_colours_the_limit_moves_far_are_warned(marram: tuple[Path, Path, str]) -> None:
    """Each ink the limit changed, set in the same place of both files, seen through the output
    intent: where it moves more than ΔE00 4, it is more than 3 from the design (the colours it
    changes print within 1 of the design without it: Marram's near-blacks and worm brown), and
    a warning names the inks it now prints as."""
    free, held, said = marram
    with pikepdf.open(free) as a, pikepdf.open(held) as b:
        pairs = list(zip(_inks(a), _inks(b), strict=True))  # the same drawing, ink by ink
    changed = {(x, y) for x, y in pairs if x != y}
    assert changed and all(sum(y) < sum(x) for x, y in changed)
    screen = _to_screen(held)
    warned = {
        tuple(int(v) for v in found)
        for found in re.findall(r"prints as C (\d+) M (\d+) Y (\d+) K (\d+)", said)
    }
    far = []
    for before, after in changed:
        moved = Color(_seen(screen, before)).delta_e(Color(_seen(screen, after)), method="2000")
        if moved > 4:
            far.append(after)
            percent = tuple(round(v * 100) for v in after)
            near = [max(abs(p - w) for p, w in zip(percent, i, strict=True)) for i in warned]
            assert min(near, default=99) <= 1, f"{after} moved ΔE00 {moved:.1f} unwarned"
    assert far  # (Marram's worm brown goes far: the check above looked at something)
    assert "takes more ink than the 240% total" in said


def test_a_limit_no_colour_reaches_changes_no_byte(marram: tuple[Path, Path, str]) -> None:
    free, _, _ = marram
    assert _most_ink(free)[0] < 300
    out = free.parent.parent / "at300"
    run = sheetgen(
        "build", "marram/classic", "-f", "pdf", "--colour", "cmyk", "--ink-limit", "300",
        "--out", str(out), "-q",
    )  # fmt: skip
    assert run.code == 0, run.err
    assert (out / free.name).read_bytes() == free.read_bytes()


def _picture_doc() -> Document:
    """A picture of deep colours (a near-black, a dark blue, a deep red) and a pale one, and a
    large black area (a rich black)."""
    pixels = numpy.zeros((8, 8, 3), numpy.uint8)
    pixels[:2] = (10, 10, 10)
    pixels[2:4] = (20, 30, 80)
    pixels[4:6] = (90, 10, 20)
    pixels[6:] = (240, 230, 200)
    buffer = io.BytesIO()
    PILImage.fromarray(pixels, "RGB").save(buffer, "PNG")
    drawing = Drawing(
        100,
        100,
        (
            Rect(0, 0, 60, 60, Style(stroke=None, fill="#000000")),
            Image(60, 60, 30, 30, buffer.getvalue(), "png", (8, 8)),
        ),
    )
    page = Page(100, 100, (Placement(drawing, IDENTITY),), (0, 0, 100, 100), (0, 0, 100, 100))
    return Document((page,), "ink test")


@pytest.mark.parametrize("standard", ["PDF/X-4", "PDF/X-1a:2003"])
@pytest.mark.parametrize("limit", [240.0, 200.0])
def test_pictures_and_rich_black_keep_the_limit(standard: str, limit: float) -> None:
    doc = _picture_doc()
    free = render_pdf(doc, pdfx=standard)  # type: ignore[arg-type]
    held = render_pdf(doc, pdfx=standard, ink_limit=limit)  # type: ignore[arg-type]
    assert held == render_pdf(doc, pdfx=standard, ink_limit=limit)  # type: ignore[arg-type]
    assert _most_ink(free)[1] > 280
    vector, pictures = _most_ink(held)
    assert vector <= limit + SLACK and pictures <= limit + SLACK
    with pikepdf.open(io.BytesIO(free)) as a, pikepdf.open(io.BytesIO(held)) as b:
        (before,), (after,) = _pictures(a), _pictures(b)
        (rich,) = _inks(b)
    pale = slice(6, 8)  # (a pale colour takes little ink: left as it was)
    assert (after[pale] == before[pale]).all()
    assert rich[3] == 1 and min(rich[:3]) > 0  # still a rich black, under the limit
    # the near-black stays near black: grey moved to black ink, not washed out
    screen = ImageCms.buildTransform(
        ImageCms.ImageCmsProfile(io.BytesIO(_profile(held))),
        ImageCms.createProfile("sRGB"),
        "CMYK",
        "RGB",
        ImageCms.Intent.RELATIVE_COLORIMETRIC,
        ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )
    shown = screen.apply(PILImage.fromarray(after[:2], "CMYK")).getpixel((0, 0))
    assert max(shown) < 40  # type: ignore[arg-type]


def _profile(data: bytes) -> bytes:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return bytes(pdf.Root.OutputIntents[0].DestOutputProfile.read_bytes())


BASE = """name = "me/deck"
shop = "Me"
product = "a deck"
width = 63.5
height = 88.9
dpi = 300
colour = "cmyk"
"""


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("ink_limit = 90", "ink_limit: 90: use 100 to 300"),
        ("ink_limit = 320", "ink_limit: 320: use 100 to 300"),
        ('ink_limit = "240%"', "ink_limit: '240%': give the percent as a number, 240"),
        ("ink_limit = true", "ink_limit: True is no number"),
        ("ink_limit = nan", "ink_limit: nan: use 100 to 300"),
    ],
)
def test_a_bad_ink_limit_is_refused_at_its_line(
    poker_us: Path, tmp_path: Path, line: str, said: str
) -> None:
    profile = tmp_path / "me.toml"
    profile.write_text(BASE + line + "\n", encoding="utf-8")
    run = sheetgen(
        "build", str(poker_us / "poker-us.toml"), "--profile", str(profile), "-f", "pdf",
        "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert run.code != 0
    assert run.err.strip() == f"error: {profile}:8: {said}"
    assert not (tmp_path / "out").exists()


def test_an_ink_limit_on_rgb_is_refused(poker_us: Path, tmp_path: Path) -> None:
    profile = tmp_path / "me.toml"
    profile.write_text(BASE.replace('"cmyk"', '"rgb"') + "ink_limit = 240\n", encoding="utf-8")
    run = sheetgen(
        "build", str(poker_us / "poker-us.toml"), "--profile", str(profile), "-f", "pdf",
        "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert run.code != 0 and run.err.count("\n") == 1
    assert f"{profile}:8: ink_limit: an ink limit is for a CMYK file" in run.err
    flag = sheetgen(
        "build", "scrumpit/tiles", "-f", "pdf", "--ink-limit", "240", "--out", str(tmp_path / "o")
    )
    assert flag.code == 2 and flag.err.count("\n") == 1
    assert "--ink-limit 240: an ink limit is for a CMYK PDF" in flag.err
    low = sheetgen(
        "build", "scrumpit/tiles", "-f", "pdf", "--colour", "cmyk", "--ink-limit", "50",
        "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert low.code == 2 and "--ink-limit 50: use 100 to 300" in low.err
    assert not (tmp_path / "out").exists()
