//! Measures the concurrency of `Engine::run_async`: a program gathers ten
//! tool calls that each take 100 ms (a `tokio::time::sleep` standing in for
//! a network call). Run: `cargo run --release -p monty-host --example async_gather`

use std::time::{Duration, Instant};

use monty_host::{AsyncFunctions, Config, Engine, StartRequest, Value};

const PROGRAM: &str = "\
import asyncio
async def main():
    return await asyncio.gather(*[fetch(i) for i in range(10)])
asyncio.run(main())";

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), monty_host::Error> {
    let engine = Engine::new(Config::new())?;
    let mut functions = AsyncFunctions::new();
    functions.register("fetch", &["i"], |call| async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        Ok(call.require("i")?.clone())
    });
    // Warm up (the first run may compile or load the cached module).
    engine
        .run_async(StartRequest::new(PROGRAM), &functions)
        .await?;
    let mut times = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let outcome = engine
            .run_async(StartRequest::new(PROGRAM), &functions)
            .await?;
        times.push(t.elapsed());
        assert_eq!(
            outcome.value,
            Value::List((0..10).map(Value::Int).collect())
        );
    }
    times.sort();
    println!(
        "gather of 10 tool calls x 100 ms: median {:.1} ms (min {:.1}, max {:.1}); sequential would be 1000 ms",
        times[2].as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[4].as_secs_f64() * 1e3
    );
    Ok(())
}
