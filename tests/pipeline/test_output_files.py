"""Output files: their names (docs/building.md's `<game>-<layout>-<component>.<ext>`), the output
folder's faults in one line, single pages written where asked, and the write path that works
where the system has no unnamed files."""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
from pathlib import Path

import pytest

from sheetgen import cancel
from sheetgen.errors import SheetgenError, UsageError
from sheetgen.files import GENERATOR
from sheetgen.pipeline import scratch
from sheetgen.pipeline.output import (
    check_folder,
    create_new,
    make_folder,
    output_name,
    prepare_folder,
    write_atomic,
    write_page,
)
from tests.support import sheetgen


def test_names_follow_the_documented_pattern() -> None:
    assert output_name("scribe", "standard", "supergrid", "pdf") == "scribe-standard-supergrid.pdf"
    assert output_name("marram", "classic", "tiles", "png", "p2") == "marram-classic-tiles-p2.png"
    assert (
        output_name("walkabout", "dice", "dice", "svg", "light-1") == "walkabout-dice-light-1.svg"
    )
    # a fillable PDF ends in -fillable, beside the plain one (the building page's names)
    assert (
        output_name("scribe", "standard", "supergrid", "pdf", fillable=True)
        == "scribe-standard-supergrid-fillable.pdf"
    )
    assert output_name("marram", "classic", "tiles", "pdf", part=True) == (
        "marram-classic-tiles-only.pdf"
    )


def test_a_name_that_is_not_a_safe_file_name_is_refused_naming_it() -> None:
    """Every part of a name is a slug already, so this never fires in a build; if it does, the
    line names what would have been written (here a path that leaves the folder)."""
    with pytest.raises(SheetgenError) as caught:
        output_name("scribe", "a/../b", "supergrid", "pdf")
    assert "scribe-a/../b-supergrid.pdf" in str(caught.value)


def test_an_out_folder_that_does_not_exist_is_made_with_its_parents(tmp_path: Path) -> None:
    """The documentation's own `--out previews/` (and a folder two levels down) is made, as
    every peer tool makes it, and the files go there; a build refused for bad input makes no
    folder."""
    run = sheetgen("build", "scribe/standard", "-f", "svg", "--out", "previews/", cwd=tmp_path)
    assert run.code == 0, run.err
    assert [p.name for p in (tmp_path / "previews").iterdir()] == ["scribe-standard-supergrid.svg"]
    deeper = tmp_path / "a" / "b"
    run = sheetgen("build", "scribe/standard", "-f", "svg", "--out", str(deeper))
    assert run.code == 0 and (deeper / "scribe-standard-supergrid.svg").is_file(), run.err
    refused = sheetgen("build", "scribe/nonesuch", "--out", "new/deeper", cwd=tmp_path)
    assert refused.code == 2 and not (tmp_path / "new").exists()
    run = sheetgen("export", "pieces", "scrumpit/tiles", "--out", "pieces/", cwd=tmp_path)
    assert run.code == 0 and any((tmp_path / "pieces").iterdir()), run.err


def test_a_file_in_the_way_of_the_folder_is_named(tmp_path: Path) -> None:
    """A file where the output folder, or a folder above it, would go is one line naming it
    (a usage error: the name on the command line is wrong), and the file is left as it was."""
    blocker = tmp_path / "output"
    blocker.write_text("not a folder")
    for out in (blocker / "deeper" / "still", blocker):
        run = sheetgen("build", "scribe/standard", "-f", "svg", "--out", str(out))
        assert (run.code, run.out) == (2, "")
        assert run.err == (
            f"error: {out}: cannot be the output folder: "
            f"{f'{blocker} is' if out != blocker else 'it is'} a file, not a folder (choose "
            "another --out)\n"
        )
    assert blocker.read_text() == "not a folder"


