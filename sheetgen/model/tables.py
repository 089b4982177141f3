"""The tables layout models are declared with, and the validator that reads layouts into them.

A layout model is a `Table` class of typed keys: `Key` declares one (its default, range, length,
pattern and the words `sheetgen schema` shows), `KeyRules`, `CheckBefore` and `CheckAfter` add
to its type in `Annotated`, and the table's own checks are `key_check` (on keys once read) and
`table_check` (on the whole table once made); a refused value is a `Refusal`. The names are
sheetgen's own: pydantic never reads these declarations as they stand, but
`sheetgen.model.pydantic_twin` makes each table a pydantic model of the same keys, limits and
checks, to explain a refusal key by key and to write the JSON Schema. This module imports no
pydantic: a scoring command reads its layout in a few milliseconds. Both read a value the same
way, strictly, as JSON gives it (a tested claim): text only as text, a whole number only as one,
a number as an int or a float (made a float), a list for a list or a tuple, a table for a table,
and no key the table does not declare.
"""

from __future__ import annotations

import builtins
import functools
import re
import sys
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Literal, TypeVar, dataclass_transform

T = TypeVar("T", bound="Table")
Loc = tuple[int | str, ...]
_MISSING: Any = type("_Missing", (), {"__repr__": lambda self: "MISSING"})()


class Refusal(ValueError):
    """A value the table refuses: the first problem found, at its key path."""

    def __init__(self, loc: Loc, message: str) -> None:
        self.loc, self.message = loc, message
        where = ".".join(str(part) for part in loc) or "the table"
        super().__init__(f"{where}: {message}")


class Limits:
    """A value's range, length and pattern, as `Key` or `Annotated` metadata gives them."""

    NAMES = ("ge", "le", "min_length", "max_length", "pattern")
    __slots__ = NAMES

    def __init__(
        self,
        ge: float | None = None,
        le: float | None = None,
        min_length: int | None = None,
        max_length: int | None = None,
        pattern: str | None = None,
    ) -> None:
        self.ge, self.le = ge, le
        self.min_length, self.max_length, self.pattern = min_length, max_length, pattern

    def words(self) -> dict[str, Any]:
        """The limits set, by name."""
        return {k: getattr(self, k) for k in self.NAMES if getattr(self, k) is not None}

    def check(self, value: Any) -> str | None:
        """What is wrong with `value` under these limits, or None."""
        if isinstance(value, int | float) and not isinstance(value, bool):
            outside = (  # as `not inside`, so that NaN is outside any range, as pydantic has it
                (self.ge is not None and not value >= self.ge)
                or (self.le is not None and not value <= self.le)
            )
            if outside:
                return f"{value!r} is out of range"
        if isinstance(value, str | list | tuple | dict):
            if self.min_length is not None and len(value) < self.min_length:
                return f"shorter than {self.min_length}"
            if self.max_length is not None and len(value) > self.max_length:
                return f"longer than {self.max_length}"
        pattern = self.pattern
        if pattern is not None and isinstance(value, str) and not _matches(pattern, value):
            return f"does not match {pattern}"
        return None


def _matches(pattern: str, value: str) -> re.Match[str] | None:
    """A pattern as JSON Schema and pydantic's regex engine read it: found anywhere, `$` only
    at the very end (Python's `$` also takes a final line break)."""
    return re.search(pattern.replace("$", r"\Z") if pattern.endswith("$") else pattern, value)


