"""Every `sheetgen` command the README and the documentation show is run, as a reader would
type it, and where a page shows what it prints, that is what it prints: the pages and the
program can never disagree.

Each runs in a folder of its own holding the files the pages name as the reader's own
(`club.toml`, `my-game.toml`, `class.txt`, `~/my-layouts`), made here from the built-in layouts;
`my-game.toml` is the example game of the game whose command or page it is."""

from __future__ import annotations

import inspect
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sheetgen.cli.watch import watch
from tests.support import ROOT, sheetgen
from tests.support.docs import Example, Shown, all_examples, examples, pages
from tests.support.ports import port_is_free

LAYOUTS = ROOT / "layouts"
SCRIBE = 'game = "scribe"\ncomponent = "supergrid"\nname = "{name}"\nextends = "scribe/standard"\n'
# docs/building.md's deck at the US poker size, which the shops' poker-card profiles print
POKER_US = (
    'game = "custom"\ncomponent = "pieces"\nname = "poker-us"\nextends = "custom/poker"\n\n'
    "[piece]\nwidth = 63.5\nheight = 88.9\n"
)
# docs/building.md's Scrumpit board at The Game Crafter's 8 in square board
SQUARE = (
    'game = "scrumpit"\ncomponent = "board"\nname = "square"\nextends = "scrumpit/standard"\n'
    "cell = 6.8\n"
)
# docs/building.md's hex tiles at The Game Crafter's size, and a copy shop's profile beside them
HEXES = (
    'game = "custom"\ncomponent = "pieces"\nname = "hexes"\ndata = "hexes.csv"\n'
    'title = "{name}"\n\n[piece]\nshape = "hexagon"\nwidth = 63.5\nheight = 57.15\n\n'
    '[front]\nbackground = "{ground}"\n\n[[front.items]]\ntext = "{name}"\nx = 12\ny = 20\n'
    'width = 39.5\nheight = 17\npoints = 16\nweight = "bold"\ncolour = "#ffffff"\n\n'
    '[back]\nbackground = "#37474f"\n'
)
HEX_ROWS = "name,ground,count\nForest,#2e7d32,3\nLake,#1565c0,2\nDesert,#b8860b,1\n"
MY_SHOP = (
    'name = "my-shop"\nshop = "The copy shop down the road"\nproduct = "Hex tile on 1 mm board"\n'
    'source = "https://example.com/what-they-told-me"\nunit = "mm"\nwidth = 63.5\n'
    "height = 57.15\nbleed = 2\nsafe = 4\ndpi = 600\n"
)
NAMES = "Olivia Smith\nNguyễn Thị Minh Khai\n李小龙\nمحمد علي\nप्रिया शर्मा\n"
# every word of scrumpit/example-game, the record `--words words.txt` referees
WORDS = (
    "PLANTED CHARMED ARREST ROBUST EXOTIC COMFORT TAX SQUARE TONIC TAXI JOKES PAGEANT TAXIS DYE "
    "MAPLE INTO"
)
# what takes longer than about 2.5 s in process, for the slow tier: builds of every layout and
# the gallery of them, the Marram set and the tiled Scrumpit board (every format, 300 dpi), the
# Scribbly Gum pad, tiles and named sheets, thousands of simulated games; and what takes 1.5 s
# or more: a class's 30 copies, every Scrumpit tile (built, or exported a piece or a face a
# file), every Marram design at 512 px, dice faces at 600 dpi, a Tabletop Simulator export of
# a game's several layouts at once (Walkabout's map, dice and mat), a deck of one's own made,
# built and exported
SLOW = re.compile(
    r"--all|gallery|simulate kuringgai|build marram/classic|build scrumpit/standard(?! --fit)"
    r"|export \w+ marram/classic|build scribbly-gum/(pad|tiles)|--names|--copies 30"
    r"|build scrumpit/tiles|export \w+ (\S+ )*scrumpit/tiles|build marram/art|export pieces"
    r"|--games 1000|export tts walkabout/map-1 walkabout/dice"
    r"|new custom/pieces"  # a deck of one's own built and exported, 54 cards a way
)
EXAMPLES = all_examples()
# `sheetgen watch`'s port where none is given
DEFAULT_PORT: int = inspect.signature(watch).parameters["port"].default


