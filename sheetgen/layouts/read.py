"""Layout files: TOML read, `extends` merged, validated against the kind's layout model.

Every failure is a `LayoutError` naming the file, the key path (with its line and column where
the file shows them) and what would be right; an invalid layout's problems come all at once.
"""

from __future__ import annotations

import datetime
import math
import re
import tomllib
from dataclasses import replace
from difflib import get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from sheetgen.errors import LayoutError, LayoutNotFound, LayoutProblems, SheetgenError
from sheetgen.frozen import frozen
from sheetgen.layouts.find import (
    ENVIRONMENT,
    check_game_folder,
    collections,
    named_layouts,
    of_kind,
    shown_as,
)
from sheetgen.layouts.find import builtin_layouts as builtin_layouts
from sheetgen.layouts.keypath import Loc, key_path
from sheetgen.layouts.layers import Layer, Layers, holder, origin_in, place, read_chain, read_text
from sheetgen.layouts.toml.positions import Position
from sheetgen.layouts.value_words import got

if TYPE_CHECKING:  # imported where used: 'sheetgen list' reads layouts without their models
    from sheetgen.findings import Lookup
    from sheetgen.kinds import ComponentKind
    from sheetgen.model.base import LayoutBase
    from sheetgen.model.tables import Refusal


@frozen
class Loaded:
    """A validated layout: where it came from, its kind, and its model; `layers`, the files of
    its `extends` chain (its own first), to find the file and line that write a key."""

    source: str
    kind: ComponentKind
    model: LayoutBase
    path: Path | None = None  # the file it was read from (its lines are the findings' lines)
    layers: Layers = ()


def lookup(loaded: Loaded) -> Lookup:
    """Where the files of a layout (its own and those it extends) write each key path: what
    its findings are placed by."""
    return lambda loc, exact: origin(loaded, loc, exact)


def origin(loaded: Loaded, loc: Loc, exact: bool = False) -> tuple[str, Position] | None:
    """The file (as messages show it) that writes the key path `loc` of the layout's merged
    data (`("glyphs", 11, "pattern")`, places counted from 0), and its line and column there;
    with `exact`, only a file that writes `loc` itself, else also the nearest table around it;
    None when no file writes it (a default)."""
    return origin_in(loaded.layers, loc, exact)


def resolve(ref: str, named: dict[str, Path] | None = None) -> tuple[Path, str]:
    """A layout argument (a path, or a `game/name` built in or in a collection on the search
    path, `named` when the caller has them already) as a file and the name to show."""
    builtin = named_layouts() if named is None else named
    if ref in builtin:
        return builtin[ref], shown_as(ref, builtin[ref])
    if not ref or "\x00" in ref or len(ref) > 4096:
        raise LayoutError(
            repr(ref), "", "is not a layout path or built-in name", "see 'sheetgen list'"
        )
    path = Path(ref)
    if path.exists() or ref.endswith(".toml") or "/" not in ref:
        return path, ref
    raise LayoutNotFound(ref, "", "no such layout file or layout name", _not_found(ref, builtin))


def _not_found(ref: str, named: dict[str, Path]) -> str:
    """What to try for a layout name that names nothing: the nearest name, and how a layout of
    one's own is found (by its file, or by name in a collection folder)."""
    close = get_close_matches(ref, list(named), n=1, cutoff=0.6)
    near = f"did you mean {close[0]!r}?" if close else "'sheetgen list' shows the names;"
    searched = collections()
    where = f"; searched {', '.join(map(str, searched))}" if searched else ""
    return (
        f"{near} a layout of your own is named by its file ({ref}.toml), or by name from a "
        f"folder holding {ref}.toml given with --layouts DIR or in {ENVIRONMENT}{where}"
    )


def _where(layers: Layers, loc: Loc) -> tuple[str, Position | None]:
    """The file that writes `loc` (or its table) and where; the layout's own when none does."""
    found = holder(layers, loc)
    layer = found[0] if found else layers[0]
    return layer.shown, place(layer.text, loc)