class KeyInfo:
    """One key of a table, as `Key` declares it: its default (or how to make it), its limits
    and its words."""

    __slots__ = ("_annotation", "default", "default_factory", "limits", "metadata", "said")

    def __init__(
        self,
        default: Any = _MISSING,
        default_factory: Callable[[], Any] | None = None,
        limits: Limits | None = None,
        said: dict[str, Any] | None = None,
    ) -> None:
        self.default, self.default_factory = default, default_factory
        self.limits = limits or Limits()
        self.said = said or {}  # its description, examples, title as `Key` was given them
        self._annotation: Any = None
        self.metadata: list[object] = []  # each limit alone, the type's too (`.ge`, `.le` …)

    @property
    def annotation(self) -> Any:
        """The key's type, its `Annotated` metadata stripped."""
        return self._annotation

    @property
    def description(self) -> str | None:
        said: str | None = self.said.get("description")
        return said

    def is_required(self) -> bool:
        return self.default is _MISSING and self.default_factory is None

    def get_default(self) -> Any:
        return self.default_factory() if self.default_factory is not None else self.default

    def words(self) -> dict[str, Any]:
        """Its keyword arguments, besides the default: its words and limits by name (what
        `pydantic_twin` hands to pydantic's `Field`)."""
        made = {"default_factory": self.default_factory} if self.default_factory else {}
        return {**self.said, **made, **self.limits.words()}


def Key(
    default: Any = _MISSING,
    *,
    default_factory: Callable[[], Any] | None = None,
    description: str | None = None,
    examples: list[Any] | None = None,
    title: str | None = None,
    json_schema_extra: dict[str, Any] | None = None,
    ge: float | None = None,
    le: float | None = None,
    min_length: int | None = None,
    max_length: int | None = None,
    pattern: str | None = None,
) -> Any:
    """A layout key's declaration: its default (or `default_factory`), limits and words (in
    `Annotated`, its limits and words alone)."""
    said = {
        "description": description,
        "examples": examples,
        "title": title,
        "json_schema_extra": json_schema_extra,
    }
    limits = Limits(ge, le, min_length, max_length, pattern)
    return KeyInfo(
        default, default_factory, limits, {k: v for k, v in said.items() if v is not None}
    )


class CheckBefore:
    """`Annotated` metadata: a function the value passes through before it is read."""

    __slots__ = ("func",)

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func


class CheckAfter:
    """`Annotated` metadata: a function the value passes through once read."""

    __slots__ = ("func",)

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func


class KeyRules:
    """`Annotated` metadata that stands for several (limits and checks): a subclass yields
    them."""

    def __iter__(self) -> Iterator[object]:
        raise NotImplementedError


class CheckInfo:
    """What a key check is told besides the value: the key's name (as `field_name`, the name
    pydantic's own gives it, since the same check runs in the table's pydantic twin)."""

    __slots__ = ("field_name",)

    def __init__(self, field_name: str) -> None:
        self.field_name = field_name


class _Check:
    """A table's own check: on some keys (`*` every key) once they are read (`key_check`), or
    (`fields` empty) on the whole table once made (`table_check`)."""

    __slots__ = ("fields", "func")

    def __init__(self, func: Any, fields: tuple[str, ...]) -> None:
        self.func = func
        self.fields = fields

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        return self.func.__get__(instance, owner)


F = TypeVar("F")


def key_check(*keys: str) -> Callable[[F], F]:
    """Declares a classmethod `(cls, value[, info])` that checks (and may change) the named
    keys' values (`*`, every key's) once read: raising ValueError refuses the value with its
    words. `info` is a `CheckInfo`."""

    def declare(func: F) -> F:
        if not isinstance(func, classmethod):
            raise TypeError("a key check is a classmethod (put @classmethod under it)")
        return _Check(func, keys)  # type: ignore[return-value]

    return declare


def table_check(func: F) -> F:
    """Declares a method that checks the made table (returning it): ValueError refuses it."""
    return _Check(func, ())  # type: ignore[return-value]


class _PrivateDefault:
    __slots__ = ("default",)

    def __init__(self, default: Any) -> None:
        self.default = default


def Private(default: Any = None) -> Any:
    """A private attribute with its default, set on a made table (never read from a file)."""
    return _PrivateDefault(default)


def TableConfig(**config: Any) -> dict[str, Any]:
    """A table's configuration (`model_config`): `extra`, `frozen`, `json_schema_extra`, as
    its pydantic twin takes them."""
    return config


# -- reading a value as a type ---------------------------------------------------------------


