"""`Session`: cells run one after another in one instance, so that what a
cell defines (globals, imports, functions, classes) is there for the next.

Each cell is an `_Execution` of its own over the session's instance (its own
limits, clock, output callback). A cell that ends with a value or an
exception gives the instance back to the session; one that hits a limit,
traps, or is abandoned while paused takes the state with it: the session is
lost, and the next `feed` raises `MontySessionError` saying why."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Mapping
from types import TracebackType
from typing import Any, Literal

from . import _engine
from ._async import _drive_async
from ._errors import MontySessionError, MontySnapshotError
from ._execution import OsHandler, PrintCallback, _deny_os, _Execution, _external, _is_async, _merge_modules
from ._limits import ResourceLimits, _limits_request
from ._monty import _drive_sync
from ._snapshots import FunctionSnapshot, FutureSnapshot, Progress, _pack, _unpack, _wrap
from ._values import _Objects, encode

__all__ = ["Session"]

SessionState = Literal["empty", "idle", "busy", "lost", "closed"]
AsyncOsHandler = Callable[[str, tuple[Any, ...], dict[str, Any]], Awaitable[Any]]


class Session:
    """A sequence of cells sharing one interpreter state (see the module docs).

    The constructor's `external_functions`, `external_modules`, `limits`,
    `print_callback` and `os` are what every cell gets unless its `feed`
    says otherwise; `cwd` is the first cell's working directory. Use it as a
    context manager (or call `close()`) to free the instance.
    """

    def __init__(
        self,
        *,
        external_functions: Mapping[str, Callable[..., Any]] | None = None,
        external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None = None,
        limits: ResourceLimits | Mapping[str, Any] | None = None,
        print_callback: PrintCallback | None = None,
        os: OsHandler | AsyncOsHandler | None = None,
        cwd: str | None = None,
    ) -> None:
        self._funcs, self._modules = _merge_modules(external_functions, external_modules)
        _limits_request(limits)  # usage errors now
        self._limits = limits
        self._print = print_callback
        self._os = os
        self._cwd = cwd
        self._inst: _engine.Instance | None = None
        self._ex: _Execution | None = None
        # the host objects given to the session's cells (they live as long as it)
        self._objects = _Objects()
        #: 'empty' (no cell yet), 'idle', 'busy' (a cell runs or is paused), 'lost', 'closed'
        self.state: SessionState = "empty"
        #: why the session is lost (None while it is not)
        self.lost_reason: str | None = None
        #: cells fed to this object (not those before the snapshot it was loaded from)
        self.cells = 0
        #: a cell restored paused by `Session.load`: resume it, then the session goes on
        self.pending: FunctionSnapshot | FutureSnapshot | None = None

    # -- the cells' executions report here -----------------------------------

    def _progress(self, ex: _Execution, progress: dict[str, Any]) -> None:
        if ex is not self._ex or self.state == "closed":
            return
        status = progress.get("status")
        # (`invalid`: the guest refused the message and kept its state)
        if status in ("complete", "error", "ready", "invalid"):
            self.state = "idle"
            self._inst = ex.inst
            self._ex = None
            self.pending = None
        elif status == "limit":
            self._lose(ex, f"a cell hit a limit ({progress.get('message')})")

    def _lose(self, ex: _Execution, reason: str) -> None:
        if ex is not self._ex or self.state == "closed":
            return
        self.state = "lost"
        self.lost_reason = reason
        self._inst = None
        self._ex = None
        self.pending = None

    def _ready(self) -> None:
        if self.state == "closed":
            raise MontySessionError("the session is closed")
        if self.state == "lost":
            raise MontySessionError(f"the session is over: {self.lost_reason}")
        if self.state == "busy":
            raise MontySessionError("the session's previous cell is still paused: finish it (resume) before the next")

    # -- cells ------------------------------------------------------------------

    def _begin(
        self,
        code: str,
        *,
        inputs: Mapping[str, Any] | None,
        external_functions: Mapping[str, Callable[..., Any]] | None,
        external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None,
        limits: ResourceLimits | Mapping[str, Any] | None,
        print_callback: PrintCallback | None,
        filename: str,
        cwd: str | None,
    ) -> tuple[_Execution, dict[str, Any]]:
        if not isinstance(code, str):
            raise TypeError(f"code must be str, not {type(code).__name__}")
        self._ready()
        lim = _limits_request(self._limits if limits is None else limits)
        given = dict(inputs or {})
        for k in given:
            if not isinstance(k, str) or not k.isidentifier():
                raise TypeError(f"input names must be identifiers, got {k!r}")
        enc = {k: encode(v, f"inputs.{k}", self._objects) for k, v in given.items()}
        # functions given to a feed stay declared in the session: here too
        funcs, modules = _merge_modules(external_functions, external_modules)
        self._funcs.update(funcs)
        self._modules.update(modules)
        first = self.state == "empty"
        req: dict[str, Any] = {
            "code": code,
            "filename": filename,
            "session": "new" if first else "next",
            "inputs": enc,
            "externals": [_external(n, _is_async(f), self._modules.get(n)) for n, f in self._funcs.items()],
        }
        if lim:
            req["limits"] = lim
        if cwd is None and first:
            cwd = self._cwd
        if cwd is not None:
            if not isinstance(cwd, str) or not cwd.startswith("/"):
                raise ValueError(f"cwd must be an absolute path (a str starting with '/'), got {cwd!r}")
            req["cwd"] = cwd
        functions = {n: _is_async(f) for n, f in self._funcs.items()}
        ex = _Execution(script_name=filename, functions=functions, limits=lim,
                        print_callback=print_callback or self._print, inst=self._inst, session=self,
                        objects=self._objects)
        self.state = "busy"
        self._ex = ex
        self._inst = None
        self.cells += 1
        return ex, ex.call("start", json.dumps(req).encode())

    def feed(
        self,
        code: str,
        *,
        inputs: Mapping[str, Any] | None = None,
        external_functions: Mapping[str, Callable[..., Any]] | None = None,
        external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None = None,
        limits: ResourceLimits | Mapping[str, Any] | None = None,
        print_callback: PrintCallback | None = None,
        os: OsHandler | None = None,
        filename: str = "cell.py",
        cwd: str | None = None,
    ) -> Any:
        """Runs `code` as the next cell, as `Monty.run` runs a program: returns
        its last expression's value (else None). A Python exception raises
        `MontyRuntimeError` (or `MontySyntaxError`) and the session goes on;
        a limit raises `MontyLimitError` and ends it. `inputs` become
        globals; functions given here stay for later cells. With coroutine
        functions in the session, runs `feed_async` on a private event loop."""
        funcs, _ = _merge_modules(external_functions, external_modules)
        if any(_is_async(f) for f in [*self._funcs.values(), *funcs.values()]):
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                return asyncio.run(self.feed_async(
                    code, inputs=inputs, external_functions=external_functions, external_modules=external_modules,
                    limits=limits, print_callback=print_callback, os=os, filename=filename, cwd=cwd))
            raise RuntimeError("Session.feed() with async external functions was called inside a running event "
                               "loop: await session.feed_async(...) instead")
        ex, progress = self._begin(code, inputs=inputs, external_functions=external_functions,
                                   external_modules=external_modules, limits=limits,
                                   print_callback=print_callback, filename=filename, cwd=cwd)
        handler = os or self._os or _deny_os
        try:
            return _drive_sync(ex, progress, self._funcs, handler)
        except BaseException as exc:
            self._lose(ex, f"the cell was abandoned while paused ({type(exc).__name__}: {exc})")
            raise

    async def feed_async(
        self,
        code: str,
        *,
        inputs: Mapping[str, Any] | None = None,
        external_functions: Mapping[str, Callable[..., Any]] | None = None,
        external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None = None,
        limits: ResourceLimits | Mapping[str, Any] | None = None,
        print_callback: PrintCallback | None = None,
        os: OsHandler | AsyncOsHandler | None = None,
        filename: str = "cell.py",
        cwd: str | None = None,
    ) -> Any:
        """`feed` on the running event loop, as `run_monty_async`: every call
        a `gather` announces starts at once as a task."""
        lim = _limits_request(self._limits if limits is None else limits)
        budget = lim.get("max_duration_secs")
        deadline = None if budget is None else time.monotonic() + budget + 0.05 + 0.1 * budget
        ex, progress = self._begin(code, inputs=inputs, external_functions=external_functions,
                                   external_modules=external_modules, limits=limits,
                                   print_callback=print_callback, filename=filename, cwd=cwd)
        try:
            return await _drive_async(ex, progress, self._funcs, os or self._os or _deny_os, budget, deadline)
        except BaseException as exc:
            self._lose(ex, f"the cell was abandoned while paused ({type(exc).__name__}: {exc})")
            raise

    def start(
        self,
        code: str,
        *,
        inputs: Mapping[str, Any] | None = None,
        external_functions: Mapping[str, Callable[..., Any]] | None = None,
        external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None = None,
        limits: ResourceLimits | Mapping[str, Any] | None = None,
        print_callback: PrintCallback | None = None,
        filename: str = "cell.py",
        cwd: str | None = None,
    ) -> Progress:
        """Runs `code` as the next cell up to its first host call, as
        `Monty.start`: a `FunctionSnapshot`, `FutureSnapshot` or
        `MontyComplete`. When the resumed cell ends, the session takes the next."""
        ex, progress = self._begin(code, inputs=inputs, external_functions=external_functions,
                                   external_modules=external_modules, limits=limits,
                                   print_callback=print_callback, filename=filename, cwd=cwd)
        return _wrap(ex, progress)

    # -- bytes --------------------------------------------------------------------

    def dump(self) -> bytes:
        """The session between cells as bytes (sealed as other snapshots,
        see `set_snapshot_key`), for `Session.load`. A paused cell is saved
        with its snapshot's `dump()` instead."""
        self._ready()
        if self._inst is None:
            raise MontySessionError("the session has no state yet: feed a cell first")
        try:
            guest = self._inst.call_bytes("snapshot", None)
        except _engine.GuestTrap as exc:
            self.state = "lost"
            self.lost_reason = f"taking a snapshot failed ({exc})"
            self._inst = None
            raise MontySessionError(self.lost_reason) from None
        if not guest:
            raise MontySessionError("the sandbox returned an empty session snapshot")
        header = {"script_name": "cell.py", "functions": {n: _is_async(f) for n, f in self._funcs.items()},
                  "limits": {}, "time_used": 0.0, "wasm": _engine.wasm_sha256(), "session": True}
        return _pack(header, guest)

    @staticmethod
    def load(
        data: bytes,
        *,
        external_functions: Mapping[str, Callable[..., Any]] | None = None,
        external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None = None,
        limits: ResourceLimits | Mapping[str, Any] | None = None,
        print_callback: PrintCallback | None = None,
        os: OsHandler | AsyncOsHandler | None = None,
    ) -> Session:
        """A session continued from `dump()` bytes in a fresh instance (any
        process with the same `monty.wasm`). The bytes of a cell paused in a
        session (`session.start(...)`'s snapshot `dump()`) load too: the
        session's `pending` is that pause; resume it and the session goes on.
        Host functions are not in the bytes: give them again."""
        header, guest = _unpack(data)
        if not header.get("session"):
            raise MontySnapshotError("not a session's snapshot (load it with load_snapshot)")
        session = Session(external_functions=external_functions, external_modules=external_modules,
                          limits=limits, print_callback=print_callback, os=os)
        lim = _limits_request(limits)
        try:
            functions = {str(k): bool(v) for k, v in header["functions"].items()}
            time_used = float(header.get("time_used", 0.0))
            script_name = str(header["script_name"])
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise MontySnapshotError(f"corrupted monty_wasm snapshot header: {exc}") from None
        functions.update({n: _is_async(f) for n, f in session._funcs.items()})
        ex = _Execution(script_name=script_name, functions=functions, limits=lim or dict(header.get("limits") or {}),
                        print_callback=print_callback, time_used=time_used, session=session,
                        objects=session._objects)
        session.state = "busy"
        session._ex = ex
        progress = ex.call("restore", guest)
        status = progress.get("status")
        if status == "invalid":
            wasm = header.get("wasm")
            other = "" if wasm == _engine.wasm_sha256() else f" (it was made by another monty.wasm, sha256 {wasm})"
            raise MontySnapshotError(f"the sandbox refused the snapshot: {progress.get('message')}{other}")
        if status in ("ready", "complete"):
            return session
        paused = _wrap(ex, progress)
        assert isinstance(paused, (FunctionSnapshot, FutureSnapshot))
        session.pending = paused
        return session

    # -- lifetime -----------------------------------------------------------------

    def close(self) -> None:
        """Frees the instance; later feeds raise `MontySessionError`. Idempotent."""
        self.state = "closed"
        self._inst = None
        self._ex = None
        self.pending = None

    def __enter__(self) -> Session:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Session(state={self.state!r}, cells={self.cells})"

