"""Offline HTML pages for play on a shared screen, made of what a game hands over
(`draw.screen`): the tile deck (`deck`) and the dice roller (`roller`)."""