class _Refused(Exception):
    def __init__(self, loc: Loc, message: str) -> None:
        self.loc, self.message = loc, message


Reader = Callable[[Any, Loc, bool], Any]  # value, key path, from Python (not JSON) -> value


def _reader(tp: Any) -> Reader:
    """How to read a value as `tp` (a key's resolved type)."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _annotated(tp.__origin__, tp.__metadata__)
    if isinstance(tp, type) and issubclass(tp, Table):
        return lambda value, loc, py: tp._read(value, loc, py)
    simple = _SIMPLE.get(tp)
    if simple is not None:
        return simple
    args = typing.get_args(tp)
    if origin is Literal:
        return _literal(args)
    if origin in (typing.Union, types.UnionType):
        return _union([_reader(a) for a in args])
    if origin is list:
        return _list(_reader(args[0]))
    if origin is tuple:
        return _tuple(args)
    if origin is dict:
        return _dict(_reader(args[0]), _reader(args[1]))
    raise TypeError(f"a layout field cannot be of type {tp!r}")


def _str(value: Any, loc: Loc, py: bool) -> Any:
    if type(value) is not str:
        raise _Refused(loc, "not text")
    return value


def _int(value: Any, loc: Loc, py: bool) -> Any:
    if type(value) is int:
        return value
    if py and type(value) is float and value.is_integer():
        return int(value)
    raise _Refused(loc, "not a whole number")


def _float(value: Any, loc: Loc, py: bool) -> Any:
    if type(value) in (int, float):
        try:
            return float(value)
        except OverflowError:  # a whole number past the largest float
            raise _Refused(loc, "too large a number") from None
    raise _Refused(loc, "not a number")


def _bool(value: Any, loc: Loc, py: bool) -> Any:
    if type(value) is not bool:
        raise _Refused(loc, "not true or false")
    return value


def _none(value: Any, loc: Loc, py: bool) -> Any:
    if value is not None:
        raise _Refused(loc, "not None")
    return None


_SIMPLE: dict[Any, Reader] = {
    str: _str,
    int: _int,
    float: _float,
    bool: _bool,
    type(None): _none,
    None: _none,
}


def _literal(choices: tuple[Any, ...]) -> Reader:
    def read(value: Any, loc: Loc, py: bool) -> Any:
        if any(type(value) is type(c) and value == c for c in choices):
            return value
        raise _Refused(loc, f"not one of {choices!r}")

    return read


def _union(readers: list[Reader]) -> Reader:
    def read(value: Any, loc: Loc, py: bool) -> Any:
        refusals = []
        for each in readers:
            try:
                return each(value, loc, py)
            except _Refused as refused:
                refusals.append(refused)
        raise refusals[0]  # the first form's (a number, not the None it may also be)

    return read


def _list(item: Reader) -> Reader:
    def read(value: Any, loc: Loc, py: bool) -> Any:
        if not (type(value) is list or (py and type(value) is tuple)):
            raise _Refused(loc, "not a list")
        return [item(v, (*loc, i), py) for i, v in enumerate(value)]

    return read


def _tuple(args: tuple[Any, ...]) -> Reader:
    """A tuple of fixed length (a place [x, y], three colours), written as a list."""
    readers = [_reader(a) for a in args]

    def read(value: Any, loc: Loc, py: bool) -> Any:
        if not (type(value) is list or (py and type(value) is tuple)):
            raise _Refused(loc, "not a list")
        if len(value) != len(readers):
            raise _Refused(loc, f"not {len(readers)} entries")
        pairs = enumerate(zip(readers, value, strict=True))
        return tuple(each(v, (*loc, i), py) for i, (each, v) in pairs)

    return read


def _dict(key: Reader, item: Reader) -> Reader:
    def read(value: Any, loc: Loc, py: bool) -> Any:
        if type(value) is not dict:
            raise _Refused(loc, "not a table")
        return {key(k, (*loc, k), py): item(v, (*loc, k), py) for k, v in value.items()}

    return read


def _flat(metadata: tuple[Any, ...]) -> list[Any]:
    out: list[Any] = []
    for meta in metadata:
        out.extend(_flat(tuple(meta)) if isinstance(meta, KeyRules) else [meta])
    return out


def _annotated(tp: Any, metadata: tuple[Any, ...]) -> Reader:
    """A type with its metadata, each wrapping what comes before it: a limit or a `CheckAfter`
    checks the value read so far, a `CheckBefore` runs ahead of all of it."""
    read = _reader(tp)
    for meta in _flat(metadata):
        read = _wrapped(read, meta)
    return read


def _wrapped(inner: Reader, meta: Any) -> Reader:
    if isinstance(meta, KeyInfo):
        meta = meta.limits
    if isinstance(meta, Limits):
        limits = meta

        def limited(value: Any, loc: Loc, py: bool) -> Any:
            value = inner(value, loc, py)
            problem = limits.check(value)
            if problem:
                raise _Refused(loc, problem)
            return value

        return limited
    if isinstance(meta, CheckBefore | CheckAfter):
        func, before = meta.func, isinstance(meta, CheckBefore)

        def checked(value: Any, loc: Loc, py: bool) -> Any:
            if before:
                return inner(_run(func, loc, value), loc, py)
            return _run(func, loc, inner(value, loc, py))

        return checked
    return inner


def _run(func: Callable[..., Any], loc: Loc, *args: Any) -> Any:
    """A table's own check, its ValueError (or assertion) a refusal of the value."""
    try:
        return func(*args)
    except (ValueError, AssertionError) as exc:
        raise _Refused(loc, str(exc)) from None


