"""`sheetgen new`: a commented starting layout of a component kind."""

from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import kind_names


def new(
    kind: Annotated[
        str,
        typer.Argument(help="a component kind from 'sheetgen list'", autocompletion=kind_names),
    ],
    file: Annotated[Path, typer.Argument(help="the layout file to write, e.g. club.toml")],
) -> None:
    """Write a commented starting layout of a component kind (never over an existing file).

    Examples:

    \b
      sheetgen new scribe/supergrid club.toml
      sheetgen new scrumpit/tiles my-tiles.toml
    """
    from sheetgen.layouts.starter import new_layout  # start-up
    from sheetgen.text.terminal import for_terminal  # start-up

    typer.echo(for_terminal(new_layout(kind, file)))
