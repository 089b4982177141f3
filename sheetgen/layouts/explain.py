"""A layout's validation errors (pydantic's) in a designer's words, one line each mistake: what
is wrong with the value written, the form its key takes (read from the kind's JSON schema:
type, unit, range, choices) and an example of it, at the line and column that writes it."""

from __future__ import annotations

import difflib
import functools
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sheetgen.errors import LayoutError
from sheetgen.layouts.keypath import Loc, key_path
from sheetgen.layouts.toml.positions import Position, positions, statements
from sheetgen.layouts.value_words import (
    and_list,
    example,
    form,
    got,
    pattern_words,
    rounded,
    toml_value,
    unit,
)

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError
    from pydantic_core import ErrorDetails

    from sheetgen.layouts.layers import Layer

Schema = dict[str, Any]
_RANGE = {
    "greater_than_equal": ("ge", "at least"),
    "greater_than": ("gt", "more than"),
    "less_than_equal": ("le", "at most"),
    "less_than": ("lt", "less than"),
}
_NOT_A = {  # pydantic's type errors: the form the value is not
    "int": "a whole number",
    "float": "a number",
    "string": "text",
    "bool": "true or false",
    "list": "a list",
    "tuple": "a list",
    "set": "a list",
    "dict": "a table",
    "model": "a table",
}


def layout_problems(
    errors: list[ErrorDetails],
    model: type[BaseModel],
    data: dict[str, Any],
    own: Layer,
    where: Callable[[Loc], tuple[str, Position | None]],
) -> list[tuple[Loc, LayoutError]]:
    """Every mistake pydantic found in a layout, once each, with the key path it is at: in
    the file `where` names for that path (`own`, the layout's own file, for a top-level key
    no file writes)."""
    said: dict[Loc, tuple[str, str]] = {}
    missing: set[Loc] = set()
    near: dict[Loc, Loc] = {}  # an unknown key and the known key it is closest to
    located = [(err, _in_data(data, err)) for err in errors]
    in_tuples = [_tuple_around(model, loc, data) for _, loc in located]
    left = 0  # the mistakes past MAX_PROBLEMS, counted, not said
    for (err, loc), tuple_at in zip(located, in_tuples, strict=True):
        if len(said) >= MAX_PROBLEMS and loc not in said:
            left += 1
            continue
        if tuple_at is not None and (loc == tuple_at or in_tuples.count(tuple_at) > 1):
            loc, words = tuple_at, _tuple_words(model, tuple_at, _get(data, tuple_at))
        elif err["type"] == "extra_forbidden":
            words, meant = _unknown(model, loc)
            near[loc] = (*loc[:-1], meant)
        elif err["type"] == "missing":
            words = _missing(model, loc, own.text)
            missing.add(loc)
        else:
            words = _wrong(model, loc, err)
        said.setdefault(loc, words)
    for loc, nearest in near.items():  # a misspelled key is one mistake, not two
        if nearest in missing and nearest in said:
            del said[nearest]
            said[loc] = said[loc][0], f"did you mean {nearest[-1]!r}? it is required and missing"
    out = []
    for loc, (problem, hint) in said.items():
        if loc in missing and len(loc) == 1:  # goes among the top-level keys
            file, at = own.shown, missing_at(own.text) if own.text else None
        else:
            file, at = where(loc)
        out.append((loc, LayoutError(file, key_path(loc), problem, hint, at)))
    if left:
        more = f"and {left:,} more mistake{'s' if left > 1 else ''}, not listed"
        out.append(((), LayoutError(own.shown, "", more, "mend those above and check again")))
    return out


MAX_PROBLEMS = 100  # the mistakes of one layout said in full (100,000 unknown keys took 31 s)