def readers_files(folder: Path, game: str | None) -> None:
    """The files a page names as the reader's own, in `folder` (also the reader's home)."""
    for name in ("club", "my-grid", "my-a3-grid"):
        (folder / f"{name}.toml").write_text(SCRIBE.format(name=name), encoding="utf-8")
    for home in (folder / "my-layouts" / "scribe",):
        home.mkdir(parents=True)
        (home / "club.toml").write_text(SCRIBE.format(name="club"), encoding="utf-8")
    (folder / "class.txt").write_text(NAMES, encoding="utf-8")
    (folder / "poker-us.toml").write_text(POKER_US, encoding="utf-8")
    (folder / "hexes.toml").write_text(HEXES, encoding="utf-8")
    (folder / "square.toml").write_text(SQUARE, encoding="utf-8")
    (folder / "hexes.csv").write_text(HEX_ROWS, encoding="utf-8")
    (folder / "my-shop.toml").write_text(MY_SHOP, encoding="utf-8")
    (folder / "words.txt").write_text("\n".join(WORDS.split()) + "\n", encoding="utf-8")
    board = (LAYOUTS / "marram" / "example-board.toml").read_text(encoding="utf-8")
    (folder / "my-board.toml").write_text(board, encoding="utf-8")
    walk = (LAYOUTS / "walkabout" / "example-game.toml").read_text(encoding="utf-8")
    for player in ("ann", "bob"):
        text = walk.replace('"Example player"', f'"{player.title()}"')
        (folder / f"{player}.toml").write_text(text.replace("example-game", player), "utf-8")
    if game is not None and (LAYOUTS / game / "example-game.toml").exists():
        record = (LAYOUTS / game / "example-game.toml").read_text(encoding="utf-8")
        (folder / "my-game.toml").write_text(record, encoding="utf-8")


def argv(shown: Shown, home: Path) -> list[str]:
    """The command's arguments as a shell would pass them: `~/` is the reader's home."""
    return [str(home / word[2:]) if word.startswith("~/") else word for word in shown.argv]


def filled_sheet(folder: Path) -> None:
    """`filled.pdf`, the file `sheetgen read`'s examples read: a fillable Scribe sheet with a
    few squares typed in, as a player returns it."""
    import pikepdf  # imported here: only the examples of `read` need it

    made = sheetgen(
        "build", "scribe/standard", "--fillable", "-f", "pdf", "--out", "sent", "-q", cwd=folder
    )
    assert made.code == 0, made.err
    with pikepdf.open(folder / "sent" / "scribe-standard-supergrid-fillable.pdf") as pdf:
        for parent in pdf.Root.AcroForm.Fields:
            for kid in parent.Kids:
                if str(kid.T) in ("cell_A1", "cell_E5"):
                    kid.V = pikepdf.String("+" if str(kid.T) == "cell_A1" else "O")
        pdf.save(folder / "filled.pdf")


def run(example: Example, folder: Path) -> None:
    readers_files(folder, example.game)
    for shown in example.commands:
        args = argv(shown, folder)
        if args[:2] == ["read", "filled.pdf"]:
            filled_sheet(folder)
        if args[:1] == ["new"]:
            (folder / args[2]).unlink(missing_ok=True)  # `new` writes a file of the reader's
        env = {name: argv(Shown("", (value,)), folder)[0] for name, value in shown.env}
        # the reader's config folder (printer profiles) in the reader's home, never the tester's
        home = {"HOME": str(folder), "XDG_CONFIG_HOME": str(folder / ".config")}
        done = sheetgen(*args, cwd=folder, env={**env, **home})
        where = f"{example.name}: sheetgen {shown.line}"
        if shown.output is None:
            assert done.code == 0, (where, done.out, done.err)
        else:
            printed = (done.out + done.err).rstrip("\n")
            assert printed == shown.output, where
            failed = any(line.startswith("error:") for line in shown.output.split("\n"))
            assert (done.code != 0) == failed, (where, done.code)
        if shown.to_file:
            (folder / shown.to_file).write_text(done.out, encoding="utf-8")


def cases(watch: bool) -> list[object]:
    return [
        pytest.param(
            example,
            id=example.name,
            marks=[pytest.mark.slow] if SLOW.search(example.commands[0].line) else [],
        )
        for example in EXAMPLES
        if (example.commands[0].argv[:1] == ("watch",)) == watch
    ]