def _in_file_order(problems: list[LayoutError], layers: Layers) -> LayoutProblems:
    """The problems as one error, file by file along the `extends` chain (the layout's own
    first), each file's in the order of its lines (then those no line shows)."""
    files = [layer.shown for layer in layers]

    def order(problem: LayoutError) -> tuple[float, float, float]:
        rank = files.index(problem.file) if problem.file in files else len(files)
        if problem.line is None or problem.column is None:
            return rank, math.inf, math.inf
        return rank, problem.line, problem.column

    return LayoutProblems(sorted(problems, key=order), file=files[0])


def describe(ref: str, named: dict[str, Path] | None = None) -> tuple[str, str]:
    """A layout's kind (`game/component`) and description, read without validating it against
    its kind's model (which imports its game): enough for 'sheetgen list', which passes the
    layouts that have a name (`named`) once for all. The file is read as every layout file is
    (`read_text`: a device, pipe, oversized or non-UTF-8 file refused unread or at once); one
    that writes all three keys itself (every built-in layout does) is read plainly; any
    other, and any file with a problem, the careful way, which says where the problem is."""
    named = named_layouts() if named is None else named
    path, shown = resolve(ref, named)
    try:
        data = _top_keys(read_text(path, shown))
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):  # said the careful way
        data = {}
    said = [data.get(key) for key in ("game", "component", "description")]
    elsewhere = named.get(ref) == path and said[0] != path.parent.name
    if not all(isinstance(value, str) for value in said) or elsewhere:
        _, _, data, _, _ = _read(ref)
        said = [data.get("game"), data.get("component"), data.get("description", "")]
    return f"{said[0]}/{said[1]}", str(said[2])


# a top-level key `list` shows, written as a one-line basic string
_SHOWN_KEY = re.compile(r'^(game|component|description)[ \t]*=[ \t]*("(?:[^"\\\n]|\\.)*")', re.M)


def _top_keys(text: str) -> dict[str, Any]:
    """The keys `list` shows, from the lines before a TOML text's first table (where TOML
    keeps the top level's), each written once as a one-line string; otherwise from the
    whole text, parsed."""
    head = re.split(r"(?m)^[ \t]*\[", text, maxsplit=1)[0]
    found = _SHOWN_KEY.findall(head)
    if len(found) == 3 and len({key for key, _ in found}) == 3:
        return {key: tomllib.loads(f"v = {value}")["v"] for key, value in found}
    return tomllib.loads(text)


def _read(ref: str) -> tuple[Path, str, dict[str, Any], Layers, list[LayoutError]]:
    """A layout's file, the name to show, its merged data, its `extends` chain and the keys
    the chain writes twice; a layout found by name sits in the folder of its game."""
    path, shown = resolve(ref)
    data, layers, twice = read_chain(path, shown)
    if named_layouts().get(ref) == path:
        check_game_folder(shown, path, data.get("game"), lambda: _game_at(layers[0].text))
    return path, shown, data, layers, twice


def _game_at(text: str) -> str:
    """Where a layout's text writes its `game` key, as a problem names it."""
    at = place(text, ("game",))
    return f"{at[0]}:{at[1]}: game" if at else "game"


def load(ref: str) -> Loaded:
    """Read, merge and validate one layout given by path or by name."""
    path, shown, data, layers, twice = _read(ref)
    return _loaded(path, shown, data, layers, twice)


def _loaded(
    path: Path, shown: str, data: dict[str, Any], layers: Layers, twice: list[LayoutError]
) -> Loaded:
    loaded = validate(data, shown, layers=layers, early=twice)
    object.__setattr__(loaded.model, "_folder", path.parent)  # private: where its paths start
    folders = {}
    for key, value in data.items():
        # a top-level key, and each key of a table (a table merges key by key down the chain)
        inner = [(key, k) for k in value] if isinstance(value, dict) else []
        for loc in [(key,), *inner]:
            found = holder(layers, loc)
            if found is not None and found[0].folder is not None:
                folders[".".join(map(str, loc))] = found[0].folder
    object.__setattr__(loaded.model, "_folders", folders)
    return replace(loaded, path=path)


