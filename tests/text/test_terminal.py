"""What reaches a terminal from a file or a command line: nothing a terminal would act on."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.support import ROOT, sheetgen


def test_a_file_name_with_a_byte_that_is_not_utf8_is_printed_quoted(tmp_path: Path) -> None:
    """A file name holding the byte 0x9B (C1's CSI, which starts a terminal's control
    sequence) reached stdout raw in the 'ok' line of check: it is written as an escape."""
    name = os.fsdecode(b"n\x9b2J.toml")  # how Python holds a byte of a name that is not UTF-8
    shutil.copy(ROOT / "layouts" / "scribe" / "pad.toml", tmp_path / name)
    run = sheetgen("check", str(tmp_path / name))
    assert run.code == 0, run.err
    assert run.out == f"{tmp_path}/n\\udc9b2J.toml: ok\n"
