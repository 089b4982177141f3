"""Every command that names layouts takes `--layouts DIR` after its own name, as build, check,
list and watch do: a game's commands (`walkabout score … --layouts DIR`) and export's too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer

from sheetgen.cli import GROUPS, group_app
from tests.support import ROOT, sheetgen


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
    result = sheetgen(group, command, "--help")
    assert result.code == 0, result.err
    assert "--layouts DIR" in result.out
    assert "a folder of your own layouts" in " ".join(result.out.split())


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
    folder = str(tmp_path / "mine")
    after = sheetgen("walkabout", "score", "walkabout/mine", "--json", "--layouts", folder)
    before = sheetgen("--layouts", folder, "walkabout", "score", "walkabout/mine", "--json")
    builtin = sheetgen("walkabout", "score", "walkabout/example-game", "--json")
    assert after.code == 0, after.err
    assert json.loads(after.out) == json.loads(before.out) == json.loads(builtin.out)
    missing = sheetgen("walkabout", "score", "walkabout/mine", "--json")
    assert missing.code != 0  # without the folder there is no such layout
    assert "walkabout/mine: no such layout" in missing.err
