"""`sheetgen new KIND FILE`: a commented starting layout of a component kind, valid as written.

A starting layout `extends` a built-in layout of its kind and repeats, with their built-in
values, the keys a designer usually changes first; each key carries a comment saying what it
holds, its unit and its range, read from the kind's model.
"""

from __future__ import annotations

import hashlib
import json
import os
import textwrap
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sheetgen.errors import SheetgenError, UsageError
from sheetgen.pipeline.ranges import bounds_of, field_of
from sheetgen.pipeline.working_range import working_range

if TYPE_CHECKING:
    from sheetgen.kinds import ComponentKind
    from sheetgen.model.base import LayoutBase
    from sheetgen.model.tables import Table


def _slug_name(file: Path, component: str) -> str:
    """The layout's `name` (its output files' middle word) from the file's name."""
    # imported here, not at the top, for start-up time
    from sheetgen.pipeline.output import slug

    return slug(file.stem).lower()[:40].strip("-") or f"my-{component}"


def _words(model: type[Table], key: str, works: tuple[float, float] | None = None) -> str:
    """What the model's field at a dotted key holds, in words, with its range, and `works`:
    the part of that range the rest of the layout allows, when narrower."""
    words = field_of(model, key)[1]
    bounds = bounds_of(model, key)
    said = f"{bounds[0]:.4g} to {bounds[1]:.4g}" if bounds else ""
    narrowed = f"with this layout's other values, {works[0]:.4g} to {works[1]:.4g}" if works else ""
    if said and said in words:
        return f"{words} ({narrowed})" if narrowed else words
    shown = "; ".join(filter(None, (said, narrowed)))
    return f"{words} ({shown})" if shown else words


def _value(model: LayoutBase, key: str) -> Any:
    """The built-in layout's value at a dotted key, as TOML writes it."""
    value: Any = model
    for part in key.split("."):
        value = getattr(value, part)
    return json.loads(json.dumps(value, default=list))


