"""Scribe: Mark Steere's pen-and-paper game of nine mini grids and 19 glyphs."""
