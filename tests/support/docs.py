"""The README and the documentation pages in `docs/`, as the tests read them: their text, and
every `sheetgen` command they show, with the output shown after it where a page shows one.

A page shows commands in two kinds of block. In a ```sh block every line that runs `sheetgen`
(alone, or after `&&`) is a command; `export NAME=VALUE` sets a variable for the commands after
it, `> FILE` sends the output to a file, and `#` starts a comment. In a ```console block a line
`$ sheetgen …` is a command and the lines under it, up to the next `$`, are what it prints
(stdout, then stderr)."""

from __future__ import annotations

import functools
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from tests.support import ROOT

DOCS = ROOT / "docs"
GAMES = ("scribe", "scribbly-gum", "walkabout", "marram", "scrumpit")
FENCE = re.compile(r"^( *)```(\w*)\s*$")


@functools.cache
def pages() -> tuple[Path, ...]:
    """The README and every page of the documentation site, README first."""
    return (ROOT / "README.md", *sorted(DOCS.rglob("*.md")))


def page_text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


@functools.cache
def documentation() -> str:
    """The README and every documentation page as one text, for a test that checks a fact
    wherever the documentation states it."""
    return "\n\n".join(page_text(page) for page in pages())


def blocks(page: Path, *languages: str) -> list[tuple[int, str, list[str]]]:
    """(line of the opening fence, language, lines) of each fenced block of those languages,
    its lines taken out of the indentation of a list item."""
    found: list[tuple[int, str, list[str]]] = []
    lines = page_text(page).split("\n")
    number = 0
    while number < len(lines):
        fence = FENCE.match(lines[number])
        if fence is None:
            number += 1
            continue
        indent, language = len(fence.group(1)), fence.group(2)
        end = number + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        if language in languages:
            found.append(
                (number + 1, language, [line[indent:] for line in lines[number + 1 : end]])
            )
        number = end + 1
    return found


@dataclass(frozen=True)
class Shown:
    """A command as a page shows it: its arguments after `sheetgen`, the variables set for
    it, the file its output is sent to, and the output the page shows (None: none shown)."""

    line: str
    argv: tuple[str, ...]
    env: tuple[tuple[str, str], ...] = ()
    to_file: str | None = None
    output: str | None = None


@dataclass(frozen=True)
class Example:
    """A block's commands, run in order in one folder: a ```console block whole, or one
    command of a ```sh block."""

    page: Path
    line: int
    commands: tuple[Shown, ...]

    @property
    def name(self) -> str:
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page
        return f"{page}:{self.line}"

    @property
    def game(self) -> str | None:
        """The game whose files the commands mean by `my-game.toml` and the like: the game of
        its command group, or of the page it is on."""
        first = self.commands[0].argv[:1]
        if first and first[0] in GAMES:
            return first[0]
        return self.page.stem if self.page.parent.name == "games" else None


def _command(text: str, env: dict[str, str]) -> Shown:
    words = shlex.split(text, comments=True)
    assert words[0] == "sheetgen", text
    to_file = None
    if ">" in words:
        at = words.index(">")
        words, to_file = words[:at], words[at + 1]
    return Shown(text, tuple(words[1:]), tuple(env.items()), to_file)


def examples(page: Path) -> list[Example]:
    """Every command the page shows, in the order shown."""
    found: list[Example] = []
    for start, language, lines in blocks(page, "sh", "console"):
        env: dict[str, str] = {}
        if language == "console":
            commands: list[Shown] = []
            for line in lines:
                if line.startswith("$ "):
                    commands.append(_command(line[2:], env))
                else:
                    last = commands[-1]
                    said = line if last.output is None else f"{last.output}\n{line}"
                    commands[-1] = Shown(last.line, last.argv, last.env, last.to_file, said)
            found.append(Example(page, start + 1, tuple(commands)))
            continue
        for offset, line in enumerate(lines, start + 1):
            if line.startswith("export "):
                name, _, value = line.removeprefix("export ").partition("=")
                env[name] = shlex.split(value, comments=True)[0]
            for part in line.split("&&"):
                if part.strip().startswith("sheetgen "):
                    found.append(Example(page, offset, (_command(part.strip(), env),)))
    return found


def all_examples() -> list[Example]:
    """Every command of every page, a command shown on several pages (in the same game's
    context, with the same output) once."""
    found: dict[object, Example] = {}
    for page in pages():
        for example in examples(page):
            said = tuple((c.argv, c.env, c.to_file, c.output) for c in example.commands)
            found.setdefault((said, example.game), example)
    return list(found.values())
