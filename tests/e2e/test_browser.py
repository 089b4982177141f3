"""The offline HTML deck and dice roller in a real browser (Debian's Chromium, by Playwright)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.support import ROOT, sheetgen

# drives Chromium, a program of its own
pytestmark = pytest.mark.process


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


@pytest.mark.slow
def test_deck_screenshot_has_the_tile_ink(browser: Any, deck_file: Path, tmp_path: Path) -> None:
    """Every tile of a round shows its white ink (an arrow, or the dotted tile's circles: the
    sparsest, about 1.4 % of the stage) and its yellow frame and name; the shuffle is random, so
    the bounds hold for every tile, and a round reveals seven of the eight."""
    page, _, _ = open_page(browser, deck_file)
    shot = tmp_path / "stage.png"
    for _ in range(7):
        page.keyboard.press("Space")
        page.locator("#stage").screenshot(path=str(shot))
        image = Image.open(shot).convert("RGB")
        w, h = image.size
        colours = [image.getpixel((x, y)) for x in range(0, w, 4) for y in range(0, h, 4)]
        white = sum(1 for c in colours if min(c) > 235)  # type: ignore[type-var]
        yellow = sum(1 for c in colours if c[0] > 230 and c[1] > 180 and c[2] < 120)  # type: ignore[index]
        assert white > len(colours) * 0.01
        assert yellow > len(colours) * 0.01


@pytest.mark.slow
def test_deck_fits_a_phone(browser: Any, deck_file: Path) -> None:
    page, _, errors = open_page(browser, deck_file, 390, 844)
    page.click("#stage")
    box = page.locator("#stage").bounding_box()
    assert box is not None and box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []


def deck_state(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("window.sheetgenDeck.state()")
    return state


def focused(page: Any) -> str:
    return str(page.evaluate("document.activeElement.id"))


@pytest.mark.slow
def test_deck_keeps_the_keyboard_after_every_button(browser: Any, deck_file: Path) -> None:
    """After a click on New game or Undo the keys work the deck again (Space reveals the next
    tile, not the button a second time), and every key a keyboard or presenter's clicker sends
    for 'next' reveals one tile."""
    page, requests, errors = open_page(browser, deck_file)
    page.click("#new")  # no game under way: a new one at once
    assert focused(page) == "stage"
    page.keyboard.press("Space")
    assert deck_state(page)["turn"] == 1  # revealed, not restarted
    page.click("#undo")
    assert focused(page) == "stage" and deck_state(page)["turn"] == 0
    page.keyboard.press("Space")
    assert deck_state(page)["turn"] == 1
    for turn, key in enumerate(["PageDown", "ArrowRight", "ArrowDown", "Enter"], start=2):
        page.keyboard.press(key)
        assert deck_state(page)["turn"] == turn, key
    page.click("#new")
    page.click("#restart")  # mid-game: confirmed in the dialog
    assert focused(page) == "stage" and deck_state(page)["turn"] == 0
    page.keyboard.press("Space")
    assert deck_state(page)["turn"] == 1
    page.focus("#undo")  # a keyboard user's Tab to a button: PageDown still reveals
    page.keyboard.press("PageDown")
    assert deck_state(page)["turn"] == 2 and focused(page) == "stage"
    assert requests == [deck_file.as_uri()] and errors == []


@pytest.mark.slow
def test_deck_page_up_takes_the_last_reveal_back(browser: Any, deck_file: Path) -> None:
    page, _, errors = open_page(browser, deck_file)
    for _ in range(3):
        page.keyboard.press("PageDown")
    before = deck_state(page)
    shown = page.inner_html("#stage")
    page.keyboard.press("PageDown")
    fourth = deck_state(page)
    page.keyboard.press("PageUp")
    after = deck_state(page)
    assert after["turn"] == 3 and after["revealed"] == before["revealed"]
    assert page.locator("#revealed figure").count() == 3
    assert page.inner_html("#stage") == shown  # the third tile is on the stage again
    page.keyboard.press("PageDown")  # the tile taken back comes out again
    assert deck_state(page)["revealed"] == fourth["revealed"]
    for key in ("ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
    page.click("#undo")
    assert deck_state(page)["turn"] == 1
    # across a round's end: round 2's first tile taken back leaves round 1 as it ended
    for _ in range(6):
        page.keyboard.press("Space")
    round_one = deck_state(page)
    assert round_one["round"] == 1 and round_one["turn"] == 7
    page.keyboard.press("Space")
    assert deck_state(page)["round"] == 2
    page.keyboard.press("PageUp")
    assert deck_state(page) == round_one
    assert "End of round 1" in page.inner_text("#message")
    while deck_state(page)["turn"]:
        page.keyboard.press("PageUp")
    assert deck_state(page)["undoable"] == 0 and page.locator("#undo").is_disabled()
    assert errors == []


@pytest.mark.slow
def test_deck_asks_before_a_restart_mid_game(browser: Any, deck_file: Path) -> None:
    """An in-page dialog, not the browser's confirm(): cancelling (its button or Escape) keeps
    the game; confirming starts a new one; with nothing revealed, or the game over, there is
    nothing to lose and no question."""
    page, _, errors = open_page(browser, deck_file)
    native: list[str] = []
    page.on("dialog", lambda d: (native.append(d.message), d.dismiss()))
    page.keyboard.press("Space")
    page.keyboard.press("Space")
    game = deck_state(page)
    page.click("#new")
    assert page.locator("#confirm").is_visible()
    assert "new game" in page.inner_text("#confirm").lower()
    page.keyboard.press("Space")  # keys go to the dialog (its focused button), not the deck
    assert deck_state(page) == game and not page.locator("#confirm").is_visible()
    page.click("#new")
    page.click("#keep")
    assert deck_state(page) == game and focused(page) == "stage"
    page.click("#new")
    page.keyboard.press("Escape")
    assert deck_state(page) == game and not page.locator("#confirm").is_visible()
    page.keyboard.press("Space")
    assert deck_state(page)["turn"] == 3  # the same game goes on
    page.click("#new")
    page.click("#restart")
    fresh = deck_state(page)
    assert fresh["round"] == 1 and fresh["turn"] == 0 and fresh["undoable"] == 0
    page.click("#new")  # nothing revealed yet: no question
    assert not page.locator("#confirm").is_visible()
    for _ in range(21):
        page.keyboard.press("Space")
    assert deck_state(page)["over"] is True
    page.click("#new")  # the game is over: no question
    assert not page.locator("#confirm").is_visible() and deck_state(page)["turn"] == 0
    assert native == [] and errors == []


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


def test_roller_keys_roll_after_a_new_walk(browser: Any, tmp_path: Path) -> None:
    """After a click on "New walk", Space and Enter roll the dice (they went to the button,
    starting a new walk again)."""
    path = tmp_path / "roller.html"
    run = sheetgen("walkabout", "roller", "--out", str(path))
    assert run.code == 0, run.err
    page, _, errors = open_page(browser, path)
    page.click("#roll")
    page.click("#reset")
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    assert len(page.evaluate("window.sheetgenRoller.rolls()")) == 2
    assert errors == []


def test_layout_text_with_markup_stays_text(browser: Any, tmp_path: Path) -> None:
    dice = tmp_path / "dice.toml"
    source = (ROOT / "layouts" / "walkabout" / "dice.toml").read_text()
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
