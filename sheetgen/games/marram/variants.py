"""What each Marram variant gives and asks, from the rulebook: the short game's target score,
each player's welly boots, pitchforks and spade cards, how often a tile may flip, and the
Animals variant's Fly and Frog guessing points."""

from __future__ import annotations

from sheetgen.games.marram.model import Hopper, Length, Variant

# "play stops when one player has achieved a score of 80 or more (2-player game), 60 points
# (3-player game) or 50 points (4-player game)"; pitchfork: 120, 80, 60. Animals has no short game.
TARGETS: dict[Variant, dict[int, int]] = {
    "classic": {2: 80, 3: 60, 4: 50},
    "pitchfork": {2: 120, 3: 80, 4: 60},
}
# spade cards a player receives, by variant, length and number of players
SPADE_CARDS: dict[tuple[Variant, Length], dict[int, int]] = {
    ("classic", "long"): {2: 4, 3: 3, 4: 2},
    ("classic", "short"): {2: 4, 3: 3, 4: 2},
    ("pitchfork", "long"): {2: 10, 3: 7, 4: 5},
    ("pitchfork", "short"): {2: 8, 3: 5, 4: 4},
    ("animals", "long"): {2: 10, 3: 7, 4: 5},
}
# flips a tile may take in a whole game: classic counts three rings, the others one flip
FLIPS_PER_TILE: dict[Variant, int] = {"classic": 3, "pitchfork": 1, "animals": 1}
HOPPER_POINTS = 12  # to the closest guess, and as much again for a correct one


def pieces(variant: Variant, length: Length) -> dict[str, int]:
    """A player's stock: classic 7 welly boots for any feature; pitchfork and animals 5 welly
    boots (3 in the short game) for patches and 5 pitchforks for beasts."""
    if variant == "classic":
        return {"boot": 7}
    return {"boot": 3 if length == "short" else 5, "pitchfork": 5}


def piece(variant: Variant, feature: str) -> str:
    """What a claim on `feature` ('beast:E', 'patch:NW') is: a pitchfork on a beast outside
    classic ("Snakes and worms can only be claimed by pitchforks"), else a welly boot."""
    return "pitchfork" if variant != "classic" and feature.startswith("beast:") else "boot"


def target(variant: Variant, length: Length, players: int) -> int | None:
    """The score that ends a short game for that many players; None for a long game."""
    if length != "short" or variant not in TARGETS:
        return None
    return TARGETS[variant].get(players)


def hopper_points(hopper: Hopper) -> dict[str, int]:
    """Guessing points for the Fly or the Frog. Eaten: the closest numeric guesses share 12
    (guesses of escape take nothing) and guesses exactly right share 12 more. Escaped: the
    guesses of escape share 12, with no bonus; with none, nobody scores."""
    guesses = hopper.guesses
    if hopper.hops == "escape":
        escaped = sorted(p for p, g in guesses.items() if g == "escape")
        return {p: HOPPER_POINTS // len(escaped) for p in escaped}
    hops = hopper.hops
    numbers = {p: g for p, g in guesses.items() if isinstance(g, int)}
    if not numbers:
        return {}
    best = min(abs(g - hops) for g in numbers.values())
    closest = sorted(p for p, g in numbers.items() if abs(g - hops) == best)
    points = HOPPER_POINTS // len(closest) * (2 if best == 0 else 1)
    return dict.fromkeys(closest, points)
