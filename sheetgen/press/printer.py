"""A printer's profile, calibrated once: what `sheetgen calibrate`'s sheet read off on it (the
backs' drift, the edge a duplex sheet turns over, the unprintable margins and the length the
100 mm bar printed at), kept as a small TOML file in the user's config folder
($XDG_CONFIG_HOME/sheetgen/printers/NAME.toml, ~/.config by default) that `build --printer
NAME` applies in place of flags repeated at every build."""

from __future__ import annotations

import math
import os
import re
import tomllib
from pathlib import Path

from sheetgen.draw.document import Flip
from sheetgen.errors import UsageError
from sheetgen.frozen import frozen

NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
EDGES = ("top", "right", "bottom", "left")
MAX_EDGE = 10.0  # mm: the margin scales read 1 to 10 mm in from each edge
MAX_FILE = 4096  # bytes: a profile is a few short lines
SCALE_RANGE = (95.0, 105.0)  # mm the 100 mm bar may print at: beyond, the print was scaled


@frozen
class Printer:
    """One printer's readings: `offset` (X,Y mm) shifts every back, `flip` is the edge its
    duplex turns over, `margins` (top, right, bottom, left, mm) are where it cannot print,
    `hundred` is what the 100 mm bar measured (mm; 100 when at actual size)."""

    name: str
    offset: tuple[float, float] = (0.0, 0.0)
    flip: Flip = "long"
    margins: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    hundred: float = 100.0

    def text(self) -> str:
        """The profile as its TOML file holds it."""
        top, right, bottom, left = self.margins
        return (
            f"# sheetgen printer profile: {self.name}\n"
            f"offset = [{self.offset[0]:g}, {self.offset[1]:g}]  # mm, X,Y: every back shifted\n"
            f'flip = "{self.flip}"  # the edge a duplex sheet turns over\n'
            f"margins = [{top:g}, {right:g}, {bottom:g}, {left:g}]  # mm unprintable: "
            "top, right, bottom, left\n"
            f"hundred = {self.hundred:g}  # mm the 100 mm bar measured\n"
        )

    def said(self) -> str:
        """One line of what the profile holds, for `sheetgen printer`'s list."""
        margins = ",".join(f"{m:g}" for m in self.margins)
        return (
            f"{self.name}: --offset {self.offset[0]:g},{self.offset[1]:g} --flip {self.flip}, "
            f"margins {margins} mm, 100 mm bar at {self.hundred:g} mm"
        )

    def warnings(self, margin: float) -> list[str]:
        """What a build inside `margin` mm of each edge should be told on this printer."""
        out = []
        wide = [(e, m) for e, m in zip(EDGES, self.margins, strict=True) if m > margin]
        if wide:
            edges = ", ".join(f"{e} {m:g} mm" for e, m in wide)
            least = math.ceil(max(m for _e, m in wide))
            out.append(
                f"printer {self.name} cannot print within {edges} of the edge, more than the "
                f"{margin:g} mm margin kept: pass --margin {least} to keep the pieces whole"
            )
        if abs(self.hundred - 100.0) > 0.2:
            out.append(
                f"printer {self.name} printed the 100 mm bar at {self.hundred:g} mm: print at "
                "actual size (100%, no 'fit to page') in the print dialog"
            )
        return out


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
            hundred=_number(data.get("hundred", 100.0), *SCALE_RANGE),
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


def parse_hundred(value: float) -> float:
    """--scale: what the 100 mm bar measured, in mm."""
    try:
        return _number(value, *SCALE_RANGE)
    except ValueError:
        raise UsageError(
            f"--scale {value:g}: give the length the 100 mm bar printed at, "
            f"{SCALE_RANGE[0]:g} to {SCALE_RANGE[1]:g} mm (more off than that, the print was "
            "scaled: print at actual size)"
        ) from None
