"""The wasm side: one compiled `monty.wasm` per process, one instance per run.

* The module is compiled once per process (under a lock) and cached on disk
  between processes with wasmtime's serialized modules, keyed by the sha256
  of the wasm, the wasmtime version and the engine settings.
* The WASI preview-1 imports are host functions defined here: `fd_write`
  streams fds 1 and 2 to the run's output sink, the environment is empty,
  `random_get` is a fixed sequence (it only seeds a hash map in the guest),
  `clock_time_get` reads real clocks (the guest's time budget uses the
  monotonic one), `proc_exit` traps.
* Host functions find the run they serve through a thread-local stack: a
  guest call runs on the calling thread, start to finish.
"""

from __future__ import annotations

import codecs
import ctypes
import hashlib
import importlib.metadata
import os
import struct
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Literal

import wasmtime
from wasmtime import _ffi  # the C API, for the i32 fast path
from wasmtime._func import enter_wasm as _enter_wasm

from wasmtime._extern import wrap_extern

_I32_KIND = _ffi.WASMTIME_I32.value
# result counts of the guest's exports, by name (the same in every instance)
_NRESULTS: dict[str, int] = {}

__all__ = ["Instance", "GuestTrap", "module_path", "wasm_sha256"]

Stream = Literal["stdout", "stderr"]
Sink = Callable[[Stream, str], None]

_WASI = "wasi_snapshot_preview1"
_EPOCH_TICK_SECS = 0.01
_UNLIMITED_TICKS = 1 << 62

_lock = threading.Lock()
_engine: wasmtime.Engine | None = None
_pre: wasmtime.InstancePre | None = None
_sha256: str | None = None
_baseline_memory = 0
_HAS_INITIALIZE = False  # whether the module exports `_initialize` (a reactor)
_local = threading.local()
_ticker_started = False


def module_path() -> Path:
    """Where the shipped `monty.wasm` is (`$MONTY_WASM_PATH` overrides)."""
    override = os.environ.get("MONTY_WASM_PATH")
    if override:
        return Path(override)
    return Path(__file__).with_name("monty.wasm")


def baseline_memory() -> int:
    """Bytes of linear memory a fresh instance starts with (the interpreter's own)."""
    _prepared()
    return _baseline_memory


def wasm_sha256() -> str:
    """The sha256 (hex) of the module this process runs."""
    _prepared()
    assert _sha256 is not None
    return _sha256


def _cache_dir() -> Path:
    override = os.environ.get("MONTY_WASM_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "monty-wasm"


def _config() -> wasmtime.Config:
    config = wasmtime.Config()
    # The host's wall-clock backstop: a run past its deadline traps.
    config.epoch_interruption = True
    return config


def _load_module(engine: wasmtime.Engine, wasm: bytes, sha: str) -> wasmtime.Module:
    """The compiled module: from the disk cache, or compiled and stored."""
    version = importlib.metadata.version("wasmtime")
    key = hashlib.sha256(f"{sha}|wasmtime-{version}|epoch".encode()).hexdigest()[:32]
    path = _cache_dir() / f"monty-{key}.cwasm"
    if path.is_file():
        try:
            return wasmtime.Module.deserialize_file(engine, str(path))
        except Exception:  # noqa: BLE001 - a stale or damaged entry: compile again
            pass
    module = wasmtime.Module(engine, wasm)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".cwasm")
        with os.fdopen(fd, "wb") as f:
            f.write(module.serialize())
        os.replace(tmp, path)  # atomic: concurrent processes never see half a file
    except OSError:
        pass  # an unwritable cache only costs the next process a compile
    return module


