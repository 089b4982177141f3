"""Shared test helpers: running the real CLI, building outputs once, rendering pages."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis profiles: `quick` for every run of the suite, `thorough` for deeper fuzzing
# (HYPOTHESIS_PROFILE=thorough python -m pytest tests/test_fuzz.py).
settings.register_profile(
    "quick", max_examples=60, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


def sheetgen(*args: str, cwd: Path | None = None) -> Run:
    """Run `python -m sheetgen ARGS` in a subprocess, as a user would."""
    if os.environ.get("MUTANT_UNDER_TEST"):  # mutmut's mutants live in this process only
        pytest.skip("drives the CLI in a subprocess, which never runs a mutant")
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
