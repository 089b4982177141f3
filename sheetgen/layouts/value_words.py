"""Values in a designer's words: a value as a layout writes it (TOML, never a Python repr), the
form a key's JSON schema asks for ("a number of millimetres from 8 to 25"), an example line of
it, and what each text pattern a layout key must match means."""

from __future__ import annotations

import math
import re
from typing import Any

Schema = dict[str, Any]

# each pattern a layout's text must match: what it is and how to write one, and an example
_PATTERNS: dict[str, tuple[str, str, str]] = {
    r"^[a-z0-9][a-z0-9-]{0,39}$": (
        "a file-name word",
        "use lower-case letters, digits and hyphens, up to 40",
        "my-layout",
    ),
    r"^[a-z0-9-]{1,30}$": (
        "a tile name",
        "use lower-case letters, digits and hyphens, up to 30",
        "my-tile",
    ),
    r"^[a-z][a-z0-9_-]{0,39}$": (
        "an icon's name",
        "use lower-case letters, digits, - and _, starting with a letter, up to 40",
        "coin",
    ),
    r"^#[0-9a-fA-F]{6}$": ("a colour", "write #rrggbb", "#c0392b"),
    r"^[gs]{4}$": (
        "four corners",
        "write g (grass) or s (sand) for each of NW, NE, SE and SW",
        "ggss",
    ),
    r"^[A-Z]$": ("a capital letter", "write one letter, A to Z", "A"),
    r"^[A-Z]*$": ("capital letters", "write letters A to Z only", "QI"),
    r"^[A-Za-z0-9_]{1,12}$": ("an id", "use letters, digits and _, up to 12", "a1"),
    r"^(beast:[NESW]|patch:(NW|NE|SE|SW))$": (
        "a feature",
        'write "beast:" and an edge N, E, S or W, or "patch:" and a corner NW, NE, SE or SW',
        "beast:E",
    ),
}
_SLUG = {  # patterns whose example is best made from what was written
    r"^[a-z0-9][a-z0-9-]{0,39}$": (40, "-"),
    r"^[a-z0-9-]{1,30}$": (30, "-"),
    r"^[A-Za-z0-9_]{1,12}$": (12, "_"),
}


def toml_value(value: Any) -> str:
    """A value as a layout writes it: `13`, `2.5`, `"text"`, `true`, `[1, 2]`, `{ a = 1 }`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        # imported here, not at the top, for start-up time: only a message needs it
        from json import dumps

        return dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    return "nothing"


def rounded(value: Any, up: bool) -> str:
    """A range's end as a designer reads it: to two decimals at most, rounded up (`up`) or
    down to the side that keeps it inside the range."""
    if not isinstance(value, float) or round(value, 2) == value:
        return toml_value(value)
    return toml_value((math.ceil if up else math.floor)(value * 100) / 100)


def got(value: Any) -> str:
    """A value a designer wrote, shown in a message: text in quotes (cut when long), a number
    (a huge one by its digits), a short list as written, 'a table' or 'a list of N entries'."""
    if isinstance(value, str):
        return repr(value if len(value) <= 30 else value[:27] + "…")
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return f"a whole number of {len(str(abs(value)))} digits"
    written = toml_value(value)
    if isinstance(value, list) and len(written) > 30:
        return f"a list of {len(value)} entries"
    return written


def unit(schema: Schema) -> str:
    """' pt', ' mm' or ' px' where the key's description gives its unit (a size in points
    says so first, and how many mm a point is after), else ''."""
    said = schema.get("description", "")
    if re.search(r"\bin points\b", said):
        return " pt"
    if re.search(r"\bmm\b|millimet", said):
        return " mm"
    if re.search(r"\bpx\b|pixels", said):
        return " px"
    return ""


def pattern_words(pattern: str) -> tuple[str, str]:
    """What text matching `pattern` is, and how to write it."""
    what, how, _ = _PATTERNS.get(pattern, ("in the form this key takes", "see its description", ""))
    return what, how


def form(schema: Schema) -> str:
    """The form a key's value takes, in words: 'a number of millimetres from 8 to 25'."""
    kind = schema.get("type")
    if "enum" in schema or "const" in schema:
        return "one of " + ", ".join(map(toml_value, schema.get("enum", [schema.get("const")])))
    if "pattern" in schema:
        return pattern_words(schema["pattern"])[0]
    if kind in ("integer", "number"):
        noun = "a whole number" if kind == "integer" else "a number"
        per = {" mm": " of millimetres", " px": " of pixels", " pt": " of points", "": ""}[
            unit(schema)
        ]
        low, high = schema.get("minimum"), schema.get("maximum")
        span = (
            f" from {rounded(low, True)} to {rounded(high, False)}"
            if None not in (low, high)
            else ""
        )
        return noun + per + span
    if kind == "array" and "prefixItems" in schema:
        places = schema["prefixItems"]
        each = "whole numbers" if all(p.get("type") == "integer" for p in places) else "values"
        return f"{len(places)} {each} in [ ]"
    if kind == "object" and "properties" in schema:
        needs = schema.get("required", [])
        return f"a table with {and_list(needs)}" if needs else "a table of keys"
    return {
        "string": "text in quotes",
        "boolean": "true or false",
        "array": "a list in [ ]",
        "object": "a table",
    }.get(str(kind), " or ".join(form(option) for option in schema.get("anyOf", [])) or "a value")


def and_list(words: list[str]) -> str:
    """`a, b and c`."""
    return ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else "".join(words)


def example(key: str, schema: Schema, wrote: Any = None) -> str:
    """An example of the key written right (`cell = 13`; the value alone when `key` is ''), or
    '' when there is no short one; `wrote`, the wrong value, to base a name on."""
    value = _example_value(schema, wrote)
    if value is None:
        return ""
    return f"{key} = {toml_value(value)}" if key else toml_value(value)


def _example_value(schema: Schema, wrote: Any) -> Any:
    kind = schema.get("type")
    pattern = schema.get("pattern")
    if pattern in _SLUG and isinstance(wrote, str):
        most, joiner = _SLUG[pattern]
        word = re.sub(r"[^a-z0-9]+" if joiner == "-" else r"\W+", joiner, wrote.lower())
        if word.strip(joiner):
            return word.strip(joiner)[:most]
    for said in (schema.get("examples", [None])[0], schema.get("default")):
        if said not in (None, "", [], {}) and not isinstance(said, dict):
            return said
    if "enum" in schema or "const" in schema:
        return schema.get("enum", [schema.get("const")])[0]
    if pattern is not None:
        return _PATTERNS.get(pattern, ("", "", None))[2]
    if kind in ("integer", "number"):
        low = float(next((schema[k] for k in ("minimum", "exclusiveMinimum") if k in schema), 0))
        return max(low, 1) if schema.get("maximum", 1) >= 1 else low
    if kind == "array":
        places = [_example_value(p, None) for p in schema.get("prefixItems", [])]
        item = _example_value(schema.get("items", {}), None) if not places else None
        found = places or ([item] if item is not None else [])
        return found if found and None not in found else None
    return True if kind == "boolean" else None
