"""Which build options each chosen layout's kind honours: the options given that no chosen
kind takes are refused in one line, naming the kinds that do; those one kind of several does not
take are left out of its build with a note; --tile-size must suit every kind that takes it."""

from __future__ import annotations

from dataclasses import replace

from sheetgen.errors import UsageError
from sheetgen.kinds import ComponentKind, kinds, tile_sizes_said
from sheetgen.layouts.read import Loaded
from sheetgen.options import BuildRequest
from sheetgen.press.footer import SAFE_EDGE
from sheetgen.press.marks import MARK_ROOM
from sheetgen.press.plan import PressOptions


def check_press(request: BuildRequest, loaded: list[Loaded]) -> None:
    """The press options' values, and the ones that cannot go together."""
    request.read("gap", "bleed", "margin", "crop_marks")  # each refused here, in this order
    marks = request.crop_marks
    pieces = any(item.kind.cuts for item in loaded)  # kinds whose pieces get corner marks
    corners = marks == "corners" or (marks is None and pieces)
    if "margin" in request.asked and request.margin < MARK_ROOM and corners:
        raise UsageError(
            f"--margin {request.margin:g}: corner crop marks need {MARK_ROOM:g} mm "
            f"({SAFE_EDGE:g} mm no printer reaches, {MARK_ROOM - SAFE_EDGE:g} mm for the mark); "
            "use --margin "
            f"{MARK_ROOM:g} or more, or --crop-marks full or none"
        )
    if request.fold and "flip" in request.asked:
        raise UsageError(
            "--fold prints fronts and backs on one side of the paper: leave out --flip and "
            "--offset (they set up duplex printing)"
        )


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
    for option in request.asked:
        if not any(option in item.kind.options for item in loaded):
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
        "crop_marks": press.crop_marks != plain.crop_marks,
        "bleed": press.bleed != plain.bleed,
        "fold": press.fold != plain.fold,
    }
    skipped = [o for o, g in given.items() if g and o not in kind.options]
    kept = replace(press, **{o: getattr(plain, o) for o in skipped})
    notes = tuple(f"{flag(o)}: {kind.key} does not take it; built without it" for o in skipped)
    return kept, notes


def takers(option: str) -> str:
    """The kinds that honour `option`, said briefly: 'a/x, b/y layouts only', or, when most
    do, 'every kind of layout but c/z'."""
    every = kinds().values()
    yes = sorted(k.key for k in every if option in k.options)
    no = sorted(k.key for k in every if option not in k.options)
    if len(yes) > 2 * len(no):
        return f"every kind of layout but {', '.join(no)}"
    return f"{', '.join(yes)} layouts only"
