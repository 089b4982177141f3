"""Output files: their names, and atomic writes (a temporary file, then a rename)."""

from __future__ import annotations

import errno
import itertools
import os
import re
import signal
import stat
import tempfile
import threading
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sheetgen.cancel import STOP_SIGNALS, wrote
from sheetgen.errors import SheetgenError, UsageError
from sheetgen.files import kind_of

_serial = itertools.count()


def output_name(
    game: str,
    layout: str,
    component: str,
    ext: str,
    label: str = "",
    part: bool = False,
    fillable: bool = False,
) -> str:
    """`<game>-<layout>-<component>.<ext>`, the component left out where it is a word of the
    layout's name already (`marram-art`, `walkabout-map-1`, not `marram-art-art`), `-only`
    after it for part of a set (`build --only`, so it never replaces the whole set's files),
    `-fillable` for a PDF with form fields (`build --fillable`, so it never replaces the plain
    PDF), with `-<label>` for one page of an image set (`-p2`, or a page's own label such as
    `-light-1`)."""
    words = [game, layout] if component in layout.split("-") else [game, layout, component]
    words += ["only"] if part else []
    words += ["fillable"] if fillable else []
    name = "-".join([*words, label] if label else words) + f".{ext}"
    if not SAFE_NAME.fullmatch(name):  # every part is a slug already: this is a bug if it fires
        raise SheetgenError(f"{name!r} is not a safe file name (letters, digits and '-' only)")
    return name


SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,150}\.(pdf|svg|png)")


def file_labels(labels: list[str]) -> list[str]:
    """What tells a set's image files apart: none for a set of one; else each page's own label
    as a slug (letters, digits and single hyphens, so a name from a layout never becomes a
    path), or `p<number>` where it has none, it gives no slug, or it would repeat (in any case:
    some file systems do not tell 'A1' from 'a1')."""
    if len(labels) == 1:
        return [""]
    out: list[str] = []
    for number, label in enumerate(labels, start=1):
        found = slug(label)
        taken = found.lower() in {o.lower() for o in out}
        out.append(found if found and not taken else f"p{number}")
    return out


def slug(text: str) -> str:
    """`text` folded to ASCII letters and digits, every run of anything else one hyphen, none
    at either end, at most 40 characters: 'Dark ☀/../x' -> 'Dark-x', 'Élan' -> 'Elan'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", ascii_text).strip("-")[:40].strip("-")


def prepare_folder(folder: Path) -> Path:
    """The output folder, made (its parents too) if it does not exist yet; a one-line error
    where it cannot be (see `check_folder`)."""
    return make_folder(check_folder(folder))


def check_folder(folder: Path) -> Path:
    """The output folder checked before anything is drawn, nothing made yet: it, or where it
    does not exist yet the nearest folder above it, must be a folder that can be written to.
    A file in its way, a name the file system refuses or an unwritable folder is one line.
    `make_folder` makes it, once there is something to write."""
    existing = folder
    while True:
        try:
            mode = os.stat(existing).st_mode
            break
        except (FileNotFoundError, NotADirectoryError):  # not there, or a file above it
            if existing.parent == existing:
                raise SheetgenError(f"{folder}: cannot be the output folder") from None
            existing = existing.parent
        except OSError as exc:  # a name too long, a loop of links, ...
            raise SheetgenError(f"{folder}: cannot be the output folder ({exc.strerror})") from None
    if not stat.S_ISDIR(mode):  # a name given on the command line that is no folder
        raise UsageError(_in_the_way(folder, existing))
    # ask the file system itself (permission bits do not tell root or read-only mounts): an
    # unnamed file in the folder, or where it is to be made, in the folder above it
    try:
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as exc:
        if existing != folder:
            raise SheetgenError(
                f"{folder}: cannot create the output folder ({existing} is not writable: "
                f"{exc.strerror}; choose another --out)"
            ) from None
        raise SheetgenError(
            f"{folder}: output folder is not writable ({exc.strerror}; choose another --out)"
        ) from None
    if existing == folder:
        _remove_orphans(folder)
    return folder


def _in_the_way(folder: Path, file: Path | None = None) -> str:
    """The line for an output folder that a file stands in the way of (`file`, if known)."""
    where = "it is a file" if file in (None, folder) else f"{file} is a file"
    return f"{folder}: cannot be the output folder: {where}, not a folder (choose another --out)"


def make_folder(folder: Path) -> Path:
    """Make the output folder checked by `check_folder`, and the folders above it, where they
    do not exist yet."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):  # a file put there since the check
        raise UsageError(_in_the_way(folder)) from None
    except OSError as exc:
        raise SheetgenError(f"{folder}: cannot create the output folder ({exc.strerror})") from None
    return folder


