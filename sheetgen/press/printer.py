"""A printer's profile, calibrated once: what `sheetgen calibrate`'s sheet read off on it (the
backs' drift, the edge a duplex sheet turns over, the unprintable margins and the lengths the
100 mm bars across and down printed at), kept as a small TOML file in the user's config folder
($XDG_CONFIG_HOME/sheetgen/printers/NAME.toml, ~/.config by default) that `build --printer
NAME` applies in place of flags repeated at every build: the offset and flip to the backs, the
widest margin to the press's margin, and the bars' lengths to every page, scaled about its
middle so that the printer prints it true (`true_to_printer`)."""

from __future__ import annotations

import math
import os
import re
import tomllib
from dataclasses import replace
from pathlib import Path

from sheetgen.draw.document import Box, Document, Flip, Placement
from sheetgen.draw.transform import Transform, scale, translate
from sheetgen.errors import UsageError
from sheetgen.frozen import frozen
from sheetgen.press.footer import SAFE_EDGE
from sheetgen.press.paper import Paper

NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
EDGES = ("top", "right", "bottom", "left")
MAX_EDGE = 10.0  # mm: the margin scales read 1 to 10 mm in from each edge
MAX_FILE = 4096  # bytes: a profile is a few short lines
SCALE_RANGE = (95.0, 105.0)  # mm the 100 mm bar may print at: beyond, the print was scaled
TRUE = (100.0, 100.0)  # mm the bars across and down measure on a printer printing true


@frozen
class Printer:
    """One printer's readings: `offset` (X,Y mm) shifts every back, `flip` is the edge its
    duplex turns over, `margins` (top, right, bottom, left, mm) are where it cannot print,
    `bars` are what the 100 mm bars across and down measured (mm; 100 each when true)."""

    name: str
    offset: tuple[float, float] = (0.0, 0.0)
    flip: Flip = "long"
    margins: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    bars: tuple[float, float] = TRUE

    @property
    def widest(self) -> float:
        """mm of the widest of its unprintable margins."""
        return max(self.margins)

    @property
    def stretch(self) -> tuple[float, float]:
        """What a page is multiplied by across and down to print true on it (1, 1: as is)."""
        return (TRUE[0] / self.bars[0], TRUE[1] / self.bars[1])

    @property
    def fit(self) -> PrinterFit:
        """How a build is fitted to this printer."""
        return PrinterFit(self.stretch, max(SAFE_EDGE, self.widest))

    def text(self) -> str:
        """The profile as its TOML file holds it."""
        top, right, bottom, left = self.margins
        return (
            f"# sheetgen printer profile: {self.name}\n"
            f"offset = [{self.offset[0]:g}, {self.offset[1]:g}]  # mm, X,Y: every back shifted\n"
            f'flip = "{self.flip}"  # the edge a duplex sheet turns over\n'
            f"margins = [{top:g}, {right:g}, {bottom:g}, {left:g}]  # mm unprintable: "
            "top, right, bottom, left\n"
            f"bars = [{self.bars[0]:g}, {self.bars[1]:g}]  # mm the 100 mm bars measured: "
            "across, down\n"
        )

    def said(self) -> str:
        """One line of what the profile holds, for `sheetgen printer`'s list."""
        margins = ",".join(f"{m:g}" for m in self.margins)
        return (
            f"{self.name}: --offset {self.offset[0]:g},{self.offset[1]:g} --flip {self.flip}, "
            f"margins {margins} mm, 100 mm bars at {self.bars[0]:g},{self.bars[1]:g} mm"
        )

    def notes(self) -> list[str]:
        """What a build is told it does on this printer."""
        out = []
        if self.widest > SAFE_EDGE:
            edges = [e for e, m in zip(EDGES, self.margins, strict=True) if m == self.widest]
            out.append(
                f"printer {self.name}: everything printed kept {self.widest:g} mm from the "
                f"paper's edges, as it cannot print nearer its {' and '.join(edges)} edge"
            )
        if self.stretch != (1.0, 1.0):
            across, down = (f"{100 * s:.2f}%" for s in self.stretch)
            out.append(
                f"printer {self.name}: every page printed at {across} across and {down} down, "
                f"as its 100 mm bars measured {self.bars[0]:g} and {self.bars[1]:g} mm"
            )
        return out


