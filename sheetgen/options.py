"""The build's options, each read once: `read_build` takes the command line's flags as given
into one frozen `BuildRequest`, which parses, checks and defaults each (formats, paper, names,
flip, offset, press lengths, crop marks, --only) in one place, and makes the `BuildOptions` every
builder is told. Each bad value is one usage error that says what would do."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar, cast

from sheetgen.draw.document import Flip
from sheetgen.errors import UsageError
from sheetgen.files import read_lines
from sheetgen.frozen import frozen
from sheetgen.press.footer import SAFE_EDGE
from sheetgen.press.paper import Paper, parse_paper
from sheetgen.press.plan import CropMarks, PressOptions
from sheetgen.press.printer import Printer, PrinterFit, load
from sheetgen.press.profiles import (
    LEAST_INK,
    PRESS_INK,
    STANDARDS,
    Profile,
    Standard,
    find_profile,
    parse_standard,
)
from sheetgen.press.proof import Proof
from sheetgen.text.printable import PRINTS, unprintable
from sheetgen.text.typefaces import uncovered

if TYPE_CHECKING:  # a name alone: the backends (and the output they read) are the build's
    from sheetgen.backends import Format


@frozen
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
    # --printer's: the paper's edge it cannot print and its scale
    printer_fit: PrinterFit = field(default_factory=PrinterFit)


def parse_formats(text: str) -> tuple[Format, ...]:
    """`pdf,svg` as ('pdf', 'svg'); an unknown format is a usage error."""
    from sheetgen.backends import FORMATS  # start-up

    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    bad = [n for n in names if n not in FORMATS]
    if bad or not names:
        raise UsageError(
            f"--format {text!r}: use one or more of {', '.join(FORMATS)}, separated by commas"
        )
    return tuple(dict.fromkeys(cast("list[Format]", names)))


DEFAULT_DPI = 300  # a PNG's resolution where neither --dpi nor a profile gives one
MAX_NAMES, MAX_NAME_LENGTH = 1000, 40
MAX_NAMES_BYTES = 1_000_000  # room for the names, blank lines and spaces around them
MAX_OFFSET = 10.0


def parse_flip(text: str) -> Flip:
    """`long` or `short`: the edge a duplex sheet turns over."""
    if text.strip().lower() in ("long", "long-edge"):
        return "long"
    if text.strip().lower() in ("short", "short-edge"):
        return "short"
    raise UsageError(f"--flip {text!r}: use long or short (the edge the sheet turns over)")


def parse_offset(text: str) -> tuple[float, float]:
    """`X,Y` in mm (each within ±10) to shift every back."""
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
Word = TypeVar("Word", bound=str)  # one of an option's words
MAX_GAP, MAX_MARGIN, MAX_BLEED = 30.0, 50.0, 5.0


def parse_crop_marks(text: str) -> CropMarks:
    """`none`, `corners` or `full`."""
    return _one_of(
        text,
        CROP_MARKS,
        f"--crop-marks {text!r}: use none, corners (short marks outside the pieces) or full "
        "(lines across the sheet)",
    )


def _one_of(text: str, words: tuple[Word, ...], refusal: str) -> Word:
    """The word of `words` that `text` is (case and spaces aside), else `refusal` raised."""
    word = text.strip().lower()
    for known in words:
        if word == known:
            return known
    raise UsageError(refusal)


Colour = Literal["rgb", "cmyk"]
COLOURS: tuple[Colour, ...] = ("rgb", "cmyk")


def parse_colour(text: str) -> Colour:
    """`rgb` (the design's own colours) or `cmyk` (a print shop's PDF/X)."""
    return _one_of(
        text,
        COLOURS,
        f"--colour {text!r}: use rgb (the design's own colours) or cmyk (a PDF/X in a "
        "press's inks, for a print shop)",
    )


def parse_pdfx(text: str) -> Standard:
    """`x4` or `x1a` (or the standard's name, `PDF/X-1a:2003`): the PDF/X of a CMYK PDF."""
    standard = parse_standard(text)
    if standard is None:
        raise UsageError(
            f"--pdfx {text!r}: use x4 (PDF/X-4, the default: the colours in the press's ICC "
            "profile, transparency kept) or x1a (PDF/X-1a:2003, which some shops ask for: "
            "plain CMYK, nothing see-through)"
        )
    return standard


def parse_only(text: str) -> tuple[str, ...]:
    """The names of `--only a,b`, in order, each once."""
    names = tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))
    if not names:
        raise UsageError("--only: name the pieces to print, comma-separated (--only a,b)")
    return names


