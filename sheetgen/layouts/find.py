"""Where layouts are found by name: the built-in `layouts/` folder (and the folder of layouts
each installed plugin's game ships, read as the built-in one), then the user's own
collections, given by `--layouts DIR` (on the command line) and `SHEETGEN_LAYOUTS` (a list of
folders separated by `os.pathsep`, `:` on Linux and macOS, `;` on Windows).

A collection is laid out like the built-in folder: `DIR/<game>/<name>.toml` is the layout
`<game>/<name>`, and `<game>` must be a game sheetgen knows. A name is never taken twice: a
user layout named like a built-in one (or like one in another collection) is refused, never
shadowed, so a name means one file wherever it is used.
"""

from __future__ import annotations

import functools
import os
import stat
import tomllib
from collections.abc import Callable
from pathlib import Path

from sheetgen.errors import LayoutError, UsageError
from sheetgen.files import kind_of
from sheetgen.resources import resource_dir

ENVIRONMENT = "SHEETGEN_LAYOUTS"
# the folders given with --layouts in this run of the command, in the order given
_given: list[Path] = []


def use(folders: list[Path] | None) -> None:
    """Add folders given with `--layouts` to the search path of this run."""
    _given.extend(folders or ())


def forget() -> None:
    """Start a run with no `--layouts` folders (the environment's still count)."""
    _given.clear()


def builtin_layouts() -> dict[str, Path]:
    """The layouts installed with sheetgen, by `game/name`: its own, then those each installed
    plugin's game ships (in the folder its `Game.layouts` names), as its own are found."""
    return dict(_installed(_folders()))


def installed_folders() -> list[Path]:
    """The folders the installed layouts sit in: sheetgen's own, then each plugin game's."""
    return [folder for folder, _ in _folders()]


def _folders() -> tuple[tuple[Path, str | None], ...]:
    """sheetgen's own layouts folder (every game's in it), then each plugin game's folder of
    layouts with the one game read there."""
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import games

    plugins = tuple((Path(g.layouts), g.name) for g in games() if g.layouts is not None)
    return ((resource_dir("layouts"), None), *plugins)


@functools.cache
def _installed(folders: tuple[tuple[Path, str | None], ...]) -> tuple[tuple[str, Path], ...]:
    return tuple(found for root, game in folders for found in _shipped(root, game))


@functools.cache
def _shipped(root: Path, game: str | None = None) -> tuple[tuple[str, Path], ...]:
    """The layout files in the installed folder `root` (which a run does not change): every
    game's, or `game`'s alone."""
    files = sorted(root.glob(f"{game or '*'}/*.toml"))
    return tuple((f"{p.parent.name}/{p.stem}", p) for p in files)


def builtin_kinds() -> dict[str, str]:
    """The kind (`game/component`) of each built-in layout, by name."""
    return _kinds_of(_folders())


@functools.cache
def _kinds_of(folders: tuple[tuple[Path, str | None], ...]) -> dict[str, str]:
    out = {}
    for name, path in _installed(folders):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        out[name] = f"{data.get('game')}/{data.get('component')}"
    return out


def of_kind(kind: str) -> list[str]:
    """The built-in layouts of one kind, by name."""
    return [name for name, its in builtin_kinds().items() if its == kind]


def collections() -> list[Path]:
    """The user's collection folders: those given with `--layouts`, then those of
    `SHEETGEN_LAYOUTS`, each once; a folder that is not there is a usage error."""
    found: list[Path] = []
    from_env = [e for e in os.environ.get(ENVIRONMENT, "").split(os.pathsep) if e.strip()]
    for folder, source in [(f, "--layouts") for f in _given] + [
        (Path(e), ENVIRONMENT) for e in from_env
    ]:
        if not folder.is_dir():
            try:  # there, but no folder: said what it is
                mode = folder.stat().st_mode
                what = f"is {'a file' if stat.S_ISREG(mode) else kind_of(mode)}, not a folder"
            except OSError:
                what = "no such folder"
            raise UsageError(
                f"{source} {str(folder)!r}: {what} (a layout collection is a folder "
                "holding <game>/<name>.toml files)"
            )
        if all(not os.path.samefile(folder, seen) for seen in found):
            found.append(folder)
    return found


def games() -> list[str]:
    """The games a collection may hold a folder for, as layouts name them."""
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import kinds

    return sorted({key.split("/")[0] for key in kinds()})


# each collection's layouts as last listed, with the folders' modification times they were
# listed at: a name looked up again lists nothing anew (`list` looks up every layout, and a
# collection of a thousand was listed three thousand times), and a file added, removed or
# renamed changes its folder's time, so `watch` sees it
_LISTED: dict[Path, tuple[tuple[int, ...], dict[str, Path]]] = {}


def collection_layouts(folder: Path) -> dict[str, Path]:
    """The layouts in one collection folder, by `game/name`; a `.toml` file outside a game's
    folder, or a folder of layouts not named after a game, is a usage error (it would
    otherwise be passed over without a word)."""
    try:
        stamp = tuple(
            os.stat(f).st_mtime_ns
            for f in (folder, *sorted(e for e in folder.iterdir() if e.is_dir()))
        )
    except OSError:
        stamp = ()  # said by the listing below
    if stamp and folder in _LISTED and _LISTED[folder][0] == stamp:
        return dict(_LISTED[folder][1])
    found = _list_collection(folder)
    if stamp:
        _LISTED[folder] = (stamp, dict(found))
    return found


