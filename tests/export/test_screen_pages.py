"""The offline deck and roller pages made of what a game hands over: the game's counts and words
reach the page, and no word of a game can end the page's script or add markup."""

from __future__ import annotations

import re

import pytest

from sheetgen.draw.screen import ScreenDeck, ScreenDice, ScreenDie, ScreenFace, ScreenTile
from sheetgen.draw.shapes import Drawing
from sheetgen.export.pages import deck, roller
from sheetgen.export.pages.deck import deck_page
from sheetgen.export.pages.roller import roller_page
from sheetgen.games.scribbly_gum.deck import screen_deck
from sheetgen.games.scribbly_gum.model import ROUNDS, TURNS, DigitalLayout, TilesLayout
from sheetgen.games.walkabout.model import DiceLayout
from sheetgen.games.walkabout.roller import screen_dice
from sheetgen.layouts.read import load_model
from tests.support.palette import contrast

BLANK = Drawing(10, 10, (), title="blank")
HOSTILE = "</script><b>&"


def test_scribbly_gum_hands_over_its_deck_and_its_rules_counts() -> None:
    tiles = load_model("scribbly-gum/tiles", TilesLayout, "--tiles")
    deck = screen_deck(tiles, load_model("scribbly-gum/digital", DigitalLayout, "--screen"))
    assert [t.move for t in deck.tiles] == list(tiles.movement)
    assert (deck.rounds, deck.turns) == (ROUNDS, TURNS)
    page = deck_page(deck)
    assert f'Round <b id="round">1</b> of {ROUNDS}' in page
    assert f"var ROUNDS = {ROUNDS}, TURNS = {TURNS};" in page


def test_the_deck_page_takes_its_counts_and_words_from_the_deck() -> None:
    deck = ScreenDeck(
        game="Game",
        title="A deck",
        tile_called="card",
        tiles=(ScreenTile("a", HOSTILE, BLANK),),
        rounds=2,
        turns=5,
        round_end=HOSTILE,
        game_end=HOSTILE,
    )
    page = deck_page(deck)
    assert 'Game · Round <b id="round">1</b> of 2 · Turn <b id="turn">0</b> of 5' in page
    assert 'aria-label="Reveal the next card"' in page
    assert "var ROUNDS = 2, TURNS = 5;" in page
    assert page.count("</script>") == 2  # the data's and the page's own: no word ends one
    assert "<b>&" not in page


def test_walkabout_hands_over_every_face_of_its_dice() -> None:
    layout = load_model("walkabout/dice", DiceLayout, "--dice")
    dice = screen_dice(layout)
    assert [len(d.faces) for d in dice.dice] == [len(d.faces) for d in layout.dice]
    assert dice.dice[0].faces[0].move.startswith("forward")
    assert "<h1>WALKABOUT</h1><span>Day" in roller_page(dice)


def test_the_roller_page_takes_its_words_from_the_dice() -> None:
    face = ScreenFace(BLANK, HOSTILE, HOSTILE)
    dice = ScreenDice(
        game="Game",
        title="Dice",
        dice=(ScreenDie(HOSTILE, (face,) * 6),),
        turn_called="Turn",
        game_called="match",
        faces_shown="Read a face.",
    )
    page = roller_page(dice)
    assert '<h1>GAME</h1><span>Turn <b id="day">0</b>' in page
    assert "New match</button>" in page and "Read a face. Press space to roll." in page
    assert 'li.textContent = "Turn " + rolls.length' in page
    assert page.count("</script>") == 2 and "<b>&" not in page


@pytest.mark.parametrize("page", ["deck", "roller"])
def test_every_focus_ring_stands_out_three_to_one_from_the_page(page: str) -> None:
    """WCAG 2.2 asks a focus indicator to contrast 3:1 with what is around it: each
    `:focus-visible` outline's colour against the page's background (coloraide's ratio)."""
    style = (deck if page == "deck" else roller).STYLE
    colours = dict(re.findall(r"--([a-z]+):\s*(#[0-9a-fA-F]{6})", style))
    rings = re.findall(r":focus-visible\s*{\s*outline:\s*\d+px solid ([^;]+);", style)
    assert rings, "no focus ring"
    for ring in rings:
        colour = colours[ring[6:-1]] if ring.startswith("var(--") else ring.strip()
        assert contrast(colour, colours["bg"]) >= 3.0, (ring, colour)
