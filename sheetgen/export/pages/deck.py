"""The offline HTML tile deck for classroom and video play: shuffle, set one aside unseen,
reveal a tile a turn, a game's turns a round and its rounds (Scribbly Gum's seven and three).
Worked by mouse, touch, keyboard or a presenter's clicker (PageDown reveals, PageUp takes the
last tile back); the keys keep working after any button; a new game asks first (an in-page
dialog) when one is under way. The game hands over its tiles and words (`ScreenDeck`)."""

from __future__ import annotations

import html

from sheetgen.backends.html import inline_svg, page, script_json
from sheetgen.draw.screen import ScreenDeck

STYLE = """
:root { color-scheme: dark; --bg: #17301f; --ink: #ffffff; --accent: #ffd23f; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 18px/1.4 "DejaVu Sans", Verdana, Arial, sans-serif; min-height: 100vh;
  display: flex; flex-direction: column; align-items: center; }
header { width: 100%; display: flex; flex-wrap: wrap; gap: .6em 1.4em; align-items: center;
  justify-content: space-between; padding: .6em 1em; font-size: clamp(16px, 2.6vw, 30px); }
header b { color: var(--accent); }
.buttons { display: flex; gap: .6em; }
button { font: inherit; font-size: clamp(14px, 2vw, 24px); padding: .35em .9em;
  border-radius: .4em; border: 2px solid var(--accent); background: transparent;
  color: var(--ink); cursor: pointer; }
button:disabled { opacity: .4; cursor: default; }
button:focus-visible { outline: 3px solid var(--ink); }
#stage { width: min(96vw, 100vh); aspect-ratio: 16 / 9; cursor: pointer;
  display: flex; align-items: center; justify-content: center; border-radius: .4em; }
#stage:focus { outline: none; }
#stage:focus-visible { outline: 3px solid var(--accent); outline-offset: 6px; }
#stage svg { width: 100%; height: auto; }
#stage .blank { font-size: clamp(20px, 4vw, 56px); text-align: center; padding: 1em;
  border: 3px dashed var(--accent); border-radius: .6em; }
#message { min-height: 1.6em; font-size: clamp(16px, 2.4vw, 28px); color: var(--accent);
  text-align: center; margin: .3em 1em; }
#revealed { display: flex; flex-wrap: wrap; gap: .5em; justify-content: center;
  padding: .5em 1em 1em; width: 100%; }
#revealed figure { margin: 0; width: clamp(90px, 12vw, 190px); }
#revealed svg { width: 100%; height: auto; border-radius: .3em; }
#revealed figcaption { text-align: center; font-size: .8em; }
#help { font-size: clamp(13px, 1.6vw, 18px); text-align: center; margin: 0 1em 2em;
  max-width: 60em; color: #d8e6dc; }
kbd { font: inherit; border: 1px solid #d8e6dc; border-radius: .25em; padding: 0 .3em; }
dialog { background: var(--bg); color: var(--ink); border: 3px solid var(--accent);
  border-radius: .6em; padding: 1.2em 1.4em; max-width: min(90vw, 34em);
  font-size: clamp(16px, 2.2vw, 26px); }
dialog::backdrop { background: rgba(0, 0, 0, .6); }
dialog p { margin: 0 0 1em; }
dialog .buttons { justify-content: flex-end; margin: 0; }
dialog #restart { background: var(--accent); color: #17301f; }
template { display: none; }
"""

# Keys, as a keyboard and a presenter's clicker send them (clickers send PageDown and PageUp,
# some the arrow keys).
NEXT_KEYS = (" ", "Spacebar", "Enter", "ArrowRight", "ArrowDown", "PageDown")
BACK_KEYS = ("ArrowLeft", "ArrowUp", "PageUp", "Backspace")

