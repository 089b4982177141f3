"""Cutting a build short from outside it, at safe places only, and saying what it left.
`sheetgen watch` asks when a signal comes; a build looks between its layouts, formats and
pages, never while it writes its files, so that a stop cannot leave a file half-written or the
files of two builds. Nothing is ever raised into other code (a library's set-up, a C
extension's callback), which may swallow an exception or die of it."""

from __future__ import annotations

import signal

# the signals that ask a program to stop: Ctrl-C, `kill`, and the terminal closed (not on Windows)
STOP_SIGNALS = [getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)]


class Cancelled(KeyboardInterrupt):
    """Raised at a checkpoint once a stop was asked for: an interrupt, as Ctrl-C is."""


_asked = False


def ask() -> None:
    """Ask every build from now on to stop at its next checkpoint. It only sets a flag, so a
    signal handler may call it, even while it runs already."""
    global _asked
    _asked = True


def checkpoint() -> None:
    """Raise Cancelled if a stop was asked for."""
    if _asked:
        raise Cancelled


_written: list[str] = []  # the files put in place since the command began, in order


def begin() -> None:
    """A command begins: no file of it is written yet."""
    _written.clear()


def wrote(path: object) -> None:
    """A file was put in place, complete."""
    _written.append(str(path))


def written() -> list[str]:
    """The files put in place since the command began: what an interrupt leaves behind."""
    return list(_written)
