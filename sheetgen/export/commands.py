"""`sheetgen export`: a component's parts for digital tables (`tts`) and as bare piece images
(`pieces`), written all at once or not at all."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.errors import SheetgenError, UsageError

if TYPE_CHECKING:
    from sheetgen.draw.pieces import Parts
    from sheetgen.layouts.read import Loaded
    from sheetgen.press.profiles import Profile

app = typer.Typer(
    help="Export pieces, dice and boards: Tabletop Simulator decks and bare piece images.",
    no_args_is_help=True,
)
DEFAULT_OUT = Path("output")
Layouts = Annotated[list[str], typer.Argument(help="layout files or built-in names")]
Out = Annotated[Path, typer.Option(metavar="DIR", help="output folder (made if it does not exist)")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="print only errors")]


def _parts(refs: list[str], bleed: float | None = None) -> list[tuple[Loaded, Parts]]:
    """Each layout checked (as `build` checks it) with its parts, drawn with `bleed` mm of art
    past the cut where the layout has a bleed key (as `build --bleed` sets it); a layout whose
    kind has no pieces, dice or boards is refused, naming the kinds that have."""
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import kinds
    from sheetgen.layouts.read import load
    from sheetgen.pipeline.build import check_all, check_distinct
    from sheetgen.pipeline.only import resized

    loaded = [load(ref) for ref in refs]
    check_distinct(loaded)
    for item in loaded:
        if item.kind.parts is None:
            having = sorted(k for k, kind in kinds().items() if kind.parts is not None)
            raise UsageError(
                f"{item.source}: a {item.kind.key} has no pieces, dice or boards to export; "
                f"kinds that have: {', '.join(having) or 'none yet'}"
            )
    check_all(loaded)
    out = []
    for item in loaded:
        assert item.kind.parts is not None  # refused above
        parts = item.kind.parts(resized(item.model, None, bleed))
        if not (parts.pieces or parts.dice or parts.boards):
            raise SheetgenError(f"{item.source}: holds no pieces, dice or boards to export")
        out.append((item, parts))
    return out


def _write(
    folder: Path, files: list[tuple[str, bytes]], notes: list[str], quiet: bool, started: float
) -> None:
    """Write the files (each whole or not at all), and say what was written and how long the
    export took from `started`."""
    # imported here, not at the top, for start-up time
    from sheetgen.pipeline.build import Built, summary
    from sheetgen.pipeline.output import make_folder, write_all
    from sheetgen.text.terminal import for_terminal

    built = [Built(folder / name, data) for name, data in files]
    make_folder(folder)
    write_all([(b.path, b.data) for b in built])
    if not quiet:
        for b in built:
            typer.echo(f"wrote {for_terminal(str(b.path))} ({len(b.data) / 1024:,.0f} KiB)")
        for note in notes:  # notes on stderr, what was written on stdout
            typer.echo(f"note: {for_terminal(note)}", err=True)
        typer.echo(summary(built, time.perf_counter() - started))


@app.command()
def tts(
    layouts: Layouts,
    out: Out = DEFAULT_OUT,
    px: Annotated[
        int,
        typer.Option(min=32, max=4096, help="face width in px on a deck sheet (die faces: 256)"),
    ] = 512,
    base: Annotated[
        str | None,
        typer.Option(
            "--base-url",
            metavar="URL",
            help="web address the images will be uploaded to (http or https): the saved "
            "object loads them from there, for every player [default: file:/// URLs of "
            "the files written, which only this computer can load]",
        ),
    ] = None,
    quiet: Quiet = False,
) -> None:
    """Tabletop Simulator: deck sheets, dice templates and boards, and a saved object (JSON)
    that loads them from these files.

    To play with others: export with --base-url set to the address of a folder on a web
    host, upload the PNG files written beside the JSON to that folder, and share the JSON.
    Every image in the saved object is then that address and the file's name (the images
    are the same bytes with or without --base-url).

    Examples:

    \b
      sheetgen export tts marram/classic walkabout/dice --out tts/
      sheetgen export tts scrumpit/tiles --px 256
      sheetgen export tts scrumpit/tiles --base-url https://example.org/scrumpit/
    """
    # imported here, not at the top, for start-up time
    from sheetgen.export.tts import Names, base_url, export_tts
    from sheetgen.pipeline.output import check_folder

    started = time.perf_counter()
    url = None if base is None else base_url(base)  # refused before any drawing
    folder = check_folder(out)  # refused before any drawing, made before writing
    made = _parts(layouts)
    files: list[tuple[str, bytes]] = []
    notes: list[str] = []
    for item, parts in made:
        m = item.model
        export = export_tts(parts, Names(m.game, m.name, m.component), folder, px, url)
        files += export.files
        notes += export.notes
    _write(folder, files, notes, quiet, started)


@app.command()
def pieces(
    layouts: Layouts,
    out: Out = DEFAULT_OUT,
    px: Annotated[
        int | None, typer.Option(min=16, max=8192, help="image width in px of each piece")
    ] = None,
    dpi: Annotated[
        int | None, typer.Option(min=30, max=1200, help="resolution instead of --px [300]")
    ] = None,
    bleed: Annotated[
        float | None,
        typer.Option(min=0, max=10, help="mm of art beyond the cut on every side [default: 0]"),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format", "-f", metavar="png|pdf|svg", help="png, pdf or svg [default: png]"
        ),
    ] = None,
    profile: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="a print shop's product (see docs: Print shop profiles), or a .toml of "
            "your own: its size, bleed, resolution, colours, files and names",
        ),
    ] = None,
    proof: Annotated[
        bool,
        typer.Option(
            "--proof", help="draw the trim, bleed and safe zone over every piece (not to print)"
        ),
    ] = False,
    quiet: Quiet = False,
) -> None:
    """Every piece, die face and board as its own image, trimmed, with an optional bleed.

    Examples:

    \b
      sheetgen export pieces marram/classic --px 600 --bleed 3
      sheetgen export pieces walkabout/dice --dpi 600
      sheetgen export pieces scrumpit/tiles --format pdf
    """
    # imported here, not at the top, for start-up time
    from sheetgen.export.bare import PieceFormat, Size, check_pieces_pixels, export_pieces
    from sheetgen.export.tts import Names
    from sheetgen.pipeline.output import check_folder
    from sheetgen.press.proof import LEGEND, Proof, proof_name

    if profile is not None:
        given = [
            f
            for f, v in (("--px", px), ("--dpi", dpi), ("--bleed", bleed), ("--format", fmt))
            if v is not None
        ]
        if given:
            raise UsageError(
                f"--profile sets each piece's size, bleed and format: leave out {', '.join(given)}"
            )
        _profile_pieces(layouts, out, profile, proof, quiet)
        return
    bleed = bleed or 0.0
    fmt = fmt or "png"
    if px is not None and dpi is not None:
        raise UsageError("--px and --dpi both set the size; give one of them")
    formats: dict[str, PieceFormat] = {"png": "png", "pdf": "pdf", "svg": "svg"}
    if fmt not in formats:
        raise UsageError(f"--format {fmt!r}: expected one of png, pdf, svg")
    if fmt != "png" and (px is not None or dpi is not None):
        raise UsageError(f"--px and --dpi size PNG images; a {fmt.upper()} is drawn at its size")
    started = time.perf_counter()
    folder = check_folder(out)  # refused before any drawing, made before writing
    made = _parts(layouts, bleed)
    size = Size(px=px, dpi=float(dpi or 300), bleed=bleed)
    shown = Proof() if proof else None
    if fmt == "png":  # refused before any is drawn
        named = [(p, Names(i.model.game, i.model.name, i.model.component)) for i, p in made]
        check_pieces_pixels(named, size)
    files: list[tuple[str, bytes]] = []
    notes: list[str] = []
    for item, parts in made:
        m = item.model
        names = Names(m.game, m.name, m.component)
        found, said = export_pieces(parts, names, size, formats[fmt], item.source, shown)
        files += found
        notes += said
    if shown is not None:
        files = [(proof_name(name), data) for name, data in files]
        notes.append(LEGEND)
    _write(folder, files, notes, quiet, started)


def _namer(profile: Profile, game: str, layout: str) -> Callable[[str, str], str]:
    """A layout's files named by the profile's pattern, `{n}` counting them from 1."""
    counter = itertools.count(1)
    return lambda what, ext: profile.file_name(game, layout, what, next(counter), ext)


def _profile_pieces(layouts: list[str], out: Path, ref: str, proof: bool, quiet: bool) -> None:
    """`export pieces --profile`: each layout's pieces as the profile's shop takes them, each
    layout refused first if its pieces are not the profile's product."""
    # imported here, not at the top, for start-up time
    from sheetgen.export.bare import Size, check_pieces_pixels, export_deck, export_pieces
    from sheetgen.export.tts import Names
    from sheetgen.pipeline.output import check_folder
    from sheetgen.press.profiles import check_piece_size, find_profile
    from sheetgen.press.proof import LEGEND, Proof, proof_name

    started = time.perf_counter()
    profile = find_profile(ref, tuple(layouts))
    folder = check_folder(out)
    made = _parts(layouts, profile.bleed)
    for item, parts in made:
        sizes = [(p.front.width, p.front.height) for p in parts.pieces]
        check_piece_size(profile, item.source, sizes)
    shown = Proof(profile.safe) if proof else None
    size = Size(
        dpi=float(profile.dpi),
        bleed=profile.bleed,
        exact=(profile.width, profile.height, *profile.pixels()),
    )
    files: list[tuple[str, bytes]] = []
    notes: list[str] = []
    for item, parts in made:
        m = item.model
        names = Names(m.game, m.name, m.component)
        if profile.output == "pdf":
            files += export_deck(parts, names, profile, shown, item.source)
            continue
        check_pieces_pixels([(parts, names)], size)
        if profile.backs == "none":
            parts = replace(parts, pieces=tuple(replace(p, back=None) for p in parts.pieces))

        found, said = export_pieces(
            parts, names, size, "png", item.source, shown, _namer(profile, m.game, m.name)
        )
        files += found
        notes += said
    if shown is not None:
        files = [(proof_name(name), data) for name, data in files]
        notes.append(LEGEND)
    _write(folder, files, notes, quiet, started)