SCRIPT = """
(function () {
  "use strict";
  var TILES = JSON.parse(document.getElementById("deck-data").textContent);
  var ROUNDS = __ROUNDS__, TURNS = __TURNS__;
  var NEXT = __NEXT__, BACK = __BACK__;
  var stage = document.getElementById("stage"), dialog = document.getElementById("confirm");
  var state, past;  // the game, and each state before a reveal (for Undo)
  function randomIndex(n) {
    var limit = Math.floor(4294967296 / n) * n, buf = new Uint32Array(1);
    do { crypto.getRandomValues(buf); } while (buf[0] >= limit);
    return buf[0] % n;
  }
  function shuffled() {
    var order = TILES.map(function (t, i) { return i; });
    for (var i = order.length - 1; i > 0; i--) {
      var j = randomIndex(i + 1), t = order[i]; order[i] = order[j]; order[j] = t;
    }
    return order;
  }
  function copy(s) {
    return { round: s.round, setAside: s.setAside, queue: s.queue.slice(),
             revealed: s.revealed.slice(), over: s.over };
  }
  function startRound(number) {
    var order = shuffled();
    state.round = number; state.setAside = order[0]; state.queue = order.slice(1, 1 + TURNS);
    state.revealed = [];
  }
  function tileNode(index) {
    return document.getElementById("tile-" + index).content.firstElementChild.cloneNode(true);
  }
  function figure(turn, index) {
    var fig = document.createElement("figure"), cap = document.createElement("figcaption");
    fig.appendChild(tileNode(index));
    cap.textContent = "Turn " + turn + ": " + TILES[index].name;
    fig.appendChild(cap);
    return fig;
  }
  function show() {
    document.getElementById("round").textContent = state.round;
    document.getElementById("turn").textContent = state.revealed.length;
    document.getElementById("undo").disabled = past.length === 0;
    var msg = document.getElementById("message"), row = document.getElementById("revealed");
    stage.textContent = "";
    row.textContent = "";
    state.revealed.forEach(function (index, i) { row.appendChild(figure(i + 1, index)); });
    if (state.revealed.length) {
      stage.appendChild(tileNode(state.revealed[state.revealed.length - 1]));
    } else {
      var blank = document.createElement("div");
      blank.className = "blank";
      blank.textContent = "Round " + state.round + ": one tile is set aside unseen. " +
        "Click, tap or press space for the first tile.";
      stage.appendChild(blank);
    }
    if (state.over) {
      msg.textContent = __GAME_OVER__;
    } else if (state.revealed.length === TURNS) {
      msg.textContent = "End of round " + state.round + __ROUND_END__ +
        "The next press starts round " + (state.round + 1) + ".";
    } else {
      msg.textContent = "";
    }
  }
  function advance() {
    if (state.over) { return; }
    past.push(copy(state));
    if (state.revealed.length === TURNS) { startRound(state.round + 1); }
    state.revealed.push(state.queue.shift());
    if (state.round === ROUNDS && state.revealed.length === TURNS) { state.over = true; }
    show();
  }
  function undo() {
    if (!past.length) { return; }
    state = past.pop();
    show();
  }
  function newGame() {
    state = { round: 1, setAside: null, queue: [], revealed: [], over: false };
    past = [];
    startRound(1);
    show();
  }
  function midGame() { return past.length > 0 && !state.over; }
  function backToTiles() { stage.focus({ preventScroll: true }); }
  function askNewGame() {
    if (!midGame()) { newGame(); backToTiles(); return; }
    dialog.showModal();
    document.getElementById("keep").focus();
  }
  function answer(restart) {
    // closing the dialog gives the focus back to "New game": take it on to the tiles at
    // once, before the next key arrives
    dialog.close();
    if (restart) { newGame(); }
    backToTiles();
  }
  document.getElementById("keep").addEventListener("click", function () { answer(false); });
  document.getElementById("restart").addEventListener("click", function () { answer(true); });
  dialog.addEventListener("cancel", function (e) { e.preventDefault(); answer(false); });
  stage.addEventListener("click", function () { advance(); backToTiles(); });
  document.getElementById("new").addEventListener("click", function (e) {
    e.stopPropagation(); askNewGame();
  });
  document.getElementById("undo").addEventListener("click", function (e) {
    e.stopPropagation(); undo(); backToTiles();
  });
  document.addEventListener("keydown", function (e) {
    if (dialog.open || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var onButton = e.target.tagName === "BUTTON";
    if (onButton && (e.key === " " || e.key === "Enter")) { return; }  // the button's own
    if (NEXT.indexOf(e.key) >= 0) {
      e.preventDefault();
      if (!e.repeat) { advance(); }  // a held key reveals one tile, not the deck
      backToTiles();
    } else if (BACK.indexOf(e.key) >= 0) {
      e.preventDefault();
      if (!e.repeat) { undo(); }
      backToTiles();
    }
  });
  window.sheetgenDeck = {
    state: function () {
      return { round: state.round, turn: state.revealed.length, over: state.over,
               setAside: state.setAside, revealed: state.revealed.slice(),
               undoable: past.length };
    }
  };
  newGame();
  backToTiles();
})();
"""

