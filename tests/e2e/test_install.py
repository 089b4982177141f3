"""A plain (not editable) install, with its dependencies, into a fresh virtualenv that sees
nothing else: it carries the layouts and fonts and works from any folder; and the example
plugin (examples/plugins/sheetgen-dice-race) installed beside it adds its game, layout and
command to the installed sheetgen."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support import ROOT, page_texts

# a clean install: pip and a virtualenv, minutes of work, in the slow tier
pytestmark = [pytest.mark.slow, pytest.mark.process]

CLEAN_ENV = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
CLEAN_ENV["PYTHONNOUSERSITE"] = "1"
PLUGIN = ROOT / "examples" / "plugins" / "sheetgen-dice-race"
# the dice chosen in the example game of the plugin's README, which scores 88
GAME_DICE = ["6", "6", "5", "3", "6", "1", "6", "4", "6", "2", "5", "5", "3", "5", "5"]


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sheetgen's wheel, the example plugin's and a wheel of every dependency, so the install
    needs no index."""
    out = tmp_path_factory.mktemp("wheelhouse")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "-w", str(out), str(ROOT), str(PLUGIN)],
        check=True,
        capture_output=True,
        timeout=900,
    )
    return out


@pytest.fixture(scope="module")
def installed(wheelhouse: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with sheetgen installed from its wheel alone (no index)."""
    env_dir = tmp_path_factory.mktemp("installed") / "venv"
    venv.create(env_dir, system_site_packages=False, with_pip=True, clear=True)
    install(env_dir, wheelhouse, "sheetgen")
    return env_dir


def install(env_dir: Path, wheelhouse: Path, name: str) -> None:
    done = subprocess.run(
        [str(env_dir / "bin" / "python"), "-m", "pip", "install", "-q", "--no-index",
         "--find-links", str(wheelhouse), name],
        capture_output=True, text=True, timeout=900, env=CLEAN_ENV,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def runner(env_dir: Path, work: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """`sheetgen ARGS` as the virtualenv's console script runs it, in `work`."""
    work.mkdir(exist_ok=True)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(env_dir / "bin" / "sheetgen"), *args],
            cwd=work, capture_output=True, text=True, env=CLEAN_ENV, timeout=300,
        )  # fmt: skip

    return run


def wheel(wheelhouse: Path) -> Path:
    return next(wheelhouse.glob("sheetgen-[0-9]*.whl"))


def test_wheel_holds_layouts_fonts_and_profiles(wheelhouse: Path) -> None:
    names = set(zipfile.ZipFile(wheel(wheelhouse)).namelist())
    for layout in (ROOT / "layouts").glob("*/*.toml"):
        assert f"sheetgen/data/layouts/{layout.parent.name}/{layout.name}" in names
    for font in (ROOT / "fonts").iterdir():
        assert f"sheetgen/data/fonts/{font.name}" in names
    # the CMYK profile with its licence, and the print shops' product profiles
    for profile in (p for p in (ROOT / "profiles").rglob("*") if p.is_file()):
        assert f"sheetgen/data/profiles/{profile.relative_to(ROOT / 'profiles')}" in names


def test_installed_sheetgen_lists_and_builds_from_another_folder(
    installed: Path, tmp_path: Path
) -> None:
    env_dir, work = installed, tmp_path / "elsewhere"
    run = runner(env_dir, work)
    listing = run("list")
    assert listing.returncode == 0, listing.stderr
    assert "scribe/standard" in listing.stdout
    built = run("build", "scribe/standard", "-f", "pdf", "-q")
    assert built.returncode == 0, built.stderr
    pdf = work / "output" / "scribe-standard-supergrid.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    where = subprocess.run(
        [str(env_dir / "bin" / "python"), "-c",
         "import sheetgen, typer; print(sheetgen.__file__, typer.__file__)"],
        cwd=work, capture_output=True, text=True, env=CLEAN_ENV,
    )  # fmt: skip
    # the installed copy ran, and its dependencies came from the new venv alone
    assert where.stdout.count(str(env_dir)) == 2, where.stdout


def test_an_installed_plugin_adds_its_game_layout_and_command(
    installed: Path, wheelhouse: Path, tmp_path: Path
) -> None:
    """The example plugin, pip-installed from its wheel into the same virtualenv, is known to
    list, check, build and --help, and its command scores, from a folder of its own."""
    install(installed, wheelhouse, "sheetgen-dice-race")
    run = runner(installed, tmp_path / "elsewhere")
    listing = run("list")
    assert (listing.returncode, listing.stderr) == (0, "")
    assert "dice-race/standard        dice-race/sheet" in listing.stdout
    assert "  dice-race/sheet          Dice Race sheet" in listing.stdout
    checked = run("check", "dice-race/standard")
    assert (checked.returncode, checked.stdout) == (0, "dice-race/standard: ok\n"), checked.stderr
    built = run("build", "dice-race/standard", "-f", "pdf", "--copies", "2", "-q")
    assert built.returncode == 0, built.stderr
    texts = page_texts(tmp_path / "elsewhere" / "output" / "dice-race-standard-sheet.pdf")
    assert len(texts) == 2 and all("Dice Race" in text for text in texts)
    assert "dice-race" in run("--help").stdout
    scored = run("dice-race", "score", *GAME_DICE)
    assert scored.returncode == 0, scored.stderr
    assert scored.stdout.splitlines()[-1] == "total: 88"
    where = subprocess.run(
        [str(installed / "bin" / "python"), "-c",
         "import sheetgen_dice_race; print(sheetgen_dice_race.__file__)"],
        cwd=tmp_path, capture_output=True, text=True, env=CLEAN_ENV,
    )  # fmt: skip
    assert where.stdout.startswith(str(installed)), where.stdout  # the installed copy ran
