"""Pages alike store what they share once: a page's content is split in parts only between whole
lines (the PDF lets a content be split in streams only between tokens), the parts put back
together are the page's content exactly, and the named sheets of a pad keep only their name."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheetgen.backends.pdf import SHARED_PREFIX, _parts

LINES = [b"q\n", b"Q\n", b"1 0 0 1 22.67717 86.45669 cm\n", b"/FormXob.d1 Do\n", b"0 0 1 rg\n"]


def _content(lines: list[int]) -> bytes:
    return b"".join(LINES[i] for i in lines)


@given(st.lists(st.lists(st.integers(0, len(LINES) - 1), max_size=40), max_size=8))
def test_parts_put_together_are_the_page_and_split_between_lines(pages: list[list[int]]) -> None:
    contents = [_content(lines) for lines in pages]
    for content, parts in zip(contents, _parts(contents), strict=True):
        assert b"".join(parts) == content
        assert all(part.endswith(b"\n") for part in parts if part)


def test_named_sheets_keep_only_their_name() -> None:
    head = b"q\n1 0 0 1 22.67717 86.45669 cm\n/FormXob.d1 Do\nQ\nq\n" * 3
    tail = b"Q\nQ\n"
    names = [f"BT /F1+0 4 Tf ({name}) Tj ET\n".encode() for name in ("Ann", "Bob", "Cy")]
    assert len(head) >= SHARED_PREFIX
    parts = _parts([head + name + tail for name in names])
    assert parts == [[head, name, tail] for name in names]


def test_the_end_found_alike_never_reaches_back_into_the_shared_beginning() -> None:
    """Pages that differ by repeating the last lines of their common beginning: read from the
    end, they are alike further back than where the beginning they share ends."""
    head = b"q\n/FormXob.d1 Do\nQ\n" * 5
    cases = [[head + b"Q\n" * n for n in more] for more in ((1, 4, 5), (4, 1, 5), (5, 4, 1))]
    cases.append([head + b"0 0 1 rg\n" + b"Q\n" * 4, head + b"Q\n", head + b"Q\n" * 2])
    for contents in cases:  # the last: the page first in order is not the shortest
        for content, parts in zip(contents, _parts(contents), strict=True):
            assert b"".join(parts) == content


def test_three_pages_alike_share_and_pages_alike_apart_find_each_other() -> None:
    """Three named sheets are enough to share; pages alike share even when other pages come
    between them in the document; a page whose end differs from the others' keeps its own."""
    a = b"q\n/FormXob.d1 Do\nQ\n" * 5
    b = b"q\n/FormXob.d2 Do\nQ\n" * 5
    contents = [a + b"(1) Tj\nQ\n", b + b"(x) Tj\nQ\n", a + b"(2) Tj\n", b + b"(y) Tj\nQ\n"]
    contents += [a + b"(3) Tj\nQ\n", b + b"(z) Tj\nQ\n"]
    parts = _parts(contents)
    for k in (0, 2, 4):
        assert parts[k] == [a, contents[k][len(a) :]]
    for k in (1, 3, 5):
        assert parts[k] == [b, contents[k][len(b) : -2], b"Q\n"]
