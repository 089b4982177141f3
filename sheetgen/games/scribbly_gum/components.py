"""How each component kind of this game is checked, built and cut into parts (registered
in `kinds`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from sheetgen.draw.document import alone
from sheetgen.draw.pieces import Parts
from sheetgen.draw.sheets import Pad, Part, Pieces, Sheets, TwoSided
from sheetgen.errors import SheetgenError
from sheetgen.findings import Finding, error, nowhere, warning
from sheetgen.games.scribbly_gum.draw import draw_tree_sheet, name_overlay
from sheetgen.games.scribbly_gum.finished import finished_sheet
from sheetgen.games.scribbly_gum.model import (
    DigitalLayout,
    GameRecord,
    PadLayout,
    TilesLayout,
    TreeLayout,
)
from sheetgen.games.scribbly_gum.record import load_setup, pen_lines, replay, score_game
from sheetgen.games.scribbly_gum.rules import check_tiles, check_tree
from sheetgen.games.scribbly_gum.tiles import screen_tile, text_findings
from sheetgen.model.base import LayoutBase
from sheetgen.model.paper import BOTH_PAPERS, KEEPS_RULER

if TYPE_CHECKING:  # the options' module reads the press; a builder only reads its options
    from sheetgen.options import BuildOptions


def _other_tree(ref: str, where: str, words: LayoutBase, translate: bool = True) -> TreeLayout:
    """The tree layout `ref` that `words`' layout names (a path taken from that layout's
    folder), printing with the labels of `words` when that layout sets its own (a pad's or a
    front's `[labels]` translate both sides) and `translate` is asked."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import beside, load_model

    tree = load_model(beside(words, ref), TreeLayout, where)
    if translate and "labels" in words.model_fields_set:
        return tree.model_copy(update={"labels": words.labels})
    return tree


def _sheets(front: TreeLayout, back: TreeLayout | None, options: BuildOptions) -> Part:
    """One tree sheet a page (with --duplex, the other side behind it), each named sheet with
    its player's name written over it."""
    names = tuple(n for n in options.names for _ in range(options.copies))  # copies a name
    count = len(names) if names else options.copies
    if back is None:
        sheet = draw_tree_sheet(front)
        if not names:
            return Pad(sheet, count, one_a_page=True)
        overlays = tuple(name_overlay(front, n) for n in names)
        return Pieces([sheet] * count, one_a_page=True, overlays=overlays)
    f, b = draw_tree_sheet(front), draw_tree_sheet(back)
    sides = tuple(o for n in names for o in (name_overlay(front, n), name_overlay(back, n)))
    return TwoSided(
        [f] * count, [b] * count, "long", name_sides=False, one_a_page=True, overlays=sides
    )


def build_tree(layout: TreeLayout, options: BuildOptions) -> Sheets:
    """Pads of one side (or, with --duplex, this side on the front and the other on the back)."""
    back = None
    if options.duplex:
        if not layout.other_side:
            raise SheetgenError(f"--duplex needs other_side in the {layout.name} layout")
        back = _other_tree(layout.other_side, f"{layout.name}: other_side", layout)
    return Sheets(
        (_sheets(layout, back, options),),
        title=f"{layout.labels.game} — {layout.labels.side.format(side=layout.side)}",
        subject="Scribbly Gum tree diagrams",
        keywords=("scribbly gum", "tree"),
        duplex="long" if back else None,
    )


def build_pad(layout: PadLayout, options: BuildOptions) -> Sheets:
    """The two-sided pad: every leaf has the front tree on one side and the back tree on the
    other, as the boxed pad does."""
    front = _other_tree(layout.front, f"{layout.name}: front", layout)
    back = _other_tree(layout.back, f"{layout.name}: back", layout)
    leaves = layout.leaves * options.copies if not options.names else options.copies
    return Sheets(
        (_sheets(front, back, replace(options, copies=leaves)),),
        title=f"Scribbly Gum pad — {front.side} / {back.side}",
        subject="Scribbly Gum two-sided pad of tree diagrams",
        keywords=("scribbly gum", "pad", "duplex"),
        duplex="long",
    )


def pad_parts(layout: PadLayout) -> Parts:
    """The pad's two tree sides, front then back, each a board."""
    front = _other_tree(layout.front, f"{layout.name}: front", layout)
    back = _other_tree(layout.back, f"{layout.name}: back", layout)
    return Parts(boards=(draw_tree_sheet(front), draw_tree_sheet(back)))


def check_pad(layout: PadLayout) -> list[Finding]:
    """A pad's two sides must be tree layouts that pass their own checks."""
    out: list[Finding] = []
    for key in ("front", "back"):
        try:
            tree = _other_tree(getattr(layout, key), "", layout, False)
        except SheetgenError as exc:
            # each problem of the other file its own line, at this key, with its own place
            out += [error(key, line) for line in str(exc).splitlines()]
            continue
        out += [replace(f, where=f"{key}({tree.name}).{f.where}") for f in check_sheet(tree)]
    return out


def check_sheet(layout: TreeLayout) -> list[Finding]:
    """A tree's rules, and whether Letter keeps room for the calibration ruler under it."""
    found = check_tree(layout)
    keeps_ruler = KEEPS_RULER
    if layout.sheet.width <= BOTH_PAPERS[0] and keeps_ruler < layout.sheet.height <= BOTH_PAPERS[1]:
        found.append(
            warning(
                "sheet.height",
                f"a sheet {layout.sheet.height:g} mm tall leaves no room on Letter for the "
                f"'print at 100%' ruler; at most {keeps_ruler:g} mm keeps it",
            )
        )
    return found


def build_digital(layout: DigitalLayout, options: BuildOptions) -> Sheets:
    """The movement tiles as screen images, width_px x height_px each."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import load_model

    deck = load_model(layout.tiles, TilesLayout, f"{layout.name}: tiles")
    pages = [
        alone(screen_tile(m, i, layout), f"{i}-{m.replace('/', '-')}")
        for i, m in enumerate(deck.movement, start=1)
    ]
    height_mm = pages[0].height
    return Sheets(
        tuple(pages),
        title="Scribbly Gum movement tiles for screens",
        subject="Digital movement tiles",
        keywords=("scribbly gum", "digital"),
        dpi=layout.height_px * 25.4 / height_mm,
    )


def check_digital(layout: DigitalLayout) -> list[Finding]:
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import load_model

    try:
        deck = load_model(layout.tiles, TilesLayout, f"{layout.name}: tiles")
    except SheetgenError as exc:
        return [error("tiles", str(exc))]
    return check_tiles(deck)


def check_tile_set(layout: TilesLayout) -> list[Finding]:
    """The deck's rules, and every achievement's words fitting its tile."""
    return check_tiles(layout) + text_findings(layout)


def build_game(record: GameRecord, options: BuildOptions) -> Sheets:
    """Each player's sheet as they leave it at the end: circles filled in, the meal tracker
    filled, the score strip written in; one page a player."""
    setup, found = load_setup(record)
    if setup is None:
        raise SheetgenError(found[0].refusal(record.name, nowhere))
    tree = setup.tree
    if "labels" in record.model_fields_set:
        tree = tree.model_copy(update={"labels": record.labels})
    score = score_game(setup, record)
    drawings = []
    ids = setup.board.ids
    for sheet, scored in zip(record.players, score.sheets, strict=True):
        play = replay(setup, sheet, record.revealed)
        lines = [(ids[a], ids[b], along) for a, b, along in pen_lines(setup, sheet, play)]
        written = {f"round_{r}": str(m) for r, m in enumerate(scored.round_meals, start=1)}
        written["column_bonus"] = str(scored.column_bonus)
        written.update({f"achievement_{c.letter}": str(c.points) for c in scored.achievements})
        written["final_score"] = str(scored.total)
        circles = [cid for ids in sheet.circles or [] for cid in ids]
        drawings.append(
            finished_sheet(
                tree, sheet.name, circles, scored.tracker, written, lines, dict(sheet.wild)
            )
        )
    return Sheets(
        (Pieces(drawings, one_a_page=True),),
        title=f"Scribbly Gum — {record.name}",
        subject="Finished Scribbly Gum sheets",
        keywords=("scribbly gum", "game"),
    )
