"""The `sheetgen` command: its app, whose own commands (one module each, `COMMANDS`) and
groups (each game's and export's, `GROUPS`) are read only when named, and `main`."""

from __future__ import annotations

import os
import sys

import typer

from sheetgen import cancel
from sheetgen.cli.app import COMMANDS, GROUPS, app, group_app
from sheetgen.cli.errors import exit_code, report_usage
from sheetgen.errors import SheetgenError, error_lines
from sheetgen.kinds import games, refused_plugins
from sheetgen.text.terminal import for_terminal

__all__ = ["COMMANDS", "GROUPS", "app", "group_app", "main"]
INTERRUPTED = 130  # the exit code of a program Ctrl-C stopped (128 + SIGINT)

# the names of sheetgen's own commands and groups, which no game's group can take
OWN = {*COMMANDS, "export"}


def main(args: list[str] | None = None, prog_name: str | None = None) -> None:
    """Entry point of the console script: every error a user can cause is one line. `args`
    are the command line's words after the program's name (by default `sys.argv[1:]`)."""
    typed = sys.argv[1:] if args is None else args
    cancel.begin()
    _say_refused_plugins()
    try:
        code = app(args=typed, prog_name=prog_name, standalone_mode=False)
        if code == INTERRUPTED:  # Typer's answer to Ctrl-C, said in no word
            _say_interrupted()
    except typer.TyperException as exc:  # click's errors, as Typer ships them
        code = report_usage(exc)
    except SheetgenError as exc:
        for line in error_lines(exc):
            typer.echo(line, err=True)
        # the words typed, and the values of --option=value
        code = exit_code(exc, [*typed, *(a.partition("=")[2] for a in typed)])
    except (KeyboardInterrupt, typer.Abort):
        _say_interrupted()
        code = INTERRUPTED
    except Exception as exc:  # a bug: one line for the user, the trace on request
        if os.environ.get("SHEETGEN_DEBUG"):
            raise
        typer.echo(
            f"error: internal error ({type(exc).__name__}: {for_terminal(str(exc))}); please "
            "report it, with SHEETGEN_DEBUG=1 set for the details",
            err=True,
        )
        code = 70
    sys.exit(code if isinstance(code, int) else 0)


def _say_refused_plugins() -> None:
    """One line on stderr for each installed plugin sheetgen goes on without (none while the
    shell asks for completions, whose answer it would garble)."""
    if any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return
    for refused in refused_plugins():
        typer.echo(f"warning: {for_terminal(str(refused))}", err=True)
    for game in games():
        if game.commands and game.name in OWN:  # a plugin's: the built-in games take none
            typer.echo(
                f"warning: the game {game.name!r} has commands, but 'sheetgen {game.name}' is "
                "sheetgen's own; its kinds and layouts work, its commands cannot be reached",
                err=True,
            )


def _say_interrupted() -> None:
    """One line for Ctrl-C: that nothing was written (a build writes all its files or none),
    or which files were, each complete, when it came as they went in place."""
    done = cancel.written()
    if not done:
        typer.echo("interrupted: nothing was written", err=True)
        return
    files = f"{len(done)} file{'s' if len(done) != 1 else ''}"
    typer.echo(f"interrupted: {files} written whole, the last {done[-1]}", err=True)
