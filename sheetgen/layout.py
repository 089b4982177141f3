"""Layout files: TOML read, `extends` merged, validated against the kind's pydantic model.

Every failure is a `LayoutError` naming the file, the key path (with its line and column where
the file shows them) and what would be right; an invalid layout's problems come all at once.
"""

from __future__ import annotations

import functools
import json
import math
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from sheetgen.errors import LayoutError, LayoutNotFound, LayoutProblems, SheetgenError
from sheetgen.files import ReadRefused, read_limited
from sheetgen.search_path import builtin_layouts as builtin_layouts
from sheetgen.search_path import check_chain, check_game_folder, extended, named_layouts
from sheetgen.tomlpos import Loc, Position, locate, positions

if TYPE_CHECKING:  # imported where used: 'sheetgen list' reads layouts without their models
    from pydantic import ValidationError
    from pydantic_core import ErrorDetails

    from sheetgen.registry import ComponentKind, LayoutBase

MAX_LAYOUT_BYTES = 1_000_000
_TOML_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")  # a key path's keys and [indices]


@dataclass(frozen=True)
class Loaded:
    """A validated layout: where it came from, its kind, and its model."""

    source: str
    kind: ComponentKind
    model: LayoutBase


def resolve(ref: str) -> tuple[Path, str]:
    """A layout argument (a path, or a `game/name` built in or in a collection on the search
    path) as a file and the name to show."""
    builtin = named_layouts()
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
    raise LayoutNotFound(ref, "", "no such layout file or layout name", hint)


