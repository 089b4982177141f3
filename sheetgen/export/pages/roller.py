"""The offline HTML dice roller: all of a game's dice rolled together, each face drawn as the game
draws it, with the rolls listed turn by turn so a remote group shares one roll. The game hands
over its dice and words (`ScreenDice`)."""

from __future__ import annotations

import html

from sheetgen.backends.html import inline_svg, page, script_json
from sheetgen.draw.screen import ScreenDice

STYLE = """
:root { --bg: #fbf6ea; --ink: #2a2622; --accent: #b4532a; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 18px/1.4 "DejaVu Sans", Verdana, Arial, sans-serif; }
header { display: flex; flex-wrap: wrap; gap: .6em 1.2em; align-items: center;
  justify-content: space-between; padding: .6em 1em; font-size: clamp(16px, 2.6vw, 28px); }
header h1 { font-size: 1.2em; margin: 0; color: var(--accent); letter-spacing: .05em; }
button { font: inherit; padding: .35em 1em; border-radius: .4em; border: 2px solid var(--accent);
  background: var(--accent); color: #fff; cursor: pointer; }
button.quiet { background: transparent; color: var(--ink); }
button:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
#dice { display: flex; flex-wrap: wrap; justify-content: center; gap: 1.2em; padding: 1em; }
.die { text-align: center; width: clamp(120px, 26vw, 260px); }
.die svg { width: 100%; height: auto; border-radius: 12%; box-shadow: 0 .2em .6em #0004; }
.die p { margin: .4em 0 0; font-size: clamp(14px, 1.8vw, 20px); }
.hint { text-align: center; margin: 0 1em; }
#history { max-width: 46em; margin: 1em auto 2em; padding: 0 1em; }
#history li { margin: .2em 0; }
template { display: none; }
"""

SCRIPT = """
(function () {
  "use strict";
  var DICE = JSON.parse(document.getElementById("dice-data").textContent);
  var rolls = [];
  function randomIndex(n) {
    var limit = Math.floor(4294967296 / n) * n, buf = new Uint32Array(1);
    do { crypto.getRandomValues(buf); } while (buf[0] >= limit);
    return buf[0] % n;
  }
  function describe(d, f) {
    var face = DICE[d].faces[f];
    return DICE[d].name + " " + (f + 1) + ": " + face.move + ", " + face.symbol;
  }
  function roll() {
    var faces = DICE.map(function (die) { return randomIndex(die.faces.length); });
    rolls.push(faces);
    var box = document.getElementById("dice");
    box.textContent = "";
    faces.forEach(function (f, d) {
      var div = document.createElement("div"), p = document.createElement("p");
      div.className = "die";
      div.appendChild(document.getElementById("face-" + d + "-" + f).content
        .firstElementChild.cloneNode(true));
      p.textContent = describe(d, f);
      div.appendChild(p);
      box.appendChild(div);
    });
    var li = document.createElement("li");
    li.textContent = __TURN__ + rolls.length + ": " +
      faces.map(function (f, d) { return describe(d, f); }).join(" · ");
    document.getElementById("history").prepend(li);
    document.getElementById("day").textContent = rolls.length;
  }
  function reset() {
    // the keys go back to the page (Space, Enter: roll), not to this button a second time
    if (document.activeElement) { document.activeElement.blur(); }
    rolls = [];
    document.getElementById("dice").textContent = "";
    document.getElementById("history").textContent = "";
    document.getElementById("day").textContent = "0";
  }
  document.getElementById("roll").addEventListener("click", roll);
  document.getElementById("reset").addEventListener("click", reset);
  document.addEventListener("keydown", function (e) {
    if ((e.key === " " || e.key === "Enter") && e.target.tagName !== "BUTTON") {
      e.preventDefault(); roll();
    }
  });
  window.sheetgenRoller = { rolls: function () { return rolls.map(function (r) {
    return r.slice(); }); } };
})();
"""


def roller_page(dice: ScreenDice) -> str:
    """The whole roller page, self-contained."""
    templates = "\n".join(
        f'<template id="face-{d}-{i}">{inline_svg(face.drawing, f"f{d}{i}-")}</template>'
        for d, die in enumerate(dice.dice)
        for i, face in enumerate(die.faces)
    )
    data = script_json(
        [
            {"name": die.name, "faces": [{"move": f.move, "symbol": f.symbol} for f in die.faces]}
            for die in dice.dice
        ]
    )
    game, turn = html.escape(dice.game.upper(), quote=False), html.escape(dice.turn_called)
    whole, hint = html.escape(dice.game_called), html.escape(dice.faces_shown, quote=False)
    body = (
        f'<header><h1>{game}</h1><span>{turn} <b id="day">0</b></span>'
        '<span><button id="roll" type="button">Roll the dice</button> '
        f'<button id="reset" class="quiet" type="button">New {whole}</button></span></header>\n'
        f'<p class="hint">{hint} Press space to roll.</p>\n'
        '<section id="dice" aria-live="polite"></section>\n'
        f'<ol id="history" reversed aria-label="The rolls of this {whole}"></ol>\n'
        f'<script type="application/json" id="dice-data">{data}</script>\n'
        f"{templates}"
    )
    script = SCRIPT.replace("__TURN__", script_json(f"{dice.turn_called} "))
    return page(dice.title, body, STYLE, script)