def _prepared() -> tuple[wasmtime.Engine, wasmtime.InstancePre]:
    global _engine, _pre, _sha256, _baseline_memory, _HAS_INITIALIZE
    if _pre is not None and _engine is not None:
        return _engine, _pre
    with _lock:
        if _pre is None or _engine is None:
            wasm = module_path().read_bytes()
            sha = hashlib.sha256(wasm).hexdigest()
            engine = wasmtime.Engine(_config())
            module = _load_module(engine, wasm, sha)
            linker = wasmtime.Linker(engine)
            _define_wasi(linker)
            known = {name for name, _ in _WASI_FUNCS}
            for imp in module.imports:
                if imp.module != _WASI or imp.name not in known:
                    raise RuntimeError(f"monty.wasm imports {imp.module}.{imp.name}, which this host does not provide")
            for exp in module.exports:
                if exp.name == "_initialize":
                    _HAS_INITIALIZE = True
                ty = exp.type
                if exp.name == "memory" and isinstance(ty, wasmtime.MemoryType):
                    _baseline_memory = ty.limits.min * ty.page_size
            _pre = linker.instantiate_pre(module)
            _engine = engine
            _sha256 = sha
    return _engine, _pre


def _start_ticker(engine: wasmtime.Engine) -> None:
    global _ticker_started
    with _lock:
        if _ticker_started:
            return
        _ticker_started = True

    def tick() -> None:
        while True:
            time.sleep(_EPOCH_TICK_SECS)
            engine.increment_epoch()

    threading.Thread(target=tick, name="monty-wasm-epoch", daemon=True).start()


class GuestTrap(Exception):
    """The guest trapped (or the host's deadline stopped it)."""

    def __init__(self, message: str, *, memory_bytes: int, stderr_tail: str, deadline: bool) -> None:
        super().__init__(message)
        self.memory_bytes = memory_bytes
        self.stderr_tail = stderr_tail
        self.deadline = deadline


class _ProcExit(Exception):
    pass


# --- WASI preview 1 ------------------------------------------------------

_I32 = wasmtime.ValType.i32()
_I64 = wasmtime.ValType.i64()


def _current() -> Instance:
    stack: list[Instance] = getattr(_local, "stack", [])
    if not stack:
        raise RuntimeError("a monty.wasm import was called outside a run")
    return stack[-1]


def _mem(caller: wasmtime.Caller) -> wasmtime.Memory:
    mem = caller["memory"]
    assert isinstance(mem, wasmtime.Memory)
    return mem


def _fd_write(caller: wasmtime.Caller, fd: int, iovs: int, iovs_len: int, nwritten: int) -> int:
    mem = _mem(caller)
    raw = mem.read(caller, iovs, iovs + 8 * iovs_len)
    data = bytearray()
    for i in range(iovs_len):
        ptr, length = struct.unpack_from("<II", raw, 8 * i)
        if length:
            data += mem.read(caller, ptr, ptr + length)
    mem.write(caller, struct.pack("<I", len(data)), nwritten)
    if fd in (1, 2):
        _current().output("stdout" if fd == 1 else "stderr", bytes(data))
        return 0
    return 8  # EBADF


def _environ_sizes_get(caller: wasmtime.Caller, count_ptr: int, size_ptr: int) -> int:
    mem = _mem(caller)
    mem.write(caller, struct.pack("<I", 0), count_ptr)
    mem.write(caller, struct.pack("<I", 0), size_ptr)
    return 0


def _environ_get(caller: wasmtime.Caller, environ: int, buf: int) -> int:
    return 0


def _random_get(caller: wasmtime.Caller, buf: int, length: int) -> int:
    # Only seeds serde_json's map hashing in the guest: no result depends on
    # it, so a fixed sequence keeps runs deterministic.
    if length:
        _mem(caller).write(caller, bytes((i * 31 + 7) & 0xFF for i in range(length)), buf)
    return 0


def _clock_time_get(caller: wasmtime.Caller, clock_id: int, precision: int, out: int) -> int:
    if clock_id == 0:
        now = time.time_ns()
    elif clock_id in (1, 2, 3):
        now = time.monotonic_ns()
    else:
        return 28  # EINVAL
    _mem(caller).write(caller, struct.pack("<Q", now), out)
    return 0


def _proc_exit(caller: wasmtime.Caller, code: int) -> None:
    raise _ProcExit(f"the guest called proc_exit({code})")


