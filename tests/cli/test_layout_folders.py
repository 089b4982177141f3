"""Every command that names layouts takes `--layouts DIR` after its own name, as build, check,
list and watch do: a game's commands (`walkabout score … --layouts DIR`) and export's too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from sheetgen.cli import GROUPS, app, group_app
from tests.support import ROOT


def commands() -> list[tuple[str, str]]:
    """Each game's (and export's) command, as (group, command), from the CLI itself."""
    out = []
    for group in GROUPS:
        sub: typer.Typer = group_app(group)
        for command in sub.registered_commands:
            assert command.callback is not None
            out.append((group, command.name or command.callback.__name__))
    return out


@pytest.mark.parametrize("group,command", commands())
def test_every_game_command_lists_layouts_in_its_help(group: str, command: str) -> None:
    result = CliRunner().invoke(app, [group, command, "--help"])
    assert result.exit_code == 0, result.output
    assert "--layouts DIR" in result.output
    assert "a folder of your own layouts" in " ".join(result.output.split())


def test_a_record_of_a_collection_is_scored_with_layouts_after_the_command(
    tmp_path: Path,
) -> None:
    """walkabout/mine lives only in the collection: named after `score`, --layouts finds it,
    and the score is the example game's own."""
    games = tmp_path / "mine" / "walkabout"
    games.mkdir(parents=True)
    text = (ROOT / "layouts" / "walkabout" / "example-game.toml").read_text(encoding="utf-8")
    (games / "mine.toml").write_text(text.replace('name = "example-game"', 'name = "mine"'))
    assert 'name = "mine"' in (games / "mine.toml").read_text()
    runner = CliRunner()
    folder = str(tmp_path / "mine")
    after = runner.invoke(
        app, ["walkabout", "score", "walkabout/mine", "--json", "--layouts", folder]
    )
    before = runner.invoke(
        app, ["--layouts", folder, "walkabout", "score", "walkabout/mine", "--json"]
    )
    builtin = runner.invoke(app, ["walkabout", "score", "walkabout/example-game", "--json"])
    assert after.exit_code == 0, after.output
    assert json.loads(after.stdout) == json.loads(before.stdout) == json.loads(builtin.stdout)
    missing = runner.invoke(app, ["walkabout", "score", "walkabout/mine", "--json"])
    assert missing.exit_code != 0  # without the folder there is no such layout
    assert "walkabout/mine: no such layout" in str(missing.exception)
