"""`sheetgen list`: the built-in layouts, your own, and the component kinds."""

import json
from typing import Annotated

import typer

from sheetgen.cli.app import LayoutFolders
from sheetgen.kinds import kinds


def list_layouts(
    json_out: Annotated[bool, typer.Option("--json", help="print the lists as JSON")] = False,
    layout_folders: LayoutFolders = None,
) -> None:
    """List the built-in layouts, your own (--layouts, SHEETGEN_LAYOUTS) and the component kinds.

    Examples:

    \b
      sheetgen list
      sheetgen list --layouts my-layouts
      sheetgen list --json
    """
    from sheetgen.layouts.find import use, user_layouts  # start-up
    from sheetgen.layouts.read import builtin_layouts, describe  # start-up
    from sheetgen.text.terminal import for_terminal  # start-up

    use(layout_folders)
    mine = user_layouts()
    named = builtin_layouts() | mine  # found once: each layout's look-up is then at once
    if json_out:
        rows = [(name, *describe(name, named)) for name in named]
        listed = {
            "layouts": [
                {"name": n, "kind": k, "description": d, "builtin": n not in mine}
                for n, k, d in rows
            ],
            "kinds": [{"kind": k.key, "summary": k.summary} for k in kinds().values()],
        }
        typer.echo(json.dumps(listed, indent=2, ensure_ascii=False))
        return
    typer.echo(
        "Built-in layouts (build or check them by name, e.g. 'sheetgen build scribe/standard'):"
    )
    names = builtin_layouts()
    width = max([24, *map(len, [*names, *mine])])  # the longest name keeps its column
    for name in [*names, *mine]:
        if name == next(iter(mine), None):
            typer.echo("\nYour layouts (--layouts and SHEETGEN_LAYOUTS), by name the same way:")
        kind, description = (for_terminal(said) for said in describe(name, named))
        typer.echo(f"  {for_terminal(name):{width}} {kind:22} {description}")
    typer.echo("\nComponent kinds ('sheetgen schema KIND' prints a kind's JSON Schema):")
    for declared in kinds().values():
        typer.echo(f"  {declared.key:24} {declared.summary}")
