"""Print shops' products as data: a press profile (TOML) names one product of one shop, its
piece size, bleed and safe zone, resolution, colour space, whether it takes one file a face or
one PDF, how its files are named and what it does with backs. Shipped profiles live in
`profiles/shops/<shop>/<product>.toml` (named `<shop>/<product>`); a designer's own is a
`.toml` path, or a name found next to the layout. Adding a shop is one file.

A profile is read once, each key checked here; what is wrong is one line,
`file:line: key: what is wrong`."""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

from sheetgen.errors import UsageError
from sheetgen.files import ReadRefused, read_limited
from sheetgen.frozen import frozen
from sheetgen.layouts.toml.positions import positions
from sheetgen.resources import resource_dir

ProfileColour = Literal["rgb", "cmyk"]
Standard = Literal["PDF/X-4", "PDF/X-1a:2003"]
"""The PDF/X a CMYK PDF conforms to: PDF/X-4 (ISO 15930-7: colours in the output intent's
ICC space, transparency kept), or PDF/X-1a:2003 (ISO 15930-4: plain device CMYK, PDF 1.4,
nothing see-through), which some shops still ask for."""
STANDARDS: dict[str, Standard] = {"x4": "PDF/X-4", "x1a": "PDF/X-1a:2003"}
# the words a PDF/X's file name carries after the layout's (`pipeline.output.output_name`)
FILE_WORDS: dict[Standard, tuple[str, ...]] = {
    "PDF/X-4": ("cmyk",),
    "PDF/X-1a:2003": ("cmyk", "x1a"),
}
Output = Literal["images", "pdf"]
Backs = Literal["one", "before", "after", "none"]
MM_PER = {"mm": 1.0, "in": 25.4}
MAX_PROFILE_BYTES = 64_000
SIZE_TOLERANCE = 0.05  # mm: a layout's piece this close to the product's size is its size
_KEYS: tuple[str, ...] = ("name", "shop", "product", "source", "unit", "width", "height")
_KEYS += ("bleed", "safe", "dpi", "px", "colour", "standard", "ink_limit", "output", "files")
_KEYS += ("backs",)
PRESS_INK = 300.0  # percent: the most ink in all sheetgen's CMYK profile lays down (its 300%)
LEAST_INK = 100.0  # percent: a total ink limit under one solid ink would forbid solid black
_FIELDS = re.compile(r"\{(\w+)\}")
FILE_FIELDS = ("game", "layout", "face", "n")
_SLUG = re.compile(r"[A-Za-z0-9{}][A-Za-z0-9{}_-]{0,100}")


def parse_standard(text: str) -> Standard | None:
    """The PDF/X `text` names, as a shop writes it (`PDF/X-1a:2003`, `PDF/X-4`) or in short
    (`x1a`, `x4`), case aside; None if it names none sheetgen makes."""
    word = text.strip().lower().removeprefix("pdf/").replace("-", "")
    word = word.removesuffix(":2003") if word.startswith("x1a") else word
    return STANDARDS.get(word)


STANDARDS_SAID = " or ".join(STANDARDS.values())


@frozen
class Profile:
    """One product of one print shop, its lengths in mm."""

    name: str
    shop: str
    product: str
    source: str
    width: float
    height: float
    bleed: float
    safe: float
    dpi: int
    px: tuple[int, int] | None
    colour: ProfileColour
    standard: Standard | None  # the PDF/X of a CMYK PDF (None: RGB)
    ink_limit: float | None  # a CMYK PDF's total ink at most, percent (None: PRESS_INK)
    output: Output
    files: str
    backs: Backs
    path: Path

    @property
    def size_words(self) -> str:
        """The product's trim size as the shop says it, and in mm."""
        return f"{round(self.width, 2):g} x {round(self.height, 2):g} mm"

    def pixels(self) -> tuple[int, int]:
        """An image's size with its bleed at the profile's dpi."""
        per = self.dpi / 25.4
        return (
            round((self.width + 2 * self.bleed) * per),
            round((self.height + 2 * self.bleed) * per),
        )

    def matches(self, width: float, height: float) -> bool:
        """Whether a piece of width x height mm is this product, either way up."""
        w, h = self.width, self.height
        return any(
            abs(width - a) <= SIZE_TOLERANCE and abs(height - b) <= SIZE_TOLERANCE
            for a, b in ((w, h), (h, w))
        )

    def file_name(self, game: str, layout: str, face: str, n: int, ext: str) -> str:
        """A file's name by the profile's `files` pattern, with its extension."""
        values = {"game": game, "layout": layout, "face": face, "n": str(n)}
        return _FIELDS.sub(lambda m: values[m.group(1)], self.files) + f".{ext}"


