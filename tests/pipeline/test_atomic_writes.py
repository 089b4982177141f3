"""Writes are atomic: a write that fails part-way and a build killed part-way each leave every
earlier file intact (or complete and new) and no temporary file behind."""

from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from sheetgen.errors import SheetgenError
from sheetgen.layouts.read import builtin_layouts
from sheetgen.pipeline.output import prepare_folder, write_all, write_atomic
from sheetgen.pipeline.scratch import _MAGIC as RECORD_FIRST_LINE
from sheetgen.pipeline.scratch import Journal, new_token, temporary_name
from tests.support import ROOT, sheetgen


@contextmanager
def disk_full_after(limit: int) -> Iterator[None]:
    """While inside, this process may write files of at most `limit` bytes: a disk that fills
    up part-way. Kept to one call: every other write of the process meets the limit too."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, old_handler)


def test_a_write_that_fails_part_way_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    old = b"%PDF an earlier build\n" * 10
    target.write_bytes(old)
    with pytest.raises(SheetgenError, match=r"sheet\.pdf: cannot write"), disk_full_after(4096):
        write_atomic(target, b"x" * 12288)  # fails after 4096 bytes
    assert target.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]  # no temporary file


def test_a_build_that_fails_on_its_third_file_leaves_every_file_as_it_was(
    tmp_path: Path,
) -> None:
    """All or nothing: the disk fills while the third of four files is written, and none of the
    four targets changes (the first two were written complete, but never put in place)."""
    targets = [tmp_path / f"p{i}.png" for i in range(4)]
    for i, target in enumerate(targets[:3]):
        target.write_bytes(b"earlier %d" % i)
    files = [(t, b"n" * (100 if i != 2 else 9000)) for i, t in enumerate(targets)]
    with pytest.raises(SheetgenError, match=r"p2\.png: cannot write"), disk_full_after(4096):
        write_all(files)
    assert [t.read_bytes() for t in targets[:3]] == [b"earlier 0", b"earlier 1", b"earlier 2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p0.png", "p1.png", "p2.png"]


def test_an_interrupted_write_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "sheet.svg"
    target.write_bytes(b"<svg>old</svg>")

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt  # Ctrl-C between the write and the rename

    monkeypatch.setattr("os.replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"<svg>new</svg>")
    assert target.read_bytes() == b"<svg>old</svg>"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.svg"]


def test_ctrl_c_as_the_files_go_in_place_puts_them_all_in_place_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C between the renames of a build's files: every file is the new one, then the
    interrupt comes (before: the first new, the rest old)."""
    from sheetgen.pipeline import output

    targets = [tmp_path / f"p{i}.png" for i in range(3)]
    for target in targets:
        target.write_bytes(b"earlier")
    commit = output._Staged.commit

    def commit_then_ctrl_c(self: output._Staged) -> None:
        commit(self)
        signal.raise_signal(signal.SIGINT)  # Python runs the handler as this returns

    monkeypatch.setattr(output._Staged, "commit", commit_then_ctrl_c)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C's usual effect
    try:
        with pytest.raises(KeyboardInterrupt):
            write_all([(t, b"new") for t in targets])
    finally:
        signal.signal(signal.SIGINT, previous)
    assert [t.read_bytes() for t in targets] == [b"new"] * 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p0.png", "p1.png", "p2.png"]


