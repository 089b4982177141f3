"""Chosen pieces on the usual sheets (`build --only`): the pieces of a set that were asked
for, each as many times as asked, imposed as the set's own sheets impose them. Pieces with a
back print duplex, each back behind its front (or beside it, folded, with `--fold`); pieces
with nothing on the back print on one side. Sheets of one size and bleed share pages."""

from __future__ import annotations

from collections.abc import Sequence

from sheetgen.draw.document import Flip, Page
from sheetgen.draw.pieces import Piece
from sheetgen.press.impose import impose, impose_duplex
from sheetgen.press.plan import PressOptions


def impose_chosen(
    chosen: Sequence[tuple[Piece, int]],
    press: PressOptions,
    flip: Flip = "long",
    offset: tuple[float, float] = (0.0, 0.0),
) -> tuple[list[Page], bool]:
    """The pages for `chosen` (each piece and how many of it), in the order given: first the
    two-sided pieces, duplex, then the one-sided ones; a run of pages for each size. Says too
    whether any page has a back to print duplex."""
    groups: dict[tuple[bool, float, float, float], list[Piece]] = {}
    for piece, times in chosen:
        f = piece.front
        key = (piece.back is None, f.width, f.height, f.bleed)
        groups.setdefault(key, []).extend([piece] * times)
    pages: list[Page] = []
    for (one_sided, *_size), pieces in sorted(groups.items(), key=lambda item: item[0][0]):
        fronts = [p.front for p in pieces]
        if one_sided:
            pages += impose(fronts, press)
        else:
            backs = [p.back for p in pieces if p.back is not None]  # each has one here
            pages += impose_duplex(fronts, backs, press, flip=flip, offset=offset)
    return pages, any(p.back is not None for p, _ in chosen)
