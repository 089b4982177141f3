"""`sheetgen read`: played sheets (filled fillable PDFs, PDFs marked up in a viewer, photos and
scans) back into the game records `sheetgen <game> score` takes, one file a played sheet;
anything it cannot read is one line, and nothing is written."""

from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import LayoutFolders, _folder


def read(
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE",
            help="sheets sheetgen built: filled or marked-up PDFs, JPEG or PNG photos and "
            "scans (with --results, folders of them too)",
        ),
    ],
    out: Annotated[Path, typer.Option(parser=_folder, help="folder for the records")] = Path(
        "records"
    ),
    results: Annotated[
        list[Path] | None,
        typer.Option(
            help="score the class instead: one page of every sheet's players, scores, winner "
            "and findings (.html, with thumbnails) or one row a sheet (.csv); give it twice "
            "for both",
        ),
    ] = None,
    layout_folders: LayoutFolders = None,
) -> None:
    """Read played sheets and write each one's game record (Scribe so far).

    Filled fillable PDFs are read by their fields; plain PDFs marked with a viewer's pen, and
    photos or scans of printed sheets, from their pixels against the blank sheet. A mark not
    read surely is listed as uncertain, for the host to check.

    Examples:

    \b
      sheetgen read filled.pdf
      sheetgen read filled.pdf --out records
      sheetgen read returned --results results.html --results results.csv
    """
    from sheetgen.layouts.find import use  # start-up
    from sheetgen.pipeline.output import check_folder, make_folder, write_all  # start-up
    from sheetgen.read.returned import read_returned  # start-up
    from sheetgen.text.terminal import for_terminal, say  # start-up

    use(layout_folders)
    if results:
        _class_results(files, results)
        return
    folder = check_folder(out)
    read_back = [read_returned(path) for path in files]  # every file read before any is written
    writes: list[tuple[Path, bytes]] = []
    lines = []
    seen: set[Path] = set()
    for path, sheets in zip(files, read_back, strict=True):
        for sheet in sheets:
            name = folder / f"{path.stem}-p{sheet.page}s{sheet.slot}{sheet.record.suffix}"
            if name in seen:
                name = name.with_stem(f"{name.stem}-{len(seen) + 1}")
            seen.add(name)
            writes.append((name, sheet.record.text.encode("utf-8")))
            lines.append(f"read {for_terminal(str(path))} page {sheet.page}: wrote {name}")
            lines += [f"  note: {note}" for note in sheet.record.notes]
    make_folder(folder)
    write_all(writes)
    for line in lines:
        say(line)


# --- `read --results`: a class scored at once (sheetgen/read/results.py, export/pages/results.py)


def _class_results(given: list[Path], targets: list[Path]) -> None:
    """Read every file (a folder: each file in it, by name), score every sheet and write the
    results page or CSV; a file that cannot be read is a row with its reason. A file already
    at a target is replaced only if sheetgen wrote it (a results page or CSV of its own)."""
    # imported here, not at the top, for start-up time
    from sheetgen.errors import UsageError
    from sheetgen.export.pages.results import CSV_MARK, results_csv, results_html
    from sheetgen.files import GENERATOR
    from sheetgen.pipeline.output import check_folder, made_by_sheetgen, make_folder, write_all
    from sheetgen.read.results import Unreadable, read_class
    from sheetgen.text.terminal import for_terminal, say

    kinds = {".html": GENERATOR, ".htm": GENERATOR, ".csv": CSV_MARK}
    for target in targets:
        mark = kinds.get(target.suffix.lower())
        if mark is None:
            raise UsageError(f"--results {target}: name a .html page or a .csv file")
        check_folder(target.parent)
        if target.is_dir():
            raise UsageError(f"--results {target}: is a folder; name the file to write in it")
        if target.exists() and (not target.is_file() or not made_by_sheetgen(target, mark)):
            raise UsageError(
                f"--results {target}: a file is there that sheetgen did not write; give "
                "another name, or move the file away first"
            )
    files = _expanded(given, targets, kinds)
    if not files:
        raise UsageError("no files to read: name the returned PDFs or the folder they are in")
    found = read_class(files)
    writes = []
    for target in targets:
        text = (
            results_csv(found) if kinds[target.suffix.lower()] == CSV_MARK else results_html(found)
        )
        writes.append((target, text.encode("utf-8")))
    for folder in sorted({t.parent for t in targets}):  # all or none in each folder
        make_folder(folder)
        write_all([(path, data) for path, data in writes if path.parent == folder])
    unread = sum(isinstance(r, Unreadable) for r in found)
    sheets = len(found) - unread
    for target in targets:
        say(
            f"wrote {for_terminal(str(target))}: {sheets} sheet{'s' if sheets != 1 else ''} "
            f"scored, {unread} file{'s' if unread != 1 else ''} not read"
        )
    for r in found:
        if isinstance(r, Unreadable):
            say(f"not read: {for_terminal(r.reason)}", err=True)


def _expanded(given: list[Path], targets: list[Path], kinds: dict[str, str]) -> list[Path]:
    """The files named, each folder's files in name order in its place (not its hidden files,
    nor results sheetgen wrote, which a rerun into the same folder would find)."""
    # imported here, not at the top, for start-up time
    from sheetgen.pipeline.output import made_by_sheetgen

    own = {t.resolve() for t in targets}
    out = []
    for path in given:
        if not path.is_dir():
            out.append(path)
            continue
        for inner in sorted(path.iterdir()):
            if inner.name.startswith(".") or not inner.is_file() or inner.resolve() in own:
                continue
            mark = kinds.get(inner.suffix.lower())
            if mark is not None and made_by_sheetgen(inner, mark):
                continue
            out.append(inner)
    return out
