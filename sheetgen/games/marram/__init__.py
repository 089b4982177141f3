"""Marram: the tile game of grass and sand patches, snakes and worms."""
