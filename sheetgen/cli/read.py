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
            help="sheets sheetgen built: filled or marked-up PDFs, JPEG or PNG photos and scans",
        ),
    ],
    out: Annotated[Path, typer.Option(parser=_folder, help="folder for the records")] = Path(
        "records"
    ),
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
      sheetgen read photo.jpg
    """
    from sheetgen.layouts.find import use  # start-up
    from sheetgen.pipeline.output import check_folder, make_folder, write_all  # start-up
    from sheetgen.read.returned import read_returned  # start-up
    from sheetgen.text.terminal import for_terminal, say  # start-up

    use(layout_folders)
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
