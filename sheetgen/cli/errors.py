"""How the command line reports an error a user can cause: one line, in the words of every
other message, and the exit code it ends with."""

import re
from typing import Any

import typer

from sheetgen.errors import LayoutNotFound, SheetgenError
from sheetgen.text.terminal import for_terminal

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


def _no_such_option(name: str, ctx: Any) -> str:
    """An unknown option, with the command's options it is close to (its words compared, the
    dashes left out: '--outt', did you mean '--out'?), and none unrelated."""
    import difflib  # imported here, not at the top, for start-up time: only a mistake needs it

    options = [o for p in ctx.command.get_params(ctx) for o in p.opts if o.startswith("--")]
    words = {o.lstrip("-"): o for o in options}
    close = difflib.get_close_matches(name.lstrip("-"), list(words), n=2, cutoff=0.6)
    hint = f" (did you mean {' or '.join(words[c] for c in close)}?)" if close else ""
    return f"no such option: {name}{hint}"


def report_usage(exc: typer.TyperException) -> int:
    """Print a command-line error as one line (or the help, when no arguments were given)."""
    ctx = getattr(exc, "ctx", None)
    if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
        typer.echo(ctx.get_help())
        return 0
    message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    if type(exc).__name__ == "NoSuchOption" and ctx is not None:  # Typer ships its own click
        message = _no_such_option(getattr(exc, "option_name", ""), ctx)
    for wording, plain in PLAIN:
        message = re.sub(wording, plain, message)
    message = RANGE.sub(_out_of_range, message)
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    typer.echo(f"error: {for_terminal(message)}{hint}", err=True)
    return int(getattr(exc, "exit_code", 2))


def exit_code(exc: SheetgenError, typed: list[str]) -> int:
    """The exit code of an error: a layout that does not exist is a usage error (2) when its
    name was `typed` on the command line, and a failed check (1) when a layout names it."""
    if isinstance(exc, LayoutNotFound) and exc.file in typed:
        return 2
    return exc.exit_code
