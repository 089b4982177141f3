"""Layout files: TOML read, `extends` merged, validated against the kind's pydantic model.

Every failure is a `LayoutError` naming the file, the key path (and its line where it can be
found) and what would be right.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from sheetgen.errors import LayoutError, SheetgenError
from sheetgen.files import ReadRefused, read_limited
from sheetgen.resources import resource_dir

if TYPE_CHECKING:  # imported where used: 'sheetgen list' reads layouts without their models
    from pydantic import ValidationError

    from sheetgen.registry import ComponentKind, LayoutBase

MAX_LAYOUT_BYTES = 1_000_000
_TOML_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


@dataclass(frozen=True)
class Loaded:
    """A validated layout: where it came from, its kind, and its model."""

    source: str
    kind: ComponentKind
    model: LayoutBase


def builtin_layouts() -> dict[str, Path]:
    """The layouts shipped with sheetgen, by `game/name`."""
    root = resource_dir("layouts")
    return {f"{p.parent.name}/{p.stem}": p for p in sorted(root.glob("*/*.toml"))}


def resolve(ref: str) -> tuple[Path, str]:
    """A layout argument (a path or a built-in `game/name`) as a file and the name to show."""
    builtin = builtin_layouts()
    if ref in builtin:
        return builtin[ref], ref
    if not ref or "\x00" in ref or len(ref) > 4096:
        raise LayoutError(
            repr(ref), "", "is not a layout path or built-in name", "see 'sheetgen list'"
        )
    path = Path(ref)
    if path.exists() or ref.endswith(".toml") or "/" not in ref:
        return path, ref
    from sheetgen.registry import suggest

    hint = suggest(ref, list(builtin))
    raise LayoutError(ref, "", "no such layout file or built-in layout", hint)


def _read_text(path: Path, shown: str) -> str:
    try:
        data = read_limited(path, MAX_LAYOUT_BYTES)
    except FileNotFoundError:
        raise LayoutError(
            shown,
            "",
            "no such file",
            "give a path to a .toml file or a built-in name from 'sheetgen list'",
        ) from None
    except ReadRefused as exc:
        problem = f"{exc} for a layout" if exc.too_long else f"{exc}, not a layout file"
        raise LayoutError(
            shown, "", problem, "give a .toml file of at most 1,000,000 bytes"
        ) from None
    except OSError as exc:
        raise LayoutError(shown, "", f"cannot be read ({exc.strerror})") from None
    if not data.strip():
        raise LayoutError(shown, "", "is empty", "a layout needs game, component and name keys")
    try:
        return data.decode("utf-8-sig")  # a byte order mark (Notepad's) is no part of the text
    except UnicodeDecodeError as exc:
        raise LayoutError(
            shown,
            "",
            f"is not UTF-8 text (bad byte at offset {exc.start})",
            "save the layout as UTF-8 TOML",
        ) from None


def _parse(text: str, shown: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise LayoutError(
            shown, "", "is nested too deeply to read", "a layout nests a few tables deep at most"
        ) from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        where = _TOML_WHERE.search(message)
        problem = _TOML_WHERE.sub("", message)
        line = f"line {where[1]}, column {where[2]}" if where else ""
        raise LayoutError(
            shown, line, f"TOML syntax error: {problem}", "see https://toml.io for the syntax"
        ) from None


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _raw(path: Path, shown: str, seen: tuple[str, ...] = ()) -> tuple[dict[str, Any], str]:
    """The layout's data with its `extends` chain merged in, and its own text (for lines)."""
    text = _read_text(path, shown)
    data = _parse(text, shown)
    parent = data.get("extends")
    if parent is None:
        return data, text
    builtin = builtin_layouts()
    if not isinstance(parent, str) or parent not in builtin:
        from sheetgen.registry import suggest

        hint = suggest(str(parent), list(builtin))
        raise LayoutError(
            shown,
            _at("extends", text, ("extends",)),
            f"extends {parent!r}, which is not a built-in layout",
            hint,
        )
    if parent in seen:
        raise LayoutError(shown, "extends", f"extends {parent!r} in a loop", "break the cycle")
    base, _ = _raw(builtin[parent], parent, (*seen, parent))
    merged = _merge(base, data)
    merged.pop("extends", None)
    return merged, text


def _key_path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _line_of(text: str, loc: tuple[int | str, ...]) -> int | None:
    """The line of the deepest key in `loc` found in order in the text, if any."""
    pos, line = 0, None
    for part in loc:
        if not isinstance(part, str):
            continue
        pattern = re.compile(
            rf"^[ \t]*\[*[ \t]*(?:[\w.-]+\.)?{re.escape(part)}[ \t]*(?:=|\]|\.)", re.MULTILINE
        )
        match = pattern.search(text, pos)
        if match is None:
            break
        pos = match.end()
        line = text.count("\n", 0, match.start()) + 1
    return line


def _at(key_path: str, text: str, loc: tuple[int | str, ...]) -> str:
    line = _line_of(text, loc)
    return f"{key_path} (line {line})" if line else key_path