def beside(model: LayoutBase, ref: str) -> str:
    """A layout named inside `model`'s file (a record's map, tree or board), as `load` takes
    it: a layout name or an absolute path as written, a relative path taken from the folder
    of that file rather than the working folder."""
    folder = model._folder
    if folder is None or ref in named_layouts() or Path(ref).is_absolute():
        return ref
    there = folder / ref
    return str(there) if there.exists() or ref.endswith(".toml") else ref


def validate(
    data: dict[str, Any],
    shown: str,
    text: str = "",
    layers: Layers = (),
    early: list[LayoutError] | tuple[LayoutError, ...] = (),
) -> Loaded:
    """Validate parsed layout data against its kind's model: `text`, the file, for lines, or
    `layers`, the files of its `extends` chain; `early`, problems found reading them."""
    # imported here, not at the top, for start-up time
    from sheetgen.model.tables import Refusal

    layers = layers or (Layer(shown, text, data),)
    kind, problems = _kind_of(data, layers)
    if kind is None:
        raise _in_file_order([*early, *problems], layers)
    wrong = _no_key_takes(data)
    places = {loc: _where(layers, loc) for loc in wrong}
    problems = [
        LayoutError(file, key_path(loc), *wrong[loc], at) for loc, (file, at) in places.items()
    ]
    whole = _whole(data)  # 3.0 a whole number, as the layout schema counts it
    try:  # as JSON, strictly: a TOML boolean or string is never taken for a number
        model = cast("LayoutBase", kind.model.model_validate_data(whole))  # the kind's own model
    except Refusal as refused:
        problems += [
            p for loc, p in _explained(kind, data, whole, layers, refused) if loc not in places
        ]
    said = {(p.file, p.where) for p in early}  # a key written twice: the kept one's problem
    problems = [p for p in problems if (p.file, p.where) not in said]  # comes next time
    if problems or early:
        raise _in_file_order([*early, *problems], layers)
    return Loaded(shown, kind, model, layers=layers)


def _explained(
    kind: ComponentKind,
    data: dict[str, Any],
    whole: Any,
    layers: Layers,
    refused: Refusal,
) -> list[tuple[Loc, LayoutError]]:
    """A refused layout's every problem, in a designer's words: pydantic, reading it against
    the same declarations, says each key that is wrong and how."""
    # imported here, not at the top, for start-up time
    from json import dumps

    from pydantic import ValidationError as Explained

    from sheetgen.layouts.explain import every_error, layout_problems
    from sheetgen.model.pydantic_twin import mirror

    model = mirror(kind.model)
    try:
        model.model_validate_json(dumps(whole, default=str), strict=True)
    except Explained as exc:
        errors = every_error(exc, model, whole)
        return layout_problems(errors, model, data, layers[0], lambda loc: _where(layers, loc))
    file, at = _where(layers, refused.loc)  # never so (a test reads both ways alike)
    return [(refused.loc, LayoutError(file, key_path(refused.loc), refused.message, "", at))]


