"""Building the same layout twice gives byte-identical files in every format: a fresh
program (its own hash seed, its own worker processes) writes the very bytes the run's shared
build of everything wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import EVERYTHING, page_texts, sheetgen, sheetgen_process

pytestmark = pytest.mark.process

# one layout of each game for the default tier; the slow tier rebuilds them all
ONE_A_GAME = (
    "scribe/pad",
    "scribbly-gum/kuringgai",
    "walkabout/mat",
    "marram/example-board",
    "scrumpit/tiles",
)


def same_files(rebuilt: Path, everything: Path) -> None:
    names = sorted(p.name for p in rebuilt.iterdir())
    assert {n.rsplit(".", 1)[1] for n in names} == {"pdf", "svg", "png"}
    for name in names:
        assert (rebuilt / name).read_bytes() == (everything / name).read_bytes(), name


def test_a_fresh_rebuild_is_byte_identical(everything: Path, tmp_path: Path) -> None:
    build = [a for a in EVERYTHING if a != "--all"]
    run = sheetgen_process(*build, *ONE_A_GAME, "--out", str(tmp_path))
    assert run.code == 0, run.err
    same_files(tmp_path, everything)


@pytest.mark.slow
def test_a_fresh_rebuild_of_everything_is_byte_identical(everything: Path, tmp_path: Path) -> None:
    run = sheetgen_process(*EVERYTHING, "--out", str(tmp_path))
    assert run.code == 0, run.err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in everything.iterdir()
    )
    same_files(tmp_path, everything)


def test_gallery_shows_every_built_in_layout(tmp_path: Path) -> None:
    from sheetgen.layouts.read import builtin_layouts

    run = sheetgen("gallery", "--out", str(tmp_path), "--dpi", "40")
    assert run.code == 0, run.err
    pages = page_texts(tmp_path / "gallery.pdf")
    assert len(pages) == 1
    text = pages[0]
    for name in builtin_layouts():
        assert name in text, name
    assert (tmp_path / "gallery.png").read_bytes().startswith(b"\x89PNG")
