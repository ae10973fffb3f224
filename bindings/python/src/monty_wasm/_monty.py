"""`Monty`, the snapshots, `run_monty_async`: the public API over the guest protocol."""

from __future__ import annotations

import asyncio
import builtins
import hashlib
import hmac
import os
import inspect
import json
import struct
import sys
import time
import warnings
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, Literal, TypedDict, Union

from . import _engine
from ._errors import (
    MontyError,
    MontyInternalError,
    MontyInvalidError,
    MontyLimitError,
    MontyRuntimeError,
    MontySnapshotError,
    MontySyntaxError,
    MontyTypingError,
)
from ._values import decode, encode

__all__ = [
    "Monty",
    "ResourceLimits",
    "MontyComplete",
    "FunctionSnapshot",
    "FutureSnapshot",
    "PendingCall",
    "run_monty_async",
    "load_snapshot",
    "set_snapshot_key",
    "PrintCallback",
    "OsHandler",
]

PrintCallback = Callable[[Literal["stdout", "stderr"], str], None]
OsHandler = Callable[[str, tuple[Any, ...], dict[str, Any]], Any]
Progress = Union["MontyComplete", "FunctionSnapshot", "FutureSnapshot"]


class ResourceLimits(TypedDict, total=False):
    """Limits of one execution (start plus every resume). All optional.

    * `max_instructions`: bytecode instructions the guest may execute (counted
      by the guest, carried in snapshots) -> `MontyLimitError(kind='instructions')`.
    * `max_duration_secs`: seconds the guest may spend running, summed over
      start/resumes (not counting time in host functions) -> `kind='time'`.
      The host also stops the guest by wasmtime epoch interruption shortly
      after the budget, and `run_monty_async` bounds its own waiting by it.
    * `max_memory`: bytes of memory the run may use beyond the interpreter's
      own initial linear memory (about 10 MiB, `monty.wasm`'s minimum): the
      store's limiter caps linear memory at that baseline plus `max_memory`,
      and the guest is told the same cap -> `kind='memory'`, or a catchable
      `MemoryError` for a single object that cannot fit.
    * `max_recursion_depth`: Python frames before a (catchable) `RecursionError`.
    * `gc_interval`: accepted for compatibility and ignored (the guest collects on its own).
    * `max_allocations`: accepted for compatibility; NOT enforced (a
      `UserWarning` says so): use `max_instructions` and `max_memory`.
    """

    max_instructions: int | None
    max_duration_secs: float | None
    max_memory: int | None
    max_recursion_depth: int | None
    gc_interval: int | None
    max_allocations: int | None


_KNOWN_LIMITS = frozenset(ResourceLimits.__annotations__)
_MISSING: Any = object()
_SNAPSHOT_MAGIC = b"MONTYWPY"
_SNAPSHOT_HEADER = 8 + 1 + 1 + 32  # magic, format, sealed flag, sha256 or HMAC-SHA-256
_MONTY_MAGIC = b"MONTYWPM"
_SNAPSHOT_VERSION = 1
# After the first of several async calls finishes, the others that finish
# within this window of each other are answered in the same reply.
_BATCH_WINDOW_SECS = 0.005


def _default_print(stream: Literal["stdout", "stderr"], text: str) -> None:
    out = sys.stdout if stream == "stdout" else sys.stderr
    out.write(text)
    out.flush()


def _is_async(f: Any) -> bool:
    if inspect.iscoroutinefunction(f):
        return True
    call = getattr(f, "__call__", None)  # noqa: B004 - callable objects with async __call__
    return call is not None and inspect.iscoroutinefunction(call)


def _limits_request(limits: Mapping[str, Any] | None) -> dict[str, Any]:
    if not limits:
        return {}
    unknown = set(limits) - _KNOWN_LIMITS
    if unknown:
        raise ValueError(f"unknown resource limits: {', '.join(sorted(unknown))} "
                         f"(known: {', '.join(sorted(_KNOWN_LIMITS))})")
    if limits.get("max_allocations") is not None:
        warnings.warn("monty_wasm does not enforce max_allocations; use max_instructions and max_memory",
                      UserWarning, stacklevel=3)
    out: dict[str, Any] = {}
    for key, guest_key in (("max_instructions", "max_instructions"),
                           ("max_duration_secs", "max_duration_secs"),
                           ("max_memory", "max_memory_bytes"),
                           ("max_recursion_depth", "max_recursion_depth")):
        v = limits.get(key)
        if v is not None:
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
                raise ValueError(f"limits[{key!r}] must be a non-negative number, got {v!r}")
            out[guest_key] = float(v) if key == "max_duration_secs" else int(v)
    if "max_memory_bytes" in out:
        out["max_memory_bytes"] += _engine.baseline_memory()
    return out