def check_mm(flag: str, value: float | None, low: float, high: float, why: str) -> None:
    """A length option within low..high mm, else one line saying why the range holds."""
    if value is not None and not (math.isfinite(value) and low <= value <= high):
        raise UsageError(f"{flag} {value:.12g}: use {low:g} to {high:g} mm ({why})")


def read_names(path: Path) -> tuple[str, ...]:
    """Player names from a text file, one a line (blank lines skipped)."""
    names = []
    for number, name in read_lines(path, "--names", MAX_NAMES_BYTES, "names"):
        strange = unprintable(name)
        if strange:
            raise UsageError(
                f"--names {path}:{number}: the name holds {strange}; a name is printable "
                "characters only"
            )
        if len(name) > MAX_NAME_LENGTH:
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


@frozen
class Given:
    """The build's options that `BuildRequest` reads, as the command line gave them: text, a
    file, or a length in mm; None where not given."""

    formats: str
    paper: str
    names: Path | None = None
    flip: str | None = None
    offset: str | None = None
    gap: float | None = None
    margin: float | None = None
    crop_marks: str | None = None
    bleed: float | None = None
    only: str | None = None
    colour: str | None = None
    pdfx: str | None = None
    ink_limit: float | None = None  # percent, from --ink-limit or the profile's ink_limit
    printer: str | None = None


