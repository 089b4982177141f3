"""Shared test helpers: running the real CLI, building outputs once, rendering pages."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = Path(__file__).resolve().parent / "layouts"


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


def sheetgen(*args: str, cwd: Path | None = None) -> Run:
    """Run `python -m sheetgen ARGS` in a subprocess, as a user would."""
    proc = subprocess.run(
        [sys.executable, "-m", "sheetgen", *args],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        timeout=300,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


@pytest.fixture(scope="session")
def scribe_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The standard Scribe sheet built once as PDF, SVG and PNG (100 dpi) on A4."""
    out = tmp_path_factory.mktemp("scribe")
    run = sheetgen("build", "scribe/standard", "--out", str(out), "--dpi", "100", "-q")
    assert run.code == 0, run.err
    return out
