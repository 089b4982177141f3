"""`sheetgen calibrate`: the printer calibration sheet, printed once to read a printer's scale,
duplex drift and unprintable margins off it (then saved with `sheetgen printer`)."""

from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import DEFAULT_OUT, PAPER_HELP, _folder


def calibrate(
    paper: Annotated[str, typer.Option(help=PAPER_HELP)] = "A4",
    flip: Annotated[
        str, typer.Option(metavar="long|short", help="the edge your duplex turns the sheet over")
    ] = "long",
    out: Annotated[Path, typer.Option(parser=_folder, help="output folder")] = DEFAULT_OUT,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="print only errors")] = False,
) -> None:
    """Write a two-page calibration PDF: print it double-sided once, read the scale, the drift
    between the sides and the unprintable margins off it, and save them with 'sheetgen
    printer'.

    Examples:

    \b
      sheetgen calibrate
      sheetgen calibrate --paper Letter --flip short
    """
    from sheetgen.backends.pdf import render_pdf  # start-up
    from sheetgen.draw.document import Document  # start-up
    from sheetgen.options import parse_flip  # start-up
    from sheetgen.pipeline.output import check_folder, make_folder, write_atomic  # start-up
    from sheetgen.press.calibration import calibration_pages, save_command  # start-up
    from sheetgen.press.paper import parse_paper  # start-up
    from sheetgen.text.terminal import for_terminal  # start-up

    sheet = parse_paper(paper)
    turned = parse_flip(flip)
    folder = check_folder(out)
    pages = calibration_pages(sheet, turned)
    title = f"sheetgen printer calibration ({sheet.name}, {turned}-edge flip)"
    data = render_pdf(Document(tuple(pages), title, duplex=turned))
    make_folder(folder)
    short = "-short" if turned == "short" else ""
    path = folder / f"calibration-{sheet.name.lower().replace(' ', '-')}{short}.pdf"
    write_atomic(path, data)
    if quiet:
        return
    typer.echo(f"wrote {for_terminal(str(path))} ({len(data) / 1024:,.0f} KiB)")
    typer.echo(
        f"print it double-sided at actual size, then save the readings: {save_command(turned)}"
    )
