"""What the tests share: where the checkout is, and running the `sheetgen` command."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


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