def test_a_temporary_file_taken_away_before_it_goes_in_place_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The temporary file is gone when its rename comes (someone's clear-up of hidden files
    took it): one line naming the target, which keeps its old content, and nothing left."""
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old")
    real_replace = os.replace

    def taken_first(src: str, dst: Path) -> None:
        os.unlink(src)
        real_replace(src, dst)

    monkeypatch.setattr("os.replace", taken_first)
    with pytest.raises(SheetgenError) as caught:
        write_atomic(target, b"new")
    assert str(caught.value) == f"{target}: cannot write ({os.strerror(errno.ENOENT)})"
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_a_set_killed_outright_as_it_goes_in_place_is_finished_by_the_next_run(
    tmp_path: Path,
) -> None:
    """A write killed with SIGKILL (no clean-up of its own runs) after the first of three files
    went in place: the folder holds one new file and two old ones until the next run into it,
    which puts the other two in place and leaves nothing of the killed one behind."""
    from sheetgen.pipeline import output

    targets = [tmp_path / f"p{i}.png" for i in range(3)]
    for target in targets:
        target.write_bytes(b"old")
    pid = os.fork()
    if pid == 0:  # the run that is killed; it never returns to the tests
        try:
            commit = output._Staged.commit

            def commit_then_killed(self: output._Staged) -> None:
                commit(self)
                os.kill(os.getpid(), signal.SIGKILL)

            output._Staged.commit = commit_then_killed  # type: ignore[method-assign]
            write_all([(t, b"new") for t in targets])
        finally:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status
    assert [t.read_bytes() for t in targets] == [b"new", b"old", b"old"]
    prepare_folder(tmp_path)  # the next build, export or watch into the folder
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == {t.name: b"new" for t in targets}


def test_a_write_replaces_the_file_whole_with_readable_permissions(tmp_path: Path) -> None:
    target = tmp_path / "sheet.png"
    target.write_bytes(b"old" * 1000)
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"  # replaced, not appended or overwritten in place
    assert target.stat().st_mode & 0o777 == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.png"]


@pytest.mark.process
def test_a_build_killed_as_its_files_go_in_place_is_all_old_or_all_new_after(
    tmp_path: Path,
) -> None:
    """SIGKILL while a build renames its files into place (which no signal handler sees) leaves
    a record; the next run in the folder finishes the set (or undoes it), so the folder then
    holds the earlier build's files or the new one's, never a mix, and no temporary file."""

    def build(dpi: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", "sheetgen", "build", "marram/classic", "-f", "png",
             "--dpi", str(dpi), "--out", str(tmp_path), "-q"],
            cwd=ROOT,
        )  # fmt: skip

    for _attempt in range(24):  # the writes take milliseconds: the kill may come too late
        assert build(40).wait() == 0  # the earlier build, small pages
        earlier = {p.name: p.read_bytes() for p in tmp_path.glob("marram-classic-tiles-p*.png")}
        assert len(earlier) > 4
        inodes = {n: (tmp_path / n).stat().st_ino for n in earlier}
        proc = build(150)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if any(_inode(tmp_path / n) != ino for n, ino in inodes.items()):
                break  # the first page is being replaced: kill now, as the writes go on
            time.sleep(0.0005)
        proc.send_signal(signal.SIGKILL)
        if proc.wait() == -signal.SIGKILL:
            break  # killed, not finished
    assert proc.returncode == -signal.SIGKILL
    prepare_folder(tmp_path)  # what the next build, export or watch does first
    new = [(tmp_path / name).read_bytes() != data for name, data in earlier.items()]
    assert all(new) or not any(new), f"{sum(new)} of {len(new)} pages new"
    for name in earlier:
        with Image.open(tmp_path / name) as image:
            image.load()  # a complete PNG, or this raises
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


@pytest.mark.slow
@pytest.mark.process
def test_workers_die_with_a_killed_build_and_write_nothing_after(tmp_path: Path) -> None:
    """The out-of-memory killer takes the build's parent process alone: its workers end with it
    at once, and as a build writes its files only once all are made, the folder stays as it
    was (here, empty) and no process is left behind."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheetgen", "build", "--all", "-f", "svg,png", "--dpi", "100",
         "--out", str(tmp_path), "-q"],
        cwd=ROOT,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(_processes_for(tmp_path)) < 3:
        time.sleep(0.01)  # the build and its two workers are at work
    time.sleep(0.5)
    proc.send_signal(signal.SIGKILL)
    assert proc.wait() == -signal.SIGKILL
    time.sleep(3)  # what a worker still had in hand would land by now
    assert list(tmp_path.iterdir()) == []
    assert _processes_for(tmp_path) == []


def _inode(path: Path) -> int | None:
    """The file's inode, or None while a rename leaves no file of the name."""
    try:
        return path.stat().st_ino
    except FileNotFoundError:
        return None


def _processes_for(folder: Path) -> list[str]:
    """The processes whose command line names `folder`."""
    return [
        pid.name
        for pid in Path("/proc").iterdir()
        if pid.name.isdigit() and str(folder) in _cmdline(pid)
    ]


def _cmdline(pid: Path) -> str:
    try:
        return (pid / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:  # gone while we looked
        return ""


@pytest.mark.parametrize(
    ("args", "layout", "limit"),
    [
        pytest.param(  # image files
            ("--all", "--copies", "1000", "-f", "svg"),
            "scrumpit/tiles",
            "300",
            marks=pytest.mark.slow,
        ),
        (
            ("--all", "-f", "png", "--dpi", "1200", "--transparent"),
            min(builtin_layouts()),  # the first layout by name: every A4 page is over the limit
            "24-megapixel",
        ),
        pytest.param(
            ("--all", "--copies", "150", "-f", "png", "--dpi", "1200"),
            "the PNGs",
            "8 billion",
            marks=pytest.mark.slow,
        ),
    ],
)
def test_a_build_over_a_limit_is_refused_before_any_layout_is_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], layout: str, limit: str
) -> None:
    """Every layout is checked against the limits its files would meet before the first is
    drawn: refused at once, naming the layout and the limit, with nothing rendered."""
    import sheetgen.pipeline.build as build
    from sheetgen.cli import app

    def drawn(*_: object, **__: object) -> None:
        raise AssertionError("a layout was drawn before the build was refused")

    monkeypatch.setattr(build, "render", drawn)
    monkeypatch.setattr(build.os, "cpu_count", lambda: 1)
    with pytest.raises(SheetgenError) as refused:
        app(["build", *args, "-q", "--out", str(tmp_path)], standalone_mode=False)
    message = str(refused.value)
    assert message.startswith(layout) and limit in message, message
    assert list(tmp_path.iterdir()) == []


