"""What the Scrumpit tests share: the example game, turns and records made from it, and what
`sheetgen check` finds in a record written as a game file."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from sheetgen.games.scrumpit.model import GameRecord, LaidLetter, Turn
from sheetgen.layouts.read import load
from tests.support import sheetgen

EXAMPLE: GameRecord = load("scrumpit/example-game").model  # type: ignore[assignment]
EXAMPLE_WORDS = [
    *("PLANTED", "CHARMED", "ARREST", "ROBUST", "EXOTIC", "COMFORT", "TAX", "SQUARE", "TONIC"),
    *("TAXI", "JOKES", "PAGEANT", "TAXIS", "DYE", "MAPLE", "INTO"),
]
Findings = list[tuple[str, str]]
UNCHECKED = (
    "turns: the words are not checked against a word list: give --words FILE (one "
    "word a line) to referee the spelling too"
)


def play(
    player: str,
    tiles: Sequence[tuple[str, int, int]] = (),
    scrumped: Sequence[tuple[int, int]] = (),
    exchanged: str = "",
) -> Turn:
    return Turn(
        player=player,  # type: ignore[arg-type]
        tiles=[LaidLetter(letter=ch, at=(x, y)) for ch, x, y in tiles],
        scrumped=list(scrumped),
        exchanged=exchanged,
    )


def example(*, turns: dict[int, Turn] | None = None, **update: object) -> GameRecord:
    """The example game with turns replaced (by their 1-based number) and keys changed."""
    played = list(EXAMPLE.turns)
    for number, turn in (turns or {}).items():
        played[number - 1] = turn
    return EXAMPLE.model_copy(update={"turns": played, **update})


def toml(record: GameRecord) -> str:
    """A record as a game file, as a user would write it."""
    lines = ['game = "scrumpit"', 'component = "game"', 'name = "test-game"']
    if record.finisher:
        lines.append(f'finisher = "{record.finisher}"')
    if record.racks:
        lines.append(
            "racks = { " + ", ".join(f'{k} = "{v}"' for k, v in record.racks.items()) + " }"
        )
    for t in record.turns:
        lines += ["", "[[turns]]", f'player = "{t.player}"']
        if t.tiles:
            laid = ", ".join(
                f'{{ letter = "{p.letter}", at = [{p.at[0]}, {p.at[1]}] }}' for p in t.tiles
            )
            lines.append(f"tiles = [{laid}]")
        if t.scrumped:
            lines.append(f"scrumped = [{', '.join(f'[{x}, {y}]' for x, y in t.scrumped)}]")
        if t.exchanged:
            lines.append(f'exchanged = "{t.exchanged}"')
    return "\n".join(lines) + "\n"


def check(tmp_path: Path, record: GameRecord, *words: str) -> tuple[int, Findings]:
    """`sheetgen check` of the record (with a word list of `words`, if any): its exit code
    and its findings as (key, message) pairs."""
    path = tmp_path / "game.toml"
    path.write_text(toml(record), encoding="utf-8")
    args = ["check", str(path)]
    if words:
        listed = tmp_path / "words.txt"
        listed.write_text("\n".join(words) + "\n", encoding="utf-8")
        args += ["--words", str(listed)]
    run = sheetgen(*args)
    assert "Traceback" not in run.err
    found = []
    for line in unplaced(run.err, path).splitlines():
        assert line.startswith(f"error: {path}:"), line
        where, _, message = line[len(f"error: {path}:") :].partition(": ")
        found.append((where, message))
    out = unplaced(run.out, path).strip()
    warned = f"warning: {path}:{UNCHECKED}"
    if run.code == 0:
        assert out == (f"{path}: ok" if words else f"{warned}\n{path}: ok (1 warning)")
        assert not found
    else:  # the warning stands beside the errors when no word list is given
        assert out == ("" if words else warned)
    return run.code, found


def unplaced(text: str, path: Path) -> str:
    """The lines with the line and column after the file name left out (this file tests what
    the findings say; tests/test_findings.py where they point)."""
    return re.sub(rf"^(\w+: {re.escape(str(path))}):\d+:\d+: ", r"\1:", text, flags=re.M)


def refused(tmp_path: Path, record: GameRecord, *words: str) -> Findings:
    """The findings of a record `check` must refuse (exit 1)."""
    code, found = check(tmp_path, record, *words)
    assert code == 1 and found, found
    return found
