"""Building the same layout twice gives byte-identical files in every format."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import sheetgen

# driven as a user would (subprocesses, a browser, an install, fuzzing): not for mutmut
pytestmark = pytest.mark.slow


def test_rebuild_is_byte_identical(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for out in (first, second):
        out.mkdir()
        run = sheetgen("build", "--all", "--dpi", "40", "--copies", "3", "--out", str(out), "-q")
        assert run.code == 0, run.err
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    assert {n.rsplit(".", 1)[1] for n in names} == {"pdf", "svg", "png"}
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_gallery_shows_every_built_in_layout(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from sheetgen.layouts.read import builtin_layouts

    run = sheetgen("gallery", "--out", str(tmp_path), "--dpi", "40")
    assert run.code == 0, run.err
    reader = PdfReader(tmp_path / "gallery.pdf")
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for name in builtin_layouts():
        assert name in text, name
    assert (tmp_path / "gallery.png").read_bytes().startswith(b"\x89PNG")
