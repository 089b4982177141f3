"""`sheetgen schema`: the JSON Schema of a component kind's layout files."""

import json
from typing import Annotated

import typer

from sheetgen.cli.app import kind_names
from sheetgen.errors import UsageError
from sheetgen.kinds import kind_for, kinds, suggest


def schema(
    kind: Annotated[
        str,
        typer.Argument(help="a component kind, e.g. scribe/supergrid", autocompletion=kind_names),
    ],
) -> None:
    """Print the JSON Schema of a component kind's layout files (for editors).

    Examples:

    \b
      sheetgen schema scribe/supergrid
      sheetgen schema walkabout/map > walkabout-map.schema.json
    """
    found = kind_for(kind)
    if found is None:
        raise UsageError(f"unknown component kind {kind!r} ({suggest(kind, list(kinds()))})")
    from sheetgen.layouts.schema import layout_schema  # start-up

    typer.echo(json.dumps(layout_schema(found), indent=2))
