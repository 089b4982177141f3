"""What a CMYK build says about its colours: how close the press brings each design colour
back (CIEDE2000 after sRGB → CMYK → sRGB), in two notes a PDF (the median and the worst, then
every colour's), and a warning at each colour the press cannot print (out of its gamut), at the
key of the layout that writes it where one does."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from typing import Any

from sheetgen.backends.cmyk import (
    CONDITION,
    OUT_OF_GAMUT,
    PROFILE_NAME,
    Fidelity,
    colours_used,
    fidelity,
)
from sheetgen.colour_sight import seen
from sheetgen.draw.document import Document
from sheetgen.findings import warning
from sheetgen.layouts.read import Loaded, lookup

PALE = 90.0  # CIELAB L* over which a colour is a tint near the paper's white


def colour_report(loaded: Loaded, document: Document) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Notes on the colours of the layout's CMYK PDF (how many, how close they come back, each
    one's ΔE00), and a warning line at each one out of the press's gamut."""
    results = [fidelity(colour) for colour in colours_used(document)]
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
        note += f"; {len(out)} out of the press's gamut (over {OUT_OF_GAMUT:g}), warned below"
    ranked = sorted(results, key=lambda r: (-round(r.delta_e, 1), r.colour))
    each = "ΔE00 by colour, worst first: " + ", ".join(
        f"{r.colour} {r.delta_e:.1f}" for r in ranked
    )
    return (note, each), tuple(_warning(loaded, r) for r in out)


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
    message = (
        f"{result.colour} is out of the press's gamut: it prints as {result.inks_said}, which "
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
