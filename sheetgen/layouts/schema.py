"""The JSON Schema of a component kind's layout files (draft 2020-12), as `sheetgen schema`
prints it for editors: every key described, and the keys a layout must give required only
when it has no `extends` (a layout that extends another takes the rest from it, its tables
merged key by key; an array it gives replaces the other's whole, so array items stay complete).
"""

from __future__ import annotations

import json
import re
from typing import Any

from sheetgen import __version__
from sheetgen.kinds import ComponentKind
from sheetgen.layouts.read import load
from sheetgen.model.base import LayoutBase
from sheetgen.model.pydantic_twin import mirror

DIALECT = "https://json-schema.org/draft/2020-12/schema"
PARTIAL = "-in-an-extending-layout"  # the name ending of a table's definition without required keys

Node = dict[str, Any]


def schema_id(kind: ComponentKind) -> str:
    """The schema's `$id`: a name for it, with the version of sheetgen that wrote it."""
    return f"urn:sheetgen:{__version__}:schema:{kind.game}:{kind.component}"


def layout_schema(kind: ComponentKind) -> Node:
    """The JSON Schema of `kind`'s layout files."""
    made = mirror(kind.model).model_json_schema()  # as pydantic writes it
    defs: dict[str, Node] = made.pop("$defs", {})
    properties: dict[str, Node] = made.get("properties", {})
    for name, field in LayoutBase.model_fields.items():  # a kind narrows `game` to one value
        if name in properties and not properties[name].get("description") and field.description:
            properties[name]["description"] = field.description
    root = kind.model.__name__
    defs[root] = made
    for table in defs.values():
        for prop in table.get("properties", {}).values():
            _say_range(prop)
    partial = _partial(made, defs, {})
    base_name = kind.starter.layout
    _as_started(partial, load(base_name).model.model_dump(mode="json"), defs, "")
    schema: Node = {
        "$schema": DIALECT,
        "$id": schema_id(kind),
        "title": f"sheetgen layout: {kind.key}",
        "description": f"A {kind.key} layout file: {kind.summary}. A key's default is its value "
        f"in {base_name}, the built-in layout 'sheetgen new {kind.key}' starts from (a layout "
        "that extends another gets that one's values; one that extends none, sheetgen's own, "
        f"given in the definition {root})",
    }
    schema |= {k: v for k, v in partial.items() if k not in ("title", "description")}
    schema["if"] = {"required": ["extends"]}
    schema["else"] = {"$ref": f"#/$defs/{root}"}
    schema["$defs"] = _used(schema, defs)
    return schema


def _used(schema: Node, defs: dict[str, Node]) -> dict[str, Node]:
    """The definitions `schema` refers to, itself or through another it refers to."""
    found: set[str] = set()
    todo = [json.dumps({k: v for k, v in schema.items() if k != "$defs"})]
    while todo:
        for name in re.findall(r'"#/\$defs/([^"]+)"', todo.pop()):
            if name not in found:
                found.add(name)
                todo.append(json.dumps(defs[name]))
    return {name: node for name, node in defs.items() if name in found}


def _as_started(table: Node, values: Node, defs: dict[str, Node], path: str) -> None:
    """Give each key of an extending layout's `table` (at dotted `path`) the default it truly
    has: its value in the built-in layout `values`, which it extends. A table within it gets a
    definition of its own, its keys' defaults likewise. An array of tables, a free table (of
    names) and a key each file gives its own (`name`, `extends`, `description`) show none; an
    array item's keys keep the model's (an item left short gets those)."""
    for key, prop in table.get("properties", {}).items():
        value = values.get(key)
        where = f"{path}.{key}".lstrip(".")
        ref = next((o["$ref"] for o in [prop, *prop.get("anyOf", [])] if "$ref" in o), None)
        inner = defs[ref.rsplit("/", 1)[-1]] if ref else {}
        if "properties" in inner and isinstance(value, dict):
            copy = f"{ref.rsplit('/', 1)[-1] if ref else ''}-at-{where}"
            defs[copy] = json.loads(json.dumps(inner))
            _as_started(defs[copy], value, defs, where)
            _repoint(prop, ref or "", f"#/$defs/{copy}")
            prop.pop("default", None)
        elif key in ("name", "extends", "description") or _holds_tables(prop, defs):
            prop.pop("default", None)
        else:
            prop["default"] = value


def _repoint(prop: Node, old: str, new: str) -> None:
    """`prop`'s reference to `old` (itself or one of its anyOf options) made to `new`."""
    for option in [prop, *prop.get("anyOf", [])]:
        if option.get("$ref") == old:
            option["$ref"] = new


def _holds_tables(prop: Node, defs: dict[str, Node]) -> bool:
    """Whether `prop` is an array of tables or a table of free keys (a default would be the
    whole of it)."""
    for option in [prop, *prop.get("anyOf", [])]:
        items = option.get("items", {})
        if "$ref" in items or "additionalProperties" in option or option.get("type") == "object":
            return True
    return False


def _say_range(prop: Node) -> None:
    """Add a number's range to its description (as editors show the description alone)."""
    bounds: Node = next(
        (o for o in [prop, *prop.get("anyOf", [])] if "minimum" in o or "maximum" in o), {}
    )
    low, high = bounds.get("minimum"), bounds.get("maximum")
    if low is None and high is None:
        return
    said = (  # in the figures `sheetgen new` and the descriptions use: 2.117, not 2.11667
        f"{low:.4g} to {high:.4g}"
        if low is not None and high is not None
        else f"at least {low:.4g}"
        if low is not None
        else f"at most {high:.4g}"
    )
    if said not in prop.get("description", ""):  # unless the description says it already
        prop["description"] = f"{prop.get('description', '')}; {said}".lstrip("; ")


def _partial(node: Node, defs: dict[str, Node], done: dict[str, str]) -> Node:
    """`node` with no table (nor a table within it) requiring a key: a table of an extending
    layout is merged into the other's, so it gives only what it changes. Array items are left
    whole. A definition so changed is added to `defs` under a name of its own."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if name not in done:
            done[name] = name  # a table that holds itself keeps its own name meanwhile
            changed = _partial(defs[name], defs, done)
            if changed != defs[name]:
                done[name] = name + PARTIAL
                defs[name + PARTIAL] = changed
        return {**node, "$ref": f"#/$defs/{done[name]}"}
    out = {k: v for k, v in node.items() if k != "required"}
    if "properties" in node:
        out["properties"] = {k: _partial(v, defs, done) for k, v in node["properties"].items()}
    if "anyOf" in node:
        out["anyOf"] = [_partial(option, defs, done) for option in node["anyOf"]]
    if isinstance(node.get("additionalProperties"), dict):
        out["additionalProperties"] = _partial(node["additionalProperties"], defs, done)
    return out