def _list_collection(folder: Path) -> dict[str, Path]:
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import suggest

    known = games()
    found: dict[str, Path] = {}
    for entry in _listed(folder, "a layout collection"):
        if entry.name.startswith("."):
            continue
        if entry.is_file() and entry.suffix == ".toml":
            raise UsageError(
                f"{entry}: a collection's layouts sit in a game's folder, e.g. "
                f"{folder / 'scribe' / entry.name} (games: {', '.join(known)})"
            )
        if not entry.is_dir() or (entry.name not in known and not os.access(entry, os.R_OK)):
            continue
        listed = _listed(entry, f"{entry.name}'s layouts")
        files = [p for p in listed if p.suffix == ".toml" and not p.name.startswith(".")]
        if files and entry.name not in known:
            raise UsageError(
                f"{entry}: not a game's folder; a collection holds <game>/<name>.toml "
                f"({suggest(entry.name, known)})"
            )
        found.update((f"{entry.name}/{p.stem}", p) for p in files)
    return found


def _listed(folder: Path, what: str) -> list[Path]:
    """The entries of a folder of a collection, sorted; one that cannot be read is a usage
    error (passed over, its layouts would be 'no such layout' without a word why)."""
    try:
        return sorted(folder.iterdir())
    except OSError as exc:
        raise UsageError(
            f"{folder}: cannot be read ({exc.strerror}); it holds {what} (let sheetgen read "
            "it, or take it off --layouts and SHEETGEN_LAYOUTS)"
        ) from None


def user_layouts() -> dict[str, Path]:
    """The layouts of every collection on the search path, by `game/name`; a name that a
    built-in layout or an earlier collection already has is refused."""
    taken = builtin_layouts()
    found: dict[str, Path] = {}
    for folder in collections():
        for name, path in collection_layouts(folder).items():
            if name in taken:
                raise UsageError(
                    f"{path}: {name!r} is the name of a built-in layout; rename the file "
                    "(a collection's layouts never shadow built-in ones)"
                )
            if name in found:
                raise UsageError(
                    f"{path}: {name!r} is also {found[name]}; rename one of them "
                    "(a name means one layout)"
                )
            found[name] = path
    return found


def named_layouts() -> dict[str, Path]:
    """Every layout that has a name: the built-in ones, then the user's collections'."""
    return builtin_layouts() | user_layouts()


def shown_as(name: str, path: Path) -> str:
    """How messages show a layout found by name: a built-in one by its name, a collection's by
    its file (so that an editor can open it at the line a message names)."""
    return name if name in builtin_layouts() else file_shown(path)


def file_shown(path: Path) -> str:
    """A file as messages show it: relative to the working folder when under it, else
    absolute."""
    full = Path(os.path.abspath(path))
    try:
        return str(full.relative_to(Path.cwd()))
    except ValueError:
        return str(full)


def check_game_folder(shown: str, path: Path, game: object, where: Callable[[], str]) -> None:
    """A named layout's `game` key must be the game its folder is named after (`where` says
    where the key is written, worked out only when it is not)."""
    if isinstance(game, str) and game != path.parent.name:
        raise LayoutError(
            shown,
            where(),
            f"{game!r}, but the layout sits in the {path.parent.name!r} folder",
            f"set game = {path.parent.name!r}, or move {path.name} to the {game!r} folder",
        )


MAX_EXTENDS = 16  # layouts in one `extends` chain: more is surely a mistake


def extended(value: object, path: Path, shown: str, where: str) -> tuple[Path, str]:
    """The file an `extends` value names, and how to show it: a layout name (built in or in a
    collection), or a path ending in `.toml`, taken from the folder of the extending file
    (`path`, shown as `shown`) unless it is absolute."""
    if isinstance(value, str) and value.endswith(".toml") and "\x00" not in value:
        target = Path(value)
        if target.is_absolute():
            return target, value
        target = path.parent / target
        if Path(shown) != path:  # a name: show where the file is
            return target, file_shown(target)
        return target, os.path.normpath(os.path.join(os.path.dirname(shown), value))
    named = named_layouts()
    if isinstance(value, str) and value in named:
        return named[value], shown_as(value, named[value])
    # imported here, not at the top, for start-up time
    from sheetgen.kinds import suggest

    raise LayoutError(
        shown,
        where,
        f"{value!r} is neither a layout name nor a path ending in .toml",
        suggest(value, list(named))
        if isinstance(value, str)
        else "give a name from 'sheetgen list' or a path, in quotes",
    )


def check_chain(chain: tuple[tuple[Path, str], ...], target: Path, value: str, where: str) -> None:
    """Refuse an `extends` from the last file of `chain` (the files extending each other so
    far, each with how it is shown) to `target` that leads back into the chain, or one more
    than MAX_EXTENDS deep."""
    shown = chain[-1][1]
    real = os.path.realpath(target)
    for i, (path, _) in enumerate(chain):
        if os.path.realpath(path) == real:
            loop = " -> ".join([s for _, s in chain[i:]] + [chain[i][1]])
            raise LayoutError(
                shown,
                where,
                f"{value!r} closes a cycle: {loop}",
                "a layout cannot extend itself, even through others",
            )
    if len(chain) >= MAX_EXTENDS:
        raise LayoutError(
            shown,
            where,
            f"{value!r} makes a chain of more than {MAX_EXTENDS} layouts extending each other",
            "start from a layout nearer the built-in one",
        )
