"""`sheetgen list`: the built-in layouts, your own, and the component kinds."""

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
    from sheetgen.text.terminal import for_terminal, json_for_terminal  # start-up

    use(layout_folders)
    mine = user_layouts()
    named = builtin_layouts() | mine  # found once: each layout's look-up is then at once
    everyone = [*builtin_layouts(), *mine]
    # every layout described before a line is printed: one that cannot be read is refused
    # whole, not after half the list
    rows = [(name, *describe(name, named)) for name in everyone]
    if json_out:
        listed = {
            "layouts": [
                {"name": n, "kind": k, "description": d, "builtin": n not in mine}
                for n, k, d in rows
            ],
            "kinds": [{"kind": k.key, "summary": k.summary} for k in kinds().values()],
        }
        typer.echo(json_for_terminal(listed, indent=2))
        return
    typer.echo(
        "Built-in layouts (build or check them by name, e.g. 'sheetgen build scribe/standard'):"
    )
    width = max([24, *map(len, everyone)])  # the longest name keeps its column
    for name, kind, description in rows:
        if name == next(iter(mine), None):
            typer.echo("\nYour layouts (--layouts and SHEETGEN_LAYOUTS), by name the same way:")
        shown = (for_terminal(said) for said in (name, kind, description))
        typer.echo("  {:{width}} {:22} {}".format(*shown, width=width))
    typer.echo("\nComponent kinds ('sheetgen schema KIND' prints a kind's JSON Schema):")
    for declared in kinds().values():
        typer.echo(f"  {declared.key:24} {declared.summary}")