# -- the tables ------------------------------------------------------------------------------


class _Plan:
    """How a table class reads its fields: each field's reader and checks, in field order."""

    __slots__ = ("checks", "model_checks", "readers")

    def __init__(
        self,
        readers: dict[str, Reader],
        checks: dict[str, list[_Check]],
        model_checks: list[_Check],
    ) -> None:
        self.readers, self.checks, self.model_checks = readers, checks, model_checks


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(Key,))
class _TableType(type):
    """Collects a table class's fields (its bases' first) as the class is made; their types are
    read when first needed (so that importing a model costs no type evaluation)."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        own = namespace.get("__annotations__", {})
        fields: dict[str, KeyInfo] = {}
        private: dict[str, Any] = {}
        config: dict[str, Any] = {}
        for base in reversed(bases):
            fields.update(getattr(base, "__table_fields__", {}))
            private.update(getattr(base, "__table_private__", {}))
            config.update(getattr(base, "model_config", {}))
        own_config = namespace.get("model_config", {})
        config.update(own_config)
        for key, annotation in own.items():
            if key.startswith("__") or str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            value = namespace.pop(key, _MISSING)
            if key.startswith("_"):
                private[key] = value.default if isinstance(value, _PrivateDefault) else value
                continue
            # a field a base declares keeps its place among the fields
            fields[key] = value if isinstance(value, KeyInfo) else KeyInfo(value)
        namespace["model_config"] = config
        namespace["__table_config__"] = own_config
        cls = super().__new__(mcs, name, bases, namespace)
        cls.__table_fields__ = fields  # type: ignore[attr-defined]
        cls.__table_private__ = private  # type: ignore[attr-defined]
        cls.__table_plan__ = None  # type: ignore[attr-defined]
        cls.__table_own__ = None  # type: ignore[attr-defined]
        return cls

    @property
    def model_fields(cls) -> dict[str, KeyInfo]:
        """The fields by name, in order, their types read."""
        _plan(cls)
        fields: dict[str, KeyInfo] = cls.__table_fields__  # type: ignore[attr-defined]
        return fields


def own_fields(cls: type) -> dict[str, tuple[Any, KeyInfo]]:
    """The fields `cls` itself declares (not its bases), each with its type as written (its
    `Annotated` metadata kept) and its field info."""
    made: dict[str, tuple[Any, KeyInfo]] | None = vars(cls).get("__table_own__")
    if made is not None:
        return made
    fields: dict[str, KeyInfo] = getattr(cls, "__table_fields__", {})
    module = sys.modules[cls.__module__].__dict__
    made = {}
    for key, annotation in vars(cls).get("__annotations__", {}).items():
        if key in fields and not key.startswith("_"):
            said = _evaluated(annotation, module)
            if typing.get_origin(said) is not ClassVar:
                made[key] = said, fields[key]
    type.__setattr__(cls, "__table_own__", made)
    return made


def _evaluated(annotation: Any, module: dict[str, Any]) -> Any:
    """A field's type from its annotation as written (a name looked up, any other text
    evaluated in the class's module; each text compiled once)."""
    if not isinstance(annotation, str):
        return annotation
    if annotation.isidentifier():
        found = module.get(annotation, _MISSING)
        return getattr(builtins, annotation) if found is _MISSING else found
    return eval(_compiled(annotation), module)