_TEMPORARY = re.compile(r"\..+\.(\d+)\.\d+\.part")


def _remove_orphans(folder: Path) -> None:
    """Remove the temporary files of builds that died (killed in the instant between naming a
    finished file and renaming it into place): a temporary name carries its writer's pid."""
    for entry in os.scandir(folder):
        found = _TEMPORARY.fullmatch(entry.name)
        if found and entry.is_file(follow_symlinks=False) and not alive(int(found[1])):
            Path(entry.path).unlink(missing_ok=True)


def alive(pid: int) -> bool:
    """Whether the process `pid` (the writer a temporary name names) still runs."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's, and running
        return True
    return True


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that `path` is either its old self or complete, never partial.
    Only a regular file is replaced, keeping its permissions; a link, folder, device or pipe is
    refused."""
    write_all([(path, data)])


def create_new(path: Path, data: bytes) -> None:
    """Write `data` to `path`, which must not exist: the file appears complete or not at all,
    and a file made there meanwhile is never replaced (a link names it, never a rename)."""
    staged = _stage(path, data, 0o644)
    try:
        if staged.tmp is None:
            try:
                _name_unnamed(staged.fd, path)
                wrote(path)
                return
            except FileExistsError:
                raise
            except OSError:  # the system will not name it (no /proc link): a named copy
                staged.tmp = _temporary_name(path)
                _write_new(Path(staged.tmp), data)
        os.link(staged.tmp, path)
        wrote(path)
    except FileExistsError:
        raise SheetgenError(f"{path}: already exists; it is never replaced") from None
    except OSError as exc:
        raise SheetgenError(f"{path}: cannot write ({exc.strerror})") from None
    finally:
        staged.discard()


def write_all(files: list[tuple[Path, bytes]]) -> None:
    """Write every file, or none: all targets are checked, then every file is written complete
    to a file with no name (Linux's O_TMPFILE; elsewhere a named temporary file), and only when
    all are written is each named and renamed over its target. A failure on the way (a full
    disk) leaves the folders as they were. SIGKILL in the instant between naming a file and
    renaming it can leave that one temporary name, which the next build removes."""
    modes = [replaceable(path) for path, _ in files]
    staged: list[_Staged] = []
    try:
        for (path, data), mode in zip(files, modes, strict=True):
            staged.append(_stage(path, data, mode))
        with _signals_held():  # Ctrl-C or kill as the files go in place: all go first
            for item in staged:
                item.commit()
    finally:
        for item in staged:
            item.discard()