@frozen
class PrinterFit:
    """How a build is fitted to a printer: `stretch`, what its pages are multiplied by across
    and down (the paper held portrait, as the calibration sheet was), and `edge`, the mm of
    the paper's edge it cannot print (SAFE_EDGE, or its widest unprintable margin)."""

    stretch: tuple[float, float] = (1.0, 1.0)
    edge: float = SAFE_EDGE

    @property
    def plain(self) -> bool:
        """Whether the build is pressed as it would be with no printer."""
        return self.stretch == (1.0, 1.0) and self.edge <= SAFE_EDGE

    def insets(self, paper: Paper) -> tuple[float, float]:
        """mm the press's paper is made smaller on each side, across and down (portrait), so
        that what it keeps SAFE_EDGE clear of its edge stays `edge` clear of the real paper's
        once scaled about the middle by `stretch`."""
        out = []
        for size, factor in zip((paper.width, paper.height), self.stretch, strict=True):
            middle = size / 2
            out.append(max(0.0, middle - (middle - self.edge) / factor - SAFE_EDGE))
        return (out[0], out[1])

    def press_paper(self, paper: Paper) -> Paper:
        """The paper the press lays the build out on: `paper` less the insets."""
        across, down = self.insets(paper)
        return Paper(paper.name, paper.width - 2 * across, paper.height - 2 * down)

    def fitted(self, document: Document, paper: Paper) -> Document:
        """`document`, laid out on `press_paper(paper)`, put back on `paper`: each page of the
        press's paper moved in by the insets and scaled about the real page's middle by
        `stretch` (turned with a landscape page: its width runs down the paper), so that the
        printer prints it true; pages of other sizes (a screen's image) as they are."""
        if self.plain:
            return document
        small = self.press_paper(paper)
        across, down = self.insets(paper)
        pages = []
        for page in document.pages:
            turned = page.width > page.height
            size = small.oriented(turned)
            if (round(page.width, 6), round(page.height, 6)) != tuple(round(v, 6) for v in size):
                pages.append(page)
                continue
            dx, dy = (down, across) if turned else (across, down)
            sx, sy = (self.stretch[1], self.stretch[0]) if turned else self.stretch
            w, h = page.width + 2 * dx, page.height + 2 * dy
            about = translate(w / 2, h / 2) @ scale(sx, sy) @ translate(-w / 2, -h / 2)
            moved = about @ translate(dx, dy)
            placed = tuple(Placement(p.drawing, moved @ p.transform) for p in page.placements)
            trim, bleed = (_box(b, moved) for b in (page.trim, page.bleed))
            pages.append(
                replace(page, width=w, height=h, placements=placed, trim=trim, bleed=bleed)
            )
        return replace(document, pages=tuple(pages))


def _box(box: Box | None, at: Transform) -> Box | None:
    """A page box (x, y, width, height) where `at` (a scale and a shift) puts it."""
    if box is None:
        return None
    x0, y0 = at.apply(box[0], box[1])
    x1, y1 = at.apply(box[0] + box[2], box[1] + box[3])
    return (x0, y0, x1 - x0, y1 - y0)


def folder() -> Path:
    """Where printer profiles are kept: $XDG_CONFIG_HOME/sheetgen/printers (an absolute
    XDG_CONFIG_HOME only, as the spec says), else ~/.config/sheetgen/printers."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".config"
    return root / "sheetgen" / "printers"


def check_name(name: str) -> str:
    """A printer's name as its file is named: lower-case letters, digits, - and _."""
    word = name.strip().lower()
    if not NAME.fullmatch(word):
        raise UsageError(
            f"printer {name!r}: name it with letters, digits, - and _ (up to 40, starting with "
            "a letter or digit), e.g. office-laser"
        )
    return word


