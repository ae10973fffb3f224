"""One execution and the host side of its calls: `_Execution` (a fresh guest
instance, its time budget and function table), turning a guest progress
into an error (`_raise_for`), and the replies to sync calls and os calls
that `Monty.run` and `run_monty_async` share."""

from __future__ import annotations

import builtins
import inspect
import json
import sys
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from . import _engine
from ._errors import (
    MontyError,
    MontyInternalError,
    MontyInvalidError,
    MontyLimitError,
    MontyRuntimeError,
    MontySyntaxError,
)
from ._values import _Objects, decode, encode

if TYPE_CHECKING:
    from ._session import Session
    from ._snapshots import PendingCall

__all__ = ["PrintCallback", "OsHandler"]

PrintCallback = Callable[[Literal["stdout", "stderr"], str], None]
OsHandler = Callable[[str, tuple[Any, ...], dict[str, Any]], Any]


def _default_print(stream: Literal["stdout", "stderr"], text: str) -> None:
    out = sys.stdout if stream == "stdout" else sys.stderr
    out.write(text)
    out.flush()


def _is_async(f: Any) -> bool:
    if inspect.iscoroutinefunction(f):
        return True
    call = getattr(f, "__call__", None)  # noqa: B004 - callable objects with async __call__
    return call is not None and inspect.iscoroutinefunction(call)


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


def _reply_bytes(reply: dict[str, Any]) -> bytes:
    """A reply to the guest's `resume` as compact JSON: the guest reads
    `{"id":N,"value":V}` in this form without its general parser."""
    return json.dumps(reply, separators=(",", ":")).encode()


def _value_reply(call_id: int, value: Any, path: str, objects: _Objects | None = None) -> dict[str, Any]:
    try:
        return {"id": call_id, "value": encode(value, path, objects)}
    except TypeError as exc:
        return {"id": call_id, "error": {"type": "TypeError", "message": str(exc)}}


def _deny_os(function: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    raise PermissionError(f"{function}: the sandbox has no access to files, environment or clock "
                          "(pass os=... to grant it)")


class _Execution:
    """One execution: a fresh guest instance (or a session's, for one cell),
    its budget and its function table."""

    def __init__(self, *, script_name: str, functions: dict[str, bool], limits: dict[str, Any],
                 print_callback: PrintCallback | None, time_used: float = 0.0,
                 inst: _engine.Instance | None = None, session: Session | None = None,
                 objects: _Objects | None = None) -> None:
        self.script_name = script_name
        #: the host objects given to this run (a session's, across its cells)
        self.objects = objects if objects is not None else _Objects()
        self.functions = functions
        self.limits = limits
        self.time_used = time_used
        self.print_callback: PrintCallback = print_callback or _default_print
        self.generation = 0  # bumped at each resume: older snapshot objects are spent
        self.outstanding: dict[int, PendingCall] = {}
        #: the session this execution is a cell of (None: a one-off run)
        self.session = session
        mem = limits.get("max_memory_bytes")
        # The guest checks its grown memory against the cap and reports the
        # limit itself; the store limiter is the backstop a little above it.
        store_cap = None if mem is None else mem + max(4 << 20, mem // 8)
        if inst is not None:
            # a session's next cell: the same instance, this cell's sink and memory cap
            self.inst = inst
            inst.begin_cell(self.print_callback, store_cap)
            return
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
        elif self.session is not None:
            self.inst.set_deadline(None)  # an earlier cell's deadline
        t0 = time.perf_counter()
        try:
            raw = self.inst.call_bytes(name, payload)
        except _engine.GuestTrap as exc:
            self.inst.flush_output()
            err = self._trap_error(exc)
            if self.session is not None:
                self.session._lose(self, str(err))
            raise err from None
        except BaseException as exc:
            if self.session is not None and self.inst.finished:
                self.session._lose(self, f"the cell was interrupted ({type(exc).__name__}: {exc})")
            raise
        finally:
            self.time_used += time.perf_counter() - t0
        progress: dict[str, Any] = json.loads(raw)
        if self.session is not None and name != "check":
            self.session._progress(self, progress)
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


def _call_args(progress: dict[str, Any], objects: _Objects | None = None) -> tuple[list[Any], dict[str, Any]]:
    return ([decode(a, objects) for a in progress.get("args", [])],
            {k: decode(v, objects) for k, v in progress.get("kwargs", {}).items()})


def _callee(funcs: Mapping[str, Callable[..., Any]], call: dict[str, Any],
            objects: _Objects | None) -> Callable[..., Any] | None:
    """The host callable a call names: a function, or a host object's method."""
    if call.get("method_call"):
        return None if objects is None else objects.method(call.get("object"), call["name"])
    return funcs.get(call["name"])


def _sync_call(funcs: Mapping[str, Callable[..., Any]], progress: dict[str, Any],
               objects: _Objects | None = None) -> dict[str, Any]:
    call_id = int(progress["id"])
    name = progress["name"]
    f = _callee(funcs, progress, objects)
    if f is None:
        return _missing_reply(call_id, name, progress)
    args, kwargs = _call_args(progress, objects)
    return _invoke_sync(call_id, name, f, args, kwargs, objects)


def _missing_reply(call_id: int, name: str, call: dict[str, Any] | None = None) -> dict[str, Any]:
    if call is not None and call.get("method_call"):
        return {"id": call_id, "error": {"type": "AttributeError", "message":
                                         f"'{call.get('class')}' object has no attribute '{name}'"}}
    return {"id": call_id, "error": {"type": "NameError", "message": f"name '{name}' is not defined"}}


def _invoke_sync(call_id: int, name: str, f: Callable[..., Any], args: list[Any], kwargs: dict[str, Any],
                 objects: _Objects | None = None) -> dict[str, Any]:
    try:
        value = f(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the sandbox sees it as its own exception
        return _exception_reply(call_id, exc)
    if inspect.isawaitable(value):
        if inspect.iscoroutine(value):
            value.close()
        return {"id": call_id, "error": {"type": "TypeError", "message":
                                         f"{name}() returned an awaitable to a synchronous call"}}
    return _value_reply(call_id, value, f"{name}() return value", objects)


def _os_call(handler: OsHandler, progress: dict[str, Any]) -> dict[str, Any]:
    call_id = int(progress["id"])
    args, kwargs = _call_args(progress)
    try:
        value = handler(progress["function"], tuple(args), kwargs)
    except Exception as exc:  # noqa: BLE001
        return _exception_reply(call_id, exc)
    return _value_reply(call_id, value, f"{progress['function']}() return value")
