"""`sheetgen list`: what it shows agrees with the validated layouts and the registered kinds,
and it reads them without importing any game's models (what makes it start fast)."""

from __future__ import annotations

import json
import subprocess
import sys

from sheetgen.kinds import kinds
from sheetgen.layouts.read import builtin_layouts, load
from tests.support import ROOT, sheetgen


def test_list_shows_each_layout_with_the_kind_and_description_validation_finds() -> None:
    run = sheetgen("list")
    assert run.code == 0
    lines = run.out.splitlines()
    for name in builtin_layouts():
        loaded = load(name)
        row = next(line for line in lines if line.split()[:1] == [name])
        assert row.split()[1] == loaded.kind.key
        assert row.rstrip().endswith(loaded.model.description)


def test_list_shows_every_registered_kind_and_no_other() -> None:
    out = sheetgen("list").out
    for key, kind in kinds().items():
        assert f"  {key:24} {kind.summary}" in out


def test_list_imports_no_game_model() -> None:
    code = (
        "import sys; from sheetgen.cli import main; sys.argv = ['sheetgen', 'list']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "import json; print(json.dumps(sorted(sys.modules)), file=sys.stderr)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    modules = json.loads(run.stderr.strip().splitlines()[-1])
    games = [m for m in modules if m.startswith("sheetgen.games.")]
    # each game's kinds module is read (its declarations name their models by path), no model
    assert [m for m in games if m.rsplit(".", 1)[-1] in {"model", "rules", "components"}] == []


def _modules_after(*args: str) -> list[str]:
    """The modules loaded once `sheetgen ARGS` has run in a fresh interpreter."""
    code = (
        f"import sys; from sheetgen.cli import main; sys.argv = ['sheetgen', *{list(args)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "import json; print(json.dumps(sorted(sys.modules)), file=sys.stderr)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    modules: list[str] = json.loads(run.stderr.strip().splitlines()[-1])
    return modules


def test_list_imports_neither_the_drawing_nor_the_press() -> None:
    modules = _modules_after("list")
    assert [m for m in modules if m.startswith(("sheetgen.draw", "sheetgen.press"))] == []


SCORING = {
    "scribe": ("scribe", "score", "+O+/O+O/OO+"),
    "scrumpit": ("scrumpit", "score", "TAX", "--row", "4"),
    "walkabout": ("walkabout", "score", "layouts/walkabout/example-game.toml"),
    "marram": ("marram", "score", "layouts/marram/example-board.toml"),
}


def test_each_scoring_command_imports_its_own_game_alone() -> None:
    for game, args in SCORING.items():
        modules = _modules_after(*args)
        # every game's declarations and command-line module are read to list the games and
        # their commands; beyond them, only the game that scores
        parts = [m.split(".") for m in modules if m.startswith("sheetgen.games.")]
        games = {p[2] for p in parts if len(p) > 3 and p[3] not in ("commands", "kinds")}
        assert games == {game}, (args, games)
