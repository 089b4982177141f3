"""The referee of a recorded Scrumpit game: the record replayed turn by turn against every
rule of the rulebook a record can show, each broken rule a finding naming its turn."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from sheetgen.findings import Finding, error
from sheetgen.games.scrumpit.ending import (
    RACK,
    at,
    finish_findings,
    over_drawn,
    plural,
    rack_findings,
)
from sheetgen.games.scrumpit.model import (
    BoardLayout,
    Colour,
    GameRecord,
    Side,
    TilesLayout,
    Turn,
)
from sheetgen.games.scrumpit.rules import (
    HOME_ROWS,
    TOWARDS,
    Cell,
    Grid,
    central,
    guide_side,
    lay_turn,
    new_words,
    play_order,
    star,
    zone_cells,
)

SCRUMP_LIMIT = 2  # letters a player may scrump in one turn
EXCHANGE_LIMIT = 2  # letters a player may exchange instead of playing


@dataclass
class Referee:
    """What the referee knows while it replays a record: the board and bags, the letters laid
    so far, who has entered their home zone, what each bag has given, and its findings."""

    record: GameRecord
    board: BoardLayout
    tiles: TilesLayout
    words: frozenset[str] | None
    zones: dict[Cell, tuple[str, int]] = field(init=False)
    order: list[Colour] = field(init=False)
    grid: Grid = field(default_factory=dict)
    home: set[str] = field(default_factory=set)
    drawn: dict[str, Counter[str]] = field(default_factory=dict)
    over: set[tuple[str, str]] = field(default_factory=set)  # (bag, letter) already reported
    started: bool = False
    ended: int | None = None  # the index of the turn that reached an Apex Star
    astray: str = ""  # the latest letter refused its cell: the board may not be the record's
    out: list[Finding] = field(default_factory=list)
    side: Side = field(init=False)  # the seat of the starting word's player: how words read
    counts: dict[str, int] = field(init=False)  # tiles of each letter in a bag
    apex: dict[str, Cell] = field(init=False)  # each colour's Apex Star

    def __post_init__(self) -> None:
        self.zones = zone_cells(self.board)
        self.order = play_order(self.record, self.board)
        self.side = guide_side(self.record, self.board)
        self.counts = {x.letter: x.count for x in self.tiles.letters}
        self.apex = {c: cell for cell, (c, row) in self.zones.items() if row == HOME_ROWS}

    def fault(self, i: int, where: str, message: str) -> None:
        """A broken rule on turn i (0-based), at key `where` inside that turn."""
        turn = self.record.turns[i]
        self.out.append(error(f"turns[{i}]{where}", f"turn {i + 1} ({turn.player}): {message}"))

    # ---- the turn as a whole

    def order_of_play(self, i: int) -> None:
        """Play goes clockwise from the starter: each turn is the next player's."""
        if i == 0 or len(self.order) < 2:
            return
        before = self.record.turns[i - 1].player
        due = self.order[(self.order.index(before) + 1) % len(self.order)]
        player = self.record.turns[i].player
        if player != due:
            self.fault(
                i,
                ".player",
                f"it is {due}'s turn, not {player}'s: play goes clockwise "
                f"({', '.join(self.order)}) and {before} played turn {i}",
            )

    def exchange(self, i: int, turn: Turn) -> None:
        """Up to 2 letters may be exchanged, forfeiting the turn."""
        if len(turn.exchanged) > EXCHANGE_LIMIT:
            self.fault(
                i,
                ".exchanged",
                f"{len(turn.exchanged)} letters exchanged; a player may exchange up to "
                f"{EXCHANGE_LIMIT} letters from their bag",
            )
        if turn.tiles or turn.scrumped:
            self.fault(
                i,
                ".exchanged",
                "a player who exchanges letters forfeits the turn: no letters are laid or "
                "scrumped in it",
            )
        self.exchange_held(i, turn)

    def exchange_held(self, i: int, turn: Turn) -> None:
        """The letters exchanged come off the player's rack, which holds only the tiles their
        bag gave that the board has not taken: no more of a letter than the bag holds, less
        those already laid."""
        laid = self.drawn.get(turn.player, Counter())
        for letter, n in sorted(Counter(turn.exchanged).items()):
            held = self.counts.get(letter, 0)
            left = max(0, held - laid[letter])
            if n <= left:
                continue
            on_board = (
                f" and {laid[letter]} {'is' if laid[letter] == 1 else 'are'} already on the board"
                if laid[letter]
                else ""
            )
            self.fault(
                i,
                ".exchanged",
                f"{plural(n, letter)} exchanged, but {turn.player}'s bag holds "
                f"{plural(held, letter)}{on_board}: a rack holds "
                f"{f'at most {left}' if left else 'no'} {letter} to put back",
            )

    def scrump(self, i: int, turn: Turn) -> tuple[list[Cell], list[Cell]]:
        """The scrumped cells that can be lifted and those refused; each broken scrumping rule
        found."""
        cells = [(c[0], c[1]) for c in turn.scrumped]
        if len(cells) > SCRUMP_LIMIT:
            self.fault(
                i,
                ".scrumped",
                f"{len(cells)} letters scrumped; a player may scrump up to {SCRUMP_LIMIT} "
                "letters a turn",
            )
        if cells and turn.player not in self.home:
            self.fault(
                i,
                ".scrumped",
                f"{turn.player} has not entered their home Scrump Zone: only on the turns after "
                "a player's letters enter it may they scrump",
            )
        lifted: list[Cell] = []
        refused: list[Cell] = []
        for j, cell in enumerate(cells):
            owner = self.zones.get(cell)
            if cell in cells[:j]:
                self.fault(i, f".scrumped[{j}]", f"{at(cell)} is scrumped twice")
                continue
            if owner:
                why = (
                    f"{at(cell)} is in {owner[0]}'s home Scrump Zone, where letters are fixed: "
                    "no one may scrump them"
                )
            elif not central(self.board, cell):
                why = (
                    f"{at(cell)} is off the board: letters are scrumped from the central "
                    f"{self.board.size} x {self.board.size} board"
                )
            elif cell not in self.grid:
                why = f"{at(cell)} holds no letter to scrump"
            else:
                lifted.append(cell)
                continue
            self.fault(i, f".scrumped[{j}]", why)
            refused.append(cell)
        return lifted, refused

    def placements(self, i: int, turn: Turn, lifted: list[Cell]) -> list[int]:
        """The indices of the letters that can be laid; each broken placing rule found."""
        ok: list[int] = []
        seen: set[Cell] = set()
        size = self.board.size
        for j, p in enumerate(turn.tiles):
            cell = (p.at[0], p.at[1])
            where = f".tiles[{j}]"
            owner = self.zones.get(cell)
            if cell in seen:
                self.fault(i, where, f"two letters are laid on {at(cell)}")
            elif owner is None and not central(self.board, cell):
                self.fault(
                    i,
                    where,
                    f"{at(cell)} is off the board: letters go on the central {size} x {size} "
                    "board or in the player's own home Scrump Zone",
                )
            elif owner and owner[0] != turn.player:
                self.fault(
                    i,
                    where,
                    f"{at(cell)} is in {owner[0]}'s home Scrump Zone: players may not invade "
                    "another player's home zone",
                )
            elif cell in self.grid and cell not in lifted:
                fixed = " (letters in a home zone are fixed)" if owner else ""
                self.fault(i, where, f"{at(cell)} already holds {self.grid[cell].letter}{fixed}")
            else:
                ok.append(j)
            seen.add(cell)
        return ok

    def scrumped_used(self, i: int, lifted: list[str], laid: list[str]) -> None:
        """Scrumped letters must be used in that turn."""
        unused = Counter(lifted) - Counter(laid)
        if unused:
            letters = ", ".join(sorted(unused.elements()))
            self.fault(
                i,
                ".scrumped",
                f"the scrumped {letters} {'is' if unused.total() == 1 else 'are'} not laid "
                "again: scrumped letters must be used in the turn they are taken",
            )

    def rack_and_bag(self, i: int, turn: Turn, own: Counter[str]) -> None:
        """A rack holds 7 tiles; a bag gives no more of a letter than it holds. `own`: the
        letters the record lays from the player's rack, so from their bag."""
        if own.total() > RACK:
            self.fault(
                i,
                ".tiles",
                f"{own.total()} letters laid from the rack; a rack holds {RACK} tiles",
            )
        drawn = self.drawn.setdefault(turn.player, Counter())
        drawn.update(own)
        for message in over_drawn(turn.player, drawn, self.counts, self.over):
            self.fault(i, ".tiles", message)

    def from_rack(self, turn: Turn, lifted: list[str], refused: list[Cell]) -> Counter[str]:
        """The letters of a turn that came off the player's rack: every letter the record lays
        (one refused its cell still left the rack) but those scrumped. Each refused scrump is
        taken to have given one of the letters laid all the same (the one the player's bag can
        least spare), so its fault is told once and not again as a bag that gave too much."""
        own = Counter(p.letter for p in turn.tiles) - Counter(lifted)
        drawn = self.drawn.get(turn.player, Counter())
        for _ in refused:
            left = sorted(+own, key=lambda ch: (self.counts.get(ch, 0) - drawn[ch] - own[ch], ch))
            if left:
                own[left[0]] -= 1
        return +own

    # ---- the letters laid

    def shape(self, i: int, turn: Turn, placed: list[Cell]) -> None:
        """Letters are laid crossword fashion: in one row or column, with no gap, attached to
        a letter on the board, making a word; the first from the central star towards home."""
        xs, ys = {c[0] for c in placed}, {c[1] for c in placed}
        if len(xs) > 1 and len(ys) > 1:
            self.fault(
                i,
                ".tiles",
                "the letters laid are not in one row or one column: words are formed in "
                "crossword fashion, left to right or top to bottom",
            )
        else:
            step = (1, 0) if len(ys) == 1 else (0, 1)
            first, last = min(placed), max(placed)
            cell = first
            while cell != last:
                cell = (cell[0] + step[0], cell[1] + step[1])
                if cell not in self.grid:
                    self.fault(
                        i,
                        ".tiles",
                        f"a gap at {at(cell)} splits the letters laid: one turn forms one word "
                        "in crossword fashion",
                    )
                    break
        words = new_words(self.grid, placed, self.side)
        if not self.started:
            self.first_word(i, turn, placed)
            if not words:
                self.fault(i, ".tiles", "the letters laid form no word of two letters or more")
        elif not any(
            (c[0] + dx, c[1] + dy) in self.grid and (c[0] + dx, c[1] + dy) not in placed
            for c in placed
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ):
            hint = (
                f" (the board may not be what the record meant: {self.astray})"
                if self.astray
                else ""
            )
            self.fault(
                i,
                ".tiles",
                "the word is not attached to any letter on the board: words must always be "
                f"attached to a letter already there{hint}",
            )
        if self.words is not None:
            self.spelling(i, words)

    def first_word(self, i: int, turn: Turn, placed: list[Cell]) -> None:
        """The first word is formed from the central star towards its player's home zone."""
        centre = star(self.board)
        step = TOWARDS[self.side]
        ray = [(centre[0] + k * step[0], centre[1] + k * step[1]) for k in range(len(placed))]
        if centre not in placed:
            self.fault(
                i,
                ".tiles",
                f"the first word must be formed from the central star {at(centre)}",
            )
        elif sorted(placed) != sorted(ray):
            self.fault(
                i,
                ".tiles",
                f"the first word runs from the central star {at(centre)} towards "
                f"{turn.player}'s home Scrump Zone ({self.side}), the star its first letter",
            )

    def spelling(self, i: int, words: list[list[Cell]]) -> None:
        """Every new word is in the word list, read left to right or top to bottom."""
        assert self.words is not None
        for word in words:
            text = "".join(self.grid[c].letter for c in word)
            if text in self.words:
                continue
            backwards = text[::-1]
            hint = (
                f" (read the other way it is {backwards}, but words read only left to right "
                "and top to bottom)"
                if backwards in self.words
                else ""
            )
            self.fault(i, ".tiles", f"{text} is not a word of the word list{hint}")

    # ---- the whole game

    def turn(self, i: int, turn: Turn) -> None:
        """Referee one turn, then lay what can be laid."""
        self.order_of_play(i)
        if self.ended is not None:
            winner = self.record.turns[self.ended].player
            self.fault(
                i,
                "",
                f"the game was over on turn {self.ended + 1}, when {winner} reached their "
                "Apex Star; no one plays after that",
            )
        if turn.exchanged:
            self.exchange(i, turn)
        elif not turn.tiles and not turn.scrumped:
            self.fault(
                i,
                "",
                "no letters laid and none exchanged: a player who cannot or would rather not "
                "make a word exchanges up to 2 letters from their bag, forfeiting the turn (the "
                "rulebook has no plain pass)",
            )
        lifted, refused = self.scrump(i, turn)
        ok = self.placements(i, turn, lifted)
        astray = [p for j, p in enumerate(turn.tiles) if j not in ok]
        if astray:
            self.astray = f"turn {i + 1}'s {astray[0].letter} at {at(astray[0].at)} was refused"
        lifted_letters = [self.grid[c].letter for c in lifted]
        own = self.from_rack(turn, lifted_letters, refused)
        kept = turn.model_copy(
            update={"tiles": [turn.tiles[j] for j in ok], "scrumped": list(lifted)}
        )
        placed = lay_turn(self.grid, kept)
        laid = [self.grid[c].letter for c in placed]
        self.scrumped_used(i, lifted_letters, laid)
        if turn.tiles:
            self.rack_and_bag(i, turn, own)
        if placed:
            self.shape(i, turn, placed)
            self.started = True
        if any(self.zones.get(c, ("", 0))[0] == turn.player for c in placed):
            self.home.add(turn.player)
        if self.ended is None and self.apex.get(turn.player) in placed:
            self.ended = i

    def players(self) -> None:
        """Two, three or four players."""
        if len(self.order) < 2:
            self.out.append(
                error(
                    "turns",
                    f"only {self.order[0]} plays: a game of Scrumpit has 2, 3 or 4 players",
                )
            )


def referee(
    record: GameRecord,
    board: BoardLayout,
    tiles: TilesLayout,
    words: frozenset[str] | None = None,
) -> list[Finding]:
    """Every rule the record breaks, turn by turn and then at the end of the game; with a word
    list, every new word must be in it."""
    ref = Referee(record, board, tiles, words)
    ref.players()
    for i, turn in enumerate(record.turns):
        ref.turn(i, turn)
    ref.out += finish_findings(record, ref.ended, ref.apex)
    ref.out += rack_findings(record, ref.ended, ref.order, ref.drawn, ref.counts, ref.over)
    return ref.out
