"""What a game hands over for an offline page played on a screen: a deck of tiles revealed a turn
at a time, dice rolled together; each as its drawings and the words shown with them. Games say
what their tiles, dice and words are; `export.pages` makes the pages of them."""

from __future__ import annotations

from sheetgen.draw.shapes import Drawing
from sheetgen.frozen import frozen


@frozen
class ScreenTile:
    """One tile of a deck: `move`, the movement it shows ('left/right'), `name`, what the
    players call it (shown under it), and `drawing`, the tile as a screen shows it."""

    move: str
    name: str
    drawing: Drawing


@frozen
class ScreenDeck:
    """A deck shuffled at the start of each round, one tile set aside unseen and one revealed a
    turn: `turns` turns a round, `rounds` rounds a game. `game` is the game's name, `title`
    the page's; a tile is called `tile_called` ('movement tile'); `round_end` says what the
    players do when a round's tiles are out ('score your meals'), `game_end` what they do when
    the last round is over."""

    game: str
    title: str
    tile_called: str
    tiles: tuple[ScreenTile, ...]
    rounds: int
    turns: int
    round_end: str
    game_end: str


@frozen
class ScreenFace:
    """One face of a die: its drawing, and its movement and symbol in words."""

    drawing: Drawing
    move: str
    symbol: str


@frozen
class ScreenDie:
    """A die by its name and its faces, in the order they are numbered (1 first)."""

    name: str
    faces: tuple[ScreenFace, ...]


@frozen
class ScreenDice:
    """Dice rolled all together once a turn, each roll kept in a list. `game` is the game's
    name, `title` the page's; a turn is called `turn_called` ('Day') and a whole game
    `game_called` ('walk'); `faces_shown` tells a player how to read a face."""

    game: str
    title: str
    dice: tuple[ScreenDie, ...]
    turn_called: str
    game_called: str
    faces_shown: str
