"""The house keeps the rules docs/architecture.md states: no import circle among sheetgen's
modules (imports inside functions and for type checking counted), games import no backend,
press, export or CLI, a game's rules import no drawing, nothing imports the CLI, and at most
twelve modules lie directly under sheetgen/."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support import ROOT

PACKAGE = ROOT / "sheetgen"


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        found[name] = path
    return found


MODULES = _modules()


def _imports(name: str, typing: bool = True) -> set[str]:
    """The sheetgen modules `name` imports, anywhere in its text (but under `if
    TYPE_CHECKING:` when not `typing`)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    skipped: set[int] = set()
    if not typing:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skipped |= {id(inner) for inner in ast.walk(node)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        else:
            continue
        out |= {t for t in targets if t in MODULES and t != name and not name.startswith(t + ".")}
    return out


GRAPH = {name: _imports(name) for name in MODULES}
RUNTIME = {name: _imports(name, typing=False) for name in MODULES}


def test_no_module_imports_itself_through_others() -> None:
    circles = []
    for start in GRAPH:
        seen, todo = set(), list(GRAPH[start])
        while todo:
            name = todo.pop()
            if name == start:
                circles.append(start)
                break
            if name not in seen:
                seen.add(name)
                todo += GRAPH[name]
    assert circles == []


def test_the_reader_finds_an_import_inside_a_function() -> None:
    """The graph counts deferred imports: cli imports the build only inside its command."""
    assert "sheetgen.pipeline.build" in GRAPH["sheetgen.cli.build"] | GRAPH["sheetgen.cli"]


def test_games_import_no_backend_press_export_or_cli() -> None:
    banned = ("sheetgen.backends", "sheetgen.press", "sheetgen.export", "sheetgen.cli")
    broken = sorted(
        f"{name} -> {target}"
        for name, targets in GRAPH.items()
        if name.startswith("sheetgen.games.")
        for target in targets
        if target.startswith(banned)
    )
    assert broken == []


def _reached(name: str) -> set[str]:
    """Every sheetgen module importing `name` runs, through the modules it imports."""
    reached, todo = set(), [name]
    while todo:
        for target in RUNTIME[todo.pop()]:
            if target not in reached:
                reached.add(target)
                todo.append(target)
    return reached


def test_a_game_reaches_no_press_backend_export_or_cli_when_it_runs() -> None:
    """Not even through the modules it imports (its commands, the CLI's side of the game,
    hand screen pages to the pipeline)."""
    banned = ("sheetgen.backends", "sheetgen.press", "sheetgen.export", "sheetgen.cli")
    games = [n for n in RUNTIME if n.startswith("sheetgen.games.") and n.count(".") == 3]
    broken = {
        name: sorted(t for t in _reached(name) if t.startswith(banned))
        for name in games
        if not name.endswith(".commands")
    }
    assert {name: found for name, found in broken.items() if found} == {}


def test_a_games_rules_import_no_drawing() -> None:
    """Rules never reach the drawing or the press when they run, directly or through the
    modules they import."""
    rules = [n for n in GRAPH if n.startswith("sheetgen.games.") and n.endswith(".rules")]
    assert len(rules) >= 5
    for name in rules:
        reached = _reached(name)
        drawing = sorted(t for t in reached if t.startswith(("sheetgen.draw", "sheetgen.press")))
        assert drawing == [], name


def test_nothing_imports_the_cli() -> None:
    outside = sorted(
        f"{name} -> {target}"
        for name, targets in GRAPH.items()
        if not name.startswith("sheetgen.cli") and name != "sheetgen.__main__"
        for target in targets
        if target.startswith("sheetgen.cli")
    )
    assert outside == []


def test_at_most_twelve_modules_lie_directly_under_the_package() -> None:
    flat = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(flat) <= 12, flat
