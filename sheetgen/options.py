"""The build's options read from the command line: formats, flip, offset, names, and which
options the chosen layouts honour. Each bad value is one usage error that says what would do."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, cast

from sheetgen.backends import FORMATS, Format
from sheetgen.errors import UsageError
from sheetgen.files import read_lines
from sheetgen.games import tile_sizes_said
from sheetgen.kinds import PRINTS, unprintable
from sheetgen.press.document import Flip
from sheetgen.press.footer import SAFE_EDGE
from sheetgen.press.impose import CropMarks, PressOptions
from sheetgen.press.marks import MARK_ROOM
from sheetgen.text.typefaces import uncovered

if TYPE_CHECKING:
    from sheetgen.kinds import ComponentKind
    from sheetgen.layouts.read import Loaded
    from sheetgen.pipeline.build import BuildRequest


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


def check_press(request: BuildRequest, loaded: list[Loaded]) -> None:
    """The press options' values, and the ones that cannot go together."""
    check_mm("--gap", request.gap, 0.0, MAX_GAP, "the space between pieces")
    check_mm("--bleed", request.bleed, 0.0, MAX_BLEED, "art beyond each piece's cut")
    check_mm(
        "--margin",
        request.margin,
        SAFE_EDGE,
        MAX_MARGIN,
        f"printers cannot print within {SAFE_EDGE:g} mm of the paper's edge",
    )
    marks = parse_crop_marks(request.crop_marks)
    pieces = any("gap" in item.kind.options for item in loaded)  # kinds whose pieces get marks
    corners = marks == "corners" or (marks is None and pieces)
    if request.margin is not None and request.margin < MARK_ROOM and corners:
        raise UsageError(
            f"--margin {request.margin:g}: corner crop marks need {MARK_ROOM:g} mm "
            f"({SAFE_EDGE:g} mm no printer reaches, 2 mm for the mark); use --margin "
            f"{MARK_ROOM:g} or more, or --crop-marks full or none"
        )
    if request.fold and (request.flip is not None or request.offset is not None):
        raise UsageError(
            "--fold prints fronts and backs on one side of the paper: leave out --flip and "
            "--offset (they set up duplex printing)"
        )


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


def check_tile_size(size: float, loaded: list[Loaded]) -> None:
    """--tile-size must suit every chosen kind that honours it: one line naming the range."""
    for item in loaded:
        kind = item.kind
        if "tile_size" in kind.options:
            low, high = kind.tile_sizes
            if not low <= size <= high:
                raise UsageError(f"--tile-size {size:g}: {tile_sizes_said(kind.key)}")


def check_options(request: BuildRequest, loaded: list[Loaded]) -> None:
    """Options that only some kinds honour must be honoured by at least one chosen layout, and
    --tile-size must suit each of them."""
    wanted = {
        "copies": request.copies != 1,
        "names": request.names is not None,
        "duplex": request.duplex,
        "tile_size": request.tile_size is not None,
        "px": request.px is not None,
        "flip": request.flip is not None or request.offset is not None,
        "fit": request.fit,
        **press_wanted(request),
    }
    for option, given in wanted.items():
        if given and not any(option in item.kind.options for item in loaded):
            raise UsageError(f"{flag(option)} works with {takers(option)}")
    if request.tile_size is not None:
        check_tile_size(request.tile_size, loaded)
    check_press(request, loaded)


def flag(option: str) -> str:
    """The command line's name of a kind option: `tile_size` is --tile-size."""
    named = {"flip": "--flip/--offset", "ruler": "--no-ruler"}
    return named.get(option, "--" + option.replace("_", "-"))


def press_kept(press: PressOptions, kind: ComponentKind) -> tuple[PressOptions, tuple[str, ...]]:
    """The press options as the kind honours them (the others at their defaults), and a note
    for each one given that it does not (a build of several layouts)."""
    plain = PressOptions(paper=press.paper)
    given = {
        "gap": press.gap != plain.gap,
        "margin": press.margin != plain.margin,
        "ruler": press.ruler != plain.ruler,
        "crop_marks": press.marks != plain.marks,
        "bleed": press.bleed != plain.bleed,
        "fold": press.fold != plain.fold,
    }
    skipped = [o for o, g in given.items() if g and o not in kind.options]
    field = {"crop_marks": "marks"}
    kept = replace(press, **{field.get(o, o): getattr(plain, field.get(o, o)) for o in skipped})
    notes = tuple(f"{flag(o)}: {kind.key} does not take it; built without it" for o in skipped)
    return kept, notes


def press_wanted(request: BuildRequest) -> dict[str, bool]:
    """Which press options the command line gave, by the kind option that honours each."""
    return {
        "gap": request.gap is not None,
        "margin": request.margin is not None,
        "ruler": not request.ruler,
        "crop_marks": request.crop_marks is not None,
        "bleed": request.bleed is not None,
        "fold": request.fold,
    }


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


def takers(option: str) -> str:
    """The kinds that honour `option`, said briefly: 'a/x, b/y layouts only', or, when most
    do, 'every kind of layout but c/z'."""
    from sheetgen.kinds import kinds

    every = kinds().values()
    yes = sorted(k.key for k in every if option in k.options)
    no = sorted(k.key for k in every if option not in k.options)
    if len(yes) > 2 * len(no):
        return f"every kind of layout but {', '.join(no)}"
    return f"{', '.join(yes)} layouts only"
