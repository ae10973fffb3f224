#!/usr/bin/env python3
"""The benchmark driver behind `make bench` (stdlib only; builds nothing but
the `figures` example, through cargo).

It owns the comparison with CPython and the report:
* in-process figures from `host/examples/figures.rs` (`--json`): start of a
  fresh instance + `1 + 1`, external-call round trip, fuel overhead, memory
  per instance; and the in-process time of every program in
  `bench/programs/` (`figures --programs-only`), taken in rounds that
  alternate with CPython's in-process runs of the same programs, so a
  change of machine speed during the bench shows on both sides;
* CLI process start: `monty run` of a `1 + 1` file vs `python3 -c pass`,
  warm and as the first run after a build (empty cache directory), and the
  first run that compiles (`--wasm monty.wasm`, no precompiled module);
* the size of `monty.wasm`;
* every program run as a process by `target/release/monty run` and by
  CPython (one after the other, each round), and in-process by CPython
  (`exec` of the compiled file, timed inside the interpreter), with the
  checksum lines compared;
* the team's shared programs (`../shared/bench/*.py`) run as processes by
  their own `run.py`, `monty run` with default limits vs CPython, outputs
  compared (skipped, loudly, without `../shared`);
* the host packages (`bindings/{js,python,go}`, `--hosts`): each one's
  bench script, through its public API on the same `monty.wasm` (fresh-run
  `1 + 1` start median, sync call round trip, every program with its
  checksum checked), side by side with the Rust host's in-process figures;
* a markdown table on stdout and `bench/results.json`.

Exit status 1 if any checksum differs or a program fails; issue 18's
targets (start <= 25 us median, compute geomean <= 1.5x CPython in-process
and for the shared programs as processes, no program above 2.5x, bytes per
object <= 1.5x) are reported, not enforced.

Usage: python3 bench/run.py [--repeat N] [--start-runs N] [--out PATH]
                            [--python PATH] [--wasm PATH] [NAME ...]
(`--wasm` measures another build of the module, e.g. the committed one from
`git show HEAD:monty.wasm`, instead of the one embedded in the build.)
"""

import argparse
import datetime
import hashlib
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = os.path.join(ROOT, "bench", "programs")
MONTY = os.path.join(ROOT, "target", "release", "monty")
WASM = os.path.join(ROOT, "monty.wasm")
PYENV_313 = "/root/.pyenv/versions/3.13.0/bin/python3"

# Memory cap for the monty runs (MiB): generous, so that a memory-hungry
# build is still timed; the peak RSS columns show what each run really used.
MONTY_MAX_MEMORY_MIB = 1024

# Issue 18's targets: in-process start, compute geomean (in-process over
# bench/programs and as processes over ../shared/bench), no program above
# PROGRAM_CAP times CPython.
START_TARGET_US = 25.0
GEOMEAN_TARGET = 1.5
PROGRAM_CAP = 2.5

# The team's shared benchmark programs and their side-by-side runner
# (`monty run` with default limits vs CPython, as processes).
SHARED_BENCH = os.path.join(os.path.dirname(ROOT), "shared", "bench")
# startup.py is `1 + 1`: `monty run` prints the last expression's repr
# (DESIGN.md, "The command line") and CPython prints nothing, so its
# output differs by contract; it is timed but not compared or averaged.
SHARED_START_PROGRAM = "startup"

# Bytes per object: the programs of bench/objects/, each building N objects
# of one kind (its first `N = ...` line). A row is the growth of the
# process's peak resident set from N = 0 to N, over N: the same measure for
# `monty run` (the wasm linear memory the guest's allocator took, plus
# anything else the process touched) and for `python3` (pymalloc's arenas
# and the rest), so it counts allocator overhead and the transient peaks
# of growing containers on both sides.
OBJECTS = os.path.join(ROOT, "bench", "objects")
OBJECTS_N = 200_000
OBJECTS_TARGET = 1.5
OBJECTS_ORDER = ["list_element", "int", "float", "str", "dict_entry", "instance", "instance_attr"]
# Rows derived from two programs: (name, program, minus program, divisor).
OBJECTS_DERIVED = [("instance attribute (8-attribute instance minus 4-attribute, / 4)",
                    "instance_attr", "instance", 4)]

# Times a program inside CPython: compile + exec in a fresh globals dict
# with stdout captured, `repeat` times; prints JSON. The counterpart of the
# in-process monty figure (which includes parse and compile too).
CPYTHON_INPROC = r"""
import io, json, sys, time, contextlib
path, repeat = sys.argv[1], int(sys.argv[2])
src = open(path).read()
times, out = [], None
for _ in range(repeat):
    buf = io.StringIO()
    g = {"__name__": "__main__", "__file__": path}
    with contextlib.redirect_stdout(buf):
        t = time.perf_counter()
        exec(compile(src, path, "exec"), g)
        dt = time.perf_counter() - t
    del g
    times.append(dt * 1e3)
    if out is None:
        out = buf.getvalue()
print(json.dumps({"times_ms": sorted(times), "stdout": out}))
"""


