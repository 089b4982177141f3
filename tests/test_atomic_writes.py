"""A build killed half-way leaves every output name either as it was or complete."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from PIL import Image

from tests.conftest import ROOT


def test_a_killed_build_leaves_no_truncated_file(tmp_path: Path) -> None:
    old = b"an earlier build"
    (tmp_path / "marram-classic-tiles-p1.png").write_bytes(old)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sheetgen",
            "build",
            "marram/classic",
            "-f",
            "png",
            "--dpi",
            "200",
            "--out",
            str(tmp_path),
            "-q",
        ],
        cwd=ROOT,
    )
    deadline = time.monotonic() + 60
    # wait until the build is part-way: some page written or being written, not all
    while time.monotonic() < deadline and proc.poll() is None:
        if (
            any(tmp_path.glob(".marram-classic-tiles-*.part"))
            or len(list(tmp_path.glob("marram-classic-tiles-p*.png"))) > 3
        ):
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    outputs = sorted(tmp_path.glob("marram-classic-tiles-p*.png"))
    assert outputs
    for path in outputs:
        data = path.read_bytes()
        if data == old:
            continue
        with Image.open(path) as image:
            image.load()  # a complete PNG, or this raises
            assert image.size[0] > 1000
