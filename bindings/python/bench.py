#!/usr/bin/env python3
"""Benchmarks of monty_wasm through its public API, on the repository's `monty.wasm`.

Prints one JSON object:
  {"host": "python", "start_median_ms", "call_roundtrip_ms", "programs": {name: ms},
   "failures": [...], ...extra figures..., "peer": {pydantic_monty 1.4.0 figures, if installed}}

* start_median_ms: `Monty('1 + 1').run()` (a fresh wasm instance per run;
  the program object is made once), median of >= 200 runs after warm-up;
  `construct_and_run_median_ms` also counts `Monty(code)` (the guest's
  syntax check, itself a fresh instance).
* call_roundtrip_ms: a program calling a sync host function 1000 times,
  per call (median of 5 runs).
* programs: every `bench/programs/*.py`, best of 3, ms; each run's last
  output line (the checksum) must equal CPython's (run.py's convention, or
  `<name>.expected` when present) or the program is listed in `failures`.
* peer: the same start and round-trip figures for `pydantic_monty` (1.4.0 from
  PyPI: a worker-pool API, so a `1 + 1` start is `session.feed_run('1 + 1')`
  on a checked-out session, and also with a fresh checkout per run), and its
  time for the programs, side by side.

Usage: python bench.py [--start-runs N] [--repeat N] [--python PATH] [NAME ...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import monty_wasm

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PROGRAMS = ROOT / "bench" / "programs"
PYENV_313 = "/root/.pyenv/versions/3.13.0/bin/python3"


def checksum_line(stdout: str) -> str:
    lines = [line for line in stdout.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def median_ms(f: Callable[[], Any], runs: int, warmup: int = 20) -> float:
    for _ in range(warmup):
        f()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)


def cpython_stdout(python: str, path: Path) -> str:
    res = subprocess.run([python, str(path)], capture_output=True, text=True, timeout=600, cwd=ROOT)
    if res.returncode != 0:
        raise RuntimeError(f"CPython failed on {path.name}: {res.stderr[-500:]}")
    return res.stdout


def bench_ours(names: list[str], start_runs: int, repeat: int, expected: dict[str, str],
               failures: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    sink = lambda stream, text: None  # noqa: E731
    m = monty_wasm.Monty("1 + 1")
    assert m.run(print_callback=sink) == 2
    out["start_median_ms"] = median_ms(lambda: m.run(print_callback=sink), start_runs)
    out["construct_and_run_median_ms"] = median_ms(lambda: monty_wasm.Monty("1 + 1").run(print_callback=sink),
                                                   start_runs)

    calls = monty_wasm.Monty("total = 0\nfor i in range(1000):\n    total += f(i)\ntotal")
    f = lambda i: i  # noqa: E731
    assert calls.run(external_functions={"f": f}) == 499500
    per_run = []
    for _ in range(5):
        t = time.perf_counter()
        calls.run(external_functions={"f": f})
        per_run.append((time.perf_counter() - t) * 1e3 / 1000)
    out["call_roundtrip_ms"] = statistics.median(per_run)

    programs: dict[str, float] = {}
    for name in names:
        src = (PROGRAMS / f"{name}.py").read_text()
        times = []
        for _ in range(repeat):
            buf: list[str] = []
            t = time.perf_counter()
            try:
                monty_wasm.Monty(src, script_name=f"{name}.py").run(print_callback=lambda s, x: buf.append(x))
            except monty_wasm.MontyError as exc:
                failures.append(f"{name}: {type(exc).__name__}: {exc}")
                break
            times.append((time.perf_counter() - t) * 1e3)
            got = checksum_line("".join(buf))
            if got != expected[name]:
                failures.append(f"{name}: checksum {got!r} != CPython {expected[name]!r}")
                break
        if times:
            programs[name] = round(min(times), 3)
    out["programs"] = programs
    return out


def bench_peer(names: list[str], start_runs: int, repeat: int, expected: dict[str, str]) -> dict[str, Any]:
    try:
        import importlib.metadata

        import pydantic_monty  # type: ignore[import-not-found]

        version = importlib.metadata.version("pydantic-monty")
    except Exception as exc:  # noqa: BLE001
        print(f"!!! pydantic_monty is NOT installed ({exc}): no side-by-side figures", file=sys.stderr)
        return {"installed": False, "why": str(exc)}
    peer: dict[str, Any] = {"package": "pydantic-monty", "version": version, "installed": True}
    try:
        with pydantic_monty.Monty() as pool:
            with pool.checkout() as session:
                assert session.feed_run("1 + 1") == 2
                peer["start_median_ms"] = median_ms(lambda: session.feed_run("1 + 1"), start_runs)

            def fresh() -> None:
                with pool.checkout() as s:
                    s.feed_run("1 + 1")

            peer["checkout_and_run_median_ms"] = median_ms(fresh, max(50, start_runs // 4), warmup=5)

            code = "total = 0\nfor i in range(1000):\n    total += f(i)\ntotal"
            f = lambda i: i  # noqa: E731
            per_run = []
            # its default max_suspensions (1000 per checkout) would stop the loop
            with pool.checkout(limits={"max_suspensions": 1_000_000}) as session:
                assert session.feed_run(code, external_lookup={"f": f}) == 499500
                for _ in range(5):
                    t = time.perf_counter()
                    session.feed_run(code, external_lookup={"f": f})
                    per_run.append((time.perf_counter() - t) * 1e3 / 1000)
            peer["call_roundtrip_ms"] = statistics.median(per_run)

            programs: dict[str, float] = {}
            problems: list[str] = []
            for name in names:
                src = (PROGRAMS / f"{name}.py").read_text()
                times = []
                for _ in range(repeat):
                    out: list[str] = []
                    try:
                        with pool.checkout() as s:
                            t = time.perf_counter()
                            s.feed_run(src, print_callback=lambda st, x: out.append(x))
                            times.append((time.perf_counter() - t) * 1e3)
                    except Exception as exc:  # noqa: BLE001
                        problems.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]}")
                        break
                    if checksum_line("".join(out)) != expected[name]:
                        problems.append(f"{name}: checksum {checksum_line(''.join(out))!r} != {expected[name]!r}")
                        break
                if times:
                    programs[name] = round(min(times), 3)
            peer["programs"] = programs
            peer["problems"] = problems
    except Exception as exc:  # noqa: BLE001
        print(f"!!! pydantic_monty is installed but failed to run: {exc}", file=sys.stderr)
        peer["error"] = f"{type(exc).__name__}: {exc}"
    return peer


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--start-runs", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--python", default=PYENV_313 if os.path.exists(PYENV_313) else "python3")
    ap.add_argument("--no-peer", action="store_true")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    names = args.names or sorted(p.stem for p in PROGRAMS.glob("*.py"))
    failures: list[str] = []

    expected: dict[str, str] = {}
    cpython_ms: dict[str, float] = {}
    for name in names:
        exp = PROGRAMS / f"{name}.expected"
        t = time.perf_counter()
        out = exp.read_text() if exp.exists() else cpython_stdout(args.python, PROGRAMS / f"{name}.py")
        cpython_ms[name] = round((time.perf_counter() - t) * 1e3, 3)
        expected[name] = checksum_line(out)

    result: dict[str, Any] = {"host": "python", "wasmtime": __import__("importlib.metadata").metadata.version("wasmtime"),
                              "python": sys.version.split()[0]}
    result.update(bench_ours(names, args.start_runs, args.repeat, expected, failures))
    result["failures"] = failures
    result["cpython_process_ms"] = cpython_ms if not any((PROGRAMS / f"{n}.expected").exists() for n in names) else {}
    if not args.no_peer:
        result["peer"] = bench_peer(names, args.start_runs, args.repeat, expected)
    print(json.dumps(result))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
