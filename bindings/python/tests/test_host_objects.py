"""Host objects (README "Host objects"): Python objects the sandbox gets as
instances whose methods call back into the host."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import monty_wasm


class Database:
    def __init__(self, name: str) -> None:
        self.name = name
        self.calls: list[str] = []
        self._rows = {"users": ["ada", "bob", "cy"]}

    def query(self, table: str, limit: int = 10) -> list[str]:
        self.calls.append(f"query {table}")
        if table not in self._rows:
            raise LookupError(f"no table {table}")
        return self._rows[table][:limit]

    async def fetch(self, key: str) -> dict[str, Any]:
        await asyncio.sleep(0.01)
        return {"db": self.name, "key": key}


def test_input_attrs_and_sync_methods() -> None:
    db = Database("main")
    m = monty_wasm.Monty("(type(db).__name__, db.name, db.query('users', limit=2), db.query('users'))",
                         inputs=["db"])
    assert m.run(inputs={"db": monty_wasm.HostObject(db)}) == ("Database", "main", ["ada", "bob"], ["ada", "bob", "cy"])
    assert db.calls == ["query users", "query users"]


def test_declared_methods_and_attrs_only() -> None:
    db = Database("main")
    h = monty_wasm.HostObject(db, class_name="Db", methods=["query"], attrs={"label": "x"})
    code = "(type(db).__name__, db.label, hasattr(db, 'fetch'), hasattr(db, 'name'), sorted(n for n in dir(db) if not n.startswith('_')))"
    assert monty_wasm.Monty(code, inputs=["db"]).run(inputs={"db": h}) == ("Db", "x", False, False, ["label", "query"])


def test_methods_as_a_mapping() -> None:
    h = monty_wasm.HostObject(object(), class_name="Counter", methods={"inc": lambda n: n + 1})
    assert monty_wasm.Monty("c.inc(41)", inputs=["c"]).run(inputs={"c": h}) == 42


def test_tool_result_passed_back_and_identity() -> None:
    main, archive = Database("main"), Database("archive")
    handles = {"main": monty_wasm.HostObject(main), "archive": monty_wasm.HostObject(archive)}
    seen: list[Any] = []

    def open_db(name: str) -> monty_wasm.HostObject:
        return handles[name]

    def db_name(db: Database) -> str:
        seen.append(db)
        return db.name

    def echo(x: Any) -> Any:
        return x

    code = """
db = open_db("main")
a = open_db("archive")
(open_db("main") is db, echo(db) is db, echo([db])[0] is db, a is db, db_name(db), db_name(a), db)
"""
    out = monty_wasm.Monty(code).run(external_functions={"open_db": open_db, "db_name": db_name, "echo": echo})
    assert out[:6] == (True, True, True, False, "main", "archive")
    # the tool gets the very Python objects, and so does the caller
    assert seen[0] is main and seen[1] is archive
    assert out[6] is main


def test_async_methods_in_gather() -> None:
    main, archive = Database("main"), Database("archive")
    code = """
import asyncio
async def go():
    return await asyncio.gather(a.fetch("k1"), b.fetch(key="k2"))
asyncio.run(go())
"""
    m = monty_wasm.Monty(code, inputs=["a", "b"])
    out = m.run(inputs={"a": monty_wasm.HostObject(main), "b": monty_wasm.HostObject(archive)})
    assert out == [{"db": "main", "key": "k1"}, {"db": "archive", "key": "k2"}]

    async def inside_loop() -> Any:
        return await monty_wasm.run_monty_async(m, inputs={"a": monty_wasm.HostObject(main),
                                                           "b": monty_wasm.HostObject(archive)})
    assert asyncio.run(inside_loop()) == out


def test_method_that_raises() -> None:
    code = """
try:
    db.query("nope")
except LookupError as e:
    r = "LookupError: " + str(e)
r
"""
    m = monty_wasm.Monty(code, inputs=["db"])
    assert m.run(inputs={"db": monty_wasm.HostObject(Database("main"))}) == "LookupError: no table nope"
    with pytest.raises(monty_wasm.MontyRuntimeError) as info:
        monty_wasm.Monty("db.query('nope')", inputs=["db"]).run(inputs={"db": monty_wasm.HostObject(Database("m"))})
    assert "LookupError: no table nope" in info.value.traceback()


def test_step_by_step_names_the_object() -> None:
    db = Database("main")
    m = monty_wasm.Monty("db.query('users', 1)", inputs=["db"])
    snap = m.start(inputs={"db": monty_wasm.HostObject(db)})
    assert isinstance(snap, monty_wasm.FunctionSnapshot)
    assert snap.function_name == "query" and snap.host_object is db and snap.args == ("users", 1)
    done = snap.resume(return_value=["x"])
    assert isinstance(done, monty_wasm.MontyComplete) and done.output == ["x"]


def test_session_keeps_objects_across_cells() -> None:
    db = Database("main")
    with monty_wasm.Session() as s:
        s.feed("x = db", inputs={"db": monty_wasm.HostObject(db)})
        assert s.feed("x.query('users', 1)") == ["ada"]
        assert s.feed("x") is db


def test_bad_declarations_are_refused() -> None:
    with pytest.raises(ValueError, match="not a Python identifier"):
        monty_wasm.HostObject(object(), class_name="not a name")
    with pytest.raises(ValueError, match="builtin"):
        monty_wasm.HostObject(object(), class_name="int", methods={})
    with pytest.raises(ValueError, match="has no such method"):
        monty_wasm.HostObject(Database("m"), methods=["nope"])
    with pytest.raises(ValueError, match="dunder"):
        monty_wasm.HostObject(object(), class_name="X", methods={"__call__": lambda: 1})
    with pytest.raises(ValueError, match="declared twice"):
        monty_wasm.HostObject(Database("m"), methods=["query"], attrs={"query": 1})
    with pytest.raises(ValueError, match="keyword|identifier"):
        monty_wasm.HostObject(object(), class_name="X", attrs={"class": 1})
    # a plain object with no data form is still refused
    with pytest.raises(TypeError, match="cannot pass a value of type"):
        monty_wasm.Monty("db", inputs=["db"]).run(inputs={"db": Database("m")})


def test_method_returning_its_object() -> None:
    class Node:
        def me(self) -> Node:
            return self

    h = monty_wasm.HostObject(Node())
    assert monty_wasm.Monty("n.me() is n", inputs=["n"]).run(inputs={"n": h}) is True
