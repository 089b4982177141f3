"""The values of one key that truly work in a given layout: a key's model range (a cell of 6 to
25 mm) can hold more than the rest of the layout allows (its sheet holds the grid only for cells
of 11.5 to 13.3 mm). `sheetgen new` says both, the second found by trying values as `check` would:
the rules check narrows it cheaply, then `sheetgen check` itself confirms each end."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from sheetgen.pipeline.ranges import FLOAT_STEP, edge, value_at
from sheetgen.pipeline.ranges import rules_pass as passes_rules

if TYPE_CHECKING:
    from sheetgen.kinds import ComponentKind
    from sheetgen.model.base import LayoutBase

TRIAL = "trial"  # the name of the layouts tried


def working_range(
    kind: ComponentKind, base_name: str, base: LayoutBase, key: str, bounds: tuple[float, float]
) -> tuple[float, float] | None:
    """The values of the dotted `key` about the built-in layout `base_name`'s own (`base`) that
    pass `sheetgen check` when a layout extends it and changes that key alone; None when that
    is the whole of the model's `bounds`, or the base value is itself refused."""
    value = value_at(base.model_dump(), key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    step = 1 if isinstance(value, int) else FLOAT_STEP
    data = {**base.model_dump(), "name": TRIAL}  # as `check` would meet a layout of yours

    rules_pass = passes_rules(kind, data, key, base)
    low, high = (edge(value, end, rules_pass, step) for end in bounds)
    if (low, high) == bounds or not rules_pass(value):
        return None
    with tempfile.TemporaryDirectory() as folder:

        def checks(number: float) -> bool:
            return _checked(Path(folder), base_name, key, number)

        low, high = (edge(value, end, checks, step) for end in (low, high))
    return low, high


def _checked(folder: Path, base_name: str, key: str, number: float) -> bool:
    """Whether a layout extending `base_name` with `key` set to `number` passes `check`."""
    # imported here, not at the top, for start-up time
    from sheetgen.pipeline.check import check_one

    table, _, leaf = key.rpartition(".")
    lines = [f'extends = "{base_name}"', f'name = "{TRIAL}"']
    lines += [f"[{table}]", f"{leaf} = {number!r}"] if table else [f"{leaf} = {number!r}"]
    file = folder / "trial.toml"
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return check_one(str(file), None).errors == 0
