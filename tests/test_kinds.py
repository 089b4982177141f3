"""A kind is declared once: a game of one's own (tests/example_game, copied into a temporary
folder as a throwaway game) is known to `list`, `schema`, `new`, `check` and `build` with no
line changed anywhere else, and the built-in kinds each carry every fact the program uses."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

import sheetgen.games as games_package
from sheetgen.kinds import games, kinds
from tests.support import ROOT, sheetgen

EXAMPLE = ROOT / "tests" / "example_game"


@pytest.fixture
def throwaway(tmp_path: Path) -> Iterator[Path]:
    """The example game copied into a temporary folder of games that sheetgen searches, and
    its layouts folder (for --layouts); both forgotten afterwards."""
    shutil.copytree(EXAMPLE / "games", tmp_path / "games")
    shutil.copytree(EXAMPLE / "layouts", tmp_path / "layouts")
    games_package.__path__.append(str(tmp_path / "games"))
    try:
        yield tmp_path
    finally:
        games_package.__path__.remove(str(tmp_path / "games"))
        for name in [m for m in sys.modules if m.startswith("sheetgen.games.tokens")]:
            del sys.modules[name]


def _run(*args: str) -> tuple[int, str]:
    result = sheetgen(*args)
    return result.code, result.out + result.err


def test_a_new_game_needs_its_own_files_and_nothing_else(throwaway: Path) -> None:
    folder = str(throwaway / "layouts")
    assert "tokens/round" in kinds()
    code, out = _run("--layouts", folder, "list")
    assert code == 0
    assert "tokens/round             numbered round score tokens to cut out" in out
    assert "Twelve numbered score tokens to cut out" in out  # its layout, found by name
    code, out = _run("--layouts", folder, "schema", "tokens/round")
    assert code == 0
    schema = json.loads(out)
    assert schema["properties"]["size"]["minimum"] == 12
    mine = throwaway / "mine.toml"
    code, out = _run("--layouts", folder, "new", "tokens/round", str(mine))
    assert code == 0, out
    assert 'extends = "tokens/round"' in mine.read_text()
    code, out = _run("--layouts", folder, "check", str(mine))
    assert code == 0, out
    out_folder = throwaway / "out"
    out_folder.mkdir()
    code, out = _run("--layouts", folder, "build", str(mine), "-f", "pdf", "--out", str(out_folder))
    assert code == 0, out
    pdf = PdfReader(out_folder / "tokens-mine-round.pdf")
    page = pdf.pages[0]
    assert round(float(page.mediabox.width) / 72 * 25.4) == 210  # A4, the press's default
    text = page.extract_text()
    assert all(str(n) in text for n in range(1, 13))  # every number of 1 to 12


def test_the_new_game_is_refused_as_any_game_when_its_layout_is_wrong(throwaway: Path) -> None:
    bad = throwaway / "bad.toml"
    bad.write_text('game = "tokens"\ncomponent = "round"\nname = "bad"\nsize = 200\n')
    code, out = _run("check", str(bad))
    assert code == 1
    assert "bad.toml:4:1: size: must be at most 60 mm (got 200)" in out


def test_without_its_folder_the_game_is_unknown() -> None:
    assert "tokens/round" not in kinds()
    assert [g.name for g in games()] == [
        "scribe",
        "scribbly-gum",
        "walkabout",
        "marram",
        "scrumpit",
        "custom",
    ]


@pytest.mark.parametrize("key", sorted(kinds()))
def test_every_built_in_kind_declares_what_the_program_reads(key: str) -> None:
    kind = kinds()[key]
    assert kind.summary and kind.model.__name__
    assert kind.starter.layout.startswith(kind.game + "/")
    assert ("tile_size" in kind.options) == (kind.sizes is not None)
    if kind.cuts:  # pieces cut apart take the cut guides and the gap between them
        assert {"crop_marks", "gap"} <= kind.options or key == "walkabout/dice"
