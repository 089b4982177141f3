"""The bad-input catalogue (tests/bad_inputs/, one file a case): every case answered by the
real CLI with its one-line message and a non-zero exit, no traceback, no file created and an
existing output left untouched; markup in text is accepted and escaped where it lands."""

from __future__ import annotations

import base64
import os
import tomllib
from pathlib import Path

import pytest

from tests.support import ROOT, sheetgen, sheetgen_process

CASES = sorted((ROOT / "tests" / "bad_inputs").glob("*.toml"))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_the_catalogue_is_big_enough() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("case_file", CASES, ids=[c.stem for c in CASES])
def test_bad_input(case_file: Path, tmp_path: Path) -> None:
    case = tomllib.loads(case_file.read_text(encoding="utf-8"))
    out = tmp_path / "out"
    out.mkdir()
    for name, content in case.get("files", {}).items():
        target = out / name
        if name.endswith("/"):
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content, encoding="utf-8")
    if "fifo" in case:  # a named pipe with no writer: opening it to read would wait forever
        os.mkfifo(out / case["fifo"])
    if "symlink" in case:
        link, target = case["symlink"]
        (out / link).symlink_to(out / target)
    layout = tmp_path / "layout.toml"
    if "layout" in case:
        layout.write_text(case["layout"], encoding="utf-8")
    elif "layout_base64" in case:
        layout.write_bytes(base64.b64decode(case["layout_base64"]))

    def fill(text: str) -> str:
        return text.replace("{layout}", str(layout)).replace("{out}", str(out))

    env = {k: fill(v) for k, v in case.get("env", {}).items()}
    mode = case.get("mode", "error")
    if mode == "error" and case.get("out_name"):
        (out / case["out_name"]).write_bytes(b"an earlier build")
    before = snapshot(out)
    args = [fill(a) for a in case["args"]]
    # a case that sets the environment (a font folder) needs a process that reads it afresh
    proc = sheetgen_process(*args, env=env) if env else sheetgen(*args)
    assert "Traceback" not in proc.err + proc.out
    if mode == "escaped":
        assert proc.code == 0, proc.err
        written = (out / case["out_name"]).read_text(encoding="utf-8")
        assert case["expect"] not in written  # the markup is escaped, never live
        return
    assert proc.code == case["exit"] != 0, (proc.code, proc.err)
    lines = proc.err.strip().splitlines()
    # every problem found, one line each, in order ('expect_lines'), or the one line ('expect')
    expected = case.get("expect_lines", [case.get("expect")])
    if case.get("more"):  # a rules fault with others after it (every one is said at once)
        lines = lines[: len(expected)]
    assert len(lines) == len(expected), proc.err
    for line, want in zip(lines, expected, strict=True):
        assert want in line, line
        assert len(line) < 400
        # a rules finding of 'check' is printed as every error is: error: file:L:C: key: what
        assert line.startswith("error: ") and ": error: " not in line, line
    assert snapshot(out) == before  # nothing created, nothing clobbered
