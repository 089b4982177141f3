"""`--only` at the press: chosen pieces, some with a back and some without, each printed as many
times as asked, the two-sided ones first and duplex (each back behind its own front, as the
flip and the printer's offset ask), the one-sided ones after on pages of their own. The
expected places come from folding a page over its long or short edge, by plain arithmetic."""

from __future__ import annotations

from collections import Counter

import pytest

from sheetgen.draw import Drawing, Rect, Style
from sheetgen.draw.document import Page
from sheetgen.draw.pieces import Piece
from sheetgen.press import PressOptions
from sheetgen.press.chosen import impose_chosen


def drawing(size: float, title: str) -> Drawing:
    return Drawing(size, size, (Rect(0, 0, size, size, style=Style(fill="#224466")),), title=title)


def piece(name: str, size: float, two_sided: bool) -> Piece:
    back = drawing(size, f"{name} back") if two_sided else None
    return Piece(name, drawing(size, f"{name} front"), back)


def placed(page: Page) -> dict[str, list[tuple[float, float]]]:
    """Where each titled piece drawing sits on the page (its trim corner, mm)."""
    out: dict[str, list[tuple[float, float]]] = {}
    for p in page.placements:
        if p.drawing.title.endswith((" front", " back")):
            out.setdefault(p.drawing.title, []).append((p.transform.e, p.transform.f))
    return out


CHOSEN = [
    (piece("tall", 50.0, two_sided=False), 2),
    (piece("a", 40.0, two_sided=True), 3),
    (piece("b", 40.0, two_sided=True), 1),
]


@pytest.mark.parametrize("flip", ["long", "short", None], ids=["long", "short", "default"])
def test_each_chosen_piece_prints_as_often_as_asked_its_back_behind_it(flip: str | None) -> None:
    """With no flip named, the backs land as for a flip over the long edge."""
    offset = (0.7, -0.4)
    if flip is None:
        pages, duplex = impose_chosen(CHOSEN, PressOptions(), offset=offset)
        flip = "long"
    else:
        pages, duplex = impose_chosen(CHOSEN, PressOptions(), flip=flip, offset=offset)  # type: ignore[arg-type]
    assert duplex
    fronts = Counter(t for page in pages for t, at in placed(page).items() for _ in at)
    assert fronts == Counter({"tall front": 2, "a front": 3, "a back": 3, "b front": 1,
                              "b back": 1})  # fmt: skip
    # the two-sided pieces first: a front page, then its back page; then the one-sided ones
    assert set(placed(pages[0])) == {"a front", "b front"}
    assert set(placed(pages[1])) == {"a back", "b back"}
    assert set(placed(pages[2])) == {"tall front"} and len(pages) == 3
    front, back = pages[0], pages[1]
    w, size = front.width, 40.0
    portrait = front.width <= front.height
    across = (flip == "long") == portrait  # a long-edge flip of a portrait page mirrors x
    for name in ("a", "b"):
        mirrored = {
            (round(w - x - size, 6), y) if across else (x, round(front.height - y - size, 6))
            for x, y in placed(front)[f"{name} front"]
        }
        backs = {(round(x - offset[0], 6), round(y - offset[1], 6))
                 for x, y in placed(back)[f"{name} back"]}  # fmt: skip
        assert {(round(x, 6), round(y, 6)) for x, y in mirrored} == backs, (flip, name)


def test_one_sided_pieces_alone_ask_for_no_duplex() -> None:
    pages, duplex = impose_chosen([(piece("tall", 50.0, two_sided=False), 3)], PressOptions())
    assert not duplex and len(pages) == 1
    assert Counter(t for t, at in placed(pages[0]).items() for _ in at) == {"tall front": 3}


def test_sizes_print_in_the_order_chosen_two_sided_first() -> None:
    """Pieces of several sizes: every two-sided size's front and back pages, in the order the
    sizes were first chosen (the larger here first), then the one-sided pieces' pages."""
    chosen = [
        (piece("small", 30.0, two_sided=False), 1),
        (piece("large", 60.0, two_sided=True), 2),
        (piece("medium", 40.0, two_sided=True), 1),
        (piece("large2", 60.0, two_sided=True), 1),
    ]
    pages, duplex = impose_chosen(chosen, PressOptions())
    assert duplex
    assert [sorted(placed(page)) for page in pages] == [
        ["large front", "large2 front"],
        ["large back", "large2 back"],
        ["medium front"],
        ["medium back"],
        ["small front"],
    ]