def test_a_folder_the_file_system_will_not_write_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tempfile.TemporaryFile

    def read_only(*args: object, dir: Path | None = None, **kwargs: object) -> object:
        if dir == tmp_path:  # only the output folder is read-only
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real(*args, dir=dir, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("tempfile.TemporaryFile", read_only)
    assert prepare_folder(tmp_path / "..") == tmp_path / ".."
    with pytest.raises(SheetgenError) as caught:
        prepare_folder(tmp_path)
    assert str(caught.value) == (
        f"{tmp_path}: output folder is not writable (Read-only file system; choose another --out)"
    )


def test_a_folder_to_make_under_one_not_writable_names_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An output folder that does not exist yet, under a folder the file system will not
    write: the line names the folder asked for, the one that refused, and why."""
    real = tempfile.TemporaryFile

    def read_only(*args: object, dir: Path | None = None, **kwargs: object) -> object:
        if dir == tmp_path:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real(*args, dir=dir, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("tempfile.TemporaryFile", read_only)
    wanted = tmp_path / "new" / "out"
    with pytest.raises(SheetgenError) as caught:
        prepare_folder(wanted)
    assert str(caught.value) == (
        f"{wanted}: cannot create the output folder ({tmp_path} is not writable: "
        "Read-only file system; choose another --out)"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_removed_working_folder_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shell left in a folder that was removed since: `--out out` is made in the working
    folder, which can hold no file now, and the line says so (no folder is made anywhere)."""
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    with pytest.raises(SheetgenError) as caught:
        prepare_folder(Path("out"))
    enoent = os.strerror(errno.ENOENT)
    assert str(caught.value) == (
        f"out: cannot create the output folder (. is not writable: {enoent}; choose another --out)"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_folder_with_nothing_found_above_it_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where not even the top of the path can be found (a file system gone away under it), the
    line names the folder asked for."""
    real_stat = os.stat
    wanted = tmp_path / "a" / "b"

    def nothing_there(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if wanted.is_relative_to(Path(str(path))):  # the folder and every one above it
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("os.stat", nothing_there)
    with pytest.raises(SheetgenError) as caught:
        check_folder(wanted)
    monkeypatch.undo()
    assert str(caught.value) == f"{wanted}: cannot be the output folder"


def test_a_file_put_where_the_folder_goes_after_the_check_is_named(tmp_path: Path) -> None:
    """The folder is checked before drawing and made only when there is something to write: a
    file put there in between is named as the check names one, and kept."""
    folder = tmp_path / "out"
    assert check_folder(folder) == folder
    folder.write_text("made meanwhile", encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        make_folder(folder)
    assert str(caught.value) == (
        f"{folder}: cannot be the output folder: it is a file, not a folder (choose another --out)"
    )
    assert folder.read_text(encoding="utf-8") == "made meanwhile"


def test_a_folder_the_system_will_not_make_is_named_with_its_reason(tmp_path: Path) -> None:
    folder = tmp_path / ("x" * 300)  # longer than any file system allows a name (255 bytes)
    with pytest.raises(SheetgenError) as caught:
        make_folder(folder)
    assert str(caught.value) == (
        f"{folder}: cannot create the output folder ({os.strerror(errno.ENAMETOOLONG)})"
    )


def test_a_page_goes_to_the_path_given_or_to_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    given = tmp_path / "deck.html"
    assert write_page(given, "scribbly-gum-deck.html", "<p>é</p>") == given
    assert given.read_bytes() == "<p>é</p>".encode()
    monkeypatch.chdir(tmp_path)
    path = write_page(None, "walkabout-roller.html", "<p>roll</p>")
    assert path == Path("output") / "walkabout-roller.html"
    assert (tmp_path / "output" / "walkabout-roller.html").read_text() == "<p>roll</p>"
    assert write_page(tmp_path / "no" / "page.html", "x.html", "x").read_text() == "x"


def _refused(path: Path) -> str:
    return (
        f"--out {path}: the file is there and is not a page sheetgen made; give another name, "
        "or move the file away first"
    )


def test_a_file_of_ones_own_named_by_out_is_refused_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page is replaced only where sheetgen's generator mark is in its first 2 KB, where
    sheetgen puts it (in the page's head). A file of one's own that quotes the mark further
    down (a page about sheetgen's pages, say), or that cannot be read, is refused and kept."""
    mark = GENERATOR.encode()
    ours = tmp_path / "ours.html"
    ours.write_bytes(b"<!doctype html>" + mark + b"<p>an earlier deck</p>")
    write_page(ours, "x.html", "<p>new deck</p>")
    assert ours.read_text(encoding="utf-8") == "<p>new deck</p>"
    # the mark wholly within the first 2048 bytes counts; one byte further does not
    edge = tmp_path / "edge.html"
    edge.write_bytes(b" " * (2048 - len(mark)) + mark + b"<p>mine</p>")
    write_page(edge, "x.html", "<p>new</p>")
    assert edge.read_text(encoding="utf-8") == "<p>new</p>"
    for name, text in {
        "past-the-edge.html": b" " * (2049 - len(mark)) + mark + b"<p>mine</p>",
        "about-sheetgen.html": b"<html><head>" + b"<style></style>" * 300 + b"</head><body>"
        b"<pre>" + mark + b"</pre></body></html>",
    }.items():
        own = tmp_path / name
        own.write_bytes(text)
        with pytest.raises(UsageError) as caught:
            write_page(own, "x.html", "<p>new</p>")
        assert str(caught.value) == _refused(own)
        assert own.read_bytes() == text
    # a page that cannot be read (no permission; root reads anything, so the system's refusal
    # is played here) is not known to be sheetgen's
    locked = tmp_path / "locked.html"
    locked.write_bytes(mark)
    real_open = Path.open

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        if self == locked:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(UsageError) as caught:
        write_page(locked, "x.html", "<p>new</p>")
    monkeypatch.undo()
    assert str(caught.value) == _refused(locked)
    assert locked.read_bytes() == mark


def test_a_missing_folder_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    target = tmp_path / "gone" / "sheet.pdf"
    with pytest.raises(SheetgenError) as caught:
        write_atomic(target, b"%PDF")
    assert str(caught.value) == f"{target}: cannot write (No such file or directory)"


def test_a_target_whose_name_is_too_long_is_refused_naming_it(tmp_path: Path) -> None:
    target = tmp_path / ("x" * 300 + ".svg")
    with pytest.raises(SheetgenError) as caught:
        write_atomic(target, b"<svg/>")
    assert str(caught.value).startswith(f"{target}: cannot write (its name is longer than")
    assert list(tmp_path.iterdir()) == []


def test_a_new_file_in_a_missing_folder_is_refused_naming_it(tmp_path: Path) -> None:
    target = tmp_path / "gone" / "mine.toml"
    with pytest.raises(SheetgenError) as caught:
        create_new(target, b"made")
    assert str(caught.value) == f"{target}: cannot write ({os.strerror(errno.ENOENT)})"
    assert list(tmp_path.iterdir()) == []


def test_without_unnamed_files_a_named_temporary_file_is_used_and_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open = os.open

    def no_tmpfile(path: object, flags: int, *args: object) -> int:
        if flags & os.O_TMPFILE == os.O_TMPFILE:
            raise OSError(errno.EOPNOTSUPP, "not supported")
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    real_replace = os.replace
    renamed: list[Path] = []

    def replace(src: str, dst: Path) -> None:
        renamed.append(Path(src))
        real_replace(src, dst)

    monkeypatch.setattr("os.open", no_tmpfile)
    monkeypatch.setattr("os.replace", replace)
    target = tmp_path / "sheet.svg"
    target.write_bytes(b"old")
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    # the temporary file sat beside its target (a rename within one file system), hidden, and
    # recognisable as sheetgen's unfinished work
    assert renamed[0].parent == tmp_path
    assert renamed[0].name.startswith(".sheetgen-") and renamed[0].name.endswith(".part")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.svg"]

    def fail_rename(*args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("os.replace", fail_rename)
    with pytest.raises(SheetgenError) as caught:
        write_atomic(target, b"newer")
    assert str(caught.value) == f"{target}: cannot write (No space left on device)"
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.svg"]  # the temporary file is gone


def test_an_unnamed_file_refused_for_another_reason_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_space(path: object, flags: int, *args: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("os.open", no_space)
    with pytest.raises(SheetgenError) as caught:
        write_atomic(tmp_path / "a.pdf", b"x")
    assert str(caught.value) == f"{tmp_path / 'a.pdf'}: cannot write (No space left on device)"
    assert list(tmp_path.iterdir()) == []


def test_where_the_system_will_not_name_an_unnamed_file_a_named_copy_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_link(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr("os.link", no_link)
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old")
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_a_named_copy_that_fails_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_link(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    real_open = os.open

    def full(path: object, flags: int, *args: object) -> int:
        if flags & os.O_EXCL:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr("os.link", no_link)
    monkeypatch.setattr("os.open", full)
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old")
    with pytest.raises(SheetgenError) as caught:
        write_atomic(target, b"new")
    assert str(caught.value) == f"{target}: cannot write (No space left on device)"
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_a_set_a_killed_run_left_is_finished_or_undone_by_the_next(tmp_path: Path) -> None:
    # a run killed after its record was marked: the next finishes the renames
    old = {tmp_path / f"p{i}.png": b"old" for i in range(3)}
    for path, data in old.items():
        path.write_bytes(data)
    done = scratch.new_token()
    temps = [scratch.temporary_name(path, done, i) for i, path in enumerate(old)]
    for tmp in temps:
        tmp.write_bytes(b"new")
    journal = scratch.Journal(tmp_path, list(zip(temps, old, strict=True)), done)
    journal.commit()
    os.close(journal.fd)  # as a kill ends it: the lock goes, the record stays
    # a run killed before: the next removes its temporary files and keeps the old ones
    undone = scratch.new_token()
    half = scratch.temporary_name(tmp_path / "q.png", undone, 0)
    half.write_bytes(b"half")
    os.close(scratch.Journal(tmp_path, [(half, tmp_path / "q.png")], undone).fd)
    prepare_folder(tmp_path)  # as the next build, export or watch does
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == {
        "p0.png": b"new",
        "p1.png": b"new",
        "p2.png": b"new",
    }


def test_a_record_whose_writer_lives_is_left_alone(tmp_path: Path) -> None:
    token = scratch.new_token()
    tmp = scratch.temporary_name(tmp_path / "a.png", token, 0)
    tmp.write_bytes(b"being written")
    journal = scratch.Journal(tmp_path, [(tmp, tmp_path / "a.png")], token)
    prepare_folder(tmp_path)
    assert tmp.read_bytes() == b"being written" and journal.path.exists()
    journal.close()


def test_files_named_like_temporary_ones_are_never_removed(tmp_path: Path) -> None:
    token = "0123456789abcdef0123456789abcdef"
    theirs = {  # named as sheetgen's once were, or as they are, but not made by sheetgen
        ".thesis.4194305.1.part": b"my thesis",
        ".notes.txt.4194306.0.part": b"my notes",
        f".sheetgen-{token}-0.part": b"a file of mine",
        f".sheetgen-{token}.record": b"not sheetgen's record\n",
    }
    for name, data in theirs.items():
        (tmp_path / name).write_bytes(data)
    run = sheetgen("build", "scribe/standard", "-f", "svg", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    now = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert now == {**theirs, "scribe-standard-supergrid.svg": now["scribe-standard-supergrid.svg"]}


def test_a_name_as_long_as_the_system_allows_is_written(tmp_path: Path) -> None:
    for length in (231, 255):
        target = tmp_path / ("x" * (length - 4) + ".svg")
        write_atomic(target, b"<svg/>")
        assert target.read_bytes() == b"<svg/>"


def test_many_writes_in_one_folder_each_land_whole(tmp_path: Path) -> None:
    for i in range(20):
        write_atomic(tmp_path / f"p{i}.png", bytes([i]) * (1000 + i))
    for i in range(20):
        assert (tmp_path / f"p{i}.png").read_bytes() == bytes([i]) * (1000 + i)
    assert len(list(tmp_path.iterdir())) == 20


def test_on_linux_the_data_is_written_once_into_a_file_with_no_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not hasattr(os, "O_TMPFILE"):
        pytest.skip("this system makes no unnamed files")

    def no_copy(*args: object) -> None:
        raise AssertionError("the unnamed file should have been named, not copied")

    monkeypatch.setattr("sheetgen.pipeline.output._write_new", no_copy)
    target = tmp_path / "sheet.pdf"
    write_atomic(target, b"%PDF once")
    assert target.read_bytes() == b"%PDF once"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


@pytest.mark.parametrize("kind", ["fifo", "symlink", "folder"])
def test_a_target_that_is_not_a_regular_file_is_refused_and_left_alone(
    tmp_path: Path, kind: str
) -> None:
    """A pipe, a link or a folder where an output goes is refused in one line, before any file
    of the build is written; the thing itself is not replaced."""
    target = tmp_path / "scribe-standard-supergrid.svg"
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("keep me", encoding="utf-8")
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        target.symlink_to(elsewhere)
    else:
        target.mkdir()
    run = sheetgen("build", "scribe/standard", "-f", "pdf,svg", "--out", str(tmp_path))
    assert run.code == 1 and run.err.count("\n") == 1, run.err
    assert {"fifo": "named pipe", "symlink": "symbolic link", "folder": "folder"}[kind] in run.err
    assert run.err.startswith(f"error: {target}: is ")
    assert run.err.endswith("; sheetgen writes only regular files (choose another --out)\n")
    assert not (tmp_path / "scribe-standard-supergrid.pdf").exists()  # nothing half-built
    assert elsewhere.read_text(encoding="utf-8") == "keep me"
    check = {"fifo": stat.S_ISFIFO, "symlink": stat.S_ISLNK, "folder": stat.S_ISDIR}[kind]
    assert check(os.lstat(target).st_mode)


def test_a_device_is_never_replaced(tmp_path: Path) -> None:
    run = sheetgen("walkabout", "roller", "--out", "/dev/null")
    assert run.code == 1 and "is a device" in run.err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_rebuilt_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o600)
    write_atomic(path, b"new")
    assert path.read_bytes() == b"new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    fresh = tmp_path / "fresh.html"
    write_atomic(fresh, b"x")
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644


@pytest.mark.parametrize(
    "command",
    [("build",), ("export", "tts"), ("export", "pieces")],
    ids=["build", "export tts", "export pieces"],
)
def test_a_folder_behind_a_file_is_refused_before_any_layout_is_read(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """A build of every layout took seconds of drawing before it said the folder was wrong:
    the folder is looked at first, so a layout that would itself be refused is never reached."""
    broken = tmp_path / "broken.toml"
    broken.write_text('game = "scribe"\ncomponent = "supergrid"\nname = [\n')
    (tmp_path / "file").write_text("in the way")
    behind = tmp_path / "file" / "nowhere"
    run = sheetgen(*command, str(broken), "--out", str(behind))
    assert run.code == 2, run.err
    assert run.err.strip() == (
        f"error: {behind}: cannot be the output folder: {tmp_path / 'file'} is a file, not a "
        "folder (choose another --out)"
    )


def test_a_new_file_is_made_whole_and_an_existing_one_never_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`new` writes its layout with one link from an unnamed file (no temporary name ever
    shows in the folder), readable by all (0644), and counts it as written (what Ctrl-C
    reports); where the file exists already it is refused in those words, left as it was."""
    if not hasattr(os, "O_TMPFILE"):
        pytest.skip("this system makes no unnamed files")
    real_link = os.link
    links: list[str] = []

    def link(src: object, dst: object, *args: object, **kwargs: object) -> None:
        links.append(str(src))
        real_link(src, dst, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("os.link", link)
    target = tmp_path / "mine.toml"
    cancel.begin()
    create_new(target, b'extends = "scribe/standard"\n')
    assert target.read_bytes() == b'extends = "scribe/standard"\n'
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [re.sub(r"\d+$", "N", src) for src in links] == ["/proc/self/fd/N"]
    assert cancel.written() == [str(target)]
    assert [p.name for p in tmp_path.iterdir()] == ["mine.toml"]
    with pytest.raises(SheetgenError) as caught:
        create_new(target, b"other")
    assert str(caught.value) == f"{target}: already exists; it is never replaced"
    assert target.read_bytes() == b'extends = "scribe/standard"\n'
    assert [p.name for p in tmp_path.iterdir()] == ["mine.toml"]


def test_without_unnamed_files_a_new_file_is_linked_from_a_hidden_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the system makes no unnamed file, `new` writes `.sheetgen-<32 hex digits>-0.part`
    beside the target (the set's first temporary file, a name clear-up knows), links the
    target to it, and removes it; the target is 0644 and counted as written."""
    real_open, real_link = os.open, os.link

    def no_tmpfile(path: object, flags: int, *args: object) -> int:
        if flags & os.O_TMPFILE == os.O_TMPFILE:
            raise OSError(errno.EOPNOTSUPP, "not supported")
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    linked: list[Path] = []

    def link(src: object, dst: object, *args: object, **kwargs: object) -> None:
        linked.append(Path(str(src)))
        real_link(src, dst, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("os.open", no_tmpfile)
    monkeypatch.setattr("os.link", link)
    target = tmp_path / "mine.toml"
    cancel.begin()
    create_new(target, b"made")
    assert target.read_bytes() == b"made"
    assert [p.parent for p in linked] == [tmp_path]
    assert re.fullmatch(r"\.sheetgen-[0-9a-f]{32}-0\.part", linked[0].name), linked
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert cancel.written() == [str(target)]
    assert [p.name for p in tmp_path.iterdir()] == ["mine.toml"]


def test_a_new_file_whose_name_is_too_long_is_refused_naming_it(tmp_path: Path) -> None:
    target = tmp_path / ("x" * 300 + ".toml")
    with pytest.raises(SheetgenError) as caught:
        create_new(target, b"made")
    assert str(caught.value).startswith(f"{target}: cannot write (its name is longer than")
    assert list(tmp_path.iterdir()) == []


def _no_unnamed_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """The system makes no file without a name (no O_TMPFILE): a named temporary file is used."""
    real_open = os.open

    def no_tmpfile(path: object, flags: int, *args: object) -> int:
        if flags & os.O_TMPFILE == os.O_TMPFILE:
            raise OSError(errno.EOPNOTSUPP, "not supported")
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr("os.open", no_tmpfile)


@pytest.mark.parametrize("unnamed", [True, False], ids=["unnamed file", "named temporary file"])
def test_a_link_at_the_temporary_name_is_neither_followed_nor_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, unnamed: bool
) -> None:
    """Something already at the name the temporary file is to have (here a link to a file of
    one's own; the name's 32 digits are random, so only a planted or freak clash gets there):
    the write is refused naming its target, the link is not followed (the file it points to is
    not written) nor removed, and the old target is kept."""
    if unnamed and not hasattr(os, "O_TMPFILE"):
        pytest.skip("this system makes no unnamed files")
    if not unnamed:
        _no_unnamed_files(monkeypatch)
    token = "5" * 32
    monkeypatch.setattr("sheetgen.pipeline.output.new_token", lambda: token)
    mine = tmp_path / "mine.txt"
    mine.write_text("my own words", encoding="utf-8")
    planted = tmp_path / f".sheetgen-{token}-0.part"
    planted.symlink_to(mine)
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old")
    with pytest.raises(SheetgenError) as caught:
        write_atomic(target, b"new")
    assert str(caught.value) == f"{target}: cannot write ({os.strerror(errno.EEXIST)})"
    assert mine.read_text(encoding="utf-8") == "my own words"
    assert planted.is_symlink() and planted.resolve() == mine
    assert target.read_bytes() == b"old" and not target.is_symlink()
    assert {p.name for p in tmp_path.iterdir()} == {planted.name, "mine.txt", "sheet.pdf"}


def test_a_private_file_rebuilt_is_never_open_to_others_on_the_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file readable by its owner only (0600) that is rebuilt: under the usual umask (022,
    which leaves a new file readable by all), the named temporary file its new content is
    written to is the owner's only from the moment it is made, not only once it is in place."""
    _no_unnamed_files(monkeypatch)
    patched_open = os.open
    made: list[int] = []

    def watched(path: object, flags: int, *args: object) -> int:
        fd = patched_open(path, flags, *args)  # type: ignore[arg-type]
        if flags & os.O_CREAT and str(path).endswith(".part"):
            made.append(stat.S_IMODE(os.fstat(fd).st_mode))
        return fd

    monkeypatch.setattr("os.open", watched)
    target = tmp_path / "answers.pdf"
    target.write_bytes(b"old")
    target.chmod(0o600)
    umask = os.umask(0o022)
    try:
        write_atomic(target, b"the new answers")
    finally:
        os.umask(umask)
    assert target.read_bytes() == b"the new answers"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert made, "no named temporary file was made"
    assert [mode & 0o077 for mode in made] == [0] * len(made), [oct(m) for m in made]


def test_without_proc_no_unnamed_file_is_made_that_could_never_be_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Linux names an unnamed file through /proc; where /proc is not mounted (some containers
    and chroots) the data goes once into a named temporary file, not first into an unnamed
    file (written whole, then never named) and then again into a named copy."""
    if not hasattr(os, "O_TMPFILE"):
        pytest.skip("this system makes no unnamed files")
    real_isdir, real_open, real_link = os.path.isdir, os.open, os.link
    unnamed: list[object] = []

    def isdir(path: object) -> bool:
        return False if str(path).startswith("/proc/") else real_isdir(path)  # type: ignore[arg-type]

    def open_(path: object, flags: int, *args: object) -> int:
        if flags & os.O_TMPFILE == os.O_TMPFILE:
            unnamed.append(path)
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    def link(src: object, *args: object, **kwargs: object) -> None:
        if str(src).startswith("/proc/"):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(src))
        real_link(src, *args, **kwargs)  # type: ignore[arg-type]

    def second_copy(*args: object) -> None:
        raise AssertionError("the data was written a second time, into a named copy")

    monkeypatch.setattr("os.path.isdir", isdir)
    monkeypatch.setattr("os.open", open_)
    monkeypatch.setattr("os.link", link)
    monkeypatch.setattr("sheetgen.pipeline.output._write_new", second_copy)
    target = tmp_path / "sheet.png"
    write_atomic(target, b"png data")
    assert target.read_bytes() == b"png data"
    assert unnamed == []
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.png"]


def test_a_new_file_leaves_no_descriptor_open_even_the_first(tmp_path: Path) -> None:
    """A program started with its standard input closed (as some service managers and cron
    set-ups start one) gets descriptor 0 for the first file it opens: the new file's is closed
    all the same once it is written."""
    saved = os.dup(0)
    os.close(0)
    try:
        create_new(tmp_path / "mine.toml", b"made")
        with pytest.raises(OSError) as caught:
            os.fstat(0)  # the new file's descriptor was 0, and is closed again
        assert caught.value.errno == errno.EBADF
    finally:
        os.dup2(saved, 0)
        os.close(saved)
    assert (tmp_path / "mine.toml").read_bytes() == b"made"
