"""A plain (not editable) install, with its dependencies, into a fresh virtualenv that sees
nothing else: it carries the layouts and fonts and works from any folder."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tests.support import ROOT

# a clean install: pip and a virtualenv, minutes of work, in the slow tier
pytestmark = [pytest.mark.slow, pytest.mark.process]

CLEAN_ENV = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
CLEAN_ENV["PYTHONNOUSERSITE"] = "1"


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sheetgen's wheel and a wheel of every dependency, so the install needs no index."""
    out = tmp_path_factory.mktemp("wheelhouse")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=900,
    )
    return out


def wheel(wheelhouse: Path) -> Path:
    return next(wheelhouse.glob("sheetgen-*.whl"))


def test_wheel_holds_layouts_and_fonts(wheelhouse: Path) -> None:
    names = set(zipfile.ZipFile(wheel(wheelhouse)).namelist())
    for layout in (ROOT / "layouts").glob("*/*.toml"):
        assert f"sheetgen/data/layouts/{layout.parent.name}/{layout.name}" in names
    for font in (ROOT / "fonts").iterdir():
        assert f"sheetgen/data/fonts/{font.name}" in names


def test_installed_sheetgen_lists_and_builds_from_another_folder(
    wheelhouse: Path, tmp_path: Path
) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=False, with_pip=True, clear=True)
    python = env_dir / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-index", "--find-links",
         str(wheelhouse), "sheetgen"],
        capture_output=True, text=True, timeout=900, env=CLEAN_ENV,
    )  # fmt: skip
    assert install.returncode == 0, install.stderr
    work = tmp_path / "elsewhere"
    work.mkdir()
    script = env_dir / "bin" / "sheetgen"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(script), *args], cwd=work, capture_output=True, text=True, env=CLEAN_ENV
        )

    listing = run("list")
    assert listing.returncode == 0, listing.stderr
    assert "scribe/standard" in listing.stdout
    built = run("build", "scribe/standard", "-f", "pdf", "-q")
    assert built.returncode == 0, built.stderr
    pdf = work / "output" / "scribe-standard-supergrid.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    where = subprocess.run(
        [str(python), "-c", "import sheetgen, typer; print(sheetgen.__file__, typer.__file__)"],
        cwd=work, capture_output=True, text=True, env=CLEAN_ENV,
    )  # fmt: skip
    # the installed copy ran, and its dependencies came from the new venv alone
    assert where.stdout.count(str(env_dir)) == 2, where.stdout
