"""The Typer app of `sheetgen` and what its commands share: its own commands and the groups of
each game's commands and export's (each built only when named), --layouts, --out, the paper's
help, the completion of layout and kind names, and --version."""

import functools
import importlib
import inspect
import math
from collections.abc import Callable, Iterator, MutableMapping
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.main
from typer.core import TyperGroup
from typer.models import CommandInfo

from sheetgen import __version__
from sheetgen.errors import SheetgenError
from sheetgen.kinds import games, kinds

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


# sheetgen's own commands, by name, in the order `sheetgen --help` lists them: the module and
# the function of each, read and made into a click command only when it is named (its options'
# declarations and their making are a command's own start-up, never another's)
COMMANDS = {
    "list": ("sheetgen.cli.list", "list_layouts"),
    "check": ("sheetgen.cli.check", "check"),
    "schema": ("sheetgen.cli.schema", "schema"),
    "build": ("sheetgen.cli.build", "build"),
    "new": ("sheetgen.cli.new", "new"),
    "gallery": ("sheetgen.cli.gallery", "gallery"),
    "watch": ("sheetgen.cli.watch", "watch"),
    "calibrate": ("sheetgen.cli.calibrate", "calibrate"),
    "printer": ("sheetgen.cli.printer", "printer"),
    "read": ("sheetgen.cli.read", "read"),
}


def command_function(name: str) -> Callable[..., Any]:
    """The function of sheetgen's own command `name`, its module read."""
    module, function = COMMANDS[name]
    found: Callable[..., Any] = getattr(importlib.import_module(module), function)
    return found


class _Made(MutableMapping[str, Any]):
    """The click commands of a group by name, sheetgen's own commands among them before any
    other, each of those made from its function when it is first looked up."""

    def __init__(self, made: MutableMapping[str, Any]) -> None:
        self._made = dict(made)

    def __getitem__(self, name: str) -> Any:
        if name not in self._made and name in COMMANDS:
            info = CommandInfo(name=name, callback=command_function(name))
            self._made[name] = typer.main.get_command_from_info(
                info, pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=None
            )
        return self._made[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._made[name] = command

    def __delitem__(self, name: str) -> None:
        del self._made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*COMMANDS, *self._made]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*COMMANDS, *self._made]))


class _Commands(TyperGroup):
    """sheetgen's commands: its own, then each game's group and export's, each made into a
    click command only when it is named (or listed, by --help and completion; a group read
    from its module then), so a command does not wait for the making of all the others."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = _Made(self.commands)

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
        if found is not None:
            named_values(found)
            _finite_numbers(found)
        return found


# what an option's value is called in the help, by its name where its type says too little
METAVARS = {
    "--format": "FORMATS",
    "--paper": "PAPER",
    "--flip": "long|short",
    "--offset": "X,Y",
    "--px": "PX",
    "--dpi": "DPI",
    "--port": "PORT",
    "--roll": "N,N,N",
    "--rows": "N,N,...",
    "--last": "CELL",
    "--dice": "LAYOUT",
    "--tiles": "LAYOUT",
    "--layout": "LAYOUT",
    "--screen": "LAYOUT",
}


def named_values(command: Any) -> None:
    """Give every option of `command` (and of a group's commands) that has no metavar of its
    own one a user reads: by its name (METAVARS), else by its type: N a whole number, MM a
    length, DIR a folder, FILE a file, TEXT (never Click's '<int range>' or '<_folder>')."""
    for param in command.params:
        if param.param_type_name != "option" or param.metavar is not None:
            continue
        long = max(param.opts, key=len)
        # its click type's name, also once _finite_numbers has renamed a type click shares
        # (click.FLOAT), as it has for every later command made in the same process
        kind = type(param.type).__name__.removeprefix("Finite")
        if long in METAVARS:
            param.metavar = METAVARS[long]
        elif kind in ("IntRange", "IntParamType"):
            param.metavar = "N"
        elif kind in ("FloatRange", "FloatParamType"):
            param.metavar = "MM"  # every number with a point sheetgen takes is a length
        elif kind == "FuncParamType" or getattr(param.type, "file_okay", True) is False:
            param.metavar = "DIR"  # an output folder (read by _folder), or a folder alone
        elif kind in ("TyperPath", "Path"):
            param.metavar = "FILE"
        else:
            param.metavar = "TEXT"
    for sub in getattr(command, "commands", {}).values():
        named_values(sub)


_FINITE: dict[type[Any], type[Any]] = {}  # each float type of click's, and its finite twin


def _finite_kind(kind: type[Any]) -> type[Any]:
    """Click's float type `kind` (a range or not; Typer carries its own copy of click, so it
    is taken as found), refusing NaN, which no comparison with a bound refuses, and the
    infinities, as click refuses any other value: in one line."""

    def convert(self: Any, value: Any, param: Any, ctx: Any) -> Any:
        number = kind.convert(self, value, param, ctx)
        if isinstance(number, float) and not math.isfinite(number):
            self.fail(f"{value!r} is not a number, e.g. 4.5", param, ctx)
        return number

    if kind not in _FINITE:
        _FINITE[kind] = type(f"Finite{kind.__name__}", (kind,), {"convert": convert})
    return _FINITE[kind]


def _finite_numbers(command: Any) -> None:
    """Every number option of `command` (and of a group's commands) refusing NaN and the
    infinities in the one line every refused option gets: the one rule for all commands."""
    for param in command.params:
        kind = type(param.type)
        if getattr(kind, "_number_class", None) is float and not kind.__name__.startswith("Finite"):
            param.type.__class__ = _finite_kind(kind)
    for sub in getattr(command, "commands", {}).values():
        _finite_numbers(sub)


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
    never quietly the current folder. (Its metavar in the help is DIR: see named_values.)"""
    if isinstance(value, str) and not value.strip():
        raise typer.BadParameter("is empty; name a folder, e.g. --out output")
    return Path(value)


def layout_names(incomplete: str) -> list[str]:
    """Tab completion of a layout argument: the layout names that begin with what is typed
    (where none does, the shell completes file names)."""
    from sheetgen.layouts.find import builtin_layouts, named_layouts  # start-up

    try:
        names = named_layouts()
    except SheetgenError:  # a broken collection: complete the built-in names still
        names = builtin_layouts()
    return [name for name in names if name.startswith(incomplete)]


def kind_names(incomplete: str) -> list[str]:
    """Tab completion of a component kind: the kinds that begin with what is typed."""
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
    from sheetgen.layouts import find as search_path  # start-up

    search_path.forget()
    search_path.use(layout_folders)


def _with_layout_folders(callback: Callable[..., Any]) -> Callable[..., Any]:
    """A game's (or export's) command that takes --layouts after its name too, as build and
    check do: your collections are searched for the layouts it names."""
    signature = inspect.signature(callback, eval_str=True)
    if "layout_folders" in signature.parameters:
        return callback

    @functools.wraps(callback)
    def run(*args: Any, layout_folders: list[Path] | None = None, **kwargs: Any) -> Any:
        from sheetgen.layouts.find import use  # start-up

        use(layout_folders)
        return callback(*args, **kwargs)

    folders = inspect.Parameter(
        "layout_folders", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=LayoutFolders
    )
    run.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), folders]
    )
    return run
