"""The offline HTML tile deck for classroom and video play: shuffle, set one aside unseen,
reveal a tile a turn, seven turns a round, three rounds."""

from __future__ import annotations

import html
import json

from sheetgen.draw import Drawing
from sheetgen.games.scribbly_gum.model import DigitalLayout, TilesLayout
from sheetgen.games.scribbly_gum.tiles import screen_tile

STYLE = """
:root { color-scheme: dark; --bg: #17301f; --ink: #ffffff; --accent: #ffd23f; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 18px/1.4 "DejaVu Sans", Verdana, Arial, sans-serif; min-height: 100vh;
  display: flex; flex-direction: column; align-items: center; }
header { width: 100%; display: flex; flex-wrap: wrap; gap: .6em 1.4em; align-items: center;
  justify-content: space-between; padding: .6em 1em; font-size: clamp(16px, 2.6vw, 30px); }
header b { color: var(--accent); }
button { font: inherit; font-size: clamp(14px, 2vw, 24px); padding: .35em .9em;
  border-radius: .4em; border: 2px solid var(--accent); background: transparent;
  color: var(--ink); cursor: pointer; }
button:focus-visible { outline: 3px solid var(--ink); }
#stage { width: min(96vw, 100vh); aspect-ratio: 16 / 9; cursor: pointer;
  display: flex; align-items: center; justify-content: center; }
#stage svg { width: 100%; height: auto; }
#stage .blank { font-size: clamp(20px, 4vw, 56px); text-align: center; padding: 1em;
  border: 3px dashed var(--accent); border-radius: .6em; }
#message { min-height: 1.6em; font-size: clamp(16px, 2.4vw, 28px); color: var(--accent);
  text-align: center; margin: .3em 1em; }
#revealed { display: flex; flex-wrap: wrap; gap: .5em; justify-content: center;
  padding: .5em 1em 2em; width: 100%; }
#revealed figure { margin: 0; width: clamp(90px, 12vw, 190px); }
#revealed svg { width: 100%; height: auto; border-radius: .3em; }
#revealed figcaption { text-align: center; font-size: .8em; }
template { display: none; }
"""

SCRIPT = """
(function () {
  "use strict";
  var TILES = JSON.parse(document.getElementById("deck-data").textContent);
  var ROUNDS = 3, TURNS = 7;
  var state;
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
  function startRound(number) {
    var order = shuffled();
    state.round = number; state.setAside = order[0]; state.queue = order.slice(1, 1 + TURNS);
    state.revealed = [];
    document.getElementById("revealed").textContent = "";
  }
  function tileNode(index) {
    return document.getElementById("tile-" + index).content.firstElementChild.cloneNode(true);
  }
  function show() {
    document.getElementById("round").textContent = state.round;
    document.getElementById("turn").textContent = state.revealed.length;
    var stage = document.getElementById("stage"), msg = document.getElementById("message");
    stage.textContent = "";
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
      msg.textContent = "Game over! Add up your meals, column bonus and achievements.";
    } else if (state.revealed.length === TURNS) {
      msg.textContent = "End of round " + state.round + ": score your meals. " +
        "The next press starts round " + (state.round + 1) + ".";
    } else {
      msg.textContent = "";
    }
  }
  function advance() {
    if (state.over) { return; }
    if (state.revealed.length === TURNS) { startRound(state.round + 1); }
    var next = state.queue.shift();
    state.revealed.push(next);
    var fig = document.createElement("figure"), cap = document.createElement("figcaption");
    fig.appendChild(tileNode(next));
    cap.textContent = "Turn " + state.revealed.length + ": " + TILES[next].name;
    fig.appendChild(cap);
    document.getElementById("revealed").appendChild(fig);
    if (state.round === ROUNDS && state.revealed.length === TURNS) { state.over = true; }
    show();
  }
  function newGame() {
    state = { round: 1, setAside: null, queue: [], revealed: [], over: false };
    startRound(1);
    show();
  }
  document.getElementById("stage").addEventListener("click", advance);
  document.getElementById("new").addEventListener("click", function (e) {
    e.stopPropagation(); newGame();
  });
  document.addEventListener("keydown", function (e) {
    var keys = [" ", "Spacebar", "ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Enter"];
    if (keys.indexOf(e.key) >= 0 && e.target.tagName !== "BUTTON") {
      e.preventDefault(); advance();
    }
  });
  window.sheetgenDeck = {
    state: function () {
      return { round: state.round, turn: state.revealed.length, over: state.over,
               setAside: state.setAside, revealed: state.revealed.slice() };
    }
  };
  newGame();
})();
"""


def deck_html(tiles: TilesLayout, screen: DigitalLayout) -> str:
    """The whole deck page, self-contained."""
    from sheetgen.backends.html import inline_svg, page

    drawings: list[Drawing] = [
        screen_tile(m, i, screen) for i, m in enumerate(tiles.movement, start=1)
    ]
    templates = "\n".join(
        f'<template id="tile-{i}">{inline_svg(d, f"t{i}-")}</template>'
        for i, d in enumerate(drawings)
    )
    data = json.dumps([{"move": m, "name": screen.labels.move(m)} for m in tiles.movement])
    # inside <script> nothing is unescaped: keep '<', '>' and '&' out of the raw text instead
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    body = (
        '<header><span>Scribbly Gum · Round <b id="round">1</b> of 3 · Turn <b id="turn">0'
        '</b> of 7</span><button id="new" type="button">New game</button></header>\n'
        '<section id="stage" role="button" tabindex="0" aria-live="polite" '
        'aria-label="Reveal the next movement tile"></section>\n'
        '<p id="message" aria-live="polite"></p>\n'
        '<section id="revealed" aria-label="Tiles revealed this round"></section>\n'
        f'<script type="application/json" id="deck-data">{data}</script>\n'
        f"{templates}"
    )
    return page(f"Scribbly Gum — movement tiles ({html.escape(tiles.name)})", body, STYLE, SCRIPT)
