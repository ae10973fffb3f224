//! Every limit is enforced, reported as its own kind, and leaves the engine
//! usable. These run real Python through `monty.wasm`.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{assert_limit, engine, run_limited};
use monty_host::{
    Error, ExternalFunction, LimitKind, Limits, Progress, StartRequest, Stream, Value,
};

/// Limits where only the one under test can trigger.
fn base() -> Limits {
    Limits::default()
        .with_fuel(Some(5_000_000_000))
        .with_timeout(Some(Duration::from_secs(20)))
}

/// After any kill the same engine still runs programs.
fn assert_engine_still_works() {
    let outcome = engine()
        .run("x = 20\nx * 2 + 2", &[])
        .expect("engine still works");
    assert_eq!(outcome.value, Value::Int(42));
}

#[test]
fn infinite_loop_runs_out_of_fuel() {
    assert_limit(
        run_limited("while True: pass", base().with_fuel(Some(20_000_000))),
        LimitKind::Fuel,
    );
    assert_engine_still_works();
}

#[test]
fn infinite_loop_without_fuel_hits_the_deadline() {
    let started = Instant::now();
    let limits = base()
        .with_fuel(None)
        .with_timeout(Some(Duration::from_millis(200)));
    assert_limit(run_limited("while True: pass", limits), LimitKind::Time);
    let elapsed = started.elapsed();
    assert!(
        elapsed >= Duration::from_millis(200),
        "stopped too early: {elapsed:?}"
    );
    assert!(
        elapsed < Duration::from_secs(10),
        "stopped too late: {elapsed:?}"
    );
    assert_engine_still_works();
}

#[test]
fn the_guest_instruction_budget_stops_a_loop_without_fuel() {
    let limits = base()
        .with_fuel(None)
        .with_max_instructions(Some(1_000_000));
    assert_limit(
        run_limited("while True: pass", limits.clone()),
        LimitKind::Instructions,
    );
    // native loops count one per item
    assert_limit(
        run_limited("sum(range(10**12))", limits),
        LimitKind::Instructions,
    );
    assert_engine_still_works();
}

#[test]
fn the_instruction_count_is_exact_and_deterministic() {
    let code = "n = 0\nfor i in range(10):\n    n += i\nn";
    let fits = |n: u64| match run_limited(code, base().with_max_instructions(Some(n)))? {
        Progress::Complete { value, .. } => Ok(value),
        other => panic!("unexpected {other:?}"),
    };
    let needed = (1..1000)
        .find(|&n| fits(n).is_ok())
        .expect("a small loop fits in 1000 instructions");
    assert_eq!(fits(needed).expect("same count again"), Value::Int(45));
    assert_limit(fits(needed - 1), LimitKind::Instructions);
}

#[test]
fn memory_bomb_is_stopped() {
    let code = "x = []\nwhile True: x.append('a' * 1000000)";
    assert_limit(
        run_limited(code, base().with_max_memory_bytes(64 << 20)),
        LimitKind::Memory,
    );
    assert_engine_still_works();
}

/// The memory cap reaches the guest's own accounting: one 320 MiB list
/// fits under a 512 MiB cap, and under 64 MiB it is a catchable
/// `MemoryError` raised before allocating, not a killed run.
#[test]
fn the_memory_cap_reaches_the_guest() {
    let code = "x = [0] * (20 * 1024 * 1024)\nlen(x)";
    match run_limited(code, base().with_max_memory_bytes(512 << 20)) {
        Ok(Progress::Complete { value, .. }) => assert_eq!(value, Value::Int(20 * 1024 * 1024)),
        other => panic!("expected the list to fit in 512 MiB, got {other:?}"),
    }
    let code = "try:\n    x = [0] * (20 * 1024 * 1024)\nexcept MemoryError:\n    x = 'caught'\nx";
    match run_limited(code, base().with_max_memory_bytes(64 << 20)) {
        Ok(Progress::Complete { value, .. }) => assert_eq!(value, Value::Str("caught".into())),
        other => panic!("expected a caught MemoryError under 64 MiB, got {other:?}"),
    }
    assert_engine_still_works();
}

#[test]
fn deep_recursion_is_a_python_recursion_error() {
    let code = "def f(n): return f(n+1)\nf(0)";
    match run_limited(code, base()) {
        Err(Error::Python(e)) => assert_eq!(e.type_name, "RecursionError", "{e:?}"),
        other => panic!("expected RecursionError, got {other:?}"),
    }
    // ...which the program can catch, as in CPython.
    let code =
        "def f(n): return f(n+1)\ntry:\n    f(0)\nexcept RecursionError:\n    r = 'caught'\nr";
    match run_limited(code, base()) {
        Ok(Progress::Complete { value, .. }) => assert_eq!(value, Value::from("caught")),
        other => panic!("expected completion, got {other:?}"),
    }
}

#[test]
fn recursion_depth_is_configurable() {
    let code = "def f(n):\n    if n == 0:\n        return 0\n    return f(n - 1) + 1\nf(150)";
    match run_limited(code, base().with_max_recursion_depth(100)) {
        Err(Error::Python(e)) => assert_eq!(e.type_name, "RecursionError"),
        other => panic!("expected RecursionError, got {other:?}"),
    }
    match run_limited(code, base().with_max_recursion_depth(1000)) {
        Ok(Progress::Complete { value, .. }) => assert_eq!(value, Value::Int(150)),
        other => panic!("expected completion, got {other:?}"),
    }
}

