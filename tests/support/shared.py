"""Work done once a test run, however many workers run the tests: a whole build, a kind's
starting layout. The first worker to ask makes it in a folder every worker sees (the run's
base temporary folder), under a lock; the others wait for it and read the same files.

Under mutmut (MUTANT_UNDER_TEST set) nothing is shared: each test makes what it reads, so
that a mutant is judged by what its own code makes."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """The folder every worker of this run shares (a worker's own base folder's parent)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `name`, filled by `make(folder)` the first time a worker of this run asks
    for it; a `make` that fails leaves nothing behind, and the next to ask tries again."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        folder = factory.mktemp(name)
        make(folder)
        return folder
    shared = run_folder(factory)
    folder, done = shared / name, shared / f"{name}.done"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            try:
                make(folder)
            except BaseException:
                shutil.rmtree(folder, ignore_errors=True)
                raise
            done.touch()
    return folder
