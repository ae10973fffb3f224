"""Async host functions, run_monty_async, and runs from several threads and tasks."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

import monty_wasm
from monty_wasm import Monty, run_monty_async


def test_ten_gathered_calls_of_100ms_take_about_100ms() -> None:
    in_flight = 0
    peak = 0

    async def slow(i: int) -> int:
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        await asyncio.sleep(0.1)
        in_flight -= 1
        return i * i

    code = "import asyncio\nasync def main():\n    return await asyncio.gather(*[slow(i) for i in range(10)])\nasyncio.run(main())"

    async def main() -> Any:
        t0 = time.perf_counter()
        got = await run_monty_async(Monty(code), external_functions={"slow": slow})
        return got, time.perf_counter() - t0

    got, took = asyncio.run(main())
    assert got == [i * i for i in range(10)]
    assert peak == 10
    assert took < 0.5, f"10 x 100 ms took {took:.3f}s: not concurrent"


def test_async_and_sync_functions_mix() -> None:
    def sync_func() -> int:
        return 10

    async def async_func() -> int:
        await asyncio.sleep(0.001)
        return 5

    code = "sync_val = sync_func()\nasync_val = await async_func()\nsync_val + async_val"
    got = asyncio.run(run_monty_async(Monty(code), external_functions={"sync_func": sync_func,
                                                                        "async_func": async_func}))
    assert got == 15


def test_async_exception_is_catchable_in_a_gathered_coroutine() -> None:
    async def fail(msg: str) -> None:
        await asyncio.sleep(0.01)
        raise ValueError(msg)

    async def ok() -> str:
        return "ok"

    code = """
import asyncio
async def guarded():
    try:
        await fail('boom')
    except ValueError as e:
        return 'caught ' + str(e)
async def main():
    return await asyncio.gather(guarded(), ok(), guarded())
