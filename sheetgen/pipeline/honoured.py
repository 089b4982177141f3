"""Which build options each chosen layout's kind honours: the options given that no chosen
kind takes are refused in one line, naming the kinds that do (and, for --bleed, why the others
take none); those some layouts of several do not take are left out of their builds, said in one
line an option; --tile-size must suit every kind that takes it."""

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


def takes(kind: ComponentKind, option: str) -> bool:
    """Whether the kind honours the build option: --proof where --bleed is (the kinds whose
    pieces are cut apart: what a proof shows is where they are cut), the others as the kind
    says."""
    return option in kind.options or (option == "proof" and "bleed" in kind.options)


def check_options(request: BuildRequest, loaded: list[Loaded]) -> None:
    """Options that only some kinds honour must be honoured by at least one chosen layout, and
    --tile-size must suit each of them."""
    for option in request.asked:
        if not any(takes(item.kind, option) for item in loaded):
            why = why_not(option, [item.kind for item in loaded])
            said = f"{flag(option)}: {why}; " if why else ""
            raise UsageError(f"{said}{flag(option)} works with {takers(option)}")
    if request.tile_size is not None:
        check_tile_size(request.tile_size, loaded)
    check_press(request, loaded)


def flag(option: str) -> str:
    """The command line's name of a kind option: `tile_size` is --tile-size."""
    named = {"flip": "--flip/--offset", "ruler": "--no-ruler", "sheet_mark": "--no-sheet-mark"}
    return named.get(option, "--" + option.replace("_", "-"))


def press_kept(press: PressOptions, kind: ComponentKind) -> PressOptions:
    """The press options as the kind honours them, the others at their defaults (a build of
    several layouts says so once: `left_out`), and the sheet mark for kinds that take it."""
    plain = PressOptions(paper=press.paper)
    given = {
        "gap": press.gap != plain.gap,
        "margin": press.margin != plain.margin,
        "ruler": press.ruler != plain.ruler,
        "crop_marks": press.crop_marks != plain.crop_marks,
        "bleed": press.bleed != plain.bleed,
        "fold": press.fold != plain.fold,
        "proof": press.proof != plain.proof,
    }
    skipped = [o for o, g in given.items() if g and not takes(kind, o)]
    # the sheet mark goes on the sheets of kinds players write on alone
    mark = press.sheet_mark and "sheet_mark" in kind.options
    return replace(press, sheet_mark=mark, **{o: getattr(plain, o) for o in skipped})


def left_out(request: BuildRequest, loaded: list[Loaded]) -> list[str]:
    """A note for each option asked that some of the chosen layouts' kinds do not take: how
    many layouts are built without it, and which kinds do not take it (for --bleed, why),
    one line an option however many layouts (`build --all --bleed 3`)."""
    notes = []
    for option in request.asked:
        skipped = [item for item in loaded if not takes(item.kind, option)]
        if skipped:
            kinds = [item.kind for item in skipped]
            why = why_not(option, kinds) or _named(kinds, "does not take it", "do not take it")
            notes.append(f"{flag(option)}: {layouts_said(len(skipped))} built without it: {why}")
    return notes


def layouts_said(count: int) -> str:
    """'1 layout', '3 layouts': how many a note says were built without an option."""
    return f"{count} layout{'s' if count != 1 else ''}"


def why_not(option: str, refused: list[ComponentKind]) -> str:
    """Why the kinds `refused` take no `option`, where that needs saying ('' where not): a
    bleed is art beyond the cut of pieces cut apart, a proof shows where they are cut, and
    these print sheets used whole or make images."""
    if option not in ("bleed", "proof"):
        return ""
    whole = [kind for kind in refused if kind.prints]
    images = [kind for kind in refused if not kind.prints]
    said = []
    if whole:
        result = "takes no bleed"
        if option == "proof":
            result = "has no trim, bleed or safe zone to draw"
        said.append(
            _named(whole, "prints sheets used whole", "print sheets used whole")
            + f", and a sheet used whole is not cut, so it {result}"
        )
    if images:
        said.append(_named(images, "makes images", "make images") + ", not printed pages")
    return "; ".join(said)


def _named(kinds: list[ComponentKind], one: str, more: str) -> str:
    """The kinds by name, in order, each once, then what is said of them: `one` of one kind,
    `more` of several."""
    keys = sorted({kind.key for kind in kinds})
    return f"{', '.join(keys)} {one if len(keys) == 1 else more}"


def takers(option: str) -> str:
    """The kinds that honour `option`, said briefly: 'a/x, b/y layouts only', or, when most
    do, 'every kind of layout but c/z'."""
    every = kinds().values()
    yes = sorted(k.key for k in every if takes(k, option))
    no = sorted(k.key for k in every if not takes(k, option))
    if len(yes) > 2 * len(no):
        return f"every kind of layout but {', '.join(no)}"
    return f"{', '.join(yes)} layouts only"
