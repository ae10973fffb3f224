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
import builtins
import collections
import dataclasses
import inspect
import keyword
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["encode", "decode", "MontyRepr", "HostObject", "HostObjectRef"]

MAX_SAFE = 2**53 - 1


class MontyRepr(str):
    """A sandbox object with no data form (a function, a class instance...),
    given to the host as its `repr()` text. Passing it back into the sandbox
    is refused: it has no data to rebuild the object from."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


def _check_name(what: str, name: object) -> str:
    if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name):
        raise ValueError(f"host object: {what} {name!r} is not a Python identifier")
    return name


def _params(f: Callable[..., Any]) -> list[str] | None:
    """The parameter names the sandbox binds (None: any arguments, as given)."""
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return None
    names = []
    for p in sig.parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.KEYWORD_ONLY):
            return None
        names.append(p.name)
    return names


class HostObject:
    """A Python object given to the sandbox as a host object (README "Host
    objects"): inside, an instance of a class named `class_name` with the
    attributes `attrs` and the methods `methods`; a call of one runs the
    host method (awaited when it is a coroutine function, as async tools are);
    the object coming back out (a tool's argument, the result) is `obj` itself.

    `methods`: names of `obj`'s methods, or a mapping of name to callable
    (called with the sandbox's arguments). `attrs`: names of `obj`'s
    attributes (read when the object is first sent), or a mapping of name to
    value. With neither, `obj`'s public attributes (names not starting with
    `_`) are taken: callables as methods, the rest as attributes. Bad names
    raise `ValueError`."""

    __slots__ = ("obj", "class_name", "attrs", "methods")

    def __init__(self, obj: Any, *, class_name: str | None = None,
                 methods: Iterable[str] | Mapping[str, Callable[..., Any]] | None = None,
                 attrs: Iterable[str] | Mapping[str, Any] | None = None) -> None:
        if isinstance(obj, HostObject):
            raise TypeError("HostObject(obj): obj is already a HostObject")
        self.obj = obj
        cls = type(obj).__name__ if class_name is None else class_name
        self.class_name = _check_name("class name", cls)
        if cls in dir(builtins):
            raise ValueError(f"host object: class name {cls!r} is the name of a builtin")
        self.methods: dict[str, Callable[..., Any]] = {}
        self.attrs: dict[str, Any] = {}
        if methods is None and attrs is None:
            for name in dir(obj):
                if name.startswith("_"):
                    continue
                v = getattr(obj, name)
                if callable(v):
                    self.methods[name] = v
                else:
                    self.attrs[name] = v
        else:
            if isinstance(methods, Mapping):
                items = list(methods.items())
            else:
                items = [(n, getattr(obj, n) if isinstance(n, str) and hasattr(obj, n) else None) for n in methods or ()]
            for name, f in items:
                _check_name("method name", name)
                if not callable(f):
                    raise ValueError(f"host object: method {name!r} of {cls} is not callable"
                                     + ("" if f is not None or isinstance(methods, Mapping) else f" ({type(obj).__name__} has no such method)"))
                if name in self.methods:
                    raise ValueError(f"host object: method {name!r} of {cls} is declared twice")
                self.methods[name] = f
            if isinstance(attrs, Mapping):
                pairs = list(attrs.items())
            else:
                pairs = []
                for n in attrs or ():
                    if isinstance(n, str) and not hasattr(obj, n):
                        raise ValueError(f"host object: {type(obj).__name__} has no attribute {n!r}")
                    pairs.append((n, getattr(obj, n) if isinstance(n, str) else None))
            for name, v in pairs:
                _check_name("attribute name", name)
                if name in self.attrs or name in self.methods:
                    raise ValueError(f"host object: {name!r} of {cls} is declared twice")
                self.attrs[name] = v
        for name in [*self.methods, *self.attrs]:
            if name.startswith("__") and name.endswith("__"):
                raise ValueError(f"host object: {name!r} of {cls} is a dunder name")

    def __repr__(self) -> str:
        return f"HostObject({self.obj!r}, class_name={self.class_name!r})"


class HostObjectRef:
    """A host object's reference whose id this run's host does not know (an
    object given before a snapshot was loaded in another process): its `id`
    and `class_name`. Passed back into the sandbox it is that object again."""

    __slots__ = ("id", "class_name")

    def __init__(self, id: int, class_name: str) -> None:  # noqa: A002
        self.id = id
        self.class_name = class_name

    def __repr__(self) -> str:
        return f"HostObjectRef({self.id}, {self.class_name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HostObjectRef) and (other.id, other.class_name) == (self.id, self.class_name)

    def __hash__(self) -> int:
        return hash((self.id, self.class_name))


class _Objects:
    """One run's (or session's) host objects: ids given out, by id and by
    the identity of the Python object."""

    def __init__(self) -> None:
        self.by_id: dict[int, HostObject] = {}
        self.ids: dict[int, int] = {}  # id(obj) -> object id
        self.next_id = 1

    def encode(self, h: HostObject, path: str) -> Any:
        oid = self.ids.get(id(h.obj))
        if oid is not None:
            known = self.by_id[oid]
            if known.class_name != h.class_name:
                raise TypeError(f"{path}: this object was given to the sandbox as a {known.class_name}, "
                                f"not a {h.class_name}")
            h = known
        else:
            oid = self.next_id
            self.next_id += 1
        # always the whole declaration: the guest ignores it for an id it
        # has seen, and a reply that failed to encode further on cannot
        # leave the guest with a bare reference to an object it never got
        form = {"id": oid, "class": h.class_name,
                "attrs": {k: encode(v, f"{path}.{k}", self) for k, v in h.attrs.items()},
                "methods": [_method_form(n, f) for n, f in h.methods.items()]}
        self.by_id[oid] = h
        self.ids[id(h.obj)] = oid
        return {"$object": form}

    def known(self, value: Any) -> int | None:
        return self.ids.get(id(value))

    def method(self, oid: Any, name: str) -> Callable[..., Any] | None:
        h = self.by_id.get(oid) if isinstance(oid, int) else None
        return None if h is None else h.methods.get(name)

    def decode(self, x: Any) -> Any:
        oid = x.get("id")
        h = self.by_id.get(oid)
        if h is not None:
            return h.obj
        return HostObjectRef(int(oid or 0), str(x.get("class", "")))


def _method_form(name: str, f: Callable[..., Any]) -> dict[str, Any]:
    m: dict[str, Any] = {"name": name}
    params = _params(f)
    if params is not None:
        m["params"] = params
    call = getattr(f, "__call__", None)  # noqa: B004
    if inspect.iscoroutinefunction(f) or (call is not None and inspect.iscoroutinefunction(call)):
        m["async"] = True
    return m


# The classes made for records from the sandbox: (tag, name, fields, frozen) -> class.
_RECORD_CLASSES: dict[tuple[str, str, tuple[str, ...], bool], type] = {}


def _record(tag: str, x: Any, objects: _Objects | None = None) -> Any:
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
    return cls(**{f: decode(v, objects) for f, v in x["fields"]})


def _key_path(path: str, key: Any) -> str:
    return f"{path}[{key!r}]"


def encode(value: Any, path: str, objects: _Objects | None = None) -> Any:
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
    if objects is not None:
        oid = objects.known(value)
        if oid is not None:
            # a host object the sandbox already has, passed back as itself
            return objects.encode(objects.by_id[oid], path)
    if t is list:
        return [encode(x, f"{path}[{i}]", objects) for i, x in enumerate(value)]
    if t is tuple:
        return {"$tuple": [encode(x, f"{path}[{i}]", objects) for i, x in enumerate(value)]}
    if t is dict:
        if all(type(k) is str for k in value) and not (len(value) == 1 and next(iter(value)).startswith("$")):
            return {k: encode(x, _key_path(path, k), objects) for k, x in value.items()}
        return {"$dict": [[encode(k, f"{path}.<key {k!r}>", objects), encode(x, _key_path(path, k), objects)] for k, x in value.items()]}
    if t is set:
        return {"$set": [encode(x, f"{path}.<item {x!r}>", objects) for x in value]}
    if t is frozenset:
        return {"$frozenset": [encode(x, f"{path}.<item {x!r}>", objects) for x in value]}
    if t is bytes or t is bytearray:
        return {"$bytes": base64.b64encode(bytes(value)).decode("ascii")}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"$dataclass": {
            "name": t.__name__,
            "fields": [[f.name, encode(getattr(value, f.name), f"{path}.{f.name}", objects)] for f in dataclasses.fields(value)],
            "frozen": bool(t.__dataclass_params__.frozen)}}
    if isinstance(value, tuple) and isinstance(getattr(t, "_fields", None), tuple):
        return {"$namedtuple": {"name": t.__name__,
                                "fields": [[f, encode(x, f"{path}.{f}", objects)] for f, x in zip(t._fields, value)]}}
    if t is HostObject or t is HostObjectRef:
        if t is HostObjectRef:
            return {"$object": {"id": value.id, "class": value.class_name}}
        if objects is None:
            raise TypeError(f"{path}: a HostObject can only be passed to the sandbox in a run's inputs or replies")
        return objects.encode(value, path)
    if t is MontyRepr:
        raise TypeError(f"{path}: a sandbox object with no data form ({value}) cannot be passed back into the sandbox")
    # subclasses of the plain types (IntEnum, str enums, OrderedDict...)
    # are sent as their base type's data
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return encode(int(value), path, objects)
    if isinstance(value, float):
        return encode(float(value), path, objects)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bytes):
        return encode(bytes(value), path, objects)
    if isinstance(value, tuple):
        return encode(tuple(value), path, objects)
    if isinstance(value, list):
        return encode(list(value), path, objects)
    if isinstance(value, dict):
        return encode(dict(value), path, objects)
    raise TypeError(f"{path}: cannot pass a value of type {t.__module__}.{t.__qualname__} into the sandbox "
                    "(supported: None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset)")


def decode(value: Any, objects: _Objects | None = None) -> Any:
    """The Python value of tagged JSON `value`."""
    if type(value) is list:
        return [decode(x, objects) for x in value]
    if type(value) is dict:
        if len(value) == 1:
            ((k, x),) = value.items()
            if k.startswith("$"):
                if k == "$int":
                    return int(x)
                if k == "$float":
                    return float(x)
                if k == "$tuple":
                    return tuple(decode(i, objects) for i in x)
                if k == "$set":
                    return {decode(i, objects) for i in x}
                if k == "$frozenset":
                    return frozenset(decode(i, objects) for i in x)
                if k == "$bytes":
                    return base64.b64decode(x)
                if k == "$dict":
                    return {decode(a, objects): decode(b, objects) for a, b in x}
                if k == "$repr":
                    return MontyRepr(x)
                if k in ("$dataclass", "$namedtuple"):
                    return _record(k, x, objects)
                if k == "$object" and type(x) is dict:
                    if objects is None:
                        return HostObjectRef(int(x.get("id", 0)), str(x.get("class", "")))
                    return objects.decode(x)
        return {k: decode(x, objects) for k, x in value.items()}
    return value
