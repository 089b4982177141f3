"""`sheetgen watch`: rebuild a layout on every save and show it in a page that refreshes."""

from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import PAPER_HELP, LayoutFolders, _folder, layout_names


def watch(
    layout: Annotated[
        str,
        typer.Argument(
            help="a layout file or a layout's name (see 'sheetgen list')",
            autocompletion=layout_names,
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            parser=_folder,
            help="output folder (made if it does not exist) [default: a temporary one]",
        ),
    ] = None,
    port: Annotated[
        int, typer.Option(min=0, max=65535, help="port on 127.0.0.1 (0: any free one)")
    ] = 8765,
    browser: Annotated[bool, typer.Option(help="open the page in a browser")] = True,
    dpi: Annotated[int, typer.Option(min=30, max=300, help="PNG resolution")] = 100,
    paper: Annotated[str, typer.Option(help=PAPER_HELP)] = "A4",
    layout_folders: LayoutFolders = None,
) -> None:
    """Rebuild a layout on every save and show it in a page on 127.0.0.1 that refreshes itself.

    Examples:

    \b
      sheetgen watch club.toml
      sheetgen watch scribe/standard --paper Letter --port 0
    """
    from sheetgen.layouts.find import use  # start-up
    from sheetgen.pipeline.watch import run_watch  # start-up

    use(layout_folders)
    run_watch(layout, out, port, browser, dpi, paper)
