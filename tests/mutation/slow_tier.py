"""What the slow tier kills that the default tier leaves: each mutant that survived `mutmut run`
(which judges by the default tier) is run again against the slow tier's tests, and the `process`
tests, of the folders named, with the mutant switched on as mutmut does it.

Run after `mutmut run` in the project folder, e.g.
`python tests/mutation/slow_tier.py sheetgen.press tests/press tests/e2e`: the first argument
keeps the survivors whose names start with it, the rest are the test folders to run. The mutated
code is in `mutants/`; it is put first on the path of every process a test starts, so tests that
run sheetgen in a process of its own judge the mutant too. A mutant counts as killed when a test
fails on it or the run passes its time limit (as mutmut counts a timeout).
"""

from __future__ import annotations

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


def killed(name: str, folders: list[str]) -> bool:
    mutants = Path("mutants").resolve()
    env = {**os.environ, "MUTANT_UNDER_TEST": name, "PYTHONPATH": str(mutants)}
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-n", "0", "-p", "no:cacheprovider"]
    command += ["-m", "slow or process", *folders]
    try:
        run = subprocess.run(command, cwd=mutants, env=env, capture_output=True, timeout=LIMIT)
    except subprocess.TimeoutExpired:
        return True
    if run.returncode not in (0, 1, 5):  # 5: no test selected
        raise SystemExit(f"{name}: pytest stopped with exit {run.returncode}")
    return run.returncode == 1


def main(prefix: str, folders: list[str]) -> int:
    names = survivors(prefix)
    dead = [name for name in names if killed(name, folders)]
    for name in names:
        print(("killed   " if name in dead else "survived ") + name)
    print(f"{prefix}: {len(dead)} of {len(names)} survivors killed by the slow tier")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
