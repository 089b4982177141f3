"""`sheetgen printer`: save a printer's calibration readings once as its profile, or list the
profiles saved; `sheetgen build --printer NAME` applies one."""

from dataclasses import replace
from typing import Annotated

import typer


def printer(
    name: Annotated[
        str | None,
        typer.Argument(help="the printer's name, e.g. office-laser (none: list the saved ones)"),
    ] = None,
    offset: Annotated[
        str | None,
        typer.Option(metavar="X,Y", help="the drift read off the calibration sheet, in mm"),
    ] = None,
    flip: Annotated[
        str | None, typer.Option(metavar="long|short", help="the edge its duplex turns over")
    ] = None,
    margins: Annotated[
        str | None,
        typer.Option(metavar="T,R,B,L", help="the unprintable margins read off the sheet, mm"),
    ] = None,
    scale: Annotated[
        str | None,
        typer.Option(
            metavar="ACROSS,DOWN",
            help="the lengths the 100 mm bars across and down printed at, in mm (one: both)",
        ),
    ] = None,
) -> None:
    """Save a printer's calibration readings (from 'sheetgen calibrate') as its profile, kept
    in your config folder; name none to list the profiles saved. Readings not given keep the
    profile's own (or the defaults: no drift, long edge, no margins, bars of 100 mm).

    Examples:

    \b
      sheetgen printer office --offset 0.5,-0.3 --margins 4,4,6,4 --scale 99.6,99.8
      sheetgen printer
    """
    from sheetgen.options import parse_flip, parse_offset  # start-up
    from sheetgen.pipeline.output import write_atomic  # start-up
    from sheetgen.press.printer import (  # start-up
        Printer,
        check_name,
        folder,
        known,
        load,
        parse_bars,
        parse_margins,
        path_of,
    )
    from sheetgen.text.terminal import for_terminal  # start-up

    if name is None:
        names = known()
        if not names:
            typer.echo(f"no printer profiles in {for_terminal(str(folder()))} yet")
        for each in names:
            typer.echo(for_terminal(load(each).said()))
        return
    word = check_name(name)
    path = path_of(word)
    saved = load(word) if path.is_file() else Printer(word)
    changed = replace(
        saved,
        offset=saved.offset if offset is None else parse_offset(offset),
        flip=saved.flip if flip is None else parse_flip(flip),
        margins=saved.margins if margins is None else parse_margins(margins),
        bars=saved.bars if scale is None else parse_bars(scale),
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, changed.text().encode("utf-8"))
    typer.echo(f"saved {for_terminal(changed.said())}")
