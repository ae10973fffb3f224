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

ROOT = Path(__file__).resolve().parents[3]
CASES = ROOT / "tests" / "cases"
TOOLS = ROOT / "tests" / "tools.py"

# The tool server's own tagged-JSON codec: our package decodes the sandbox's
# values to Python, and these re-encode them for the server (and back), so
# the value conversion is exercised both ways.
sys.path.insert(0, str(TOOLS.parent))
import tools as tools_codec  # noqa: E402


class ToolServer:
    """`python3 tests/tools.py` as Python callables (async ones as coroutine functions)."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, str(TOOLS)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        assert self.proc.stdout is not None
        decl = json.loads(self.proc.stdout.readline())
        self.declared: list[dict[str, Any]] = decl["functions"]
        self._next = 0
        self._lock = threading.Lock()
        self._pending: dict[int, concurrent.futures.Future[dict[str, Any]]] = {}
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            msg = json.loads(line)
            fut = self._pending.pop(msg["id"])
            fut.set_result(msg)

    def _send(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> concurrent.futures.Future[dict[str, Any]]:
        fut: concurrent.futures.Future[dict[str, Any]] = concurrent.futures.Future()
        with self._lock:
            self._next += 1
            rid = self._next
            self._pending[rid] = fut
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps({"id": rid, "name": name, "args": [tools_codec.encode(a) for a in args],
                                              "kwargs": {k: tools_codec.encode(v) for k, v in kwargs.items()}}) + "\n")
            self.proc.stdin.flush()
        return fut

    @staticmethod
    def _result(msg: dict[str, Any]) -> Any:
        if "error" in msg:
            err = msg["error"]
            exc_type = getattr(builtins, err["type"], None)
            if not (isinstance(exc_type, type) and issubclass(exc_type, BaseException)):
                exc_type = RuntimeError
            raise exc_type(err["message"])
        return tools_codec.decode(msg["value"])

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