@functools.cache
def _compiled(text: str) -> types.CodeType:
    return compile(text, "<annotation>", "eval")


def _plan(cls: Any) -> _Plan:
    """The class's reading plan, made the first time it reads a value."""
    plan: _Plan | None = vars(cls).get("__table_plan__")
    if plan is not None:
        return plan
    fields: dict[str, KeyInfo] = cls.__table_fields__
    types_of: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        if not isinstance(klass, _TableType):
            continue
        for key, (tp, info) in own_fields(klass).items():
            if fields.get(key) is info:
                types_of[key] = tp
    checks = [
        c for klass in reversed(cls.__mro__) for c in vars(klass).values() if isinstance(c, _Check)
    ]
    readers, field_checks = {}, {}
    for key, info in fields.items():
        tp = types_of[key]
        inner = tp
        while typing.get_origin(inner) is typing.Annotated:
            inner = inner.__origin__
        info._annotation = inner
        info.metadata = _limits_of(tp, info)
        reader = _reader(tp)
        readers[key] = _wrapped(reader, info.limits)
        field_checks[key] = [c for c in checks if "*" in c.fields or key in c.fields]
    plan = _Plan(readers, field_checks, [c for c in checks if not c.fields])
    cls.__table_plan__ = plan
    return plan


def _limits_of(tp: Any, info: KeyInfo) -> list[object]:
    """A field's limits, its type's and its own, one object each (`.ge`, `.max_length` …)."""
    found = [info.limits]
    while typing.get_origin(tp) is typing.Annotated:
        for meta in _flat(tp.__metadata__):
            found += [meta.limits if isinstance(meta, KeyInfo) else meta]
        tp = tp.__origin__
    return [
        types.SimpleNamespace(**{name: getattr(limits, name)})
        for limits in found
        if isinstance(limits, Limits)
        for name in Limits.NAMES
        if getattr(limits, name) is not None
    ]


def _field_check(check: _Check, cls: type, key: str, value: Any, loc: Loc) -> Any:
    func = check.func.__func__
    if func.__code__.co_argcount == 3:
        return _run(func, loc, cls, value, CheckInfo(key))
    return _run(func, loc, cls, value)


