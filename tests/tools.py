"""Host functions for the `tools__*` test cases.

Two uses, one definition:
* `tests/regen_cases.py` imports this module and gives the functions to
  CPython as ordinary globals, to produce the expected output;
* `python3 tests/tools.py` serves them to `monty run --tools-cmd` over
  JSON lines (DESIGN.md's tool protocol and tagged values), so the sandbox
  sees the same results.

A tool that raises is reported to the sandbox as that exception type; the
cases catch tool errors (an uncaught one would show this file's frames in
CPython's traceback, which the sandbox cannot).
"""

import asyncio
import base64
import collections
import dataclasses
import inspect
import json
import math
import sys

STATIONS = {
    "Paris": {"celsius": 14.5, "sky": "cloudy", "wind": [3, 7]},
    "Lima": {"celsius": 22.0, "sky": "sunny", "wind": [1, 2]},
    "Oslo": {"celsius": -3.25, "sky": "snow", "wind": [9, 15]},
}


def get_weather(city):
    if city not in STATIONS:
        raise LookupError(f"no station in {city}")
    return STATIONS[city]


def add(a, b):
    return a + b


def fail(message, kind="ValueError"):
    raise {"ValueError": ValueError, "KeyError": KeyError, "TypeError": TypeError,
           "PermissionError": PermissionError, "TimeoutError": TimeoutError}[kind](message)


def echo(value):
    return value


def search(query, limit=3):
    hits = [f"{query}-{i}" for i in range(1, 10)]
    return hits[:limit]


def fetch_user(user_id):
    if user_id <= 0:
        raise ValueError(f"bad user id {user_id}")
    return {"id": user_id, "name": f"user{user_id}", "tags": ("a", "b"), "score": user_id * 1.5}


def big_number(digits):
    return 10 ** digits + 7


def special_floats():
    return [math.inf, -math.inf, 1.5]


async def async_fetch(key):
    """Declared async: the sandbox gets a future and may gather several."""
    return {"key": key, "size": len(key)}


async def async_fail(message):
    raise ValueError(message)


CATALOG = [{"sku": f"SKU{i:03d}", "price": round(3.5 * i + (i % 4) * 0.25, 2), "stock": (i * 7) % 5}
           for i in range(1, 12)]


def list_items(cursor=0, page_size=4):
    """One page of CATALOG: {"items", "next"} (next is None on the last page)."""
    if page_size <= 0:
        raise ValueError("page_size must be positive")
    page = CATALOG[cursor:cursor + page_size]
    nxt = cursor + page_size
    return {"items": page, "next": nxt if nxt < len(CATALOG) else None}


def flaky(key, attempt, fails=2):
    """Stateless: fails with TimeoutError for attempts 1..fails, then succeeds."""
    if attempt <= fails:
        raise TimeoutError(f"{key}: attempt {attempt} timed out")
    return f"{key}-ok@{attempt}"


async def async_page(cursor, page_size=4):
    return list_items(cursor, page_size)


async def async_score(name):
    return sum(ord(c) for c in name) % 97


async def async_flaky(key, attempt, fails=1):
    return flaky(key, attempt, fails)


IN_FLIGHT = [0]


async def async_tracked(key):
    """How many `async_tracked` calls the host had in flight at most while
    this one ran: the server answers async calls concurrently, so this is
    the sandbox's real concurrency as the host sees it."""
    IN_FLIGHT[0] += 1
    seen = IN_FLIGHT[0]
    try:
        for _ in range(4):
            await asyncio.sleep(0.05)
            seen = max(seen, IN_FLIGHT[0])
    finally:
        IN_FLIGHT[0] -= 1
    return {"key": key, "peak": seen}


@dataclasses.dataclass(frozen=True)
class Receipt:
    order_id: int
    amount: float
    paid: bool = True


def make_receipt(order):
    """A dataclass of the host's own, built from the program's `order`
    (any object with `id` and `total`)."""
    return Receipt(order_id=order.id, amount=order.total)


Bounds = collections.namedtuple("Bounds", "lo hi")


def bounds(values):
    """A namedtuple of the host's own."""
    return Bounds(min(values), max(values))




class Database:
    """A host object: the sandbox gets it as `{"$object": ...}` with its
    public data attributes and its public methods, and each method call
    comes back as a call with `"method_call": true` and the object's id.
    Read-only, and its ids fixed, so a run saved at a call and resumed
    with a new server process sees the same objects."""

    def __init__(self, oid, name, tables):
        self._oid = oid
        self.name = name
        self._tables = tables

    def tables(self):
        return sorted(self._tables)

    def query(self, table, limit=10):
        if table not in self._tables:
            raise LookupError(f"no table {table}")
        return self._tables[table][:limit]

    def count(self, table):
        return len(self.query(table, limit=None))

    def same(self, other):
        return other is self

    async def fetch(self, key):
        return {"db": self.name, "key": key, "size": len(key)}


DATABASES = {
    "main": Database(1, "main", {"users": [{"id": 1, "name": "ada"}, {"id": 2, "name": "bob"},
                                           {"id": 3, "name": "cy"}],
                                 "orders": [(1, 9.5), (3, 12.25)]}),
    "archive": Database(2, "archive", {"users": [{"id": 0, "name": "old"}]}),
}

OBJECTS = {db._oid: db for db in DATABASES.values()}


def open_db(name="main"):
    """Returns a host object (the same one for the same name)."""
    if name not in DATABASES:
        raise LookupError(f"no database {name}")
    return DATABASES[name]


def db_name(db):
    """Takes a host object back from the sandbox."""
    return db.name