def test_too_many_fields_for_the_copies_is_refused_from_one_or_two_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fillable build of --all at 1000 copies is refused from each layout's document at one
    and two copies (a Scribbly Gum pad's leaf holds 5,300 fields, two sides of 2,650): no
    document of 1000 copies is made first, and the message's figures are the exact ones."""
    import sheetgen.pipeline.build as build
    from sheetgen.cli import app

    made: list[int] = []
    real = build.document_for

    def counted(item: Any, options: Any) -> Any:
        made.append(options.copies)
        return real(item, options)

    monkeypatch.setattr(build, "document_for", counted)
    with pytest.raises(SheetgenError) as refused:
        args = ["build", "--all", "--copies", "1000", "-f", "pdf", "--fillable", "-q"]
        app([*args, "--out", str(tmp_path)], standalone_mode=False)
    assert max(made) <= 2
    message = str(refused.value)
    assert message.startswith("scribbly-gum/pad: a fillable PDF of --copies 1,000 would hold ")
    assert "over the limit of 200,000" in message and "choose --copies 37 or fewer" in message
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_during_a_build_says_in_one_line_that_nothing_was_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during a build ended it with exit 130 and not a word: it says in one line that
    nothing was written (and nothing was); one that comes as the files go in place, after they
    all are, says how many were written whole."""

    def ctrl_c() -> None:
        raise KeyboardInterrupt  # Ctrl-C as the build draws

    monkeypatch.setattr("sheetgen.pipeline.build.checkpoint", ctrl_c)
    run = sheetgen("build", "scribe/standard", "-f", "pdf,svg", "--out", str(tmp_path))
    assert (run.code, run.out, run.err) == (130, "", "interrupted: nothing was written\n")
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    from sheetgen.pipeline import output

    commit = output._Staged.commit

    def commit_then_ctrl_c(self: output._Staged) -> None:
        commit(self)
        signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(output._Staged, "commit", commit_then_ctrl_c)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        run = sheetgen("build", "scribe/standard", "-f", "pdf,svg", "--out", str(tmp_path))
    finally:
        signal.signal(signal.SIGINT, previous)
    svg = tmp_path / "scribe-standard-supergrid.svg"
    assert (run.code, run.out) == (130, "")
    assert run.err == f"interrupted: 2 files written whole, the last {svg}\n"


def _killed_mid_set(folder: Path, names: list[str], commit: bool) -> None:
    """A set of files left in `folder` as a run killed outright leaves it: its temporary
    files written, its record there (marked whole when `commit`), its lock let go."""
    token = new_token()
    pairs = [(temporary_name(folder / n, token, k), folder / n) for k, n in enumerate(names)]
    journal = Journal(folder, pairs, token)
    for tmp, _ in pairs:
        tmp.write_text("new", encoding="utf-8")
    if commit:
        journal.commit()
    os.close(journal.fd)  # the kill: the record stays, nobody holds it


@pytest.mark.parametrize("commit", [True, False])
def test_a_killed_set_is_finished_or_undone_from_any_working_folder(
    tmp_path: Path, commit: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    for name in ("a.pdf", "b.pdf"):
        (out / name).write_text("old", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # the killed run's working folder ...
    _killed_mid_set(Path("out"), ["a.pdf", "b.pdf"], commit)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # ... and another for the next run, naming it in full
    prepare_folder(out)
    want = "new" if commit else "old"
    assert {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()} == {
        "a.pdf": want,
        "b.pdf": want,
    }


def test_a_record_naming_files_outside_its_folder_is_never_acted_on(tmp_path: Path) -> None:
    """A record is read in its own folder only: one that names another folder's files (a
    forged one, say) moves and removes nothing there."""
    victim, evil = tmp_path / "victim", tmp_path / "evil"
    victim.mkdir()
    evil.mkdir()
    token = "4" * 32
    (victim / "important.txt").write_text("IMPORTANT", encoding="utf-8")
    part = victim / f".sheetgen-{token}-0.part"
    part.write_text("ATTACKER", encoding="utf-8")
    line = f"{os.fsencode(str(part)).hex()} {os.fsencode(str(victim / 'important.txt')).hex()}"
    record = evil / f".sheetgen-{token}.record"
    record.write_bytes(RECORD_FIRST_LINE + f"{line}\ncommit\n".encode())
    prepare_folder(evil)
    assert (victim / "important.txt").read_text(encoding="utf-8") == "IMPORTANT"
    assert part.read_text(encoding="utf-8") == "ATTACKER"