def test_the_pages_show_commands_and_their_output() -> None:
    assert len(pages()) > 10
    assert len(EXAMPLES) > 50
    assert any(shown.output for example in EXAMPLES for shown in example.commands)


@pytest.mark.parametrize("example", cases(watch=False))
def test_each_command_shown_runs_and_prints_what_is_shown(example: Example, tmp_path: Path) -> None:
    run(example, tmp_path)


@pytest.mark.process
def test_each_watch_shown_serves_its_page_until_stopped(tmp_path: Path) -> None:
    """`watch` serves until stopped, so each one shown runs as a program, its browser a no-op
    (BROWSER), until it says where its page is; then Ctrl-C stops it cleanly."""
    watched = [case.values[0] for case in cases(watch=True)]  # type: ignore[attr-defined]
    assert watched
    for number, example in enumerate(watched):
        folder = tmp_path / str(number)
        folder.mkdir()
        readers_files(folder, example.game)
        (shown,) = example.commands
        if "--port" not in shown.argv and not port_is_free(DEFAULT_PORT):
            pytest.skip(f"{example.name}: watch's port {DEFAULT_PORT} is taken on this machine")
        env = {**os.environ, "HOME": str(folder), "BROWSER": "true", "PYTHONPATH": str(ROOT)}
        program = subprocess.Popen(
            [sys.executable, "-m", "sheetgen", *argv(shown, folder)],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert program.stdout is not None
            first = program.stdout.readline()
            assert first.startswith("watching "), (example.name, first, program.stderr)
            assert "preview at http://127.0.0.1:" in first
            time.sleep(0.5)
            program.send_signal(signal.SIGINT)
            out, err = program.communicate(timeout=60)
        finally:
            if program.poll() is None:
                program.kill()
                program.wait()
        assert program.returncode == 0, (example.name, out, err)


def test_a_page_is_read_as_a_reader_reads_it(tmp_path: Path) -> None:
    """A `sh` line runs (after `&&` too, `#` a comment, `> FILE` its output's file, `export`
    for the lines after it); a `console` block's `$` lines run, the lines under each its
    output; other blocks and lines are not commands."""
    page = tmp_path / "page.md"
    page.write_text(
        "```sh\npython -m pip install . && sheetgen list  # all\nmutmut run\n"
        "export SHEETGEN_LAYOUTS=~/mine\nsheetgen schema scribe/supergrid > s.json\n```\n\n"
        "```toml\nsheetgen = 1\n```\n\n"
        '  ```console\n  $ sheetgen scribe score "+O+/O+O/OO+"\n  + 4\n  O 2\n'
        "  $ sheetgen --version\n  ```\n",
        encoding="utf-8",
    )
    found = examples(page)
    assert [len(example.commands) for example in found] == [1, 1, 2]
    listed, schema, console = found
    assert listed.line == 2 and listed.commands[0].argv == ("list",)
    assert schema.commands[0].argv == ("schema", "scribe/supergrid")
    assert schema.commands[0].to_file == "s.json"
    assert schema.commands[0].env == (("SHEETGEN_LAYOUTS", "~/mine"),)
    score, version = console.commands
    assert score.argv == ("scribe", "score", "+O+/O+O/OO+") and score.output == "+ 4\nO 2"
    assert version.argv == ("--version",) and version.output is None


def test_the_files_the_shop_commands_use_are_the_ones_shown() -> None:
    """docs/building.md's hex tiles and copy shop's profile, as a reader copies them."""
    page = (ROOT / "docs" / "building.md").read_text(encoding="utf-8")
    assert f"```toml\n{HEXES}```" in page
    assert f"```toml\n{MY_SHOP}```" in page
    assert f"```toml\n{SQUARE}```" in page
    assert "`Forest,#2e7d32,3`" in page and HEX_ROWS.startswith("name,ground,count\n")


def test_an_output_unlike_the_one_shown_fails(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```console\n$ sheetgen scrumpit score TAX --row 4\n53\n```\n", "utf-8")
    (example,) = examples(page)
    with pytest.raises(AssertionError):
        run(example, tmp_path)
