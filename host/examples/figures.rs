//! Measures the in-process figures the issues ask for: start of a fresh
//! instance + `1 + 1` (median and p99), the external-call round trip (both
//! in three rounds spread over the run, the best reported with every
//! round's figure: the machine's speed moves within minutes), the
//! cost of fuel metering on a compute program, memory per instance, and
//! optionally the in-process time of Python programs given on the command
//! line. `bench/run.py` (`make bench`) drives it with `--json`.
//!
//! Run: `cargo run --release -p monty-host --example figures -- [--json]
//! [--repeat N] [--wasm PATH] [PROGRAM.py ...]` (`--wasm` measures another
//! build of the module instead of the embedded one). `--check` prints only
//! the static check figures (with the same check on an engine without fuel
//! metering, and what a check of an empty program costs: the fresh
//! instance and the fixed work). `--programs-only` times only the
//! programs (what `bench/run.py` runs round by round, between CPython's).
//!
//! Without `--json` the figures are printed as lines on stdout. With it, the
//! same lines go to stderr and stdout gets one JSON object (keys below).
//!
//! Memory per instance is measured two ways, both named in the output:
//! * `linear_memory_1p1_bytes`: the smallest linear-memory cap (in 64 KiB
//!   wasm pages) under which a fresh instance completes `1 + 1`, found by
//!   bisection with the public memory limit. This is the guest's own peak
//!   footprint: its initial memory plus any growth during `1 + 1`.
//! * `rss_per_paused_instance_bytes`: growth of this process's resident set
//!   (`VmRSS` in `/proc/self/status`) per live instance, measured by holding
//!   [`PAUSED`] executions paused at their first host call. Pages of the
//!   memory image that an instance only reads are shared, so this counts the
//!   pages it dirtied plus wasmtime's per-instance bookkeeping.

use std::time::{Duration, Instant};

use monty_host::{
    CaptureSink, Config, Engine, ExternalFunction, Functions, Limits, Progress, StartRequest, Value,
};
use serde_json::json;

/// How many paused executions are held at once for the RSS figure (the
/// default pool allows 64).
const PAUSED: usize = 32;

/// A wasm page.
const PAGE: usize = 64 << 10;

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

struct Args {
    json: bool,
    check_only: bool,
    calls_only: bool,
    programs_only: bool,
    repeat: usize,
    wasm: Option<std::path::PathBuf>,
    programs: Vec<String>,
}

fn parse_args() -> Args {
    let mut args = Args {
        json: false,
        check_only: false,
        calls_only: false,
        programs_only: false,
        repeat: 3,
        wasm: None,
        programs: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--json" => args.json = true,
            "--check" => args.check_only = true,
            "--calls" => args.calls_only = true,
            "--programs-only" => args.programs_only = true,
            "--repeat" => {
                args.repeat = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|n| *n > 0)
                    .unwrap_or_else(|| usage("--repeat needs a positive number"));
            }
            "--wasm" => {
                args.wasm = Some(
                    it.next()
                        .unwrap_or_else(|| usage("--wasm needs a path"))
                        .into(),
                );
            }
            flag if flag.starts_with("--") => usage(&format!("unknown flag {flag}")),
            _ => args.programs.push(arg),
        }
    }
    args
}

fn usage(message: &str) -> ! {
    eprintln!(
        "figures: {message}\nusage: figures [--json] [--check] [--calls] [--programs-only] [--repeat N] [--wasm PATH] [PROGRAM.py ...]"
    );
    std::process::exit(2);
}

