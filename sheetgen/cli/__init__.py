"""The `sheetgen` command: list, check, build and schema, plus each game's own commands."""

import functools
import importlib
import inspect
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.main
from typer.core import TyperGroup

from sheetgen import __version__
from sheetgen.errors import LayoutNotFound, SheetgenError, UsageError, error_lines
from sheetgen.kinds import games, tile_size_help

# each game's group of commands, and export's, by the name it takes on the command line
GROUPS = {
    **{game.name: game.commands for game in games() if game.commands},
    "export": "sheetgen.export.commands",
}


def group_app(name: str) -> typer.Typer:
    """The Typer app of a game's (or export's) commands, each taking --layouts after its name."""
    group: typer.Typer = importlib.import_module(GROUPS[name]).app
    for command in group.registered_commands:
        if command.callback is not None:
            command.callback = _with_layout_folders(command.callback)
    return group


class _Commands(TyperGroup):
    """sheetgen's commands: its own, then each game's group and export's, a group read from
    its module and built only when it is named (or listed, by --help and completion), so a
    command does not wait for the building of all the others."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *GROUPS]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in GROUPS:
            group = group_app(cmd_name)
            group.rich_markup_mode = None  # as sheetgen's own help: plain text
            found = typer.main.get_group(group)
            found.name = cmd_name
            self.add_command(found, cmd_name)
        return found


app = typer.Typer(
    cls=_Commands,
    help="Board and tile layouts in; print-ready and screen-ready components out.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
DEFAULT_OUT = Path("output")
LayoutFolders = Annotated[
    list[Path] | None,
    typer.Option(
        "--layouts",
        metavar="DIR",
        exists=True,
        file_okay=False,
        help="a folder of your own layouts, DIR/<game>/<name>.toml, found by name "
        "(repeatable; SHEETGEN_LAYOUTS adds more)",
    ),
]
MAX_COPIES = 1000
PAPER_HELP = "A4, Letter, A3, Tabloid, or WxH in mm (300x200) or inches (4x6in)"


def _folder(value: str | Path) -> Path:
    """An output folder from the command line (or the default): an empty one is a usage error,
    never quietly the current folder."""
    if isinstance(value, str) and not value.strip():
        raise typer.BadParameter("is empty; name a folder, e.g. --out output")
    return Path(value)


def _layout_names(incomplete: str) -> list[str]:
    """Tab completion of a layout argument: the layout names that begin with what is typed
    (where none does, the shell completes file names)."""
    from sheetgen.layouts.find import builtin_layouts, named_layouts

    try:
        names = named_layouts()
    except SheetgenError:  # a broken collection: complete the built-in names still
        names = builtin_layouts()
    return [name for name in names if name.startswith(incomplete)]


def _kind_names(incomplete: str) -> list[str]:
    """Tab completion of a component kind: the kinds that begin with what is typed."""
    from sheetgen.kinds import kinds

    return [kind for kind in kinds() if kind.startswith(incomplete)]


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
    layout_folders: LayoutFolders = None,
) -> None:
    """sheetgen turns layout files into print-ready PDF, SVG and PNG game components."""
    from sheetgen.layouts import find as search_path

    search_path.forget()
    search_path.use(layout_folders)


@app.command("list")
def list_layouts(
    json_out: Annotated[bool, typer.Option("--json", help="print the lists as JSON")] = False,
    layout_folders: LayoutFolders = None,
) -> None:
    """List the built-in layouts, your own (--layouts, SHEETGEN_LAYOUTS) and the component kinds."""
    from sheetgen.kinds import kinds
    from sheetgen.layouts.find import use, user_layouts
    from sheetgen.layouts.read import builtin_layouts, describe

    use(layout_folders)
    mine = user_layouts()
    if json_out:
        rows = [(name, *describe(name)) for name in [*builtin_layouts(), *mine]]
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
    for name in names:
        kind, description = describe(name)
        typer.echo(f"  {name:{width}} {kind:22} {description}")
    if mine:
        typer.echo("\nYour layouts (--layouts and SHEETGEN_LAYOUTS), by name the same way:")
    for name in mine:
        kind, description = describe(name)
        typer.echo(f"  {name:{width}} {kind:22} {description}")
    typer.echo("\nComponent kinds ('sheetgen schema KIND' prints a kind's JSON Schema):")
    for declared in kinds().values():
        typer.echo(f"  {declared.key:24} {declared.summary}")


@app.command()
def check(
    layouts: Annotated[
        list[str],
        typer.Argument(help="layout files or built-in names", autocompletion=_layout_names),
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
    """Validate layouts and run their game's rules checks; exit 1 on any error."""
    from sheetgen.layouts.find import use

    use(layout_folders)
    from sheetgen.pipeline.check import as_json, check_one, text_lines
    from sheetgen.press import parse_paper

    papers = (paper,) if paper is not None else ("A4", "Letter")
    for name in papers:
        parse_paper(name)  # a paper that does not exist is a usage error, before any check
    results = [check_one(ref, words, papers) for ref in layouts]
    failed = any(c.errors for c in results)
    if words is not None and not any(c.looked_up for c in results) and not failed:
        raise UsageError("--words: only Scrumpit game records are checked against a word list")
    if json_out:
        typer.echo(json.dumps(as_json(results), indent=2, ensure_ascii=False))
    else:
        for checked in results:
            for line, to_stderr in text_lines(checked):
                typer.echo(line, err=to_stderr)
    missing = [c for c in results if c.refused and exit_code(c.refused, layouts) == 2]
    if missing or failed:
        raise typer.Exit(2 if missing else 1)


