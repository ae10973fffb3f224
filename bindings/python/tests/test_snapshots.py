"""start/resume, FunctionSnapshot/FutureSnapshot, dump/load (also across processes), bad bytes."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any

import pytest

import monty_wasm
from monty_wasm import FunctionSnapshot, FutureSnapshot, Monty, MontyComplete


def test_start_pauses_and_resume_continues() -> None:
    m = Monty("data = fetch(url)\nlen(data)", inputs=["url"], script_name="agent.py")
    p = m.start(inputs={"url": "https://example.com"}, external_functions={"fetch": lambda u: u})
    assert isinstance(p, FunctionSnapshot)
    assert p.function_name == "fetch"
    assert p.args == ("https://example.com",)
    assert p.kwargs == {}
    assert p.script_name == "agent.py"
    assert not p.is_os_function
    done = p.resume(return_value="hello world")
    assert isinstance(done, MontyComplete)
    assert done.output == 11


def test_resume_with_an_exception() -> None:
    code = "try:\n    fetch('x')\nexcept KeyError as e:\n    r = repr(e)\nr"
    p = Monty(code, external_functions=["fetch"]).start()
    assert isinstance(p, FunctionSnapshot)
    done = p.resume(exception=KeyError("x"))
    assert isinstance(done, MontyComplete) and done.output == "KeyError('x')"


def test_resume_needs_exactly_one_answer() -> None:
    p = Monty("f()", external_functions=["f"]).start()
    assert isinstance(p, FunctionSnapshot)
    with pytest.raises(TypeError):
        p.resume()
    with pytest.raises(TypeError):
        p.resume(return_value=1, exception=ValueError())
    # still usable after the refused calls
    assert isinstance(p.resume(return_value=1), MontyComplete)


def test_resume_twice_is_a_clear_error() -> None:
    p = Monty("f() + f()", external_functions=["f"]).start()
    assert isinstance(p, FunctionSnapshot)
    p2 = p.resume(return_value=1)
    with pytest.raises(monty_wasm.MontySnapshotError, match="already resumed"):
        p.resume(return_value=1)
    with pytest.raises(monty_wasm.MontySnapshotError):
        p.dump()
    assert isinstance(p2, FunctionSnapshot)
    done = p2.resume(return_value=2)
    assert isinstance(done, MontyComplete) and done.output == 3


def test_a_bad_resume_value_leaves_the_snapshot_usable() -> None:
    p = Monty("f()", external_functions=["f"]).start()
    assert isinstance(p, FunctionSnapshot)
    with pytest.raises(TypeError, match="return_value"):
        p.resume(return_value=object())
    done = p.resume(return_value=5)
    assert isinstance(done, MontyComplete) and done.output == 5


def test_dump_and_load_in_the_same_process() -> None:
    out: list[str] = []
    m = Monty("print('one')\nx = f(1)\nprint('got', x)\nx * 2", external_functions=["f"])
    p = m.start(print_callback=lambda s, t: out.append(t))
    assert isinstance(p, FunctionSnapshot)
    data = p.dump()
    assert data.startswith(b"MONTYWPY")
    q = FunctionSnapshot.load(data, print_callback=lambda s, t: out.append(t))
    assert (q.function_name, q.args, q.call_id) == ("f", (1,), p.call_id)
    done = q.resume(return_value=21)
    assert isinstance(done, MontyComplete) and done.output == 42
    # the same bytes load again (each load is a fresh instance)
    again = FunctionSnapshot.load(data, print_callback=lambda s, t: None).resume(return_value=1)
    assert isinstance(again, MontyComplete) and again.output == 2
    assert out == ["one\n", "got 21\n"]


def test_dump_in_one_process_resume_in_another(tmp_path: Any) -> None:
    p = Monty("fetch(url) + '!'", inputs=["url"], script_name="agent.py").start(inputs={"url": "u"})
    assert isinstance(p, FunctionSnapshot)
    path = tmp_path / "state.bin"
    path.write_bytes(p.dump())
    script = textwrap.dedent(f"""
        import monty_wasm
        p = monty_wasm.FunctionSnapshot.load(open({str(path)!r}, 'rb').read())
        print(p.function_name, p.args, p.script_name)
        print(p.resume(return_value='page').output)
    """)
    res = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout == "fetch ('u',) agent.py\npage!\n"


def test_async_calls_pause_as_a_future_snapshot() -> None:
    async def fetch(k: str) -> str:
        return k

    code = "import asyncio\nasync def main():\n    return await asyncio.gather(fetch('a'), fetch('b'))\nasyncio.run(main())"
    p = Monty(code).start(external_functions={"fetch": fetch})
    assert isinstance(p, FutureSnapshot)
    assert [(c.function_name, c.args) for c in p.pending_calls] == [("fetch", ("a",)), ("fetch", ("b",))]
    ids = p.pending_call_ids
    assert len(ids) == 2
    # dump mid-gather, finish in a fresh instance
    q = FutureSnapshot.load(p.dump())
    assert q.pending_call_ids == ids
    r = q.resume({ids[1]: {"return_value": "B"}})
    assert isinstance(r, FutureSnapshot)
    assert r.pending_calls == [] and r.pending_call_ids == [ids[0]]
    done = r.resume({ids[0]: {"return_value": "A"}})
    assert isinstance(done, MontyComplete) and done.output == ["A", "B"]
    # the original is still paused and can finish on its own, with an exception too
    with pytest.raises(monty_wasm.MontyRuntimeError) as e:
        p.resume({ids[0]: {"exception": ValueError("boom")}, ids[1]: {"return_value": "B"}})
    assert e.value.exception_type == "ValueError"


def test_future_snapshot_refuses_unknown_ids() -> None:
    async def fetch(k: str) -> str:
        return k

    code = "import asyncio\nasync def main():\n    return await fetch('a')\nasyncio.run(main())"
    p = Monty(code).start(external_functions={"fetch": fetch})
    assert isinstance(p, FutureSnapshot)
    with pytest.raises(ValueError, match="not pending"):
        p.resume({999: {"return_value": 1}})


def test_wrong_load_class_is_refused() -> None:
    p = Monty("f()", external_functions=["f"]).start()
    assert isinstance(p, FunctionSnapshot)
    with pytest.raises(monty_wasm.MontySnapshotError, match="FunctionSnapshot.load"):
        FutureSnapshot.load(p.dump())


@pytest.mark.parametrize("mangle", ["truncate", "flip", "foreign", "empty", "header_only", "guest_raw"])
def test_bad_snapshot_bytes_are_refused(mangle: str) -> None:
    p = Monty("f()", external_functions=["f"]).start()
    assert isinstance(p, FunctionSnapshot)
    data = p.dump()
    bad = {
        "truncate": data[:-10],
        "flip": data[:-3] + bytes([data[-3] ^ 0xFF]) + data[-2:],
        "foreign": b"PK\x03\x04 this is a zip file, not a snapshot" * 3,
        "empty": b"",
        "header_only": data[:20],
        "guest_raw": p._ex.snapshot_bytes(),
    }[mangle]
    with pytest.raises(monty_wasm.MontySnapshotError):
        FunctionSnapshot.load(bad)


def test_guest_refusal_of_a_snapshot_is_surfaced() -> None:
    """Well-formed package bytes whose guest part the guest refuses (as a
    snapshot from another build would be): a clear MontySnapshotError."""
    import hashlib
    import struct

    p = Monty("f()", external_functions=["f"]).start()
    assert isinstance(p, FunctionSnapshot)
    data = p.dump()
    (hlen,) = struct.unpack_from("<I", data, 42)
    body = data[42:42 + 4 + hlen] + b"MONTYSNAP-not-really" + b"\x00" * 40
    forged = data[:10] + hashlib.sha256(body).digest() + body
    with pytest.raises(monty_wasm.MontySnapshotError, match="refused the snapshot"):
        FunctionSnapshot.load(forged)


def test_load_rejects_non_bytes() -> None:
    with pytest.raises(TypeError):
        FunctionSnapshot.load("not bytes")  # type: ignore[arg-type]


def test_os_call_snapshot_dumps_and_loads() -> None:
    p = Monty("import time\nt = time.time()\nt + 1").start()
    assert isinstance(p, FunctionSnapshot) and p.is_os_function
    q = FunctionSnapshot.load(p.dump())
    assert q.is_os_function and q.function_name == "time.time"
    done = q.resume(return_value=1.5)
    assert isinstance(done, MontyComplete) and done.output == 2.5


def test_sealed_snapshots(tmp_path: Any) -> None:
    key = "11" * 32
    try:
        monty_wasm.set_snapshot_key(key)
        p = Monty("f() * 2", external_functions=["f"]).start()
        assert isinstance(p, FunctionSnapshot)
        sealed = p.dump()
        done = FunctionSnapshot.load(sealed).resume(return_value=4)
        assert isinstance(done, MontyComplete) and done.output == 8
        monty_wasm.set_snapshot_key("22" * 32)
        with pytest.raises(monty_wasm.MontySnapshotError, match="another key"):
            FunctionSnapshot.load(sealed)
        monty_wasm.set_snapshot_key(None)
        with pytest.raises(monty_wasm.MontySnapshotError, match="sealed with a key"):
            FunctionSnapshot.load(sealed)
        unsealed = Monty("f()", external_functions=["f"]).start()
        assert isinstance(unsealed, FunctionSnapshot)
        plain = unsealed.dump()
        monty_wasm.set_snapshot_key(key)
        with pytest.raises(monty_wasm.MontySnapshotError, match="not sealed"):
            FunctionSnapshot.load(plain)
        with pytest.raises(ValueError):
            monty_wasm.set_snapshot_key(b"short")
    finally:
        monty_wasm.set_snapshot_key(None)


def test_compiled_module_is_cached_on_disk_for_other_processes() -> None:
    import os
    import time
    from pathlib import Path

    from monty_wasm import _engine

    assert Monty("1").run() == 1
    cache = Path(os.environ.get("MONTY_WASM_CACHE") or _engine._cache_dir())
    entries = list(cache.glob("monty-*.cwasm"))
    assert entries, f"no compiled module cached in {cache}"
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-c", "import monty_wasm; print(monty_wasm.Monty('1 + 1').run())"],
                         capture_output=True, text=True, timeout=120)
    took = time.perf_counter() - t0
    assert res.stdout == "2\n", res.stderr
    # compiling takes ~15 s; loading the cached module a fraction of a second
    assert took < 5, f"a new process took {took:.1f}s: the cache was not used"
