"""Exports of a component's parts: Tabletop Simulator decks, dice and boards, and bare piece
images."""