@contextmanager
def _signals_held() -> Iterator[None]:
    """Inside it, Ctrl-C (SIGINT), SIGTERM and SIGHUP wait: each that comes is noted and raised
    again at the end, for whatever handles it then (Python's KeyboardInterrupt, the end of the
    program, `sheetgen watch`'s stop). Renaming a build's files takes milliseconds; a signal
    between two renames would leave some files new and some old. Only the main thread handles
    signals: elsewhere nothing is held."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    handlers = {
        signum: signal.signal(signum, lambda signum, _frame: held.append(signum))
        for signum in STOP_SIGNALS
    }
    try:
        yield
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
        for signum in dict.fromkeys(held):
            signal.raise_signal(signum)


class _Staged:
    """A file written complete but not yet in place: an open file with no name, or a named
    temporary file where the system cannot make one without a name."""

    def __init__(self, path: Path, data: bytes, mode: int, fd: int, tmp: str | None) -> None:
        self.path, self.data, self.mode, self.fd, self.tmp = path, data, mode, fd, tmp

    def commit(self) -> None:
        """Give the file its target's name (replacing the old file at once)."""
        try:
            if self.tmp is None:
                tmp = _temporary_name(self.path)
                Path(tmp).unlink(missing_ok=True)  # left by a killed process that had our pid
                self.tmp = tmp
                try:
                    _name_unnamed(self.fd, Path(tmp))
                except OSError:  # the system will not name it (no /proc link): a named copy
                    _write_new(Path(tmp), self.data)
                    os.chmod(tmp, self.mode)
            os.replace(self.tmp, self.path)
            self.tmp = None
            wrote(self.path)
        except OSError as exc:
            raise SheetgenError(f"{self.path}: cannot write ({exc.strerror})") from None

    def discard(self) -> None:
        """Let go of the file; one never put in place is removed."""
        if self.tmp is not None:
            Path(self.tmp).unlink(missing_ok=True)
            self.tmp = None
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def _stage(path: Path, data: bytes, mode: int) -> _Staged:
    try:
        fd, tmp = _unnamed_file(path.parent)
    except OSError as exc:
        raise SheetgenError(f"{path}: cannot write ({exc.strerror})") from None
    staged = _Staged(path, data, mode, fd, tmp)
    try:
        with os.fdopen(fd, "wb", closefd=False) as handle:
            handle.write(data)
        os.fchmod(fd, mode)
    except BaseException as exc:
        staged.discard()
        if isinstance(exc, OSError):
            raise SheetgenError(f"{path}: cannot write ({exc.strerror})") from None
        raise
    return staged


def replaceable(path: Path) -> int:
    """The permissions the written file gets: those of the regular file it replaces, else
    0644; anything else at `path` is refused, never replaced."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return 0o644
    except OSError as exc:
        raise SheetgenError(f"{path}: cannot write ({exc.strerror})") from None
    if stat.S_ISREG(found.st_mode):
        return stat.S_IMODE(found.st_mode)
    raise SheetgenError(
        f"{path}: is {kind_of(found.st_mode)}; sheetgen writes only regular files "
        "(choose another --out)"
    )


def _unnamed_file(folder: Path) -> tuple[int, str | None]:
    """An open file in `folder` with no name yet (None), or a named temporary file where the
    system cannot make one without a name."""
    if hasattr(os, "O_TMPFILE") and os.path.isdir("/proc/self/fd"):
        try:
            return os.open(folder, os.O_TMPFILE | os.O_WRONLY), None  # mode: fchmod later
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                raise
    fd, tmp = tempfile.mkstemp(prefix=".sheetgen-", suffix=".part", dir=folder)
    return fd, tmp


def _name_unnamed(fd: int, name: Path) -> None:
    """Give the unnamed file `fd` the name `name` (linkat, following /proc's link to it)."""
    folder = os.open(name.parent, os.O_RDONLY)
    try:  # a dst_dir_fd makes os.link call linkat, which follows the /proc link by default
        os.link(f"/proc/self/fd/{fd}", name.name, dst_dir_fd=folder)
    finally:
        os.close(folder)


def _write_new(path: Path, data: bytes) -> None:
    """Write `data` to a file that must not exist yet."""
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644), "wb") as handle:
        handle.write(data)


def _temporary_name(path: Path) -> str:
    """A name beside `path` that no other writer uses, for the instant before the rename."""
    return str(path.parent / f".{path.name}.{os.getpid()}.{next(_serial)}.part")


def write_page(out: Path | None, default_name: str, text: str) -> Path:
    """Write a single-file output (an HTML page) atomically: to `out`, or to output/."""
    if out is None:
        path = prepare_folder(Path("output")) / default_name
    else:
        prepare_folder(out.parent)
        path = out
    write_atomic(path, text.encode("utf-8"))
    return path
