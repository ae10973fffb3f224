//! `Engine::run_async` through the real module: announced calls run
//! concurrently (proved with a barrier every call must reach, not with
//! timing), results keep gather's order, errors are raised in the awaiting
//! task and catchable, plain functions pause the program, and timers follow
//! the sleep policy (virtual by default, real with a cap).

mod common;

use std::sync::Arc;
use std::time::Duration;

use monty_host::{
    AsyncFunctions, Error, ExternalError, LimitKind, Limits, SleepPolicy, StartRequest, Value,
};

const GATHER_TEN: &str = "\
import asyncio
async def main():
    return await asyncio.gather(*[fetch(i) for i in range(10)])
asyncio.run(main())";

/// A program gathering ten calls whose functions each wait until all ten
/// have started: it can only finish if the calls run concurrently.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gathered_calls_run_concurrently() {
    let barrier = Arc::new(tokio::sync::Barrier::new(10));
    let mut functions = AsyncFunctions::new();
    functions.register("fetch", &["i"], move |call| {
        let barrier = barrier.clone();
        async move {
            let i = call.require("i")?.as_i64().unwrap_or(-1);
            barrier.wait().await;
            Ok(Value::Int(i * 10))
        }
    });
    let run = common::engine().run_async(StartRequest::new(GATHER_TEN), &functions);
    let outcome = tokio::time::timeout(Duration::from_secs(60), run)
        .await
        .expect("the calls did not all run at once (the barrier never opened)")
        .expect("runs");
    let expected: Vec<Value> = (0..10).map(|i| Value::Int(i * 10)).collect();
    assert_eq!(outcome.value, Value::List(expected));
}

/// Results arriving in reverse order still land in gather's order, and the
/// program resumes with each batch as it arrives.
#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn results_arriving_out_of_order_keep_gather_order() {
    let mut functions = AsyncFunctions::new();
    functions.register("fetch", &["i"], |call| async move {
        let i = call.require("i")?.as_i64().unwrap_or(0);
        tokio::time::sleep(Duration::from_millis(100 * (10 - i as u64))).await;
        Ok(Value::Int(i))
    });
    let outcome = common::engine()
        .run_async(StartRequest::new(GATHER_TEN), &functions)
        .await
        .expect("runs");
    assert_eq!(
        outcome.value,
        Value::List((0..10).map(Value::Int).collect())
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_failing_call_raises_in_the_awaiting_task() {
    let mut functions = AsyncFunctions::new();
    functions.register("lookup", &["key"], |call| async move {
        match call.require("key")?.as_str() {
            Some("ok") => Ok(Value::Str("found".into())),
            _ => Err(ExternalError::new("KeyError", "missing")),
        }
    });
    let code = "\
import asyncio
async def safe(k):
    try:
        return await lookup(k)
    except KeyError as e:
        return 'caught ' + str(e)
async def main():
    return await asyncio.gather(safe('ok'), safe('nope'), lookup('nope'), return_exceptions=True)
r = asyncio.run(main())
[r[0], r[1], type(r[2]).__name__]";
    let outcome = common::engine()
        .run_async(StartRequest::new(code), &functions)
        .await
        .expect("runs");
    assert_eq!(
        outcome.value,
        Value::List(vec![
            Value::Str("found".into()),
            Value::Str("caught 'missing'".into()),
            Value::Str("KeyError".into()),
        ])
    );
}

#[tokio::test(flavor = "current_thread")]
async fn plain_functions_pause_the_program_and_unknown_names_fail() {
    let mut functions = AsyncFunctions::new();
    functions.register_plain("double", &["x"], |call| async move {
        Ok(Value::Int(call.require("x")?.as_i64().unwrap_or(0) * 2))
    });
    let outcome = common::engine()
        .run_async(StartRequest::new("double(21)"), &functions)
        .await
        .expect("runs");
    assert_eq!(outcome.value, Value::Int(42));
    let error = common::engine()
        .run_async(
            StartRequest::new("missing(1)")
                .external(monty_host::ExternalFunction::new("missing", &["x"])),
            &functions,
        )
        .await
        .expect_err("unknown function");
    assert!(
        matches!(error, Error::Python(ref e) if e.type_name == "NameError"),
        "{error:?}"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_panicking_function_is_an_error_in_the_program() {
    let mut functions = AsyncFunctions::new();
    functions.register("boom", &[], |_call| async move {
        if true {
            panic!("tool bug");
        }
        Ok(Value::None)
    });
    let code = "\
import asyncio
async def main():
    try:
        await boom()
    except RuntimeError as e:
        return str(e)
asyncio.run(main())";
    let outcome = common::engine()
        .run_async(StartRequest::new(code), &functions)
        .await
        .expect("runs");
    assert_eq!(
        outcome.value,
        Value::Str("the host function panicked".into())
    );
}

/// Under real time, `wait_for` expires against a slow tool; under virtual
/// time (the default) the tool takes no sandbox time and the call wins.
#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn wait_for_times_out_on_a_slow_tool_only_in_real_time() {
    let mut functions = AsyncFunctions::new();
    functions.register("slow", &[], |_call| async move {
        tokio::time::sleep(Duration::from_secs(5)).await;
        Ok(Value::Str("done".into()))
    });
    let code = "\
import asyncio
async def main():
    try:
        return await asyncio.wait_for(slow(), timeout=1)
    except TimeoutError:
        return 'timed out'
asyncio.run(main())";
    let real = Limits::default().with_sleep(SleepPolicy::Real {
        max_total: Duration::from_secs(60),
    });
    let outcome = common::engine()
        .run_async(StartRequest::new(code).limits(real), &functions)
        .await
        .expect("runs");
    assert_eq!(outcome.value, Value::Str("timed out".into()));
    let outcome = common::engine()
        .run_async(StartRequest::new(code), &functions)
        .await
        .expect("runs");
    assert_eq!(outcome.value, Value::Str("done".into()));
}

/// A sleep past the real-time cap is refused at once with the time limit.
#[tokio::test(flavor = "current_thread", start_paused = true)]
async fn real_sleeps_are_capped() {
    let capped = Limits::default().with_sleep(SleepPolicy::Real {
        max_total: Duration::from_secs(2),
    });
    let code = "import asyncio\nasync def nap(s):\n    await asyncio.sleep(s)\nasyncio.run(nap(1))\nasyncio.run(nap(5))";
    let error = common::engine()
        .run_async(
            StartRequest::new(code).limits(capped),
            &AsyncFunctions::new(),
        )
        .await
        .expect_err("over the cap");
    assert!(matches!(error, Error::Limit(LimitKind::Time)), "{error:?}");
}

/// The sync API keeps working, and lets timers fire by the policy too.
#[test]
fn sync_api_runs_sleeps_virtually() {
    let code = "import asyncio\nasync def f():\n    await asyncio.sleep(3600)\n    return 'woke'\nasyncio.run(f())";
    let outcome = common::engine().run(code, &[]).expect("runs");
    assert_eq!(outcome.value, Value::Str("woke".into()));
}

/// `asyncio.sleep(inf)` is a timer like any other (JSON has no infinity:
/// the guest reports the largest finite delay), not "no timer" (an
/// internal error of the host, found by the short fuzz run): under virtual
/// time it fires and the program goes on.
#[test]
fn an_infinite_sleep_is_a_timer() {
    let code = "import asyncio\nasync def f():\n    await asyncio.sleep(float('inf'))\n    return 'woke'\nasyncio.run(f())";
    let outcome = common::engine().run(code, &[]).expect("runs");
    assert_eq!(outcome.value, Value::Str("woke".into()));
}
