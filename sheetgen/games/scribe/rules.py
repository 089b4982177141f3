"""Scribe's rules: glyph set checks, mini grid scoring, forced moves and the match winner."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import field

from sheetgen.findings import Finding, error, warning
from sheetgen.frozen import frozen
from sheetgen.games.scribe.model import Glyph, ScribeLayout

Cell = tuple[int, int]
PLAYERS = ("+", "O")
EMPTY = "."
COLUMNS = "ABCDEFGHI"


class GridError(ValueError):
    """A grid given as text is malformed; the message says where and what would be right."""


def _normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """One form shared by a shape and all its rotations and mirror images."""
    return _canonical(frozenset(cells))


@functools.cache  # scoring a grid asks for the few shapes of a 3 x 3 grid again and again
def _canonical(cells: frozenset[Cell]) -> tuple[Cell, ...]:
    forms = []
    for swap, flip_r, flip_c in itertools.product((False, True), repeat=3):
        moved = [((c, r) if swap else (r, c)) for r, c in cells]
        moved = [(-r if flip_r else r, -c if flip_c else c) for r, c in moved]
        forms.append(_normalise(moved))
    return min(forms)


def connected(cells: frozenset[Cell]) -> bool:
    """True when the cells form one orthogonally joined group."""
    return len(groups(cells)) == 1


def groups(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """The orthogonally joined groups of `cells` (diagonals do not join)."""
    left, out = set(cells), []
    while left:
        stack = [left.pop()]
        group = set(stack)
        while stack:
            r, c = stack.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in left:
                    left.discard(nb)
                    group.add(nb)
                    stack.append(nb)
        out.append(frozenset(group))
    return sorted(out, key=lambda g: min(g))


@frozen
class GlyphTable:
    """Glyphs by canonical shape, for scoring."""

    by_shape: dict[tuple[Cell, ...], Glyph]

    @classmethod
    def of(cls, glyphs: Sequence[Glyph]) -> GlyphTable:
        return cls({canonical(g.cells()): g for g in glyphs})

    def match(self, group: frozenset[Cell]) -> Glyph | None:
        return self.by_shape.get(canonical(group))


@frozen
class PlayerScore:
    points: int
    glyphs: tuple[str, ...]
    unscored: int = 0


@frozen
class MiniScore:
    """A mini grid's score: points and glyphs a player, and its winner once it is full."""

    scores: dict[str, PlayerScore]
    full: bool

    @property
    def winner(self) -> str | None:
        if not self.full:
            return None
        plus, o = self.scores["+"].points, self.scores["O"].points
        return "+" if plus > o else "O" if o > plus else None


def parse_rows(text: str, size: int, what: str) -> list[str]:
    """`size` rows of `size` marks (`+`, `O`, `.`), separated by `/`; a GridError otherwise."""
    rows = [row.strip() for row in text.strip().split("/")]
    if len(rows) != size:
        raise GridError(
            f"{what} has {len(rows)} row{'s' if len(rows) != 1 else ''}; "
            f"it needs {size} rows of {size} separated by '/'"
        )
    out = []
    for number, row in enumerate(rows, start=1):
        row = row.replace("o", "O").replace("0", "O").replace("-", EMPTY)
        if len(row) != size:
            raise GridError(f"{what} row {number} {row!r} has {len(row)} marks; it needs {size}")
        for column, mark in enumerate(row, start=1):
            if mark not in ("+", "O", EMPTY):
                raise GridError(
                    f"{what} row {number} has {mark!r} at position {column}; "
                    "use '+', 'O' or '.' for an empty square"
                )
        out.append(row)
    return out


def score_mini(rows: Sequence[str], table: GlyphTable) -> MiniScore:
    """Score one 3x3 mini grid given as three rows of marks."""
    scores = {}
    for player in PLAYERS:
        cells = [(r, c) for r in range(3) for c in range(3) if rows[r][c] == player]
        points, names, unscored = 0, [], 0
        for group in groups(cells):
            glyph = table.match(group)
            if glyph is None:
                unscored += 1
            else:
                points += glyph.points
                names.append(glyph.name)
        scores[player] = PlayerScore(points, tuple(names), unscored)
    full = all(mark != EMPTY for row in rows for mark in row)
    return MiniScore(scores, full)