def every_error(
    exc: ValidationError, model: type[BaseModel], data: dict[str, Any]
) -> list[ErrorDetails]:
    """pydantic's errors, with those it leaves out: the items of a list too long (it says only
    that; they are validated here a part at a time) and the length of a list too short whose
    items are wrong too (it says only what is wrong with them)."""
    # imported here, not at the top, for start-up time
    from pydantic import ValidationError

    errors = list(exc.errors())
    out = list(errors)
    long: dict[Loc, int] = {}  # each list too long, and the most entries it may hold
    for err in errors:
        loc = _in_data(data, err)
        most = err.get("ctx", {}).get("max_length")
        if err["type"] == "too_long" and loc and most and isinstance(_get(data, loc), list):
            long[loc] = most
    for loc in list(long):  # a list inside another too long is read with that one's parts
        if any(loc[: len(other)] == other for other in long if other != loc):
            del long[loc]
    # the data with every list too long cut to its first part: a part of one list is read
    # with the others cut, so the parts cost as much as the entries, whatever their number
    short = data
    for loc, most in long.items():
        short = _with(short, loc, _get(data, loc)[:most])
    for loc, most in long.items():
        items = _get(data, loc)
        for start in range(0, len(items), most):
            part = _with(short, loc, items[start : start + most])
            try:
                model.model_validate_json(json.dumps(part, default=str), strict=True)
            except ValidationError as again:
                for found in again.errors():
                    at = _in_data(part, found)
                    if len(at) > len(loc) and at[: len(loc)] == loc:
                        index = at[len(loc)]
                        assert isinstance(index, int)
                        moved = (*loc, index + start, *at[len(loc) + 1 :])
                        out.append({**found, "loc": moved})
    return out + _too_short(model, data, out)


def _too_short(
    model: type[BaseModel], data: dict[str, Any], errors: list[ErrorDetails]
) -> list[ErrorDetails]:
    """A list with too few entries, when pydantic said only what is wrong with them."""
    out: dict[Loc, ErrorDetails] = {}
    for err in errors:
        loc = _in_data(data, err)
        for end in range(len(loc)):
            items = _get(data, loc[:end])
            least = schema_at(model, loc[:end]).get("minItems", 0)
            if isinstance(items, list) and len(items) < least:
                ctx = {"min_length": least, "actual_length": len(items)}
                most = schema_at(model, loc[:end]).get("maxItems")
                if most is not None:
                    ctx["max_length"] = most
                out[loc[:end]] = {
                    "type": "too_short",
                    "loc": loc[:end],
                    "msg": "",
                    "input": items,
                    "ctx": ctx,
                }
    said = {(e["type"], tuple(e["loc"])) for e in errors}
    return [e for loc, e in out.items() if ("too_short", loc) not in said]


def _in_data(data: Any, err: ErrorDetails) -> Loc:
    """The error's key path cut to the keys the layout data holds (pydantic adds the names of
    union members and validators), keeping a missing key's name."""
    loc: Loc = ()
    node = data
    for part in err["loc"]:
        held = isinstance(node, dict) and part in node
        if held or (isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)):
            node = node[part]
        elif isinstance(node, dict) and err["type"] == "missing":
            return (*loc, part)
        else:
            return loc
        loc = (*loc, part)
    return loc


def _with(data: Any, loc: Loc, value: Any) -> Any:
    """`data` with the value at `loc` replaced by `value`: the tables and lists on the way
    copied (one level each), everything else shared with `data`."""
    if not loc:
        return value
    copied = dict(data) if isinstance(data, dict) else list(data)
    copied[loc[0]] = _with(data[loc[0]], loc[1:], value)  # type: ignore[index]
    return copied


def _get(data: Any, loc: Loc) -> Any:
    for part in loc:
        data = data[part]
    return data


@functools.cache
def _root(model: type[BaseModel]) -> Schema:
    return model.model_json_schema()


def schema_at(model: type[BaseModel], loc: Loc) -> Schema:
    """The JSON schema of the value at `loc` (references followed, `None` options dropped;
    the field's own description and default kept); {} where the schema does not say."""
    root = _root(model)
    node = _plain(root, root)
    for part in loc:
        if isinstance(part, int):
            places = node.get("prefixItems", [])
            node = places[part] if part < len(places) else node.get("items", {})
        elif part in node.get("properties", {}):
            node = node["properties"][part]
        elif isinstance(node.get("additionalProperties"), dict):
            node = node["additionalProperties"]
        else:
            return {}
        node = _plain(root, node)
    return node


def _plain(root: Schema, node: Schema) -> Schema:
    """A schema node with its `$ref`, one-element `allOf` and `None` option resolved."""
    outer = {k: v for k, v in node.items() if k not in ("$ref", "allOf", "anyOf")}
    if "$ref" in node:
        target = root["$defs"][node["$ref"].rsplit("/", 1)[-1]]
        return {**_plain(root, target), **outer}
    either: list[Schema] = node.get("anyOf") or node.get("allOf") or []
    options = [o for o in either if o.get("type") != "null"]
    if len(options) == 1:
        return {**_plain(root, options[0]), **outer}
    return {**outer, "anyOf": options} if options else outer


