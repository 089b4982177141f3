"""The build's options read from the command line: formats, flip, offset, names, and which
options the chosen layouts honour. Each bad value is one usage error that says what would do."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from sheetgen.backends import FORMATS, Format
from sheetgen.draw.document import Flip
from sheetgen.errors import UsageError
from sheetgen.files import read_lines
from sheetgen.press.plan import CropMarks, PressOptions
from sheetgen.text.printable import PRINTS, unprintable
from sheetgen.text.typefaces import uncovered


@dataclass(frozen=True)
class BuildRequest:
    """Everything `sheetgen build` was asked for."""

    refs: tuple[str, ...]
    build_all: bool
    formats: str
    paper: str
    copies: int
    out: Path
    create_out: bool
    dpi: int
    fillable: bool
    transparent: bool
    quiet: bool
    names: Path | None = None
    duplex: bool = False
    tile_size: float | None = None
    flip: str | None = None
    offset: str | None = None
    px: int | None = None
    fit: bool = False
    gap: float | None = None
    margin: float | None = None
    ruler: bool = True
    crop_marks: str | None = None
    bleed: float | None = None
    fold: bool = False
    only: str | None = None


@dataclass(frozen=True)
class BuildOptions:
    """What every builder is told: how to press, how many copies, whether to add form fields."""

    press: PressOptions = field(default_factory=PressOptions)
    copies: int = 1
    names: tuple[str, ...] = ()
    duplex: bool = False
    tile_size: float | None = None
    flip: Flip = "long"
    offset: tuple[float, float] = (0.0, 0.0)
    px: int | None = None
    fit: bool = False
    only: tuple[str, ...] = ()  # --only: the pieces, decks or dice to print, not the whole set


def parse_formats(text: str) -> tuple[Format, ...]:
    """`pdf,svg` as ('pdf', 'svg'); an unknown format is a usage error."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    bad = [n for n in names if n not in FORMATS]
    if bad or not names:
        raise UsageError(
            f"--format {text!r}: use one or more of {', '.join(FORMATS)}, separated by commas"
        )
    return tuple(dict.fromkeys(cast(list[Format], names)))


MAX_NAMES, MAX_NAME_LENGTH = 1000, 40
MAX_NAMES_BYTES = 1_000_000  # room for the names, blank lines and spaces around them
MAX_OFFSET = 10.0


def parse_flip(text: str | None) -> Flip:
    """`long` or `short` (the duplex flip edge); long when not given."""
    if text is None or text.strip().lower() in ("long", "long-edge"):
        return "long"
    if text.strip().lower() in ("short", "short-edge"):
        return "short"
    raise UsageError(f"--flip {text!r}: use long or short (the edge the sheet turns over)")


def parse_offset(text: str | None) -> tuple[float, float]:
    """`X,Y` in mm (each within ±10) to shift every back; 0,0 when not given."""
    if text is None:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--offset {text!r}: give X,Y in mm, e.g. 0.5,-0.3") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise UsageError(f"--offset {text!r}: give X,Y as numbers in mm, e.g. 0.5,-0.3")
    if abs(x) > MAX_OFFSET or abs(y) > MAX_OFFSET:
        raise UsageError(f"--offset {text!r}: each shift is at most {MAX_OFFSET:g} mm")
    return (x, y)


CROP_MARKS: tuple[CropMarks, ...] = ("none", "corners", "full")
MAX_GAP, MAX_MARGIN, MAX_BLEED = 30.0, 50.0, 5.0


def parse_crop_marks(text: str | None) -> CropMarks | None:
    """`none`, `corners` or `full`; None (each kind's own) when not given."""
    if text is None:
        return None
    word = text.strip().lower()
    for style in CROP_MARKS:
        if word == style:
            return style
    raise UsageError(
        f"--crop-marks {text!r}: use none, corners (short marks outside the pieces) or full "
        "(lines across the sheet)"
    )


def check_mm(flag: str, value: float | None, low: float, high: float, why: str) -> None:
    """A length option within low..high mm, else one line saying why the range holds."""
    if value is not None and not (math.isfinite(value) and low <= value <= high):
        raise UsageError(f"{flag} {value:g}: use {low:g} to {high:g} mm ({why})")


def read_names(path: Path) -> tuple[str, ...]:
    """Player names from a text file, one a line (blank lines skipped)."""
    names = []
    for number, name in read_lines(path, "--names", MAX_NAMES_BYTES, "names"):
        if len(name) > MAX_NAME_LENGTH or unprintable(name):
            raise UsageError(
                f"--names {path}:{number}: a name is at most {MAX_NAME_LENGTH} printable characters"
            )
        missing = uncovered(name)
        if missing:
            raise UsageError(
                f"--names {path}:{number}: no font sheetgen carries can print {missing}; {PRINTS}"
            )
        names.append(name)
    if not names:
        raise UsageError(f"--names {path}: the file holds no names (one name a line)")
    if len(names) > MAX_NAMES:
        raise UsageError(f"--names {path}: {len(names)} names, over the limit of {MAX_NAMES}")
    return tuple(names)


MAX_NAMED_SHEETS = 20_000  # --names times --copies: a class of 1000 with 20 sheets each


def check_named_sheets(names: tuple[str, ...], copies: int) -> None:
    """One sheet a name, `copies` times: refused past a budget that keeps a build to seconds
    and megabytes (a thousand names times a thousand copies is a million pages)."""
    if len(names) * copies > MAX_NAMED_SHEETS:
        raise UsageError(
            f"--names with {len(names):,} names and --copies {copies:,} makes "
            f"{len(names) * copies:,} sheets, over the limit of {MAX_NAMED_SHEETS:,}; "
            f"choose --copies {max(1, MAX_NAMED_SHEETS // len(names))} or fewer"
        )