def find_python(explicit):
    if explicit:
        return explicit
    if os.path.exists(PYENV_313):
        return PYENV_313
    return "python3"


# GNU time (Debian's `time`): a process's peak RSS as `wait4` reports it
# here would be floored at this script's own (a child's maximum resident set
# starts as its parent's when it execs), so the peak is read from a
# launcher as small as `time` instead.
GNU_TIME = "/usr/bin/time"


def run_timed(argv, env=None, rss=True):
    """Runs argv as a process; returns (wall ms, peak RSS KiB or None, rc,
    stdout, stderr). With `rss`, the process runs under GNU time (its
    fork and exec, about a millisecond, are in the wall time); without, the
    wall time is the process alone and the RSS is None."""
    launcher = rss and os.path.exists(GNU_TIME)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".rss") as peak:
        if launcher:
            argv = [GNU_TIME, "-q", "-f", "%M", "-o", peak.name] + argv
        t = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=err, env=env, cwd=ROOT)
        _, status, _ = os.wait4(proc.pid, 0)
        dt = (time.perf_counter() - t) * 1e3
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        kib = None
        if launcher:
            lines = peak.read().split()
            kib = int(lines[-1]) if lines and lines[-1].isdigit() else None
        return (
            dt,
            kib,
            proc.returncode,
            out.read().decode("utf-8", "replace"),
            err.read().decode("utf-8", "replace"),
        )


def object_sizes(python, repeat, wasm_args):
    """Bytes per object of each bench/objects program for monty and CPython
    (median of `repeat` runs at N and at N = 0), and the failures."""
    rows, failures = {}, []
    present = {f[:-3] for f in os.listdir(OBJECTS) if f.endswith(".py")}
    names = [n for n in OBJECTS_ORDER if n in present] + sorted(present - set(OBJECTS_ORDER))
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            with open(os.path.join(OBJECTS, name + ".py")) as f:
                src = f.read()
            if f"N = {OBJECTS_N:_}\n" not in src:
                failures.append(f"bench/objects/{name}.py has no `N = {OBJECTS_N:_}` line")
                continue
            peaks = {}
            for n in (OBJECTS_N, 0):
                path = os.path.join(tmp, f"{name}_{n}.py")
                with open(path, "w") as f:
                    f.write(src.replace(f"N = {OBJECTS_N:_}\n", f"N = {n}\n", 1))
                m_argv = [MONTY, "run", path, "--max-memory", str(MONTY_MAX_MEMORY_MIB)] + wasm_args
                m_runs = [run_timed(m_argv) for _ in range(repeat)]
                p_runs = [run_timed([python, path]) for _ in range(repeat)]
                bad = [r for r in m_runs + p_runs if r[2] != 0]
                if bad:
                    failures.append(f"bench/objects/{name}.py (N = {n}): exit {bad[0][2]}: "
                                    f"{bad[0][4].strip()[-300:]}")
                elif checksum_line(m_runs[0][3]) != checksum_line(p_runs[0][3]):
                    failures.append(f"bench/objects/{name}.py (N = {n}): monty printed "
                                    f"{checksum_line(m_runs[0][3])!r}, CPython "
                                    f"{checksum_line(p_runs[0][3])!r}")
                if any(r[1] is None for r in m_runs + p_runs):
                    failures.append(f"bytes per object need GNU time at {GNU_TIME} (apt-get install time)")
                    return {}, failures
                peaks[n] = (statistics.median(r[1] for r in m_runs),
                            statistics.median(r[1] for r in p_runs))
            per = [(peaks[OBJECTS_N][i] - peaks[0][i]) * 1024 / OBJECTS_N for i in (0, 1)]
            rows[name] = {"monty_bytes": per[0], "python_bytes": per[1]}
    for label, name, minus, div in OBJECTS_DERIVED:
        if name in rows and minus in rows:
            rows[label] = {k: (rows[name][k] - rows[minus][k]) / div
                           for k in ("monty_bytes", "python_bytes")}
    for row in rows.values():
        row["ratio"] = (row["monty_bytes"] / row["python_bytes"]
                        if row["python_bytes"] > 0 else None)
    return rows, failures


def print_objects(objects, failures):
    met = not failures and bool(objects) and all(
        r["ratio"] is not None and r["ratio"] <= OBJECTS_TARGET for r in objects.values())
    print(f"Bytes per object (peak RSS growth of the process from N = 0 to N = {OBJECTS_N:_}, "
          f"over N; bench/objects/; target ≤ {OBJECTS_TARGET}× CPython: "
          f"{'met' if met else 'NOT met'}):\n")
    print("| object | monty bytes | CPython bytes | ratio |")
    print("|---|---:|---:|---:|")
    for name, r in objects.items():
        print(f"| {name} | {fmt(r['monty_bytes'])} | {fmt(r['python_bytes'])} | {fmt(r['ratio'], 2)} |")
    for problem in failures:
        print(f"\n!!! {problem}")
    print()