@frozen
class BuildRequest:
    """Everything `sheetgen build` was asked for (made by `read_build`), each option by its
    name on the command line. The command line types the numbers and switches; each option it
    gives as text, a file or a length (`given`) is parsed, checked and defaulted here alone, by
    the property of its name, once: when the build first reads it (or `read` asks), so a build
    refuses a bad value where it always has, after the layouts are found and the options their
    kinds do not take are refused."""

    refs: tuple[str, ...]
    build_all: bool
    out: Path
    dpi: int
    fillable: bool
    transparent: bool
    quiet: bool
    copies: int
    duplex: bool
    tile_size: float | None
    px: int | None
    fit: bool
    ruler: bool
    fold: bool
    given: Given
    sheet_mark: bool = True  # --no-sheet-mark: False
    profile: Profile | None = None  # --profile: a print shop's product, read once
    proof: bool = False  # --proof: the trim, bleed and (with a profile) safe zone drawn

    def read(self, *options: str) -> None:
        """Read these options now, in this order: a bad one is refused here."""
        for option in options:
            getattr(self, option)

    @property
    def asked(self) -> tuple[str, ...]:
        """The kind options the command line asks for (given, or at other than the builders'
        own), in the order a build refuses the ones no chosen kind takes."""
        given = self.given
        asked = {
            "copies": self.copies != BuildOptions.copies,
            "names": given.names is not None,
            "duplex": self.duplex,
            "tile_size": self.tile_size is not None,
            "px": self.px is not None,
            "flip": given.flip is not None or given.offset is not None,
            "fit": self.fit,
            "gap": given.gap is not None,
            "margin": given.margin is not None,
            "ruler": not self.ruler,
            "crop_marks": given.crop_marks is not None,
            "bleed": given.bleed is not None,
            "fold": self.fold,
            "proof": self.proof,
            "sheet_mark": not self.sheet_mark,
        }
        return tuple(option for option, yes in asked.items() if yes)

    @cached_property
    def formats(self) -> tuple[Format, ...]:
        """--format: the formats to write, each once, in the order given."""
        return parse_formats(self.given.formats)

    @cached_property
    def paper(self) -> Paper:
        """--paper: the paper, named or WxH in mm or inches."""
        return parse_paper(self.given.paper)

    @cached_property
    def names(self) -> tuple[str, ...]:
        """--names: the player names read from the file (none when not given), one sheet each
        `copies` times, within the sheets a build may make."""
        names = read_names(self.given.names) if self.given.names is not None else ()
        check_named_sheets(names, self.copies)
        return names

    @cached_property
    def printer(self) -> Printer | None:
        """--printer: the profile of a printer calibrated once (None when not given); not for
        a print shop's files (--profile, --colour cmyk), which the shop's press prints."""
        if self.given.printer is None:
            return None
        if self.profile is not None or self.given.colour == "cmyk" or self.given.pdfx:
            asked = "--profile" if self.profile is not None else "--colour cmyk"
            asked = "--pdfx" if self.given.colour is None and self.profile is None else asked
            raise UsageError(
                f"--printer {self.given.printer}: {asked} makes a print shop's files, printed "
                "on the shop's press, not on your printer: leave out --printer"
            )
        return load(self.given.printer)

    @cached_property
    def flip(self) -> Flip:
        """--flip: the edge a duplex sheet turns over; the printer's, else the builders' own,
        when not given."""
        text = self.given.flip
        if text is not None:
            return parse_flip(text)
        return BuildOptions.flip if self.printer is None else self.printer.flip

    @cached_property
    def offset(self) -> tuple[float, float]:
        """--offset: X,Y in mm to shift every back by; the printer's, else the builders' own,
        when not given."""
        text = self.given.offset
        if text is not None:
            return parse_offset(text)
        return BuildOptions.offset if self.printer is None else self.printer.offset

    @cached_property
    def printer_warnings(self) -> list[str]:
        """What the printer's profile does to this build (a wider margin, pages scaled to
        print true); nothing without --printer."""
        return [] if self.printer is None else self.printer.notes()

    @cached_property
    def gap(self) -> float | None:
        """--gap in mm; None: each kind's own."""
        check_mm("--gap", self.given.gap, 0.0, MAX_GAP, "the space between pieces")
        return self.given.gap

    @cached_property
    def bleed(self) -> float | None:
        """--bleed in mm; None: each piece's own."""
        check_mm("--bleed", self.given.bleed, 0.0, MAX_BLEED, "art beyond each piece's cut")
        return self.given.bleed

    @cached_property
    def margin(self) -> float:
        """--margin in mm, beyond the edge no printer reaches; the press's own when not
        given. (A --printer that reaches less far has the paper made smaller: `PrinterFit`.)"""
        margin = self.given.margin
        why = f"printers cannot print within {SAFE_EDGE:g} mm of the paper's edge"
        check_mm("--margin", margin, SAFE_EDGE, MAX_MARGIN, why)
        return PressOptions.margin if margin is None else margin

    @cached_property
    def crop_marks(self) -> CropMarks | None:
        """--crop-marks; None: each kind's own."""
        text = self.given.crop_marks
        return None if text is None else parse_crop_marks(text)

    @cached_property
    def colour(self) -> Colour:
        """--colour: rgb, or cmyk for the PDF (a PDF/X, which a print shop takes: no form
        fields, so not with --fillable); cmyk when --pdfx is given, else rgb, when not
        given."""
        text = self.given.colour
        if text is None:
            colour: Colour = "rgb" if self.given.pdfx is None else "cmyk"
        else:
            colour = parse_colour(text)
        if colour == "cmyk" and "pdf" not in self.formats:
            raise UsageError("--colour cmyk makes the PDF in CMYK: add pdf to --format (-f pdf)")
        if colour == "cmyk" and self.fillable:
            raise UsageError(
                "--colour cmyk makes a PDF/X for a print shop, which allows no form fields: "
                "leave out --fillable (or build the fillable PDF apart, in RGB)"
            )
        return colour

    @cached_property
    def pdfx(self) -> Standard | None:
        """--pdfx: the PDF/X of a CMYK PDF, PDF/X-4 when not given; None for an RGB build
        (where --pdfx is refused)."""
        text = self.given.pdfx
        if self.colour == "rgb":
            if text is not None:
                raise UsageError(
                    f"--pdfx {text}: a PDF/X is in CMYK, and this build is RGB (--colour rgb, "
                    "or its --profile's colour): add --colour cmyk, or leave out --pdfx"
                )
            return None
        return STANDARDS["x4"] if text is None else parse_pdfx(text)

    @cached_property
    def ink_limit(self) -> float | None:
        """--ink-limit (or the profile's `ink_limit`): the most ink in all a CMYK PDF lays down,
        in percent, LEAST_INK to PRESS_INK; None when not given (the press profile's own
        PRESS_INK). Refused for an RGB build, which has no inks."""
        limit = self.given.ink_limit
        if limit is None:
            return None
        if self.colour == "rgb":
            raise UsageError(
                f"--ink-limit {limit:g}: an ink limit is for a CMYK PDF, and this build is RGB: "
                "add --colour cmyk, or leave out --ink-limit"
            )
        if not LEAST_INK <= limit <= PRESS_INK:
            raise UsageError(
                f"--ink-limit {limit:g}: use {LEAST_INK:g} to {PRESS_INK:g} (percent of total "
                f"ink; the CMYK profile lays down at most {PRESS_INK:g})"
            )
        return limit

    @cached_property
    def only(self) -> tuple[str, ...]:
        """--only: the pieces, decks or dice to print, in order, each once; none (the whole
        set) when not given."""
        return () if self.given.only is None else parse_only(self.given.only)

    @property
    def proofed(self) -> Proof | None:
        """--proof: the lines drawn over every piece, the safe zone the profile's (none
        without a profile, or where it gives none); None without --proof."""
        if not self.proof:
            return None
        safe = self.profile.safe if self.profile is not None else 0.0
        return Proof(safe or None)

    @cached_property
    def options(self) -> BuildOptions:
        """What every builder is told; the names first, then the paper, printer, flip and
        offset, each read (and refused) in that order."""
        names = self.names
        self.read("paper", "printer")
        press = PressOptions(
            paper=self.paper,
            margin=self.margin,
            gap=self.gap,
            ruler=self.ruler,
            crop_marks=self.crop_marks,
            bleed=self.bleed,
            fold=self.fold,
            for_shop=self.profile is not None or self.colour == "cmyk",
            proof=self.proofed,
            sheet_mark=self.sheet_mark,
        )
        return BuildOptions(
            press,
            copies=self.copies,
            names=names,
            duplex=self.duplex,
            tile_size=self.tile_size,
            flip=self.flip,
            offset=self.offset,
            px=self.px,
            fit=self.fit,
            only=self.only,
            printer_fit=PrinterFit() if self.printer is None else self.printer.fit,
        )


