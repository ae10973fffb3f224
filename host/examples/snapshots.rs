//! Snapshot figures: the size of a paused execution's snapshot for typical
//! programs, and the time to save it and to restore it in a fresh instance.
//! Run: `cargo run --release -p monty-host --example snapshots [-- --wasm
//! PATH]` (`--wasm` measures another build of the module). Beside the
//! times, the wasm instructions each step executes (fuel; the same on every
//! run, so builds compare on a noisy machine): the first save of an
//! execution, and a restore including the guest's work in the fresh
//! instance.

use std::time::{Duration, Instant};

use monty_host::{
    CaptureSink, Config, Engine, Execution, ExternalFunction, Progress, StartRequest,
};

/// Typical paused programs: (name, code, externals); each pauses at its
/// first external call or wait.
const PROGRAMS: &[(&str, &str)] = &[
    ("first call of a tiny script", "x = fetch(1)\nx"),
    (
        "loop mid-way, 100-item list of dicts",
        "rows = [{'id': i, 'name': 'item%d' % i} for i in range(100)]\n\
         total = 0\nfor r in rows:\n    total += fetch(r['id'])\ntotal",
    ),
    (
        "inside nested calls (3 frames)",
        "def a(n):\n    return b(n) + 1\ndef b(n):\n    return c(n) * 2\n\
         def c(n):\n    return fetch(n)\na(5)",
    ),
    (
        "class instances + closures",
        "class Acc:
    def __init__(self):
        self.items = []
    def add(self, x):
        self.items.append(x)
acc = Acc()
fs = [lambda i=i: i * i for i in range(50)]
for f in fs:
    acc.add(f())
acc.add(fetch(0))
len(acc.items)",
    ),
    (
        "mid-gather of 10 async calls",
        "import asyncio\nasync def main():\n    return await asyncio.gather(*[afetch(i) for i in range(10)])\n\
         asyncio.run(main())",
    ),
    (
        "10 000-int list in memory",
        "data = list(range(10000))\nfetch(len(data))",
    ),
];

fn paused(engine: &Engine, code: &str) -> Execution {
    let request = StartRequest::new(code)
        .external(ExternalFunction::new("fetch", &["x"]))
        .external(ExternalFunction {
            is_async: true,
            ..ExternalFunction::new("afetch", &["x"])
        });
    match engine.start(request, CaptureSink::new()).expect("starts") {
        Progress::Call(_, e) | Progress::Wait(_, e) => e,
        other => panic!("expected a pause, got {other:?}"),
    }
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let wasm = match (args.next().as_deref(), args.next()) {
        (None, _) => None,
        (Some("--wasm"), Some(path)) => Some(path.into()),
        _ => {
            eprintln!("usage: snapshots [--wasm PATH]");
            std::process::exit(2);
        }
    };
    let engine = Engine::new(Config::new().module_path(wasm)).expect("engine");
    println!("| paused program | snapshot bytes | save (median) | restore in a fresh instance (median) | save, restore (wasm instructions) |");
    println!("|---|--:|--:|--:|--:|");
    for (name, code) in PROGRAMS {
        let mut execution = paused(&engine, code);
        let before = execution.fuel_consumed();
        let bytes = execution.snapshot().expect("snapshot");
        let save_fuel = execution.fuel_consumed() - before;
        let restore_fuel = match engine.restore(&bytes, None, CaptureSink::new()) {
            Ok(Progress::Call(_, e) | Progress::Wait(_, e)) => e.fuel_consumed(),
            _ => panic!("the snapshot restores to its pause"),
        };
        let save = median(
            (0..50)
                .map(|_| {
                    let t = Instant::now();
                    execution.snapshot().expect("snapshot");
                    t.elapsed()
                })
                .collect(),
        );
        let restore = median(
            (0..50)
                .map(|_| {
                    let t = Instant::now();
                    let progress = engine
                        .restore(&bytes, None, CaptureSink::new())
                        .expect("restores");
                    let elapsed = t.elapsed();
                    assert!(matches!(progress, Progress::Call(..) | Progress::Wait(..)));
                    elapsed
                })
                .collect(),
        );
        println!(
            "| {name} | {} | {:.1} µs | {:.1} µs | {save_fuel}, {restore_fuel} |",
            bytes.len(),
            save.as_secs_f64() * 1e6,
            restore.as_secs_f64() * 1e6
        );
    }
}
