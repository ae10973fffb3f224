//! Host objects (`$object`) through the guest's session natively: inputs,
//! method calls (sync, async, from native code), references back to the
//! host, identity, snapshots, and what Python cannot do to them.

mod support;

use monty_guest::Session;
use monty_wire::{Call, HostObject, Ordered, Progress, Reply, Request, Results, Resume, Value};
use support::{parse, resume, start};

fn db(id: u64) -> Value {
    Value::Object(
        HostObject::new(id, "Database")
            .attr("name", "main")
            .method("query", &["sql", "limit"])
            .async_method("fetch", &["key"]),
    )
}

fn request(code: &str, inputs: Vec<(&str, Value)>) -> Request {
    let json = serde_json::json!({"code": code, "externals": [{"name": "echo"}, {"name": "open_db"}, {"name": "ref_db"}]});
    let mut r: Request = serde_json::from_value(json).unwrap();
    r.inputs = Ordered(inputs.into_iter().map(|(k, v)| (k.into(), v)).collect());
    r
}

/// What the host answers: `echo` returns its argument, `query` returns
/// `[object, sql, limit]`, `fetch` returns `key * 2`.
fn answer(c: &Call) -> Value {
    if c.method_call {
        let mut items = vec![Value::Int(c.object.unwrap() as i64)];
        items.extend(c.args.iter().cloned());
        items.extend(c.kwargs.0.iter().map(|(_, v)| v.clone()));
        return match c.name.as_str() {
            "fetch" => {
                let key = c.args.first().or(c.kwargs.0.first().map(|(_, v)| v));
                Value::Str(format!("{}!", key.and_then(Value::as_str).unwrap_or("?")))
            }
            _ => Value::List(items),
        };
    }
    match c.name.as_str() {
        "open_db" => db(9),
        "ref_db" => Value::Object(HostObject::new(7, "Database")),
        _ => c.args.first().cloned().unwrap_or_default(),
    }
}

/// Runs `code` to the end answering every call; returns the output of
/// `repr` of the last value, or the error, and the calls seen.
fn run(code: &str, inputs: Vec<(&str, Value)>) -> (Result<(Value, String), String>, Vec<Call>) {
    let mut s = Session::default();
    let mut seen = Vec::new();
    let mut p = start(&mut s, &request(code, inputs));
    loop {
        p = match p {
            Progress::Complete { value, repr } => {
                return (Ok((value, repr.unwrap_or_default())), seen)
            }
            Progress::Error { error } => {
                return (Err(format!("{}: {}", error.type_name, error.message)), seen)
            }
            Progress::Call(c) => {
                let r = Resume::One(Reply::value(c.id, answer(&c)));
                seen.push(c);
                resume(&mut s, &r)
            }
            Progress::Wait { calls, .. } => {
                let results = calls
                    .iter()
                    .map(|c| Reply::value(c.id, answer(c)))
                    .collect();
                seen.extend(calls);
                let r = Resume::Many(Results {
                    results,
                    elapsed: None,
                });
                resume(&mut s, &r)
            }
            other => return (Err(format!("{other:?}")), seen),
        }
    }
}

fn ok(code: &str) -> (String, Vec<Call>) {
    let (r, calls) = run(code, vec![("db", db(7))]);
    (r.unwrap_or_else(|e| panic!("{e}")).1, calls)
}

fn err(code: &str) -> String {
    run(code, vec![("db", db(7))]).0.unwrap_err()
}

#[test]
fn methods_call_the_host_with_the_object() {
    let (repr, calls) = ok("db.query('select 1', limit=3)");
    assert_eq!(repr, "[7, 'select 1', 3]");
    assert_eq!(calls.len(), 1);
    let c = &calls[0];
    assert_eq!(
        (c.name.as_str(), c.object, c.class.as_deref(), c.method_call),
        ("query", Some(7), Some("Database"), true)
    );
    assert_eq!(
        serde_json::to_string(&Progress::Call(c.clone())).unwrap(),
        r#"{"status":"call","id":1,"name":"query","object":7,"class":"Database","method_call":true,"args":["select 1"],"kwargs":{"limit":3}}"#
    );
}

#[test]
fn attributes_type_and_repr() {
    let (repr, _) = ok("(db.name, type(db).__name__, repr(db), isinstance(db, type(db)), sorted(n for n in dir(db) if not n.startswith('_')))");
    assert_eq!(
        repr,
        "('main', 'Database', '<Database object (host)>', True, ['fetch', 'name', 'query'])"
    );
    assert_eq!(
        err("db.nope"),
        "AttributeError: 'Database' object has no attribute 'nope'"
    );
    assert_eq!(
        err("db.nope()"),
        "AttributeError: 'Database' object has no attribute 'nope'"
    );
}

#[test]
fn async_methods_are_awaitables() {
    let (repr, calls) = ok("import asyncio\nasync def main():\n    return await asyncio.gather(db.fetch('a'), db.fetch(key='b'))\nasyncio.run(main())");
    assert_eq!(repr, "['a!', 'b!']");
    assert!(calls.iter().all(|c| c.method_call && c.object == Some(7)));
}

#[test]
fn objects_go_back_as_references_and_keep_identity() {
    let (r, calls) = run(
        "x = echo(db)\n(x is db, echo([db, {'k': db}])[1]['k'] is db, db)",
        vec![("db", db(7))],
    );
    let (value, repr) = r.unwrap();
    assert_eq!(repr, "(True, True, <Database object (host)>)");
    assert_eq!(
        calls[0].args[0],
        Value::Object(HostObject::new(7, "Database"))
    );
    assert_eq!(
        value,
        Value::Tuple(vec![
            Value::Bool(true),
            Value::Bool(true),
            Value::Object(HostObject::new(7, "Database"))
        ])
    );
}

