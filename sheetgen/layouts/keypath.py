"""Key paths as sheetgen shows them to a designer: `tiles[5].count` is `count` in the fifth
`[[tiles]]` table, places in an array counted from 1 as a person counts them (the layout data's
own indices, as pydantic and Python give them, start at 0)."""

from __future__ import annotations

import re

Loc = tuple[int | str, ...]  # a key path as the layout's data is indexed: keys, 0-based places

# keys, [places], and the (names) a rules finding adds to say which tree or tile it means
_PART = re.compile(r"([^.\[\]()]+)|\[(\d+)\]|(\([^)]*\))")


def key_path(loc: Loc) -> str:
    """`("tiles", 4, "count")` as `tiles[5].count` (the fifth [[tiles]] table's count)."""
    out = ""
    for part in loc:
        out += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def key_loc(where: str) -> Loc:
    """A key path as `key_path` writes it (`tiles[5].count`, places counted from 1) back as the
    data's indices, `("tiles", 4, "count")`; a `(name)` is no part of the data. (A rules
    finding's own path, places counted from 0, is read through `counted_from_one`.)"""
    return tuple(int(i) - 1 if i else k for k, i, _ in _PART.findall(where) if k or i)


def counted_from_one(where: str) -> str:
    """A key path whose places count from 0 (a rules finding's own, `glyphs[11]`) as a designer
    reads it, places counted from 1 (`glyphs[12]`, the twelfth), its `(names)` kept."""
    return "".join(
        f"[{int(i) + 1}]" if i else name or (f".{k}" if n else k)
        for n, (k, i, name) in enumerate(_PART.findall(where))
    )
