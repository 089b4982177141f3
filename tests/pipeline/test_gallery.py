"""The gallery's thumbnails show each layout's own work: a two-sided set's thumbnail is a page
of its pieces (the poker deck's first cards), never the duplex alignment test every two-sided
set's PDF opens with."""

from __future__ import annotations

from sheetgen.pipeline.gallery import gallery


def test_two_sided_sets_show_their_pieces_not_their_alignment_test() -> None:
    (page,) = gallery().pages
    titles = {placed.drawing.title for placed in page.placements}
    assert not any("alignment" in title for title in titles), sorted(titles)
    # the first row of poker.csv, as the reader names it; and Marram's starter tile
    assert "Ace-of-Spades front" in titles and "starter front" in titles
