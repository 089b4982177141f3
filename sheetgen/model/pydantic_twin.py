"""Layout models as pydantic models, made from the same declarations (`sheetgen.model.tables`):
what explains a refused layout key by key (`sheetgen.layouts.explain`) and writes its JSON
Schema. Each of the tables' own declarations becomes pydantic's: `Key` its `Field`, `key_check`
and `table_check` its `field_validator` and `model_validator`, `CheckBefore` and `CheckAfter`
its `BeforeValidator` and `AfterValidator`, `Private` its `PrivateAttr`, `TableConfig` its
`ConfigDict`. Imported only when a layout is refused or a schema asked for."""

from __future__ import annotations

import functools
import types
import typing
from typing import Annotated, Any, Literal

import pydantic

from sheetgen.model import tables


@functools.cache
def mirror(cls: type[tables.Table]) -> type[pydantic.BaseModel]:
    """The pydantic model declared as the table class `cls` is: the same fields, limits,
    checks, words, configuration, methods and bases, and its name (or the `__schema_name__`
    the table keeps for its JSON Schema definition, when its class was renamed since)."""
    name = vars(cls).get("__schema_name__", cls.__name__)
    bases = tuple(
        mirror(base)
        for base in cls.__bases__
        if issubclass(base, tables.Table) and base is not tables.Table
    ) or (pydantic.BaseModel,)
    namespace: dict[str, Any] = {
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__ if name == cls.__name__ else name,
        "__doc__": cls.__doc__,
        "__annotations__": {},
        "__table__": cls,  # the table class it mirrors
    }
    for key, value in vars(cls).items():
        if isinstance(value, tables._Check):
            namespace[key] = _check(value)
        elif key == "__table_config__":
            namespace["model_config"] = pydantic.ConfigDict(**value)  # type: ignore[typeddict-item]
        elif not key.startswith("__") and isinstance(value, _METHODS):
            namespace[key] = value
    for key, default in vars(cls).get("__table_private__", {}).items():
        if key in vars(cls).get("__annotations__", {}):
            namespace[key] = pydantic.PrivateAttr(default)
            namespace["__annotations__"][key] = Any
    for key, (tp, info) in tables.own_fields(cls).items():
        namespace["__annotations__"][key] = _translated(tp)
        namespace[key] = _field(info)
    return types.new_class(name, bases, {}, lambda ns: ns.update(namespace))


_METHODS = (types.FunctionType, property, classmethod, staticmethod, functools.cached_property)


def _check(check: tables._Check) -> Any:
    if not check.fields:
        return pydantic.model_validator(mode="after")(check.func)
    return pydantic.field_validator(*check.fields, mode="after")(check.func)


def _field(info: tables.KeyInfo) -> Any:
    words = info.words()
    if info.default is tables._MISSING:
        return pydantic.Field(**words)
    return pydantic.Field(_value(info.default), **words)


def _value(value: Any) -> Any:
    """A default as pydantic holds it: a table as its mirror's model."""
    if isinstance(value, tables.Table):
        made = {key: _value(getattr(value, key)) for key in type(value).model_fields}
        return mirror(type(value)).model_construct(set(value.model_fields_set), **made)
    if isinstance(value, list | tuple):
        return type(value)(_value(v) for v in value)
    if isinstance(value, dict):
        return {k: _value(v) for k, v in value.items()}
    return value


def _translated(tp: Any) -> Any:
    """A field's type with every table class in it made its mirror, and every piece of
    `Annotated` metadata pydantic's own."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        metadata = [m for meta in tables._flat(tp.__metadata__) for m in _metadata(meta)]
        return Annotated[(_translated(tp.__origin__), *metadata)]
    if isinstance(tp, type) and issubclass(tp, tables.Table):
        return mirror(tp)
    if origin is Literal or not args:
        return tp
    if origin in (typing.Union, types.UnionType):
        return typing.Union[tuple(_translated(a) for a in args)]  # noqa: UP007
    inner = tuple(a if a is Ellipsis else _translated(a) for a in args)
    return origin[inner]


def _metadata(meta: Any) -> list[Any]:
    if isinstance(meta, tables.KeyInfo):
        return [pydantic.Field(**meta.words())]
    if isinstance(meta, tables.Limits):
        return [pydantic.Field(**meta.words())]
    if isinstance(meta, tables.CheckBefore):
        return [pydantic.BeforeValidator(meta.func)]
    if isinstance(meta, tables.CheckAfter):
        return [pydantic.AfterValidator(meta.func)]
    return [meta]