def checksum_line(stdout):
    lines = [line for line in stdout.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info = {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "os": f"{platform.system()} {platform.release()}",
    }
    try:
        info["loadavg_at_start"] = list(os.getloadavg())
    except OSError:
        pass
    return info


def shared_programs(python, runs, wasm_args):
    """../shared/bench/*.py run as processes by its own run.py, CPython
    first, `monty run` with default limits second (with `--wasm` when the
    bench measures another module); None if absent."""
    runner = os.path.join(SHARED_BENCH, "run.py")
    if not os.path.exists(runner):
        print(f"!!! skipping the shared programs: {runner} not found", file=sys.stderr)
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "shared.json")
        proc = subprocess.run(
            [python, runner, "--runs", str(runs), "--json", out,
             "--cmd", f"cpython={python} {{file}}", "--cmd", f"monty={' '.join([MONTY, 'run', '{file}'] + wasm_args)}"],
            capture_output=True, text=True)
        if proc.returncode != 0 or not os.path.exists(out):
            return {"error": (proc.stderr or proc.stdout).strip()[-500:], "rows": []}
        with open(out) as f:
            data = json.load(f)
    rows = []
    for name, row in sorted(data["results"].items()):
        c, m = row["cpython"], row["monty"]
        r = {"name": name, "cpython_median_s": c["median_s"], "monty_median_s": m["median_s"],
             "problems": []}
        if m["error"] or c["error"]:
            r["problems"].append(m["error"] or c["error"])
        elif name != SHARED_START_PROGRAM and m["stdout"] != c["stdout"]:
            r["problems"].append(f"stdout {m['stdout'][-200:]!r} != CPython {c['stdout'][-200:]!r}")
        r["ok"] = not r["problems"]
        r["ratio"] = (m["median_s"] / c["median_s"]
                      if m["median_s"] and c["median_s"] else None)
        rows.append(r)
    compute = [r for r in rows if r["name"] != SHARED_START_PROGRAM]
    ok = [r["ratio"] for r in compute if r["ok"]]
    return {"rows": rows, "runs": runs, "geomean_ratio": geomean(ok),
            "max_ratio": max(ok) if ok else None}


def git_revision():
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()
        return rev + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def interleaved_in_process(paths, python, repeat, wasm):
    """The bench programs in-process, monty's and CPython's runs taken in
    turns: `repeat` rounds, each running every program once in the Rust
    host (`figures --programs-only`), then once in CPython, so a change of
    the machine's speed during the bench weighs on both sides alike.
    Returns ({name: monty row as `figures` prints it, times of all rounds},
    {name: (CPython's {times_ms, stdout} or None, error text)})."""
    monty, cpython = {}, {}
    names = [os.path.basename(p)[:-3] for p in paths]
    print(f"running the programs in-process, {repeat} rounds of monty then CPython ...",
          file=sys.stderr)
    for _ in range(repeat):
        argv = ["cargo", "run", "--release", "-q", "-p", "monty-host", "--example", "figures",
                "--", "--json", "--programs-only", "--repeat", "1"] + \
            (["--wasm", wasm] if wasm else []) + paths
        proc = subprocess.run(argv, cwd=ROOT, stdout=subprocess.PIPE, text=True)
        if proc.returncode != 0:
            sys.exit(f"bench: the figures example failed (exit {proc.returncode})")
        for name, row in zip(names, json.loads(proc.stdout.strip().splitlines()[-1])["programs"]):
            kept = monty.get(name)
            if kept is None or (kept["ok"] and not row["ok"]):
                monty[name] = row  # the first round's row, or the first failure
            elif kept["ok"]:
                kept["times_ms"] += row["times_ms"]
        for name, path in zip(names, paths):
            inproc = subprocess.run([python, "-c", CPYTHON_INPROC, path, "1"],
                                    cwd=ROOT, capture_output=True, text=True)
            if inproc.returncode != 0:
                cpython[name] = (None, inproc.stderr.strip()[-300:])
            elif name not in cpython:
                cpython[name] = (json.loads(inproc.stdout), "")
            elif cpython[name][0] is not None:
                cpython[name][0]["times_ms"] += json.loads(inproc.stdout)["times_ms"]
    for row in monty.values():
        if row["ok"]:
            row["times_ms"].sort()
            row["best_ms"] = row["times_ms"][0]
            row["median_ms"] = statistics.median(row["times_ms"])
    for out, _ in cpython.values():
        if out is not None:
            out["times_ms"].sort()
    return monty, cpython