def _wrong(model: type[BaseModel], loc: Loc, err: ErrorDetails) -> tuple[str, str]:
    """A wrong value: what is wrong with it, and how to write it instead."""
    kind, ctx, value = err["type"], err.get("ctx", {}), err.get("input")
    on_key = err["loc"][-1:] == ("[key]",)  # a table's key, not its value, is wrong
    schema = schema_at(model, loc[:-1]).get("propertyNames", {}) if on_key else {}
    schema = schema or schema_at(model, loc)
    key = str(loc[-1]) if loc and isinstance(loc[-1], str) else ""
    written = example(key, schema, value)
    if kind in _RANGE:
        bound, words = _RANGE[kind]
        at_least = bound in ("ge", "gt")
        return f"must be {words} {_bound(ctx[bound], at_least, unit(schema))}", f"got {got(value)}"
    if kind in ("string_too_long", "string_too_short"):
        return _length(ctx, len(value) if isinstance(value, str) else 0, "characters")
    if kind in ("too_long", "too_short"):
        return _length(ctx, ctx.get("actual_length", 0), "entries")
    ours = kind in ("value_error", "assertion_error")  # our checks' own words
    if kind in ("literal_error", "enum") or (on_key and not ours):
        return _choice(value, schema, ctx, written)
    if kind == "string_pattern_mismatch":
        what, how = pattern_words(str(ctx.get("pattern")))
        return f"{got(value)} is not {what}", f"{how}, e.g. {written}" if written else how
    if ours:
        message = err["msg"].split(", ", 1)[-1].rstrip(".")
        shown = got(value)
        plain = isinstance(value, str | int | float) and shown not in message
        return message, f"got {shown}" if plain else ""
    wanted = _NOT_A.get(kind.split("_")[0])
    if wanted is None:
        return f"{got(value)} is not {form(schema)}", _about(schema)
    how = "it in quotes" if wanted == "text" else form(schema)
    if isinstance(value, str) and _unquoted(value) and wanted in ("a number", "a whole number"):
        how = f"{wanted} without quotes"
    for_example = f", e.g. {written}" if written else ""
    return f"{got(value)} is not {wanted}", f"write {how}{for_example}"


def _bound(value: Any, up: bool, unit: str) -> str:
    """A range's end as a designer reads it: to two decimals at most, rounded to the side that
    keeps it inside the range, a text size also in points where it is a whole number of them."""
    points = value * 72 / 25.4
    whole = isinstance(value, float) and not value.is_integer() and unit == " mm"
    pt = f" ({round(points)} pt)" if whole and abs(points - round(points)) < 1e-6 else ""
    return f"{rounded(value, up)}{unit}{pt}"