FUNCTIONS = {f.__name__: f for f in [get_weather, add, fail, echo, search, fetch_user, big_number, special_floats, async_fetch, async_fail, list_items, flaky, async_page, async_score, async_flaky, async_tracked, make_receipt, bounds, open_db, db_name]}


def declare_object(obj):
    """The `$object` declaration of a host object: its id, class, public
    data attributes and public methods (parameters as declared)."""
    attrs, methods = {}, []
    for name in sorted(dir(obj)):
        if name.startswith("_"):
            continue
        v = getattr(obj, name)
        if callable(v):
            code = v.__func__.__code__
            methods.append({"name": name, "params": list(code.co_varnames[1:code.co_argcount]),
                            "async": inspect.iscoroutinefunction(v)})
        else:
            attrs[name] = encode(v)
    return {"$object": {"id": obj._oid, "class": type(obj).__name__, "attrs": attrs,
                        "methods": methods}}


# --- tagged JSON (DESIGN.md "Values") -----------------------------------

MAX_SAFE = 2 ** 53 - 1


def encode(v):
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, int):
        return v if -MAX_SAFE <= v <= MAX_SAFE else {"$int": str(v)}
    if isinstance(v, float):
        if math.isnan(v):
            return {"$float": "nan"}
        if math.isinf(v):
            return {"$float": "inf" if v > 0 else "-inf"}
        return v
    if isinstance(v, list):
        return [encode(x) for x in v]
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {"$dataclass": {
            "name": type(v).__name__,
            "fields": [[f.name, encode(getattr(v, f.name))] for f in dataclasses.fields(v)],
            "frozen": type(v).__dataclass_params__.frozen}}
    if isinstance(v, tuple) and hasattr(type(v), "_fields"):
        return {"$namedtuple": {"name": type(v).__name__,
                                "fields": [[f, encode(x)] for f, x in zip(v._fields, v)]}}
    if isinstance(v, tuple):
        return {"$tuple": [encode(x) for x in v]}
    if isinstance(v, frozenset):
        return {"$frozenset": [encode(x) for x in v]}
    if isinstance(v, set):
        return {"$set": [encode(x) for x in v]}
    if isinstance(v, bytes):
        return {"$bytes": base64.b64encode(v).decode()}
    if isinstance(v, Database):
        return declare_object(v)
    if isinstance(v, dict):
        if all(isinstance(k, str) for k in v) and not (len(v) == 1 and next(iter(v)).startswith("$")):
            return {k: encode(x) for k, x in v.items()}
        return {"$dict": [[encode(k), encode(x)] for k, x in v.items()]}
    return {"$repr": repr(v)}


# The classes made for `$dataclass` / `$namedtuple` values, by name,
# fields and frozenness: the same record gets the same class.
RECORD_CLASSES = {}


def record_class(tag, name, fields, frozen=False):
    key = (tag, name, tuple(fields), frozen)
    if key not in RECORD_CLASSES:
        if tag == "$dataclass":
            RECORD_CLASSES[key] = dataclasses.make_dataclass(name, fields, frozen=frozen)
        else:
            RECORD_CLASSES[key] = collections.namedtuple(name, fields)
    return RECORD_CLASSES[key]


def decode(v):
    if isinstance(v, list):
        return [decode(x) for x in v]
    if isinstance(v, dict):
        if len(v) == 1:
            (k, x), = v.items()
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
            if k == "$object":
                return OBJECTS[x["id"]]
            if k in ("$dataclass", "$namedtuple"):
                names = [f for f, _ in x["fields"]]
                cls = record_class(k, x["name"], names, x.get("frozen", False))
                return cls(**{f: decode(i) for f, i in x["fields"]})
        return {k: decode(x) for k, x in v.items()}
    return v


def error_reply(req, exc):
    message = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
    return {"id": req["id"], "error": {"type": type(exc).__name__, "message": message}}


def answer(req):
    """The reply to one request; for an async function, a coroutine that
    produces it."""
    try:
        if req.get("method_call"):
            # a method of a host object: the call names the object's id
            f = getattr(OBJECTS[req["object"]], req["name"])
        else:
            f = FUNCTIONS[req["name"]]
        args = [decode(a) for a in req["args"]]
        kwargs = {k: decode(x) for k, x in req["kwargs"].items()}
        if inspect.iscoroutinefunction(f):
            async def run():
                try:
                    return {"id": req["id"], "value": encode(await f(*args, **kwargs))}
                except Exception as exc:
                    return error_reply(req, exc)
            return run()
        return {"id": req["id"], "value": encode(f(*args, **kwargs))}
    except Exception as exc:
        return error_reply(req, exc)


async def serve_lines():
    """Reads requests line by line; async functions run as concurrent
    tasks (a batch of async calls is in flight together), sync ones at once."""
    loop = asyncio.get_running_loop()
    running = set()

    async def finish(coro):
        print(json.dumps(await coro), flush=True)

    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        reply = answer(json.loads(line))
        if inspect.iscoroutine(reply):
            task = asyncio.create_task(finish(reply))
            running.add(task)
            task.add_done_callback(running.discard)
        else:
            print(json.dumps(reply), flush=True)
    await asyncio.gather(*running)


def serve():
    decl = [{"name": name, "params": list(f.__code__.co_varnames[:f.__code__.co_argcount]),
             "async": inspect.iscoroutinefunction(f)}
            for name, f in FUNCTIONS.items()]
    print(json.dumps({"functions": decl}), flush=True)
    asyncio.run(serve_lines())


if __name__ == "__main__":
    serve()
