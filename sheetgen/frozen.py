"""Frozen dataclasses, made for a fraction of what `dataclass(frozen=True)` costs at import.

Python 3.11's decorator writes every method of a frozen class (`__init__`, `__repr__`,
`__eq__`, `__hash__`, `__setattr__`, `__delattr__`) as source and compiles each in turn: about a
millisecond a class, and a command imports dozens of them (as long as importing Typer, for
`sheetgen check`). `frozen` compiles `__init__` alone, where speed counts (a drawing makes
thousands of shapes), once for all classes of as many fields, and gives each class the other
five as functions that do what the decorator's do: the same `repr`, equality and hash of the
same fields (a tuple of them, compared and hashed), the same `FrozenInstanceError`. The class
is a dataclass as the decorator makes it (`dataclasses.fields`, `replace`, `asdict` read it
alike); its fields are plain ones, with a default or a `default_factory` or neither, and
`compare=False` or `repr=False` where wanted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError
from functools import cache
from operator import attrgetter
from types import CodeType, FunctionType
from typing import Any, TypeVar, cast, dataclass_transform, overload

T = TypeVar("T")


class _Factory:
    """The default an `__init__` gives a field made by its `default_factory`."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()
_OWN = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


@overload
def frozen(cls: type[T], /) -> type[T]: ...


@overload
def frozen(*, eq: bool = True) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(cls: type[T] | None = None, /, *, eq: bool = True) -> Any:
    """`dataclass(frozen=True, eq=eq)`, made cheaply: `@frozen`, or `@frozen(eq=False)` for a
    class whose objects compare (and hash) by identity."""

    def wrap(cls: type[T]) -> type[T]:
        return _made(cls, eq)

    return wrap if cls is None else wrap(cls)


def _made(cls: type[T], eq: bool) -> type[T]:
    own = [name for name in _OWN if name in cls.__dict__]
    if own:
        raise TypeError(f"{cls.__name__}: @frozen writes {', '.join(own)} itself")
    if cls.__doc__ is None:  # (the decorator would work one out of __init__'s signature)
        cls.__doc__ = cls.__name__
    made = dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    fields = dataclasses.fields(cast(Any, made))
    if any(not f.init or f.kw_only is True or f.hash is not None for f in fields):
        raise TypeError(f"{cls.__name__}: @frozen takes plain fields only")
    names = tuple(f.name for f in fields)
    shown = tuple(f.name for f in fields if f.repr)

    def __repr__(self: Any) -> str:
        said = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({said})"

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is made or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(made, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is made or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(made, self).__delattr__(name)

    methods: list[Callable[..., Any]] = [_init(made, fields), __repr__, __setattr__, __delattr__]
    if eq:
        key = _key(tuple(f.name for f in fields if f.compare))

        def __eq__(self: Any, other: Any) -> Any:
            if other.__class__ is self.__class__:
                return key(self) == key(other)
            return NotImplemented

        def __hash__(self: Any) -> int:
            return hash(key(self))

        methods += [__eq__, __hash__]
    for method in methods:
        method.__qualname__ = f"{made.__qualname__}.{method.__name__}"
        setattr(made, method.__name__, method)
    params = made.__dataclass_params__  # type: ignore[attr-defined]
    params.init = params.repr = params.frozen = True
    params.eq = eq
    return made


def _init(made: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """The class's `__init__`, as the decorator's is: each field set in turn through
    `object.__setattr__` (a default made by its factory when none is given), then
    `__post_init__` where the class has one. Its code is compiled once for every class of as
    many fields (and factories at the same places), then given the class's field names: the
    compiling was most of what a class cost."""
    names = tuple(f.name for f in fields)
    made_at = tuple(i for i, f in enumerate(fields) if f.default_factory is not MISSING)
    defaults = []
    for f in fields:
        if f.default is not MISSING or f.default_factory is not MISSING:
            defaults.append(_FACTORY if f.default is MISSING else f.default)
        elif defaults:
            raise TypeError(
                f"{made.__name__}: the field {f.name!r} without a default follows one with"
            )
    template = _template(len(fields), made_at, hasattr(made, "__post_init__"))
    placeholders = {f"__n{i}": name for i, name in enumerate(names)}
    code = template.replace(
        co_varnames=("self", *names),
        co_consts=tuple(
            placeholders.get(c, c) if isinstance(c, str) else c for c in template.co_consts
        ),
    )
    space: dict[str, Any] = {"__set": object.__setattr__, "__factory": _FACTORY}
    space.update((f"__make_{i}", fields[i].default_factory) for i in made_at)
    init = FunctionType(code, space, "__init__", tuple(defaults) or None)
    return cast(Callable[..., None], init)


@cache
def _template(count: int, made_at: tuple[int, ...], post_init: bool) -> CodeType:
    """The code of an `__init__` of `count` fields (those at `made_at` made by a factory when
    not given), the fields' names standing as `__p0`, `__p1`, ... and `'__n0'`, `'__n1'`, ..."""
    lines = []
    for i in range(count):
        value = f"__make_{i}() if __p{i} is __factory else __p{i}" if i in made_at else f"__p{i}"
        lines.append(f"    __set(self, '__n{i}', {value})")
    if post_init:
        lines.append("    self.__post_init__()")
    params = ", ".join(["self", *(f"__p{i}" for i in range(count))])
    space: dict[str, Any] = {}
    exec(f"def __init__({params}):\n" + ("\n".join(lines) or "    pass"), space)
    code: CodeType = space["__init__"].__code__
    return code


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The fields an object is compared and hashed by, as a tuple."""
    if len(names) > 1:
        return attrgetter(*names)  # (in C: a tuple of them)

    def key(obj: Any) -> tuple[Any, ...]:
        return tuple(getattr(obj, name) for name in names)

    return key