def _unquoted(text: str) -> bool:
    """Whether `text` would be a number written without its quotes."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def _length(ctx: dict[str, Any], actual: int, nouns: str) -> tuple[str, str]:
    """A text or a list too long or too short."""
    least, most = ctx.get("min_length"), ctx.get("max_length")
    verb = "be" if nouns == "characters" else "hold"
    if least is not None and most is not None and least == most:
        return f"must {verb} exactly {least} {nouns}", f"got {actual}"
    if most is not None and actual > most:
        return f"must {verb} at most {most} {nouns}", f"got {actual}"
    if least == 1:
        return "must not be empty", ""
    return f"must {verb} at least {least} {nouns}", f"got {actual}"


def _choice(value: Any, schema: Schema, ctx: dict[str, Any], written: str) -> tuple[str, str]:
    """A value that is not one of the few a key takes."""
    choices = schema.get("enum") or ([schema["const"]] if "const" in schema else [])
    if not choices:
        return f"{got(value)} is not one of {ctx.get('expected', 'the values it takes')}", ""
    listed = ", ".join(toml_value(c) for c in choices)
    close = difflib.get_close_matches(str(value), [str(c) for c in choices], n=1, cutoff=0.6)
    hint = f"did you mean {toml_value(close[0])}?" if close else f"e.g. {written}"
    return f"{got(value)} is not one of {listed}", hint


def _about(schema: Schema) -> str:
    said = schema.get("description", "")
    return f"it is {said}" if said else ""


def _tuple_around(model: type[BaseModel], loc: Loc, data: Any) -> Loc | None:
    """The key path of the fixed-length list ([x, y]) written in `data` that holds `loc`."""
    for end in range(len(loc), 0, -1):
        if "prefixItems" in schema_at(model, loc[:end]):
            try:
                _get(data, loc[:end])
            except (KeyError, IndexError, TypeError):
                return None  # not written: a missing key, not a wrong list
            return loc[:end]
    return None


def _tuple_words(model: type[BaseModel], loc: Loc, value: Any) -> tuple[str, str]:
    """A fixed-length list ([x, y]) written wrong, in any of its places or its length: one
    mistake, said once."""
    schema = schema_at(model, loc)
    key = str(loc[-1]) if isinstance(loc[-1], str) else ""
    return f"{got(value)} is not {form(schema)}", f"e.g. {example(key, schema)}"


def _unknown(model: type[BaseModel], loc: Loc) -> tuple[tuple[str, str], str]:
    """A key the table does not take, and the known key nearest it ('' when none is near)."""
    known = list(schema_at(model, loc[:-1]).get("properties", {}))
    close = difflib.get_close_matches(str(loc[-1]), known, n=1, cutoff=0.6)
    if close:
        return (f"unknown key {loc[-1]!r}", f"did you mean {close[0]!r}?"), close[0]
    return (f"unknown key {loc[-1]!r}", "expected one of: " + ", ".join(sorted(known))), ""


def _missing(model: type[BaseModel], loc: Loc, text: str) -> tuple[str, str]:
    """A required key not written: what to add (and, at the top level of a layout that
    extends nothing, the built-in layout it could start from)."""
    schema = schema_at(model, loc)
    key = str(loc[-1])
    header = ".".join(str(p) for p in loc if isinstance(p, str))
    item = schema_at(model, (*loc, 0)) if schema.get("type") == "array" else {}
    if "properties" in item:
        needs = and_list(item.get("required", []))
        hint = f"add [[{header}]] tables" + (f", each with {needs}" if needs else "")
    elif "properties" in schema:
        needs = and_list(schema.get("required", []))
        hint = f"add a [{header}] table" + (f" with {needs}" if needs else "")
    else:
        hint = _add(key, schema, model, loc)
    if len(loc) == 1 and ("extends",) not in positions(text):
        start = _builtin_of(model)
        if start:
            hint += f"; or start from a built-in layout with extends = {json.dumps(start)}"
    return "missing required key", hint


def missing_at(text: str) -> Position:
    """Where a missing top-level key would go: the line after the last top-level key (top-level
    keys come before the first [table]), or line 1 when there is none."""
    last = 0
    for statement in statements(text):
        if statement.how != "value":
            break
        last = statement.end[0]
    return min(last + 1, text.count("\n") + 1), 1


_OWN = {("name",), ("description",), ("title",)}  # each layout's own: no other's is an example


def _add(key: str, schema: Schema, model: type[BaseModel], loc: Loc) -> str:
    """What to write for a key not written: its value in the built-in layout `sheetgen new`
    starts from (a value the kind's rules take), else the form it takes."""
    if loc in _OWN:
        written = example(key, schema)
        return f"add {written}" if written else f"add {key}, {form(schema)}"
    start = _builtin_of(model)
    value: Any = _builtin_data(start) if start else None
    for part in loc:
        if isinstance(part, int) and isinstance(value, list) and value:
            part = min(part, len(value) - 1)  # the nth table of an array: the built-in's own
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            value = None
            break
    written = toml_value(value) if value is not None and not isinstance(value, dict) else ""
    if written and len(written) <= 40:
        return f"add {key} = {written}"
    return f"add {key}, {form(schema)}" + (f", as {start} does" if written else "")


@functools.cache
def _builtin_data(name: str) -> dict[str, Any]:
    """A built-in layout's data, its `extends` chain merged in."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.find import builtin_layouts
    from sheetgen.layouts.layers import read_chain

    return read_chain(builtin_layouts()[name], name)[0]


@functools.cache
def _builtin_of(model: type[BaseModel]) -> str:
    """The built-in layout `sheetgen new` starts a layout of the kind `model` validates from."""
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import kinds

    table = getattr(model, "__table__", model)  # the layout model pydantic's mirrors
    kind = next((kind for kind in kinds().values() if kind.model is table), None)
    return kind.starter.layout if kind else ""