@app.command()
def schema(
    kind: Annotated[
        str,
        typer.Argument(help="a component kind, e.g. scribe/supergrid", autocompletion=_kind_names),
    ],
) -> None:
    """Print the JSON Schema of a component kind's layout files (for editors)."""
    from sheetgen.kinds import kind_for, kinds, suggest

    found = kind_for(kind)
    if found is None:
        raise UsageError(f"unknown component kind {kind!r} ({suggest(kind, list(kinds()))})")
    from sheetgen.layouts.schema import layout_schema

    typer.echo(json.dumps(layout_schema(found), indent=2))


@app.command()
def build(
    layouts: Annotated[
        list[str] | None,
        typer.Argument(
            help="layout files or built-in names (see 'sheetgen list')",
            autocompletion=_layout_names,
        ),
    ] = None,
    build_all: Annotated[
        bool, typer.Option("--all", help="build every built-in layout and every one of yours")
    ] = False,
    formats: Annotated[
        str, typer.Option("--format", "-f", help="comma-separated: pdf, svg, png")
    ] = "pdf,svg,png",
    paper: Annotated[str, typer.Option(help=PAPER_HELP)] = "A4",
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
    tile_size: Annotated[float | None, typer.Option(help=tile_size_help())] = None,
    gap: Annotated[
        float | None, typer.Option(metavar="MM", help="space between pieces (0 to 30 mm)")
    ] = None,
    margin: Annotated[
        float | None,
        typer.Option(metavar="MM", help="paper kept clear at each edge (5 to 50 mm) [default: 8]"),
    ] = None,
    no_ruler: Annotated[
        bool, typer.Option("--no-ruler", help="leave out the calibration ruler")
    ] = False,
    crop_marks: Annotated[
        str | None,
        typer.Option(
            metavar="none|corners|full",
            help="cut guides: none, short marks outside the pieces, or lines across the sheet",
        ),
    ] = None,
    bleed: Annotated[
        float | None,
        typer.Option(metavar="MM", help="art beyond each piece's cut (0 to 5 mm; tile sheets)"),
    ] = None,
    fold: Annotated[
        bool,
        typer.Option(
            "--fold", help="gutter-fold: each front and its back side by side on one page"
        ),
    ] = False,
    only: Annotated[
        str | None,
        typer.Option(
            metavar="NAME[,NAME...]",
            help="print just these pieces, decks or dice of a set (once each, or --copies)",
        ),
    ] = None,
    layout_folders: LayoutFolders = None,
) -> None:
    """Build layouts into PDF, SVG and PNG files in the output folder."""
    from sheetgen.layouts.find import use
    from sheetgen.options import BuildRequest
    from sheetgen.pipeline.build import run_build

    use(layout_folders)
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
        gap=gap,
        margin=margin,
        ruler=not no_ruler,
        crop_marks=crop_marks,
        bleed=bleed,
        fold=fold,
        only=only,
    )
    run_build(request)


@app.command()
def new(
    kind: Annotated[
        str,
        typer.Argument(help="a component kind from 'sheetgen list'", autocompletion=_kind_names),
    ],
    file: Annotated[Path, typer.Argument(help="the layout file to write, e.g. club.toml")],
) -> None:
    """Write a commented starting layout of a component kind (never over an existing file)."""
    from sheetgen.layouts.starter import new_layout

    typer.echo(new_layout(kind, file))


