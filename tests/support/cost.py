"""The work a command does, counted rather than timed: a test of cost that any machine, loaded
or idle, answers the same."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from tests.support import Run, sheetgen


def counted_run(*args: str) -> tuple[int, Run]:
    """The Python function calls `sheetgen ARGS` makes, and what it printed and returned."""
    count = 0

    def counted(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        count += event == "call"

    sys.setprofile(counted)
    try:
        run = sheetgen(*args)
    finally:
        sys.setprofile(None)
    return count, run
