"""Python values <-> the boundary's tagged JSON (README "Values").

Plain JSON where it is exact; everything else is a one-key `$`-tagged
object. Encoding refuses what has no data form with a `TypeError` naming
where the value was found (`inputs.x[2]['fn']`).

Dataclass and namedtuple instances travel as records (`$dataclass`,
`$namedtuple`: class name, fields in order, frozen): one from the sandbox
becomes an instance of a class made here with `dataclasses.make_dataclass`
/ `collections.namedtuple`, one per name, fields and frozenness.
"""

from __future__ import annotations

import base64
import collections
import dataclasses
import math
from typing import Any

__all__ = ["encode", "decode", "MontyRepr"]

MAX_SAFE = 2**53 - 1


class MontyRepr(str):
    """A sandbox object with no data form (a function, a class instance...),
    given to the host as its `repr()` text. Passing it back into the sandbox
    is refused: it has no data to rebuild the object from."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


# The classes made for records from the sandbox: (tag, name, fields, frozen) -> class.
_RECORD_CLASSES: dict[tuple[str, str, tuple[str, ...], bool], type] = {}


def _record(tag: str, x: Any) -> Any:
    names = tuple(f for f, _ in x["fields"])
    frozen = bool(x.get("frozen", False))
    key = (tag, x["name"], names, frozen)
    cls: Any = _RECORD_CLASSES.get(key)
    if cls is None:
        if tag == "$dataclass":
            cls = dataclasses.make_dataclass(x["name"], names, frozen=frozen)
        else:
            # (a name known only at run time, which mypy's plugin cannot type)
            make_namedtuple: Any = collections.namedtuple
            cls = make_namedtuple(x["name"], names)
        _RECORD_CLASSES[key] = cls
    return cls(**{f: decode(v) for f, v in x["fields"]})


def _key_path(path: str, key: Any) -> str:
    return f"{path}[{key!r}]"


def encode(value: Any, path: str) -> Any:
    """The tagged-JSON form of `value`; `path` names it in error messages."""
    if value is None or value is True or value is False:
        return value
    t = type(value)
    if t is str:
        return value
    if t is int:
        return value if -MAX_SAFE <= value <= MAX_SAFE else {"$int": str(value)}
    if t is float:
        if math.isnan(value):
            return {"$float": "nan"}
        if math.isinf(value):
            return {"$float": "inf" if value > 0 else "-inf"}
        return value
    if t is list:
        return [encode(x, f"{path}[{i}]") for i, x in enumerate(value)]
    if t is tuple:
        return {"$tuple": [encode(x, f"{path}[{i}]") for i, x in enumerate(value)]}
    if t is dict:
        if all(type(k) is str for k in value) and not (len(value) == 1 and next(iter(value)).startswith("$")):
            return {k: encode(x, _key_path(path, k)) for k, x in value.items()}
        return {"$dict": [[encode(k, f"{path}.<key {k!r}>"), encode(x, _key_path(path, k))] for k, x in value.items()]}
    if t is set:
        return {"$set": [encode(x, f"{path}.<item {x!r}>") for x in value]}
    if t is frozenset:
        return {"$frozenset": [encode(x, f"{path}.<item {x!r}>") for x in value]}
    if t is bytes or t is bytearray:
        return {"$bytes": base64.b64encode(bytes(value)).decode("ascii")}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"$dataclass": {
            "name": t.__name__,
            "fields": [[f.name, encode(getattr(value, f.name), f"{path}.{f.name}")] for f in dataclasses.fields(value)],
            "frozen": bool(t.__dataclass_params__.frozen)}}
    if isinstance(value, tuple) and isinstance(getattr(t, "_fields", None), tuple):
        return {"$namedtuple": {"name": t.__name__,
                                "fields": [[f, encode(x, f"{path}.{f}")] for f, x in zip(t._fields, value)]}}
    if t is MontyRepr:
        raise TypeError(f"{path}: a sandbox object with no data form ({value}) cannot be passed back into the sandbox")
    # subclasses of the plain types (IntEnum, str enums, OrderedDict...)
    # are sent as their base type's data
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return encode(int(value), path)
    if isinstance(value, float):
        return encode(float(value), path)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bytes):
        return encode(bytes(value), path)
    if isinstance(value, tuple):
        return encode(tuple(value), path)
    if isinstance(value, list):
        return encode(list(value), path)
    if isinstance(value, dict):
        return encode(dict(value), path)
    raise TypeError(f"{path}: cannot pass a value of type {t.__module__}.{t.__qualname__} into the sandbox "
                    "(supported: None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset)")


def decode(value: Any) -> Any:
    """The Python value of tagged JSON `value`."""
    if type(value) is list:
        return [decode(x) for x in value]
    if type(value) is dict:
        if len(value) == 1:
            ((k, x),) = value.items()
            if k.startswith("$"):
                if k == "$int":
                    return int(x)
                if k == "$float":
                    return float(x)
                if k == "$tuple":
                    return tuple(decode(i) for i in x)
                if k == "$set":
                    return {decode(i) for i in x}
                if k == "$frozenset":
                    return frozenset(decode(i) for i in x)
                if k == "$bytes":
                    return base64.b64decode(x)
                if k == "$dict":
                    return {decode(a): decode(b) for a, b in x}
                if k == "$repr":
                    return MontyRepr(x)
                if k in ("$dataclass", "$namedtuple"):
                    return _record(k, x)
        return {k: decode(x) for k, x in value.items()}
    return value
