"""Scrumpit: a word game on a shared board racing to four home Scrump Zones."""
