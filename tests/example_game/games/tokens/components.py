"""How a tokens layout is checked and built: the rules, then the drawings and how they print."""

from __future__ import annotations

from sheetgen.games.tokens.model import TokensLayout

from sheetgen.draw import Circle, Drawing, Style, label
from sheetgen.draw.sheets import Pieces, Sheets
from sheetgen.findings import Finding, warning
from sheetgen.options import BuildOptions


def check(layout: TokensLayout) -> list[Finding]:
    """A number must stay readable: two digits on the smallest token is tight."""
    if layout.size < 16 and layout.highest > 9:
        return [warning("size", "two-digit numbers are cramped under 16 mm; use size = 16")]
    return []


def token(layout: TokensLayout, number: int) -> Drawing:
    """One token: a ring in the layout's colour round its number."""
    r = layout.size / 2
    ring = Circle(r, r, r - 1.0, Style(stroke=layout.colour, width=1.2, fill="#ffffff"))
    text = label(r, r, str(number), layout.size * 0.4, weight="bold", colour="#222222")
    return Drawing(layout.size, layout.size, (ring, text), title=f"token {number}")


def build(layout: TokensLayout, options: BuildOptions) -> Sheets:
    """Every number once a copy, laid out by the press with crop marks between them."""
    tokens = [token(layout, n) for n in range(1, layout.highest + 1)] * options.copies
    return Sheets((Pieces(tokens),), title=f"Tokens — {layout.name}", keywords=("tokens",))
