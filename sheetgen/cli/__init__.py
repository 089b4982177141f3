"""The `sheetgen` command: its own commands, one module each, registered on the app in the
order `sheetgen --help` lists them (each game's group and export's follow), and `main`."""

import os
import sys

import typer

from sheetgen.cli import build, check, gallery, new, schema, watch
from sheetgen.cli import list as listing
from sheetgen.cli.app import GROUPS, app, group_app
from sheetgen.cli.errors import exit_code, report_usage
from sheetgen.errors import SheetgenError, error_lines

__all__ = ["GROUPS", "app", "group_app", "main"]

app.command("list")(listing.list_layouts)
app.command()(check.check)
app.command()(schema.schema)
app.command()(build.build)
app.command()(new.new)
app.command()(gallery.gallery)
app.command()(watch.watch)


def main() -> None:
    """Entry point of the console script: every error a user can cause is one line."""
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as exc:  # click's errors, as Typer ships them
        code = report_usage(exc)
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
