"""Your own pieces: cards, tiles and tokens of a game of your own, one a row of your data."""