@app.command()
def gallery(
    out: Annotated[Path, typer.Option(parser=_folder, help="output folder")] = DEFAULT_OUT,
    dpi: Annotated[int, typer.Option(min=30, max=600, help="PNG resolution")] = 120,
) -> None:
    """Write gallery.pdf and gallery.png: a thumbnail of every built-in component."""
    from sheetgen.backends import render
    from sheetgen.pipeline.gallery import gallery as make
    from sheetgen.pipeline.output import prepare_folder, write_atomic

    folder = prepare_folder(out, out == DEFAULT_OUT)
    doc = make()
    for fmt in ("pdf", "png"):
        data = render(doc, fmt, dpi=dpi)[0][1]
        path = folder / f"gallery.{fmt}"
        write_atomic(path, data)
        typer.echo(f"wrote {path} ({len(data) / 1024:,.0f} KiB)")


@app.command()
def watch(
    layout: Annotated[
        str,
        typer.Argument(
            help="a layout file or a layout's name (see 'sheetgen list')",
            autocompletion=_layout_names,
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(parser=_folder, help="output folder (must exist) [default: a temporary one]"),
    ] = None,
    port: Annotated[
        int, typer.Option(min=0, max=65535, help="port on 127.0.0.1 (0: any free one)")
    ] = 8765,
    browser: Annotated[bool, typer.Option(help="open the page in a browser")] = True,
    dpi: Annotated[int, typer.Option(min=30, max=300, help="PNG resolution")] = 100,
    paper: Annotated[str, typer.Option(help=PAPER_HELP)] = "A4",
    layout_folders: LayoutFolders = None,
) -> None:
    """Rebuild a layout on every save and show it in a page on 127.0.0.1 that refreshes itself."""
    from sheetgen.layouts.find import use
    from sheetgen.pipeline.watch import run_watch

    use(layout_folders)
    run_watch(layout, out, port, browser, dpi, paper)


def _with_layout_folders(callback: Callable[..., Any]) -> Callable[..., Any]:
    """A game's (or export's) command that takes --layouts after its name too, as build and
    check do: your collections are searched for the layouts it names."""
    signature = inspect.signature(callback, eval_str=True)
    if "layout_folders" in signature.parameters:
        return callback

    @functools.wraps(callback)
    def run(*args: Any, layout_folders: list[Path] | None = None, **kwargs: Any) -> Any:
        from sheetgen.layouts.find import use

        use(layout_folders)
        return callback(*args, **kwargs)

    folders = inspect.Parameter(
        "layout_folders", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=LayoutFolders
    )
    run.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), folders]
    )
    return run


# the command line's checks of a number, in the words of every other message
PLAIN = (
    (r"'[^']*' is not a valid int(eger)?( range)?\.", "must be a whole number, e.g. 2"),
    (r"'[^']*' is not a valid float( range)?\.", "must be a number, e.g. 4.5"),
)
# click's out-of-range wording: '0 is not in the range 1<=x<=1000.', 'x>=30', 'x<5'
RANGE = re.compile(r"(\S+) is not in the range (?:([^<>=\s]+)(<=?))?x(?:(<=?|>=?)([^<>=\s]+?))?\.")


def _out_of_range(found: re.Match[str]) -> str:
    """A number outside an option's range, said as the bound it passes."""
    value, low, low_op, op, bound = found.groups()
    if op in (">", ">="):  # x>=N: a lower bound alone
        low, low_op, op, bound = bound, op.replace(">", "<"), None, None
    try:
        below = low is not None and float(value) <= float(low)
    except ValueError:
        below = False
    if below:
        return f"must be {'at least' if low_op == '<=' else 'more than'} {low}"
    return f"must be {'at most' if op == '<=' else 'less than'} {bound}"


def _report_usage(exc: typer.TyperException) -> int:
    """Print a command-line error as one line (or the help, when no arguments were given)."""
    ctx = getattr(exc, "ctx", None)
    if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
        typer.echo(ctx.get_help())
        return 0
    message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    for wording, plain in PLAIN:
        message = re.sub(wording, plain, message)
    message = RANGE.sub(_out_of_range, message)
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    typer.echo(f"error: {message}{hint}", err=True)
    return int(getattr(exc, "exit_code", 2))


def exit_code(exc: SheetgenError, typed: list[str]) -> int:
    """The exit code of an error: a layout that does not exist is a usage error (2) when its
    name was `typed` on the command line, and a failed check (1) when a layout names it."""
    if isinstance(exc, LayoutNotFound) and exc.file in typed:
        return 2
    return exc.exit_code


def main() -> None:
    """Entry point of the console script: every error a user can cause is one line."""
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as exc:  # click's errors, as Typer ships them
        code = _report_usage(exc)
    except SheetgenError as exc:
        for line in error_lines(exc):
            typer.echo(line, err=True)
        typed = sys.argv[1:]  # and the values of --option=value
        code = exit_code(exc, [*typed, *(a.partition("=")[2] for a in typed)])
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
