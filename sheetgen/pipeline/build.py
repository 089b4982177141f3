"""The build pipeline: layout → model → rules check → document → backends → files."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from sheetgen.backends import check_build_pixels, file_count, preflight, render
from sheetgen.backends.cmyk import flattened, refuse_see_through
from sheetgen.cancel import checkpoint
from sheetgen.draw.document import Document
from sheetgen.errors import CannotFold, SheetgenError, TooBigForPaper
from sheetgen.findings import Finding
from sheetgen.frozen import frozen
from sheetgen.layouts.find import named_layouts
from sheetgen.layouts.read import Loaded, load, lookup
from sheetgen.options import BuildRequest
from sheetgen.pipeline.document import document_for
from sheetgen.pipeline.fits import drawing_findings, size_error
from sheetgen.pipeline.honoured import check_options, layouts_said, left_out
from sheetgen.pipeline.output import check_folder, make_folder, output_name, write_all
from sheetgen.pipeline.ranges import fitting
from sheetgen.press.profiles import FILE_WORDS, STANDARDS, check_piece_size
from sheetgen.press.proof import LEGEND, proof_name
from sheetgen.text.terminal import for_terminal
from sheetgen.text.typefaces import FontFace, add_own, own_faces


@frozen
class Built:
    """A file made by the build, not yet written."""

    path: Path
    data: bytes
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()  # whole lines, as `check` prints a layout's warnings


def _nothing(files: int) -> None:
    pass


def build_one(
    loaded: Loaded,
    request: BuildRequest,
    folder: Path,
    document: Document | None = None,
    done: Callable[[int], None] = _nothing,
) -> list[Built]:
    """Render one checked layout (its document, when already made) into its files (written by
    `run_build`), telling `done` how many files each format made as it is made."""
    document = document or document_for(loaded, request.options)
    model = loaded.model
    outputs: list[tuple[Path, bytes]] = []
    said: dict[Path, tuple[tuple[str, ...], tuple[str, ...]]] = {}  # a CMYK PDF's report
    for fmt in request.formats:
        checkpoint()
        pdfx = request.pdfx if fmt == "pdf" else None
        files = render(
            document,
            fmt,
            dpi=request.dpi,
            fillable=request.fillable,
            transparent=request.transparent,
            pdfx=pdfx,
            ink_limit=request.ink_limit if pdfx is not None else None,
        )
        for label, data in files:
            part, fillable = bool(request.only), request.fillable and fmt == "pdf"
            press = FILE_WORDS[pdfx] if pdfx is not None else ()
            name = output_name(
                model.game, model.name, model.component, fmt, label, part, fillable, press
            )
            name = proof_name(name) if request.proofed is not None else name
            outputs.append((folder / name, data))
            if pdfx is not None:
                # imported here, not at the top: only a CMYK build reports its colours
                from sheetgen.pipeline.cmyk import colour_report

                # (a PDF/X-1a prints a see-through shape over one colour in their mix)
                shown = flattened(document) if pdfx == STANDARDS["x1a"] else document
                said[folder / name] = colour_report(loaded, shown, request.ink_limit)
        done(len(files))
    built = []
    for i, (path, data) in enumerate(outputs):
        notes, warnings = said.get(path, ((), ()))
        built.append(Built(path, data, (document.notes if i == 0 else ()) + notes, warnings))
    return built


def _projected(loaded: list[Loaded], request: BuildRequest) -> None:
    """Refuse at once a fillable build whose --copies would take it past the form-field limit
    (it was refused after every layout before it was made at all its copies, 17 s for --all at
    1000): each layout's document is made at one copy and at two, and its fields carried on
    to --copies (copies repeat pages, so fields grow by the same count each copy). The other
    limits are not carried on: pages that repeat are written once as images, so image files
    and pixels grow by less with each copy; they are checked on the whole document."""
    # imported here, not at the top, for start-up time
    from sheetgen.backends.pdf import MAX_FIELDS, field_count

    copies = request.copies
    if copies < 3 or not request.fillable or "pdf" not in request.formats:
        return
    for item in loaded:
        checkpoint()
        one, two = (
            field_count(document_for(item, replace(request.options, copies=n))) for n in (1, 2)
        )
        each = two - one
        if each and one + each * (copies - 1) > MAX_FIELDS:
            raise SheetgenError(
                f"{item.source}: a fillable PDF of --copies {copies:,} would hold "
                f"{one + each * (copies - 1):,} form fields, over the limit of {MAX_FIELDS:,} "
                f"(viewers slow to a crawl long before); choose --copies "
                f"{(MAX_FIELDS - one) // each + 1:,} or fewer, or leave out --fillable"
            )


def _preflight(loaded: list[Loaded], request: BuildRequest) -> tuple[list[Document], list[str]]:
    """Every layout's document, each checked against every limit its rendering would meet
    (image files, pixels, form fields), and all together against the pixels one build may
    write, so that a build is refused before it draws anything; and a note where a build of
    several layouts prints some of them unfolded (no backs to fold, or too big to fold)."""
    _projected(loaded, request)
    documents, pixels = [], 0
    unfolded = []
    for item in loaded:
        checkpoint()
        try:
            try:
                document = document_for(item, request.options)
            except CannotFold:
                if len(loaded) == 1:
                    raise
                press = replace(request.options.press, fold=False)
                document = document_for(item, replace(request.options, press=press))
                unfolded.append(item.source)
        except TooBigForPaper as exc:  # the sheet does not go onto this paper: at its size
            _refuse(item, [size_error(item, "", str(exc))])
            raise
        try:
            pixels += preflight(
                document,
                request.formats,
                dpi=request.dpi,
                fillable=request.fillable,
                transparent=request.transparent,
            )
        except SheetgenError as exc:
            raise SheetgenError(f"{item.source}: {exc}") from None
        _refuse(item, drawing_findings(item, [document]))
        if request.pdfx == STANDARDS["x1a"] and "pdf" in request.formats:
            refuse_see_through(document, item.source)
        documents.append(document)
    check_build_pixels(pixels, request.dpi)
    notes = []
    if unfolded:
        notes.append(
            f"--fold: {layouts_said(len(unfolded))} built without it (no backs to fold behind "
            f"the fronts, or a piece too big to stand twice on the paper): {', '.join(unfolded)}"
        )
    return documents, notes


def _printer_left_out(
    loaded: list[Loaded], documents: list[Document], request: BuildRequest
) -> list[str]:
    """A note where the --printer's flip and offset are not applied: to layouts printed on
    both sides whose game lays out its own sides (a pad's sheets turn over as its game says)."""
    printer = request.printer
    if printer is None or (printer.flip == "long" and printer.offset == (0.0, 0.0)):
        return []
    own = [
        item.source
        for item, document in zip(loaded, documents, strict=True)
        if document.duplex in ("long", "short") and "flip" not in item.kind.options
    ]
    if not own:
        return []
    return [
        f"printer {printer.name}: its flip and offset not applied to {layouts_said(len(own))} "
        f"whose game lays out both sides itself (print each as its PDF asks): "
        f"{', '.join(own)}"
    ]


def _is_board(item: Loaded) -> bool:
    """A layout of a kind that prints a board to be cut out whole (it takes a bleed but has
    no pieces cut apart): its size for a --profile is its trim as printed with the bleed."""
    return "bleed" in item.kind.options and not item.kind.cuts


def _check_profile(loaded: list[Loaded], request: BuildRequest) -> None:
    """Refuse a layout whose pieces are not the product of the build's --profile (a board's
    size is checked once it is pressed, `_check_boards`)."""
    profile = request.profile
    assert profile is not None
    for item in loaded:
        if _is_board(item):
            continue
        parts = item.kind.parts(item.model) if item.kind.parts is not None else None
        sizes = [(p.front.width, p.front.height) for p in parts.pieces] if parts else []
        check_piece_size(profile, item.source, sizes)


def _check_boards(loaded: list[Loaded], documents: list[Document], request: BuildRequest) -> None:
    """Refuse a board whose trim, as pressed with the --profile's bleed, is not the profile's
    product: each page's TrimBox is the board's (a board tiled over pages is never one)."""
    profile = request.profile
    assert profile is not None
    for item, document in zip(loaded, documents, strict=True):
        if _is_board(item):
            trims = [page.trim for page in document.pages if page.trim is not None]
            check_piece_size(profile, item.source, [(t[2], t[3]) for t in trims], "board")


def check_distinct(loaded: list[Loaded]) -> None:
    """Two layouts of one build never make the same files (one would replace the other's)."""
    made: dict[tuple[str, str, str], str] = {}
    for item in loaded:
        model = item.model
        key = (model.game, model.name, model.component)
        if key in made:
            raise SheetgenError(
                f"{item.source}: makes the same files as {made[key]} "
                f"({output_name(*key, 'pdf')} and the rest); give it another name"
            )
        made[key] = item.source


def check_all(loaded: list[Loaded]) -> None:
    """Every layout's rules errors, before anything is drawn or written."""
    lines = [
        line
        for item in loaded
        for line in _errors(item, fitting(item.kind, item.model, item.kind.check(item.model)))
    ]
    if lines:
        raise SheetgenError("\n".join(lines))


def _refuse(item: Loaded, findings: list[Finding]) -> None:
    """Refuse the build for a layout's error findings, if any: each a line, at its line."""
    lines = _errors(item, findings)
    if lines:
        raise SheetgenError("\n".join(lines))


def _errors(item: Loaded, findings: list[Finding]) -> list[str]:
    """A layout's error findings as the lines a refused build prints (every one, as 'check'
    prints them, so that a designer sees all that stops the build at once)."""
    return [f.refusal(item.source, lookup(item)) for f in findings if f.level == "error"]


Job = tuple[Loaded, BuildRequest, Path, Document]  # a layout, the build, its folder, its document


_told: Any = None  # in a worker: the queue its files made are told to the build on


def _start_worker(parent: int, told: Any, fonts: tuple[FontFace, ...] = ()) -> None:
    """A worker's start: it ends with the build, and tells it each file it makes; it knows the
    designers' fonts the build's drawings name (however the worker was started)."""
    global _told
    _told = told
    for font in fonts:
        add_own(font)
    die_with_parent(parent)


def _tell(files: int) -> None:
    if _told is not None:
        _told.put(files)


def _jobs(group: list[Job]) -> list[list[Built]]:
    return [build_one(*job, done=_tell) for job in group]


def by_game(jobs: list[Job]) -> list[list[Job]]:
    """The jobs a game at a time, in their order: one worker builds a game's layouts, so a
    page two layouts share (a pad's sheet and its tree) is rasterised once."""
    groups: dict[str, list[Job]] = {}
    for job in jobs:
        groups.setdefault(job[0].model.game, []).append(job)
    return list(groups.values())


def die_with_parent(parent: int) -> None:
    """Make a worker end when the build that started it ends, even killed with SIGKILL (as the
    out-of-memory killer does), so that no file is written after the build is gone: Linux
    kills it at once; elsewhere a watch on its parent ends it within a tenth of a second."""
    if sys.platform.startswith("linux"):
        # imported here, not at the top, for start-up time
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    else:
        # imported here, not at the top, for start-up time
        import threading
        import time

        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(0.1)
            os._exit(1)

        threading.Thread(target=watch, daemon=True).start()
    if os.getppid() != parent:  # the build was gone before the worker could ask
        os._exit(1)


def run_build(request: BuildRequest) -> list[Built]:
    """Build every requested layout, on every core when there are several, then write all the
    files or none: all inputs are checked before anything is drawn, and a build that fails or is
    killed before its last file is made leaves the output folder as it was."""
    started = time.perf_counter()
    # refused before the output folder is made
    request.read("formats", "colour", "pdfx", "ink_limit")
    folder = check_folder(request.out)  # refused before any drawing, made before writing
    refs = list(named_layouts()) if request.build_all else []
    refs += [r for r in request.refs if r not in refs]
    loaded = [load(ref) for ref in refs]
    check_distinct(loaded)
    if request.profile is not None:  # refused before any drawing, and before its options
        _check_profile(loaded, request)
    check_options(request, loaded)
    check_all(loaded)
    partial: list[str] = []
    if request.only:
        # imported here, not at the top, for start-up time: only --only picks pieces
        from sheetgen.pipeline.only import check_only

        partial = check_only(loaded, request.only, request.copies)
    partial += left_out(request, loaded)  # an option some chosen layouts are built without
    request.read("options")  # the names, paper, flip and offset: refused before any drawing
    partial += request.printer_warnings
    partial += [LEGEND] if request.proofed is not None else []
    documents, unfolded = _preflight(loaded, request)
    if request.profile is not None:
        _check_boards(loaded, documents, request)
    partial += unfolded
    partial += _printer_left_out(loaded, documents, request)
    jobs = [(item, request, folder, doc) for item, doc in zip(loaded, documents, strict=True)]
    groups = by_game(jobs)
    workers = min(len(groups), os.cpu_count() or 1)
    files = sum(file_count(doc, fmt) for doc in documents for fmt in request.formats)
    if not request.quiet and files > 1 and sys.stderr.isatty():
        # imported here, not at the top, for start-up time (and only to show a bar)
        from rich.console import Console
        from rich.progress import MofNCompleteColumn, Progress, TextColumn

        columns = (*Progress.get_default_columns(), MofNCompleteColumn(), TextColumn("files"))
        # counted in files, as each format of a layout is made
        with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task("building", total=files)
            built = _built(groups, workers, lambda n: progress.advance(task, n))
    else:
        built = _built(groups, workers, _nothing)
    checkpoint()  # the last place a build is cut short: its files are written all or none
    make_folder(folder)
    write_all([(f.path, f.data) for f in built])
    if not request.quiet:
        for note in partial:  # never a part of a set, nor an option left out, without a word
            print(f"note: {for_terminal(note)}", file=sys.stderr)
        for f in built:  # what was written on stdout; a note on it, on stderr
            print(f"wrote {for_terminal(str(f.path))} ({len(f.data) / 1024:,.0f} KiB)", flush=True)
            for note in f.notes:
                print(
                    f"note: {for_terminal(str(f.path))}: {for_terminal(note)}",
                    file=sys.stderr,
                    flush=True,
                )
            for line in f.warnings:
                print(for_terminal(line), file=sys.stderr, flush=True)
        print(summary(built, time.perf_counter() - started))
    return built


def _built(groups: list[list[Job]], workers: int, done: Callable[[int], None]) -> list[Built]:
    """The groups' files, on `workers` processes when there are several, in the groups' order;
    `done` told of each file as it is made."""
    if workers > 1:
        return _in_workers(groups, workers, done)
    return [f for group in groups for job in group for f in build_one(*job, done=done)]


def _in_workers(groups: list[list[Job]], workers: int, done: Callable[[int], None]) -> list[Built]:
    """The groups' files, built on `workers` processes, in the groups' order; `done` told of
    each file as a worker makes it."""
    # imported here, not at the top, for start-up time
    import contextlib
    import multiprocessing
    import queue
    from concurrent.futures import ProcessPoolExecutor

    told = multiprocessing.get_context().Queue()
    with ProcessPoolExecutor(
        max_workers=workers,
        initializer=_start_worker,
        initargs=(os.getpid(), told, own_faces()),
    ) as pool:
        futures = [pool.submit(_jobs, group) for group in groups]
        while not all(f.done() for f in futures):
            with contextlib.suppress(queue.Empty):
                done(told.get(timeout=0.1))
        return [f for future in futures for files in future.result() for f in files]


def summary(built: list[Built], seconds: float) -> str:
    """The line that ends a build: 'built 311 files (16.2 MiB) in 8.3 s'."""
    size = sum(len(f.data) for f in built)
    shown = f"{size / 2**20:,.1f} MiB" if size >= 2**20 else f"{size / 1024:,.0f} KiB"
    files = f"{len(built)} file{'s' if len(built) != 1 else ''}"
    return f"built {files} ({shown}) in {seconds:.1f} s"