asyncio.run(main())
"""
    got = asyncio.run(run_monty_async(Monty(code), external_functions={"fail": fail, "ok": ok}))
    assert got == ["caught boom", "ok", "caught boom"]


def test_sync_run_drives_async_functions_on_a_private_loop() -> None:
    async def fetch(k: str) -> str:
        await asyncio.sleep(0.01)
        return k.upper()

    code = "import asyncio\nasync def main():\n    return await asyncio.gather(fetch('a'), fetch('b'))\nasyncio.run(main())"
    assert Monty(code).run(external_functions={"fetch": fetch}) == ["A", "B"]


def test_sync_run_inside_a_loop_with_async_functions_says_what_to_do() -> None:
    async def fetch() -> int:
        return 1

    async def main() -> None:
        with pytest.raises(RuntimeError, match="run_monty_async"):
            Monty("fetch()").run(external_functions={"fetch": fetch})

    asyncio.run(main())


def test_sandbox_sleep_waits_for_real() -> None:
    code = "import asyncio\nasync def main():\n    await asyncio.sleep(0.15)\n    return 'slept'\nasyncio.run(main())"
    t0 = time.perf_counter()
    assert asyncio.run(run_monty_async(Monty(code))) == "slept"
    assert 0.1 < time.perf_counter() - t0 < 1.0
    t0 = time.perf_counter()
    assert Monty(code).run() == "slept"
    assert 0.1 < time.perf_counter() - t0 < 1.0


def test_async_wait_is_bounded_by_the_duration_limit() -> None:
    async def hang() -> None:
        await asyncio.sleep(30)

    code = "import asyncio\nasync def main():\n    await asyncio.gather(hang())\nasyncio.run(main())"
    t0 = time.perf_counter()
    with pytest.raises(monty_wasm.MontyLimitError) as e:
        asyncio.run(run_monty_async(Monty(code), external_functions={"hang": hang},
                                    limits={"max_duration_secs": 0.2}))
    assert e.value.kind == "time"
    assert time.perf_counter() - t0 < 2


def test_async_os_handler() -> None:
    async def os_handler(function: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        await asyncio.sleep(0)
        return 99.0

    got = asyncio.run(run_monty_async(Monty("import time\ntime.time()"), os=os_handler))
    assert got == 99.0


def test_many_runs_concurrently_on_one_loop() -> None:
    async def fetch(i: int) -> int:
        await asyncio.sleep(0.05)
        return i

    m = Monty("import asyncio\nasync def main():\n    return sum(await asyncio.gather(fetch(n), fetch(n + 1)))\n"
              "asyncio.run(main())", inputs=["n"])

    async def main() -> list[Any]:
        return list(await asyncio.gather(*[run_monty_async(m, inputs={"n": n}, external_functions={"fetch": fetch})
                                           for n in range(20)]))

    t0 = time.perf_counter()
    assert asyncio.run(main()) == [2 * n + 1 for n in range(20)]
    assert time.perf_counter() - t0 < 1.0


def test_runs_from_many_threads_share_the_module() -> None:
    m = Monty("def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nprint(k)\nfib(15) + add(k, 1)",
              inputs=["k"])
    results: dict[int, Any] = {}
    outputs: dict[int, list[str]] = {}
    errors: list[BaseException] = []

    def worker(k: int) -> None:
        try:
            out: list[str] = []
            for _ in range(5):
                results[k] = m.run(inputs={"k": k}, external_functions={"add": lambda a, b: a + b},
                                   print_callback=lambda s, t: out.append(t))
            outputs[k] = out
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors
    assert results == {k: 610 + k + 1 for k in range(8)}
    assert outputs == {k: [f"{k}\n"] * 5 for k in range(8)}


def test_a_killed_run_does_not_affect_others_in_other_threads() -> None:
    errors: list[BaseException] = []
    ok: list[Any] = []

    def killer() -> None:
        try:
            Monty("while True:\n    pass").run(limits={"max_duration_secs": 0.2})
        except monty_wasm.MontyLimitError as exc:
            ok.append(exc.kind)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    def normal() -> None:
        try:
            for _ in range(20):
                ok.append(Monty("sum(range(1000))").run())
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=killer), threading.Thread(target=normal), threading.Thread(target=normal)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors
    assert ok.count("time") == 1 and ok.count(499500) == 40


def test_nested_run_inside_a_host_function() -> None:
    inner = Monty("x * 2", inputs=["x"])

    def call_inner(x: int) -> Any:
        return inner.run(inputs={"x": x}, print_callback=lambda s, t: None)

    assert Monty("print('outer')\ncall_inner(21)").run(external_functions={"call_inner": call_inner},
                                                      print_callback=lambda s, t: None) == 42


@pytest.mark.parametrize("code, expected", [
    # the same external future gathered twice (pydantic/monty#412)
    ("import asyncio\nasync def main():\n    f = fetch(1)\n    return await asyncio.gather(f, f)\nasyncio.run(main())",
     [1, 1]),
    # one future reused across gathers (#420)
    ("import asyncio\nasync def main():\n    f = fetch(2)\n    a = await asyncio.gather(f)\n    b = await asyncio.gather(f)\n"
     "    return a + b\nasyncio.run(main())", [2, 2]),
    # two host errors in one gather, each caught in its own coroutine (#839)
    ("import asyncio\nasync def g(i):\n    try:\n        return await fail(i)\n    except ValueError as e:\n"
     "        return str(e)\nasync def main():\n    return await asyncio.gather(g(1), g(2), fetch(3))\nasyncio.run(main())",
     ["bad 1", "bad 2", 3]),
    # nested gathers
    ("import asyncio\nasync def inner(i):\n    return sum(await asyncio.gather(fetch(i), fetch(i + 1)))\n"
     "async def main():\n    return await asyncio.gather(*[inner(i) for i in range(5)])\nasyncio.run(main())",
     [1, 3, 5, 7, 9]),
])
def test_async_scheduler_cases(code: str, expected: Any) -> None:
    async def fetch(i: int) -> int:
        await asyncio.sleep(0.01)
        return i

    async def fail(i: int) -> None:
        await asyncio.sleep(0.01 * i)
        raise ValueError(f"bad {i}")

    got = asyncio.run(run_monty_async(Monty(code), external_functions={"fetch": fetch, "fail": fail}))
    assert got == expected


def test_finished_runs_free_their_instance_without_the_cycle_collector() -> None:
    import gc

    from monty_wasm import _engine

    m = Monty("print('x')\n1 + 1")
    gc.collect()
    gc.disable()
    try:
        for _ in range(300):
            m.run(print_callback=lambda s, t: None)
        live = sum(isinstance(o, _engine.Instance) for o in gc.get_objects())
    finally:
        gc.enable()
    # each store holds ~10 MiB of linear memory: they must not pile up until a GC pass
    assert live <= 2, f"{live} instances still alive after their runs ended"