def _whole(value: Any) -> Any:
    """`value` with each float that is a whole number (3.0) made an int, as JSON Schema and the
    layout schema count it (a whole-number key takes 3.0, a float key takes 3 anyway), and each
    TOML date or time its text, as JSON would give them."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    if isinstance(value, datetime.date | datetime.time):
        return str(value)
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_whole(v) for v in value]
    return value


def _kind_of(
    data: dict[str, Any], layers: Layers
) -> tuple[ComponentKind | None, list[LayoutError]]:
    """The layout's kind, or what is wrong with its `game` and `component` keys."""
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import kind_for, kinds, suggest

    game, component = data.get("game"), data.get("component")
    games = sorted({key.split("/")[0] for key in kinds()})
    own = layers[0]
    meant = game if game in games else next(iter(get_close_matches(str(game), games, 1)), "")
    components = sorted(k.split("/")[1] for k in kinds() if k.split("/")[0] == meant)

    def wrong(key: str, problem: str, hint: str) -> LayoutError:
        if key in data:
            file, at = _where(layers, (key,))
            return LayoutError(file, key, problem, hint, at)
        # imported here, not at the top, for start-up time: only a mistake needs it
        from sheetgen.layouts.explain import missing_at

        return LayoutError(own.shown, key, problem, hint, missing_at(own.text))

    problems = []
    if not isinstance(game, str):
        said = "missing required key" if game is None else f"{got(game)} is not text"
        problems.append(wrong("game", said, "add the game's name: " + ", ".join(games)))
    elif game not in games:
        problems.append(
            wrong("game", f"{game!r} is not a game sheetgen knows", suggest(game, games))
        )
    if not isinstance(component, str):
        said = "missing required key" if component is None else f"{got(component)} is not text"
        hint = (
            f"what the layout makes; {meant}'s components: {', '.join(components)}"
            if components
            else "what the layout makes: 'sheetgen list' shows each game's components"
        )
        problems.append(wrong("component", said, hint))
    elif game in games and component not in components:
        key, keys = f"{game}/{component}", [f"{game}/{c}" for c in components]
        problems.append(wrong("component", f"unknown component kind {key!r}", suggest(key, keys)))
    kind = kind_for(f"{game}/{component}") if not problems else None
    return kind, problems


def _no_key_takes(value: Any, loc: tuple[int | str, ...] = ()) -> dict[Loc, tuple[str, str]]:
    """Every place the layout data holds a value no layout key takes, with what it is and
    what to write: a NaN or an infinity (no size or count), a TOML date or time (no key is
    one: a text that looks like a date goes in quotes)."""
    if isinstance(value, float) and not math.isfinite(value):
        return {loc: ("not a finite number", "TOML's nan and inf are no size or count")}
    if isinstance(value, datetime.date | datetime.time):
        return {loc: ("a TOML date or time, which no key takes", "write text in quotes")}
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    return {
        at: said for key, item in items for at, said in _no_key_takes(item, (*loc, key)).items()
    }


M = TypeVar("M", bound="LayoutBase")


def load_model(ref: str, model: type[M], where: str, checked: bool = False) -> M:
    """A layout that must be of one model (a tree, a tile set …), for commands and layouts that
    refer to others; with `checked`, its rules check must also find no error. `where` names
    the referring key in a refusal ('' when a finding at that key says it already)."""
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import kind_of_model, kinds

    kind = kind_of_model(model)
    assert kind is not None, f"{model.__name__} is no kind's model"
    wanted = kind.key
    path, shown, data, layers, twice = _read(ref)
    theirs = f"{data.get('game')}/{data.get('component')}"
    if theirs != wanted and theirs in kinds():  # said before any problem of its own
        named = f" (name one such as {of_kind(wanted)[0]})" if of_kind(wanted) else ""
        raise SheetgenError(
            f"{where}{': ' if where else ''}{shown} is a {theirs} layout, not {wanted}{named}"
        )
    loaded = _loaded(path, shown, data, layers, twice)
    if not isinstance(loaded.model, model):
        said = f"{shown} is a {loaded.kind.key} layout, not {wanted}"
        raise SheetgenError(f"{where}: {said}" if where else said)
    if checked:
        errors = [f for f in loaded.kind.check(loaded.model) if f.level == "error"]
        if errors:
            lines = [f.refusal(loaded.source, lookup(loaded)) for f in errors]
            raise SheetgenError("\n".join(lines))
    return loaded.model
