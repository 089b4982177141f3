"""The build pipeline: layout → model → rules check → document → backends → files."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from sheetgen.backends import FORMATS, Format, render
from sheetgen.errors import SheetgenError, UsageError
from sheetgen.layout import Loaded, builtin_layouts, load
from sheetgen.output import output_name, prepare_folder, write_atomic
from sheetgen.press import PressOptions, parse_paper
from sheetgen.press.document import Flip
from sheetgen.registry import BuildOptions, ComponentKind


@dataclass(frozen=True)
class BuildRequest:
    """Everything `sheetgen build` was asked for."""

    refs: tuple[str, ...]
    build_all: bool
    formats: str
    paper: str
    copies: int
    out: Path
    create_out: bool
    dpi: int
    fillable: bool
    transparent: bool
    quiet: bool
    names: Path | None = None
    duplex: bool = False
    tile_size: float | None = None
    flip: str | None = None
    offset: str | None = None
    px: int | None = None
    fit: bool = False


def parse_formats(text: str) -> tuple[Format, ...]:
    """`pdf,svg` as ('pdf', 'svg'); an unknown format is a usage error."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    bad = [n for n in names if n not in FORMATS]
    if bad or not names:
        raise UsageError(f"--format {text!r}: use one or more of {', '.join(FORMATS)}, "
                         "separated by commas")
    return tuple(dict.fromkeys(cast(list[Format], names)))


@dataclass(frozen=True)
class Built:
    path: Path
    size: int
    notes: tuple[str, ...] = ()


def build_one(loaded: Loaded, request: BuildRequest, formats: tuple[Format, ...],
              options: BuildOptions, folder: Path) -> list[Built]:
    """Draw, press and render one checked layout, then write its files atomically."""
    kept = loaded.kind.options
    document = loaded.kind.build(loaded.model, replace(
        options, names=options.names if "names" in kept else (),
        duplex=options.duplex and "duplex" in kept,
        tile_size=options.tile_size if "tile_size" in kept else None,
        px=options.px if "px" in kept else None, fit=options.fit and "fit" in kept))
    model = loaded.model
    outputs: list[tuple[Path, bytes]] = []
    for fmt in formats:
        files = render(document, fmt, dpi=request.dpi, fillable=request.fillable,
                       transparent=request.transparent)
        for label, data in files:
            name = output_name(model.game, model.name, model.component, fmt, label)
            outputs.append((folder / name, data))
    for path, data in outputs:
        write_atomic(path, data)
    return [Built(path, len(data), document.notes if i == 0 else ())
            for i, (path, data) in enumerate(outputs)]


MAX_NAMES, MAX_NAME_LENGTH = 1000, 40
MAX_OFFSET = 10.0


def parse_flip(text: str | None) -> Flip:
    """`long` or `short` (the duplex flip edge); long when not given."""
    if text is None or text.strip().lower() in ("long", "long-edge"):
        return "long"
    if text.strip().lower() in ("short", "short-edge"):
        return "short"
    raise UsageError(f"--flip {text!r}: use long or short (the edge the sheet turns over)")


def parse_offset(text: str | None) -> tuple[float, float]:
    """`X,Y` in mm (each within ±10) to shift every back; 0,0 when not given."""
    if text is None:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--offset {text!r}: give X,Y in mm, e.g. 0.5,-0.3") from None
    if abs(x) > MAX_OFFSET or abs(y) > MAX_OFFSET:
        raise UsageError(f"--offset {text!r}: each shift is at most {MAX_OFFSET:g} mm")
    return (x, y)