def known() -> list[str]:
    """The names of the printers with a profile, sorted."""
    where = folder()
    if not where.is_dir():
        return []
    return sorted(p.stem for p in where.glob("*.toml") if NAME.fullmatch(p.stem))


def path_of(name: str) -> Path:
    return folder() / f"{check_name(name)}.toml"


def load(name: str) -> Printer:
    """The profile of printer `name`; an unknown name is refused naming the known ones."""
    word = check_name(name)
    path = path_of(word)
    if not path.is_file():
        names = known()
        have = f"known: {', '.join(names)}" if names else "none is saved yet"
        raise UsageError(
            f"--printer {name}: no such printer profile in {path.parent} ({have}; save one "
            f"with 'sheetgen printer {word} --offset X,Y')"
        )
    raw = path.read_bytes()[: MAX_FILE + 1]
    if len(raw) > MAX_FILE:
        raise UsageError(f"{path}: over {MAX_FILE} bytes, not a printer profile")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
        return Printer(
            word,
            offset=_pair(data.get("offset", [0, 0])),
            flip=_flip(data.get("flip", "long")),
            margins=_margins(data.get("margins", [0, 0, 0, 0])),
            bars=_bars(data.get("bars", data.get("hundred", list(TRUE)))),
        )
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError, TypeError) as exc:
        raise UsageError(
            f"{path}: not a printer profile ({exc}); save it again with 'sheetgen printer {word}'"
        ) from None


def _number(value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{value!r} is not a number")
    if not (math.isfinite(value) and low <= value <= high):
        raise ValueError(f"{value:g} is outside {low:g} to {high:g}")
    return float(value)


def _pair(value: object) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("offset is [X, Y]")
    x, y = (_number(v, -10.0, 10.0) for v in value)
    return (x, y)


def _margins(value: object) -> tuple[float, float, float, float]:
    if not isinstance(value, list) or len(value) != 4:
        raise ValueError("margins is [top, right, bottom, left]")
    top, right, bottom, left = (_number(v, 0.0, MAX_EDGE) for v in value)
    return (top, right, bottom, left)


def _bars(value: object) -> tuple[float, float]:
    """[across, down] in mm, or one number for both (a profile of one bar)."""
    values = value if isinstance(value, list) else [value]
    if len(values) == 1:
        values = values * 2
    if len(values) != 2:
        raise ValueError("bars is [across, down]")
    across, down = (_number(v, *SCALE_RANGE) for v in values)
    return (across, down)


def _flip(value: object) -> Flip:
    if value == "long" or value == "short":
        return value
    raise ValueError(f"flip {value!r} is long or short")


def parse_margins(text: str) -> tuple[float, float, float, float]:
    """`T,R,B,L` in mm (each 0 to 10, as the margin scales read), or one value for all four."""
    try:
        values = [float(v) for v in text.split(",")]
        if len(values) == 1:
            values *= 4
        return _margins(values)
    except ValueError:
        raise UsageError(
            f"--margins {text!r}: give the unprintable margins read off the calibration sheet "
            f"as T,R,B,L in mm, each 0 to {MAX_EDGE:g} (e.g. 4,4,6,4)"
        ) from None


def parse_bars(text: str) -> tuple[float, float]:
    """--scale: the lengths the 100 mm bars across and down printed at, in mm (one value for
    both)."""
    try:
        return _bars([float(v) for v in text.split(",")])
    except ValueError:
        raise UsageError(
            f"--scale {text!r}: give the lengths the 100 mm bars across and down printed at as "
            f"ACROSS,DOWN in mm, each {SCALE_RANGE[0]:g} to {SCALE_RANGE[1]:g} (e.g. 99.6,99.8; "
            "more off than that, the print was scaled: print at actual size)"
        ) from None
