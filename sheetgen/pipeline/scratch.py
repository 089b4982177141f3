"""What sheetgen makes for a while and may have to clear away after a kill: the temporary files
a set of output files is written to before it goes in place, the record of that set, and
`watch`'s temporary folder.

Each is sheetgen's beyond doubt: a name no one would choose (`.sheetgen-`, 32 random hex
digits, then what it is), a first line saying what it is (a record's, or the marker file in a
watch's folder), and a lock its maker holds while it lives. Clear-up touches only what has all
three, and of temporary files only those a record names with its own digits, so a user's
file is never removed or moved, whatever its name.

A set is put in place so (`Journal`): the record is written, naming each temporary file and
its target; the files are given their temporary names; the record is marked `commit`; each is
renamed over its target; the record is removed. A run killed outright (SIGKILL) leaves the
record: the next run in that folder finishes the renames (marked) or removes the temporary
files (not marked), so old and new files are never left mixed.
"""

from __future__ import annotations

import fcntl
import os
import re
import secrets
import shutil
import stat
from pathlib import Path

_MAGIC = b"sheetgen: a set of files being put in place; the next sheetgen run finishes it\n"
_WATCH_MAGIC = b"sheetgen watch: this folder is removed when the watch ends\n"
_RECORD = re.compile(r"\.sheetgen-([0-9a-f]{32})\.record")
WATCH_PREFIX = "sheetgen-watch-"
_WATCH = re.compile(r"sheetgen-watch-[0-9a-f]{32}")
_MARKER = ".sheetgen-watch"


def new_token() -> str:
    """32 random hex digits: what names one set's record and its temporary files."""
    return secrets.token_hex(16)


def temporary_name(target: Path, token: str, n: int) -> Path:
    """The `n`th temporary file of the set `token`, beside its target: a short name (at most
    60 characters), so a target of any length the system allows can be written."""
    return target.parent / f".sheetgen-{token}-{n}.part"


def _held(path: Path, first_line: bytes) -> int:
    """A new file at `path` (never an existing one), locked and holding `first_line`: its
    open descriptor, which keeps the lock until it is closed or the process ends."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, first_line)
    except BaseException:
        os.close(fd)
        os.unlink(path)
        raise
    return fd


def _abandoned(path: Path, first_line: bytes) -> tuple[int, bytes] | None:
    """A file of ours whose maker is gone: a regular file of this user's that starts with
    `first_line` and whose lock nobody holds; its descriptor (holding the lock now) and
    bytes, or None."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode) or found.st_uid != os.geteuid():
            raise OSError
        if found.st_size > 1_000_000:  # no record of ours is so long
            raise OSError
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held: its maker still runs
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read()
        if not data.startswith(first_line):
            raise OSError
    except OSError:
        os.close(fd)
        return None
    return fd, data


class Journal:
    """The record of one set of files going in place (see the module's words)."""

    def __init__(self, folder: Path, pairs: list[tuple[Path, Path]], token: str) -> None:
        """Write the record in `folder`: each temporary file and the target it replaces, both
        in `folder` and named alone (a record never names a path elsewhere, so it means the
        same from any working folder, and acts in its own folder only)."""
        self.path = folder / f".sheetgen-{token}.record"
        if any(path.parent != folder for pair in pairs for path in pair):
            raise ValueError("a set's files and its record share one folder")
        lines = [f"{os.fsencode(t.name).hex()} {os.fsencode(p.name).hex()}\n" for t, p in pairs]
        self.fd = _held(self.path, _MAGIC)
        try:
            os.write(self.fd, "".join(lines).encode("ascii"))
        except OSError:  # a full disk: no record, no set
            self.close()
            raise

    def commit(self) -> None:
        """Mark the set as whole: from here a killed run's set is finished, not undone."""
        os.write(self.fd, b"commit\n")

    def close(self) -> None:
        """The set is in place (or undone): remove the record."""
        os.unlink(self.path)
        os.close(self.fd)


def finish_interrupted(folder: Path) -> None:
    """Finish or undo each set a killed run left in `folder` (its record, see above)."""
    try:
        entries = [entry.name for entry in os.scandir(folder)]
    except OSError:
        return
    for name in entries:
        found = _RECORD.fullmatch(name)
        held = _abandoned(folder / name, _MAGIC) if found else None
        if found is None or held is None:
            continue
        fd, data = held
        try:
            lines = data[len(_MAGIC) :].decode("ascii", "replace").splitlines()
            _finish(folder, found[1], lines)
            os.unlink(folder / name)
        except OSError:
            pass  # left for another run
        finally:
            os.close(fd)


def _finish(folder: Path, token: str, lines: list[str]) -> None:
    """Put the set's temporary files in place (a record marked `commit`) or remove them: only
    files of `folder` named alone, the temporary ones by this record's own digits."""
    commit = lines[-1:] == ["commit"]
    own = re.compile(rf"\.sheetgen-{token}-\d+\.part")
    for line in lines:
        try:
            names = [os.fsdecode(bytes.fromhex(part)) for part in line.split()]
        except ValueError:
            continue  # 'commit', or a line cut short by the kill
        if len(names) != 2 or any(n in ("", ".", "..") or "/" in n for n in names):
            continue  # no name of a file of this folder: never acted on
        tmp, target = folder / names[0], folder / names[1]
        if not own.fullmatch(tmp.name) or not os.path.lexists(tmp):
            continue
        if commit:
            os.replace(tmp, target)
        else:
            os.unlink(tmp)


def watch_folder(temp: Path) -> tuple[Path, int]:
    """A new temporary folder for `watch` in `temp`, marked as the watch's and locked while it
    runs, and the descriptor that holds the lock; watches' folders left by a kill are removed
    first."""
    for entry in os.scandir(temp):
        if _WATCH.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False):
            held = _abandoned(Path(entry.path) / _MARKER, _WATCH_MAGIC)
            if held is not None:
                shutil.rmtree(entry.path, ignore_errors=True)
                os.close(held[0])
    folder = temp / f"{WATCH_PREFIX}{new_token()}"
    folder.mkdir(mode=0o700)
    return folder, _held(folder / _MARKER, _WATCH_MAGIC)
