"""The offline HTML deck and dice roller in a real browser (Debian's Chromium, by Playwright)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.conftest import sheetgen

# driven as a user would (subprocesses, a browser, an install, fuzzing): not for mutmut
pytestmark = pytest.mark.slow

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


def open_page(
    browser: Any, path: Path, width: int = 1280, height: int = 800
) -> tuple[Any, list[str], list[str]]:
    page = browser.new_page(viewport={"width": width, "height": height})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(path.as_uri())
    return page, requests, errors


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("deck") / "deck.html"
    run = sheetgen("scribbly-gum", "deck", "--out", str(path))
    assert run.code == 0, run.err
    return path


def test_deck_plays_three_rounds_of_seven_and_ends(browser: Any, deck_file: Path) -> None:
    page, requests, errors = open_page(browser, deck_file)
    state = page.evaluate("window.sheetgenDeck.state()")
    assert state["round"] == 1 and state["turn"] == 0
    seen_rounds = []
    for rnd in range(1, 4):
        for turn in range(1, 8):
            if (rnd + turn) % 3 == 0:
                page.click("#stage")
            else:
                page.keyboard.press(["Space", "ArrowRight", "ArrowDown"][turn % 3])
            state = page.evaluate("window.sheetgenDeck.state()")
            assert state["round"] == rnd and state["turn"] == turn
        assert len(state["revealed"]) == 7 == len(set(state["revealed"]))
        assert state["setAside"] not in state["revealed"]
        assert page.locator("#revealed figure").count() == 7  # every tile of the round shown
        seen_rounds.append(state["setAside"])
        if rnd < 3:
            assert "End of round" in page.inner_text("#message")
    assert state["over"] is True
    assert "Game over" in page.inner_text("#message")
    page.keyboard.press("Space")  # nothing more after the end
    assert page.evaluate("window.sheetgenDeck.state()")["turn"] == 7
    page.click("#new")
    assert page.evaluate("window.sheetgenDeck.state()") == {
        **page.evaluate("window.sheetgenDeck.state()"),
        "round": 1,
        "turn": 0,
        "over": False,
    }
    assert requests == [deck_file.as_uri()]  # no network request at all
    assert errors == []


def test_deck_screenshot_has_the_tile_ink(browser: Any, deck_file: Path, tmp_path: Path) -> None:
    page, _, _ = open_page(browser, deck_file)
    page.keyboard.press("Space")
    shot = tmp_path / "stage.png"
    page.locator("#stage").screenshot(path=str(shot))
    image = Image.open(shot).convert("RGB")
    w, h = image.size
    colours = [image.getpixel((x, y)) for x in range(0, w, 4) for y in range(0, h, 4)]
    white = sum(1 for c in colours if min(c) > 235)  # type: ignore[type-var]
    yellow = sum(1 for c in colours if c[0] > 230 and c[1] > 180 and c[2] < 120)  # type: ignore[index]
    assert white > len(colours) * 0.02  # the arrow (or the dotted tile's circles)
    assert yellow > len(colours) * 0.01  # the frame and the tile's name


def test_deck_fits_a_phone(browser: Any, deck_file: Path) -> None:
    page, _, errors = open_page(browser, deck_file, 390, 844)
    page.click("#stage")
    box = page.locator("#stage").bounding_box()
    assert box is not None and box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []


def test_roller_rolls_all_three_dice_and_keeps_the_days(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "roller.html"
    run = sheetgen("walkabout", "roller", "--out", str(path))
    assert run.code == 0, run.err
    page, requests, errors = open_page(browser, path)
    page.click("#roll")
    page.keyboard.press("Space")
    page.click("#roll")
    rolls = page.evaluate("window.sheetgenRoller.rolls()")
    assert len(rolls) == 3 and all(len(r) == 3 and all(0 <= f < 6 for f in r) for r in rolls)
    assert page.locator("#dice .die svg").count() == 3
    assert page.locator("#history li").count() == 3
    assert "Day 3:" in page.inner_text("#history")
    assert requests == [path.as_uri()] and errors == []


def test_layout_text_with_markup_stays_text(browser: Any, tmp_path: Path) -> None:
    dice = tmp_path / "dice.toml"
    source = (Path(__file__).parent.parent / "layouts" / "walkabout" / "dice.toml").read_text()
    dice.write_text(source.replace('name = "Light"', 'name = "<b>Lt</b>"'), encoding="utf-8")
    path = tmp_path / "roller.html"
    run = sheetgen("walkabout", "roller", "--dice", str(dice), "--out", str(path))
    assert run.code == 0, run.err
    text = path.read_text(encoding="utf-8")
    assert "<b>Lt</b>" not in text  # escaped wherever it lands: JSON, SVG titles
    page, requests, errors = open_page(browser, path)
    page.click("#roll")
    assert "<b>Lt</b>" in page.inner_text("#dice")  # shown as text, not markup
    assert page.locator("#dice b").count() == 0
    assert requests == [path.as_uri()] and errors == []
