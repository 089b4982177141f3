"""`build --only NAME[,NAME...]`: part of a set, for pieces that were lost. Every name is a
piece of the layout's parts (a tile design, a letter of one bag), a deck of them (every piece
of it, as many as the set holds) or a die (its six faces). The chosen pieces are printed once
each (or `--copies` times) on the usual sheets by the press (`press.chosen`), whatever the
game: no game prints part of its set itself."""

from __future__ import annotations

import difflib
from typing import Any

from sheetgen.draw.document import Document
from sheetgen.draw.pieces import Parts, Piece
from sheetgen.errors import UsageError
from sheetgen.frozen import frozen
from sheetgen.kinds import suggest
from sheetgen.layouts.read import Loaded
from sheetgen.model.base import TileSizes
from sheetgen.model.tables import Table as BaseModel
from sheetgen.options import BuildOptions
from sheetgen.pipeline.output import slug
from sheetgen.press.chosen import impose_chosen


@frozen
class Choice:
    """What one layout prints of its set: each piece and how many, and the one line that
    says it is part of the set."""

    pieces: tuple[tuple[Piece, int], ...]
    note: str


def _pieces(parts: Parts) -> list[Piece]:
    """Every piece of the parts, each die's faces as one-sided pieces ('light-1'...), a die
    printed as a net as that net, one piece named as the die."""
    faces = [
        Piece(f"{die.name}-{i}", face, None, 1, die.name)
        for die in parts.dice
        if die.net is None
        for i, face in enumerate(die.faces, start=1)
    ]
    nets = [Piece(die.name, die.net, None) for die in parts.dice if die.net is not None]
    return [*parts.pieces, *faces, *nets]


def _names(parts: Parts) -> dict[str, list[Piece]]:
    """What a name can choose: a piece or a die's face (itself), a deck or a die (all its
    pieces)."""
    pieces = _pieces(parts)
    out: dict[str, list[Piece]] = {p.name: [p] for p in pieces}
    for p in pieces:
        if p.deck and p.deck not in out:
            out[p.deck] = [q for q in pieces if q.deck == p.deck]
    return out


def _find(name: str, names: dict[str, list[Piece]]) -> str | None:
    """`name` as the parts spell it (case aside where that leaves one), or None."""
    if name in names:
        return name
    folded = [n for n in names if n.lower() == name.lower()]
    if len(folded) == 1:
        return folded[0]
    said = slug(name)  # a title as written: 'Ace of Spades', 'Señora Ñandú'
    return _find(said, names) if said and said != name else None


def _unknown(name: str, source: str, parts: Parts) -> UsageError:
    """One line: the name is none of the layout's, and the nearest one or every one."""
    names = _names(parts)
    singles = {p.name for p in _pieces(parts)}
    groups = [n for n in names if n not in singles]
    close = _group_hint(name, groups, {d.name for d in parts.dice}) or suggest(name, list(names))
    if not close.startswith("did you mean"):
        nets = [d.name for d in parts.dice if d.net is not None]
        pieces = ", ".join([p.name for p in parts.pieces] + nets)
        close = "it has " + "; and ".join(x for x in (pieces, ", ".join(groups)) if x)
    return UsageError(f"--only {name}: {source} has no piece, deck or die of that name; {close}")


def _group_hint(name: str, groups: list[str], dice: set[str]) -> str:
    """'did you mean the deck 'bag-yellow'?' when `name` is a word of a deck's or die's name
    (or close to one), so a colour or a die is offered before a single piece; '' otherwise."""
    word = name.lower()
    found = [g for g in groups if word in g.lower().split("-")]
    found = found or difflib.get_close_matches(name, groups, n=1, cutoff=0.6)
    if not found:
        return ""
    said = " or ".join(f"the {'die' if g in dice else 'deck'} {g!r}" for g in found[:3])
    return f"did you mean {said}?"


def _parts(item: Loaded) -> Parts:
    """The layout's parts; a usage error for a kind that has no pieces or dice to choose."""
    parts = item.kind.parts(item.model) if item.kind.parts is not None else Parts()
    if not (parts.pieces or parts.dice):
        raise UsageError(
            f"--only: {item.source} has no pieces or dice to choose from; build it whole "
            "(--only takes tiles, letter tiles and dice)"
        )
    return parts


