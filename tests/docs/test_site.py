"""The documentation: the site builds from `docs/` with every warning an error, the reference
pages written from the program are current, and the README stays a short front door whose
two commands are the ones CI and users run."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.support import ROOT
from tests.support.docs import page_text

README = ROOT / "README.md"
TWO_COMMANDS = [
    "python -m pip install . && sheetgen build --all",
    "python -m pip install '.[test]' && python -m pytest",
]


def make_reference() -> ModuleType:
    """docs/make_reference.py, the script that writes the reference pages."""
    spec = importlib.util.spec_from_file_location("make_reference", ROOT / "docs/make_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.process
def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    """`mkdocs build --strict`: a broken link or anchor, a missing picture or a page left out
    of the navigation fails it."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # Material's notice of its end of life
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    assert "WARNING" not in built.stderr, built.stderr
    for page in ("index", "games/marram/index", "reference/commands/index", "development/index"):
        assert (tmp_path / f"{page}.html").is_file(), page


@pytest.mark.parametrize("page", ["commands", "layouts"])
def test_each_reference_page_is_what_the_program_says_now(page: str) -> None:
    """The committed reference page is what docs/make_reference.py writes from the command
    line and the schemas as they are; run the script after changing either."""
    script = make_reference()
    path = ROOT / "docs" / "reference" / f"{page}.md"
    write = script.PAGES[path]
    assert page_text(path) == write(), f"{path.name} is stale: run python docs/make_reference.py"


def test_every_command_and_kind_has_its_reference() -> None:
    from sheetgen.kinds import kinds

    commands = page_text(ROOT / "docs/reference/commands.md")
    for command in ("sheetgen build", "sheetgen export pieces", "sheetgen walkabout moves"):
        assert f"`{command}`" in commands
    layouts = page_text(ROOT / "docs/reference/layouts.md")
    for kind in kinds():
        assert f"## `{kind}`" in layouts


def test_the_readme_is_a_short_front_door_with_its_two_commands() -> None:
    text = page_text(README)
    assert len(text.splitlines()) < 150
    contents = text[text.index("## Contents") :].split("\n## ", 1)[0]
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    for heading in headings[1:]:
        anchor = re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")
        assert f"(#{anchor})" in contents, heading
    section = text[text.index("## The two commands") :].split("\n## ", 1)[0]
    said = [body.strip() for body in re.findall(r"```\w*\n(.*?)```", section, re.DOTALL)]
    assert said == TWO_COMMANDS


def test_ci_runs_the_readmes_test_command_exactly() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert TWO_COMMANDS[1] in ci


def test_the_readme_links_to_pages_that_exist() -> None:
    for target in re.findall(r"\]\(((?:docs/)[^)#]*)", page_text(README)):
        assert (ROOT / target).exists(), target


def test_every_page_shows_its_pictures_from_docs() -> None:
    """A picture a page shows is one of the PNGs in docs/ (made by docs/make_pictures.py)."""
    for page in [README, *sorted((ROOT / "docs").rglob("*.md"))]:
        for picture in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", page_text(page)):
            assert (page.parent / picture).resolve().is_file(), (page.name, picture)
