"""Output files: their names, and atomic writes (a temporary file, then a rename)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from sheetgen.errors import SheetgenError


def output_name(game: str, layout: str, component: str, ext: str, label: str = "") -> str:
    """`<game>-<layout>-<component>.<ext>`, with `-<label>` for one page of an image set
    (`-p2`, or a page's own label such as `-light-1`)."""
    suffix = f"-{label}" if label else ""
    return f"{game}-{layout}-{component}{suffix}.{ext}"


def prepare_folder(folder: Path, create: bool) -> Path:
    """The output folder, created if `create` (the default folder); a one-line error otherwise."""
    if create:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SheetgenError(
                f"{folder}: cannot create the output folder ({exc.strerror})"
            ) from None
    if not folder.is_dir():
        raise SheetgenError(
            f"{folder}: output folder does not exist (create it, or choose another --out)"
        )
    try:  # ask the file system itself: permission bits do not tell root or read-only mounts
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise SheetgenError(
            f"{folder}: output folder is not writable ({exc.strerror}; choose another --out)"
        ) from None
    return folder


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that `path` is either its old self or complete, never partial."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as exc:
        raise SheetgenError(f"{path}: cannot write ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise SheetgenError(f"{path}: cannot write ({exc.strerror})") from None
        raise


def write_page(out: Path | None, default_name: str, text: str) -> Path:
    """Write a single-file output (an HTML page) atomically: to `out`, or to output/."""
    if out is None:
        folder = prepare_folder(Path("output"), create=True)
        path = folder / default_name
    else:
        prepare_folder(out.parent if out.parent != Path("") else Path("."), create=False)
        path = out
    write_atomic(path, text.encode("utf-8"))
    return path
