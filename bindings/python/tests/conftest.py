"""Shared test helpers: the repository paths and a client of `tests/tools.py`."""

from __future__ import annotations

import asyncio
import builtins
import concurrent.futures
import inspect
import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Callable

import pytest

import monty_wasm

ROOT = Path(__file__).resolve().parents[3]
CASES = ROOT / "tests" / "cases"
TOOLS = ROOT / "tests" / "tools.py"

# The tool server's own tagged-JSON codec: our package decodes the sandbox's
# values to Python, and these re-encode them for the server (and back), so
# the value conversion is exercised both ways.
sys.path.insert(0, str(TOOLS.parent))
import tools as tools_codec  # noqa: E402


class RemoteObject:
    """A host object of the tool server (its `Database`s), here: each method
    call goes to the server as a method call naming the server's id."""

    def __init__(self, server: ToolServer, oid: int, class_name: str) -> None:
        self.server = server
        self.oid = oid
        self.class_name = class_name


class ToolServer:
    """`python3 tests/tools.py` as Python callables (async ones as coroutine functions).

    The server's host objects (`{"$object": ...}` in its answers) become
    `monty_wasm.HostObject`s around one `RemoteObject` per server id, whose
    methods forward to the server; passed back, they are sent by reference."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, str(TOOLS)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        assert self.proc.stdout is not None
        decl = json.loads(self.proc.stdout.readline())
        self.declared: list[dict[str, Any]] = decl["functions"]
        self._next = 0
        self._lock = threading.Lock()
        self._pending: dict[int, concurrent.futures.Future[dict[str, Any]]] = {}
        self._remote: dict[int, monty_wasm.HostObject] = {}
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            msg = json.loads(line)
            fut = self._pending.pop(msg["id"])
            fut.set_result(msg)

    def _to_server(self, v: Any) -> Any:
        """The server's JSON for `v`: its own codec, host objects by reference."""
        if isinstance(v, RemoteObject):
            return {"$object": {"id": v.oid, "class": v.class_name}}
        if type(v) is list:
            return [self._to_server(x) for x in v]
        if type(v) is tuple:
            return {"$tuple": [self._to_server(x) for x in v]}
        if type(v) is dict and all(type(k) is str for k in v):
            return {k: self._to_server(x) for k, x in v.items()}
        return tools_codec.encode(v)

    def _from_server(self, v: Any) -> Any:
        """The server's JSON as Python: `$object` declarations become
        `HostObject`s (the same one for the same id), the rest its codec's."""
        if type(v) is list:
            return [self._from_server(x) for x in v]
        if type(v) is dict:
            if len(v) == 1 and "$object" in v:
                decl = v["$object"]
                oid = int(decl["id"])
                if oid not in self._remote:
                    remote = RemoteObject(self, oid, decl["class"])
                    methods: dict[str, Callable[..., Any]] = {}
                    for m in decl.get("methods", []):
                        methods[m["name"]] = self._method(oid, m)
                    attrs = {k: self._from_server(x) for k, x in decl.get("attrs", {}).items()}
                    self._remote[oid] = monty_wasm.HostObject(remote, class_name=decl["class"],
                                                              methods=methods, attrs=attrs)
                return self._remote[oid]
            if len(v) == 1 and next(iter(v)).startswith("$"):
                return tools_codec.decode(v)
            return {k: self._from_server(x) for k, x in v.items()}
        return tools_codec.decode(v)

    def _method(self, oid: int, m: dict[str, Any]) -> Callable[..., Any]:
        """A forwarder taking any arguments: the server's method binds them
        (and raises CPython's TypeError for a wrong call)."""
        name = m["name"]
        if m.get("async"):
            async def call_async(*args: Any, **kwargs: Any) -> Any:
                return self._result(await asyncio.wrap_future(self._send(name, args, kwargs, oid)))
            return call_async

        def call_sync(*args: Any, **kwargs: Any) -> Any:
            return self._result(self._send(name, args, kwargs, oid).result(timeout=30))
        return call_sync

    def _send(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any],
              oid: int | None = None) -> concurrent.futures.Future[dict[str, Any]]:
        fut: concurrent.futures.Future[dict[str, Any]] = concurrent.futures.Future()
        with self._lock:
            self._next += 1
            rid = self._next
            self._pending[rid] = fut
            assert self.proc.stdin is not None
            req: dict[str, Any] = {"id": rid, "name": name, "args": [self._to_server(a) for a in args],
                                   "kwargs": {k: self._to_server(v) for k, v in kwargs.items()}}
            if oid is not None:
                req.update(object=oid, method_call=True)
            self.proc.stdin.write(json.dumps(req) + "\n")
            self.proc.stdin.flush()
        return fut

    def _result(self, msg: dict[str, Any]) -> Any:
        if "error" in msg:
            err = msg["error"]
            exc_type = getattr(builtins, err["type"], None)
            if not (isinstance(exc_type, type) and issubclass(exc_type, BaseException)):
                exc_type = RuntimeError
            raise exc_type(err["message"])
        return self._from_server(msg["value"])

    def functions(self) -> dict[str, Callable[..., Any]]:
        out: dict[str, Callable[..., Any]] = {}
        for d in self.declared:
            name = d["name"]
            if d["async"]:
                async def af(*args: Any, _name: str = name, **kwargs: Any) -> Any:
                    msg = await asyncio.wrap_future(self._send(_name, args, kwargs))
                    return self._result(msg)
                out[name] = af
            else:
                def sf(*args: Any, _name: str = name, **kwargs: Any) -> Any:
                    return self._result(self._send(_name, args, kwargs).result(timeout=30))
                out[name] = sf
        assert all(inspect.iscoroutinefunction(out[d["name"]]) == d["async"] for d in self.declared)
        return out

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="session")
def tool_server() -> Any:
    server = ToolServer()
    yield server
    server.close()


def parse_expected(text: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of an .expected file (tests/regen_cases.py's format)."""
    sys.path.insert(0, str(ROOT / "tests"))
    import regen_cases  # noqa: PLC0415

    result: tuple[int, str, str] = regen_cases.parse_expected(text)
    return result
