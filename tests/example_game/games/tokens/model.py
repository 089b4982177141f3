"""What a tokens layout holds: the token's size, the numbers and the colour."""

from __future__ import annotations

from typing import Literal

from sheetgen.model.base import Colour, LayoutBase
from sheetgen.model.tables import Key


class TokensLayout(LayoutBase):
    """Round tokens numbered 1 to `highest`, `size` mm across."""

    game: Literal["tokens"]
    component: Literal["round"]
    size: float = Key(default=20.0, ge=12, le=60, description="token diameter in mm, 12 to 60")
    highest: int = Key(default=12, ge=1, le=99, description="the numbers run 1 to this, 1 to 99")
    colour: Colour = Key(default="#2f6f8f", description="the token's ring, #rrggbb")
