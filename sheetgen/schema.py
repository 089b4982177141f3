"""The JSON Schema of a component kind's layout files (draft 2020-12), as `sheetgen schema`
prints it for editors: every key described, and the keys a layout must give required only
when it has no `extends` (a layout that extends another takes the rest from it, its tables
merged key by key; an array it gives replaces the other's whole, so array items stay complete).
"""

from __future__ import annotations

from typing import Any

from sheetgen import __version__
from sheetgen.registry import ComponentKind, LayoutBase

DIALECT = "https://json-schema.org/draft/2020-12/schema"
PARTIAL = "-in-an-extending-layout"  # the name ending of a table's definition without required keys

Node = dict[str, Any]


def schema_id(kind: ComponentKind) -> str:
    """The schema's `$id`: a name for it, with the version of sheetgen that wrote it."""
    return f"urn:sheetgen:{__version__}:schema:{kind.game}:{kind.component}"


def layout_schema(kind: ComponentKind) -> Node:
    """The JSON Schema of `kind`'s layout files."""
    made = kind.model.model_json_schema()
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
    schema: Node = {
        "$schema": DIALECT,
        "$id": schema_id(kind),
        "title": f"sheetgen layout: {kind.key}",
        "description": f"A {kind.key} layout file: {kind.summary}",
    }
    schema |= {k: v for k, v in partial.items() if k not in ("title", "description")}
    schema["if"] = {"required": ["extends"]}
    schema["else"] = {"$ref": f"#/$defs/{root}"}
    schema["$defs"] = defs
    return schema


def _say_range(prop: Node) -> None:
    """Add a number's range to its description (as editors show the description alone)."""
    bounds: Node = next(
        (o for o in [prop, *prop.get("anyOf", [])] if "minimum" in o or "maximum" in o), {}
    )
    low, high = bounds.get("minimum"), bounds.get("maximum")
    if low is None and high is None:
        return
    said = (
        f"{low:g} to {high:g}"
        if low is not None and high is not None
        else f"at least {low:g}"
        if low is not None
        else f"at most {high:g}"
    )
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