def _exception_reply(call_id: int, exc: BaseException) -> dict[str, Any]:
    t = type(exc)
    name = t.__name__ if getattr(builtins, t.__name__, None) is t else "RuntimeError"
    if len(exc.args) == 1 and isinstance(exc.args[0], str):
        message = exc.args[0]
    elif isinstance(exc, OSError) and exc.strerror:
        message = exc.strerror
    else:
        message = str(exc)
    error: dict[str, Any] = {"type": name, "message": message}
    if isinstance(exc, OSError) and isinstance(exc.errno, int):
        error["errno"] = exc.errno
    return {"id": call_id, "error": error}


def _value_reply(call_id: int, value: Any, path: str) -> dict[str, Any]:
    try:
        return {"id": call_id, "value": encode(value, path)}
    except TypeError as exc:
        return {"id": call_id, "error": {"type": "TypeError", "message": str(exc)}}


def _deny_os(function: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    raise PermissionError(f"{function}: the sandbox has no access to files, environment or clock "
                          "(pass os=... to grant it)")


class _Execution:
    """One execution: a fresh guest instance, its budget and its function table."""

    def __init__(self, *, script_name: str, functions: dict[str, bool], limits: dict[str, Any],
                 print_callback: PrintCallback | None, time_used: float = 0.0) -> None:
        self.script_name = script_name
        self.functions = functions
        self.limits = limits
        self.time_used = time_used
        self.print_callback: PrintCallback = print_callback or _default_print
        self.generation = 0  # bumped at each resume: older snapshot objects are spent
        self.outstanding: dict[int, PendingCall] = {}
        mem = limits.get("max_memory_bytes")
        # The guest checks its grown memory against the cap and reports the
        # limit itself; the store limiter is the backstop a little above it.
        store_cap = None if mem is None else mem + max(4 << 20, mem // 8)
        try:
            # the sink is the user's callable, not a method of self: no
            # reference cycle, so the store is freed as soon as the run is dropped
            self.inst = _engine.Instance(self.print_callback, max_memory=store_cap)
        except _engine.GuestTrap as exc:
            raise MontyLimitError("memory", f"memory limit exceeded: cannot instantiate under {store_cap} bytes: {exc}") from None
        except Exception as exc:  # wasmtime refuses the memory limit at instantiation
            if store_cap is not None:
                raise MontyLimitError("memory", f"memory limit exceeded: cannot instantiate under {store_cap} bytes: {exc}") from None
            raise

    def call(self, name: str, payload: bytes | None) -> dict[str, Any]:
        """Calls a guest export, returns its progress JSON; traps become errors."""
        budget = self.limits.get("max_duration_secs")
        if budget is not None:
            remaining = budget - self.time_used
            # a backstop: the guest should report the limit itself first
            self.inst.set_deadline(max(0.0, remaining) + 0.05 + 0.1 * budget)
        t0 = time.perf_counter()
        try:
            raw = self.inst.call_bytes(name, payload)
        except _engine.GuestTrap as exc:
            self.inst.flush_output()
            raise self._trap_error(exc) from None
        finally:
            self.time_used += time.perf_counter() - t0
        progress: dict[str, Any] = json.loads(raw)
        if progress.get("status") not in ("call", "os_call", "wait"):
            self.inst.flush_output()
        else:
            self.inst.release_held()
        return progress

    def _trap_error(self, exc: _engine.GuestTrap) -> MontyError:
        if exc.deadline:
            return MontyLimitError("time", "time limit exceeded: the host stopped the run past "
                                   f"max_duration_secs={self.limits.get('max_duration_secs')}")
        cap = self.limits.get("max_memory_bytes")
        if "memory allocation of" in exc.stderr_tail or (cap is not None and exc.memory_bytes + (1 << 16) >= cap):
            return MontyLimitError("memory", f"memory limit exceeded: {exc.memory_bytes} bytes of linear memory in use"
                                   + (f", {cap} allowed" if cap is not None else ""))
        return MontyInternalError(f"the interpreter trapped (a bug; the run is lost): {str(exc).splitlines()[-1]}")

    def snapshot_bytes(self) -> bytes:
        return self.inst.call_bytes("snapshot", None)


def _raise_for(progress: dict[str, Any]) -> None:
    status = progress.get("status")
    if status == "error":
        err = progress["error"]
        etype = err.get("type", "Exception")
        tb = err.get("traceback", "")
        if etype == "SyntaxError" and not tb.startswith("Traceback"):
            # the program did not compile (a SyntaxError raised while running,
            # by eval/exec, has a traceback and is a runtime error)
            raise MontySyntaxError(err.get("message", ""), tb)
        raise MontyRuntimeError(etype, err.get("message", ""), err.get("traceback", ""))
    if status == "limit":
        raise MontyLimitError(progress.get("kind", "unknown"), progress.get("message", ""))
    if status == "invalid":
        raise MontyInvalidError(f"the sandbox refused the message: {progress.get('message')}")
    raise MontyInternalError(f"unexpected progress from the guest: {progress!r}")


def _wrap(ex: _Execution, progress: dict[str, Any]) -> Progress:
    status = progress.get("status")
    if status == "complete":
        return MontyComplete(decode(progress.get("value")))
    if status == "call" or status == "os_call":
        return FunctionSnapshot._make(ex, progress)
    if status == "wait":
        return FutureSnapshot._make(ex, progress)
    _raise_for(progress)
    raise AssertionError("unreachable")


class MontyComplete:
    """The run finished; `output` is the value of its last expression (else None)."""

    __slots__ = ("output",)

    def __init__(self, output: Any) -> None:
        self.output = output

    def __repr__(self) -> str:
        return f"MontyComplete(output={self.output!r})"


class _Paused:
    _ex: _Execution
    _gen: int

    @property
    def script_name(self) -> str:
        return self._ex.script_name

    def _spent(self) -> bool:
        return self._gen != self._ex.generation or self._ex.inst.finished

    def _take(self) -> _Execution:
        if self._spent():
            raise MontySnapshotError("this snapshot was already resumed: a snapshot resumes once "
                                     "(dump() it first and load() the bytes to resume it again)")
        self._ex.generation += 1
        return self._ex

    def dump(self) -> bytes:
        """The paused run as bytes: `load()` continues it, in any process with the same `monty.wasm`."""
        if self._spent():
            raise MontySnapshotError("this snapshot was already resumed; nothing is paused to dump")
        guest = self._ex.snapshot_bytes()
        header = json.dumps({
            "script_name": self._ex.script_name,
            "functions": self._ex.functions,
            "limits": self._ex.limits,
            "time_used": self._ex.time_used,
            "wasm": _engine.wasm_sha256(),
        }).encode()
        body = struct.pack("<I", len(header)) + header + guest
        key = _snapshot_key
        seal = hmac.new(key, body, hashlib.sha256).digest() if key else hashlib.sha256(body).digest()
        return _SNAPSHOT_MAGIC + bytes([_SNAPSHOT_VERSION, 1 if key else 0]) + seal + body


_snapshot_key: bytes | None = None


def set_snapshot_key(key: bytes | str | None) -> None:
    """Seals every snapshot `dump()` makes from now on with HMAC-SHA-256 under
    `key` (bytes, or hex text), and makes `load()` refuse snapshots not sealed
    under it; None goes back to a plain checksum. `$MONTY_WASM_SNAPSHOT_KEY`
    (hex) sets it at import. The guest trusts the snapshot bytes it decodes,
    so a host that loads snapshots from elsewhere should seal them."""
    global _snapshot_key
    if isinstance(key, str):
        key = bytes.fromhex(key)
    if key is not None and len(key) < 16:
        raise ValueError("a snapshot key must have at least 16 bytes")
    _snapshot_key = key


if os.environ.get("MONTY_WASM_SNAPSHOT_KEY"):
    set_snapshot_key(os.environ["MONTY_WASM_SNAPSHOT_KEY"])


def load_snapshot(data: bytes, *, print_callback: PrintCallback | None = None) -> FunctionSnapshot | FutureSnapshot:
    """Continues bytes from `dump()` in a fresh instance."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"snapshot data must be bytes, not {type(data).__name__}")
    data = bytes(data)
    if not data.startswith(_SNAPSHOT_MAGIC):
        raise MontySnapshotError("not a monty_wasm snapshot (bad magic header)")
    if len(data) < _SNAPSHOT_HEADER + 4:
        raise MontySnapshotError(f"truncated monty_wasm snapshot ({len(data)} bytes)")
    if data[8] != _SNAPSHOT_VERSION:
        raise MontySnapshotError(f"monty_wasm snapshot format {data[8]} is not supported (this package reads {_SNAPSHOT_VERSION})")
    sealed, digest, body = data[9], data[10:_SNAPSHOT_HEADER], data[_SNAPSHOT_HEADER:]
    key = _snapshot_key
    if sealed and not key:
        raise MontySnapshotError("the snapshot is sealed with a key: call monty_wasm.set_snapshot_key(key) "
                                 "(or set $MONTY_WASM_SNAPSHOT_KEY) to load it")
    if key and not sealed:
        raise MontySnapshotError("the snapshot is not sealed, and a snapshot key is set: refused")
    want = hmac.new(key, body, hashlib.sha256).digest() if key else hashlib.sha256(body).digest()
    if not hmac.compare_digest(want, digest):
        raise MontySnapshotError("truncated, corrupted or altered monty_wasm snapshot"
                                 + (" (or sealed under another key)" if key else " (checksum mismatch)"))
    (hlen,) = struct.unpack_from("<I", body)
    try:
        header = json.loads(body[4:4 + hlen])
        script_name = str(header["script_name"])
        functions = {str(k): bool(v) for k, v in header["functions"].items()}
        limits = dict(header["limits"])
        time_used = float(header["time_used"])
        wasm = header.get("wasm")
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise MontySnapshotError(f"corrupted monty_wasm snapshot header: {exc}") from None
    ex = _Execution(script_name=script_name, functions=functions, limits=limits,
                    print_callback=print_callback, time_used=time_used)
    progress = ex.call("restore", body[4 + hlen:])
    if progress.get("status") == "invalid":
        other = "" if wasm == _engine.wasm_sha256() else f" (it was made by another monty.wasm, sha256 {wasm})"
        raise MontySnapshotError(f"the sandbox refused the snapshot: {progress.get('message')}{other}")
    result = _wrap(ex, progress)
    if isinstance(result, MontyComplete):
        raise MontySnapshotError("the snapshot holds no paused run")
    return result


class FunctionSnapshot(_Paused):
    """The run is paused at a call of a host function (or an os call)."""

    function_name: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    call_id: int
    is_os_function: bool

    def __init__(self) -> None:
        raise TypeError("FunctionSnapshot is made by Monty.start() or FunctionSnapshot.load()")

    @classmethod
    def _make(cls, ex: _Execution, progress: dict[str, Any]) -> FunctionSnapshot:
        self = object.__new__(cls)
        self._ex = ex
        self._gen = ex.generation
        self.is_os_function = progress["status"] == "os_call"
        self.function_name = progress["function"] if self.is_os_function else progress["name"]
        self.args = tuple(decode(a) for a in progress.get("args", []))
        self.kwargs = {k: decode(v) for k, v in progress.get("kwargs", {}).items()}
        self.call_id = int(progress["id"])
        return self

    def resume(self, *, return_value: Any = _MISSING, exception: BaseException | None = None) -> Progress:
        """Continues with the call's result: `return_value=...` or `exception=SomeError(...)`."""
        if (return_value is _MISSING) == (exception is None):
            raise TypeError("resume() takes exactly one of return_value= or exception=")
        if exception is not None:
            reply = _exception_reply(self.call_id, exception)
        else:
            # encode before consuming the snapshot, so a bad value can be corrected
            reply = {"id": self.call_id, "value": encode(return_value, "return_value")}
        ex = self._take()
        return _wrap(ex, ex.call("resume", json.dumps(reply).encode()))

    @staticmethod
    def load(data: bytes, *, print_callback: PrintCallback | None = None) -> FunctionSnapshot:
        """Continues bytes from `FunctionSnapshot.dump()`."""
        snap = load_snapshot(data, print_callback=print_callback)
        if not isinstance(snap, FunctionSnapshot):
            raise MontySnapshotError("the snapshot is paused at async calls: use FutureSnapshot.load")
        return snap

    def __repr__(self) -> str:
        kind = "os call" if self.is_os_function else "call"
        return f"FunctionSnapshot({kind} {self.function_name}(*{self.args!r}, **{self.kwargs!r}), call_id={self.call_id})"


class PendingCall:
    """One async host call a `FutureSnapshot` waits for."""

    __slots__ = ("call_id", "function_name", "args", "kwargs")

    def __init__(self, call_id: int, function_name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.call_id = call_id
        self.function_name = function_name
        self.args = args
        self.kwargs = kwargs

    def __repr__(self) -> str:
        return f"PendingCall({self.call_id}, {self.function_name}(*{self.args!r}, **{self.kwargs!r}))"


class FutureSnapshot(_Paused):
    """Every task of the run waits on async host calls (or a timer).

    `pending_calls` are the calls announced since the last wait (start them
    all); `pending_call_ids` every call still unanswered; `sleep` the seconds
    to the earliest `asyncio.sleep` timer, if any."""

    pending_calls: list[PendingCall]
    sleep: float | None

    def __init__(self) -> None:
        raise TypeError("FutureSnapshot is made by Monty.start() or FutureSnapshot.load()")

    @classmethod
    def _make(cls, ex: _Execution, progress: dict[str, Any]) -> FutureSnapshot:
        self = object.__new__(cls)
        self._ex = ex
        self._gen = ex.generation
        self.pending_calls = [PendingCall(int(c["id"]), c["name"], tuple(decode(a) for a in c.get("args", [])),
                                          {k: decode(v) for k, v in c.get("kwargs", {}).items()})
                              for c in progress.get("calls", [])]
        for c in self.pending_calls:
            ex.outstanding[c.call_id] = c
        self.sleep = progress.get("sleep")
        return self

    @property
    def pending_call_ids(self) -> list[int]:
        return sorted(self._ex.outstanding)

    def resume(self, results: Mapping[int, Mapping[str, Any]], *, elapsed: float | None = None) -> Progress:
        """Continues with the calls that finished: `{call_id: {'return_value': v} | {'exception': e}}`
        (may be empty after a `sleep`); `elapsed` is the sandbox time that passed."""
        replies = []
        outstanding = self._ex.outstanding
        for call_id, result in results.items():
            if call_id not in outstanding:
                raise ValueError(f"call {call_id} is not pending (pending: {sorted(outstanding)})")
            if "exception" in result:
                replies.append(_exception_reply(call_id, result["exception"]))
            elif "return_value" in result:
                replies.append({"id": call_id, "value": encode(result["return_value"], f"results[{call_id}]")})
            else:
                raise TypeError(f"results[{call_id}] must have 'return_value' or 'exception'")
        ex = self._take()
        for call_id in results:
            outstanding.pop(call_id, None)
        msg: dict[str, Any] = {"results": replies}
        if elapsed is not None:
            msg["elapsed"] = elapsed
        return _wrap(ex, ex.call("resume", json.dumps(msg).encode()))

    @staticmethod
    def load(data: bytes, *, print_callback: PrintCallback | None = None) -> FutureSnapshot:
        """Continues bytes from `FutureSnapshot.dump()`."""
        snap = load_snapshot(data, print_callback=print_callback)
        if not isinstance(snap, FutureSnapshot):
            raise MontySnapshotError("the snapshot is paused at a call: use FunctionSnapshot.load")
        return snap

    def __repr__(self) -> str:
        return f"FutureSnapshot(pending_call_ids={self.pending_call_ids!r}, sleep={self.sleep!r})"


def _called_names(code: str) -> set[str] | None:
    """Names used as the callee of a call (`f(...)`), or None if CPython cannot parse the code."""
    import ast

    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return {node.func.id for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}


def _undefined_names(code: str, filename: str) -> list[str] | None:
    """Fallback when the guest's `check` does not report `undefined_names`:
    CPython's own symbol tables give the global names the program reads but
    never binds (builtins excluded), in first-use order; None when CPython
    cannot parse the code (then only the run-time mapping's names are declared)."""
    import ast
    import symtable

    try:
        top = symtable.symtable(code, filename, "exec")
        tree = ast.parse(code, filename)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    bound: set[str] = set()
    used: set[str] = set()

    def walk(table: symtable.SymbolTable, is_top: bool) -> None:
        for sym in table.get_symbols():
            name = sym.get_name()
            if is_top:
                if sym.is_assigned() or sym.is_imported() or sym.is_namespace():
                    bound.add(name)
                if sym.is_referenced():
                    used.add(name)
            elif sym.is_global():
                if sym.is_declared_global() and (sym.is_assigned() or sym.is_imported()):
                    bound.add(name)
                if sym.is_referenced():
                    used.add(name)
        for child in table.get_children():
            walk(child, False)

    walk(top, True)
    # only names the program calls: a name merely read stays a NameError
    called = {node.func.id for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    missing = {n for n in (used - bound) & called if not hasattr(builtins, n)}
    order: dict[str, tuple[int, int]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in missing:
            pos = (node.lineno, node.col_offset)
            if node.id not in order or pos < order[node.id]:
                order[node.id] = pos
    return sorted(missing, key=lambda n: order.get(n, (1 << 30, 0)))


class Monty:
    """A program, checked for syntax at construction, run any number of times.

    `external_functions` (names, or a mapping of name to callable) limits the
    host functions to those; without it, every name the program reads but
    never binds (and that is not a builtin or an input) is a host function.
    """

    def __init__(
        self,
        code: str,
        *,
        script_name: str = "main.py",
        inputs: Iterable[str] | None = None,
        external_functions: Iterable[str] | Mapping[str, Callable[..., Any]] | None = None,
        type_check: bool = False,
        type_check_stubs: str | None = None,
    ) -> None:
        if not isinstance(code, str):
            raise TypeError(f"code must be str, not {type(code).__name__}")
        self.code = code
        self.script_name = script_name
        self.inputs: list[str] = list(inputs or [])
        self._declared: list[str] | None = None
        self._async_declared: set[str] = set()
        if external_functions is not None:
            if isinstance(external_functions, Mapping):
                self._declared = list(external_functions)
                self._async_declared = {k for k, f in external_functions.items() if _is_async(f)}
            else:
                self._declared = list(external_functions)
        report = self._check()
        guest_names: list[str] | None = report.get("undefined_names")
        self._undefined: list[str] | None
        if guest_names is not None:
            # the guest's list (names read, never bound, not builtins), kept
            # to the names the program calls when CPython can tell which
            called = _called_names(code)
            self._undefined = [n for n in guest_names if called is None or n in called]
        else:
            # a monty.wasm whose check does not report them: CPython's symbol tables
            self._undefined = _undefined_names(code, script_name)
        if type_check:
            self.type_check(type_check_stubs)

    def _check(self, stubs: str | None = None) -> dict[str, Any]:
        req: dict[str, Any] = {"code": self.code, "filename": self.script_name}
        if stubs is not None:
            req["stubs"] = stubs
        ex = _Execution(script_name=self.script_name, functions={}, limits={}, print_callback=None)
        report = ex.call("check", json.dumps(req).encode())
        for d in report.get("diagnostics", []):
            if d.get("type") == "SyntaxError" or not report.get("ok", True):
                line = int(d.get("line") or 0)
                lines = self.code.splitlines()
                src = lines[line - 1].strip() if 0 < line <= len(lines) else ""
                etype = str(d.get("type", "SyntaxError"))
                tb = f'  File "{self.script_name}", line {line}\n' + (f"    {src}\n" if src else "") + f"{etype}: {d.get('message', '')}\n"
                raise MontySyntaxError(str(d.get("message", "")), tb, line, etype)
        return report

    def type_check(self, stubs: str | None = None) -> None:
        """Runs the guest's static check; raises `MontyTypingError` on problems.
        (Today the guest's check covers syntax and unsupported constructs only.)"""
        report = self._check(stubs)
        if not report.get("ok", True):
            raise MontyTypingError(list(report.get("diagnostics", [])))

    # -- the request --------------------------------------------------------

    def _functions(self, external_functions: Mapping[str, Callable[..., Any]] | None,
                   input_names: Iterable[str] = ()) -> dict[str, bool]:
        funcs = dict(external_functions or {})
        if self._declared is not None:
            names = list(self._declared)
        else:
            skip = set(self.inputs) | set(input_names)
            names = [n for n in (self._undefined or []) if n not in skip]
            names += [n for n in funcs if n not in names]
        return {n: (n in self._async_declared or (n in funcs and _is_async(funcs[n]))) for n in names}

    def _start(self, inputs: Mapping[str, Any] | None, limits: Mapping[str, Any] | None,
               print_callback: PrintCallback | None,
               external_functions: Mapping[str, Callable[..., Any]] | None,
               modules: dict[str, str] | None = None) -> tuple[_Execution, dict[str, Any]]:
        given = dict(inputs or {})
        missing = [n for n in self.inputs if n not in given]
        if missing:
            raise TypeError(f"missing inputs: {', '.join(missing)} (declared: {', '.join(self.inputs)})")
        for k in given:
            if not isinstance(k, str) or not k.isidentifier():
                raise TypeError(f"input names must be identifiers, got {k!r}")
        enc = {k: encode(v, f"inputs.{k}") for k, v in given.items()}
        functions = self._functions(external_functions, given)
        req: dict[str, Any] = {
            "code": self.code,
            "filename": self.script_name,
            "inputs": enc,
            "externals": [_external(n, a, (modules or {}).get(n)) for n, a in functions.items()],
        }
        lim = _limits_request(limits)
        if lim:
            req["limits"] = lim
        ex = _Execution(script_name=self.script_name, functions=functions, limits=lim,
                        print_callback=print_callback)
        return ex, ex.call("start", json.dumps(req).encode())

    def start(
        self,
        *,
        inputs: Mapping[str, Any] | None = None,
        limits: ResourceLimits | Mapping[str, Any] | None = None,
        print_callback: PrintCallback | None = None,
        external_functions: Mapping[str, Callable[..., Any]] | None = None,
        external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None = None,
    ) -> Progress:
        """Starts a run that pauses at each host call: a `FunctionSnapshot`,
        a `FutureSnapshot` (async calls) or `MontyComplete`.
        `external_functions` here only declares names (coroutine functions as async)."""
        funcs, modules = _merge_modules(external_functions, external_modules)
        ex, progress = self._start(inputs, limits, print_callback, funcs, modules)
        return _wrap(ex, progress)

    def run(
        self,
        *,
        inputs: Mapping[str, Any] | None = None,
        limits: ResourceLimits | Mapping[str, Any] | None = None,
        external_functions: Mapping[str, Callable[..., Any]] | None = None,
        print_callback: PrintCallback | None = None,
        os: OsHandler | None = None,
        external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None = None,
    ) -> Any:
        """Runs to the end and returns the last expression's value (else None).
        With coroutine functions among `external_functions`, runs them on a
        private event loop (use `run_monty_async` inside a running loop)."""
        funcs, modules = _merge_modules(external_functions, external_modules)
        if any(_is_async(f) for f in funcs.values()):
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                return asyncio.run(run_monty_async(self, inputs=inputs, limits=limits, external_functions=external_functions,
                                                   print_callback=print_callback, os=os,
                                                   external_modules=external_modules))
            raise RuntimeError("Monty.run() with async external functions was called inside a running event "
                               "loop: await run_monty_async(...) instead")
        ex, progress = self._start(inputs, limits, print_callback, funcs, modules)
        os_handler = os or _deny_os
        while True:
            status = progress.get("status")
            if status == "complete":
                return decode(progress.get("value"))
            if status == "call":
                reply = _sync_call(funcs, progress)
            elif status == "os_call":
                reply = _os_call(os_handler, progress)
            elif status == "wait":
                if progress.get("calls"):
                    raise MontyInternalError("async calls announced with no async functions")
                sleep = float(progress.get("sleep") or 0.0)
                time.sleep(sleep)
                reply = {"results": [], "elapsed": sleep}
            else:
                _raise_for(progress)
            progress = ex.call("resume", json.dumps(reply).encode())

    def __repr__(self) -> str:
        return f"Monty(<{len(self.code)} chars>, script_name={self.script_name!r})"

    def dump(self) -> bytes:
        """The program and its settings as bytes (`Monty.load` restores them
        without checking the code again). The source is included."""
        state = {"code": self.code, "script_name": self.script_name, "inputs": self.inputs,
                 "declared": self._declared, "async": sorted(self._async_declared),
                 "undefined": self._undefined}
        return _MONTY_MAGIC + bytes([_SNAPSHOT_VERSION]) + json.dumps(state).encode()

    @staticmethod
    def load(data: bytes) -> Monty:
        """A `Monty` from `Monty.dump()` bytes."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"data must be bytes, not {type(data).__name__}")
        data = bytes(data)
        if not data.startswith(_MONTY_MAGIC) or len(data) < 9:
            raise MontySnapshotError("not a dumped monty_wasm.Monty (bad magic header)")
        if data[8] != _SNAPSHOT_VERSION:
            raise MontySnapshotError(f"dumped Monty format {data[8]} is not supported")
        try:
            state = json.loads(data[9:])
            self = object.__new__(Monty)
            self.code = str(state["code"])
            self.script_name = str(state["script_name"])
            self.inputs = [str(n) for n in state["inputs"]]
            declared = state["declared"]
            self._declared = None if declared is None else [str(n) for n in declared]
            self._async_declared = {str(n) for n in state["async"]}
            undefined = state["undefined"]
            self._undefined = None if undefined is None else [str(n) for n in undefined]
        except (ValueError, KeyError, TypeError) as exc:
            raise MontySnapshotError(f"truncated or corrupted dumped Monty: {exc}") from None
        return self


def _external(name: str, is_async: bool, module: str | None) -> dict[str, Any]:
    ext: dict[str, Any] = {"name": name}
    if is_async:
        ext["async"] = True
    if module is not None:
        ext["module"] = module
    return ext


def _merge_modules(funcs: Mapping[str, Callable[..., Any]] | None,
                   external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None,
                   ) -> tuple[dict[str, Callable[..., Any]], dict[str, str]]:
    """`external_functions` plus the functions of `external_modules`
    (each is also a global, as the guest declares them), and their modules."""
    merged = dict(funcs or {})
    modules: dict[str, str] = {}
    for mod, members in (external_modules or {}).items():
        for name, f in members.items():
            merged.setdefault(name, f)
            modules[name] = mod
    return merged, modules


def _call_args(progress: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    return ([decode(a) for a in progress.get("args", [])],
            {k: decode(v) for k, v in progress.get("kwargs", {}).items()})


def _sync_call(funcs: Mapping[str, Callable[..., Any]], progress: dict[str, Any]) -> dict[str, Any]:
    call_id = int(progress["id"])
    name = progress["name"]
    f = funcs.get(name)
    if f is None:
        return _missing_reply(call_id, name)
    args, kwargs = _call_args(progress)
    return _invoke_sync(call_id, name, f, args, kwargs)


def _missing_reply(call_id: int, name: str) -> dict[str, Any]:
    return {"id": call_id, "error": {"type": "NameError", "message": f"name '{name}' is not defined"}}


def _invoke_sync(call_id: int, name: str, f: Callable[..., Any], args: list[Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    try:
        value = f(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the sandbox sees it as its own exception
        return _exception_reply(call_id, exc)
    if inspect.isawaitable(value):
        if inspect.iscoroutine(value):
            value.close()
        return {"id": call_id, "error": {"type": "TypeError", "message":
                                         f"{name}() returned an awaitable to a synchronous call"}}
    return _value_reply(call_id, value, f"{name}() return value")


def _os_call(handler: OsHandler, progress: dict[str, Any]) -> dict[str, Any]:
    call_id = int(progress["id"])
    args, kwargs = _call_args(progress)
    try:
        value = handler(progress["function"], tuple(args), kwargs)
    except Exception as exc:  # noqa: BLE001
        return _exception_reply(call_id, exc)
    return _value_reply(call_id, value, f"{progress['function']}() return value")


async def run_monty_async(
    monty: Monty,
    *,
    inputs: Mapping[str, Any] | None = None,
    external_functions: Mapping[str, Callable[..., Any]] | None = None,
    limits: ResourceLimits | Mapping[str, Any] | None = None,
    print_callback: PrintCallback | None = None,
    os: OsHandler | Callable[[str, tuple[Any, ...], dict[str, Any]], Awaitable[Any]] | None = None,
    external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None = None,
) -> Any:
    """Runs `monty` on the running event loop. Coroutine functions are async
    in the sandbox: every call a `gather` announces starts at once as a task.
    The guest itself runs on the loop's thread between host calls."""
    funcs, modules = _merge_modules(external_functions, external_modules)
    lim = _limits_request(limits)
    budget = lim.get("max_duration_secs")
    deadline = None if budget is None else time.monotonic() + budget + 0.05 + 0.1 * budget
    ex, progress = monty._start(inputs, limits, print_callback, funcs, modules)
    os_handler = os or _deny_os
    tasks: dict[asyncio.Future[dict[str, Any]], int] = {}
    waited_since: float | None = None

    async def run_async(call_id: int, name: str, f: Callable[..., Any], args: list[Any], kwargs: dict[str, Any]) -> dict[str, Any]:
        try:
            value = await f(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001
            return _exception_reply(call_id, exc)
        return _value_reply(call_id, value, f"{name}() return value")

    try:
        while True:
            status = progress.get("status")
            if status == "complete":
                return decode(progress.get("value"))
            if status == "call":
                name = progress["name"]
                f = funcs.get(name)
                if f is not None and _is_async(f):
                    args, kwargs = _call_args(progress)
                    reply = await run_async(int(progress["id"]), name, f, args, kwargs)
                else:
                    reply = _sync_call(funcs, progress)
            elif status == "os_call":
                call_id = int(progress["id"])
                args, kwargs = _call_args(progress)
                try:
                    value = os_handler(progress["function"], tuple(args), kwargs)
                    if inspect.isawaitable(value):
                        value = await value
                except Exception as exc:  # noqa: BLE001
                    reply = _exception_reply(call_id, exc)
                else:
                    reply = _value_reply(call_id, value, f"{progress['function']}() return value")
            elif status == "wait":
                if waited_since is None:
                    waited_since = time.monotonic()
                for c in progress.get("calls", []):
                    call_id = int(c["id"])
                    name = c["name"]
                    f = funcs.get(name)
                    args, kwargs = _call_args(c)
                    task: asyncio.Future[dict[str, Any]]
                    if f is not None and _is_async(f):
                        task = asyncio.ensure_future(run_async(call_id, name, f, args, kwargs))
                    else:
                        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
                        fut.set_result(_missing_reply(call_id, name) if f is None
                                       else _invoke_sync(call_id, name, f, args, kwargs))
                        task = fut
                    tasks[task] = call_id
                timeout = progress.get("sleep")
                if deadline is not None:
                    left = max(0.0, deadline - time.monotonic())
                    timeout = left if timeout is None else min(timeout, left)
                if tasks:
                    done, pending = await asyncio.wait(list(tasks), timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
                    while done and pending:
                        # calls that finish together are answered together, as
                        # they would be in one event-loop step under CPython
                        more, pending = await asyncio.wait(pending, timeout=_BATCH_WINDOW_SECS,
                                                           return_when=asyncio.FIRST_COMPLETED)
                        if not more:
                            break
                        done |= more
                elif timeout is not None:
                    await asyncio.sleep(timeout)
                    done = set()
                else:
                    raise MontyInternalError("the sandbox waits with nothing pending")
                if deadline is not None and not done and time.monotonic() >= deadline:
                    raise MontyLimitError("time", f"time limit exceeded: max_duration_secs={budget} passed while waiting on host calls")
                results = []
                for t in done:
                    tasks.pop(t)
                    results.append(t.result())
                now = time.monotonic()
                reply = {"results": results, "elapsed": now - waited_since}
                waited_since = now
            else:
                _raise_for(progress)
            if status != "wait":
                waited_since = None
            progress = ex.call("resume", json.dumps(reply).encode())
    finally:
        for t in tasks:
            t.cancel()
