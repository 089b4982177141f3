"""What a mistake's one line says to try next: how a layout of one's own is found, the options
close to a mistyped one (and none unrelated), and the values of a number that fit."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from sheetgen.cli import COMMANDS, GROUPS, group_app
from tests.support import sheetgen


def test_an_unknown_layout_name_says_how_your_own_layouts_are_found(tmp_path: Path) -> None:
    """A newcomer's own `scribe/club` is not found without --layouts: the line says the
    nearest built-in name and how a layout of one's own is found (its file, or --layouts
    DIR or SHEETGEN_LAYOUTS), and which folders were searched when some were given."""
    run = sheetgen("build", "scribe/club")
    assert (run.code, run.out) == (2, "")
    assert run.err == (
        "error: scribe/club: no such layout file or layout name (did you mean 'scribe/pad'? a "
        "layout of your own is named by its file (scribe/club.toml), or by name from a folder "
        "holding scribe/club.toml given with --layouts DIR or in SHEETGEN_LAYOUTS)\n"
    )
    (tmp_path / "scribe").mkdir()
    run = sheetgen("build", "scribe/club", "--layouts", str(tmp_path))
    assert run.code == 2 and run.err.endswith(f"SHEETGEN_LAYOUTS; searched {tmp_path})\n")


def test_a_mistyped_option_suggests_only_close_ones() -> None:
    """`--bogus` is like no option of build's: no suggestion (it once offered --layouts and
    --out); `--outt` and `--copy` name the option meant."""
    said = {o: sheetgen("build", "scribe/standard", o) for o in ("--bogus", "--outt", "--copy")}
    assert {o: (r.code, r.out) for o, r in said.items()} == dict.fromkeys(said, (2, ""))
    assert said["--bogus"].err == ("error: no such option: --bogus (see 'sheetgen build --help')\n")
    assert said["--outt"].err == (
        "error: no such option: --outt (did you mean --out?) (see 'sheetgen build --help')\n"
    )
    assert "(did you mean --copies?)" in said["--copy"].err


def test_a_cell_too_wide_says_the_range_that_fits(tmp_path: Path) -> None:
    """`cell = 20` in a layout started with `new scribe/supergrid` is too wide for its sheet:
    the line says so and which cells fit with the rest of the layout, the range `new` wrote
    beside the key ('with this layout's other values, 11.5 to 13.3')."""
    file = tmp_path / "club.toml"
    assert sheetgen("new", "scribe/supergrid", str(file)).code == 0
    written = file.read_text(encoding="utf-8")
    assert "with this layout's other values, 11.5 to 13.3" in written
    file.write_text(re.sub(r"\ncell = [\d.]+\n", "\ncell = 20\n", written), encoding="utf-8")
    for args in (["check", str(file)], ["build", str(file), "--out", str(tmp_path)]):
        run = sheetgen(*args)
        assert run.code == 1 and "Traceback" not in run.err
        cell = next(line for line in run.err.splitlines() if ": sheet.cell: " in line)
        assert "wider than the sheet" in cell
        assert cell.endswith("(with the rest of this layout, cell = 11.5 to 13.3 fits)"), cell


def every_command() -> list[tuple[str, ...]]:
    """Each command as typed after `sheetgen`, from the CLI itself."""
    out: list[tuple[str, ...]] = [(name,) for name in COMMANDS]
    for group in GROUPS:
        for command in group_app(group).registered_commands:
            assert command.callback is not None
            out.append((group, command.name or command.callback.__name__))
    return out


@pytest.mark.parametrize("command", every_command(), ids=" ".join)
def test_every_command_helps_with_plain_value_names_and_examples(command: tuple[str, ...]) -> None:
    """`--help` showed `<_folder>`, `<int range>` and `<str>` for an option's value, and no
    example: every value is named as a user reads it (N, MM, DIR, FILE, PAPER...), and each
    command shows two or three examples of itself, with options it takes."""
    run = sheetgen(*command, "--help", env={"COLUMNS": "200"})
    assert run.code == 0, run.err
    assert not re.search(r"<[^>\s]+>", run.out.replace("<game>/<name>", "")), run.out
    shown = run.out.split("Examples:\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert 2 <= len(shown) <= 3, run.out
    options = run.out.split("Options:", 1)[1]
    for example in shown:
        words = shlex.split(example)
        assert words[: 1 + len(command)] == ["sheetgen", *command], example
        for word in words:
            if word.startswith("-") and word not in (">",):
                assert re.search(rf"(^|[\s,]){re.escape(word)}[\s,]", options), (example, word)


def test_a_length_is_named_mm_in_the_help_of_every_later_command_of_a_process() -> None:
    """Making a command renames click's number types (so they refuse NaN); the help of a
    command made after that in the same process named a length TEXT instead of MM."""
    first, again = (sheetgen("build", "--help", env={"COLUMNS": "200"}) for _ in range(2))
    assert re.search(r"--tile-size MM\b", first.out), first.out
    assert again.out == first.out
