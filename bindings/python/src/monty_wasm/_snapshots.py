"""Snapshots: the `MontyComplete`, `FunctionSnapshot` and `FutureSnapshot`
a step returns, resuming them, and their bytes (`dump`, `load_snapshot`,
sealed under `set_snapshot_key`)."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import struct
from collections.abc import Mapping
from typing import Any, Union

from . import _engine
from ._errors import MontySnapshotError
from ._execution import PrintCallback, _Execution, _exception_reply, _raise_for, _reply_bytes
from ._values import decode, encode

__all__ = [
    "MontyComplete",
    "FunctionSnapshot",
    "FutureSnapshot",
    "PendingCall",
    "load_snapshot",
    "set_snapshot_key",
]

Progress = Union["MontyComplete", "FunctionSnapshot", "FutureSnapshot"]
_MISSING: Any = object()
_SNAPSHOT_MAGIC = b"MONTYWPY"
_SNAPSHOT_HEADER = 8 + 1 + 1 + 32  # magic, format, sealed flag, sha256 or HMAC-SHA-256
_MONTY_MAGIC = b"MONTYWPM"
_SNAPSHOT_VERSION = 1


def _wrap(ex: _Execution, progress: dict[str, Any]) -> Progress:
    status = progress.get("status")
    if status == "complete":
        return MontyComplete(decode(progress.get("value"), ex.objects))
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
        header: dict[str, Any] = {
            "script_name": self._ex.script_name,
            "functions": self._ex.functions,
            "limits": self._ex.limits,
            "time_used": self._ex.time_used,
            "wasm": _engine.wasm_sha256(),
        }
        if self._ex.session is not None:
            header["session"] = True
        return _pack(header, guest)


def _pack(header: dict[str, Any], guest: bytes) -> bytes:
    """Snapshot bytes: magic, format, sealed flag, checksum or HMAC, header length and JSON, the guest's bytes."""
    head = json.dumps(header).encode()
    body = struct.pack("<I", len(head)) + head + guest
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
    header, guest = _unpack(data)
    try:
        script_name = str(header["script_name"])
        functions = {str(k): bool(v) for k, v in header["functions"].items()}
        limits = dict(header["limits"])
        time_used = float(header["time_used"])
        wasm = header.get("wasm")
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise MontySnapshotError(f"corrupted monty_wasm snapshot header: {exc}") from None
    ex = _Execution(script_name=script_name, functions=functions, limits=limits,
                    print_callback=print_callback, time_used=time_used)
    progress = ex.call("restore", guest)
    if progress.get("status") == "ready":
        raise MontySnapshotError("a session's snapshot taken between cells: continue it with Session.load(data)")
    if progress.get("status") == "invalid":
        other = "" if wasm == _engine.wasm_sha256() else f" (it was made by another monty.wasm, sha256 {wasm})"
        raise MontySnapshotError(f"the sandbox refused the snapshot: {progress.get('message')}{other}")
    result = _wrap(ex, progress)
    if isinstance(result, MontyComplete):
        raise MontySnapshotError("the snapshot holds no paused run")
    return result


def _unpack(data: bytes) -> tuple[dict[str, Any], bytes]:
    """The header and the guest's bytes of `_pack` bytes; `MontySnapshotError` for anything else."""
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
    except ValueError as exc:
        raise MontySnapshotError(f"corrupted monty_wasm snapshot header: {exc}") from None
    if not isinstance(header, dict):
        raise MontySnapshotError("corrupted monty_wasm snapshot header: not an object")
    return header, body[4 + hlen:]


def _host_object(ex: _Execution, call: dict[str, Any]) -> Any:
    """The host object whose method a call is (its `HostObjectRef` if this
    process did not give it), else None."""
    if not call.get("method_call"):
        return None
    return decode({"$object": {"id": call.get("object"), "class": call.get("class")}}, ex.objects)


class FunctionSnapshot(_Paused):
    """The run is paused at a call of a host function (or an os call)."""

    function_name: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    call_id: int
    is_os_function: bool
    #: for a host object's method: the object (`function_name` is the method), else None
    host_object: Any

    def __init__(self) -> None:
        raise TypeError("FunctionSnapshot is made by Monty.start() or FunctionSnapshot.load()")

    @classmethod
    def _make(cls, ex: _Execution, progress: dict[str, Any]) -> FunctionSnapshot:
        self = object.__new__(cls)
        self._ex = ex
        self._gen = ex.generation
        self.is_os_function = progress["status"] == "os_call"
        self.function_name = progress["function"] if self.is_os_function else progress["name"]
        self.args = tuple(decode(a, ex.objects) for a in progress.get("args", []))
        self.kwargs = {k: decode(v, ex.objects) for k, v in progress.get("kwargs", {}).items()}
        self.host_object = _host_object(ex, progress)
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
            reply = {"id": self.call_id, "value": encode(return_value, "return_value", self._ex.objects)}
        ex = self._take()
        return _wrap(ex, ex.call("resume", _reply_bytes(reply)))

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

    __slots__ = ("call_id", "function_name", "args", "kwargs", "host_object")

    def __init__(self, call_id: int, function_name: str, args: tuple[Any, ...], kwargs: dict[str, Any],
                 host_object: Any = None) -> None:
        self.call_id = call_id
        self.function_name = function_name
        self.args = args
        self.kwargs = kwargs
        #: for a host object's method: the object (else None)
        self.host_object = host_object

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
        self.pending_calls = [PendingCall(int(c["id"]), c["name"], tuple(decode(a, ex.objects) for a in c.get("args", [])),
                                          {k: decode(v, ex.objects) for k, v in c.get("kwargs", {}).items()},
                                          _host_object(ex, c))
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
                replies.append({"id": call_id, "value": encode(result["return_value"], f"results[{call_id}]", self._ex.objects)})
            else:
                raise TypeError(f"results[{call_id}] must have 'return_value' or 'exception'")
        ex = self._take()
        for call_id in results:
            outstanding.pop(call_id, None)
        msg: dict[str, Any] = {"results": replies}
        if elapsed is not None:
            msg["elapsed"] = elapsed
        return _wrap(ex, ex.call("resume", _reply_bytes(msg)))

    @staticmethod
    def load(data: bytes, *, print_callback: PrintCallback | None = None) -> FutureSnapshot:
        """Continues bytes from `FutureSnapshot.dump()`."""
        snap = load_snapshot(data, print_callback=print_callback)
        if not isinstance(snap, FutureSnapshot):
            raise MontySnapshotError("the snapshot is paused at a call: use FunctionSnapshot.load")
        return snap

    def __repr__(self) -> str:
        return f"FutureSnapshot(pending_call_ids={self.pending_call_ids!r}, sleep={self.sleep!r})"
