"""Layout texts of a shape no layout has (lists or tables nested past 64, keys of more than 32
dotted parts) are refused before TOML reads them, at the bracket or key where the shape goes
too far; brackets and dots in strings and comments, and floats, are no part of the shape."""

from __future__ import annotations

import tomllib

import pytest

from sheetgen.errors import LayoutError
from sheetgen.layouts.toml.shape import MAX_DEPTH, MAX_KEY_PARTS, check_shape

HEAD = 'game = "scribe"\n'
# lines with more brackets and dots than the quick look lets by, none of them deep or a long key
FLAT = "xs = [" + ", ".join(f"[{n}.5]" for n in range(MAX_DEPTH)) + "]\n"


def nested(depth: int, open_: str = "[", close: str = "]") -> str:
    return open_ * depth + close * depth


def refusal(text: str) -> tuple[int | None, int | None, str]:
    with pytest.raises(LayoutError) as refused:
        check_shape(text, "my.toml")
    return refused.value.line, refused.value.column, str(refused.value)


def test_as_deep_as_allowed_is_read_and_one_more_is_refused_at_its_bracket() -> None:
    tomllib.loads(FLAT)
    check_shape(HEAD + FLAT + "deep = " + nested(MAX_DEPTH) + "\n", "my.toml")
    line, column, said = refusal("\n" + FLAT + "deep = " + nested(MAX_DEPTH + 1) + "\n")
    assert (line, column) == (3, len("deep = ") + MAX_DEPTH + 1)  # the 65th bracket
    assert said == (
        "my.toml:3:72: lists or tables nested more than 64 deep "
        "(a layout nests them a few deep at most)"
    )


def test_inline_tables_and_lists_count_alike() -> None:
    value = "{a = " * 40 + nested(MAX_DEPTH - 40 + 1) + "}" * 40
    assert refusal(f"x = {value}\n")[:2] == (1, len("x = ") + 40 * len("{a = ") + 25)


def test_brackets_in_strings_and_comments_are_not_counted() -> None:
    many = nested(200)
    text = (
        f'a = "{many}"\n'
        f"b = '{many}'\n"
        f'c = """\n{many}\n"""\n'
        f"d = '''\n{many}\n'''\n"
        f'e = "a \\" {many}"\n'  # an escaped quote does not end the string
        f"# {many}\n"
        f"f = [1, 2] # {many}\n"
    )
    tomllib.loads(text)  # the text is TOML, as written
    check_shape(text, "my.toml")


def test_a_key_of_as_many_parts_as_allowed_is_read_and_one_more_is_refused() -> None:
    check_shape(FLAT + ".".join(["a"] * MAX_KEY_PARTS) + " = 1\n", "my.toml")
    text = FLAT + "\n" + " . ".join(['"q.q"'] + ["a"] * MAX_KEY_PARTS) + " = 1\n"
    assert refusal(text) == (
        3,
        1,
        "my.toml:3:1: a key or table name of more than 32 dotted parts "
        "(a layout's keys have a few parts, e.g. sheet.cell)",
    )


def test_a_table_name_of_too_many_parts_is_refused_in_its_header() -> None:
    line, column, _ = refusal(HEAD + "[" + ".".join(["t"] * 100) + "]\n")
    assert (line, column) == (2, 2)


def test_floats_and_dotted_words_in_text_are_not_keys() -> None:
    floats = ", ".join(f"{n}.5" for n in range(500))
    text = f'xs = [{floats}]\nnote = "{" ".join(["e.g."] * 100)}"\nsheet.cell = 10.5\n'
    tomllib.loads(text)
    check_shape(text, "my.toml")


def test_a_multi_line_string_ending_in_four_or_five_quotes_hides_nothing() -> None:
    """TOML lets a multi-line string end in two quotes of its own before its closing three:
    its end is where the text goes on, so a comment after it is still a comment, and a deep
    value after it is still seen."""
    many = nested(200)
    for quote in ('"', "'"):
        ending = quote * 3 + "x" + quote * 4
        five = quote * 3 + "x" + quote * 5
        valid = f'a = {ending} # see "q" {many}\nb = {five} # "q" {"v." * 40}v\n'
        tomllib.loads(valid)
        check_shape(valid, "my.toml")
        hidden = f'a = [{ending}, "", {nested(MAX_DEPTH + 1)}, ""]\n'
        # the list around it is the first level: the 64th bracket of the value goes too deep
        assert refusal(hidden)[:2] == (1, len(f'a = [{ending}, "", ') + MAX_DEPTH)


def test_a_key_of_33_parts_is_refused_though_the_text_has_only_its_32_dots() -> None:
    text = ".".join(["a"] * (MAX_KEY_PARTS + 1)) + " = 1\n"
    assert text.count(".") == MAX_KEY_PARTS
    assert refusal(text)[:2] == (1, 1)


def test_depth_is_counted_back_down_as_lists_close() -> None:
    """A list holding a shallow branch, then one too deep: the second is refused where it goes
    past 64, counted from the list around both."""
    text = "x = [" + nested(10) + ", " + nested(MAX_DEPTH) + "]\n"
    assert refusal(text)[:2] == (1, len("x = [" + nested(10) + ", ") + MAX_DEPTH)