fn main() -> Result<(), monty_host::Error> {
    let args = parse_args();
    // The human-readable lines: stdout normally, stderr when stdout is JSON.
    let say = |line: String| {
        if args.json {
            eprintln!("{line}");
        } else {
            println!("{line}");
        }
    };
    let config = || Config::new().module_path(args.wasm.clone());
    let engine = Engine::new(config())?;
    if args.check_only {
        return check_only(&engine, &Engine::new(config().fuel_metering(false))?);
    }
    if args.calls_only {
        // the call figure alone, 20 times, on an engine with a perf map
        // (`perf record -k mono ... figures --calls`: README "Profiling")
        let engine = Engine::new(config().perf_map(true))?;
        for _ in 0..20 {
            let (per_call, n) = call_round_trip(&engine)?;
            say(format!(
                "external call round trip: {per_call:.2} us per call ({n} calls, best of 5)"
            ));
        }
        return Ok(());
    }

    if args.programs_only {
        // `bench/run.py` interleaves these runs with CPython's, round by
        // round, so a change of machine speed hits both sides alike.
        let programs = time_programs(&engine, &args, &say);
        if args.json {
            println!("{}", json!({ "programs": programs }));
        }
        return Ok(());
    }

    // Start latency (fresh instance + `1 + 1`, to completion) and the call
    // round trip, in three rounds spread over the figures: the machine's
    // speed moves within minutes, so the round with the lowest median
    // start is reported (its p99 with it) and the best round trip, with
    // every round's figure beside them.
    for _ in 0..50 {
        engine.run("1 + 1", &[])?;
    }
    let mut rounds = Rounds::default();
    rounds.take(&engine)?;
    say(rounds.line(0));

    // Fuel metering overhead on a compute program.
    let compute = "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n\
                   t = 0\nfor i in range(300000):\n    t += i % 7\nfib(24) + t";
    let unmetered = Engine::new(config().fuel_metering(false))?;
    let best = |e: &Engine| {
        (0..5)
            .map(|_| {
                let t = Instant::now();
                e.run(compute, &[]).expect("runs");
                t.elapsed()
            })
            .min()
            .expect("5 runs")
    };
    let metered = best(&engine);
    let plain = best(&unmetered);
    let fuel_overhead = (metered.as_secs_f64() / plain.as_secs_f64() - 1.0) * 100.0;
    rounds.take(&engine)?;
    say(rounds.line(1));
    say(format!(
        "fuel metering: {:.1} ms with, {:.1} ms without ({:+.1}%)",
        ms(metered),
        ms(plain),
        fuel_overhead
    ));

    // Memory per instance.
    let linear = linear_memory_for("1 + 1", &engine);
    say(format!(
        "memory: `1 + 1` completes with a linear-memory cap of {} KiB ({} pages)",
        linear / 1024,
        linear / PAGE
    ));
    let rss = rss_per_paused_instance(&engine)?;
    say(format!(
        "memory: host RSS grows {} KiB per live instance ({PAUSED} held paused at a host call)",
        rss / 1024
    ));

    let (check_ms, check_run_ms) = check_figures(&engine)?;
    say(format!(
        "static check of a 200-line program (bench/check/program.py against tools.pyi, fresh instance: parse + compile + check): median {check_ms:.3} ms; running the same program with its tools answered in process: median {check_run_ms:.3} ms"
    ));

    let sessions = session_figures(&engine)?;
    say(format!(
        "session cell on {} KiB of state: {:.3} ms in the live instance; restore + run + snapshot {:.3} ms (restore {:.3}, snapshot {:.3}); a fresh run of the same cell {:.3} ms; rebuilding the state in a fresh run {:.3} ms",
        sessions.snapshot_bytes / 1024,
        sessions.live_cell_ms,
        sessions.restored_cell_ms,
        sessions.restore_ms,
        sessions.snapshot_ms,
        sessions.fresh_run_ms,
        sessions.rebuild_ms
    ));

    rounds.take(&engine)?;
    say(rounds.line(2));
    let (median, p99, per_call, n) = rounds.best();
    say(format!(
        "best of {} rounds: start median {:.1} us (p99 {:.1} us), call round trip {per_call:.2} us",
        rounds.start.len(),
        us(median),
        us(p99)
    ));

    let programs = time_programs(&engine, &args, &say);

    if args.json {
        let report = json!({
            "start_1p1_median_us": us(median),
            "start_1p1_p99_us": us(p99),
            "start_samples": START_SAMPLES,
            "start_1p1_round_medians_us": rounds.start.iter().map(|&(m, _)| us(m)).collect::<Vec<_>>(),
            "external_call_us": per_call,
            "external_call_rounds_us": rounds.calls.clone(),
            "external_calls": n,
            "fuel_metered_ms": ms(metered),
            "fuel_unmetered_ms": ms(plain),
            "fuel_overhead_pct": fuel_overhead,
            "linear_memory_1p1_bytes": linear,
            "rss_per_paused_instance_bytes": rss,
            "rss_paused_instances": PAUSED,
            "check_200_lines_ms": check_ms,
            "session_state_bytes": sessions.snapshot_bytes,
            "session_live_cell_ms": sessions.live_cell_ms,
            "session_restored_cell_ms": sessions.restored_cell_ms,
            "session_restore_ms": sessions.restore_ms,
            "session_snapshot_ms": sessions.snapshot_ms,
            "session_fresh_run_ms": sessions.fresh_run_ms,
            "session_rebuild_ms": sessions.rebuild_ms,
            "run_200_lines_ms": check_run_ms,
            "programs": programs,
        });
        println!("{report}");
    }
    Ok(())
}