#[test]
fn a_tool_may_return_a_new_object_or_a_reference() {
    let (repr, calls) = ok("d2 = open_db()\n(d2.name, d2.query('s', 1), d2 is open_db(), ref_db() is db, type(d2) is type(db))");
    assert_eq!(repr, "('main', [9, 's', 1], True, True, True)");
    assert_eq!(calls[1].object, Some(9));
}

#[test]
fn ids_cannot_be_forged() {
    let (repr, calls) =
        ok("db._id = 5\ndb.id = 5\nobject.__setattr__(db, 'object', 5)\ndb.query('q', 1)");
    assert_eq!(repr, "[7, 'q', 1]");
    assert_eq!(calls[0].object, Some(7));
    assert_eq!(
        err("type(db)()"),
        "TypeError: cannot create 'Database' instances"
    );
    let e = err("class Fake: pass\nf = Fake()\ntype(db).query(f, 'q', 1)");
    assert!(
        e.starts_with("TypeError: query() must be called on an object the host gave"),
        "{e}"
    );
    let (repr, calls) =
        ok("import copy\n(copy.copy(db) is db, copy.deepcopy([db])[0] is db, db.query('x', 2))");
    assert_eq!(repr, "(True, True, [7, 'x', 2])");
    assert_eq!(calls.len(), 1);
}

#[test]
fn a_method_of_one_class_cannot_be_called_on_another() {
    let cache = Value::Object(HostObject::new(8, "Cache").method("drop", &["key"]));
    let inputs = || vec![("db", db(7)), ("cache", cache.clone())];
    for code in [
        "type(cache).drop(db, 'k')",
        "type(db).drop = type(cache).drop\ndb.drop('k')",
        "db.query = cache.drop\ndb.query('k')",
    ] {
        let (r, calls) = run(code, inputs());
        match r {
            // (a bound method of cache stays cache's)
            Ok(_) => assert!(calls.iter().all(|c| c.object == Some(8)), "{code}"),
            Err(e) => {
                assert_eq!(
                    e, "TypeError: drop() is not a method the host declared for 'Database' objects",
                    "{code}"
                );
                assert!(calls.is_empty(), "{code}");
            }
        }
    }
    let (r, _) = run("type(cache).drop(db, 'k')", inputs());
    assert!(r.is_err());
}

#[test]
fn bad_declarations_are_refused_clearly() {
    let start = |inputs: Vec<(&str, Value)>| {
        let mut s = Session::default();
        s.start(&serde_json::to_string(&request("1", inputs)).unwrap())
    };
    let text = start(vec![("x", Value::Object(HostObject::new(1, "int")))]);
    assert!(text.contains("name of a builtin"), "{text}");
    let text = start(vec![(
        "x",
        Value::Object(HostObject::new(1, "D").method("q", &[]).method("q", &[])),
    )]);
    assert!(text.contains("declared twice"), "{text}");
    let text = start(vec![
        ("x", Value::Object(HostObject::new(1, "D"))),
        ("y", Value::Object(HostObject::new(1, "E"))),
    ]);
    assert!(text.contains("was given as a 'D', not a 'E'"), "{text}");
    let text = start(vec![("x", Value::Object(HostObject::new(1, "my class")))]);
    assert!(text.contains("not a Python identifier"), "{text}");
}

#[test]
fn method_calls_from_native_code_pause_too() {
    let (repr, calls) = ok("list(map(db.query, ['a', 'b'], [1, 2]))");
    assert_eq!(repr, "[[7, 'a', 1], [7, 'b', 2]]");
    assert_eq!(calls.len(), 2);
    let (repr, _) = ok("sorted(['b', 'a'], key=lambda s: db.query(s, 0)[1])");
    assert_eq!(repr, "['a', 'b']");
    let (repr, _) =
        ok("repr(db.query), type(db.query).__name__, db.query.__name__, db.fetch.__qualname__");
    assert_eq!(
        repr,
        "('<bound method Database.query of <Database object (host)>>', 'method', 'query', 'Database.fetch')"
    );
}

#[test]
fn a_snapshot_carries_the_objects() {
    let code = "r = db.query('q', 1)\n(r, db.query('z', 2), db is d2)";
    let mut s = Session::default();
    let req = request(
        code,
        vec![
            ("db", db(7)),
            ("d2", Value::Object(HostObject::new(7, "Database"))),
        ],
    );
    let p = start(&mut s, &req);
    let Progress::Call(c) = p else {
        panic!("{p:?}")
    };
    assert_eq!(c.object, Some(7));
    let bytes = s.snapshot();
    let mut s2 = Session::default();
    let p = parse(&s2.restore(&bytes));
    let Progress::Call(c2) = p else {
        panic!("{p:?}")
    };
    assert_eq!(c2, c);
    let mut p = resume(&mut s2, &Resume::One(Reply::value(c.id, answer(&c))));
    loop {
        p = match p {
            Progress::Call(c) => {
                assert_eq!(c.object, Some(7));
                let bytes = s2.snapshot();
                s2 = Session::default();
                let _ = parse(&s2.restore(&bytes));
                resume(&mut s2, &Resume::One(Reply::value(c.id, answer(&c))))
            }
            Progress::Complete { repr, .. } => {
                assert_eq!(repr.as_deref(), Some("([7, 'q', 1], [7, 'z', 2], True)"));
                break;
            }
            other => panic!("{other:?}"),
        }
    }
}
