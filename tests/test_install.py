"""A plain (not editable) install carries the layouts and fonts and works from any folder."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

# driven as a user would (subprocesses, a browser, an install, fuzzing): not for mutmut
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    return next(out.glob("sheetgen-*.whl"))


def test_wheel_holds_layouts_and_fonts(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for layout in (ROOT / "layouts").glob("*/*.toml"):
        assert f"sheetgen/layouts/{layout.parent.name}/{layout.name}" in names
    for font in (ROOT / "fonts").iterdir():
        assert f"sheetgen/fonts/{font.name}" in names


def test_installed_sheetgen_lists_and_builds_from_another_folder(
    wheel: Path, tmp_path: Path
) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=True, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    work = tmp_path / "elsewhere"
    work.mkdir()
    script = env_dir / "bin" / "sheetgen"
    listing = subprocess.run([str(script), "list"], cwd=work, capture_output=True, text=True)
    assert listing.returncode == 0, listing.stderr
    assert "scribe/standard" in listing.stdout
    built = subprocess.run(
        [str(script), "build", "scribe/standard", "-f", "pdf", "-q"],
        cwd=work,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    pdf = work / "output" / "scribe-standard-supergrid.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    where = subprocess.run(
        [str(python), "-c", "import sheetgen; print(sheetgen.__file__)"],
        cwd=work,
        capture_output=True,
        text=True,
    )
    assert str(env_dir) in where.stdout  # the installed copy ran, not the checkout
