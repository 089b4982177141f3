"""Component kinds: one declaration a kind, registered by its game, and the registry that finds
them. Everything the program knows about a kind is on its `ComponentKind`: what it makes, its
layout model, rules check, builder and parts, the build options it honours, its tile sizes and
its starting layout. Each game package under `sheetgen/games/` declares its `GAME` in its
`kinds` module, and an installed plugin names its games in the entry point group
`sheetgen.games` (docs/plugins.md); nothing else lists games or kinds.

A declaration names its model and functions by import path, resolved when first used, so that
listing the kinds (`sheetgen list`, `--help`) imports no layout model, drawing or press; the
declarations are named tuples, which Python makes several times faster than dataclasses, as
every command reads them at start-up.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import sheetgen.games

if TYPE_CHECKING:  # the drawing and the press, imported only where they are used
    from sheetgen.draw.pieces import Parts
    from sheetgen.draw.sheets import Sheets
    from sheetgen.findings import Finding
    from sheetgen.model.tables import Table

# A kind's layout model is a `sheetgen.model.base.LayoutBase` (a Table) and its builder is told
# a `sheetgen.options.BuildOptions`, typed more loosely here: those modules read this one (a
# layout's tile sizes, an option's takers), so nothing here imports them.

# the build options every kind that prints pages honours (those of screen images take none)
PRESSED = frozenset({"margin", "ruler", "crop_marks"})


class Lazy:
    """The object `target` ('package.module:name'), imported when it is first used: a kind's
    model, check, builder and parts draw, so that loading or scoring a layout imports none of
    the others. (A plain object, not a closure, so that a kind pickles to the build's worker
    processes.)"""

    __slots__ = ("target",)

    def __init__(self, target: str) -> None:
        self.target = target

    def __repr__(self) -> str:
        return f"Lazy({self.target!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Lazy) and other.target == self.target

    def __hash__(self) -> int:
        return hash(self.target)

    def resolve(self) -> Any:
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)


class Starter(NamedTuple):
    """What `sheetgen new` starts a layout of a kind from: a built-in layout of the kind, and
    the keys a designer usually changes first (a dotted path for a key inside a table); for a
    kind whose layouts name a data file (`data`), the built-in layout's, which `new` copies
    beside the new layout, named after it, as a sample to edit."""

    layout: str
    keys: tuple[str, ...] = ()
    sample: str = ""


class TileRange(NamedTuple):
    """mm: the tile (or die face) sizes a kind prints well, for its layouts' size key and
    --tile-size alike, and what holds of its text at the smallest (`why`)."""

    low: float
    high: float
    why: str


class ComponentKind(NamedTuple):
    """A kind of component (`game/component`): what it makes and the functions that serve it."""

    game: str
    component: str
    summary: str  # what it makes, one line ('sheetgen list')
    model_at: str  # its layout model, 'package.module:Class'
    check: Callable[[Any], list[Finding]]
    build: Callable[[Any, Any], Sheets]
    starter: Starter
    options: frozenset[str] = frozenset()  # the build options it honours: copies, gap, ...
    # its pieces are cut apart: corner crop marks round them unless --crop-marks says otherwise
    # (a pad of sheets gets them where several sheets share a page)
    cuts: bool = False
    sizes: TileRange | None = None  # the --tile-size range, for kinds that take it
    check_words: Callable[[Any, Path], list[Finding]] | None = None  # check --words FILE
    parts: Callable[[Any], Parts] | None = None  # its pieces, dice and boards, bare

    @property
    def key(self) -> str:
        return f"{self.game}/{self.component}"

    @property
    def prints(self) -> bool:
        """It prints pages (it takes the options of every kind that does), where a kind of
        screen images or tile art makes images only."""
        return PRESSED.issubset(self.options)

    @property
    def model(self) -> type[Table]:
        """Its layout model, a LayoutBase (imported on first use)."""
        found: type[Table] = _resolved(self.model_at)
        return found

    @property
    def tile_sizes(self) -> tuple[float, float]:
        """mm: the --tile-size range it takes, its layouts' tile size range."""
        if self.sizes is None:
            raise KeyError(f"{self.key} takes no tile size")
        return (self.sizes.low, self.sizes.high)


