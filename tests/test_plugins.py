"""A game of one's own as a plugin: a package that names its games in the entry point group
`sheetgen.games` is known to `list`, `check`, `build`, `new`, `schema` and its own commands once
installed; one that cannot join (it fails to import, declares no Game, or takes a game's name
already taken) is one warning line, and the rest of sheetgen works. Each test installs its
plugins as a distribution's metadata (a `.dist-info` folder) in a temporary folder on
`sys.path`, which `importlib.metadata` reads as it reads a real install; the example plugin's
package (examples/plugins/sheetgen-dice-race) is imported from the checkout. The clean install
of the plugin with pip is tests/e2e/test_plugin_install.py."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetgen.cli.app import GROUPS  # the CLI's groups, read before a plugin is installed here
from sheetgen.kinds import PLUGINS, _may_name_plugins, _registry, games, kinds, refused_plugins
from sheetgen.layouts.find import builtin_layouts
from tests.support import ROOT, page_texts, sheetgen

PLUGIN = ROOT / "examples" / "plugins" / "sheetgen-dice-race"
# the dice chosen in the example game of the plugin's README, which scores 88
GAME_DICE = ["6", "6", "5", "3", "6", "1", "6", "4", "6", "2", "5", "5", "3", "5", "5"]
DICE = "dice-race = sheetgen_dice_race.kinds:GAME"
BUILT_IN = ["scribe", "scribbly-gum", "walkabout", "marram", "scrumpit", "custom"]


class Site:
    """A folder on sys.path where distributions are 'installed' by their metadata alone."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def install(self, distribution: str, *entries: str, module: str = "", code: str = "") -> None:
        """The distribution's metadata naming `entries` ('name = module:attribute') in the
        group PLUGINS, and, given, a module of its own with `code`."""
        info = self.folder / f"{distribution.replace('-', '_')}-0.1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 0.1.0\n", encoding="utf-8"
        )
        text = f"[{PLUGINS}]\n" + "".join(f"{entry}\n" for entry in entries)
        (info / "entry_points.txt").write_text(text, encoding="utf-8")
        if module:
            (self.folder / f"{module}.py").write_text(code, encoding="utf-8")
        _registry.cache_clear()  # as a new run of sheetgen reads it


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    """An empty site on sys.path, and the example plugin's package importable; the registry
    read afresh while it is there and after (when the plugins are gone)."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(PLUGIN))
    monkeypatch.syspath_prepend(str(folder))
    before = set(sys.modules)
    _registry.cache_clear()
    try:
        yield Site(folder)
    finally:
        _registry.cache_clear()
        for name in set(sys.modules) - before:
            if getattr(sys.modules[name], "__file__", "") and str(folder) in str(
                sys.modules[name].__file__
            ):
                del sys.modules[name]


def test_an_installed_plugin_is_listed_checked_built_and_scored(
    site: Site, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site.install("sheetgen-dice-race", DICE)
    assert [g.name for g in games()] == [*BUILT_IN, "dice-race"]  # after the built-in games
    assert refused_plugins() == ()
    assert "dice-race/sheet" in kinds()
    assert builtin_layouts()["dice-race/standard"].is_relative_to(PLUGIN)
    listed = sheetgen("list")
    assert listed.code == 0 and listed.err == ""
    assert "dice-race/standard        dice-race/sheet        Dice Race sheets" in listed.out
    assert "  dice-race/sheet          Dice Race sheet: six lanes" in listed.out
    checked = sheetgen("check", "dice-race/standard")
    assert (checked.code, checked.out) == (0, "dice-race/standard: ok\n"), checked.err
    out = tmp_path / "out"
    built = sheetgen("build", "dice-race/standard", "-f", "pdf", "--copies", "3", "--out", str(out))
    assert built.code == 0, built.err
    texts = page_texts(out / "dice-race-standard-sheet.pdf")
    assert len(texts) == 3  # a pad of three pages, two sheets a page (each titled, credited)
    assert texts[0].count("Dice Race") == 4 and texts[0].count("Turns") == 2
    mine = tmp_path / "mine.toml"
    assert sheetgen("new", "dice-race/sheet", str(mine)).code == 0
    assert 'extends = "dice-race/standard"' in mine.read_text(encoding="utf-8")
    mine.write_text(mine.read_text(encoding="utf-8").replace("turns = 15", "turns = 40"))
    refused = sheetgen("check", str(mine))
    assert refused.code == 1 and "turns: must be at most 30 (got 40)" in refused.err
    assert '"const": "dice-race"' in sheetgen("schema", "dice-race/sheet").out
    # the CLI's groups are read once a process, when it starts: this one started without it
    monkeypatch.setitem(GROUPS, "dice-race", "sheetgen_dice_race.commands")
    scored = sheetgen("dice-race", "score", *GAME_DICE)
    assert scored.code == 0, scored.err
    assert scored.out.splitlines()[-2:] == ["lane 6: 5 ticks    40 (finished)", "total: 88"]
    wrong = sheetgen("dice-race", "score", "7")
    assert (wrong.code, wrong.err) == (2, "error: die 1 is '7'; a die shows 1 to 6\n")


def test_without_plugins_only_the_built_in_games_are_known(site: Site) -> None:
    assert [g.name for g in games()] == BUILT_IN
    assert not any(name.startswith("dice-race/") for name in builtin_layouts())


LOST = "sheetgen goes on without it"


@pytest.mark.parametrize(
    ("entry", "code", "why"),
    [
        ("broken = nowhere_at_all:GAME", "", "cannot be loaded (ModuleNotFoundError: No module "
         "named 'nowhere_at_all')"),
        ("broken = broken_plugin:GAME", "raise RuntimeError('no dice\\nat all')",
         "cannot be loaded (RuntimeError: no dice at all)"),
        ("broken = broken_plugin:GAME", "GAME = 1 +", "cannot be loaded (SyntaxError: "),
        ("broken = broken_plugin:GONE", "", "cannot be loaded (AttributeError: "),
        ("broken = broken_plugin:GAME", "GAME = {'name': 'dice'}",
         "is a dict, not a sheetgen.kinds.Game"),
        ("broken = broken_plugin:GAME",
         "from sheetgen_dice_race.kinds import GAME as G\nGAME = G._replace(name='Dice Race')",
         "its game's name 'Dice Race' is not a layout's game name"),
        ("broken = broken_plugin:GAME",
         "from sheetgen_dice_race.kinds import GAME as G\nGAME = G._replace(name='dice')",
         "its game 'dice' declares 'dice-race/sheet', a kind of another game"),
        ("broken = broken_plugin:GAME",
         "from sheetgen_dice_race.kinds import GAME as G\nGAME = G._replace(layouts='nowhere')",
         "its layouts folder nowhere/dice-race is not there"),
    ],
)  # fmt: skip
def test_a_plugin_that_cannot_join_is_one_warning_and_the_rest_works(
    site: Site, entry: str, code: str, why: str
) -> None:
    site.install("broken-plugin", entry, module="broken_plugin", code=code)
    site.install("sheetgen-dice-race", DICE)
    listed = sheetgen("list")
    assert listed.code == 0
    [line] = listed.err.splitlines()
    said = f"warning: plugin broken-plugin ({entry}): {why}"
    assert line.startswith(said) and line.endswith(LOST), line
    assert "Traceback" not in listed.err
    assert "scribe/standard" in listed.out and "dice-race/standard" in listed.out
    assert [g.name for g in games()] == [*BUILT_IN, "dice-race"]
    assert sheetgen("check", "scribe/standard").err == listed.err  # said by every command


def test_a_game_named_like_a_built_in_one_is_refused(site: Site) -> None:
    code = "from sheetgen_dice_race.kinds import GAME as G\nGAME = G._replace(name='scribe')"
    site.install("scribe-again", "scribe = scribe_again:GAME", module="scribe_again", code=code)
    [refused] = refused_plugins()
    assert str(refused) == (
        "plugin scribe-again (scribe = scribe_again:GAME): its game 'scribe' is already a "
        f"built-in game; a name means one game; {LOST}"
    )
    assert [g.name for g in games()] == BUILT_IN
    assert [k.key for k in games()[0].kinds] == ["scribe/supergrid"]  # the built-in, untouched


def test_of_two_plugins_with_one_game_name_the_first_by_distribution_keeps_it(site: Site) -> None:
    site.install("sheetgen-dice-race", DICE)
    site.install("zz-dice-copy", DICE)
    site.install("aa-dice-copy", "mine = sheetgen_dice_race.kinds:GAME")
    [refused, also] = refused_plugins()
    assert (refused.distribution, also.distribution) == ("sheetgen-dice-race", "zz-dice-copy")
    assert refused.why == (
        "its game 'dice-race' is already the game of the plugin aa-dice-copy; a name means one game"
    )
    assert [g.name for g in games()] == [*BUILT_IN, "dice-race"]


def test_a_plugins_game_is_listed_by_its_place_among_the_plugins(site: Site) -> None:
    code = (
        "from sheetgen_dice_race.kinds import GAME as G\n"
        "FIRST = G._replace(name='a-race', place=60, kinds=(G.kinds[0]._replace(game='a-race'),),"
        " layouts=None, commands=None)\n"
        "SECOND = FIRST._replace(name='b-race', place=10, kinds=(FIRST.kinds[0]._replace("
        "game='b-race'),))\n"
    )
    site.install("races", "a = races:FIRST", "b = races:SECOND", module="races", code=code)
    site.install("sheetgen-dice-race", DICE)
    assert [g.name for g in games()][len(BUILT_IN) :] == ["b-race", "dice-race", "a-race"]
    assert "b-race/sheet" in kinds() and refused_plugins() == ()


def test_a_game_named_like_a_command_of_sheetgens_keeps_its_kinds_not_its_commands(
    site: Site,
) -> None:
    code = (
        "from sheetgen_dice_race.kinds import GAME as G\n"
        "GAME = G._replace(name='build', layouts=None, kinds=(G.kinds[0]._replace(game='build'),))"
    )
    site.install("build-game", "build = build_game:GAME", module="build_game", code=code)
    listed = sheetgen("list")
    assert listed.code == 0 and "  build/sheet " in listed.out
    assert listed.err == (
        "warning: the game 'build' has commands, but 'sheetgen build' is sheetgen's own; its "
        "kinds and layouts work, its commands cannot be reached\n"
    )


def test_a_run_without_plugins_reads_no_distributions_metadata(tmp_path: Path) -> None:
    """Where no installed distribution's entry points name the group, importlib.metadata is not
    asked (it costs a command 120 ms at start-up); a zip file on the path may hold anything."""
    other = tmp_path / "other-1.0.dist-info"
    other.mkdir()
    (other / "entry_points.txt").write_text("[console_scripts]\nother = other:main\n")
    (tmp_path / "bare-1.0.dist-info").mkdir()  # no entry points at all
    assert not _may_name_plugins([str(tmp_path), str(tmp_path / "not-there")])
    (tmp_path / "plugin-1.0.egg-info").mkdir()
    (tmp_path / "plugin-1.0.egg-info" / "entry_points.txt").write_text(f"[{PLUGINS}]\nx = y:Z\n")
    assert _may_name_plugins([str(tmp_path)])
    (tmp_path / "zipped.zip").write_bytes(b"PK")
    assert _may_name_plugins([str(tmp_path / "zipped.zip")])