def in_process_figures(paths, repeat, wasm):
    argv = ["cargo", "run", "--release", "-q", "-p", "monty-host", "--example", "figures",
            "--", "--json", "--repeat", str(repeat)] + (["--wasm", wasm] if wasm else []) + paths
    print("running in-process figures (host/examples/figures.rs) ...", file=sys.stderr)
    proc = subprocess.run(argv, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.exit(f"bench: the figures example failed (exit {proc.returncode})")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def cli_start(python, runs, wasm_args):
    """`monty run` of a `1 + 1` file vs `python -c pass`, as processes.

    * first run after build: the first `monty run` of a build on this
      machine, i.e. with an empty cache directory (a fresh
      `$MONTY_CACHE_DIR`): the build's precompiled module, nothing cached;
    * first run compiling: the same with `--wasm monty.wasm`, which has no
      precompiled artifact, so Cranelift compiles it (what every first run
      cost before the module was precompiled at build time; skipped when
      `--wasm` is given, since then the first run above is this one);
    * warm: median and best of `runs`, interleaved with `python -c pass`.
    """
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write("1 + 1\n")
        one_plus_one = f.name
    monty_argv = [MONTY, "run", one_plus_one] + wasm_args
    py_argv = [python, "-c", "pass"]

    def first_run(argv):
        with tempfile.TemporaryDirectory(prefix="monty-bench-cache-") as cache:
            env = dict(os.environ, MONTY_CACHE_DIR=cache)
            dt, rss, rc, out, err = run_timed(argv, env=env)
            if rc != 0 or out.strip() != "2":
                sys.exit(f"bench: first `monty run` of `1 + 1` failed (exit {rc}): {out}{err}")
            return dt, rss, sorted(n for n in os.listdir(cache) if n.endswith(".cwasm"))

    try:
        first_ms, first_rss, first_cached = first_run(monty_argv)
        compile_ms = None
        if not wasm_args:
            compile_ms, _, _ = first_run(monty_argv + ["--wasm", WASM])
        warm_rss = 0
        for _ in range(3):  # warm the module cache and the page cache
            dt, warm_rss, rc, out, err = run_timed(monty_argv)
            if rc != 0 or out.strip() != "2":
                sys.exit(f"bench: `monty run` of `1 + 1` failed (exit {rc}): {out}{err}")
            run_timed(py_argv, rss=False)
        monty, py = [], []
        for _ in range(runs):  # interleaved, so load changes hit both
            monty.append(run_timed(monty_argv, rss=False)[0])
            py.append(run_timed(py_argv, rss=False)[0])
    finally:
        os.unlink(one_plus_one)
    return {
        "runs": runs,
        "first_run_ms": first_ms,
        "first_run_peak_rss_kib": first_rss,
        "first_run_cache_entries": first_cached,
        "first_run_compiling_ms": compile_ms,
        "monty_median_ms": statistics.median(monty),
        "monty_best_ms": min(monty),
        "monty_peak_rss_kib": warm_rss,
        "python_median_ms": statistics.median(py),
        "python_best_ms": min(py),
        "ratio_median": statistics.median(monty) / statistics.median(py),
    }


def geomean(values):
    values = [v for v in values if v and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def fmt(x, digits=1):
    return "—" if x is None else f"{x:.{digits}f}"


def mib(kib):
    return fmt(None if kib is None else kib / 1024, 0)


def peak_kib(runs):
    """The largest peak RSS of `runs` (None without GNU time)."""
    peaks = [r[1] for r in runs if r[1] is not None]
    return max(peaks) if peaks else None


# The host packages' bench commands (run from the repository root); each
# prints one JSON object as its last stdout line: host, start_median_ms,
# call_roundtrip_ms, programs {name: best ms}, failures [..].
HOST_BENCH = {
    "js": lambda n, r, py: ["sh", "-c", "node bindings/js/scripts/copy-wasm.mjs >&2 && "
                            f"node bindings/js/bench.mjs --start-runs 500 --repeat {r} " + " ".join(n)],
    "python": lambda n, r, py: ["bindings/python/ci.sh", "--bench", "--repeat", str(r),
                                "--python", py] + list(n),
    "go": lambda n, r, py: ["bindings/go/bench.sh", "-repeat", str(r), "-python", py] + list(n),
}


def host_figures(host, names, repeat, python):
    """One host package's figures, or a failure saying why there are none."""
    if host not in HOST_BENCH:
        return {"host": host, "failures": [f"unknown host {host!r} (known: {', '.join(HOST_BENCH)})"]}
    argv = HOST_BENCH[host](names, repeat, python)
    proc = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    lines = [l for l in proc.stdout.splitlines() if l.strip().startswith("{")]
    try:
        out = json.loads(lines[-1])
    except (IndexError, json.JSONDecodeError):
        return {"host": host, "failures": [f"exit {proc.returncode}, no JSON figures: "
                                           f"{(proc.stderr or proc.stdout).strip()[-400:]}"]}
    if proc.returncode != 0 and not out.get("failures"):
        out.setdefault("failures", []).append(f"exit {proc.returncode}")
    return out


def figures_ratios(ms_by_name, base_by_name):
    """ms / base for the names both have."""
    return [ms / base_by_name[n] for n, ms in ms_by_name.items()
            if ms and base_by_name.get(n)]


def figures_geomean(ratios):
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else None


def print_hosts(hosts, figures, rows):
    """The packages side by side with the Rust host (all in-process, on the
    same monty.wasm; ratios are package / Rust host)."""
    rust_prog = {r["name"]: r["monty_inproc_best_ms"] for r in rows}
    names = [r["name"] for r in rows]
    order = [h for h in hosts if not hosts[h].get("skipped")]
    peer = (hosts.get("python") or {}).get("peer") or {}
    if peer.get("installed"):
        # pydantic-monty beside our Python package: its own interpreter, not
        # monty.wasm (programs it cannot run are listed under it)
        label = f"{peer['package']} {peer['version']}"
        hosts = dict(hosts, **{label: dict(peer, host=label)})
        order.append(label)
    print("\n### Host packages beside the Rust host (in-process, same monty.wasm)\n")
    for h in hosts:
        if hosts[h].get("skipped"):
            print(f"- {h}: SKIPPED ({hosts[h]['skipped']})")
    print("| figure | Rust host | " + " | ".join(order) + " |")
    print("|---|---:|" + "---:|" * len(order))
    start = [f"{fmt(hosts[h].get('start_median_ms'), 3)} ms" for h in order]
    print(f"| fresh run of `1 + 1`, median | {fmt(figures['start_1p1_median_us'] / 1000, 3)} ms | "
          + " | ".join(start) + " |")
    call = [f"{fmt(hosts[h].get('call_roundtrip_ms', 0) * 1000, 1)} µs" for h in order]
    print(f"| sync call round trip | {fmt(figures['external_call_us'], 1)} µs | " + " | ".join(call) + " |")
    for name in names:
        cells = []
        for h in order:
            ms = (hosts[h].get("programs") or {}).get(name)
            base = rust_prog.get(name)
            cells.append(f"{fmt(ms)} ms ({fmt(ms / base, 2)}×)" if ms and base else "—")
        print(f"| {name} | {fmt(rust_prog.get(name))} ms | " + " | ".join(cells) + " |")
    cpython = {r["name"]: r["python_inproc_best_ms"] for r in rows}
    gms = [fmt(figures_geomean(figures_ratios(rust_prog, cpython)), 2) + "×"]
    for h in order:
        progs = hosts[h].get("programs") or {}
        gms.append(fmt(figures_geomean(figures_ratios(progs, cpython)), 2) + "×")
    print("| programs, geomean vs CPython in-process (those it runs) | " + " | ".join(gms) + " |")
    for problem in peer.get("problems") or []:
        print(f"- {peer['package']} {peer['version']} cannot run {problem}")
    print()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per program and side (best is used)")
    ap.add_argument("--start-runs", type=int, default=20, help="process starts per side")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results.json"))
    ap.add_argument("--python", help="CPython to compare with (default: pyenv 3.13.0, else python3)")
    ap.add_argument("--wasm", help="module to measure (default: the one embedded in the build, "
                    "i.e. ./monty.wasm at build time)")
    ap.add_argument("--hosts", default="js,python,go",
                    help="host packages to measure beside the Rust host (comma list, or 'none')")
    ap.add_argument("--objects-only", action="store_true",
                    help="measure and print only the bytes-per-object table (writes no results)")
    ap.add_argument("names", nargs="*", help="program names (default: all in bench/programs)")
    args = ap.parse_args()

    machine_info = machine()
    python = find_python(args.python)
    py_version = subprocess.run([python, "-c", "import sys; print(sys.version.split()[0])"],
                                capture_output=True, text=True, check=True).stdout.strip()
    print(f"CPython: {python} ({py_version})", file=sys.stderr)
    if not os.path.exists(MONTY):
        sys.exit(f"bench: {MONTY} is missing: run `cargo build --release -p monty-host`")

    names = args.names or sorted(f[:-3] for f in os.listdir(PROGRAMS) if f.endswith(".py"))
    paths = [os.path.join("bench", "programs", n + ".py") for n in names]
    for p in paths:
        if not os.path.exists(os.path.join(ROOT, p)):
            sys.exit(f"bench: no such program {p}")

    wasm = os.path.abspath(args.wasm) if args.wasm else None
    wasm_args = ["--wasm", wasm] if wasm else []
    if args.objects_only:
        objects, object_failures = object_sizes(python, args.repeat, wasm_args)
        print_objects(objects, object_failures)
        return 1 if object_failures else 0
    figures = in_process_figures([], args.repeat, wasm)
    inproc_monty, inproc_python = interleaved_in_process(paths, python, args.repeat, wasm)
    print("timing process start ...", file=sys.stderr)
    start = cli_start(python, args.start_runs, wasm_args)
    wasm_path = wasm or WASM
    wasm_bytes = os.path.getsize(wasm_path)
    with open(wasm_path, "rb") as f:
        wasm_sha = hashlib.sha256(f.read()).hexdigest()
    head_wasm = subprocess.run(["git", "show", "HEAD:monty.wasm"], cwd=ROOT, capture_output=True)
    wasm_is_head = head_wasm.returncode == 0 and hashlib.sha256(head_wasm.stdout).hexdigest() == wasm_sha

    failures = []
    print("measuring bytes per object (bench/objects) ...", file=sys.stderr)
    objects, object_failures = object_sizes(python, args.repeat, wasm_args)
    for problem in object_failures:
        failures.append({"name": "bytes per object", "problems": [problem]})
        print(f"!!! bytes per object: {problem}", file=sys.stderr)
    rows = []
    for name, path in zip(names, paths):
        print(f"running {name} ...", file=sys.stderr)
        monty_argv = [MONTY, "run", path, "--max-memory", str(MONTY_MAX_MEMORY_MIB)] + wasm_args
        py_argv = [python, path]
        m_runs, p_runs = [], []
        for _ in range(args.repeat):
            m_runs.append(run_timed(monty_argv))
            p_runs.append(run_timed(py_argv))
        py_in, py_in_error = inproc_python[name]

        expected = checksum_line(p_runs[0][3])
        row = {"name": name, "checksum": expected, "ok": True, "problems": []}
        if p_runs[0][2] != 0:
            row["problems"].append(f"CPython exit {p_runs[0][2]}: {p_runs[0][4].strip()[-300:]}")
        bad = [r for r in m_runs if r[2] != 0]
        if bad:
            row["problems"].append(f"monty run exit {bad[0][2]}: {bad[0][4].strip()[-300:]}")
        for run in m_runs:
            if run[2] == 0 and checksum_line(run[3]) != expected:
                row["problems"].append(
                    f"monty run checksum {checksum_line(run[3])!r} != CPython {expected!r}")
                break
        mi = inproc_monty.get(name)
        if not mi or not mi["ok"]:
            row["problems"].append(f"monty in-process failed: {mi and mi.get('error')}")
        elif checksum_line(mi["stdout"]) != expected:
            row["problems"].append(
                f"monty in-process checksum {checksum_line(mi['stdout'])!r} != {expected!r}")
        if py_in is None:
            row["problems"].append(f"CPython in-process failed: {py_in_error}")
        elif checksum_line(py_in["stdout"]) != expected:
            row["problems"].append("CPython in-process checksum differs from its own CLI run")
        row["ok"] = not row["problems"]

        ok_m = [r for r in m_runs if r[2] == 0]
        row["monty_cli_best_ms"] = min(r[0] for r in ok_m) if ok_m else None
        row["monty_cli_median_ms"] = statistics.median(r[0] for r in ok_m) if ok_m else None
        row["monty_peak_rss_kib"] = peak_kib(m_runs)
        row["python_cli_best_ms"] = min(r[0] for r in p_runs)
        row["python_cli_median_ms"] = statistics.median(r[0] for r in p_runs)
        row["python_peak_rss_kib"] = peak_kib(p_runs)
        row["monty_inproc_best_ms"] = mi["best_ms"] if mi and mi["ok"] else None
        row["python_inproc_best_ms"] = py_in["times_ms"][0] if py_in else None
        row["ratio_cli"] = (row["monty_cli_best_ms"] / row["python_cli_best_ms"]
                            if row["monty_cli_best_ms"] else None)
        row["ratio_inproc"] = (row["monty_inproc_best_ms"] / row["python_inproc_best_ms"]
                               if row["monty_inproc_best_ms"] and row["python_inproc_best_ms"]
                               else None)
        if not row["ok"]:
            failures.append(row)
            for problem in row["problems"]:
                print(f"!!! {name}: {problem}", file=sys.stderr)
        rows.append(row)

    print("running ../shared/bench side by side ...", file=sys.stderr)
    shared = shared_programs(python, args.repeat, wasm_args)
    if shared:
        for problem in [shared.get("error")] if shared.get("error") else []:
            failures.append({"name": "shared programs", "problems": [problem]})
        for r in shared["rows"]:
            if not r["ok"]:
                failures.append({"name": f"shared {r['name']}", "problems": r["problems"]})
                for problem in r["problems"]:
                    print(f"!!! shared {r['name']}: {problem}", file=sys.stderr)

    hosts = {}
    for host in [h for h in args.hosts.split(",") if h and h != "none"]:
        print(f"running the {host} package's bench ...", file=sys.stderr)
        hosts[host] = host_figures(host, names, args.repeat, python)
        for problem in hosts[host].get("failures") or []:
            failures.append({"name": f"{host} host", "problems": [str(problem)]})
            print(f"!!! {host} host: {problem}", file=sys.stderr)

    # Over the programs that ran and matched; a failure is reported anyway.
    try:
        machine_info["loadavg_at_end"] = list(os.getloadavg())
    except OSError:
        pass
    all_ok = not failures
    gm_cli = geomean([r["ratio_cli"] for r in rows if r["ok"]])
    gm_inproc = geomean([r["ratio_inproc"] for r in rows if r["ok"]])

    results = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "git": git_revision(),
        "machine": machine_info,
        "python": {"path": python, "version": py_version},
        "repeat": args.repeat,
        "monty_max_memory_mib": MONTY_MAX_MEMORY_MIB,
        "wasm": {"path": os.path.relpath(wasm_path, ROOT), "bytes": wasm_bytes, "sha256": wasm_sha,
                 "is_committed_head": wasm_is_head},
        "in_process": {k: v for k, v in figures.items() if k != "programs"},
        "cli_start": start,
        "bytes_per_object": objects,
        "programs": rows,
        "hosts": hosts,
        "shared_programs": shared,
        "geomean_ratio_cli": gm_cli,
        "geomean_ratio_inproc": gm_inproc,
        "targets": {
            "start_median_us": START_TARGET_US,
            "start_met": figures["start_1p1_median_us"] <= START_TARGET_US,
            "geomean_ratio": GEOMEAN_TARGET,
            "geomean_met": all_ok and gm_inproc is not None and gm_inproc <= GEOMEAN_TARGET,
            "shared_geomean_met": bool(shared) and shared.get("geomean_ratio") is not None
            and shared["geomean_ratio"] <= GEOMEAN_TARGET,
            "program_cap": PROGRAM_CAP,
            "program_cap_met": all(r["ratio_inproc"] is not None and r["ratio_inproc"] <= PROGRAM_CAP
                                   for r in rows)
            and bool(shared) and shared.get("max_ratio") is not None
            and shared["max_ratio"] <= PROGRAM_CAP,
            "bytes_per_object_ratio": OBJECTS_TARGET,
            "bytes_per_object_met": bool(objects) and all(
                r["ratio"] is not None and r["ratio"] <= OBJECTS_TARGET for r in objects.values()),
        },
        "all_checksums_match": all_ok,
    }
    with open(args.out, "w") as f:
        json.dump(results, f, indent=2)
        f.write("\n")

    ip = figures
    m = results["machine"]
    print(f"## monty benchmarks ({results['git']}, {results['date']})\n")
    print(f"Machine: {m['cpu']}, {m['cores']} cores, {m['os']}; "
          f"CPython {py_version} ({python}); best of {args.repeat} runs; "
          f"load average {m.get('loadavg_at_start', ['?'])[0]} at start, "
          f"{m.get('loadavg_at_end', ['?'])[0]} at end.")
    print(f"Module: {results['wasm']['path']} (sha256 {wasm_sha[:12]}, "
          f"{'the committed HEAD build' if wasm_is_head else 'NOT the committed HEAD build'}).\n")
    print("| figure | value |")
    print("|---|---|")
    # (figures takes both in rounds spread over its run and reports the best)
    start_rounds = ", ".join(fmt(m) for m in ip.get("start_1p1_round_medians_us", []))
    call_rounds = ", ".join(fmt(c, 2) for c in ip.get("external_call_rounds_us", []))
    start_rounds = f"; best of the rounds' medians {start_rounds} µs" if start_rounds else ""
    call_rounds = f" (best of the rounds {call_rounds} µs)" if call_rounds else ""
    print(f"| in-process start, fresh instance + `1 + 1` | median {fmt(ip['start_1p1_median_us'])} µs, "
          f"p99 {fmt(ip['start_1p1_p99_us'])} µs (target ≤ {START_TARGET_US:.0f} µs median: "
          f"{'met' if results['targets']['start_met'] else 'NOT met'}{start_rounds}) |")
    print(f"| external call round trip | {fmt(ip['external_call_us'], 2)} µs{call_rounds} |")
    print(f"| fuel metering overhead | {ip['fuel_overhead_pct']:+.1f}% |")
    first_note = ("the build's precompiled module, no cache entry written"
                  if not start["first_run_cache_entries"] else "compiled, then cached")
    print(f"| CLI first run after build, `monty run` of `1 + 1` (empty cache) | "
          f"{fmt(start['first_run_ms'])} ms ({first_note}) |")
    if start.get("first_run_compiling_ms") is not None:
        print(f"| CLI first run compiling (`--wasm monty.wasm`, empty cache: no precompiled module) | "
              f"{fmt(start['first_run_compiling_ms'])} ms |")
    print(f"| CLI warm run, `monty run` of `1 + 1` | median {fmt(start['monty_median_ms'])} ms "
          f"(best {fmt(start['monty_best_ms'])}), peak RSS {mib(start['monty_peak_rss_kib'])} MiB |")
    print(f"| CLI process start, `python3 -c pass` | median {fmt(start['python_median_ms'])} ms "
          f"(best {fmt(start['python_best_ms'])}) |")
    print(f"| CLI start, monty warm / python3 | {fmt(start['ratio_median'], 2)}× (target ≤ 0.8×: "
          f"{'met' if start['ratio_median'] <= 0.8 else 'NOT met'}) |")
    print(f"| monty.wasm size | {wasm_bytes} bytes ({wasm_bytes / 2**20:.2f} MiB) |")
    print(f"| memory per instance: linear memory `1 + 1` needs | "
          f"{ip['linear_memory_1p1_bytes'] // 1024} KiB |")
    print(f"| memory per instance: host RSS per live paused instance | "
          f"{ip['rss_per_paused_instance_bytes'] // 1024} KiB |")
    print(f"| session cell on {ip['session_state_bytes'] // 1024} KiB of state (in-process): "
          f"live instance / restore + run + snapshot / fresh run of the cell / fresh run rebuilding the state | "
          f"{fmt(ip['session_live_cell_ms'], 3)} / {fmt(ip['session_restored_cell_ms'], 2)} "
          f"(restore {fmt(ip['session_restore_ms'], 2)}, snapshot {fmt(ip['session_snapshot_ms'], 2)}) / "
          f"{fmt(ip['session_fresh_run_ms'], 3)} / {fmt(ip['session_rebuild_ms'], 2)} ms |")
    print()
    print("| program | checksum | monty run ms | python3 ms | ratio (process) "
          "| monty in-proc ms | CPython in-proc ms | ratio (in-process) "
          "| monty peak RSS MiB | python3 peak RSS MiB |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        mark = "ok" if r["ok"] else "**MISMATCH/FAIL**"
        print(f"| {r['name']} | {mark} | {fmt(r['monty_cli_best_ms'])} | {fmt(r['python_cli_best_ms'])} "
              f"| {fmt(r['ratio_cli'], 2)} | {fmt(r['monty_inproc_best_ms'])} "
              f"| {fmt(r['python_inproc_best_ms'])} | {fmt(r['ratio_inproc'], 2)} "
              f"| {mib(r['monty_peak_rss_kib'])} | {mib(r['python_peak_rss_kib'])} |")
    print(f"| **geometric mean** | | | | **{fmt(gm_cli, 2)}** | | | **{fmt(gm_inproc, 2)}** | | |")
    print()
    if shared and shared["rows"]:
        print(f"The shared programs (`../shared/bench`, its `run.py`: processes, median of "
              f"{shared['runs']}, `monty run` with default limits):\n")
        print("| program | checksum | monty run s | python3 s | ratio (process) |")
        print("|---|---|---:|---:|---:|")
        for r in shared["rows"]:
            mark = ("not compared (`1 + 1`: monty prints its repr)"
                    if r["name"] == SHARED_START_PROGRAM and r["ok"]
                    else "ok" if r["ok"] else "**MISMATCH/FAIL**")
            print(f"| {r['name']} | {mark} | {fmt(r['monty_median_s'], 3)} "
                  f"| {fmt(r['cpython_median_s'], 3)} | {fmt(r['ratio'], 2)} |")
        print(f"| **geometric mean** (without {SHARED_START_PROGRAM}) | | | | "
              f"**{fmt(shared['geomean_ratio'], 2)}** |")
        print()
    elif shared is None:
        print("The shared programs: skipped (`../shared/bench` not found).\n")
    print_objects(objects, object_failures)
    if hosts:
        print_hosts(hosts, figures, rows)
    t = results["targets"]
    print(f"Compute geomean (in-process) {fmt(gm_inproc, 2)}× CPython; target ≤ {GEOMEAN_TARGET}×: "
          f"{'met' if t['geomean_met'] else 'NOT met'}.")
    if shared:
        print(f"Shared programs as processes: geomean {fmt(shared['geomean_ratio'], 2)}× CPython "
              f"(target ≤ {GEOMEAN_TARGET}×: {'met' if t['shared_geomean_met'] else 'NOT met'}), "
              f"highest {fmt(shared['max_ratio'], 2)}×.")
    print(f"No program above {PROGRAM_CAP}× (bench in-process and shared as processes): "
          f"{'met' if t['program_cap_met'] else 'NOT met'}.")
    print(f"Results written to {os.path.relpath(args.out, ROOT)}.")
    if failures:
        print(f"\n!!! {len(failures)} program(s) failed or their checksums differ from CPython: "
              + ", ".join(r["name"] for r in failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
