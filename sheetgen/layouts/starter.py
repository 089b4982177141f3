"""`sheetgen new KIND FILE`: a commented starting layout of a component kind, valid as written.

A starting layout `extends` a built-in layout of its kind and repeats, with their built-in
values, every key a designer may change (the kind's first keys first; the printed words,
`labels`, left to `sheetgen schema`); each key carries a comment saying what it holds, its unit
and its range, read from the kind's model.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import textwrap
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sheetgen.errors import SheetgenError, UsageError
from sheetgen.pipeline.ranges import bounds_of, field_of
from sheetgen.pipeline.working_range import working_range
from sheetgen.text.printable import unprintable

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
    """The built-in layout's value at a dotted key, as plain data (lists for tuples), each
    table in a list with only the keys it sets away from their defaults (a list of items
    reads as what each item is, not as every key each could take)."""
    found: Any = model
    for part in key.split("."):
        found = None if found is None else getattr(found, part)
    return _set(found)


def _set(value: Any) -> Any:
    """`value` as plain data; a table in a list by its keys that differ from their default."""
    # imported here, not at the top, for start-up time
    from sheetgen.model.tables import Table

    if isinstance(value, (list, tuple)):
        return [_set(v) if not isinstance(v, Table) else _changed(v) for v in value]
    if isinstance(value, Table):
        return {k: _set(getattr(value, k)) for k in type(value).model_fields}
    return value


def _changed(table: Any) -> dict[str, Any]:
    out = {}
    for key, field in type(table).model_fields.items():
        value = getattr(table, key)
        if field.is_required() or value != field.get_default():
            out[key] = _set(value)
    return out


BARE = re.compile(r"[A-Za-z0-9_-]+")
WIDTH = 98  # the widest line a starter writes where it can choose


def _toml(value: Any) -> str:
    """A value written as TOML on one line: a table as an inline table (its unset keys left
    out), a list as an array."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        pairs = [f"{_key(k)} = {_toml(v)}" for k, v in value.items() if v is not None]
        return "{ " + ", ".join(pairs) + " }" if pairs else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


def _key(key: str) -> str:
    return key if BARE.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def _assignment(leaf: str, value: Any) -> list[str]:
    """`leaf = value` as TOML, a long array one item a line (a list of tables always)."""
    line = f"{_key(leaf)} = {_toml(value)}"
    if not isinstance(value, list) or not value:
        return [line]
    if len(line) <= WIDTH and not isinstance(value[0], dict):
        return [line]
    return [f"{_key(leaf)} = [", *(f"  {_toml(v)}," for v in value), "]"]


# the keys a starter leaves out: its own first ones, and the words printed on the sheets
KEPT = ("game", "component", "name", "extends", "description", "credit", "labels")


def starter_keys(kind: ComponentKind) -> tuple[str, ...]:
    """Every key a designer may change, in the order a new layout shows them: the kind's
    first keys (its Starter's), then every other key of its model, a table's by dotted key.
    The words printed on the sheets (`labels`) are left to 'sheetgen schema', which lists
    them."""
    first = kind.starter.keys
    rest = [k for k in _model_keys(kind.model) if k not in first and k.split(".")[0] not in KEPT]
    return (*first, *rest)


def _model_keys(model: type[Table], prefix: str = "") -> list[str]:
    """The dotted keys of a model: a field holding a table (always one) by its own keys."""
    # imported here, not at the top, for start-up time
    from sheetgen.model.tables import table_type

    out: list[str] = []
    for key, field in model.model_fields.items():
        inner = table_type(field.annotation)  # an optional table (Face | None) is a table too
        if inner is not None:
            out += _model_keys(inner, f"{prefix}{key}.")
        else:
            out.append(prefix + key)
    return out


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
        for key in starter_keys(kind):
            bounds = bounds_of(kind.model, key)
            if bounds:
                works = working_range(kind, kind.starter.layout, base, key, bounds)
                out[f"{kind.key} {key}"] = {
                    "base": _digest(base),
                    "works": list(works) if works else None,
                }
    return out


