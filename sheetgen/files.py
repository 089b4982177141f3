"""What sheetgen reads from and writes to: regular files only, read no further than a limit."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

_KINDS = {
    stat.S_IFLNK: "a symbolic link",
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a named pipe",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFSOCK: "a socket",
}


# the mark of a page sheetgen made, in its head: only such a page is replaced by another
GENERATOR = '<meta name="generator" content="sheetgen">'


def kind_of(mode: int) -> str:
    """What a file of this mode is, in words ('a named pipe'), for a refusal."""
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


Stamp = tuple[int, int, int]  # a file's inode, size and modification time (ns)
_reads: ContextVar[dict[Path, Stamp | None] | None] = ContextVar("reads", default=None)


def stamp(found: os.stat_result) -> Stamp:
    """What tells one version of a file from another: its inode, size and modification time."""
    return found.st_ino, found.st_size, found.st_mtime_ns


@contextmanager
def recording_reads() -> Iterator[dict[Path, Stamp | None]]:
    """Inside it, the real path of every file `read_limited` is asked for goes into the dict it
    yields, with the stamp of the version read (None: not read, e.g. missing): `sheetgen watch`
    rebuilds when any of them changes."""
    found: dict[Path, Stamp | None] = {}
    token = _reads.set(found)
    try:
        yield found
    finally:
        _reads.reset(token)


class ReadRefused(Exception):
    """A file that is not read: what it is ('is a named pipe'), or that it is too long."""

    def __init__(self, message: str, too_long: bool = False) -> None:
        super().__init__(message)
        self.too_long = too_long


def read_limited(path: Path, limit: int, watched: bool = True) -> bytes:
    """A regular file's bytes, refused unread if it is anything else (a pipe would block, a
    device never end) and refused after `limit + 1` bytes if it is longer than `limit`;
    `watched`, one a layout rests on, which `watch` rebuilds on (sheetgen's own fonts not)."""
    recording, real = _reads.get() if watched else None, Path(os.path.realpath(path))
    if recording is not None:
        recording[real] = None
    try:  # O_NONBLOCK: opening a pipe with no writer must not wait
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except IsADirectoryError:
        raise ReadRefused(f"is {kind_of(stat.S_IFDIR)}") from None
    try:
        found = os.fstat(fd)
        mode = found.st_mode
        if recording is not None:
            recording[real] = stamp(found)
        if not stat.S_ISREG(mode):
            raise ReadRefused(f"is {kind_of(mode)}")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise ReadRefused(f"is over the {limit:,} byte limit", too_long=True)
    return data


def read_lines(path: Path, option: str, limit: int, what: str) -> list[tuple[int, str]]:
    """The non-blank lines of a UTF-8 text file given to `option` (e.g. '--names'), each with
    its line number and stripped of spaces; any file that cannot be read so is a UsageError of
    one line. `what` names what the file holds ('names', 'a word list')."""
    # imported here, not at the top, for start-up time
    from sheetgen.errors import UsageError

    where = f"{option} {path}"
    try:  # a byte order mark (Notepad's) is no part of the first line
        text = read_limited(path, limit).decode("utf-8-sig")
    except FileNotFoundError:
        raise UsageError(f"{where}: no such file (give {what}, one a line)") from None
    except ReadRefused as exc:
        problem = f"{exc} for {what}" if exc.too_long else f"{exc}, not a text file of {what}"
        raise UsageError(f"{where}: {problem}") from None
    except OSError as exc:
        raise UsageError(f"{where}: cannot be read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise UsageError(f"{where}: is not UTF-8 text (give {what}, one a line)") from None
    lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1)]
    return [(n, line) for n, line in lines if line]
