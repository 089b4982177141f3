"""`sheetgen list`: what it shows agrees with the validated layouts and the registered kinds,
and it reads them without importing any game's models (what makes it start fast)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetgen.kinds import kinds
from sheetgen.layouts.read import builtin_layouts, load
from tests.support import ROOT, sheetgen
from tests.support.cost import counted_run


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


def collection(folder: Path, layouts: int, description: str = "mine") -> Path:
    """A collection of `layouts` Scribe layouts, each extending the built-in one."""
    (folder / "scribe").mkdir(parents=True)
    for n in range(layouts):
        (folder / "scribe" / f"mine{n}.toml").write_text(
            f'game = "scribe"\ncomponent = "supergrid"\nname = "mine{n}"\n'
            f'description = "{description}"\nextends = "scribe/standard"\n',
            encoding="utf-8",
        )
    return folder


def test_a_collection_is_listed_with_nothing_a_terminal_acts_on(tmp_path: Path) -> None:
    # a description and a file name that would retitle the terminal (ESC ] 0 ; ... BEL)
    mine = collection(tmp_path / "mine", 1, description="club \\u001b]0;owned\\u0007 sheet")
    (mine / "scribe" / "mine0.toml").rename(mine / "scribe" / "x\x1b[2J.toml")
    run = sheetgen("list", "--layouts", str(mine))
    assert run.code == 0, run.err
    row = next(line for line in run.out.splitlines() if "scribe/x" in line)
    assert row.split() == [
        "scribe/x\\x1b[2J",
        "scribe/supergrid",
        "club",
        "\\x1b]0;owned\\x07",
        "sheet",
    ]
    assert "\x1b" not in run.out + run.err and "\x07" not in run.out


def test_a_game_folder_that_cannot_be_read_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = collection(tmp_path / "mine", 1)
    listed = Path.iterdir

    def iterdir(self: Path) -> Iterator[Path]:
        if self == mine / "scribe":  # as a folder of another user's is (chmod 000 stops no root)
            raise PermissionError(13, "Permission denied")
        return listed(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    run = sheetgen("list", "--layouts", str(mine))
    assert run.code == 2
    assert run.err == (
        f"error: {mine / 'scribe'}: cannot be read (Permission denied); it holds scribe's "
        "layouts (let sheetgen read it, or take it off --layouts and SHEETGEN_LAYOUTS)\n"
    )


def calls(*args: str) -> int:
    """The Python function calls `sheetgen ARGS` makes (a count of work, not a time)."""
    count, run = counted_run(*args)
    assert run.code == 0, run.err
    return count


def test_listing_a_collection_costs_in_proportion_to_its_size(tmp_path: Path) -> None:
    small, big = collection(tmp_path / "small", 100), collection(tmp_path / "big", 200)
    calls("list", "--layouts", str(small))  # once before counting: what a first run imports
    less, more = calls("list", "--layouts", str(small)), calls("list", "--layouts", str(big))
    assert more - less <= 1.3 * (less - calls("list"))  # the second hundred costs the first's
