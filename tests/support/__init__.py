"""What the tests share: where the checkout is, and running the `sheetgen` command."""

from __future__ import annotations

import functools
import io
import os
import re
import subprocess
import sys
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
from click.testing import CliRunner

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent.parent
# the build of everything a run shares (the `everything` fixture): every built-in layout in
# every format, small PNGs, three copies
EVERYTHING = ("build", "--all", "-f", "pdf,svg,png", "--dpi", "40", "--copies", "3", "-q")


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


def sheetgen(
    *args: str, cwd: Path | None = None, env: Mapping[str, str | None] | None = None
) -> Run:
    """Run `sheetgen ARGS` in this process, as the console script does (`sheetgen.cli.main`,
    its one-line errors and exit codes included), with stdout and stderr caught apart, in the
    working folder `cwd` (the checkout by default), with `env` set (a None unsets). In
    process, a command costs a tenth of a fresh interpreter's start, and mutmut's mutants,
    which live in this process, are judged by it. `sheetgen_process` runs the real program
    where only a process shows what a test checks."""
    from sheetgen.cli import main  # imported here: collecting the tests needs none of it

    runner = CliRunner()
    here = Path.cwd()
    with runner.isolation(env=env) as (out, err, _):
        os.chdir(cwd or ROOT)
        try:
            main(list(args), prog_name="sheetgen")
            code = 0
        except SystemExit as ended:
            code = ended.code if isinstance(ended.code, int) else (0 if ended.code is None else 1)
        finally:
            sys.stdout.flush()  # what print() holds back, into the caught bytes
            sys.stderr.flush()
            os.chdir(here)
        return Run(code, _text(out), _text(err))


def _text(caught: io.BytesIO) -> str:
    """What a command printed, with its line ends read as a subprocess's text mode reads them."""
    return caught.getvalue().decode("utf-8", "replace").replace("\r\n", "\n")


def sheetgen_process(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None, timeout: float = 300
) -> Run:
    """Run `python -m sheetgen ARGS` in a fresh interpreter: for what only a process shows
    (exit codes on signals, start-up, the environment read afresh, stdout and stderr as the
    operating system sees them). mutmut cannot judge these, so it skips them."""
    if os.environ.get("MUTANT_UNDER_TEST"):  # mutmut's mutants live in this process only
        pytest.skip("drives the CLI in a subprocess, which never runs a mutant")
    proc = subprocess.run(
        [sys.executable, "-m", "sheetgen", *args],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env=None if env is None else {**os.environ, **env},
        timeout=timeout,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


def tiered(values: Iterable[T], default: Container[T]) -> list[Any]:
    """The cases of a matrix: those in `default` run in the default tier (each behaviour
    once, on a representative input), every other one only in the slow tier (`-m slow`),
    so that the two tiers together run the whole matrix, each case once."""
    return [v if v in default else pytest.param(v, marks=pytest.mark.slow) for v in values]


@functools.cache
def one_a_kind() -> frozenset[str]:
    """The first built-in layout (by name) of each component kind: a matrix over the built-in
    layouts runs these in the default tier, every kind once."""
    # imported here, not at the top: only the tests that take matrices need the layouts read
    from sheetgen.layouts.read import builtin_layouts, load

    first: dict[str, str] = {}
    for name in sorted(builtin_layouts()):
        first.setdefault(load(name).kind.key, name)
    return frozenset(first.values())


def write_new(text: str, file: Path) -> Path:
    """`file` as `sheetgen new KIND FILE` would write it, from the text it wrote for another
    file named starter.toml (the `starter` fixture's, made once a run): the file's own path
    in the comments and its stem as the layout's name."""
    text = re.sub(r"\S*/starter\.toml", lambda _: str(file), text)
    file.write_text(text.replace('name = "starter"', f'name = "{file.stem}"'), encoding="utf-8")
    return file


def page_texts(pdf: Path | bytes, pages: Iterable[int] | None = None) -> list[str]:
    """The text of each page (or of the pages numbered, from 0) as pdfium reads it, its
    spacing made single: pdfium is not the library that wrote the file, and reads a page of
    thousands of drawing operations in milliseconds where pypdf takes seconds."""
    import pypdfium2 as pdfium  # only the tests that read PDFs' words load it

    document = pdfium.PdfDocument(pdf)
    try:
        wanted = range(len(document)) if pages is None else pages
        return [" ".join(document[i].get_textpage().get_text_range().split()) for i in wanted]
    finally:
        document.close()


def new_layout_file(text: str, kind: str, file: Path) -> Path:
    """`file` as `sheetgen new KIND FILE` writes it, from the text it wrote for another file
    (the `starter` fixture's), with the copy of its sample data `new` writes beside a layout
    of a kind that has one (its `data` key naming that copy)."""
    from sheetgen.kinds import kind_for
    from sheetgen.layouts.read import load

    found = kind_for(kind)
    assert found is not None, kind
    if found.starter.sample:
        mine = file.with_suffix(Path(found.starter.sample).suffix)
        base = load(found.starter.layout).path.parent
        mine.write_bytes((base / found.starter.sample).read_bytes())
        text = re.sub(r'(?m)^data = ".*"$', f'data = "{mine.name}"', text)
    file.write_text(text, encoding="utf-8")
    return file
