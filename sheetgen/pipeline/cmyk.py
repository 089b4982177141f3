"""What a CMYK build says about its colours: how close the press brings each design colour
back (CIEDE2000 after sRGB → CMYK → sRGB), in two notes a PDF (the median and the worst, then
every colour's), a third on total ink (the limit, the most any colour takes before and after
it, and what keeping it costs), and a warning at each colour the press cannot print (out of its
gamut, or pushed out by the ink limit), at the key of the layout that writes it where one
does."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from typing import Any

from sheetgen.backends.cmyk import (
    CONDITION,
    OUT_OF_GAMUT,
    PROFILE_NAME,
    Fidelity,
    Role,
    colours_used,
    fidelity,
    ink,
    inks_used,
    on_screen,
)
from sheetgen.colour_sight import delta_e, seen
from sheetgen.draw.document import Document
from sheetgen.findings import warning
from sheetgen.layouts.read import Loaded, lookup
from sheetgen.press.profiles import PRESS_INK

PALE = 90.0  # CIELAB L* over which a colour is a tint near the paper's white


def colour_report(
    loaded: Loaded, document: Document, limit: float | None = None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Notes on the colours of the layout's CMYK PDF (how many, how close they come back, each
    one's ΔE00; the total ink they take, before and after the ink `limit` where one is given),
    and a warning line at each one out of the press's gamut, or moved out of it by the limit."""
    used = inks_used(document)
    changed = {c for c, r in used if limit is not None and ink(c, r, limit) != ink(c, r)}
    results = [fidelity(c, limit if c in changed else None) for c in colours_used(document)]
    if not results:
        return (), ()
    out = [r for r in results if not r.in_gamut]
    worst = max(results, key=lambda r: r.delta_e)
    median = statistics.median(r.delta_e for r in results)
    note = (
        f"CMYK for {CONDITION} through {PROFILE_NAME}: {len(results)} colour"
        f"{'s' if len(results) != 1 else ''} come back a median ΔE00 {median:.1f} from the "
        f"design, at worst {worst.delta_e:.1f} ({worst.colour})"
    )
    if out:
        pushed = any(r.colour in changed for r in out)
        gamut = "the press's gamut" + (" or the ink limit's" if pushed else "")
        note += f"; {len(out)} out of {gamut} (over {OUT_OF_GAMUT:g}), warned below"
    ranked = sorted(results, key=lambda r: (-round(r.delta_e, 1), r.colour))
    each = "ΔE00 by colour, worst first: " + ", ".join(
        f"{r.colour} {r.delta_e:.1f}" for r in ranked
    )
    limited = [r for r in results if r.colour in changed]
    notes = (note, each, _ink_note(used, limit, limited))
    return notes, tuple(_warning(loaded, r) for r in out)


def _ink_note(used: list[tuple[str, Role]], limit: float | None, limited: list[Fidelity]) -> str:
    """The note on total ink as the PDF lays it down (each colour's inks where it paints): the
    limit, the most any colour takes without it and with it, and how far the limit moves the
    colours it changes (CIEDE2000 between their print without it and with it)."""

    def most(within: float | None) -> tuple[float, str]:
        return max((round(sum(ink(c, r, within)) * 100, 1), c) for c, r in used)

    before, colour = most(None)
    if limit is None:
        return (
            f"total ink at most {PRESS_INK:g}% (the press profile's own): the most a colour "
            f"takes is {before:.1f}% ({colour})"
        )
    said = f"total ink at most {limit:g}%: the most a colour takes is {before:.1f}% ({colour})"
    if not limited:
        return said + ", within it"
    after, _ = most(limit)
    cost = {r.colour: _moved(r) for r in limited}
    dearest = max(limited, key=lambda r: (round(cost[r.colour], 1), r.colour))
    one = len(limited) == 1
    their, them = ("its", "it") if one else ("their", "them")
    return (
        f"{said} without the limit, {after:.1f}% with it; {len(limited)} colour"
        f"{'' if one else 's'} had the grey of {their} cyan, magenta and yellow moved to black "
        f"(and, where that was not enough, those three lessened), which moves {them} "
        f"{'' if one else 'at most '}ΔE00 {cost[dearest.colour]:.1f} ({dearest.colour}, now "
        f"{dearest.delta_e:.1f} from the design)"
    )


def _moved(result: Fidelity) -> float:
    """How far the ink limit moves a colour: CIEDE2000 between its print without the limit and
    with it."""
    unlimited = result.unlimited if result.unlimited is not None else result.ink
    return delta_e(on_screen(unlimited), result.back)


def _warning(loaded: Loaded, result: Fidelity) -> str:
    """The line for a colour out of the gamut: at the layout's key that writes it, else at the
    layout (a colour the game draws with)."""
    lightness, back = seen(result.colour)[0], seen(result.back)[0]
    paler = lightness > max(back, PALE)  # a tint near white: the paper's white caps it
    advice = (
        "it is near the paper's white and brighter than ink on it can be: a paler or greyer "
        "tint (or plain white) prints true"
        if paler
        else "choose a colour the press can print, or ask the shop for a proof"
    )
    within = fidelity(result.colour).in_gamut  # (the limit alone takes it out of the gamut)
    out = (
        f"takes more ink than the {result.limit:g}% total the limit allows"
        if within and result.limit is not None
        else "is out of the press's gamut"
    )
    advice = "a lighter or less saturated colour, or ask the shop for a proof" if within else advice
    message = (
        f"{result.colour} {out}: it prints as {result.inks_said}, which "
        f"looks like {result.back} (ΔE00 {result.delta_e:.1f}, over {OUT_OF_GAMUT:g}); {advice}"
    )
    keys = list(_keys_holding(loaded.model.model_dump(), result.colour))
    if not keys:
        return f"warning: {loaded.source}: {message} (a colour of its data, its art or its game)"
    return warning(keys[0], message, tuple(keys[1:])).line(loaded.source, lookup(loaded))


def _keys_holding(value: Any, colour: str, where: str = "") -> Iterator[str]:
    """The key paths (places counted from 0, as a rules finding writes them) whose value is
    `colour`, in the layout's data (its model's, as plain values), in order."""
    if isinstance(value, str):
        if value.lower() == colour:
            yield where
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _keys_holding(item, colour, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            inner = f"{where}.{key}" if where else str(key)
            yield from _keys_holding(item, colour, inner)