class Table(metaclass=_TableType):
    """A table of a layout file: its fields read and checked, frozen once made."""

    model_config: ClassVar[dict[str, Any]] = {}
    __table_fields__: ClassVar[dict[str, KeyInfo]]
    __table_private__: ClassVar[dict[str, Any]]

    def __init__(self, **values: Any) -> None:
        try:
            self._fill(values, (), True)
        except _Refused as exc:
            raise Refusal(exc.loc, exc.message) from None

    @classmethod
    def _read(cls: type[T], value: Any, loc: Loc, py: bool) -> T:
        if py and isinstance(value, cls):
            return value
        if type(value) is not dict:
            raise _Refused(loc, "not a table")
        made = cls.__new__(cls)
        made._fill(value, loc, py)
        return made

    def _fill(self, values: dict[str, Any], loc: Loc, py: bool) -> None:
        cls = type(self)
        plan = _plan(cls)
        fields = cls.__table_fields__
        extra = [key for key in values if key not in fields]
        if extra:
            raise _Refused((*loc, extra[0]), "not a key this table has")
        state: dict[str, Any] = {}
        for key, info in fields.items():
            at = (*loc, key)
            if key not in values:
                if info.is_required():
                    raise _Refused(at, "missing")
                state[key] = info.get_default()
                continue
            value = plan.readers[key](values[key], at, py)
            for check in plan.checks[key]:
                value = _field_check(check, cls, key, value, at)
            state[key] = value
        object.__setattr__(self, "__dict__", state)
        object.__setattr__(self, "__table_set__", frozenset(values))
        for key, default in cls.__table_private__.items():
            object.__setattr__(self, key, default)
        for check in plan.model_checks:
            _run(check.func, loc, self)

    # the method names of a pydantic model, so that a table and its twin are used alike
    @classmethod
    def model_validate(cls: type[T], value: Any) -> T:
        """A model from Python values (a made table stands for itself)."""
        try:
            return cls._read(value, (), True)
        except _Refused as exc:
            raise Refusal(exc.loc, exc.message) from None

    @classmethod
    def model_validate_data(cls: type[T], data: Any) -> T:
        """A model from data as JSON gives it (tables, lists, texts, numbers, true or false
        and null), read strictly."""
        try:
            return cls._read(data, (), False)
        except _Refused as exc:
            raise Refusal(exc.loc, exc.message) from None

    @property
    def model_fields_set(self) -> frozenset[str]:
        """The fields given when it was made (the rest hold their defaults)."""
        given: frozenset[str] = self.__dict__["__table_set__"]
        return given

    def model_copy(self: T, *, update: dict[str, Any] | None = None) -> T:
        """A copy with `update`'s fields in place (not checked: a test's or a tool's edit)."""
        made = type(self).__new__(type(self))
        state = {**self.__dict__, **(update or {})}
        object.__setattr__(made, "__dict__", state)
        object.__setattr__(made, "__table_set__", self.model_fields_set | set(update or ()))
        return made

    def model_dump(self, *, mode: str = "python", exclude: set[str] | None = None) -> Any:
        """Its fields as plain values, tables as dicts (with `mode="json"`, tuples as lists)."""
        return {
            key: _plain(getattr(self, key), mode == "json")
            for key in type(self).__table_fields__
            if not exclude or key not in exclude
        }

    def __setattr__(self, key: str, value: Any) -> None:
        if not key.startswith("_"):
            raise TypeError(f"{type(self).__name__} is frozen: {key} cannot be set")
        object.__setattr__(self, key, value)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        fields = type(self).__table_fields__
        return all(getattr(self, k) == getattr(other, k) for k in fields)

    def __hash__(self) -> int:
        return hash((type(self), *(getattr(self, k) for k in type(self).__table_fields__)))

    def __repr__(self) -> str:
        said = ", ".join(f"{k}={getattr(self, k)!r}" for k in type(self).__table_fields__)
        return f"{type(self).__name__}({said})"


def _plain(value: Any, as_json: bool) -> Any:
    if isinstance(value, Table):
        return value.model_dump(mode="json" if as_json else "python")
    if isinstance(value, list):
        return [_plain(v, as_json) for v in value]
    if isinstance(value, tuple):
        items = [_plain(v, as_json) for v in value]
        return items if as_json else tuple(items)
    if isinstance(value, dict):
        return {k: _plain(v, as_json) for k, v in value.items()}
    return value


def table_type(annotation: Any) -> type[Table] | None:
    """The table a key's annotation holds: `T` or an optional `T | None` (a table a layout
    may leave out), or None when it holds no table."""
    if typing.get_origin(annotation) in (types.UnionType, typing.Union):
        held = [a for a in typing.get_args(annotation) if a is not type(None)]
        annotation = held[0] if len(held) == 1 else None
    return annotation if isinstance(annotation, type) and issubclass(annotation, Table) else None
