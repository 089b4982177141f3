"""A layout's `extends` chain, file by file: each file's text and data as written (the layout's
own first, then the one it extends, and so on), merged into the layout's data, and for any key
path of that data the file that writes it and where (the last file of the chain to write a
value: a table merges key by key, any other value, a list too, replaces the one it extends
whole)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from sheetgen.errors import LayoutError, LayoutNotFound
from sheetgen.files import ReadRefused, read_limited
from sheetgen.frozen import frozen
from sheetgen.layouts.find import check_chain, extended, of_kind
from sheetgen.layouts.keypath import Loc, key_path
from sheetgen.layouts.toml.positions import Position, locate, positions

MAX_LAYOUT_BYTES = 1_000_000


@frozen
class Layer:
    """One file of a layout's `extends` chain: how messages name it, its text and its data as
    the file writes it (a key written twice kept the first time)."""

    shown: str
    text: str
    data: dict[str, Any]
    folder: Path | None = None  # the folder of its file: the paths it writes start there


Layers = tuple[Layer, ...]


def read_chain(
    path: Path, shown: str, chain: tuple[tuple[Path, str], ...] = ()
) -> tuple[dict[str, Any], Layers, list[LayoutError]]:
    """The layout's data with its `extends` chain merged in, the chain's files (this one
    first) and the keys they write twice (problems that do not stop the reading); `chain`, the
    files that extend this one, each with how it is shown."""
    text = read_text(path, shown)
    data, twice = _parse(text, shown)
    layer = Layer(shown, text, data, path.parent)
    parent = data.get("extends")
    if parent is None:
        return data, (layer,), twice
    at = place(text, ("extends",))
    where = f"{at[0]}:{at[1]}: extends" if at else "extends"
    base_path, base_shown = extended(parent, path, shown, where)
    chain = (*chain, (path, shown))
    check_chain(chain, base_path, str(parent), where)
    try:
        base, layers, more = read_chain(base_path, base_shown, chain)
    except LayoutNotFound as exc:
        if exc.file != base_shown:
            raise
        raise LayoutError(
            shown,
            "extends",
            f"no such file {base_shown}",
            "a path in extends is taken from the folder of the file it is written in",
            at,
        ) from None
    except LayoutError as exc:  # the base refused whole (a pipe, a folder, empty): said here
        if exc.file != base_shown or exc.line is not None or exc.where:
            raise
        problem = f"{base_shown}: {exc.problem}"
        raise LayoutError(shown, "extends", problem, exc.hint, at) from None
    _same_kind(data, base, str(parent), shown, at)
    merged = merge(base, data)
    merged.pop("extends", None)
    return merged, (layer, *layers), [*twice, *more]


def read_text(path: Path, shown: str) -> str:
    """A layout file's text, refused in a designer's words when it is not one."""
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


def _parse(text: str, shown: str) -> tuple[dict[str, Any], list[LayoutError]]:
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.toml.syntax import parse

    try:
        data, twice = parse(text, shown)
    except RecursionError:
        raise LayoutError(
            shown, "", "is nested too deeply to read", "a layout nests a few tables deep at most"
        ) from None
    except ValueError:  # Python's limit on the digits of a whole number it reads (4,300)
        raise LayoutError(
            shown,
            "",
            "holds a whole number of thousands of digits, too long to read",
            "a layout's numbers run to a few digits",
        ) from None
    found = _too_big(data, ())
    if found is not None:  # refused before each entry is judged: 500,000 took a minute and a GB
        loc, problem, hint = found
        raise LayoutError(shown, key_path(loc), problem, hint, place(text, loc))
    return data, twice


MAX_ENTRIES = 10_000  # a list's entries in any layout; the longest a built-in one has are ~100


def _too_big(node: Any, loc: Loc) -> tuple[Loc, str, str] | None:
    """The first value in `node` (at `loc`) no layout could hold: a list longer than
    MAX_ENTRIES, or a whole number (TOML's hex, octal and binary ones too) of thousands of
    digits, which Python will not even turn into text to say so; its place, problem and hint."""
    if isinstance(node, int) and not isinstance(node, bool) and node.bit_length() > 10_000:
        return loc, "a whole number of thousands of digits", "a layout's numbers have a few"
    if isinstance(node, list):
        if len(node) > MAX_ENTRIES:
            return (
                loc,
                f"a list of {len(node):,} entries",
                f"no layout's list holds more than {MAX_ENTRIES:,}",
            )
        items: Any = enumerate(node)
    elif isinstance(node, dict):
        items = node.items()
    else:
        return None
    for key, value in items:
        found = _too_big(value, (*loc, key))
        if found is not None:
            return found
    return None


def _same_kind(
    data: dict[str, Any], base: dict[str, Any], parent: str, shown: str, at: Position | None
) -> None:
    """A layout extends one of its own kind (the kind it names, or else its base's)."""
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import kinds

    game, component = base.get("game"), base.get("component")
    if not isinstance(game, str) or not isinstance(component, str):
        return  # the base's own problem, said when the layout is validated
    theirs = f"{game}/{component}"
    mine = f"{data.get('game', game)}/{data.get('component', component)}"
    if mine != theirs and mine in kinds():
        raise LayoutError(
            shown,
            "extends",
            f"{parent} is a {theirs} layout; a {mine} layout extends one of its own kind",
            ", ".join(of_kind(mine)),
            at,
        )


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """`over`'s data over `base`'s: tables merged key by key, any other value replaced."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


@functools.lru_cache(maxsize=16)
def _positions(text: str, head: bool = False) -> dict[Loc, Position]:
    return positions(text, head)


def place(text: str, loc: Loc) -> Position | None:
    """The line and column where the text holds `loc` (or, for a key not written, the table
    around it), None when not even its first key is written. A top-level key is looked for
    first among the keys before the first table, where it is written if at all as a key."""
    if not text:
        return None
    if len(loc) == 1 and loc in (head := _positions(text, True)):
        return head[loc]
    return locate(_positions(text), loc)


def holder(layers: Layers, loc: Loc) -> tuple[Layer, bool] | None:
    """The file of the chain that writes the value at `loc`, and whether it writes `loc`
    itself (else the nearest table around it, where a key no file writes belongs: the first
    file's when it writes that table); None when no file writes even its first key."""
    best: tuple[int, Layer] | None = None
    for layer in layers:
        node: Any = layer.data
        depth, whole = 0, False  # whole: a list or other value this file replaces whole
        for part in loc:
            if not _holds(node, part):
                break
            node = node[part]
            depth += 1
            whole = whole or not isinstance(node, dict)
        if whole or depth == len(loc):
            return layer, depth == len(loc)
        if depth and (best is None or depth > best[0]):
            best = depth, layer
    return (best[1], False) if best else None


def _holds(node: Any, part: int | str) -> bool:
    """Whether a table holds the key, or a list the place."""
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def origin_in(layers: Layers, loc: Loc, exact: bool = False) -> tuple[str, Position] | None:
    """The file (as shown) that writes `loc` and its line and column there; with `exact`, only
    where a file writes `loc` itself, else also the nearest table around it."""
    found = holder(layers, loc)
    if found is None or (exact and not found[1]):
        return None
    layer, _ = found
    at = place(layer.text, loc)
    return (layer.shown, at) if at else None