def read_build(
    refs: Sequence[str],
    *,
    build_all: bool = False,
    formats: str,
    paper: str,
    copies: int,
    out: Path,
    dpi: int | None,
    fillable: bool = False,
    transparent: bool = False,
    quiet: bool = False,
    names: Path | None = None,
    duplex: bool = False,
    tile_size: float | None = None,
    flip: str | None = None,
    offset: str | None = None,
    px: int | None = None,
    fit: bool = False,
    gap: float | None = None,
    margin: float | None = None,
    ruler: bool = True,
    crop_marks: str | None = None,
    bleed: float | None = None,
    fold: bool = False,
    only: str | None = None,
    colour: str | None = None,
    pdfx: str | None = None,
    ink_limit: float | None = None,
    profile: str | None = None,
    printer: str | None = None,
    proof: bool = False,
    sheet_mark: bool = True,
) -> BuildRequest:
    """The build asked for by the command line's flags, each as given (None, False, or the
    ruler kept: not given); see `BuildRequest` for when each is read. A `profile` (--profile)
    is read now: its bleed, resolution and colours are the build's where no flag gives them."""
    shop = find_profile(profile, tuple(refs)) if profile is not None else None
    if shop is not None:
        bleed = shop.bleed if bleed is None else bleed
        if colour is None:  # (the profile's PDF/X and ink limit go with its colours)
            colour, pdfx = shop.colour, shop.standard if pdfx is None else pdfx
            ink_limit = shop.ink_limit if ink_limit is None else ink_limit
        dpi = shop.dpi if dpi is None else dpi
    return BuildRequest(
        refs=tuple(refs),
        build_all=build_all,
        out=out,
        dpi=DEFAULT_DPI if dpi is None else dpi,
        fillable=fillable,
        transparent=transparent,
        quiet=quiet,
        copies=copies,
        duplex=duplex,
        tile_size=tile_size,
        px=px,
        fit=fit,
        ruler=ruler,
        fold=fold,
        sheet_mark=sheet_mark,
        given=Given(
            formats=formats,
            paper=paper,
            names=names,
            flip=flip,
            offset=offset,
            gap=gap,
            margin=margin,
            crop_marks=crop_marks,
            bleed=bleed,
            only=only,
            colour=colour,
            pdfx=pdfx,
            ink_limit=ink_limit,
            printer=printer,
        ),
        profile=shop,
        proof=proof,
    )
