"""Reading a layout costs work in proportion to its size, whatever the text: the key-position
scanner moves on through any text (one a TOML reader refuses included) and stops, and the
problems of a list far too long are found by reading each entry once, not the whole layout
again for every part of the list. Work is counted, not timed: the characters the scanner looks
at and the text handed to the validator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sheetgen.layouts.toml import positions as scanner
from sheetgen.layouts.toml import syntax
from tests.support import ROOT, sheetgen
from tests.support.cost import counted_run

STANDARD = (ROOT / "layouts" / "scribe" / "standard.toml").read_text(encoding="utf-8")
# texts TOML refuses, each a way the scanner once went round without moving on
BROKEN = [
    "x = [}",
    "x = [",
    "x = [1 2]",
    "x = [,",
    "x = {",
    "x = {a = 1 b",
    "x = {,}",
    'a = "\\uzzzz"\na = 1',
    'a = "\\UFFFFFFFF"\na = 1',
    "[a",
    "[[a]]\n[[a",
    "x = [" * 40 + "}" * 40,
]


class Counted(scanner._Walker):
    """The scanner, counting each look at a character."""

    looks = 0

    def peek(self) -> str:
        Counted.looks += 1
        return super().peek()


def looks(text: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(scanner, "_Walker", Counted)
    Counted.looks = 0
    scanner.positions(text)
    scanner.positions(text, head=True)
    scanner.statements(text)
    return Counted.looks


@pytest.mark.parametrize("text", BROKEN, ids=range(len(BROKEN)))
def test_the_scanner_stops_on_a_broken_text(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert looks(text, monkeypatch) <= 30 * (len(text) + 10)


def test_the_scanner_stops_on_every_cut_of_a_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    head = STANDARD[:1500]
    for end in range(len(head)):
        assert looks(head[:end], monkeypatch) <= 30 * (end + 10), head[:end]


def test_a_seven_byte_layout_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("x = [}", encoding="utf-8")
    run = sheetgen("check", str(path))
    assert run.code == 1
    assert run.err == f"error: {path}:1:6: TOML syntax error: " + (
        "this value is not one TOML knows (text goes in quotes; numbers, true and false do not)\n"
    )


def tiles(letters: int) -> str:
    entries = ", ".join('{ letter = "A", value = 1, count = 1 }' for _ in range(letters))
    head = 'game = "scrumpit"\ncomponent = "tiles"\nname = "big"\nsize = 19.0\n'
    return f"{head}letters = [{entries}]\n"


def calls(path: Path, problem: str = "letters: must hold at most 26 entries") -> int:
    """The Python function calls `sheetgen check PATH` makes (a count of work, not a time)."""
    count, run = counted_run("check", str(path))
    assert run.code == 1
    assert problem in run.err
    return count


def test_a_list_far_too_long_costs_in_proportion_to_it(tmp_path: Path) -> None:
    sizes = 100, 800, 1600  # the first, before counting: what a first run imports
    paths = [tmp_path / f"{n}.toml" for n in sizes]
    for path, n in zip(paths, sizes, strict=True):
        path.write_text(tiles(n), encoding="utf-8")
    once, twice = [calls(path) for path in paths][1:]
    assert twice <= 2.5 * once  # twice the letters, twice the work (not four times)


class Looked(list[Any]):
    """The statements of a text, counting each one looked at through a slice or an index."""

    looks = 0

    def __getitem__(self, at: Any) -> Any:
        found = super().__getitem__(at)
        Looked.looks += len(found) if isinstance(at, slice) else 1
        return found

    def __iter__(self) -> Any:
        for item in super().__iter__():
            Looked.looks += 1
            yield item


def looked_at(path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """The statements `sheetgen check PATH` looks at to find the keys written twice."""
    monkeypatch.setattr(syntax, "statements", lambda text: Looked(scanner.statements(text)))
    Looked.looks = 0
    run = sheetgen("check", str(path))
    assert run.code == 1
    assert "[t]: written twice (first on line 3); keep one, with all the keys under it" in run.err
    return Looked.looks


def test_keys_written_twice_cost_in_proportion_to_their_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = [tmp_path / f"{n}.toml" for n in (1000, 2000)]
    for path, n in zip(paths, (1000, 2000), strict=True):
        path.write_text('game = "scribe"\n' + "a = 1\n[t]\n[t]\n" * n, encoding="utf-8")
    once, twice = (looked_at(path, monkeypatch) for path in paths)
    assert twice <= 2.5 * once  # twice the keys, twice the work (not four times)


def test_a_list_of_more_entries_than_any_layout_holds_is_one_line_at_once(tmp_path: Path) -> None:
    """A 1 MB file can hold half a million list entries; judged one by one they cost a minute
    and a gigabyte and printed half a million lines (the attacker review). Past 10,000 entries
    (a built-in layout's longest list has about a hundred) the list is refused whole, in one
    line at its key, before any entry is judged."""
    path = club(tmp_path, "rules = [" + ", ".join(["1"] * 10_001) + "]")
    run = sheetgen("check", str(path))
    assert run.code == 1
    assert run.err == (
        f"error: {path}:5:1: rules: a list of 10,001 entries (no layout's list holds more "
        "than 10,000)\n"
    )


@pytest.mark.parametrize("number", ["0x" + "f" * 5000, "0o" + "7" * 5000, "0b" + "1" * 15000])
def test_a_whole_number_of_thousands_of_digits_is_one_line_at_its_key(
    tmp_path: Path, number: str
) -> None:
    """TOML's hex, octal and binary numbers are read whatever their length, and Python then
    refuses to turn one of thousands of digits into text: an internal error before."""
    path = club(tmp_path, f"title = {number}")
    run = sheetgen("check", str(path))
    assert run.code == 1
    assert run.err == (
        f"error: {path}:5:1: title: a whole number of thousands of digits (a layout's numbers "
        "have a few)\n"
    )


def club(folder: Path, line: str) -> Path:
    """A Scribe sheet of one's own whose fifth line is `line`."""
    path = folder / "club.toml"
    path.write_text(
        'game = "scribe"\ncomponent = "supergrid"\nextends = "scribe/standard"\n'
        f'name = "club"\n{line}\n',
        encoding="utf-8",
    )
    return path


def test_listing_a_collection_costs_in_proportion_to_its_size(tmp_path: Path) -> None:
    """`list` over a collection of layouts that extend a built-in one (each read the careful
    way) listed the whole collection again for every layout: 1,000 layouts took 32 s. Twice
    the layouts cost twice the work, not four times."""
    counts = []
    for n in (20, 40, 80):  # the first, before counting: what a first run imports
        folder = tmp_path / f"c{n}" / "scribe"
        folder.mkdir(parents=True)
        for i in range(n):
            (folder / f"l{i}.toml").write_text(
                f'game="scribe"\ncomponent="supergrid"\nextends="scribe/standard"\nname="l{i}"\n',
                encoding="utf-8",
            )
        count, run = counted_run("list", "--layouts", str(folder.parent))
        assert run.code == 0, run.err
        assert run.out.count("scribe/supergrid") >= n
        counts.append(count)
    once, twice = counts[1:]
    assert twice - once <= 1.25 * (once - counts[0]) * 2  # each 40 more cost alike, not more


def test_a_thousand_mistakes_are_said_a_hundred_and_the_rest_counted(tmp_path: Path) -> None:
    """A layout of 100,000 unknown keys printed 100,002 lines in 31 s: the first hundred
    mistakes are said, each at its line, and the rest counted in one line."""
    path = tmp_path / "many.toml"
    keys = "".join(f"k{i} = 1\n" for i in range(1000))
    head = 'game = "scribe"\ncomponent = "supergrid"\nname = "m"\nextends = "scribe/standard"\n'
    path.write_text(head + keys, "utf-8")
    run = sheetgen("check", str(path))
    assert run.code == 1
    lines = run.err.splitlines()
    assert len(lines) == 101
    assert lines[0].startswith(f"error: {path}:5:1: k0: unknown key 'k0'")
    assert lines[-1] == (
        f"error: {path}: and 900 more mistakes, not listed (mend those above and check again)"
    )
