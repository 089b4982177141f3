"""The values a number key of a layout may take: the bounds its model sets (a cell of 6 to 25
mm), and the part of them that works with the rest of one layout (its sheet holds the grid only
for cells of 11.5 to 13.3 mm), found by trying values. `sheetgen new` says the second for each
starter key (see working_range); `check` and `build` say it beside a rules error at a key."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from sheetgen.findings import Finding
from sheetgen.model.tables import Refusal, table_type

if TYPE_CHECKING:
    from sheetgen.kinds import ComponentKind
    from sheetgen.model.base import LayoutBase
    from sheetgen.model.tables import KeyInfo, Table

FLOAT_STEP = 0.1  # mm (or whatever the key holds): how finely a float key's ends are found
SAMPLES = 12  # values tried across a key's bounds for one that works, nearest the refused first
_DOTTED = re.compile(r"[a-z_]+(\.[a-z_]+)*")


def field_of(model: type[Table], key: str) -> tuple[KeyInfo, str]:
    """The model's field at a dotted key, and what it holds in words."""
    parts = key.split(".")
    owner: Any = model
    for part in parts[:-1]:
        owner = table_type(owner.model_fields[part].annotation)
    described = (  # a game's model narrows `game` and `component`; LayoutBase describes them
        c.model_fields[parts[-1]].description
        for c in owner.__mro__
        if parts[-1] in getattr(c, "model_fields", {})
    )
    return owner.model_fields[parts[-1]], next(filter(None, described), "")


def bounds_of(model: type[Table], key: str) -> tuple[float, float] | None:
    """The least and the most a number at a dotted key may be, when the model bounds both."""
    field = field_of(model, key)[0]
    low, high = (
        next((getattr(m, a) for m in field.metadata for a in pair if hasattr(m, a)), None)
        for pair in (("ge", "gt"), ("le", "lt"))
    )
    return None if low is None or high is None else (low, high)


def edge(start: float, end: float, works: Callable[[float], bool], step: float) -> float:
    """The value nearest `end` (on the way from `start`, which works) that works, to `step`,
    assuming those between work as far as the first that does not."""
    if works(end):
        return end
    good, bad = start, end
    while abs(bad - good) > step:
        middle = snap((good + bad) / 2, step)
        if middle in (good, bad):
            break
        good, bad = (middle, bad) if works(middle) else (good, middle)
    return good


def snap(number: float, step: float) -> float:
    """`number` on the grid of `step`: a whole number for an integer key."""
    return round(round(number / step) * step, 6) if step < 1 else round(number)


def value_at(data: dict[str, Any], key: str) -> Any:
    value: Any = data
    for part in key.split("."):
        value = value[part]
    return value


def with_value(data: dict[str, Any], key: str, number: float) -> dict[str, Any]:
    """`data` with the dotted `key` set to `number` (the tables on the way copied)."""
    head, _, rest = key.partition(".")
    if not rest:
        return {**data, head: number}
    return {**data, head: with_value(data[head], rest, number)}


def fitting(kind: ComponentKind, model: LayoutBase, findings: Sequence[Finding]) -> list[Finding]:
    """`findings`, each rules error at a number key that the model bounds (`sheet.cell`) saying
    the values of that key with which the layout, the rest of it as it stands, passes the rules
    check ('cell = 20' too wide: 11.5 to 13.3 fits); said only where some value does."""
    errors = [f for f in findings if f.level == "error"]
    out = []
    for f in findings:
        bounds = bounds_of(kind.model, f.where) if _numeric(kind.model, f.where) else None
        works = bounds and errors and _fits(kind, model, f.where, bounds)
        if works:
            leaf = f.where.rpartition(".")[2]
            said = f"{leaf} = {works[0]:.4g} to {works[1]:.4g}"
            f = replace(f, message=f"{f.message} (with the rest of this layout, {said} fits)")
        out.append(f)
    return out


def _numeric(model: type[Table], where: str) -> bool:
    """Whether `where` is a plain dotted key of `model` (no list item) holding a number."""
    if not _DOTTED.fullmatch(where):
        return False
    try:
        field_of(model, where)
    except (KeyError, AttributeError):
        return False
    return True


def rules_pass(
    kind: ComponentKind, data: dict[str, Any], key: str, read: LayoutBase | None = None
) -> Callable[[float], bool]:
    """Whether the layout `data` of `kind`, with the dotted `key` set to a number, passes the
    kind's model and its rules check (no error finding); `read`, the layout `data` is of,
    whose folders the files it names (a data file, a font) are taken from."""

    def passes(number: float) -> bool:
        try:
            tried = kind.model.model_validate(with_value(data, key, number))
        except Refusal:
            return False
        if read is not None:  # private: where the paths it writes start
            object.__setattr__(tried, "_folder", read._folder)
            object.__setattr__(tried, "_folders", read._folders)
        return not any(f.level == "error" for f in kind.check(tried))

    return passes


def _fits(
    kind: ComponentKind, model: LayoutBase, key: str, bounds: tuple[float, float]
) -> tuple[float, float] | None:
    """The values of `key` with which `model` passes the rules check, found from the one
    nearest its own value of SAMPLES across `bounds` that passes; None when none does."""
    data = model.model_dump()
    value = value_at(data, key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    step = 1 if isinstance(value, int) else FLOAT_STEP

    passes = rules_pass(kind, data, key, model)
    low, high = bounds
    tried = {snap(low + (high - low) * i / (SAMPLES - 1), step) for i in range(SAMPLES)}
    start = next((v for v in sorted(tried, key=lambda v: abs(v - value)) if passes(v)), None)
    if start is None:
        return None
    return edge(start, low, passes, step), edge(start, high, passes, step)
