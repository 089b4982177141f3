"""Building a layout into a folder as a user's `sheetgen build` would, with press options."""

from __future__ import annotations

from pathlib import Path

from sheetgen.options import read_build
from sheetgen.pipeline.build import run_build

DPI = 150


def build(out: Path, ref: str = "marram/classic", fmt: str = "pdf", **options: object) -> Path:
    """Build `ref` into `out` as a user's `sheetgen build` would; the folder."""
    out.mkdir(exist_ok=True)
    request = read_build(
        (ref,), formats=fmt, paper=str(options.pop("paper", "A4")), copies=1, out=out, dpi=DPI,
        quiet=True, **options,  # type: ignore[arg-type]
    )  # fmt: skip
    run_build(request)
    return out