@frozen
class MatchScore:
    """A super grid: the nine mini grid scores (row by row) and the match state."""

    minis: tuple[MiniScore, ...]
    wins: dict[str, int] = field(default_factory=dict)

    @property
    def winner(self) -> str | None:
        for player in PLAYERS:
            if self.wins[player] >= 5:
                return player
        return None


def mini_rows(rows: Sequence[str], index: int) -> list[str]:
    """The three rows of mini grid `index` (0 top-left … 8 bottom-right) of a 9x9 grid."""
    r0, c0 = 3 * (index // 3), 3 * (index % 3)
    return [rows[r0 + i][c0 : c0 + 3] for i in range(3)]


def score_super(rows: Sequence[str], table: GlyphTable) -> MatchScore:
    """Score every mini grid of a 9x9 super grid and count who won how many."""
    minis = tuple(score_mini(mini_rows(rows, i), table) for i in range(9))
    wins = {p: sum(1 for m in minis if m.winner == p) for p in PLAYERS}
    return MatchScore(minis, wins)


def parse_square(text: str) -> Cell:
    """`E5` as (row 4, column 4); a GridError otherwise."""
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "123456789":
        raise GridError(f"square {text!r} is not a column A-I and a row 1-9, e.g. E5")
    return int(text[1]) - 1, COLUMNS.index(text[0])


def forced_mini(rows: Sequence[str], last: Cell) -> int | None:
    """The mini grid (0–8) the next move must go in after a move at `last`; None: anywhere."""
    target = 3 * (last[0] % 3) + last[1] % 3
    full = all(mark != EMPTY for row in mini_rows(rows, target) for mark in row)
    return None if full else target


MINI_NAMES = (
    "top left",
    "top middle",
    "top right",
    "middle left",
    "centre",
    "middle right",
    "bottom left",
    "bottom middle",
    "bottom right",
)


# A mini grid's cells as the bits of a number: (row, column) is bit 3 * row + column.
FULL = 0b111_111_111
NOT_LEFT, NOT_RIGHT = 0b110_110_110, 0b011_011_011  # all but the left (right) column


def _mask(cells: Iterable[Cell]) -> int:
    return sum(1 << (3 * r + c) for r, c in cells)


@functools.cache
def _parts(mask: int) -> tuple[int, ...]:
    """The orthogonally joined groups of the cells of `mask` (as `groups` finds them), each a
    mask: grown from a cell by its neighbours until it grows no more."""
    out = []
    while mask:
        group, grown = 0, mask & -mask
        while grown != group:
            group = grown
            grown = mask & (
                group
                | (group << 3)
                | (group >> 3)
                | ((group << 1) & NOT_LEFT)
                | ((group >> 1) & NOT_RIGHT)
            )
        out.append(group)
        mask &= ~group
    return tuple(out)


def _placed_points(table: GlyphTable) -> dict[int, int]:
    """The points of each group of cells of a mini grid that `table` matches, by its mask:
    every place in the grid of each of a glyph's turns and mirror images."""
    out = {}
    for shape, glyph in table.by_shape.items():
        for swap, flip_r, flip_c in itertools.product((False, True), repeat=3):
            moved = [((c, r) if swap else (r, c)) for r, c in shape]
            form = _normalise((-r if flip_r else r, -c if flip_c else c) for r, c in moved)
            high, wide = max(r for r, _ in form), max(c for _, c in form)
            for dr in range(3 - high):
                for dc in range(3 - wide):
                    out[_mask((r + dr, c + dc) for r, c in form)] = glyph.points
    return out


def tie_example(table: GlyphTable) -> str | None:
    """A filled mini grid that ties under this glyph set, if there is one: the first in the
    order of every '+' and 'O' row by row ('+' first), each scored as `score_mini` scores it,
    its players' groups by their masks."""
    points = _placed_points(table)
    for number in range(1 << 9):
        marks = f"{number:09b}".translate(_MARKS)  # the first cell the highest bit
        o = int(marks[::-1].translate(_BITS), 2)  # O's cells as a mask (the first cell bit 0)
        plus = sum(points.get(part, 0) for part in _parts(FULL & ~o))
        if plus == sum(points.get(part, 0) for part in _parts(o)):
            return "/".join(marks[i : i + 3] for i in (0, 3, 6))
    return None


_MARKS = str.maketrans("01", "".join(PLAYERS))
_BITS = str.maketrans("".join(PLAYERS), "01")


@functools.cache
def _tie_of(glyphs: tuple[Glyph, ...]) -> str | None:
    """`tie_example` of a glyph set, searched once a set (glyphs compare by value): the
    checks `sheetgen new` makes while narrowing a layout's ranges probe one set ~90 times."""
    return tie_example(GlyphTable.of(glyphs))


def check_glyphs(glyphs: Sequence[Glyph], expected: int = 19) -> list[Finding]:
    """The glyph set's faults: count, connection, duplicates under symmetry, points, ties."""
    found: list[Finding] = []
    if len(glyphs) != expected:
        found.append(error("glyphs", f"{len(glyphs)} glyphs; Scribe has {expected}"))
    seen: dict[tuple[Cell, ...], str] = {}
    names: set[str] = set()
    for i, glyph in enumerate(glyphs):
        where = f"glyphs[{i}]"
        cells = glyph.cells()
        if glyph.name in names:
            found.append(error(f"{where}.name", f"{glyph.name!r} is used twice"))
        names.add(glyph.name)
        if not cells:
            found.append(error(f"{where}.pattern", f"{glyph.name} has no dots"))
            continue
        if not connected(cells):
            found.append(
                error(
                    f"{where}.pattern",
                    f"{glyph.name}'s dots are not orthogonally connected (diagonals do not join)",
                )
            )
        if glyph.points != len(cells):
            found.append(
                error(
                    f"{where}.points",
                    f"{glyph.name} is worth {glyph.points} but has "
                    f"{len(cells)} dots (a glyph is worth its dots)",
                )
            )
        shape = canonical(cells)
        if shape in seen:
            found.append(
                error(
                    f"{where}.pattern",
                    f"{glyph.name} is {seen[shape]} turned or "
                    "mirrored (glyphs must differ under rotation and reflection)",
                )
            )
        seen.setdefault(shape, glyph.name)
    if not any(f.level == "error" for f in found):
        tie = _tie_of(tuple(glyphs))
        if tie:
            found.append(warning("glyphs", f"a filled mini grid can tie with this set, e.g. {tie}"))
    return found


def _luminance(colour: str) -> float:
    """WCAG relative luminance of a #rrggbb colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


MIN_CONTRAST = 3.0
TEXT_COLOURS = ("ink", "grid", "accent")  # each prints text on the paper and on the shade


def check_layout(layout: ScribeLayout) -> list[Finding]:
    """Every rules finding for a Scribe sheet layout: its glyph set, and text colours that
    read against the white paper and the shaded mini grids."""
    found = check_glyphs(layout.glyphs)
    s = layout.sheet
    for key in TEXT_COLOURS:
        colour = getattr(s, key)
        for behind, name in (("#ffffff", "the white paper"), (s.shade, "the shade")):
            ratio = contrast(colour, behind)
            if ratio < MIN_CONTRAST:
                found.append(
                    error(
                        f"sheet.{key}",
                        f"text in {colour} on {name} ({behind}) has contrast {ratio:.1f}:1; "
                        f"it needs at least {MIN_CONTRAST:g}:1 (use a darker colour)",
                    )
                )
    return found


def played_findings(rows: Sequence[str], match: MatchScore) -> list[str]:
    """What a played super grid shows against the rulebook, for a referee looking at a returned
    sheet: players take turns with no passing (so their counts of marks differ by at most one),
    play goes on until every square is filled, and a full mini grid has a winner (the rulebook:
    draws cannot occur)."""
    counts = {p: sum(row.count(p) for row in rows) for p in PLAYERS}
    out = []
    if abs(counts["+"] - counts["O"]) > 1:
        out.append(
            f"players + and O marked {counts['+']} and {counts['O']} squares; they take turns, "
            "one square each, so the counts differ by one at most"
        )
    empty = sum(row.count(EMPTY) for row in rows)
    if empty:
        out.append(
            f"{empty} square{'s are' if empty != 1 else ' is'} empty; play goes on until every "
            "square is filled"
        )
    for index, mini in enumerate(match.minis):
        if mini.full and mini.winner is None:
            out.append(
                f"the {MINI_NAMES[index]} mini grid is a tie at {mini.scores['+'].points} "
                "points each; a mini grid cannot be drawn"
            )
    return out
