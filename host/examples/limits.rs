//! One concept: limits. A runaway program is stopped and reported as the
//! limit it hit; the engine keeps working afterwards.
//!
//! Run with `cargo run -p monty-host --example limits`.

use std::time::Duration;

use monty_host::{CaptureSink, Config, Engine, Error, Limits, StartRequest};

fn main() -> Result<(), Error> {
    let engine = Engine::new(Config::new())?;
    let cases = [
        (
            "cpu",
            "while True: pass",
            Limits::default().with_fuel(Some(50_000_000)),
        ),
        (
            "time",
            "while True: pass",
            Limits::default()
                .with_fuel(None)
                .with_timeout(Some(Duration::from_millis(100))),
        ),
        (
            "memory",
            "x = []\nwhile True: x.append('a' * 1000000)",
            Limits::default().with_max_memory_bytes(32 << 20),
        ),
        (
            "output",
            "while True: print('spam')",
            Limits::default().with_max_output_bytes(1000),
        ),
    ];
    for (name, code, limits) in cases {
        match engine.start(StartRequest::new(code).limits(limits), CaptureSink::new()) {
            Err(Error::Limit(kind)) => println!("{name}: stopped by the {kind} limit"),
            other => println!("{name}: unexpected {other:?}"),
        }
    }
    println!("still fine: {:?}", engine.run("6 * 7", &[])?.repr);
    Ok(())
}
