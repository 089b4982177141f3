"""What every test gets: work shared by the whole run (a build of everything, each kind's
starting layout, the Scribe sheet), the browser the browser tests drive, hypothesis's
profiles, and caches forgotten between tests under mutmut. The helpers tests call are in
tests/support."""

from __future__ import annotations

import functools
import gc
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.support import EVERYTHING, ROOT, sheetgen
from tests.support.shared import once

# Hypothesis profiles: `quick` for every run of the suite (60 examples a property; the default
# tier's fuzzing asks for 10 itself), `thorough` for deeper fuzzing
# (HYPOTHESIS_PROFILE=thorough python -m pytest -m slow tests/e2e/test_fuzz.py).
settings.register_profile(
    "quick", max_examples=60, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


_KEPT = ("typefaces.py", "fonts.py", "shaping.py")  # read font files, which no mutant changes
_CACHED: list[functools._lru_cache_wrapper[object]] = []


def pytest_collection_finish(session: pytest.Session) -> None:
    """Under mutmut (MUTANT_UNDER_TEST set), find the cached results of sheetgen and of the
    tests (built documents, drawings), which `_run_afresh` forgets before every test."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        _CACHED[:] = [found for found in gc.get_objects() if _ours(found)]


def _ours(found: object) -> bool:
    if not isinstance(found, functools._lru_cache_wrapper):
        return False
    code = getattr(getattr(found, "__wrapped__", None), "__code__", None)
    if code is None:
        return False
    where = Path(code.co_filename).resolve()  # a module found through "." has a relative name
    module = str(getattr(found, "__module__", "") or "")
    return (module.split(".")[0] == "sheetgen" and where.name not in _KEPT) or where.is_relative_to(
        ROOT / "tests"
    )


@pytest.fixture(autouse=True)
def _run_afresh() -> None:
    """Each test computes what it checks. mutmut forks a mutant's run from a process that has
    already run the tests, and it picks the tests for a mutant by which ones called it when
    timed; a result cached by an earlier test would hand back the original code's answer, or
    hide that a later test depends on the mutated code. So under mutmut nothing is cached
    from one test to the next (in a normal run caches are kept: they are what makes the
    suite fast)."""
    for cached in _CACHED:
        cached.cache_clear()
    if not os.environ.get("MUTANT_UNDER_TEST"):
        return
    rasters = sys.modules.get("sheetgen.backends.png")  # the pages it last rasterised
    if rasters is not None:
        rasters._DONE.clear()
    tables = sys.modules.get("sheetgen.model.tables")  # each layout model's reading plan
    kinds = [tables.Table] if tables is not None else []
    while kinds:
        kind = kinds.pop()
        type.__setattr__(kind, "__table_plan__", None)
        type.__setattr__(kind, "__table_own__", None)
        kinds += kind.__subclasses__()


@pytest.fixture(scope="session")
def scribe_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The standard Scribe sheet built once as PDF, SVG and PNG (100 dpi) on A4."""
    out = tmp_path_factory.mktemp("scribe")
    run = sheetgen("build", "scribe/standard", "--out", str(out), "--dpi", "100", "-q")
    assert run.code == 0, run.err
    return out


@pytest.fixture(scope="session")
def everything(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every built-in layout built once a run as `build --all` writes it: PDF, SVG and PNG
    (40 dpi), three copies. Tests that read whole builds read these files."""

    def make(out: Path) -> None:
        run = sheetgen(*EVERYTHING, "--out", str(out))
        assert run.code == 0, run.err

    return once(tmp_path_factory, "everything", make)


@pytest.fixture(scope="session")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], str]:
    """The text `sheetgen new KIND` writes, made once a run for each kind (narrowing a
    starter's ranges checks the layout dozens of times)."""

    def text(kind: str) -> str:
        def make(folder: Path) -> None:
            run = sheetgen("new", kind, str(folder / "starter.toml"))
            assert run.code == 0, run.err

        folder = once(tmp_path_factory, "new-" + kind.replace("/", "-"), make)
        return (folder / "starter.toml").read_text(encoding="utf-8")

    return text


# SHEETGEN_CHROMIUM names another Chromium build (e.g. /usr/bin/chromium-browser)
CHROMIUM = os.environ.get("SHEETGEN_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not Path(CHROMIUM).exists():
        return f"Chromium is not installed ({CHROMIUM}; apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install '.[test]')"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium driven by Playwright; skipped with the reason on a developer's machine without
    it, a failure in CI (CI=true), where .ci/run installs it."""
    missing = chromium_missing()
    if missing:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"{missing}: CI must run the browser tests", pytrace=False)
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