class Game(NamedTuple):
    """A game: its name as layouts write it, where it is listed among the games, its kinds, and
    the module of its own commands (`sheetgen <game> ...`), if it has any. A plugin's game
    names the folder of the layouts it ships (`layouts`), laid out as sheetgen's own
    `layouts/` folder: `<folder>/<game>/<name>.toml` is the layout `<game>/<name>` (sheetgen
    reads only its own game's folder there); a built-in game's sit in sheetgen's folder."""

    name: str
    place: int
    kinds: tuple[ComponentKind, ...]
    commands: str | None = None
    layouts: Path | None = None


# the entry point group a package names its games in, each entry point a `Game`:
# `[project.entry-points."sheetgen.games"]` `dice-race = "sheetgen_dice_race.kinds:GAME"`
PLUGINS = "sheetgen.games"
# a game's name as layouts write it (and a folder of layouts, and a command group, is named)
GAME_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


class Refused(NamedTuple):
    """An installed plugin's game that sheetgen goes on without, and why: said in one line."""

    distribution: str  # the installed package that declares it, as pip names it
    entry: str  # its entry point, 'name = module:attribute'
    why: str

    def __str__(self) -> str:
        return f"plugin {self.distribution} ({self.entry}): {self.why}; sheetgen goes on without it"


class Registry(NamedTuple):
    """Every game, built-in ones then plugins' (each sorted by place, then name), and the
    plugins refused."""

    games: tuple[Game, ...]
    refused: tuple[Refused, ...]


@functools.cache
def _resolved(target: str) -> Any:
    return Lazy(target).resolve()


def _in_order(found: Iterable[Game]) -> list[Game]:
    return sorted(found, key=lambda game: (game.place, game.name))


def _builtin(folders: tuple[str, ...]) -> list[Game]:
    found = []
    for folder in folders:  # a game is a package of its own with a kinds module
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if not entry.name.startswith(("_", ".")) and os.path.isfile(
                os.path.join(entry.path, "kinds.py")
            ):
                declared = importlib.import_module(f"sheetgen.games.{entry.name}.kinds")
                found.append(declared.GAME)
    return _in_order(found)


def _entry_points() -> list[Any]:
    """The installed packages' entry points of the group PLUGINS, in the order of their
    distributions' names, then their own."""
    if not _may_name_plugins(sys.path):
        return []
    # imported here, not at the top, for start-up time: importlib.metadata is heavy, and read
    # only where a distribution may name a plugin
    from importlib.metadata import entry_points

    found = entry_points(group=PLUGINS)
    return sorted(found, key=lambda e: (_distribution(e), e.name))


def _may_name_plugins(paths: list[str]) -> bool:
    """Whether any distribution installed in `paths` may name an entry point of PLUGINS: a
    glance at each `.dist-info` and `.egg-info` folder's entry_points.txt for the group's
    name, which `importlib.metadata` then reads properly. Every command asks, and where no
    plugin is installed this spares it importing importlib.metadata and parsing every
    distribution's entry points (120 ms in a virtualenv of 100 distributions). A path that is
    no folder (a zip file) may hold anything."""
    for path in paths:
        try:
            entries = list(os.scandir(path or "."))
        except NotADirectoryError:
            return True
        except OSError:  # not there, or not readable: importlib.metadata finds nothing there
            continue
        for entry in entries:
            if not entry.name.endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(entry.path, "entry_points.txt"), "rb") as file:
                    if PLUGINS.encode() in file.read():
                        return True
            except OSError:  # none: the distribution names no entry points
                continue
    return False


def _distribution(entry: Any) -> str:
    dist = getattr(entry, "dist", None)
    return str(dist.name) if dist is not None else "(unknown distribution)"


def _unfit(game: object, taken: dict[str, str]) -> str | None:
    """Why a plugin's declared `game` cannot join the games named in `taken` (each with whose
    it is), or None."""
    if not isinstance(game, Game):
        return f"is a {type(game).__name__}, not a sheetgen.kinds.Game"
    if not isinstance(game.name, str) or not GAME_NAME.fullmatch(game.name):
        return (
            f"its game's name {game.name!r} is not a layout's game name (lower-case letters "
            "and digits, words joined by '-', e.g. 'dice-race')"
        )
    if game.name in taken:
        return f"its game {game.name!r} is already {taken[game.name]}; a name means one game"
    if not isinstance(game.kinds, tuple) or not game.kinds:
        return f"its game {game.name!r} declares no kinds (a tuple of ComponentKind)"
    if not all(isinstance(k, ComponentKind) for k in game.kinds):
        return f"its game {game.name!r} declares a kind that is no ComponentKind"
    strays = [k.key for k in game.kinds if k.game != game.name]
    if strays:
        return f"its game {game.name!r} declares {strays[0]!r}, a kind of another game"
    if game.layouts is not None:
        if not isinstance(game.layouts, str | os.PathLike):
            return f"its layouts {game.layouts!r} are not a folder's path"
        if not (Path(game.layouts) / game.name).is_dir():
            return f"its layouts folder {Path(game.layouts) / game.name} is not there"
    return None