def _read_text(path: Path, shown: str) -> str:
    try:
        data = read_limited(path, MAX_LAYOUT_BYTES)
    except FileNotFoundError:
        raise LayoutNotFound(
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
        raise LayoutError(
            shown,
            "",
            f"TOML syntax error: {problem}",
            "see https://toml.io for the syntax",
            (int(where[1]), int(where[2])) if where else None,
        ) from None


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _raw(
    path: Path, shown: str, chain: tuple[tuple[Path, str], ...] = ()
) -> tuple[dict[str, Any], str]:
    """The layout's data with its `extends` chain merged in, and its own text (for lines);
    `chain`, the files that extend this one, each with how it is shown."""
    text = _read_text(path, shown)
    data = _parse(text, shown)
    parent = data.get("extends")
    if parent is None:
        return data, text
    where = _at("extends", text, ("extends",))
    base_path, base_shown = extended(parent, path, shown, where)
    chain = (*chain, (path, shown))
    check_chain(chain, base_path, str(parent), where)
    try:
        base, _ = _raw(base_path, base_shown, chain)
    except LayoutNotFound as exc:
        if exc.file != base_shown:
            raise
        raise LayoutError(
            shown,
            where,
            f"no such file {base_shown}",
            "a path in extends is taken from the folder of the file it is written in",
        ) from None
    merged = _merge(base, data)
    merged.pop("extends", None)
    return merged, text


def _key_path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


@functools.lru_cache(maxsize=8)
def _positions(text: str) -> dict[Loc, Position]:
    return positions(text)


def _place(text: str, loc: Loc) -> Position | None:
    """The line and column where the text holds `loc` (or, for a missing key, its table)."""
    return locate(_positions(text), loc) if text else None


def _at(key_path: str, text: str, loc: Loc) -> str:
    """`line:column: key.path` where the text holds `loc`, else the key path alone."""
    found = _place(text, loc)
    return f"{found[0]}:{found[1]}: {key_path}" if found else key_path


def position(text: str, key_path: str) -> Position | None:
    """Where a finding's key path (`glyphs[11].pattern`) is written in a layout's text."""
    loc = tuple(int(i) if i else k for k, i in _PART.findall(key_path))
    return _place(text, loc) if loc else None


def _in_data(data: Any, err: ErrorDetails) -> tuple[int | str, ...]:
    """The error's key path cut to the keys the layout data holds (pydantic adds the names of
    union members and validators), keeping a missing key's name."""
    loc: tuple[int | str, ...] = ()
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


def _validation_errors(
    exc: ValidationError, kind: ComponentKind, data: dict[str, Any], shown: str, text: str
) -> list[tuple[tuple[int | str, ...], LayoutError]]:
    """Every problem pydantic found, one a key path (the first pydantic gives for it)."""
    from sheetgen.registry import suggest

    out: dict[tuple[int | str, ...], LayoutError] = {}
    for err in exc.errors():
        loc = _in_data(data, err)
        if loc in out:
            continue
        if err["type"] == "extra_forbidden":
            known = _known_keys(kind.model, loc[:-1])
            message, hint = f"unknown key {loc[-1]!r}", suggest(str(loc[-1]), known)
        elif err["type"] == "missing":
            message, hint = "missing required key", "add it"
        else:
            shown_input = repr(err.get("input"))
            if len(shown_input) > 40:
                shown_input = shown_input[:37] + "..."
            message = err["msg"].removeprefix("Value error, ").rstrip(".")
            hint = f"got {shown_input}"
        out[loc] = LayoutError(shown, _key_path(loc), message, hint, _place(text, loc))
    return list(out.items())


def _in_file_order(
    problems: list[tuple[tuple[int | str, ...], LayoutError]], text: str
) -> LayoutProblems:
    """The problems as one error, in the order of the file (then those it cannot place: a
    missing key of the top level, or one of the layout `extends`)."""
    found = _positions(text) if text else {}

    def order(item: tuple[tuple[int | str, ...], LayoutError]) -> tuple[float, float]:
        return locate(found, item[0]) or (math.inf, math.inf)

    return LayoutProblems([problem for _, problem in sorted(problems, key=order)])


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
    _, _, data, _ = _read(ref)
    return f"{data.get('game')}/{data.get('component')}", str(data.get("description", ""))


def _read(ref: str) -> tuple[Path, str, dict[str, Any], str]:
    """A layout's file, the name to show, its merged data and its own text; a layout found by
    name sits in the folder of its game."""
    path, shown = resolve(ref)
    data, text = _raw(path, shown)
    if named_layouts().get(shown) == path:
        check_game_folder(shown, path, data.get("game"), _at("game", text, ("game",)))
    return path, shown, data, text


def load(ref: str) -> Loaded:
    """Read, merge and validate one layout given by path or by name."""
    path, shown, data, text = _read(ref)
    loaded = validate(data, shown, text)
    loaded.model._folder = path.parent
    return loaded


def beside(model: LayoutBase, ref: str) -> str:
    """A layout named inside `model`'s file (a record's map, tree or board), as `load` takes
    it: a layout name or an absolute path as written, a relative path taken from the folder
    of that file rather than the working folder."""
    folder = model._folder
    if folder is None or ref in named_layouts() or Path(ref).is_absolute():
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
                key,
                f"missing or non-text key {key!r}",
                "every layout names its game and component, e.g. "
                'game = "scribe", component = "supergrid"',
                _place(text, (key,)),
            )
    key = f"{data['game']}/{data['component']}"
    kind = kind_for(key)
    if kind is None:
        raise LayoutError(
            shown,
            "component",
            f"unknown component kind {key!r}",
            suggest(key, list(CATALOGUE)),
            _place(text, ("component",)),
        )
    hint = "TOML's nan and inf are no size or count"
    problems = [
        (loc, LayoutError(shown, _key_path(loc), "not a finite number", hint, _place(text, loc)))
        for loc in _not_finite(data)
    ]
    try:  # as JSON, strictly: a TOML boolean or string is never taken for a number
        model = kind.model.model_validate_json(json.dumps(data, default=str), strict=True)
    except ValidationError as exc:
        said = {loc for loc, _ in problems}
        found = _validation_errors(exc, kind, data, shown, text)
        problems += [p for p in found if p[0] not in said]
    if problems:
        raise _in_file_order(problems, text)
    return Loaded(shown, kind, model)


def _not_finite(value: Any, loc: tuple[int | str, ...] = ()) -> list[tuple[int | str, ...]]:
    """Every place the layout data holds a NaN or an infinity."""
    if isinstance(value, float) and not math.isfinite(value):
        return [loc]
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    return [found for key, item in items for found in _not_finite(item, (*loc, key))]


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
