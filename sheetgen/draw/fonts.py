"""The fonts every backend uses, and text measured from their real metrics."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sheetgen.draw.shapes import Anchor, Text, Weight
from sheetgen.errors import SheetgenError
from sheetgen.resources import resource_dir


@dataclass(frozen=True)
class FontFace:
    """One font file and the names each backend knows it by."""

    file: str
    pdf_name: str
    css_family: str

    @property
    def path(self) -> Path:
        return resource_dir("fonts") / self.file


FACES: dict[tuple[str, Weight], FontFace] = {
    ("sans", "regular"): FontFace("DejaVuSans.ttf", "SheetgenSans", "DejaVu Sans"),
    ("sans", "bold"): FontFace("DejaVuSans-Bold.ttf", "SheetgenSans-Bold", "DejaVu Sans"),
}
CSS_FALLBACKS = "Verdana, 'Bitstream Vera Sans', Arial, sans-serif"


def face(family: str, weight: Weight) -> FontFace:
    """The face for a family and weight; an unknown family is an error naming the known ones."""
    try:
        return FACES[(family, weight)]
    except KeyError:
        known = sorted({f for f, _ in FACES})
        raise ValueError(f"unknown font family {family!r} (known: {', '.join(known)})") from None


@dataclass(frozen=True)
class _Metrics:
    units: int
    advances: dict[int, int]
    default: int
    cap_height: int


@cache
def _metrics(path: Path) -> _Metrics:
    from fontTools.ttLib import TTFont

    try:
        font = TTFont(str(path), lazy=True)
        cmap = font.getBestCmap()
        hmtx = font["hmtx"].metrics
        advances = {code: hmtx[name][0] for code, name in cmap.items()}
        cap = getattr(font["OS/2"], "sCapHeight", 0) or font["glyf"][cmap[ord("H")]].yMax
        return _Metrics(font["head"].unitsPerEm, advances, hmtx[".notdef"][0], cap)
    except Exception as exc:  # any parse failure means a corrupt or missing file
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        raise SheetgenError(
            f"{path}: font file cannot be read ({reason}); reinstall sheetgen "
            "or point SHEETGEN_FONT_DIR at the DejaVu Sans files"
        ) from None


def text_width(text: str, size: float, weight: Weight = "regular", family: str = "sans") -> float:
    """The advance width in mm of `text` at em size `size` mm."""
    m = _metrics(face(family, weight).path)
    return sum(m.advances.get(ord(ch), m.default) for ch in text) * size / m.units


def cap_height(size: float, weight: Weight = "regular", family: str = "sans") -> float:
    """The height in mm of a capital letter at em size `size` mm."""
    m = _metrics(face(family, weight).path)
    return m.cap_height * size / m.units


def fit_size(
    text: str, max_width: float, size: float, weight: Weight = "regular", family: str = "sans"
) -> float:
    """`size`, shrunk just enough that `text` is no wider than `max_width`."""
    width = text_width(text, size, weight, family)
    return size if width <= max_width else size * max_width / width


def label(
    x: float,
    cy: float,
    text: str,
    size: float,
    *,
    anchor: Anchor = "middle",
    weight: Weight = "regular",
    colour: str = "#000000",
    max_width: float | None = None,
    rotation: float = 0.0,
) -> Text:
    """Text whose capitals are centred vertically on `cy`, shrunk to `max_width` if given."""
    if max_width is not None:
        size = fit_size(text, max_width, size, weight)
    baseline = cy + cap_height(size, weight) / 2
    return Text(
        x, baseline, text, size, colour=colour, weight=weight, anchor=anchor, rotation=rotation
    )


def pt(points: float) -> float:
    """Points to millimetres, for font sizes given in points."""
    return points * 25.4 / 72.0


def wrap(text: str, size: float, max_width: float, weight: Weight = "regular") -> list[str]:
    """`text` broken at spaces into lines no wider than `max_width` (a long word stands alone)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size, weight) > max_width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines
