"""Output files: their names, and atomic writes (a temporary file, then a rename)."""

from __future__ import annotations

import errno
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
from sheetgen.files import GENERATOR, kind_of
from sheetgen.pipeline.scratch import Journal, finish_interrupted, new_token, temporary_name


def output_name(
    game: str,
    layout: str,
    component: str,
    ext: str,
    label: str = "",
    part: bool = False,
    fillable: bool = False,
    press: tuple[str, ...] = (),
) -> str:
    """`<game>-<layout>-<component>.<ext>`, the component left out where it is a word of the
    layout's name already (`marram-art`, `walkabout-map-1`, not `marram-art-art`), `-only`
    after it for part of a set (`build --only`, so it never replaces the whole set's files),
    `-fillable` for a PDF with form fields (`build --fillable`, so it never replaces the plain
    PDF), the `press` words of a print shop's PDF/X (`press.profiles.FILE_WORDS`: `-cmyk`,
    `-cmyk-x1a`, so neither replaces the other or the plain PDF), with `-<label>` for one
    page of an image set (`-p2`, or a page's own label such as `-light-1`)."""
    words = [game, layout] if component in layout.split("-") else [game, layout, component]
    words += ["only"] if part else []
    words += ["fillable"] if fillable else []
    words += press
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
        finish_interrupted(folder)  # a set a killed run left half in place
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


def cannot_write(path: Path, exc: OSError) -> SheetgenError:
    """A write the system refused, in one line: what it said, and for a name too long what to
    do (the system's limit, NAME_MAX, is 255 bytes a name on most file systems)."""
    if exc.errno == errno.ENAMETOOLONG:
        return SheetgenError(
            f"{path}: cannot write (its name is longer than the folder allows, 255 bytes on "
            "most systems; choose a shorter name)"
        )
    return SheetgenError(f"{path}: cannot write ({exc.strerror})")


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that `path` is either its old self or complete, never partial.
    Only a regular file is replaced, keeping its permissions; a link, folder, device or pipe is
    refused."""
    write_all([(path, data)])


def create_new(path: Path, data: bytes) -> None:
    """Write `data` to `path`, which must not exist: the file appears complete or not at all,
    and a file made there meanwhile is never replaced (a link names it, never a rename)."""
    staged = _stage(path, data, 0o644, temporary_name(path, new_token(), 0))
    try:
        if not staged.named:
            try:
                _name_unnamed(staged.fd, path)
                wrote(path)
                return
            except FileExistsError:
                raise
            except OSError:  # the system will not name it (no /proc link): a named copy
                staged.name()
        os.link(staged.tmp, path)
        wrote(path)
    except FileExistsError:
        raise SheetgenError(f"{path}: already exists; it is never replaced") from None
    except OSError as exc:
        raise cannot_write(path, exc) from None
    finally:
        staged.discard()


def write_all(files: list[tuple[Path, bytes]]) -> None:
    """Write every file, or none: all targets are checked, then every file is written complete
    to a file with no name (Linux's O_TMPFILE; elsewhere a named temporary file), and only when
    all are written is each named and renamed over its target, under a record (`Journal`) that
    the next run uses to finish the renames or undo them if this one is killed outright. A
    failure on the way (a full disk) leaves the folders as they were."""
    modes = [replaceable(path) for path, _ in files]
    if not files:
        return
    token = new_token()
    temps = [temporary_name(path, token, n) for n, (path, _) in enumerate(files)]
    try:  # the record first: every temporary name is in it before it is made
        pairs = [(tmp, path) for tmp, (path, _) in zip(temps, files, strict=True)]
        journal = Journal(files[0][0].parent, pairs, token)
    except OSError as exc:
        raise cannot_write(files[0][0], exc) from None
    staged: list[_Staged] = []
    try:
        for (path, data), mode, tmp in zip(files, modes, temps, strict=True):
            staged.append(_stage(path, data, mode, tmp))
        for item in staged:
            item.name()
        with _signals_held():  # Ctrl-C or kill as the files go in place: all go first
            journal.commit()
            for item in staged:
                item.commit()
    finally:
        for item in staged:
            item.discard()
        journal.close()


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
    """A file written complete but not yet in place: an open file with no name yet, or (where
    the system cannot make one without a name) one already at its temporary name `tmp`."""

    def __init__(self, path: Path, data: bytes, mode: int, fd: int, tmp: Path, named: bool):
        self.path, self.data, self.mode, self.fd, self.tmp = path, data, mode, fd, tmp
        self.named, self.placed = named, False

    def name(self) -> None:
        """Give the file its temporary name."""
        if self.named:
            return
        try:
            try:
                _name_unnamed(self.fd, self.tmp)
            except FileExistsError:
                raise
            except OSError:  # the system will not name it (no /proc link): a named copy
                _write_new(self.tmp, self.data)
                os.chmod(self.tmp, self.mode)
            self.named = True
        except OSError as exc:
            raise cannot_write(self.path, exc) from None

    def commit(self) -> None:
        """Give the file its target's name (replacing the old file at once)."""
        try:
            os.replace(self.tmp, self.path)
            self.placed = True
            wrote(self.path)
        except OSError as exc:
            raise cannot_write(self.path, exc) from None

    def discard(self) -> None:
        """Let go of the file; one named but never put in place is removed."""
        if self.named and not self.placed:
            self.tmp.unlink(missing_ok=True)
            self.named = False
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def _stage(path: Path, data: bytes, mode: int, tmp: Path) -> _Staged:
    try:
        fd, named = _unnamed_file(path.parent, tmp)
    except OSError as exc:
        raise cannot_write(path, exc) from None
    staged = _Staged(path, data, mode, fd, tmp, named)
    try:
        with os.fdopen(fd, "wb", closefd=False) as handle:
            handle.write(data)
        os.fchmod(fd, mode)
    except BaseException as exc:
        staged.discard()
        if isinstance(exc, OSError):
            raise cannot_write(path, exc) from None
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
        raise cannot_write(path, exc) from None
    if stat.S_ISREG(found.st_mode):
        return stat.S_IMODE(found.st_mode)
    raise SheetgenError(
        f"{path}: is {kind_of(found.st_mode)}; sheetgen writes only regular files "
        "(choose another --out)"
    )


def _unnamed_file(folder: Path, tmp: Path) -> tuple[int, bool]:
    """An open file in `folder` with no name yet (False), or where the system cannot make one
    without a name, one made at `tmp` (True)."""
    if hasattr(os, "O_TMPFILE") and os.path.isdir("/proc/self/fd"):
        try:
            return os.open(folder, os.O_TMPFILE | os.O_WRONLY), False  # mode: fchmod later
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                raise
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
    return os.open(tmp, flags, 0o600), True


def _name_unnamed(fd: int, name: Path) -> None:
    """Give the unnamed file `fd` the name `name` (linkat, following /proc's link to it)."""
    folder = os.open(name.parent, os.O_RDONLY)
    try:  # a dst_dir_fd makes os.link call linkat, which follows the /proc link by default
        os.link(f"/proc/self/fd/{fd}", name.name, dst_dir_fd=folder)
    finally:
        os.close(folder)


def _write_new(path: Path, data: bytes) -> None:
    """Write `data` to a file that must not exist yet, readable by its owner alone until the
    caller gives it its mode (a private file is never open to others on the way)."""
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as handle:
        handle.write(data)


def write_page(out: Path | None, default_name: str, text: str, mark: str = GENERATOR) -> Path:
    """Write a single-file output (an HTML page) atomically: to `out`, or to output/. A file
    already there is replaced only if it is a page sheetgen made (it holds the generator mark,
    `files.GENERATOR`, or the `mark` of a file of another kind, in its first 2 KB): a name
    typed wrong never costs a file of one's own."""
    if out is None:
        path = prepare_folder(Path("output")) / default_name
    else:
        prepare_folder(out.parent)
        path = out
    if path.is_file() and not path.is_symlink() and not made_by_sheetgen(path, mark):
        raise UsageError(
            f"--out {path}: the file is there and is not a page sheetgen made; give another "
            "name, or move the file away first"
        )
    write_atomic(path, text.encode("utf-8"))
    return path


def made_by_sheetgen(path: Path, mark: str = GENERATOR) -> bool:
    """Whether the file's first 2 KB hold `mark` (by default the generator mark of pages)."""
    try:
        with path.open("rb") as file:
            return mark.encode() in file.read(2048)
    except OSError:
        return False
