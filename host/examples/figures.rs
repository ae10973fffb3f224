//! Measures the figures the issues ask for: in-process start of a fresh
//! instance + `1 + 1` (median and p99), the external-call round trip, and
//! the cost of fuel metering on a compute program.
//! Run: `cargo run --release -p monty-host --example figures`

use std::time::{Duration, Instant};

use monty_host::{CaptureSink, Config, Engine, Functions, Progress, StartRequest, Value};

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

fn main() -> Result<(), monty_host::Error> {
    let engine = Engine::new(Config::new())?;

    // Start latency: fresh instance + `1 + 1`, to completion.
    for _ in 0..50 {
        engine.run("1 + 1", &[])?;
    }
    let mut samples: Vec<Duration> = (0..2000)
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
    println!(
        "start fresh instance + `1 + 1`: median {:.1} us, p99 {:.1} us",
        us(median),
        us(p99)
    );

    // External-call round trip: a loop of N calls vs the same loop without.
    let mut functions = Functions::new();
    functions.register("ping", &["x"], |call| Ok(call.require("x")?.clone()));
    let n = 5_000; // under the default cap of 10 000 calls per execution
    let with_calls = format!("t = 0\nfor i in range({n}):\n    t += ping(i)\nt");
    let without = format!("t = 0\nfor i in range({n}):\n    t += i\nt");
    let t = Instant::now();
    let out = engine.run_with_functions(&with_calls, &functions)?;
    let dt_calls = t.elapsed();
    assert_eq!(out.value, Value::Int((0..n).sum()));
    let t = Instant::now();
    engine.run_with_functions(&without, &functions)?;
    let dt_plain = t.elapsed();
    let per_call = (dt_calls.saturating_sub(dt_plain)).as_secs_f64() * 1e6 / n as f64;
    println!("external call round trip: {per_call:.2} us per call ({n} calls)");

    // Fuel metering overhead on a compute program.
    let compute = "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n\
                   t = 0\nfor i in range(300000):\n    t += i % 7\nfib(24) + t";
    let unmetered = Engine::new(Config::new().fuel_metering(false))?;
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
    println!(
        "fuel metering: {:.1} ms with, {:.1} ms without ({:+.1}%)",
        metered.as_secs_f64() * 1e3,
        plain.as_secs_f64() * 1e3,
        (metered.as_secs_f64() / plain.as_secs_f64() - 1.0) * 100.0
    );
    Ok(())
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}
