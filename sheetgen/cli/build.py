"""`sheetgen build`: layouts into PDF, SVG and PNG files, each flag read once by
`sheetgen.options.read_build`."""

from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import (
    DEFAULT_OUT,
    MAX_COPIES,
    PAPER_HELP,
    LayoutFolders,
    _folder,
    layout_names,
)
from sheetgen.errors import UsageError
from sheetgen.kinds import tile_size_help
from sheetgen.model.paper import MARGIN  # a constant, nothing more: no start-up cost


def build(
    layouts: Annotated[
        list[str] | None,
        typer.Argument(
            help="layout files or built-in names (see 'sheetgen list')",
            autocompletion=layout_names,
        ),
    ] = None,
    build_all: Annotated[
        bool, typer.Option("--all", help="build every built-in layout and every one of yours")
    ] = False,
    formats: Annotated[
        str, typer.Option("--format", "-f", help="comma-separated: pdf, svg, png")
    ] = "pdf,svg,png",
    paper: Annotated[str, typer.Option(help=PAPER_HELP)] = "A4",
    copies: Annotated[
        int,
        typer.Option(
            min=1,
            max=MAX_COPIES,
            help="copies of the layout: pages of a pad, pads, sets of tiles or dice",
        ),
    ] = 1,
    out: Annotated[Path, typer.Option(parser=_folder, help="output folder")] = DEFAULT_OUT,
    dpi: Annotated[
        int | None, typer.Option(min=30, max=1200, help="PNG resolution [default: 300]")
    ] = None,
    fillable: Annotated[bool, typer.Option(help="add PDF form fields to type into")] = False,
    colour: Annotated[
        str | None,
        typer.Option(
            metavar="rgb|cmyk",
            help="cmyk: the PDF as a print shop takes it, a PDF/X-4 in CMYK (FOGRA39) "
            "[default: rgb]",
        ),
    ] = None,
    pdfx: Annotated[
        str | None,
        typer.Option(
            metavar="x4|x1a",
            help="the CMYK PDF's standard: x4 (PDF/X-4) or x1a (PDF/X-1a:2003, which some "
            "shops ask for: nothing see-through); implies --colour cmyk [default: x4]",
        ),
    ] = None,
    ink_limit: Annotated[
        float | None,
        typer.Option(
            metavar="PERCENT",
            help="the most ink in all the CMYK PDF lays down anywhere, as a shop caps it "
            "(240: at most 240%); needs --colour cmyk [default: 300, the press profile's own]",
        ),
    ] = None,
    transparent: Annotated[bool, typer.Option(help="PNG with a transparent background")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="print only errors")] = False,
    names: Annotated[
        Path | None,
        typer.Option(help="a text file of player names, one a line: one named sheet each"),
    ] = None,
    duplex: Annotated[
        bool, typer.Option(help="print the layout's other side on the back of every sheet")
    ] = False,
    flip: Annotated[
        str | None, typer.Option(help="duplex flip: long or short edge (tile sheets)")
    ] = None,
    offset: Annotated[
        str | None,
        typer.Option(help="shift every back by X,Y mm to correct a drifting printer (tile sheets)"),
    ] = None,
    px: Annotated[
        int | None, typer.Option(min=32, max=4096, help="image size in pixels (tile art)")
    ] = None,
    fit: Annotated[
        bool, typer.Option(help="shrink a board to fit one page of the paper (Scrumpit board)")
    ] = False,
    tile_size: Annotated[float | None, typer.Option(help=tile_size_help())] = None,
    gap: Annotated[
        float | None, typer.Option(metavar="MM", help="space between pieces (0 to 30 mm)")
    ] = None,
    margin: Annotated[
        float | None,
        typer.Option(
            metavar="MM", help=f"paper kept clear at each edge (5 to 50 mm) [default: {MARGIN:g}]"
        ),
    ] = None,
    no_ruler: Annotated[
        bool, typer.Option("--no-ruler", help="leave out the calibration ruler")
    ] = False,
    no_sheet_mark: Annotated[
        bool,
        typer.Option(
            "--no-sheet-mark",
            help="leave out the sheet mark (corner squares and a QR code) that 'sheetgen read' "
            "finds a played sheet by",
        ),
    ] = False,
    crop_marks: Annotated[
        str | None,
        typer.Option(
            metavar="none|corners|full",
            help="cut guides: none, short marks outside the pieces, or lines across the sheet",
        ),
    ] = None,
    bleed: Annotated[
        float | None,
        typer.Option(
            metavar="MM",
            help="art beyond each piece's cut (0 to 5 mm; pieces cut apart, and boards)",
        ),
    ] = None,
    fold: Annotated[
        bool,
        typer.Option(
            "--fold", help="gutter-fold: each front and its back side by side on one page"
        ),
    ] = False,
    only: Annotated[
        str | None,
        typer.Option(
            metavar="NAME[,NAME...]",
            help="print just these pieces, decks or dice of a set (once each, or --copies)",
        ),
    ] = None,
    profile: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="a print shop's product (docs: Print shop profiles) or a .toml of your own: "
            "its bleed, resolution and colours, the layout's pieces checked against its size",
        ),
    ] = None,
    printer: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="a printer calibrated once (see 'sheetgen printer'): its --offset and --flip "
            "where not given, its widest margin, and every page scaled to print true",
        ),
    ] = None,
    proof: Annotated[
        bool,
        typer.Option(
            "--proof",
            help="draw the trim, bleed and (with --profile) safe zone over every piece cut "
            "apart: a proof to check, not to print",
        ),
    ] = False,
    layout_folders: LayoutFolders = None,
) -> None:
    """Build layouts into PDF, SVG and PNG files in the output folder.

    Examples:

    \b
      sheetgen build scribe/standard
      sheetgen build --all -f pdf --out previews/
      sheetgen build walkabout/dice --only dark --copies 2
    """
    from sheetgen.layouts.find import use  # start-up
    from sheetgen.options import read_build  # start-up
    from sheetgen.pipeline.build import run_build  # start-up

    use(layout_folders)
    if not layouts and not build_all:
        raise UsageError("name layouts to build, or pass --all (see 'sheetgen list')")
    request = read_build(
        tuple(layouts or ()),
        build_all=build_all,
        formats=formats,
        paper=paper,
        copies=copies,
        out=out,
        dpi=dpi,
        fillable=fillable,
        colour=colour,
        pdfx=pdfx,
        ink_limit=ink_limit,
        transparent=transparent,
        quiet=quiet,
        names=names,
        duplex=duplex,
        tile_size=tile_size,
        flip=flip,
        offset=offset,
        px=px,
        fit=fit,
        gap=gap,
        margin=margin,
        ruler=not no_ruler,
        sheet_mark=not no_sheet_mark,
        crop_marks=crop_marks,
        bleed=bleed,
        fold=fold,
        only=only,
        profile=profile,
        printer=printer,
        proof=proof,
    )
    run_build(request)
