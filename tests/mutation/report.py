"""The mutation score of each mutated module, read from mutmut's own results.

Run after `mutmut run` in the project folder: `python tests/mutation/report.py`. A mutant counts
as killed when a test failed on it (or it timed out, or the type checker refused it); `survived`
and `no tests` count against the score. Survivors judged equivalent are listed, with a reason
each, in tests/mutation/equivalent.md; the score here does not discount them.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter, defaultdict

KILLED = {"killed", "timeout", "caught by type check", "segfault"}
LINE = re.compile(r"^\s*(?P<name>[\w.]+?)\.x(?:ǁ\w+ǁ)?_?\w*__mutmut_\d+: (?P<status>.+)$")


def main() -> int:
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    by_module: dict[str, Counter[str]] = defaultdict(Counter)
    for line in out.splitlines():
        match = LINE.match(line)
        if match:
            by_module[match["name"]][match["status"].strip()] += 1
    if not by_module:
        print("no mutmut results here: run `mutmut run` first", file=sys.stderr)
        return 1
    print(f"{'module':44} {'killed':>7} {'mutants':>8} {'score':>7}  other")
    total_killed = total = 0
    for module in sorted(by_module):
        counts = by_module[module]
        checked = sum(n for s, n in counts.items() if s != "not checked")
        killed = sum(n for s, n in counts.items() if s in KILLED)
        other = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()) if s not in KILLED)
        score = f"{100 * killed / checked:6.1f}%" if checked else "    -  "
        print(f"{module:44} {killed:7} {checked:8} {score}  {other}")
        total_killed, total = total_killed + killed, total + checked
    if total:
        print(f"{'all':44} {total_killed:7} {total:8} {100 * total_killed / total:6.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