_WASI_FUNCS: list[tuple[str, tuple[list[wasmtime.ValType], list[wasmtime.ValType], Callable[..., Any]]]] = [
    ("fd_write", ([_I32, _I32, _I32, _I32], [_I32], _fd_write)),
    ("environ_sizes_get", ([_I32, _I32], [_I32], _environ_sizes_get)),
    ("environ_get", ([_I32, _I32], [_I32], _environ_get)),
    ("random_get", ([_I32, _I32], [_I32], _random_get)),
    ("clock_time_get", ([_I32, _I64, _I32], [_I32], _clock_time_get)),
    ("proc_exit", ([_I32], [], _proc_exit)),
]


def _define_wasi(linker: wasmtime.Linker) -> None:
    for name, (params, results, func) in _WASI_FUNCS:
        linker.define_func(_WASI, name, wasmtime.FuncType(params, results), func, access_caller=True)


# --- one instance ----------------------------------------------------------


class Instance:
    """A fresh instance of `monty.wasm`, for one execution (a start or a restore)."""

    def __init__(self, sink: Sink, *, max_memory: int | None = None) -> None:
        engine, pre = _prepared()
        self._engine = engine
        self._sink = sink
        self._decoders = {
            "stdout": codecs.getincrementaldecoder("utf-8")("replace"),
            "stderr": codecs.getincrementaldecoder("utf-8")("replace"),
        }
        self._stderr_tail = ""
        self._held: str | None = None
        self._dropping_note = False
        self.max_memory = max_memory
        self.store = wasmtime.Store(engine)
        self.store.set_epoch_deadline(_UNLIMITED_TICKS)
        if max_memory is not None:
            self.store.set_limits(memory_size=max_memory)
        self.finished = False
        self._deadline_armed = False
        stack = _enter(self)
        try:
            self.instance = pre.instantiate(self.store)
        finally:
            stack.pop()
        self._funcs: dict[str, wasmtime.Func] = {}
        mem = self._export("memory")
        assert isinstance(mem, wasmtime.Memory)
        self.memory = mem
        if _HAS_INITIALIZE:
            self._call_raw("_initialize")

    def _export(self, name: str) -> Any:
        """One export, looked up by name (not all of them per instance: they cost)."""
        item = _ffi.wasmtime_extern_t()
        raw = name.encode()
        if not _ffi.wasmtime_instance_export_get(self.store._context(), ctypes.byref(self.instance._instance),
                                                 raw, len(raw), ctypes.byref(item)):
            return None
        return wrap_extern(item)

    def _func(self, name: str) -> wasmtime.Func:
        f = self._funcs.get(name)
        if f is None:
            f = self._export(name)
            if not isinstance(f, wasmtime.Func):
                raise RuntimeError(f"monty.wasm has no export {name}")
            self._funcs[name] = f
        return f

    def begin_cell(self, sink: Sink, max_memory: int | None) -> None:
        """A session's next cell: its output sink and memory cap (the instance is kept)."""
        self._sink = sink
        self._stderr_tail = ""
        self.max_memory = max_memory
        # (the linear memory never shrinks: a cap below it fails the cell's
        # next growth, as the guest's own check does)
        self.store.set_limits(memory_size=max_memory if max_memory is not None else -1)

    # output ---------------------------------------------------------------

    def output(self, stream: Stream, data: bytes) -> None:
        text = self._decoders[stream].decode(data)
        if stream == "stderr":
            self._stderr_tail = (self._stderr_tail + text)[-400:]
            # Rust's allocation-failure abort message ("memory allocation of N
            # bytes failed" + a RUST_BACKTRACE note) is the guest's, not the
            # program's: held back, and kept only for classifying the trap.
            if self._held is not None:
                self._held += text
                if self._held.endswith("bytes failed\n"):
                    self._dropping_note = True
                return
            if text == "memory allocation of ":
                self._held = text
                return
            if self._dropping_note and text.startswith("note: run with `RUST_BACKTRACE"):
                return
        if text:
            self._sink(stream, text)

    def release_held(self) -> None:
        """Gives back held stderr text if the run went on (it was the program's)."""
        if self._held is not None and not self.finished:
            held, self._held = self._held, None
            self._sink("stderr", held)

    def flush_output(self) -> None:
        self.release_held()
        streams: tuple[Stream, Stream] = ("stdout", "stderr")
        for stream in streams:
            text = self._decoders[stream].decode(b"", final=True)
            if text:
                self._sink(stream, text)

    # calls ------------------------------------------------------------------

    def set_deadline(self, seconds: float | None) -> None:
        """Traps the next guest calls once `seconds` of wall clock have passed in them."""
        if seconds is None:
            self.store.set_epoch_deadline(_UNLIMITED_TICKS)
            self._deadline_armed = False
            return
        _start_ticker(self._engine)
        self.store.set_epoch_deadline(max(1, int(seconds / _EPOCH_TICK_SECS) + 1))
        self._deadline_armed = True

    def _call_raw(self, name: str, *args: int) -> Any:
        """Calls a guest function whose parameters and result are i32 (or
        none): straight through wasmtime's C API, without `Func.__call__`'s
        per-call type introspection (which costs more than the call)."""
        if self.finished:
            raise RuntimeError("this monty.wasm instance has finished")
        func = self._func(name)
        n = len(args)
        params = (_ffi.wasmtime_val_t * n)() if n else None
        for i, a in enumerate(args):
            params[i].kind = _I32_KIND  # type: ignore[index]
            params[i].of.i32 = a  # type: ignore[index]
        results = (_ffi.wasmtime_val_t * 1)()
        nres = _NRESULTS.get(name)
        if nres is None:
            nres = len(func.type(self.store).results)
            _NRESULTS[name] = nres
        stack = _enter(self)
        try:
            with _enter_wasm(self.store) as trap:
                error = _ffi.wasmtime_func_call(self.store._context(), ctypes.byref(func._func), params, n,
                                                results, nres, trap)
                if error:
                    raise wasmtime.WasmtimeError._from_ptr(error)
        except (wasmtime.Trap, wasmtime.WasmtimeError, _ProcExit) as exc:
            self.finished = True
            message = str(exc)
            deadline = self._deadline_armed and "interrupt" in message
            raise GuestTrap(message, memory_bytes=self.memory.data_len(self.store),
                            stderr_tail=self._stderr_tail, deadline=deadline) from None
        except BaseException:
            # an exception from the print callback (or a host import) ends the run
            self.finished = True
            raise
        finally:
            stack.pop()
        return results[0].of.i32 if nres else None

    def _base(self) -> int:
        """The address of linear memory now (it may move when memory grows)."""
        return ctypes.cast(self.memory.data_ptr(self.store), ctypes.c_void_p).value or 0

    def call_bytes(self, name: str, arg: bytes | None) -> bytes:
        """Calls `name(arg) -> list<u8>|string` through the canonical ABI."""
        if arg is None:
            ret = self._call_raw(name)
        else:
            n = len(arg)
            ptr = self._call_raw("cabi_realloc", 0, 0, 1, n)
            if n:
                if ptr + n > self.memory.data_len(self.store):
                    raise RuntimeError("cabi_realloc returned memory out of bounds")
                ctypes.memmove(self._base() + ptr, arg, n)
            ret = self._call_raw(name, ptr, n)
        size = self.memory.data_len(self.store)
        base = self._base()
        if ret + 8 > size:
            raise RuntimeError("the guest returned a result address out of bounds")
        rptr, rlen = struct.unpack("<II", ctypes.string_at(base + ret, 8))
        if rptr + rlen > size:
            raise RuntimeError("the guest returned a result out of bounds")
        out = ctypes.string_at(base + rptr, rlen) if rlen else b""
        self._call_raw("cabi_post_" + name, ret)
        return out


def _enter(inst: Instance) -> list[Instance]:
    """Pushes `inst` as this thread's running instance; the caller pops it."""
    stack: list[Instance] | None = getattr(_local, "stack", None)
    if stack is None:
        stack = []
        _local.stack = stack
    stack.append(inst)
    return stack