def _toml(value: Any) -> str:
    """A scalar, or a list of them, written as TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


def _commented(words: str, line: str) -> list[str]:
    """A line of TOML under the words that describe it."""
    wrapped = textwrap.wrap(
        words, 98, initial_indent="# ", subsequent_indent="# ", break_on_hyphens=False
    )  # a name or file name (scribbly-gum/kuringgai) stays on one line
    return [*wrapped, line]


# Each starter's working ranges, worked out ahead for its base layout as it stands (trying
# values as `check` would takes seconds a kind): written by `python -m sheetgen.layouts.starter`,
# and checked against ranges worked out anew by the slow tier of the tests.
RANGES = Path(__file__).with_name("starter_ranges.json")


def _working(
    kind: ComponentKind, base: LayoutBase, key: str, bounds: tuple[float, float]
) -> tuple[float, float] | None:
    """The part of `bounds` where `key` works with the rest of the kind's starting layout
    `base` (None: all of it): as worked out ahead where `base` is still the layout it was
    worked out for (its values' digest), else worked out now."""
    ahead = _ahead().get(f"{kind.key} {key}")
    if ahead is not None and ahead["base"] == _digest(base):
        works = ahead["works"]
        return (works[0], works[1]) if works else None
    return working_range(kind, kind.starter.layout, base, key, bounds)


@cache
def _ahead() -> dict[str, Any]:
    try:
        found: dict[str, Any] = json.loads(RANGES.read_text("utf-8"))
    except FileNotFoundError:
        return {}
    return found


def _digest(base: LayoutBase) -> str:
    """A layout's values, digested: a worked-out range holds for these values only."""
    values = json.dumps(base.model_dump(), sort_keys=True, default=list, ensure_ascii=False)
    return hashlib.sha256(values.encode("utf-8")).hexdigest()[:16]


def worked_out() -> dict[str, Any]:
    """Every kind's starter's working ranges, worked out now: what RANGES holds."""
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import all_kinds
    from sheetgen.layouts.read import load

    out: dict[str, Any] = {}
    for kind in all_kinds():
        base = load(kind.starter.layout).model
        for key in kind.starter.keys:
            bounds = bounds_of(kind.model, key)
            if bounds:
                works = working_range(kind, kind.starter.layout, base, key, bounds)
                out[f"{kind.key} {key}"] = {
                    "base": _digest(base),
                    "works": list(works) if works else None,
                }
    return out


def starter_text(kind: ComponentKind, base: LayoutBase, file: Path) -> str:
    """The starting layout of `kind` to be written to `file`: it extends the built-in layout
    `base`, the kind's starting point."""
    # imported here, not at the top, for start-up time
    from sheetgen.pipeline.output import output_name

    base_name, keys = kind.starter.layout, kind.starter.keys
    name = _slug_name(file, kind.component)
    if "margin" in kind.options:  # a kind that prints pages makes a PDF of them
        example = output_name(kind.game, name, kind.component, "pdf")
    else:  # screen images: a PNG and an SVG of each, named by the image, and a PDF of them all
        each = output_name(kind.game, name, kind.component, "png", "IMAGE")
        whole = output_name(kind.game, name, kind.component, "pdf")
        example = (
            f"{each.replace('IMAGE.png', '<image>.png')} and .svg, one per image "
            f"({whole} of them all)"
        )
    firsts = {
        "game": kind.game,
        "component": kind.component,
        "extends": base_name,
        "name": name,
        "description": f"My {kind.component}, started from {base_name}",
        "credit": base.credit,
    }
    lines = [
        f"# A {kind.key} layout: {kind.summary}.",
        f"# It starts from the built-in layout {base_name!r} (see 'extends'); every key not",
        "# written here is that layout's, and a key written here replaces its value.",
        "# Lengths are in millimetres (mm); the origin is the sheet's top-left corner, y down.",
        f"# 'sheetgen schema {kind.key}' lists every key this kind takes.",
        f"# Check it with 'sheetgen check {file}'; build it with 'sheetgen build {file}'.",
        "",
    ]
    said = {
        "game": f"this layout's game: leave as {_toml(kind.game)}",
        "component": f"what it makes, within the game: leave as {_toml(kind.component)}",
        "extends": f"the layout this one starts from; any layout of {kind.key}, by name or "
        "path, will do",
        "name": f"{_words(kind.model, 'name')}: {example}",
        "credit": f"{_words(kind.model, 'credit')} ({base_name}'s, as it stands)",
    }
    for key, value in firsts.items():
        lines += _commented(said.get(key) or _words(kind.model, key), f"{key} = {_toml(value)}")
    table = ""
    for key in sorted(keys, key=lambda k: "." in k):  # top-level keys before any table
        owner, _, leaf = key.rpartition(".")
        if owner != table:
            lines += ["", f"[{owner}]"]
            table = owner
        bounds = bounds_of(kind.model, key)
        works = bounds and _working(kind, base, key, bounds)
        lines += _commented(
            _words(kind.model, key, works or None), f"{leaf} = {_toml(_value(base, key))}"
        )
    return "\n".join(lines) + "\n"


def new_layout(kind_key: str, file: Path) -> str:
    """Write a starting layout of the kind `kind_key` to `file`, which must not exist; the
    message to print."""
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import kind_for, kinds, suggest
    from sheetgen.layouts.read import load
    from sheetgen.pipeline.output import create_new

    kind = kind_for(kind_key) if kind_key in kinds() else None
    if kind is None:
        game = kind_key.split("/")[0]
        own = [key for key in kinds() if key.split("/")[0] == game]  # a game's kinds alone
        alone = own and "/" not in kind_key
        hint = (
            f"{game}'s kinds: {', '.join(own)}" if alone else suggest(kind_key, own or [*kinds()])
        )
        raise UsageError(
            f"unknown component kind {kind_key!r} ({hint}); 'sheetgen list' shows the kinds"
        )
    if file.suffix != ".toml":
        raise UsageError(f"{file}: a layout file's name ends in .toml, e.g. {file.stem}.toml")
    if not file.parent.is_dir():
        raise UsageError(f"{file}: no folder {file.parent}; make it first, or name another")
    if os.path.lexists(file):
        raise SheetgenError(f"{file}: already exists; sheetgen new never replaces a file")
    base_name = kind.starter.layout
    text = starter_text(kind, load(base_name).model, file)
    create_new(file, text.encode("utf-8"))
    return f"wrote {file}: a {kind.key} layout starting from {base_name}"


if __name__ == "__main__":  # python -m sheetgen.layouts.starter: work RANGES out anew
    RANGES.write_text(json.dumps(worked_out(), indent=1, sort_keys=True) + "\n", "utf-8")
