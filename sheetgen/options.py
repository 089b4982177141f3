"""The build's options read from the command line: formats, flip, offset, names, and which
options the chosen layouts honour. Each bad value is one usage error that says what would do."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, cast

from sheetgen.backends import FORMATS, Format
from sheetgen.errors import UsageError
from sheetgen.files import read_lines
from sheetgen.press.document import Flip
from sheetgen.registry import PRINTS, unprintable
from sheetgen.typefaces import uncovered

if TYPE_CHECKING:
    from sheetgen.build import BuildRequest
    from sheetgen.layout import Loaded
    from sheetgen.registry import ComponentKind


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
                raise UsageError(
                    f"--tile-size {size:g}: {kind.key} takes {low:g} to {high:g} mm "
                    "(text stays 6 pt or more, 3 mm clear of the cut)"
                )


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
    }
    for option, given in wanted.items():
        if given and not any(option in item.kind.options for item in loaded):
            kinds = sorted(k.key for k in kinds_with(option))
            flag = "--" + option.replace("_", "-") if option != "flip" else "--flip/--offset"
            raise UsageError(f"{flag} works with {', '.join(kinds)} layouts only")
    if request.tile_size is not None:
        check_tile_size(request.tile_size, loaded)


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


def kinds_with(option: str) -> list[ComponentKind]:
    from sheetgen.registry import kinds

    return [k for k in kinds().values() if option in k.options]
