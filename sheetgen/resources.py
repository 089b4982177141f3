"""Where the built-in layouts, fonts and colour profiles live, installed or in a source
checkout."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """The folder `name` ('layouts', 'fonts' or 'profiles'): the installed package's data/,
    else the checkout's. SHEETGEN_FONT_DIR points the fonts elsewhere (to try another build of
    the same family)."""
    if name == "fonts" and os.environ.get("SHEETGEN_FONT_DIR"):
        return Path(os.environ["SHEETGEN_FONT_DIR"])
    for candidate in (_PACKAGE / "data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"sheetgen's {name}/ folder is missing from the installation")
