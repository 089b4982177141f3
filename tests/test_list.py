"""`sheetgen list`: what it shows agrees with the validated layouts and the registered kinds,
and it reads them without importing any game's models (what makes it start fast)."""

from __future__ import annotations

import json
import subprocess
import sys

from sheetgen.games import CATALOGUE
from sheetgen.layout import builtin_layouts, load
from sheetgen.registry import kinds
from tests.conftest import ROOT, sheetgen


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
    assert list(CATALOGUE) == list(kinds())
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
    assert games and [m for m in games if m.rsplit(".", 1)[-1] in {"model", "kinds", "rules"}] == []