def choose(item: Loaded, names: tuple[str, ...], copies: int) -> Choice:
    """What the layout prints of its set: each named piece `copies` times, each piece of a
    named deck as many times as the set holds it, `copies` times; the names it has not are
    left to the other layouts of the build (`check_only`)."""
    parts = _parts(item)
    known = _names(parts)
    singles = {p.name for p in _pieces(parts)}
    chosen: list[tuple[Piece, int]] = []
    said: list[str] = []
    for name in names:
        spelt = _find(name, known)
        if spelt is not None:
            whole = spelt not in singles
            chosen += [(p, p.count * copies if whole else copies) for p in known[spelt]]
            said.append(spelt)
    if not chosen:
        raise _unknown(names[0], item.source, parts)
    return Choice(tuple(chosen), _note(item, parts, chosen, said, copies))


def check_only(items: list[Loaded], names: tuple[str, ...], copies: int) -> list[str]:
    """Each layout's note that it prints part of its set; a usage error for a layout with no
    pieces to choose from or none of the names, and for a name no layout has."""
    notes = [choose(item, names, copies).note for item in items]
    for name in names:
        if not any(_find(name, _names(_parts(item))) for item in items):
            raise _unknown(name, items[0].source, _parts(items[0]))
    return notes


def _note(
    item: Loaded, parts: Parts, chosen: list[tuple[Piece, int]], said: list[str], copies: int
) -> str:
    """'marram/classic: --only meadow,dune prints 2 of the set's 96 pieces: a partial set',
    with ', 2 copies of each (4 in all)' for `--copies 2`."""
    whole = sum(p.count for p in _pieces(parts))
    printed = sum(times for _, times in chosen)
    each = f", {copies} copies of each ({printed} in all)" if copies > 1 else ""
    return (
        f"{item.source}: --only {','.join(said)} prints {printed // copies} of the set's "
        f"{whole} pieces{each}: a partial set"
    )


def _path(model: BaseModel, wanted: Any) -> tuple[str, ...] | None:
    """The key path of the first field of `model` (or of its sections) that `wanted(name,
    field)` accepts."""
    for name, field in type(model).model_fields.items():
        if wanted(name, field):
            return (name,)
        value = getattr(model, name)
        if isinstance(value, BaseModel):
            inner = _path(value, wanted)
            if inner is not None:
                return (name, *inner)
    return None


def _set(model: BaseModel, path: tuple[str, ...], value: float) -> BaseModel:
    """`model` with the value at `path` replaced."""
    head, *rest = path
    if not rest:
        return model.model_copy(update={head: value})
    return model.model_copy(update={head: _set(getattr(model, head), tuple(rest), value)})


def resized(model: BaseModel, tile_size: float | None, bleed: float | None) -> BaseModel:
    """The layout with `--tile-size` as its tile size key and `--bleed` as its bleed key, for
    the parts to be drawn as the kind's own build would draw them."""
    for value, wanted in (
        (tile_size, lambda n, f: any(isinstance(m, TileSizes) for m in f.metadata)),
        (bleed, lambda n, f: n == "bleed"),
    ):
        path = _path(model, wanted) if value is not None else None
        if path is not None and value is not None:
            model = _set(model, path, value)
    return model


def only_document(item: Loaded, options: BuildOptions) -> Document:
    """The pieces `options.only` names on the usual sheets: crop marks, the pieces' bleed,
    backs duplex; at --tile-size and --bleed where the kind takes them."""
    kind = item.kind
    choice = choose(item, options.only, options.copies)
    assert kind.parts is not None  # `choose` refused a kind without parts
    model = resized(item.model, options.tile_size, options.press.bleed)
    parts = kind.parts(model)
    drawn = {p.name: p for p in _pieces(parts)}  # the same names, drawn at the asked size
    chosen = [(drawn[p.name], times) for p, times in choice.pieces]
    press = options.press.cut()
    pages, duplex = impose_chosen(chosen, press, options.flip, options.offset)
    names = ", ".join(dict.fromkeys(p.name for p, _ in chosen))
    return Document(
        tuple(pages),
        title=f"{item.model.name} — {names}",
        subject=f"Part of a {kind.key} set, printed with --only",
        keywords=(item.model.game, kind.component, "part"),
        duplex=options.flip if duplex else None,
    )
