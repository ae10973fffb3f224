//! Sessions through `monty.wasm`: cells that share state, per-cell limits
//! and output, exceptions that leave the session usable, limits that end
//! it, and snapshots between cells and inside one, continued by another
//! engine (another process: `cli.rs`).

mod common;

use common::engine;
use monty_host::{
    CaptureSink, Config, Engine, Error, Functions, LimitKind, Limits, Progress, StartRequest, Value,
};

fn tools() -> Functions {
    let mut functions = Functions::new();
    functions.register("fetch", &["n"], |call| {
        let n = call.require("n")?.as_i64().unwrap_or(0);
        Ok(Value::List((0..n).map(Value::Int).collect()))
    });
    functions
}

#[test]
fn cells_share_globals_functions_classes_and_imports() {
    let mut s = engine().session();
    let f = tools();
    let first = s
        .run(
            "import statistics\nrows = fetch(5)\nclass Box:\n    def __init__(self, v):\n        self.v = v\nprint(len(rows))",
            &f,
        )
        .unwrap();
    assert_eq!(first.stdout, "5\n");
    assert_eq!(first.value, Value::None);
    let second = s.run("b = Box(statistics.mean(rows))\nb.v", &f).unwrap();
    assert_eq!(second.value, Value::Int(2));
    assert_eq!(second.repr.as_deref(), Some("2"));
    // each cell's output is its own
    assert_eq!(second.stdout, "");
    assert_eq!(s.cells(), 2);
}

#[test]
fn an_exception_leaves_the_session_usable() {
    let mut s = engine().session();
    let f = Functions::new();
    let err = s.run("a = 1\nb = [][0]\nc = 3", &f).unwrap_err();
    let Error::Python(e) = err else {
        panic!("expected a Python error, got {err:?}")
    };
    assert_eq!(e.type_name, "IndexError");
    assert!(
        e.traceback
            .contains("File \"main.py\", line 2, in <module>"),
        "{}",
        e.traceback
    );
    assert_eq!(s.run("a", &f).unwrap().value, Value::Int(1));
    let err = s.run("c", &f).unwrap_err();
    assert!(
        matches!(&err, Error::Python(e) if e.type_name == "NameError"),
        "{err:?}"
    );
    let err = s.run("def f(:\n", &f).unwrap_err();
    assert!(
        matches!(&err, Error::Python(e) if e.type_name == "SyntaxError"),
        "{err:?}"
    );
    assert_eq!(s.run("a + 1", &f).unwrap().value, Value::Int(2));
}

#[test]
fn limits_are_per_cell_and_a_breach_ends_the_session() {
    let mut s = engine().session();
    let f = Functions::new();
    let small = Limits {
        fuel: Some(200_000_000),
        ..Limits::default()
    };
    // each cell gets the whole budget: three cells of most of it pass
    for _ in 0..3 {
        let req = StartRequest::new("n = 0\nfor i in range(100_000):\n    n += i\nn")
            .limits(small.clone());
        assert_eq!(
            s.run_request(req, &f).unwrap().value,
            Value::Int(4_999_950_000)
        );
    }
    let req = StartRequest::new("while True:\n    pass").limits(small);
    let err = s.run_request(req, &f).unwrap_err();
    assert!(matches!(err, Error::Limit(LimitKind::Fuel)), "{err:?}");
    let err = s.run("1", &f).unwrap_err();
    assert!(err.to_string().contains("the session is over"), "{err}");
}

#[test]
fn a_session_snapshot_continues_in_another_engine() {
    let mut s = engine().session();
    let f = tools();
    s.run("data = {'rows': fetch(3)}\nimport json", &f).unwrap();
    let bytes = s.snapshot().unwrap();
    // the original goes on independently
    s.run("data['rows'].append(99)", &f).unwrap();
    // another engine with the same snapshot key (as another process has)
    let key = [7u8; 32];
    let a = Engine::new(
        Config::new()
            .module_path(common::wasm_override())
            .snapshot_key(key),
    )
    .unwrap();
    let mut s2 = a.session();
    s2.run("x = 1", &f).unwrap();
    let sealed = s2.snapshot().unwrap();
    let b = Engine::new(
        Config::new()
            .module_path(common::wasm_override())
            .snapshot_key(key),
    )
    .unwrap();
    let (mut t, paused) = b
        .restore_session(&sealed, None, CaptureSink::new())
        .unwrap();
    assert!(paused.is_none());
    assert_eq!(t.run("x + 1", &f).unwrap().value, Value::Int(2));
    // the first engine's snapshot restores in the first engine
    let (mut u, _) = engine()
        .restore_session(&bytes, None, CaptureSink::new())
        .unwrap();
    let out = u.run("json.dumps(data)", &f).unwrap();
    assert_eq!(out.value, Value::from("{\"rows\": [0, 1, 2]}"));
}

#[test]
fn a_cell_paused_at_a_call_snapshots_and_the_session_goes_on() {
    let engine = engine();
    let mut s = engine.session();
    let f = tools();
    s.run("total = 10", &f).unwrap();
    let req = StartRequest::new("total += len(fetch(4))\ntotal")
        .external(monty_host::ExternalFunction::new("fetch", &["n"]));
    let Progress::Call(call, mut execution) = s.feed(req, CaptureSink::new()).unwrap() else {
        panic!("expected a call")
    };
    // the next cell waits for this one
    let err = s.run("1", &f).unwrap_err();
    assert!(err.to_string().contains("still paused"), "{err}");
    let bytes = execution.snapshot().unwrap();
    drop(execution);
    // dropping the paused execution lost the original session
    assert!(s
        .run("1", &f)
        .unwrap_err()
        .to_string()
        .contains("session is over"));
    let (mut t, paused) = engine
        .restore_session(&bytes, None, CaptureSink::new())
        .unwrap();
    let Some(Progress::Call(again, execution)) = paused else {
        panic!("expected the pause")
    };
    assert_eq!(again.name, call.name);
    let done = execution.resume(f.dispatch(&again)).unwrap();
    assert!(
        matches!(
            done,
            Progress::Complete {
                value: Value::Int(14),
                ..
            }
        ),
        "{done:?}"
    );
    assert_eq!(t.run("total * 2", &f).unwrap().value, Value::Int(28));
}

#[test]
fn a_one_off_snapshot_is_not_a_session() {
    let engine = engine();
    let mut s = engine.session();
    assert!(s
        .snapshot()
        .unwrap_err()
        .to_string()
        .contains("no state yet"));
    s.run("x = 1", &Functions::new()).unwrap();
    let bytes = s.snapshot().unwrap();
    let err = engine
        .restore(&bytes, None, CaptureSink::new())
        .unwrap_err();
    assert!(err.to_string().contains("restore_session"), "{err}");
}
