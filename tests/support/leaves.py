"""Every place in a layout's data: walking its tables and lists to each value, with the path of
keys and indexes that reaches it."""

from __future__ import annotations

from typing import Any


def leaves(value: Any, loc: tuple[int | str, ...] = ()) -> Any:
    yield loc, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*loc, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:2]):
            yield from leaves(item, (*loc, i))
