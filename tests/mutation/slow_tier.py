"""What other tests kill of the mutants `mutmut run` left alive: each survivor (and each mutant
no selected test reached) is run again against the tests named, with the mutant switched on as
mutmut does it.

Run after `mutmut run` in the project folder:

    python -m tests.mutation.slow_tier sheetgen.press tests/press tests/e2e

runs the survivors whose names start with `sheetgen.press` against the slow tier's tests, and
the `process` tests, of those folders: what the slow tier kills that the default tier (which
mutmut judges by) leaves. `--marker "not slow and not process"` instead runs the default tier's
tests of other folders than the run's selection. The mutated code is in `mutants/`; it is put
first on the path of every process a test starts, so tests that run sheetgen in a process of
its own judge the mutant too. A mutant counts as killed when a test fails on it or its run
passes the time limit (as mutmut counts a timeout).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from tests.mutation.report import KILLED, LINE

LIMIT = 600  # seconds a mutant's run may take


def survivors(prefix: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    names = []
    for line in out.splitlines():
        match = LINE.match(line)
        if match and match["status"].strip() not in KILLED | {"not checked"}:
            name = line.split(":")[0].strip()
            if name.startswith(prefix):
                names.append(name)
    return names


def killed(name: str, marker: str, folders: list[str]) -> bool:
    mutants = Path("mutants").resolve()
    env = {**os.environ, "MUTANT_UNDER_TEST": name, "PYTHONPATH": str(mutants)}
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-n", "0", "-p", "no:cacheprovider"]
    command += ["-m", marker, *folders]
    try:
        run = subprocess.run(command, cwd=mutants, env=env, capture_output=True, timeout=LIMIT)
    except subprocess.TimeoutExpired:
        return True
    if run.returncode not in (0, 1, 5):  # 5: no test selected
        raise SystemExit(f"{name}: pytest stopped with exit {run.returncode}")
    return run.returncode == 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefix", help="the survivors whose names start with this")
    parser.add_argument("folders", nargs="+", help="test folders or files to run")
    parser.add_argument("--marker", default="slow or process", help="pytest's -m")
    args = parser.parse_args()
    names = survivors(args.prefix)
    dead = [name for name in names if killed(name, args.marker, args.folders)]
    for name in names:
        print(("killed   " if name in dead else "survived ") + name)
    print(f"{args.prefix}: {len(dead)} of {len(names)} killed by -m {args.marker!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
