"""The errors sheetgen reports to a user as one line each, and their exit codes."""

from __future__ import annotations


class SheetgenError(Exception):
    """A problem a user can fix; its message is the whole line that is printed."""

    exit_code = 1


class UsageError(SheetgenError):
    """A command was called with options that cannot work (exit 2)."""

    exit_code = 2


class LayoutError(SheetgenError):
    """A layout file is unreadable or invalid: `file:where: what is wrong (what would be right)`."""

    def __init__(self, file: str, where: str, problem: str, hint: str = "", note: str = "") -> None:
        self.file, self.where, self.problem, self.hint = file, where, problem, hint
        text = f"{file}:{where}: {problem}" if where else f"{file}: {problem}"
        text = f"{text} ({hint})" if hint else text
        super().__init__(f"{text}; {note}" if note else text)


class PressError(SheetgenError):
    """A drawing cannot be put on the chosen paper as asked."""