def _validation_error(
    exc: ValidationError, kind: ComponentKind, shown: str, text: str
) -> LayoutError:
    # an unknown key usually explains a missing one (a typo), so it is reported first
    err = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")[0]
    loc = tuple(err["loc"])
    where = _at(_key_path(loc), text, loc)
    kind_name, more = err["type"], len(exc.errors()) - 1
    note = f"{more} more problem{'s' if more > 1 else ''} after this" if more else ""
    if kind_name == "extra_forbidden":
        from sheetgen.registry import suggest

        known = _known_keys(kind.model, loc[:-1])
        return LayoutError(
            shown, where, f"unknown key {loc[-1]!r}", suggest(str(loc[-1]), known), note
        )
    if kind_name == "missing":
        return LayoutError(shown, where, "missing required key", "add it", note)
    shown_input = repr(err.get("input"))
    if len(shown_input) > 40:
        shown_input = shown_input[:37] + "..."
    message = err["msg"].removeprefix("Value error, ").rstrip(".")
    return LayoutError(shown, where, message, f"got {shown_input}", note)


def _known_keys(model: type[LayoutBase], loc: tuple[int | str, ...]) -> list[str]:
    """The keys allowed at `loc`, found by walking the model's JSON schema."""
    schema = model.model_json_schema()
    node: dict[str, Any] = schema
    for part in loc:
        node = _deref(schema, node)
        if isinstance(part, int):
            node = node.get("items", {})
        else:
            node = node.get("properties", {}).get(part, {})
    node = _deref(schema, node)
    return list(node.get("properties", {}))


def _deref(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    for option in node.get("anyOf", []):
        if "$ref" in option or "properties" in option:
            return _deref(schema, option)
    return node


def describe(ref: str) -> tuple[str, str]:
    """A layout's kind (`game/component`) and description, read without validating it against
    its kind's model (which imports its game): enough for 'sheetgen list'."""
    path, shown = resolve(ref)
    data, _ = _raw(path, shown)
    return f"{data.get('game')}/{data.get('component')}", str(data.get("description", ""))


def load(ref: str) -> Loaded:
    """Read, merge and validate one layout given by path or built-in name."""
    path, shown = resolve(ref)
    data, text = _raw(path, shown)
    loaded = validate(data, shown, text)
    loaded.model._folder = path.parent
    return loaded


def beside(model: LayoutBase, ref: str) -> str:
    """A layout named inside `model`'s file (a record's map, tree or board), as `load` takes
    it: a built-in name or an absolute path as written, a relative path taken from the folder
    of that file rather than the working folder."""
    folder = model._folder
    if folder is None or ref in builtin_layouts() or Path(ref).is_absolute():
        return ref
    there = folder / ref
    return str(there) if there.exists() or ref.endswith(".toml") else ref


def validate(data: dict[str, Any], shown: str, text: str = "") -> Loaded:
    """Validate parsed layout data against its kind's model (`text`, the file, for lines)."""
    from pydantic import ValidationError

    from sheetgen.games import CATALOGUE
    from sheetgen.registry import kind_for, suggest

    for key in ("game", "component"):
        if not isinstance(data.get(key), str):
            raise LayoutError(
                shown,
                _at(key, text, (key,)),
                f"missing or non-text key {key!r}",
                "every layout names its game and component, e.g. "
                'game = "scribe", component = "supergrid"',
            )
    key = f"{data['game']}/{data['component']}"
    kind = kind_for(key)
    if kind is None:
        raise LayoutError(
            shown,
            _at("component", text, ("component",)),
            f"unknown component kind {key!r}",
            suggest(key, list(CATALOGUE)),
        )
    found = _not_finite(data)
    if found is not None:
        raise LayoutError(
            shown,
            _at(_key_path(found), text, found),
            "not a finite number",
            "TOML's nan and inf are no size or count",
        )
    try:  # as JSON, strictly: a TOML boolean or string is never taken for a number
        model = kind.model.model_validate_json(json.dumps(data, default=str), strict=True)
    except ValidationError as exc:
        raise _validation_error(exc, kind, shown, text) from None
    return Loaded(shown, kind, model)


def _not_finite(value: Any, loc: tuple[int | str, ...] = ()) -> tuple[int | str, ...] | None:
    """Where the layout data holds a NaN or an infinity, if it does."""
    if isinstance(value, float) and not math.isfinite(value):
        return loc
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, item in items:
        found = _not_finite(item, (*loc, key))
        if found is not None:
            return found
    return None


M = TypeVar("M", bound="LayoutBase")


def load_model(ref: str, model: type[M], where: str, checked: bool = False) -> M:
    """A layout that must be of one model (a tree, a tile set …), for commands and layouts that
    refer to others; with `checked`, its rules check must also find no error."""
    from sheetgen.registry import kinds

    loaded = load(ref)
    if not isinstance(loaded.model, model):
        wanted = next(k.key for k in kinds().values() if k.model is model)
        raise SheetgenError(f"{where}: {ref!r} is a {loaded.kind.key} layout, not {wanted}")
    if checked:
        errors = [f for f in loaded.kind.check(loaded.model) if f.level == "error"]
        if errors:
            raise SheetgenError(errors[0].refusal(loaded.source))
    return loaded.model
