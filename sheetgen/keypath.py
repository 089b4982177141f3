"""Key paths as sheetgen shows them to a designer: `tiles[5].count` is `count` in the fifth
`[[tiles]]` table, places in an array counted from 1 as a person counts them (the layout data's
own indices, as pydantic and Python give them, start at 0)."""

from __future__ import annotations

import re

Loc = tuple[int | str, ...]  # a key path as the layout's data is indexed: keys, 0-based places

_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def key_path(loc: Loc) -> str:
    """`("tiles", 4, "count")` as `tiles[5].count` (the fifth [[tiles]] table's count)."""
    out = ""
    for part in loc:
        out += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def key_loc(where: str) -> Loc:
    """A key path as `key_path` writes it (`tiles[5].count`) back as the data's indices."""
    return tuple(int(i) - 1 if i else k for k, i in _PART.findall(where))
