"""`run_monty_async`: runs a `Monty` on the running event loop, each async
host call a task, answering the guest's waits as tasks finish."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from ._errors import MontyInternalError, MontyLimitError
from ._execution import (
    OsHandler,
    PrintCallback,
    _call_args,
    _callee,
    _deny_os,
    _Execution,
    _exception_reply,
    _reply_bytes,
    _invoke_sync,
    _is_async,
    _merge_modules,
    _missing_reply,
    _raise_for,
    _sync_call,
    _value_reply,
)
from ._limits import ResourceLimits, _limits_request
from ._values import decode

if TYPE_CHECKING:
    from ._monty import Monty

__all__ = ["run_monty_async"]

# After the first of several async calls finishes, the others that finish
# within this window of each other are answered in the same reply.
_BATCH_WINDOW_SECS = 0.005


async def run_monty_async(
    monty: Monty,
    *,
    inputs: Mapping[str, Any] | None = None,
    external_functions: Mapping[str, Callable[..., Any]] | None = None,
    limits: ResourceLimits | Mapping[str, Any] | None = None,
    print_callback: PrintCallback | None = None,
    os: OsHandler | Callable[[str, tuple[Any, ...], dict[str, Any]], Awaitable[Any]] | None = None,
    external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None = None,
    cwd: str | None = None,
) -> Any:
    """Runs `monty` on the running event loop. Coroutine functions are async
    in the sandbox: every call a `gather` announces starts at once as a task.
    The guest itself runs on the loop's thread between host calls."""
    funcs, modules = _merge_modules(external_functions, external_modules)
    lim = _limits_request(limits)
    budget = lim.get("max_duration_secs")
    deadline = None if budget is None else time.monotonic() + budget + 0.05 + 0.1 * budget
    ex, progress = monty._start(inputs, limits, print_callback, funcs, modules, cwd)
    return await _drive_async(ex, progress, funcs, os or _deny_os, budget, deadline)


async def _drive_async(
    ex: _Execution,
    progress: dict[str, Any],
    funcs: Mapping[str, Callable[..., Any]],
    os_handler: OsHandler | Callable[[str, tuple[Any, ...], dict[str, Any]], Awaitable[Any]],
    budget: float | None,
    deadline: float | None,
) -> Any:
    """Answers each pause on the running loop, to the end (`run_monty_async`, `Session.feed_async`)."""
    tasks: dict[asyncio.Future[dict[str, Any]], int] = {}
    waited_since: float | None = None

    async def run_async(call_id: int, name: str, f: Callable[..., Any], args: list[Any], kwargs: dict[str, Any]) -> dict[str, Any]:
        try:
            value = await f(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001
            return _exception_reply(call_id, exc)
        return _value_reply(call_id, value, f"{name}() return value", objects)

    objects = ex.objects
    try:
        while True:
            status = progress.get("status")
            if status == "complete":
                return decode(progress.get("value"), objects)
            if status == "call":
                name = progress["name"]
                f = _callee(funcs, progress, objects)
                if f is not None and _is_async(f):
                    args, kwargs = _call_args(progress, objects)
                    reply = await run_async(int(progress["id"]), name, f, args, kwargs)
                else:
                    reply = _sync_call(funcs, progress, objects)
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
                    f = _callee(funcs, c, objects)
                    args, kwargs = _call_args(c, objects)
                    task: asyncio.Future[dict[str, Any]]
                    if f is not None and _is_async(f):
                        task = asyncio.ensure_future(run_async(call_id, name, f, args, kwargs))
                    else:
                        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
                        fut.set_result(_missing_reply(call_id, name, c) if f is None
                                       else _invoke_sync(call_id, name, f, args, kwargs, objects))
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
            progress = ex.call("resume", _reply_bytes(reply))
    finally:
        for t in tasks:
            t.cancel()
