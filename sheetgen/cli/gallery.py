"""`sheetgen gallery`: a thumbnail of every built-in component, as a PDF and a PNG."""

from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import DEFAULT_OUT, _folder


def gallery(
    out: Annotated[Path, typer.Option(parser=_folder, help="output folder")] = DEFAULT_OUT,
    dpi: Annotated[int, typer.Option(min=30, max=600, help="PNG resolution")] = 120,
) -> None:
    """Write gallery.pdf and gallery.png: a thumbnail of every built-in component.

    Examples:

    \b
      sheetgen gallery
      sheetgen gallery --out previews/ --dpi 72
    """
    from sheetgen.backends import render  # start-up
    from sheetgen.pipeline.gallery import gallery as make  # start-up
    from sheetgen.pipeline.output import prepare_folder, write_atomic  # start-up
    from sheetgen.text.terminal import for_terminal  # start-up

    folder = prepare_folder(out)
    doc = make()
    for fmt in ("pdf", "png"):
        data = render(doc, fmt, dpi=dpi)[0][1]
        path = folder / f"gallery.{fmt}"
        write_atomic(path, data)
        typer.echo(f"wrote {for_terminal(str(path))} ({len(data) / 1024:,.0f} KiB)")
