"""The errors sheetgen reports to a user as one line each, and their exit codes."""

from __future__ import annotations

from sheetgen.text.terminal import for_terminal


class SheetgenError(Exception):
    """A problem a user can fix; its message is the whole line that is printed."""

    exit_code = 1


class UsageError(SheetgenError):
    """A command was called with options that cannot work (exit 2)."""

    exit_code = 2


class LayoutError(SheetgenError):
    """A layout file is unreadable or invalid: `file:line:column: where: what is wrong (what
    would be right)`, with the line and column (`at`) where the file shows them."""

    def __init__(
        self,
        file: str,
        where: str,
        problem: str,
        hint: str = "",
        at: tuple[int, int] | None = None,
    ) -> None:
        self.file, self.where, self.problem, self.hint = file, where, problem, hint
        self.line: int | None = at[0] if at else None
        self.column: int | None = at[1] if at else None
        shown, key = for_terminal(file), for_terminal(where)  # a name or key as a file has it
        place = f"{shown}:{at[0]}:{at[1]}" if at else shown
        where_ = f" {key}:" if key and at else f"{key}:" if key else ""
        text = f"{place}:{where_} {problem}"
        super().__init__(f"{text} ({hint})" if hint else text)


class LayoutNotFound(LayoutError):
    """No layout file or built-in layout has this name (`file`): a usage error (exit 2) when
    the name was typed on the command line, a failed check (exit 1) when a layout names it."""


class LayoutProblems(LayoutError):
    """Every problem found in one layout, a `LayoutError` each, in the order of the file: the
    message holds one line for each (the first problem's parts are this error's own)."""

    def __init__(self, problems: list[LayoutError], file: str = "") -> None:
        first = problems[0]  # `file`, the layout's own, when the first is in one it extends
        super().__init__(file or first.file, first.where, first.problem, first.hint)
        self.problems = problems
        self.args = ("\n".join(str(p) for p in problems),)


def error_lines(exc: Exception) -> list[str]:
    """An error as the lines printed for it, each starting 'error: '."""
    return [f"error: {for_terminal(line)}" for line in str(exc).splitlines() or [""]]


class PressError(SheetgenError):
    """A drawing cannot be put on the chosen paper as asked."""


class CannotFold(PressError):
    """--fold asked of a layout it cannot fold: it prints no backs, or a piece does not fit
    twice, front beside back, on the paper."""


class TooBigForPaper(PressError):
    """A sheet is larger than the chosen paper holds inside its margins: a fault of the
    layout's size keys, which `check` and `build` report at them."""
