"""Exports of a component's parts: Tabletop Simulator decks, dice and boards, and bare piece
images; and offline HTML pages for play on a screen (`pages`)."""