class _Reader:
    """A profile file's keys, each refused at its line."""

    def __init__(self, path: Path, text: str, data: dict[str, Any]) -> None:
        self.path, self.data = path, data
        self.found = positions(text)

    def fail(self, key: str, what: str) -> UsageError:
        at = self.found.get((key,))
        line = f":{at[0]}" if at else ""
        return UsageError(f"{self.path}{line}: {key}: {what}")

    def text(self, key: str, default: str | None = None) -> str:
        value = self.data.get(key, default)
        if value is None:
            raise self.fail(key, "missing; every profile names it")
        if value == default == "":  # optional, and not given
            return ""
        if not isinstance(value, str) or not value.strip() or len(value) > 200:
            raise self.fail(key, "give it as text in quotes, at most 200 characters")
        return value.strip()

    def word(self, key: str, words: tuple[str, ...], default: str | None = None) -> str:
        value = self.text(key, default)
        if value not in words:
            raise self.fail(key, f"{value!r}: use {' or '.join(words)}")
        return value

    def number(self, key: str, low: float, high: float, default: float | None = None) -> float:
        value = self.data.get(key, default)
        if value is None:
            raise self.fail(key, "missing; every profile gives it")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(key, f"{value!r} is no number")
        if not (math.isfinite(value) and low <= value <= high):
            raise self.fail(key, f"{value:g}: use {low:g} to {high:g}")
        return float(value)


def read_profile(path: Path) -> Profile:
    """The profile in `path`, each key checked; a bad one is one `file:line: key:` line."""
    try:
        raw = read_limited(path, MAX_PROFILE_BYTES)
    except ReadRefused as exc:
        raise UsageError(f"--profile {path}: {exc}") from None
    except OSError as exc:
        raise UsageError(f"--profile {path}: cannot be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not a TOML file: {exc}") from None
    reader = _Reader(path, text, data)
    for key in data:
        if key not in _KEYS:
            raise reader.fail(key, f"not a profile key; the keys are {', '.join(_KEYS)}")
    unit = reader.word("unit", tuple(MM_PER), "mm")
    mm = MM_PER[unit]
    top = 600 / mm
    width = reader.number("width", 5 / mm, top) * mm
    height = reader.number("height", 5 / mm, top) * mm
    bleed = reader.number("bleed", 0, 10 / mm, 0.0) * mm
    safe = reader.number("safe", 0, min(width, height) / 2 / mm, 0.0) * mm
    dpi = reader.number("dpi", 72, 1200)
    if dpi != int(dpi):
        raise reader.fail("dpi", f"{dpi:g}: a whole number of dots an inch")
    files = reader.text("files", "{game}-{layout}-{face}")
    unknown = [f for f in _FIELDS.findall(files) if f not in FILE_FIELDS]
    if unknown or not _SLUG.fullmatch(files):
        raise reader.fail(
            "files",
            f"{files!r}: letters, digits, '-' and the fields "
            f"{', '.join('{' + f + '}' for f in FILE_FIELDS)} (no extension, no folders)",
        )
    output = reader.word("output", ("images", "pdf"), "images")
    backs = reader.word("backs", ("one", "before", "after", "none"), "one")
    if output == "images" and backs in ("before", "after"):
        raise reader.fail("backs", f"{backs!r} orders a PDF's pages; images take one or none")
    colour = reader.word("colour", ("rgb", "cmyk"), "rgb")
    profile = Profile(
        name=reader.text("name"),
        shop=reader.text("shop"),
        product=reader.text("product"),
        source=reader.text("source", ""),
        width=width,
        height=height,
        bleed=bleed,
        safe=safe,
        dpi=int(dpi),
        px=None,
        colour=colour,  # type: ignore[arg-type]
        standard=_standard(reader, colour),
        ink_limit=_ink_limit(reader, colour),
        output=output,  # type: ignore[arg-type]
        files=files,
        backs=backs,  # type: ignore[arg-type]
        path=path,
    )
    if "px" in data:
        px = data["px"]
        if not (
            isinstance(px, list)
            and len(px) == 2
            and all(isinstance(p, int) and not isinstance(p, bool) for p in px)
        ):
            raise reader.fail("px", "give the image's width and height with bleed, [825, 1125]")
        if tuple(px) != profile.pixels():
            w, h = profile.pixels()
            raise reader.fail(
                "px",
                f"{px[0]} x {px[1]} px, but the size, bleed and dpi make {w} x {h} px",
            )
        profile = replace(profile, px=(px[0], px[1]))
    return profile


