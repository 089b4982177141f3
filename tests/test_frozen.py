"""`@frozen` makes the class `dataclass(frozen=True)` makes: the same fields, `repr`, equality,
hash and refusals, and a dataclass the `dataclasses` functions read alike."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

import pytest

from sheetgen.draw.shapes import Close, LineTo, MoveTo, Rect, Style
from sheetgen.frozen import frozen


def _both(eq: bool = True) -> tuple[Any, Any]:
    """The same class made by `dataclass(frozen=True)` and by `@frozen`."""

    def declared(decorate: Any) -> Any:
        @decorate
        class Piece:
            """A piece."""

            width: float
            name: str = "pawn"
            marks: tuple[int, ...] = ()
            tags: frozenset[str] = field(default_factory=frozenset)
            data: bytes | None = field(default=None, compare=False, repr=False)

            def __post_init__(self) -> None:
                if self.width < 0:
                    raise ValueError("width must be >= 0")

        return Piece

    return declared(dataclass(frozen=True, eq=eq)), declared(frozen(eq=eq))


ARGS: list[tuple[Any, ...]] = [
    (1.0,),
    (2.0, "rook", (1, 2)),
    (2.0, "rook", (1, 2), frozenset({"x"}), b"\x00"),
    (float("nan"),),
]


@pytest.mark.parametrize("args", ARGS)
def test_a_frozen_class_is_what_the_dataclass_decorator_makes(args: tuple[Any, ...]) -> None:
    theirs, ours = _both()
    a, b = theirs(*args), ours(*args)
    assert repr(a) == repr(b)
    assert (a == theirs(*args)) == (b == ours(*args))
    assert hash(a) == hash(b) == hash(ours(*args))
    assert dataclasses.asdict(a) == dataclasses.asdict(b)
    assert [f.name for f in dataclasses.fields(b)] == [f.name for f in dataclasses.fields(a)]
    assert dataclasses.replace(b, name="king") == ours(args[0], "king", *args[2:])
    assert copy.deepcopy(b) == b or args[0] != args[0]  # (NaN is equal only to itself)
    assert theirs.__match_args__ == ours.__match_args__
    assert dataclasses.is_dataclass(ours) and ours.__dataclass_params__.frozen


def test_equality_and_hash_leave_out_a_field_not_compared() -> None:
    _, ours = _both()
    assert ours(1.0, data=b"a") == ours(1.0, data=b"b")
    assert hash(ours(1.0, data=b"a")) == hash(ours(1.0, data=b"b"))
    assert ours(1.0) != ours(2.0) and ours(1.0).__eq__((1.0,)) is NotImplemented


@pytest.mark.parametrize("eq", [True, False])
def test_a_frozen_object_refuses_every_change(eq: bool) -> None:
    for made in _both(eq):
        piece = made(1.0)
        with pytest.raises(FrozenInstanceError, match="cannot assign to field 'width'"):
            piece.width = 2.0
        with pytest.raises(FrozenInstanceError, match="cannot assign to field 'other'"):
            piece.other = 2.0
        with pytest.raises(FrozenInstanceError, match="cannot delete field 'width'"):
            del piece.width
        with pytest.raises(ValueError, match="width must be >= 0"):
            made(-1.0)


def test_without_equality_objects_are_compared_and_hashed_by_identity() -> None:
    _, ours = _both(eq=False)
    piece = ours(1.0)
    assert piece == piece and piece != ours(1.0)
    assert hash(piece) == object.__hash__(piece)


def test_shapes_pickle_and_compare_by_class_and_fields() -> None:
    rect = Rect(1.0, 2.0, 3.0, 4.0, Style(fill="#ff0000"))
    assert pickle.loads(pickle.dumps(rect)) == rect
    assert MoveTo(1.0, 2.0) != LineTo(1.0, 2.0) and Close() == Close()
    assert hash(Close()) == hash(())


def test_a_class_that_writes_its_own_methods_or_special_fields_is_refused() -> None:
    with pytest.raises(TypeError, match="writes __eq__"):

        @frozen
        class Own:
            x: int

            def __eq__(self, other: object) -> bool:
                return True

    with pytest.raises(TypeError, match="plain fields only"):

        @frozen
        class Hidden:
            x: int = field(default=0, init=False)
