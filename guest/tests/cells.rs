//! Sessions driven natively through the guest's message API: cells that
//! share state, fail and go on, pause at host calls, and move between
//! instances as snapshots (between cells and inside one).

mod support;

use monty_guest::Session;
use monty_wire::{Limits, Ordered, Progress, Reply, Request, Resume, SessionStep, Value};
use support::{call, external, parse, resume, start, value};

fn cell(code: &str, step: SessionStep) -> Request {
    Request {
        code: code.into(),
        filename: "<cell>".into(),
        inputs: Ordered::default(),
        externals: Vec::new(),
        limits: Limits::default(),
        cwd: None,
        session: Some(step),
    }
}

fn feed(session: &mut Session, code: &str) -> Progress {
    start(session, &cell(code, SessionStep::Next))
}

fn error(p: Progress) -> (String, String) {
    match p {
        Progress::Error { error } => (error.type_name, error.traceback),
        other => panic!("expected an error, got {other:?}"),
    }
}

fn new_session(first: &str) -> (Session, Progress) {
    let mut s = Session::default();
    let p = start(&mut s, &cell(first, SessionStep::New));
    (s, p)
}

fn restore(bytes: &[u8]) -> (Session, Progress) {
    let mut s = Session::default();
    let p = parse(&s.restore(bytes));
    (s, p)
}

#[test]
fn globals_functions_classes_and_imports_outlive_a_cell() {
    let (mut s, p) = new_session("import json\nx = 40\ndef f():\n    return x + y\n");
    assert_eq!(value(p), Value::None);
    // a function of the first cell finds a global of the second
    assert_eq!(value(feed(&mut s, "y = 2\nf()")), Value::Int(42));
    feed(
        &mut s,
        "class Point:\n    def __init__(self, x):\n        self.x = x\n",
    );
    let p = feed(&mut s, "json.dumps([Point(3).x, len('ab')])");
    assert_eq!(value(p), Value::Str("[3, 2]".into()));
}

#[test]
fn an_exception_leaves_the_state_as_it_was_at_the_raise() {
    let (mut s, _) = new_session("def boom():\n    return 1 / 0\n");
    let (kind, tb) = error(feed(&mut s, "a = 1\nboom()\nb = 2\n"));
    assert_eq!(kind, "ZeroDivisionError");
    // each frame names its own cell and quotes its line
    assert!(
        tb.contains("File \"<cell>\", line 2, in <module>\n    boom()"),
        "{tb}"
    );
    assert!(tb.contains("line 2, in boom\n    return 1 / 0"), "{tb}");
    assert_eq!(value(feed(&mut s, "a")), Value::Int(1));
    let (kind, _) = error(feed(&mut s, "b"));
    assert_eq!(kind, "NameError");
    // a cell that does not compile changes nothing either
    let (kind, _) = error(feed(&mut s, "a = (\n"));
    assert_eq!(kind, "SyntaxError");
    assert_eq!(value(feed(&mut s, "a + 1")), Value::Int(2));
}

#[test]
fn a_session_moves_between_instances_between_cells() {
    let (mut s, _) = new_session("data = {'n': [1, 2, 3]}\nimport math\n");
    let bytes = s.snapshot();
    assert!(!bytes.is_empty(), "an idle session snapshots");
    let (mut t, p) = restore(&bytes);
    assert_eq!(p, Progress::Ready);
    let p = feed(&mut t, "data['n'].append(4)\nmath.fsum(data['n'])");
    assert_eq!(value(p), Value::Float(10.0));
    // the original instance still has its own copy
    assert_eq!(value(feed(&mut s, "len(data['n'])")), Value::Int(3));
}

#[test]
fn a_cell_paused_at_a_host_call_resumes_in_another_instance() {
    let (mut s, _) = new_session("total = 0\n");
    let mut req = cell("total += add(1, 2)\ntotal", SessionStep::Next);
    req.externals.push(external("add", &["a", "b"], false));
    let call = call(start(&mut s, &req));
    // the next cell waits for this one
    let refused = feed(&mut s, "1");
    assert!(matches!(refused, Progress::Invalid { .. }), "{refused:?}");
    let (mut t, p) = restore(&s.snapshot());
    assert!(matches!(p, Progress::Call(_)), "{p:?}");
    let reply = Resume::One(Reply::value(call.id, Value::Int(3)));
    assert_eq!(value(resume(&mut t, &reply)), Value::Int(3));
    // the session goes on in the instance that finished the cell, with
    // the external still declared
    assert_eq!(value(feed(&mut t, "total * 2")), Value::Int(6));
    assert_eq!(value(feed(&mut t, "callable(add)")), Value::Bool(true));
}

#[test]
fn top_level_await_works_in_a_cell() {
    let (mut s, _) =
        new_session("import asyncio\nasync def two():\n    await asyncio.sleep(0)\n    return 2\n");
    let p = feed(&mut s, "await asyncio.gather(two(), two())");
    assert_eq!(value(p), Value::List(vec![Value::Int(2), Value::Int(2)]));
}

#[test]
fn a_session_between_cells_has_nothing_to_resume() {
    let (mut s, _) = new_session("x = 1");
    for reply in [
        r#"{"id": 1, "value": 2}"#,
        r#"{"results": [{"id": 1, "value": 2}]}"#,
    ] {
        let text = s.resume(reply);
        let p: Progress = serde_json::from_str(&text).unwrap();
        assert!(matches!(p, Progress::Invalid { .. }), "{p:?}");
    }
    assert_eq!(value(feed(&mut s, "x + 1")), Value::Int(2));
}

#[test]
fn tasks_a_cell_leaves_blocked_do_not_hold_the_session() {
    let (mut s, p) = new_session(
        "import asyncio\nt = asyncio.create_task(asyncio.sleep(10))\nawait asyncio.sleep(0)\n'started'",
    );
    assert_eq!(value(p), Value::Str("started".into()));
    assert_eq!(value(feed(&mut s, "t.done()")), Value::Bool(false));
    let (mut t, ready) = restore(&s.snapshot());
    assert_eq!(ready, Progress::Ready);
    assert_eq!(value(feed(&mut t, "1 + 1")), Value::Int(2));
}

#[test]
fn next_needs_a_session() {
    let mut s = Session::default();
    let p = feed(&mut s, "1");
    assert!(matches!(p, Progress::Invalid { .. }), "{p:?}");
    // a one-off execution is not a session
    let mut one_off = cell("x = 1", SessionStep::New);
    one_off.session = None;
    start(&mut s, &one_off);
    let p = feed(&mut s, "x");
    assert!(matches!(p, Progress::Invalid { .. }), "{p:?}");
}