/// The in-process compute programs on the command line: a fresh instance
/// each run, output captured; one JSON row per program.
fn time_programs(engine: &Engine, args: &Args, say: &dyn Fn(String)) -> Vec<serde_json::Value> {
    let mut programs = Vec::new();
    for path in &args.programs {
        let result = time_program(engine, path, args.repeat);
        match &result {
            Ok((times, _)) => say(format!(
                "program {path}: best {:.1} ms, median {:.1} ms of {}",
                times[0],
                times[times.len() / 2],
                times.len()
            )),
            Err(e) => say(format!("program {path}: FAILED: {e}")),
        }
        programs.push(match result {
            Ok((times, stdout)) => json!({
                "path": path,
                "ok": true,
                "times_ms": times,
                "best_ms": times[0],
                "median_ms": times[times.len() / 2],
                "stdout": stdout,
            }),
            Err(e) => json!({"path": path, "ok": false, "error": e}),
        });
    }
    programs
}

/// What a session's cell costs (medians of 30, in ms).
struct SessionFigures {
    /// The snapshot of the session holding the state.
    snapshot_bytes: usize,
    /// A cell fed to the live session (the instance kept between cells).
    live_cell_ms: f64,
    /// The same cell in a session restored from its snapshot, then saved
    /// again (the cost per cell when each cell runs in another process).
    restored_cell_ms: f64,
    /// Of which: the restore alone, and the snapshot alone.
    restore_ms: f64,
    snapshot_ms: f64,
    /// The same cell as a fresh one-off run (no state).
    fresh_run_ms: f64,
    /// A fresh run that builds the state, then runs the cell.
    rebuild_ms: f64,
}

/// The state: about 1 MB of records, as a cell that fetched data leaves.
const SESSION_STATE: &str = "\
data = [{'id': i, 'name': f'user{i}', 'email': f'user{i}@example.com', 'score': i * 0.5, 'tags': ['a', 'b']} for i in range(8000)]
";

/// The cell timed: a small computation over the state.
const SESSION_CELL: &str = "sum(r['score'] for r in data[:100]) + len(data)";

fn session_figures(engine: &Engine) -> Result<SessionFigures, monty_host::Error> {
    let none = Functions::new();
    let median = |f: &mut dyn FnMut()| median_ms(30, f);
    let mut session = engine.session();
    session.run(SESSION_STATE, &none)?;
    let snapshot = session.snapshot()?;
    let live_cell_ms = median(&mut || {
        session.run(SESSION_CELL, &none).expect("the cell runs");
    });
    let restored_cell_ms = median(&mut || {
        let (mut s, _) = engine
            .restore_session(&snapshot, None, CaptureSink::default())
            .expect("restores");
        s.run(SESSION_CELL, &none).expect("the cell runs");
        s.snapshot().expect("saves");
    });
    let restore_ms = median(&mut || {
        engine
            .restore_session(&snapshot, None, CaptureSink::default())
            .expect("restores");
    });
    let snapshot_ms = median(&mut || {
        session.snapshot().expect("saves");
    });
    let fresh_run_ms = median(&mut || {
        engine.run("len([1])", &[]).expect("runs");
    });
    let rebuild = format!("{SESSION_STATE}{SESSION_CELL}");
    let rebuild_ms = median(&mut || {
        engine.run(&rebuild, &[]).expect("runs");
    });
    Ok(SessionFigures {
        snapshot_bytes: snapshot.len(),
        live_cell_ms,
        restored_cell_ms,
        restore_ms,
        snapshot_ms,
        fresh_run_ms,
        rebuild_ms,
    })
}

/// `--check`: the static check figures alone, the check on an engine
/// without fuel metering, and the check of an empty program with and
/// without the stubs (the instance and the fixed work).
fn check_only(engine: &Engine, unmetered: &Engine) -> Result<(), monty_host::Error> {
    let (check_ms, check_run_ms) = check_figures(engine)?;
    let (unmetered_ms, _) = check_figures(unmetered)?;
    let stubs = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bench/check/tools.pyi"
    ))
    .expect("bench/check/tools.pyi");
    let empty_ms = median_ms(200, &mut || {
        engine.check("", "empty.py").expect("checks");
    });
    let empty_stubs_ms = median_ms(200, &mut || {
        engine
            .check_with_stubs("", "empty.py", &stubs)
            .expect("checks");
    });
    println!(
        "static check of bench/check/program.py against tools.pyi: median {check_ms:.3} ms (its run: {check_run_ms:.3} ms), without fuel metering {unmetered_ms:.3} ms; an empty program: {empty_ms:.3} ms, with the stubs: {empty_stubs_ms:.3} ms"
    );
    Ok(())
}

