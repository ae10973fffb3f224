//! The guest's session API driven directly, natively: the same JSON
//! messages `monty.wasm`'s exports take and give (built and read with the
//! wire crate's types), so the interpreter's source is checked without
//! going through the committed module or a wasm runtime.

mod support;

use monty_guest::Session;
use monty_wire::{Call, CheckReport, Ordered, Progress, Reply, Results, Resume, Value};
use support::{call, complete, external, request, resume, start};

fn error(p: Progress) -> (String, String, String) {
    match p {
        Progress::Error { error } => (error.type_name, error.message, error.traceback),
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn a_program_completes_with_its_last_value() {
    let mut s = Session::default();
    let (value, repr) = complete(start(
        &mut s,
        &request("x = [1, 2]\n(x, {'a': 1.5}, 2**70)"),
    ));
    assert_eq!(
        repr.as_deref(),
        Some("([1, 2], {'a': 1.5}, 1180591620717411303424)")
    );
    assert_eq!(
        value,
        Value::Tuple(vec![
            Value::List(vec![Value::Int(1), Value::Int(2)]),
            Value::dict([("a", Value::Float(1.5))]),
            Value::from_bigint(num_bigint::BigInt::from(1u8) << 70),
        ])
    );
}

#[test]
fn inputs_arrive_as_python_values() {
    let mut r = request("(type(t).__name__, sorted(s), b[1], d[(1, 2)], x + 1)");
    r.inputs = Ordered(vec![
        ("t".into(), Value::Tuple(vec![])),
        ("s".into(), Value::Set(vec![Value::Int(3), Value::Int(1)])),
        ("b".into(), Value::Bytes(vec![7, 8])),
        (
            "d".into(),
            Value::Dict(vec![(
                Value::Tuple(vec![Value::Int(1), Value::Int(2)]),
                Value::Str("pair".into()),
            )]),
        ),
        ("x".into(), Value::Float(f64::INFINITY)),
    ]);
    let (_, repr) = complete(start(&mut Session::default(), &r));
    assert_eq!(repr.as_deref(), Some("('tuple', [1, 3], 8, 'pair', inf)"));
}

#[test]
fn a_host_call_pauses_and_resumes_with_the_reply() {
    let mut s = Session::default();
    let mut r = request("r = add(1, b=2)\nprint('got', r)\nr * 10");
    r.externals = vec![external("add", &["a", "b"], false)];
    let c = call(start(&mut s, &r));
    assert_eq!(c.name, "add");
    assert_eq!(c.args, vec![Value::Int(1)]);
    assert_eq!(c.kwargs, Ordered(vec![("b".into(), Value::Int(2))]));
    let (value, _) = complete(resume(
        &mut s,
        &Resume::One(Reply::value(c.id, Value::Int(3))),
    ));
    assert_eq!(value, Value::Int(30));
}

#[test]
fn a_host_error_is_a_catchable_exception() {
    let mut s = Session::default();
    let mut r = request("try:\n    f()\nexcept KeyError as e:\n    out = repr(e)\nout");
    r.externals = vec![external("f", &[], false)];
    let c = call(start(&mut s, &r));
    let reply = Reply::error(c.id, "KeyError".into(), "missing".into());
    let (value, _) = complete(resume(&mut s, &Resume::One(reply)));
    assert_eq!(value, Value::Str("KeyError('missing')".into()));
}

#[test]
fn gathered_async_calls_wait_together_and_resume_in_any_order() {
    let mut s = Session::default();
    let mut r = request(
        "import asyncio\nasync def main():\n    return await asyncio.gather(fetch('a'), fetch('b'))\nasyncio.run(main())",
    );
    r.externals = vec![external("fetch", &["url"], true)];
    let calls = match start(&mut s, &r) {
        Progress::Wait { calls, .. } => calls,
        other => panic!("expected wait, got {other:?}"),
    };
    assert_eq!(calls.len(), 2);
    let answer = |c: &Call| {
        let Value::Str(url) = &c.args[0] else {
            panic!("{c:?}")
        };
        Reply::value(c.id, Value::Str(url.to_uppercase()))
    };
    // the second call answered first
    let results = Results {
        results: vec![answer(&calls[1]), answer(&calls[0])],
        elapsed: None,
    };
    let (value, _) = complete(resume(&mut s, &Resume::Many(results)));
    assert_eq!(
        value,
        Value::List(vec![Value::Str("A".into()), Value::Str("B".into())])
    );
}

#[test]
fn a_snapshot_continues_in_a_fresh_session() {
    let mut first = Session::default();
    let mut r =
        request("total = 0\nfor city in ['Paris', 'Oslo']:\n    total += temp(city)\ntotal");
    r.externals = vec![external("temp", &["city"], false)];
    let c = call(start(&mut first, &r));
    let state = first.snapshot();
    assert!(state.starts_with(b"MONTYSNP"));
    drop(first);
    let mut second = Session::default();
    let again: Progress = serde_json::from_str(&second.restore(&state)).unwrap();
    assert_eq!(call(again), c, "the pending call is announced again");
    let c2 = call(resume(
        &mut second,
        &Resume::One(Reply::value(c.id, Value::Int(20))),
    ));
    assert_eq!(c2.args, vec![Value::Str("Oslo".into())]);
    let (value, _) = complete(resume(
        &mut second,
        &Resume::One(Reply::value(c2.id, Value::Int(5))),
    ));
    assert_eq!(value, Value::Int(25));
}

#[test]
fn python_errors_come_with_a_cpython_traceback() {
    let (ty, msg, tb) = error(start(
        &mut Session::default(),
        &request("def f():\n    return 1 / 0\nf()"),
    ));
    assert_eq!(
        (ty.as_str(), msg.as_str()),
        ("ZeroDivisionError", "division by zero")
    );
    assert!(
        tb.starts_with("Traceback (most recent call last):\n"),
        "{tb}"
    );
    assert!(tb.contains("line 2, in f\n    return 1 / 0\n"), "{tb}");
    let (ty, _, tb) = error(start(&mut Session::default(), &request("x = (")));
    assert_eq!(ty, "SyntaxError", "{tb}");
}

#[test]
fn the_memory_cap_in_the_request_bounds_one_object() {
    let code = "try:\n    x = [0] * (20 * 1024 * 1024)\nexcept MemoryError:\n    x = 'caught'\nx";
    let mut r = request(code);
    r.limits.max_memory_bytes = Some(64 << 20);
    let (value, _) = complete(start(&mut Session::default(), &r));
    assert_eq!(value, Value::Str("caught".into()));
}

#[test]
fn the_recursion_limit_in_the_request_is_the_python_one() {
    let mut r = request("import sys\ndef f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept RecursionError:\n    r = sys.getrecursionlimit()\nr");
    r.limits.max_recursion_depth = Some(50);
    let (value, _) = complete(start(&mut Session::default(), &r));
    assert_eq!(value, Value::Int(50));
}

#[test]
fn the_working_directory_comes_from_the_request() {
    let mut r = request("import os\n(os.getcwd(), os.path.abspath('a.csv'))");
    r.cwd = Some("/data/./in/".into());
    let (_, repr) = complete(start(&mut Session::default(), &r));
    assert_eq!(repr.as_deref(), Some("('/data/in', '/data/in/a.csv')"));
    r.cwd = Some("data".into());
    let text = Session::default().start(&serde_json::to_string(&r).unwrap());
    assert!(text.contains("must be an absolute path"), "{text}");
}

#[test]
fn bad_messages_are_refused_clearly() {
    let invalid = |text: String| match serde_json::from_str::<Progress>(&text).unwrap() {
        Progress::Invalid { message } => message,
        other => panic!("expected invalid, got {other:?}"),
    };
    let mut s = Session::default();
    assert!(invalid(s.start("not json")).contains("malformed request"));
    assert!(invalid(s.start(r#"{"filename":"x.py"}"#)).contains("code"));
    assert!(invalid(s.resume(r#"{"id":1,"value":1}"#)).contains("no paused execution"));
    let mut r = request("f()");
    r.externals = vec![external("f", &[], false)];
    let c = call(start(&mut s, &r));
    assert!(invalid(s.resume(&format!(r#"{{"id":{}}}"#, c.id))).contains("\"value\" or \"error\""));
    assert!(invalid(s.resume(r#"{"id":999,"value":1}"#)).contains("does not match"));
    // the refused replies left the execution paused at its call
    let (value, _) = complete(resume(
        &mut s,
        &Resume::One(Reply::value(c.id, Value::None)),
    ));
    assert_eq!(value, Value::None);
    assert!(invalid(s.restore(b"garbage")).contains("bad magic"));
}

#[test]
fn check_reports_without_running() {
    let report = |code: &str| -> CheckReport {
        serde_json::from_str(&monty_guest::check(
            &serde_json::json!({"code": code, "externals": [{"name": "fetch"}]}).to_string(),
        ))
        .unwrap()
    };
    let ok = report("print(fetch('x'))");
    assert!(ok.ok && ok.diagnostics.is_empty());
    let bad = report("x = 1\ny = = 2");
    assert!(!bad.ok);
    assert_eq!(bad.diagnostics[0].line, 2);
    assert_eq!(bad.diagnostics[0].type_name, "SyntaxError");
    assert_eq!(bad.diagnostics[0].message, "invalid syntax");
}

#[test]
fn check_runs_the_static_checker_against_stubs() {
    let report = |req: serde_json::Value| -> CheckReport {
        serde_json::from_str(&monty_guest::check(&req.to_string())).unwrap()
    };
    let stubs = "from typing import Any\n\
                 def get_weather(city: str) -> dict[str, Any]: ...\n\
                 async def fetch_page(url: str) -> str: ...\n";
    let r = report(serde_json::json!({
        "code": "w = get_weather(cty='Paris')\nfetch_page('u')\npritn(w)\n",
        "stubs": stubs,
    }));
    assert!(r.ok, "the checker's findings leave `ok` to the compiler");
    let found: Vec<(u32, u32, &str, &str)> = r
        .diagnostics
        .iter()
        .map(|d| (d.line, d.col, d.code.as_str(), d.message.as_str()))
        .collect();
    assert_eq!(
        found,
        vec![
            (
                1,
                17,
                "call-keyword",
                "get_weather() got an unexpected keyword argument 'cty'. Did you mean 'city'?"
            ),
            (
                2,
                1,
                "async-not-awaited",
                "coroutine 'fetch_page' was never awaited"
            ),
            (
                3,
                1,
                "undefined-name",
                "name 'pritn' is not defined. Did you mean: 'print'?"
            ),
        ]
    );
    assert_eq!(r.diagnostics[1].severity, "warning");
    // with nothing declared, unbound names may be host functions: not reported
    let r = report(serde_json::json!({"code": "a() + b()"}));
    assert!(r.ok && r.diagnostics.is_empty());
    assert_eq!(r.undefined_names, ["a", "b"]);
    // stubs that do not parse are reported as such, not as the program's error
    let r = report(serde_json::json!({"code": "x = 1", "stubs": "def f(:"}));
    assert!(r.ok);
    assert_eq!(
        (
            r.diagnostics[0].type_name.as_str(),
            r.diagnostics[0].code.as_str()
        ),
        ("StubsError", "stubs")
    );
    // inputs are names the program may read
    let r = report(serde_json::json!({
        "code": "print(user_id, pritn)",
        "inputs": ["user_id"],
    }));
    assert_eq!(r.diagnostics.len(), 1);
    assert_eq!(
        r.diagnostics[0].message,
        "name 'pritn' is not defined. Did you mean: 'print'?"
    );
    // the externals' declarations are checked too
    let r = report(serde_json::json!({
        "code": "search('q', 1, 2)",
        "externals": [{"name": "search", "params": ["query", "limit"]}],
    }));
    assert_eq!(
        r.diagnostics[0].message,
        "search() takes 2 positional arguments but 3 were given"
    );
}

#[test]
fn objects_of_the_newer_modules_survive_a_snapshot() {
    // Fractions, UUIDs, Struct objects, topological sorters, urllib.parse
    // results and string.Template instances held across a host call.
    let code = "\
from fractions import Fraction
import uuid, struct, graphlib, urllib.parse, string
f = Fraction(1, 3) + Fraction(10 ** 30, 7)
u = uuid.uuid5(uuid.NAMESPACE_DNS, 'example.com')
s = struct.Struct('<ih')
ts = graphlib.TopologicalSorter({'b': ['a'], 'c': ['b']})
r = urllib.parse.urlparse('https://h:8080/p?q=1')
t = string.Template('$x and ${y}')
n = wait(1)
str((f, u, s.pack(n, 2), list(ts.static_order()), r.port, r.geturl(), t.substitute(x=n, y=f)))
";
    let mut first = Session::default();
    let mut r = request(code);
    r.externals = vec![external("wait", &["n"], false)];
    let c = call(start(&mut first, &r));
    let state = first.snapshot();
    drop(first);
    let mut second = Session::default();
    let again: Progress = serde_json::from_str(&second.restore(&state)).unwrap();
    assert_eq!(call(again), c);
    let (value, _) = complete(resume(
        &mut second,
        &Resume::One(Reply::value(c.id, Value::Int(7))),
    ));
    // what CPython 3.13 prints for the same program with `n = 7`
    let expected = "(Fraction(3000000000000000000000000000007, 21), \
        UUID('cfbff0d1-9375-5685-968c-48ce8b15ae17'), b'\\x07\\x00\\x00\\x00\\x02\\x00', \
        ['a', 'b', 'c'], 8080, 'https://h:8080/p?q=1', '7 and 3000000000000000000000000000007/21')";
    assert_eq!(value, Value::Str(expected.into()));
}

#[test]
fn modules_the_sandbox_cannot_have_say_so_on_import() {
    for (name, stmt) in [
        ("socket", "import socket"),
        ("zoneinfo", "from zoneinfo import ZoneInfo"),
        ("subprocess", "import subprocess"),
        ("multiprocessing", "import multiprocessing"),
        ("threading", "import threading"),
        ("ctypes", "import ctypes"),
        ("sqlite3", "import sqlite3"),
        ("urllib.request", "import urllib.request"),
        ("http.client", "import http.client"),
        ("requests", "import requests"),
    ] {
        let (ty, msg, _) = error(start(&mut Session::default(), &request(stmt)));
        assert_eq!(ty, "ModuleNotFoundError", "{stmt}");
        assert_eq!(
            msg,
            format!("No module named '{name}': it is not available in this sandbox"),
            "{stmt}"
        );
    }
    // a name that is simply unknown keeps CPython's message
    let (ty, msg, _) = error(start(&mut Session::default(), &request("import nosuchmod")));
    assert_eq!(
        (ty.as_str(), msg.as_str()),
        ("ModuleNotFoundError", "No module named 'nosuchmod'")
    );
}

#[test]
fn a_context_manager_paused_in_its_generator_survives_a_snapshot() {
    // A host call inside a @contextmanager generator (in __enter__ and in
    // __exit__), an ExitStack, a SimpleNamespace and function attributes
    // held across the pauses.
    let code = "\
from contextlib import contextmanager, ExitStack
from types import SimpleNamespace
import functools
log = []
@contextmanager
def cm(tag):
    log.append(wait(tag))
    try:
        yield tag * 2
    finally:
        log.append(wait(tag + 1))
def deco(f):
    @functools.wraps(f)
    def inner(*a):
        return f(*a)
    return inner
@deco
def g(x):
    'doc'
    return x
g.extra = SimpleNamespace(a=1)
with ExitStack() as st:
    st.callback(log.append, 'cb')
    with cm(10) as v:
        log.append(v)
str((log, g.__name__, g.__doc__, g.extra, g(3)))
";
    let mut r = request(code);
    r.externals = vec![external("wait", &["n"], false)];
    let mut session = Session::default();
    let mut p = start(&mut session, &r);
    // every pause goes through a snapshot and a fresh session
    loop {
        let c = match p {
            Progress::Call(c) => c,
            other => {
                let (value, _) = complete(other);
                let expected = "([10, 20, 11, 'cb'], 'g', 'doc', namespace(a=1), 3)";
                assert_eq!(value, Value::Str(expected.into()));
                break;
            }
        };
        let state = session.snapshot();
        session = Session::default();
        let again: Progress = serde_json::from_str(&session.restore(&state)).unwrap();
        assert_eq!(call(again), c);
        let n = match c.args.first() {
            Some(Value::Int(n)) => *n,
            other => panic!("{other:?}"),
        };
        p = resume(
            &mut session,
            &Resume::One(Reply::value(c.id, Value::Int(n))),
        );
    }
}
