"""Offline HTML pages from what a game hands over: a deck of screen tiles becomes the deck
page, dice to roll the roller page (both made in `export/pages/`), written atomically to the
file asked for, or to output/ under the page's default name."""

from __future__ import annotations

from pathlib import Path

from sheetgen.draw.screen import ScreenDeck, ScreenDice
from sheetgen.pipeline.output import write_page


def write_screen_page(data: ScreenDeck | ScreenDice, out: Path | None, default: str) -> str:
    """Write the page of `data`; the line to print."""
    # imported when a page is asked for, so that the program starts without page code
    if isinstance(data, ScreenDeck):
        # imported here, not at the top, for start-up time
        from sheetgen.export.pages.deck import deck_page

        text = deck_page(data)
    else:
        # imported here, not at the top, for start-up time
        from sheetgen.export.pages.roller import roller_page

        text = roller_page(data)
    path = write_page(out, default, text)
    return f"wrote {path} ({len(text) / 1024:,.0f} KiB): open it in any browser, offline"