/// The median of 50 static checks of `bench/check/program.py` against its
/// stubs, and of 50 runs of it with its tools answered here, in ms.
fn check_figures(engine: &Engine) -> Result<(f64, f64), monty_host::Error> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/check");
    let read = |name: &str| {
        std::fs::read_to_string(format!("{dir}/{name}"))
            .unwrap_or_else(|e| panic!("{dir}/{name}: {e}"))
    };
    let (program, stubs) = (read("program.py"), read("tools.pyi"));
    let report = engine.check_with_stubs(&program, "program.py", &stubs)?;
    assert!(
        report.ok && report.diagnostics.is_empty(),
        "bench/check/program.py checks clean: {:?}",
        report.diagnostics
    );
    let median = |f: &mut dyn FnMut()| median_ms(50, f);
    let check = median(&mut || {
        engine
            .check_with_stubs(&program, "program.py", &stubs)
            .expect("checks");
    });
    let mut tools = Functions::new();
    let order = |id: &str, total: f64| {
        Value::Dict(vec![
            (Value::Str("id".into()), Value::Str(id.into())),
            (Value::Str("customer".into()), Value::Str("acme".into())),
            (Value::Str("total".into()), Value::Float(total)),
            (Value::Str("status".into()), Value::Str("open".into())),
        ])
    };
    let orders = Value::List(vec![
        order("A-1", 12.5),
        order("A-2", 99.0),
        order("A-3", 7.25),
    ]);
    tools
        .register("list_orders", &["customer", "status", "limit"], move |_| {
            Ok(orders.clone())
        })
        .register("get_weather", &["city", "units"], |_| {
            Ok(Value::Dict(vec![(
                Value::Str("temp".into()),
                Value::Int(21),
            )]))
        })
        .register("count_words", &["text"], |c| match c.require("text")? {
            Value::Str(s) => Ok(Value::Int(s.split_whitespace().count() as i64)),
            _ => Ok(Value::Int(0)),
        })
        .register("send_email", &["to", "subject", "body"], |_| {
            Ok(Value::Bool(true))
        });
    let mut request = StartRequest::new(program.clone());
    request
        .inputs
        .push(("API_BASE".into(), Value::Str("https://shop.example".into())));
    let run = median(&mut || {
        engine
            .run_request(request.clone(), &tools)
            .expect("bench/check/program.py runs");
    });
    Ok((check, run))
}

/// Limits for the compute programs: the defaults (fuel and time included),
/// with memory raised to 1 GiB so a memory-hungry build is still timed; the
/// CLI runs in `bench/run.py` use the same cap.
fn program_limits() -> Limits {
    Limits::default().with_max_memory_bytes(1 << 30)
}

/// Runs `path` `repeat` times in fresh instances; returns the sorted wall
/// times in ms (start request to completion, parse and compile included) and
/// the stdout of the first run.
fn time_program(engine: &Engine, path: &str, repeat: usize) -> Result<(Vec<f64>, String), String> {
    let code = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let filename = std::path::Path::new(path)
        .file_name()
        .map_or_else(|| path.to_owned(), |n| n.to_string_lossy().into_owned());
    let mut times = Vec::with_capacity(repeat);
    let mut stdout = None;
    for _ in 0..repeat {
        let sink = CaptureSink::default();
        let request = StartRequest::new(code.as_str())
            .filename(filename.as_str())
            .limits(program_limits());
        let t = Instant::now();
        let progress = engine
            .start(request, sink.clone())
            .map_err(|e| e.to_string())?;
        let dt = t.elapsed();
        if !matches!(progress, Progress::Complete { .. }) {
            return Err("the program paused at a host call".to_owned());
        }
        times.push(ms(dt));
        stdout.get_or_insert_with(|| sink.stdout());
    }
    times.sort_by(f64::total_cmp);
    Ok((times, stdout.unwrap_or_default()))
}

