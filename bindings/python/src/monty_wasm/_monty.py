"""`Monty`, the program object: checked at construction, run to the end
(`run`) or step by step (`start`), dumped and loaded. Its pieces live
beside it: limits in `_limits`, the execution and host-call replies in
`_execution`, snapshots in `_snapshots`, the async runner in `_async`;
this module re-exports the public names `__init__` imports from here."""

from __future__ import annotations

import asyncio
import builtins
import json
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ._async import _drive_async, run_monty_async
from ._errors import Diagnostic, MontySnapshotError, MontySyntaxError, MontyTypingError
from ._execution import (
    OsHandler,
    PrintCallback,
    _deny_os,
    _Execution,
    _external,
    _is_async,
    _merge_modules,
    _os_call,
    _raise_for,
    _reply_bytes,
    _sync_call,
)
from ._limits import ResourceLimits, _limits_request
from ._snapshots import (
    _MONTY_MAGIC,
    _SNAPSHOT_VERSION,
    FunctionSnapshot,
    FutureSnapshot,
    MontyComplete,
    PendingCall,
    Progress,
    _wrap,
    load_snapshot,
    set_snapshot_key,
)
from ._values import _Objects, decode, encode

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


def _drive_sync(ex: _Execution, progress: dict[str, Any], funcs: Mapping[str, Callable[..., Any]],
                os_handler: OsHandler) -> Any:
    """Answers each pause with the host functions, to the end (`Monty.run`, `Session.feed`)."""
    while True:
        status = progress.get("status")
        if status == "complete":
            return decode(progress.get("value"), ex.objects)
        if status == "call":
            reply = _sync_call(funcs, progress, ex.objects)
        elif status == "os_call":
            reply = _os_call(os_handler, progress)
        elif status == "wait":
            if progress.get("calls"):
                # async methods of host objects: the rest of the run goes on a
                # private event loop, as a run with async functions does
                try:
                    asyncio.get_running_loop()
                except RuntimeError:
                    budget = ex.limits.get("max_duration_secs")
                    left = None if budget is None else max(0.0, budget - ex.time_used)
                    deadline = None if left is None or budget is None else time.monotonic() + left + 0.05 + 0.1 * budget
                    return asyncio.run(_drive_async(ex, progress, funcs, os_handler, budget, deadline))
                raise RuntimeError("async host-object methods were called in a synchronous run inside a "
                                   "running event loop: await run_monty_async(...) (or Session.feed_async) instead")
            sleep = float(progress.get("sleep") or 0.0)
            time.sleep(sleep)
            reply = {"results": [], "elapsed": sleep}
        else:
            _raise_for(progress)
        progress = ex.call("resume", _reply_bytes(reply))


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

    def _check(self, stubs: str | None = None, declare: bool = False) -> dict[str, Any]:
        req: dict[str, Any] = {"code": self.code, "filename": self.script_name}
        if stubs:
            req["stubs"] = stubs
        if declare:
            # what the run would declare: the inputs, and the host functions
            # when the constructor named them (else the undefined names
            # become host functions at run time: not declared here, so that
            # with stubs a misspelt name is reported)
            if self.inputs:
                req["inputs"] = list(self.inputs)
            if self._declared is not None:
                req["externals"] = [_external(n, n in self._async_declared, None) for n in self._declared]
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

    def type_check(self, stubs: str | None = None) -> list[Diagnostic]:
        """Runs the guest's static checker against `stubs` (Python stub text
        declaring the host's tools, classes and constants: `def
        get_weather(city: str) -> dict[str, Any]: ...`), the input names and
        the host functions named at construction, as a run declares them.
        Raises `MontyTypingError` (its `diagnostics`) when a finding is an
        error (`call-arity`, `arg-type`, `undefined-name`, ...); returns the
        warnings (`async-not-awaited` of a discarded coroutine), else [].
        Undefined names are reported only when something is declared
        (stubs, inputs or `external_functions`)."""
        report = self._check(stubs, declare=True)
        found = [Diagnostic._from_wire(d, self.script_name) for d in report.get("diagnostics", [])]
        if any(d.is_error for d in found):
            raise MontyTypingError(found, self.code)
        return found

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
               modules: dict[str, str] | None = None,
               cwd: str | None = None) -> tuple[_Execution, dict[str, Any]]:
        given = dict(inputs or {})
        missing = [n for n in self.inputs if n not in given]
        if missing:
            raise TypeError(f"missing inputs: {', '.join(missing)} (declared: {', '.join(self.inputs)})")
        for k in given:
            if not isinstance(k, str) or not k.isidentifier():
                raise TypeError(f"input names must be identifiers, got {k!r}")
        objects = _Objects()
        enc = {k: encode(v, f"inputs.{k}", objects) for k, v in given.items()}
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
        if cwd is not None:
            if not isinstance(cwd, str) or not cwd.startswith("/"):
                raise ValueError(f"cwd must be an absolute path (a str starting with '/'), got {cwd!r}")
            req["cwd"] = cwd
        ex = _Execution(script_name=self.script_name, functions=functions, limits=lim,
                        print_callback=print_callback, objects=objects)
        return ex, ex.call("start", json.dumps(req).encode())

    def start(
        self,
        *,
        inputs: Mapping[str, Any] | None = None,
        limits: ResourceLimits | Mapping[str, Any] | None = None,
        print_callback: PrintCallback | None = None,
        external_functions: Mapping[str, Callable[..., Any]] | None = None,
        external_modules: Mapping[str, Mapping[str, Callable[..., Any]]] | None = None,
        cwd: str | None = None,
    ) -> Progress:
        """Starts a run that pauses at each host call: a `FunctionSnapshot`,
        a `FutureSnapshot` (async calls) or `MontyComplete`.
        `external_functions` here only declares names (coroutine functions as async)."""
        funcs, modules = _merge_modules(external_functions, external_modules)
        ex, progress = self._start(inputs, limits, print_callback, funcs, modules, cwd)
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
        cwd: str | None = None,
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
                                                   external_modules=external_modules, cwd=cwd))
            raise RuntimeError("Monty.run() with async external functions was called inside a running event "
                               "loop: await run_monty_async(...) instead")
        ex, progress = self._start(inputs, limits, print_callback, funcs, modules, cwd)
        return _drive_sync(ex, progress, funcs, os or _deny_os)

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