HELP = (
    "Next tile: click or tap it, or press <kbd>Space</kbd>, <kbd>Enter</kbd>, <kbd>→</kbd>, "
    "<kbd>↓</kbd> or <kbd>Page Down</kbd> (a presenter's clicker). Take the last tile back: "
    "<b>Undo</b>, <kbd>←</kbd>, <kbd>↑</kbd>, <kbd>Page Up</kbd> or <kbd>Backspace</kbd>. "
    "<b>New game</b> asks first when a game is under way."
)


def _script(deck: ScreenDeck) -> str:
    """The page's script, with the keys and the game's counts and words in place."""
    return (
        SCRIPT.replace("__NEXT__", script_json(NEXT_KEYS))
        .replace("__BACK__", script_json(BACK_KEYS))
        .replace("__ROUNDS__", str(deck.rounds))
        .replace("__TURNS__", str(deck.turns))
        .replace("__ROUND_END__", script_json(f": {deck.round_end}. "))
        .replace("__GAME_OVER__", script_json(f"Game over! {deck.game_end}"))
    )


def deck_page(deck: ScreenDeck) -> str:
    """The whole deck page, self-contained."""
    templates = "\n".join(
        f'<template id="tile-{i}">{inline_svg(t.drawing, f"t{i}-")}</template>'
        for i, t in enumerate(deck.tiles)
    )
    data = script_json([{"move": t.move, "name": t.name} for t in deck.tiles])
    game, tile = html.escape(deck.game, quote=False), html.escape(deck.tile_called)
    body = (
        f'<header><span>{game} · Round <b id="round">1</b> of {deck.rounds} · Turn <b id="turn">0'
        f'</b> of {deck.turns}</span><span class="buttons"><button id="undo" type="button" '
        'aria-keyshortcuts="PageUp ArrowLeft ArrowUp Backspace">Undo</button>'
        '<button id="new" type="button">New game</button></span></header>\n'
        '<section id="stage" role="button" tabindex="0" aria-live="polite" '
        'aria-keyshortcuts="Space Enter PageDown ArrowRight ArrowDown" '
        f'aria-label="Reveal the next {tile}"></section>\n'
        '<p id="message" aria-live="polite"></p>\n'
        '<section id="revealed" aria-label="Tiles revealed this round"></section>\n'
        f'<p id="help">{HELP}</p>\n'
        '<dialog id="confirm" aria-labelledby="confirm-text"><p id="confirm-text">Start a new '
        'game? The tiles revealed so far will be lost.</p><p class="buttons">'
        '<button id="keep" type="button">Keep playing</button>'
        '<button id="restart" type="button">New game</button></p></dialog>\n'
        f'<script type="application/json" id="deck-data">{data}</script>\n'
        f"{templates}"
    )
    return page(deck.title, body, STYLE, _script(deck))