#[test]
fn output_flood_is_stopped_at_the_cap() {
    let received = Arc::new(Mutex::new(0usize));
    let counter = received.clone();
    let sink = move |_: Stream, bytes: &[u8]| *counter.lock().unwrap() += bytes.len();
    let request = StartRequest::new("while True:\n    print('x' * 1000)")
        .limits(base().with_max_output_bytes(100_000));
    assert_limit(engine().start(request, sink), LimitKind::Output);
    assert_eq!(
        *received.lock().unwrap(),
        100_000,
        "output reaches the sink up to the cap, not beyond"
    );
    assert_engine_still_works();
}

#[test]
fn external_calls_are_capped() {
    let request = StartRequest::new("while True:\n    f()")
        .external(ExternalFunction::new("f", &[]))
        .limits(base().with_max_external_calls(3));
    let mut progress = engine().start(request, |_: Stream, _: &[u8]| {});
    let mut answered = 0;
    loop {
        match progress {
            Ok(Progress::Call(_, execution)) => {
                answered += 1;
                progress = execution.resume(Ok(Value::None));
            }
            other => {
                assert_limit(other, LimitKind::ExternalCalls);
                break;
            }
        }
    }
    assert_eq!(answered, 3, "exactly max_external_calls calls are made");
}

#[test]
fn fuel_is_shared_by_start_and_every_resume() {
    // Each segment between calls is cheap; together they exceed the budget.
    let request = StartRequest::new("i = 0\nwhile True:\n    f(i)\n    i += 1")
        .external(ExternalFunction::new("f", &["i"]))
        .limits(
            base()
                .with_fuel(Some(30_000_000))
                .with_max_external_calls(u64::MAX),
        );
    let mut progress = engine().start(request, |_: Stream, _: &[u8]| {});
    let mut calls = 0u64;
    let mut last_fuel = 0;
    loop {
        match progress {
            Ok(Progress::Call(_, execution)) => {
                calls += 1;
                assert!(execution.fuel_consumed() >= last_fuel, "fuel only grows");
                last_fuel = execution.fuel_consumed();
                progress = execution.resume(Ok(Value::None));
            }
            other => {
                assert_limit(other, LimitKind::Fuel);
                break;
            }
        }
    }
    assert!(
        calls > 1,
        "the budget spanned several resumes ({calls} calls)"
    );
}

#[test]
fn time_paused_at_a_call_does_not_count() {
    let request = StartRequest::new("f()\n'done'")
        .external(ExternalFunction::new("f", &[]))
        .limits(base().with_timeout(Some(Duration::from_millis(300))));
    let Ok(Progress::Call(_, execution)) = engine().start(request, |_: Stream, _: &[u8]| {}) else {
        panic!("expected a call");
    };
    std::thread::sleep(Duration::from_millis(500));
    assert!(execution.guest_time() < Duration::from_millis(300));
    match execution.resume(Ok(Value::None)) {
        Ok(Progress::Complete { value, .. }) => assert_eq!(value, Value::from("done")),
        other => panic!("expected completion after the pause, got {other:?}"),
    }
}

#[test]
fn time_counts_across_resumes() {
    // Each segment spins ~100 ms of guest time; a budget of four and a half
    // segments is spent by about the fifth even though no single one exceeds
    // it. The margin is wide on purpose: on a loaded machine one segment can
    // take twice as long as the calibration run (CI once saw the second
    // segment alone overrun a 2.5-segment budget).
    let code = "def spin():\n    t = 0\n    for i in range(N):\n        t += i\n    return t\nwhile True:\n    spin()\n    f()";
    // Find an N that takes about 100 ms (without a fuel cap: how much fuel
    // 100 ms take depends on the machine and the build).
    let mut n: i64 = 10_000;
    let segment = loop {
        let request = StartRequest::new(code)
            .input("N", n)
            .external(ExternalFunction::new("f", &[]))
            .limits(base().with_fuel(None));
        let Ok(Progress::Call(_, execution)) = engine().start(request, |_: Stream, _: &[u8]| {})
        else {
            panic!("call")
        };
        if execution.guest_time() >= Duration::from_millis(100) || n > 1 << 32 {
            break execution.guest_time();
        }
        n *= 4;
    };
    let budget = segment * 9 / 2;
    let request = StartRequest::new(code)
        .input("N", n)
        .external(ExternalFunction::new("f", &[]))
        .limits(base().with_fuel(None).with_timeout(Some(budget)));
    let mut progress = engine().start(request, |_: Stream, _: &[u8]| {});
    let mut calls = 0;
    loop {
        match progress {
            Ok(Progress::Call(_, execution)) => {
                calls += 1;
                assert!(calls < 20, "the deadline never fired");
                progress = execution.resume(Ok(Value::None));
            }
            other => {
                assert_limit(other, LimitKind::Time);
                break;
            }
        }
    }
    assert!(calls >= 2, "the deadline spanned resumes ({calls} calls)");
}
