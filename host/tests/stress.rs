//! Stress: one engine, 4 threads × 2 000 executions of a mix of programs
//! (plain, a host function call, an uncaught exception, a fuel limit), all
//! checked, with the host's resident memory measured after a warm-up and at
//! the end: instances must not leak. Run it alone for clean figures:
//! `cargo test --release -p monty-host --test stress -- --nocapture`.

mod common;

use std::time::{Duration, Instant};

use common::engine;
use monty_host::{Error, ExternalError, Functions, LimitKind, Limits, StartRequest, Value};

const THREADS: usize = 4;
const PER_THREAD: usize = 2_000;
const WARMUP_PER_THREAD: usize = 125; // 500 in all
/// Allowed RSS growth between the warm-up and the end.
const MAX_GROWTH: u64 = 64 << 20;

/// The host's resident set size, from `/proc/self/status` (Linux only).
fn rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn functions() -> Functions {
    let mut functions = Functions::new();
    functions.register("scale", &["x", "k"], |call| {
        let x = call.require("x")?.as_i64();
        let k = call.require("k")?.as_i64();
        match (x, k) {
            (Some(x), Some(k)) => Ok(Value::Int(x * k)),
            _ => Err(ExternalError::new("TypeError", "ints expected")),
        }
    });
    functions
}

/// Execution number `i` of thread `t`: one of four kinds, checked.
fn one(t: usize, i: usize, functions: &Functions) {
    let engine = engine();
    match i % 4 {
        0 => {
            let outcome = engine.run("1 + 1", &[]).expect("1 + 1 runs");
            assert_eq!(outcome.value, Value::Int(2));
        }
        1 => {
            let n = (t * PER_THREAD + i) as i64;
            let code =
                "total = 0\nfor j in range(3):\n    total += scale(n, k=j)\nprint(total)\ntotal";
            let request = StartRequest::new(code).input("n", Value::Int(n));
            let outcome = engine
                .run_request(request, functions)
                .expect("host call program runs");
            assert_eq!(outcome.value, Value::Int(3 * n));
            assert_eq!(outcome.stdout, format!("{}\n", 3 * n));
        }
        2 => match engine.run("def f(x):\n    return {}[x]\nf('missing')", &[]) {
            Err(Error::Python(e)) => {
                assert_eq!(e.type_name, "KeyError");
                assert_eq!(e.message, "'missing'");
            }
            other => panic!("expected KeyError, got {other:?}"),
        },
        _ => {
            let limits = Limits::default()
                .with_fuel(Some(2_000_000))
                .with_timeout(Some(Duration::from_secs(20)));
            let request = StartRequest::new("x = 0\nwhile True:\n    x += 1").limits(limits);
            match engine.run_request(request, functions) {
                Err(Error::Limit(LimitKind::Fuel)) => {}
                other => panic!("expected Limit(Fuel), got {other:?}"),
            }
        }
    }
}

fn round(range: std::ops::Range<usize>) {
    std::thread::scope(|s| {
        for t in 0..THREADS {
            let range = range.clone();
            s.spawn(move || {
                let functions = functions();
                for i in range {
                    one(t, i, &functions);
                }
            });
        }
    });
}

#[test]
fn four_threads_two_thousand_executions_each_with_stable_rss() {
    let started = Instant::now();
    round(0..WARMUP_PER_THREAD);
    let warm = rss_bytes();
    round(WARMUP_PER_THREAD..PER_THREAD);
    let end = rss_bytes();
    let elapsed = started.elapsed();
    let mib = |b: u64| b as f64 / (1 << 20) as f64;
    match (warm, end) {
        (Some(warm), Some(end)) => {
            println!(
                "stress: {} executions on {THREADS} threads in {:.1} s; RSS after warm-up {:.1} MiB, at end {:.1} MiB",
                THREADS * PER_THREAD,
                elapsed.as_secs_f64(),
                mib(warm),
                mib(end)
            );
            assert!(
                end <= warm + MAX_GROWTH,
                "RSS grew from {:.1} MiB to {:.1} MiB",
                mib(warm),
                mib(end)
            );
        }
        _ => println!("stress: RSS not measurable on this platform"),
    }
}
