//! The library API end to end: values, errors, external calls, streaming
//! output, concurrency. These run real Python through `monty.wasm`.

mod common;

use std::sync::{Arc, Mutex};

use common::engine;
use monty_host::{
    CaptureSink, Error, ExternalError, ExternalFunction, Functions, Progress, StartRequest, Stream,
    Value,
};
use num_bigint::BigInt;

#[test]
fn final_expression_value_and_repr() {
    let outcome = engine().run("x = 40\nprint('hi')\nx + 2", &[]).unwrap();
    assert_eq!(outcome.value, Value::Int(42));
    assert_eq!(outcome.repr.as_deref(), Some("42"));
    assert_eq!(outcome.stdout, "hi\n");

    let outcome = engine().run("x = 1", &[]).unwrap();
    assert_eq!(outcome.value, Value::None);
    assert_eq!(outcome.repr, None);

    let outcome = engine().run("'a\\'b'", &[]).unwrap();
    assert_eq!(outcome.repr.as_deref(), Some(r#""a'b""#));
}

#[test]
fn inputs_become_globals() {
    let outcome = engine()
        .run(
            "a * 2 + len(b)",
            &[("a", Value::Int(20)), ("b", Value::from("xy"))],
        )
        .unwrap();
    assert_eq!(outcome.value, Value::Int(42));
}

#[test]
fn values_round_trip_through_the_guest() {
    let big: BigInt = "123456789012345678901234567890".parse().unwrap();
    let values = vec![
        Value::None,
        Value::Bool(true),
        Value::Int(-7),
        Value::Int(1 << 60),
        Value::from_bigint(big),
        Value::Float(1.0),
        Value::Float(-0.5),
        Value::Float(f64::INFINITY),
        Value::from("héllo"),
        Value::List(vec![Value::Int(1), Value::List(vec![])]),
        Value::Tuple(vec![Value::Int(1), Value::from("a")]),
        Value::dict([("k", Value::Int(1)), ("$x", Value::Int(2))]),
        Value::Dict(vec![
            (Value::Int(1), Value::from("one")),
            (Value::Tuple(vec![Value::Int(2)]), Value::None),
        ]),
        Value::dict([("$only", Value::Int(1))]),
    ];
    for value in values {
        let outcome = engine()
            .run("v", &[("v", value.clone())])
            .unwrap_or_else(|e| panic!("{value:?}: {e}"));
        assert_eq!(outcome.value, value);
    }
    let outcome = engine().run("float('nan')", &[]).unwrap();
    assert!(matches!(outcome.value, Value::Float(f) if f.is_nan()));
    let outcome = engine().run("(1, 'a', [2.5, None])", &[]).unwrap();
    assert_eq!(outcome.repr.as_deref(), Some("(1, 'a', [2.5, None])"));
}

#[test]
fn uncaught_exception_has_type_message_and_traceback() {
    let request = StartRequest::new("x = 1\n1/0").filename("prog.py");
    match engine().start(request, CaptureSink::new()) {
        Err(Error::Python(e)) => {
            assert_eq!(e.type_name, "ZeroDivisionError");
            assert_eq!(e.message, "division by zero");
            assert!(
                e.traceback
                    .starts_with("Traceback (most recent call last):"),
                "{}",
                e.traceback
            );
            assert!(
                e.traceback.contains("File \"prog.py\", line 2"),
                "{}",
                e.traceback
            );
            assert!(
                e.traceback
                    .trim_end()
                    .ends_with("ZeroDivisionError: division by zero"),
                "{}",
                e.traceback
            );
        }
        other => panic!("expected ZeroDivisionError, got {other:?}"),
    }
}

#[test]
fn syntax_errors_are_python_errors() {
    match engine().run("x = (", &[]) {
        Err(Error::Python(e)) => assert_eq!(e.type_name, "SyntaxError"),
        other => panic!("expected SyntaxError, got {other:?}"),
    }
}

fn arithmetic() -> Functions {
    let mut functions = Functions::new();
    functions.register("add", &["a", "b"], |call| {
        let a = call
            .require("a")?
            .as_i64()
            .ok_or_else(|| ExternalError::new("TypeError", "int expected"))?;
        let b = call
            .require("b")?
            .as_i64()
            .ok_or_else(|| ExternalError::new("TypeError", "int expected"))?;
        Ok(Value::Int(a + b))
    });
    functions.register("fail", &["message"], |call| {
        Err(ExternalError::new(
            "ValueError",
            call.require("message")?.as_str().unwrap_or("?"),
        ))
    });
    functions.register("weird", &[], |_| {
        Err(ExternalError::new("NoSuchErrorType", "strange"))
    });
    functions
}

#[test]
fn external_call_returns_a_value() {
    let outcome = engine()
        .run_with_functions("r = add(40, b=2)\nprint(r)\nr", &arithmetic())
        .unwrap();
    assert_eq!(outcome.value, Value::Int(42));
    assert_eq!(outcome.stdout, "42\n");
}

#[test]
fn external_error_is_catchable() {
    let code = "try:\n    fail('boom')\nexcept ValueError as e:\n    r = 'caught ' + str(e)\nr";
    let outcome = engine().run_with_functions(code, &arithmetic()).unwrap();
    assert_eq!(outcome.value, Value::from("caught boom"));
}

#[test]
fn uncaught_external_error_keeps_its_type() {
    match engine().run_with_functions("fail('boom')", &arithmetic()) {
        Err(Error::Python(e)) => {
            assert_eq!(
                (e.type_name.as_str(), e.message.as_str()),
                ("ValueError", "boom")
            );
        }
        other => panic!("expected ValueError, got {other:?}"),
    }
    match engine().run_with_functions("weird()", &arithmetic()) {
        Err(Error::Python(e)) => assert_eq!(e.type_name, "RuntimeError"),
        other => panic!("expected RuntimeError, got {other:?}"),
    }
}

#[test]
fn output_is_streamed_before_the_pause() {
    let seen = Arc::new(Mutex::new(Vec::<u8>::new()));
    let log = seen.clone();
    let sink = move |stream: Stream, bytes: &[u8]| {
        assert_eq!(stream, Stream::Stdout);
        log.lock().unwrap().extend_from_slice(bytes);
    };
    let request = StartRequest::new("print('before')\nx = f(1, 2, k='v')\nprint('after', x)")
        .external(ExternalFunction {
            name: "f".into(),
            params: None,
            is_async: false,
            module: None,
        });
    let Ok(Progress::Call(call, execution)) = engine().start(request, sink) else {
        panic!("expected a call")
    };
    assert_eq!(String::from_utf8_lossy(&seen.lock().unwrap()), "before\n");
    assert_eq!(call.name, "f");
    assert_eq!(call.args, vec![Value::Int(1), Value::Int(2)]);
    assert_eq!(call.kwargs, vec![("k".to_owned(), Value::from("v"))]);
    assert_eq!(execution.pending_ids(), vec![call.id]);
    match execution.resume(Ok(Value::Tuple(vec![Value::Int(7)]))) {
        Ok(Progress::Complete { value, .. }) => assert_eq!(value, Value::None),
        other => panic!("expected completion, got {other:?}"),
    }
    assert_eq!(
        String::from_utf8_lossy(&seen.lock().unwrap()),
        "before\nafter (7,)\n"
    );
}

#[test]
fn stderr_is_a_separate_stream() {
    let sink = CaptureSink::new();
    let request = StartRequest::new("import sys\nprint('out')\nprint('err', file=sys.stderr)");
    match engine().start(request, sink.clone()) {
        Ok(_) => {
            assert_eq!(sink.stdout(), "out\n");
            assert_eq!(sink.stderr(), "err\n");
        }
        // Until the guest supports `import sys` there is no way to write to
        // stderr from Python; then this test tightens by itself.
        Err(Error::Python(e)) if e.type_name == "NotImplementedError" => {}
        Err(other) => panic!("{other:?}"),
    }
}

/// A class the sandbox cannot subclass yet (a builtin type, or a native
/// class such as `defaultdict`) is refused with a NotImplementedError
/// naming it, not a confusing TypeError.
#[test]
fn unsupported_subclassing_names_the_class() {
    for (code, name) in [
        ("class D(dict):\n    pass", "'dict'"),
        (
            "from collections import defaultdict\nclass D(defaultdict):\n    pass",
            "defaultdict'",
        ),
        (
            "import datetime\nclass D(datetime.date):\n    pass",
            "date'",
        ),
    ] {
        match engine().run(code, &[]) {
            Err(Error::Python(e)) => {
                assert_eq!(e.type_name, "NotImplementedError", "{code}");
                assert!(e.message.contains(name), "{code}: {}", e.message);
            }
            other => panic!("{code}: {other:?}"),
        }
    }
}

#[test]
fn paused_executions_can_move_between_threads() {
    let request = StartRequest::new("f() + 1").external(ExternalFunction::new("f", &[]));
    let Ok(Progress::Call(_, execution)) = engine().start(request, CaptureSink::new()) else {
        panic!("call")
    };
    let value = std::thread::spawn(move || match execution.resume(Ok(Value::Int(41))) {
        Ok(Progress::Complete { value, .. }) => value,
        other => panic!("{other:?}"),
    })
    .join()
    .unwrap();
    assert_eq!(value, Value::Int(42));
}

#[test]
fn two_threads_execute_at_once_on_one_engine() {
    let shared = engine().clone();
    let handles: Vec<_> = (0..2)
        .map(|k| {
            let engine = shared.clone();
            std::thread::spawn(move || {
                let code = "t = 0\nfor i in range(20000):\n    t += i * k\nt";
                engine.run(code, &[("k", Value::Int(k))]).unwrap().value
            })
        })
        .collect();
    let results: Vec<Value> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(results, vec![Value::Int(0), Value::Int(199990000)]);
}

#[test]
fn many_executions_reuse_the_pool() {
    // More executions than pool slots: each one's slot is returned when it ends.
    for i in 0..100 {
        let outcome = engine().run("n + 1", &[("n", Value::Int(i))]).unwrap();
        assert_eq!(outcome.value, Value::Int(i + 1));
    }
}

#[test]
fn check_reports_syntax_errors_without_running() {
    let report = engine().check("print('never runs')\n", "main.py").unwrap();
    assert!(report.ok, "{report:?}");
    let report = engine().check("x = 1\ny = (\n", "main.py").unwrap();
    assert!(!report.ok);
    assert_eq!(report.diagnostics[0].type_name, "SyntaxError");
}

#[test]
fn snapshots_are_refused_clearly_until_supported() {
    let request = StartRequest::new("f()").external(ExternalFunction::new("f", &[]));
    let Ok(Progress::Call(_, mut execution)) = engine().start(request, CaptureSink::new()) else {
        panic!("call")
    };
    match execution.snapshot() {
        Ok(bytes) => assert!(!bytes.is_empty()),
        Err(Error::Internal(message)) => assert!(message.contains("snapshot"), "{message}"),
        Err(other) => panic!("{other:?}"),
    }
}

#[test]
fn a_module_with_foreign_imports_is_refused() {
    // (module (import "env" "f" (func)))
    let wasm = b"\0asm\x01\0\0\0\x01\x04\x01\x60\0\0\x02\x09\x01\x03env\x01f\x00\x00".to_vec();
    let error = monty_host::Engine::new(
        monty_host::Config::new()
            .module_bytes(wasm)
            .pooling_allocator(false),
    )
    .unwrap_err();
    assert!(error.to_string().contains("env::f"), "{error}");
}

/// Tests that create their own engines take this, so the epoch-thread count
/// is not disturbed by another test's engine.
static OWN_ENGINE: Mutex<()> = Mutex::new(());

#[test]
fn pool_exhaustion_is_an_error_and_slots_come_back() {
    let _serial = OWN_ENGINE.lock().unwrap_or_else(|e| e.into_inner());
    let config = monty_host::Config::new()
        .module_path(common::wasm_override())
        .cache_dir(common::cache_dir())
        .max_concurrent_executions(2);
    let small = monty_host::Engine::new(config).unwrap();
    let paused = |engine: &monty_host::Engine| {
        let request = StartRequest::new("f()").external(ExternalFunction::new("f", &[]));
        match engine.start(request, CaptureSink::new()) {
            Ok(Progress::Call(_, execution)) => Ok(execution),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e),
        }
    };
    let first = paused(&small).unwrap();
    let _second = paused(&small).unwrap();
    match paused(&small) {
        Err(Error::Internal(_)) => {}
        other => panic!("expected an internal error for a full pool, got {other:?}"),
    }
    drop(first);
    paused(&small).expect("a slot is free again");
}

#[cfg(target_os = "linux")]
#[test]
fn the_epoch_thread_stops_with_the_engine() {
    fn epoch_threads() -> usize {
        std::fs::read_dir("/proc/self/task")
            .unwrap()
            .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
            .filter(|name| name.trim() == "monty-epoch")
            .count()
    }
    /// Threads name themselves once running: poll until the count settles.
    fn wait_for(count: usize) -> usize {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
        while epoch_threads() != count && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        epoch_threads()
    }
    let _serial = OWN_ENGINE.lock().unwrap_or_else(|e| e.into_inner());
    let _ = engine(); // the shared engine (and its thread) exists before counting
    let before = wait_for(1);
    let config = monty_host::Config::new()
        .module_path(common::wasm_override())
        .cache_dir(common::cache_dir());
    let extra = monty_host::Engine::new(config).unwrap();
    assert_eq!(wait_for(before + 1), before + 1);
    drop(extra);
    assert_eq!(wait_for(before), before);
}
