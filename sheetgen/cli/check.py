"""`sheetgen check`: validate layouts and run their game's rules checks."""

from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import LayoutFolders, layout_names
from sheetgen.cli.errors import exit_code
from sheetgen.errors import UsageError


def check(
    layouts: Annotated[
        list[str],
        typer.Argument(help="layout files or built-in names", autocompletion=layout_names),
    ],
    words: Annotated[
        Path | None,
        typer.Option(
            help="a word list, one word a line: Scrumpit game records' words must be in it"
        ),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="print every layout's findings as JSON")
    ] = False,
    paper: Annotated[
        str | None,
        typer.Option(
            help="press on this paper only, as build --paper does [default: A4 and Letter]"
        ),
    ] = None,
    layout_folders: LayoutFolders = None,
) -> None:
    """Validate layouts and run their game's rules checks; exit 1 on any error.

    Examples:

    \b
      sheetgen check scribe/standard
      sheetgen check club.toml --paper Letter --json
      sheetgen check scrumpit/example-game --words words.txt
    """
    from sheetgen.layouts.find import use  # start-up

    use(layout_folders)
    from sheetgen.pipeline.check import PAPERS, as_json, check_one, text_lines  # start-up
    from sheetgen.press import parse_paper  # start-up
    from sheetgen.text.terminal import for_terminal, json_for_terminal  # start-up

    papers = (paper,) if paper is not None else PAPERS
    for name in papers:
        parse_paper(name)  # a paper that does not exist is a usage error, before any check
    results = [check_one(ref, words, papers) for ref in layouts]
    failed = any(c.errors for c in results)
    if words is not None and not any(c.looked_up for c in results) and not failed:
        raise UsageError("--words: only Scrumpit game records are checked against a word list")
    if json_out:
        typer.echo(json_for_terminal(as_json(results), indent=2))
    else:
        for checked in results:
            for line, to_stderr in text_lines(checked):
                typer.echo(for_terminal(line), err=to_stderr)
    missing = [c for c in results if c.refused and exit_code(c.refused, layouts) == 2]
    if missing or failed:
        raise typer.Exit(2 if missing else 1)