def starter_text(
    kind: ComponentKind, base: LayoutBase, file: Path, sample: str | None = None
) -> str:
    """The starting layout of `kind` to be written to `file`: it extends the built-in layout
    `base`, the kind's starting point; `sample`, the data file written beside it."""
    # imported here, not at the top, for start-up time
    from sheetgen.pipeline.output import output_name

    base_name, keys = kind.starter.layout, starter_keys(kind)
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
        "# Lengths are in millimetres (mm); the origin is the top-left corner of what the key",
        "# places things on (a sheet, a piece), y down.",
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
    lines += [
        "",
        "# Every key you may change, with its built-in value: change a value, or leave out the",
        "# keys you keep. The words printed on the sheets are [labels] ('sheetgen schema "
        f"{kind.key}').",
        "",
    ]
    shown = _shown_keys(base, keys)
    values: dict[str, Any] = {
        key: sample if key == "data" and sample else _value(base, key) for key in shown
    }
    owners = list(dict.fromkeys(["", *(k.rpartition(".")[0] for k in shown)]))

    def order(key: str) -> tuple[int, bool]:  # top-level first; in a table, lists of tables last
        return owners.index(key.rpartition(".")[0]), _tables(values[key])

    table = ""
    for key in sorted(shown, key=order):
        owner, _, leaf = key.rpartition(".")
        if owner != table:
            lines += ["", f"[{owner}]"]
            table = owner
        value = values[key]
        bounds = bounds_of(kind.model, key)
        works = bounds and _working(kind, base, key, bounds)
        words = _words(kind.model, key, works or None)
        if value is None:  # unset in the built-in layout: TOML has no value for none
            lines += [*_commented(words, "")[:-1], f"# {leaf} = ... (not set in {base_name})"]
            continue
        if _tables(value):  # a list of tables: each its own [[table]], its keys indented
            lines += _commented(words, "")[:-1]
            for item in value:
                lines += [f"[[{key}]]", *(f"  {_key(k)} = {_toml(v)}" for k, v in item.items())]
            table = key  # what follows is in the last item: only another table's keys follow
            continue
        lines += _commented(words, "")[:-1] + _assignment(leaf, value)
    return "\n".join(lines) + "\n"


def _tables(value: Any) -> bool:
    """Whether a value is a list of tables too wide for a line each: written as [[tables]],
    as a TOML inline table cannot be broken over lines."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(v, dict) for v in value)
        and any(len(_toml(v)) > WIDTH - 4 for v in value)
    )


def _shown_keys(base: LayoutBase, keys: tuple[str, ...]) -> list[str]:
    """`keys`, those of an optional table the built-in layout leaves out (Marram's Fly) as the
    table's one key: a starter cannot show a value for each key of a table that is not there."""
    out: list[str] = []
    for key in keys:
        owner = key.rpartition(".")[0]
        if owner and _value(base, owner) is None:
            if owner not in out:
                out.append(owner)
            continue
        out.append(key)
    return out


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
        example = file.stem or "club"
        raise UsageError(f"{file}: a layout file's name ends in .toml, e.g. {example}.toml")
    # the name is written into the layout's comments: a line break there would write a key
    name = str(file)
    if any(0xDC80 <= ord(char) <= 0xDCFF for char in name):  # how Python keeps bad bytes
        strange: str | None = "bytes that are not UTF-8"
    else:
        strange = unprintable(name)
    if strange:
        shown = name.encode("unicode_escape").decode("ascii")  # one line, whatever it holds
        raise UsageError(f"{shown}: a layout file's name holds {strange}; use printable letters")
    if not file.parent.is_dir():
        raise UsageError(f"{file}: no folder {file.parent}; make it first, or name another")
    if os.path.lexists(file):
        raise SheetgenError(f"{file}: already exists; sheetgen new never replaces a file")
    base_name = kind.starter.layout
    base = load(base_name).model
    sample = file.with_suffix(Path(kind.starter.sample).suffix) if kind.starter.sample else None
    if sample is not None and os.path.lexists(sample):
        raise SheetgenError(
            f"{sample}: already exists; sheetgen new writes its sample data there and never "
            "replaces a file (name the layout another way)"
        )
    text = starter_text(kind, base, file, sample.name if sample else None)
    create_new(file, text.encode("utf-8"))
    if sample is None:
        return f"wrote {file}: a {kind.key} layout starting from {base_name}"
    folder = base.folder_of("data")
    assert folder is not None  # a built-in layout, read from its file
    create_new(sample, (folder / kind.starter.sample).read_bytes())
    return (
        f"wrote {file}: a {kind.key} layout starting from {base_name}, and {sample}, its "
        "sample data: one piece a row"
    )


if __name__ == "__main__":  # python -m sheetgen.layouts.starter: work RANGES out anew
    RANGES.write_text(json.dumps(worked_out(), indent=1, sort_keys=True) + "\n", "utf-8")