/// The smallest linear-memory cap, in bytes (whole pages), under which
/// `code` completes in a fresh instance.
fn linear_memory_for(code: &str, engine: &Engine) -> usize {
    let completes = |pages: usize| {
        let limits = Limits::default().with_max_memory_bytes(pages * PAGE);
        matches!(
            engine.start(
                StartRequest::new(code).limits(limits),
                CaptureSink::default()
            ),
            Ok(Progress::Complete { .. })
        )
    };
    // Invariant: `lo` pages fail, `hi` pages complete (1 GiB always does).
    let (mut lo, mut hi) = (0, (1 << 30) / PAGE);
    assert!(completes(hi), "`{code}` does not complete within 1 GiB");
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if completes(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi * PAGE
}

/// Resident-set growth per live instance, holding [`PAUSED`] executions
/// paused at their first host call. Linux only (reads `/proc/self/status`);
/// 0 elsewhere.
fn rss_per_paused_instance(engine: &Engine) -> Result<usize, monty_host::Error> {
    let start = || {
        let request =
            StartRequest::new("x = ping(0)\nx + 1").external(ExternalFunction::new("ping", &["x"]));
        match engine.start(request, CaptureSink::default())? {
            Progress::Call(_, execution) => Ok(execution),
            other => panic!("expected a pause at ping(0), got {other:?}"),
        }
    };
    // Warm up: the first instances touch shared, one-time state.
    for _ in 0..4 {
        drop(start()?);
    }
    let before = rss_bytes();
    let held = (0..PAUSED)
        .map(|_| start())
        .collect::<Result<Vec<_>, _>>()?;
    let after = rss_bytes();
    drop(held);
    Ok(after.saturating_sub(before) / PAUSED)
}

fn rss_bytes() -> usize {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<usize>().ok())
        })
        .map_or(0, |kib| kib * 1024)
}

/// The median time of `n` calls of `f`, in ms.
fn median_ms(n: usize, f: &mut dyn FnMut()) -> f64 {
    let mut samples: Vec<Duration> = (0..n)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    ms(percentile(&mut samples, 0.5))
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The external-call round trip (µs per call) and the number of calls: a
/// loop of N host calls vs the same loop without them.
/// Fresh runs of `1 + 1` timed per round of the start figure.
const START_SAMPLES: usize = 700;

/// The start and call figures of each round taken so far.
#[derive(Default)]
struct Rounds {
    /// (median, p99) of the start of each round.
    start: Vec<(Duration, Duration)>,
    /// The call round trip of each round, in microseconds.
    calls: Vec<f64>,
    calls_n: i64,
}

impl Rounds {
    /// Times one round of both figures.
    fn take(&mut self, engine: &Engine) -> Result<(), monty_host::Error> {
        let mut samples: Vec<Duration> = (0..START_SAMPLES)
            .map(|_| {
                let t = Instant::now();
                let progress = engine
                    .start(StartRequest::new("1 + 1"), CaptureSink::default())
                    .expect("runs");
                assert!(matches!(progress, Progress::Complete { .. }));
                t.elapsed()
            })
            .collect();
        let median = percentile(&mut samples, 0.5);
        let p99 = percentile(&mut samples, 0.99);
        self.start.push((median, p99));
        let (per_call, n) = call_round_trip(engine)?;
        self.calls.push(per_call);
        self.calls_n = n;
        Ok(())
    }

    /// Round `i` as a line of the report.
    fn line(&self, i: usize) -> String {
        let (median, p99) = self.start[i];
        format!(
            "round {}: start fresh instance + `1 + 1`: median {:.1} us, p99 {:.1} us; external call round trip: {:.2} us per call ({} calls, best of 5)",
            i + 1,
            us(median),
            us(p99),
            self.calls[i],
            self.calls_n
        )
    }

    /// The round with the lowest median start (median, p99), the lowest
    /// round trip and its number of calls.
    fn best(&self) -> (Duration, Duration, f64, i64) {
        let (median, p99) = *self
            .start
            .iter()
            .min_by_key(|(m, _)| *m)
            .expect("a round was taken");
        let per_call = self.calls.iter().copied().fold(f64::INFINITY, f64::min);
        (median, p99, per_call, self.calls_n)
    }
}

fn call_round_trip(engine: &Engine) -> Result<(f64, i64), monty_host::Error> {
    let mut functions = Functions::new();
    functions.register("ping", &["x"], |call| Ok(call.require("x")?.clone()));
    let n = 5_000; // under the default cap of 10 000 calls per execution
    let with_calls = format!("t = 0\nfor i in range({n}):\n    t += ping(i)\nt");
    let without = format!("t = 0\nfor i in range({n}):\n    t += i\nt");
    // best of 5 runs of each, taken in turns (one run is 10-20 ms: a
    // single sample moved the figure by half on this machine)
    let (mut dt_calls, mut dt_plain) = (Duration::MAX, Duration::MAX);
    for _ in 0..5 {
        let t = Instant::now();
        let out = engine.run_with_functions(&with_calls, &functions)?;
        dt_calls = dt_calls.min(t.elapsed());
        assert_eq!(out.value, Value::Int((0..n).sum()));
        let t = Instant::now();
        engine.run_with_functions(&without, &functions)?;
        dt_plain = dt_plain.min(t.elapsed());
    }
    let per_call = (dt_calls.saturating_sub(dt_plain)).as_secs_f64() * 1e6 / n as f64;
    Ok((per_call, n))
}