def _standard(reader: _Reader, colour: str) -> Standard | None:
    """The profile's `standard`: the PDF/X of its CMYK PDF, PDF/X-4 unless it says; none for
    RGB, where it is refused."""
    if colour != "cmyk":
        if "standard" in reader.data:
            raise reader.fail("standard", 'a PDF/X is a CMYK file: set colour = "cmyk"')
        return None
    text = reader.text("standard", STANDARDS["x4"])
    standard = parse_standard(text)
    if standard is None:
        raise reader.fail("standard", f"{text!r}: use {STANDARDS_SAID}")
    return standard


def _ink_limit(reader: _Reader, colour: str) -> float | None:
    """The profile's `ink_limit`: the most ink in all its CMYK PDF may lay down anywhere, in
    percent (the shop's figure, 240 for "at most 240%"); None where it gives none (the CMYK
    profile's own PRESS_INK). Refused for RGB, which has no inks."""
    if "ink_limit" not in reader.data:
        return None
    if colour != "cmyk":
        raise reader.fail("ink_limit", 'an ink limit is for a CMYK file: set colour = "cmyk"')
    value = reader.data["ink_limit"]
    if isinstance(value, str) and value.strip().endswith("%"):
        raise reader.fail("ink_limit", f"{value!r}: give the percent as a number, 240")
    return reader.number("ink_limit", LEAST_INK, PRESS_INK)


def shipped() -> dict[str, Path]:
    """Every profile sheetgen ships, by name (`<shop>/<product>`)."""
    folder = resource_dir("profiles") / "shops"
    found = sorted(folder.glob("*/*.toml")) if folder.is_dir() else []
    return {f"{p.parent.name}/{p.stem}": p for p in found}


def find_profile(ref: str, layouts: tuple[str, ...] = ()) -> Profile:
    """The profile `ref` names: a `.toml` file, a shipped profile's name, or a profile of that
    name next to one of the `layouts` given as files."""
    if ref.endswith(".toml"):
        path = Path(ref)
        if not path.is_file():
            raise UsageError(f"--profile {ref}: no such file")
        return read_profile(path)
    ours = shipped()
    if ref in ours:
        return read_profile(ours[ref])
    for layout in layouts:
        beside = Path(layout).parent / f"{ref}.toml"
        if layout.endswith(".toml") and "/" not in ref and beside.is_file():
            return read_profile(beside)
    raise UsageError(
        f"--profile {ref}: no such profile; sheetgen ships {', '.join(ours) or 'none'}, "
        "or give a .toml file (or a profile's name next to the layout)"
    )


def check_piece_size(
    profile: Profile, source: str, sizes: list[tuple[float, float]], what: str = "pieces"
) -> None:
    """Refuse a layout (`source`) whose pieces (`sizes`, trimmed, in mm) are not the profile's
    product, saying both sizes; a board's (`what`) as pressed, its page's trim."""
    if not sizes:
        raise UsageError(
            f"--profile {profile.name}: {source} has no pieces cut apart to print as "
            f"{profile.product}"
        )
    w, h = round(profile.width, 2), round(profile.height, 2)
    board = what == "board"
    fix = (
        f"make a custom/pieces layout whose piece is {w:g} x {h:g} mm"
        if board
        else f"set width = {w:g} and height = {h:g} in the layout's [piece] table (a layout "
        "of its own can extend this one)"
    )
    for width, height in sizes:
        if not profile.matches(width, height):
            size = f"{width:g} x {height:g} mm"
            said = f"pieces are {size}"
            if board:
                said = f"board is {size} as printed with the profile's bleed"
            raise UsageError(
                f"--profile {profile.name}: {source}'s {said}, but the profile's product, "
                f"{profile.product}, is {profile.size_words}; {fix}, or choose another profile"
            )
