"""The `sheetgen` command: list, check, build and schema, plus each game's own commands."""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from sheetgen import __version__
from sheetgen.errors import SheetgenError, UsageError

app = typer.Typer(
    help="Board and tile layouts in; print-ready and screen-ready components out.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
DEFAULT_OUT = Path("output")
MAX_COPIES = 1000


def _folder(value: str | Path) -> Path:
    """An output folder from the command line (or the default): an empty one is a usage error,
    never quietly the current folder."""
    if isinstance(value, str) and not value.strip():
        raise typer.BadParameter("is empty; name a folder, e.g. --out output")
    return Path(value)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"sheetgen {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="print the version and exit"
        ),
    ] = False,
) -> None:
    """sheetgen turns layout files into print-ready PDF, SVG and PNG game components."""


@app.command("list")
def list_layouts() -> None:
    """List the built-in layouts and the component kinds they use."""
    from sheetgen.games import CATALOGUE
    from sheetgen.layout import builtin_layouts, describe

    typer.echo(
        "Built-in layouts (build or check them by name, e.g. 'sheetgen build scribe/standard'):"
    )
    names = builtin_layouts()
    width = max([24, *map(len, names)])  # the longest name keeps its column
    for name in names:
        kind, description = describe(name)
        typer.echo(f"  {name:{width}} {kind:22} {description}")
    typer.echo("\nComponent kinds ('sheetgen schema KIND' prints a kind's JSON Schema):")
    for key, summary in CATALOGUE.items():
        typer.echo(f"  {key:24} {summary}")


@app.command()
def check(
    layouts: Annotated[list[str], typer.Argument(help="layout files or built-in names")],
    words: Annotated[
        Path | None,
        typer.Option(
            help="a word list, one word a line: Scrumpit game records' words must be in it"
        ),
    ] = None,
) -> None:
    """Validate layouts and run their game's rules checks; exit 1 on any error."""
    from sheetgen.layout import load

    failed = False
    looked_up = False
    for ref in layouts:
        try:
            loaded = load(ref)
        except SheetgenError as exc:
            typer.echo(f"error: {exc}", err=True)
            failed = True
            continue
        check_words = loaded.kind.check_words
        if words is not None and check_words is not None:
            findings = check_words(loaded.model, words)
            looked_up = True
        else:
            findings = loaded.kind.check(loaded.model)
        for finding in findings:
            typer.echo(finding.line(loaded.source), err=finding.level == "error")
        errors = sum(f.level == "error" for f in findings)
        failed |= errors > 0
        if not errors:
            warnings = len(findings)
            typer.echo(
                f"{loaded.source}: ok"
                + (f" ({warnings} warning{'s' if warnings != 1 else ''})" if warnings else "")
            )
    if words is not None and not looked_up and not failed:
        raise UsageError("--words: only Scrumpit game records are checked against a word list")
    if failed:
        raise typer.Exit(1)


@app.command()
def schema(
    kind: Annotated[str, typer.Argument(help="a component kind, e.g. scribe/supergrid")],
) -> None:
    """Print the JSON Schema of a component kind's layout files (for editors)."""
    from sheetgen.games import CATALOGUE
    from sheetgen.registry import kind_for, suggest

    found = kind_for(kind)
    if found is None:
        raise UsageError(f"unknown component kind {kind!r} ({suggest(kind, list(CATALOGUE))})")
    typer.echo(json.dumps(found.model.model_json_schema(), indent=2))


@app.command()
def build(
    layouts: Annotated[
        list[str] | None,
        typer.Argument(help="layout files or built-in names (see 'sheetgen list')"),
    ] = None,
    build_all: Annotated[bool, typer.Option("--all", help="build every built-in layout")] = False,
    formats: Annotated[
        str, typer.Option("--format", "-f", help="comma-separated: pdf, svg, png")
    ] = "pdf,svg,png",
    paper: Annotated[str, typer.Option(help="A4, Letter, A3, Tabloid or WxH in mm")] = "A4",
    copies: Annotated[
        int,
        typer.Option(
            min=1,
            max=MAX_COPIES,
            help="copies of the layout: pages of a pad, pads, sets of tiles or dice",
        ),
    ] = 1,
    out: Annotated[Path, typer.Option(parser=_folder, help="output folder")] = DEFAULT_OUT,
    dpi: Annotated[int, typer.Option(min=30, max=1200, help="PNG resolution")] = 300,
    fillable: Annotated[bool, typer.Option(help="add PDF form fields to type into")] = False,
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
    tile_size: Annotated[
        float | None, typer.Option(min=1, max=120, help="tile or die face size in mm")
    ] = None,
) -> None:
    """Build layouts into PDF, SVG and PNG files in the output folder."""
    from sheetgen.build import BuildRequest, run_build

    if not layouts and not build_all:
        raise UsageError("name layouts to build, or pass --all (see 'sheetgen list')")
    request = BuildRequest(
        refs=tuple(layouts or ()),
        build_all=build_all,
        formats=formats,
        paper=paper,
        copies=copies,
        out=out,
        create_out=out == DEFAULT_OUT,
        dpi=dpi,
        fillable=fillable,
        transparent=transparent,
        quiet=quiet,
        names=names,
        duplex=duplex,
        tile_size=tile_size,
        flip=flip,
        offset=offset,
        px=px,
        fit=fit,
    )
    run_build(request)


@app.command()
def gallery(
    out: Annotated[Path, typer.Option(parser=_folder, help="output folder")] = DEFAULT_OUT,
    dpi: Annotated[int, typer.Option(min=30, max=600, help="PNG resolution")] = 120,
) -> None:
    """Write gallery.pdf and gallery.png: a thumbnail of every built-in component."""
    from sheetgen.backends import render
    from sheetgen.gallery import gallery as make
    from sheetgen.output import prepare_folder, write_atomic

    folder = prepare_folder(out, out == DEFAULT_OUT)
    doc = make()
    for fmt in ("pdf", "png"):
        data = render(doc, fmt, dpi=dpi)[0][1]
        path = folder / f"gallery.{fmt}"
        write_atomic(path, data)
        typer.echo(f"wrote {path} ({len(data) / 1024:,.0f} KiB)")


def _add_game_commands() -> None:
    from sheetgen.games import COMMANDS

    for name, module in COMMANDS.items():
        app.add_typer(importlib.import_module(module).app, name=name)


_add_game_commands()


def _report_usage(exc: typer.TyperException) -> int:
    """Print a command-line error as one line (or the help, when no arguments were given)."""
    ctx = getattr(exc, "ctx", None)
    if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
        typer.echo(ctx.get_help())
        return 0
    message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    typer.echo(f"error: {message}{hint}", err=True)
    return int(getattr(exc, "exit_code", 2))


def main() -> None:
    """Entry point of the console script: every error a user can cause is one line."""
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as exc:  # click's errors, as Typer ships them
        code = _report_usage(exc)
    except SheetgenError as exc:
        typer.echo(f"error: {exc}", err=True)
        code = exc.exit_code
    except (KeyboardInterrupt, typer.Abort):
        typer.echo("interrupted", err=True)
        code = 130
    except Exception as exc:  # a bug: one line for the user, the trace on request
        if os.environ.get("SHEETGEN_DEBUG"):
            raise
        typer.echo(
            f"error: internal error ({type(exc).__name__}: {exc}); please report it, "
            "with SHEETGEN_DEBUG=1 set for the details",
            err=True,
        )
        code = 70
    sys.exit(code if isinstance(code, int) else 0)