def read_names(path: Path) -> tuple[str, ...]:
    """Player names from a text file, one a line (blank lines skipped)."""
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise UsageError(f"--names {path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"--names {path}: is a folder, not a text file of names") from None
    except UnicodeDecodeError:
        raise UsageError(f"--names {path}: is not UTF-8 text") from None
    names = []
    for number, raw in enumerate(text.splitlines(), start=1):
        name = raw.strip()
        if not name:
            continue
        if len(name) > MAX_NAME_LENGTH or not name.isprintable():
            raise UsageError(f"--names {path}:{number}: a name is at most {MAX_NAME_LENGTH} "
                             "printable characters")
        names.append(name)
    if not names:
        raise UsageError(f"--names {path}: the file holds no names (one name a line)")
    if len(names) > MAX_NAMES:
        raise UsageError(f"--names {path}: {len(names)} names, over the limit of {MAX_NAMES}")
    return tuple(names)


def _check_options(request: BuildRequest, loaded: list[Loaded]) -> None:
    """Options that only some kinds honour must be honoured by at least one chosen layout."""
    wanted = {"names": request.names is not None, "duplex": request.duplex,
              "tile_size": request.tile_size is not None, "px": request.px is not None,
              "flip": request.flip is not None or request.offset is not None,
              "fit": request.fit}
    for option, given in wanted.items():
        if given and not any(option in item.kind.options for item in loaded):
            kinds = sorted(k.key for k in kinds_with(option))
            flag = "--" + option.replace("_", "-") if option != "flip" else "--flip/--offset"
            raise UsageError(f"{flag} works with {', '.join(kinds)} layouts only")


def kinds_with(option: str) -> list[ComponentKind]:
    from sheetgen.registry import kinds

    return [k for k in kinds().values() if option in k.options]


def _check_all(loaded: list[Loaded]) -> None:
    """Every layout's rules errors, before anything is drawn or written."""
    for item in loaded:
        errors = [f for f in item.kind.check(item.model) if f.level == "error"]
        if errors:
            more = f" (and {len(errors) - 1} more; run 'sheetgen check')" if len(errors) > 1 \
                else ""
            raise SheetgenError(f"{errors[0].line(item.source)}{more}")


def _job(args: tuple[Loaded, BuildRequest, tuple[Format, ...], BuildOptions, Path]
         ) -> list[Built]:
    return build_one(*args)


def run_build(request: BuildRequest) -> list[Built]:
    """Build every requested layout, on every core when there are several; all inputs are
    checked before any file is written."""
    formats = parse_formats(request.formats)
    refs = list(builtin_layouts()) if request.build_all else []
    refs += [r for r in request.refs if r not in refs]
    loaded = [load(ref) for ref in refs]
    _check_options(request, loaded)
    _check_all(loaded)
    names = read_names(request.names) if request.names else ()
    options = BuildOptions(PressOptions(paper=parse_paper(request.paper)), copies=request.copies,
                           names=names, duplex=request.duplex, tile_size=request.tile_size,
                           flip=parse_flip(request.flip), offset=parse_offset(request.offset),
                           px=request.px, fit=request.fit)
    folder = prepare_folder(request.out, request.create_out)
    jobs = [(item, request, formats, options, folder) for item in loaded]
    workers = min(len(jobs), os.cpu_count() or 1)
    built: list[Built] = []
    show = not request.quiet and len(loaded) > 1 and sys.stderr.isatty()
    from rich.progress import Progress

    with Progress(transient=True, disable=not show) as progress:
        task = progress.add_task("building", total=len(loaded))
        if workers > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=workers) as pool:
                results = pool.map(_job, jobs)
                for files in results:
                    built += _report(files, request, progress, task)
        else:
            for job in jobs:
                built += _report(_job(job), request, progress, task)
    return built


def _report(files: list[Built], request: BuildRequest, progress: Any, task: Any) -> list[Built]:
    progress.advance(task)
    if not request.quiet:
        for f in files:
            progress.console.print(f"wrote {f.path} ({f.size / 1024:,.0f} KiB)",
                                   highlight=False, soft_wrap=True)
            for note in f.notes:
                progress.console.print(f"  note: {note}", highlight=False, soft_wrap=True)
    return files
