"""The code stays as the design card says: lint-clean, type-clean, games free of backends."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from sheetgen.kinds import games
from tests.support import ROOT

# runs ruff and mypy: programs of their own
pytestmark = pytest.mark.process

BACKEND_IMPORT = re.compile(r"^\s*(import|from)\s+(reportlab|svgwrite|PIL|pikepdf)\b", re.M)


def test_game_code_never_imports_a_backend_library() -> None:
    offenders = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "sheetgen" / "games").rglob("*.py")
        if BACKEND_IMPORT.search(p.read_text(encoding="utf-8"))
    ]
    assert offenders == []
    for folder in ("draw", "press"):
        for p in (ROOT / "sheetgen" / folder).rglob("*.py"):
            assert not BACKEND_IMPORT.search(p.read_text(encoding="utf-8")), p


@pytest.mark.parametrize("game", [game.name.replace("-", "_") for game in games()])
def test_a_games_rules_import_no_drawing(game: str) -> None:
    """The rules referee and score without drawing: importing a game's rules, in a fresh
    interpreter, loads neither sheetgen's drawing, its press, its backends nor their libraries."""
    loaded = _modules_after(f"import sheetgen.games.{game}.rules")
    assert [m for m in loaded if m.startswith(DRAWING) or m == "PIL"] == []


DRAWING = ("sheetgen.draw", "sheetgen.press", "sheetgen.backends", "reportlab", "svgwrite")


def _modules_after(code: str, *args: str) -> list[str]:
    """The modules a fresh interpreter has loaded after running `code` with `args`."""
    script = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    return subprocess.run(
        [sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()


@pytest.mark.parametrize(
    "args",
    [
        ["scribe", "score", "+O+/O+O/OO+"],
        ["scrumpit", "score", "TAX", "--row", "4"],
        ["marram", "score", "marram/example-board"],
    ],
)
def test_scoring_a_layout_loads_no_drawing(args: list[str]) -> None:
    """A scoring command that reads a layout and checks nothing drawn (Walkabout's and Scribbly
    Gum's check the sheet the game was played on, which is drawn) loads the layout's kind
    without its builders: sheetgen's drawing, press and backends stay unimported."""
    command = (
        "from sheetgen.cli import main\nsys.argv = ['sheetgen', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit as end:\n    assert not end.code, end.code"
    )
    loaded = _modules_after(command, *args)
    assert "sheetgen.layouts.read" in loaded  # it did read a layout
    assert [m for m in loaded if m.startswith(DRAWING) or m.endswith(".components")] == []


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_kept() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