def _plugins(taken: dict[str, str]) -> tuple[list[Game], list[Refused]]:
    """The installed plugins' games that join the games in `taken`, and those refused."""
    found: list[Game] = []
    refused: list[Refused] = []
    for entry in _entry_points():
        dist = _distribution(entry)
        said = f"{entry.name} = {entry.value}"
        try:
            declared = entry.load()
        except Exception as exc:  # whatever a plugin's import raises is the plugin's fault
            problem = f"cannot be loaded ({type(exc).__name__}: {exc})"
            refused.append(Refused(dist, said, " ".join(problem.split())))
            continue
        why = _unfit(declared, taken)
        if why is not None:
            refused.append(Refused(dist, said, why))
            continue
        taken[declared.name] = f"the game of the plugin {dist}"
        found.append(declared)
    return _in_order(found), refused


@functools.cache
def _registry(folders: tuple[str, ...]) -> Registry:
    builtin = _builtin(folders)
    plugins, refused = _plugins({game.name: "a built-in game" for game in builtin})
    return Registry((*builtin, *plugins), tuple(refused))


def registry() -> Registry:
    """The games of `sheetgen/games/`, then those of installed plugins (the entry point group
    PLUGINS), each read once, and the plugins refused."""
    return _registry(tuple(sheetgen.games.__path__))


def games() -> tuple[Game, ...]:
    """Every game, built-in ones (in `sheetgen/games/`) then installed plugins', in the order
    they are listed."""
    return registry().games


def refused_plugins() -> tuple[Refused, ...]:
    """The installed plugins sheetgen goes on without, each with why (the CLI says them)."""
    return registry().refused


def all_kinds() -> list[ComponentKind]:
    """Every game's component kinds, game by game."""
    return [kind for game in games() for kind in game.kinds]


def kinds() -> dict[str, ComponentKind]:
    """Every registered kind by key."""
    return {kind.key: kind for kind in all_kinds()}


def game_named(name: str) -> Game | None:
    """The game `name` (as a layout writes it, 'scribbly-gum'), or None."""
    return next((game for game in games() if game.name == name), None)


def kind_for(key: str) -> ComponentKind | None:
    """The kind `game/component`, or None."""
    game = game_named(key.split("/")[0])
    return next((k for k in game.kinds if k.key == key), None) if game else None


def kind_of_model(model: type[Any]) -> ComponentKind | None:
    """The kind whose layouts `model` holds."""
    at = f"{model.__module__}:{model.__qualname__}"
    return next((k for k in all_kinds() if k.model_at == at), None)


def tile_sizes_of(key: str) -> tuple[float, float]:
    """mm: the tile sizes kind `key` takes."""
    kind = kind_for(key)
    if kind is None:
        raise KeyError(key)
    return kind.tile_sizes


def tile_sizes_said(key: str) -> str:
    """The tile sizes kind `key` takes, in the words every message about them uses."""
    kind = kind_for(key)
    if kind is None or kind.sizes is None:
        raise KeyError(key)
    return f"{key} takes {kind.sizes.low:g} to {kind.sizes.high:g} mm ({kind.sizes.why})"


def tile_size_help() -> str:
    """--tile-size's help: every kind's range, in the same words."""
    ranges = ", ".join(
        f"{k.key} {k.sizes.low:g} to {k.sizes.high:g} mm" for k in all_kinds() if k.sizes
    )
    return (
        f"tile or die face size in mm, as the layout's own size takes: {ranges} (at the "
        "smallest, text stays 6 pt or more and clear of the cut)"
    )


def suggest(word: str, choices: list[str]) -> str:
    """' (did you mean X?)' for the closest choice, or a list of the choices."""
    import difflib  # imported here, not at the top, for start-up time: only a mistake needs it

    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    return "expected one of: " + ", ".join(sorted(choices))
