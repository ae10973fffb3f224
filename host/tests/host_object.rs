//! Host objects through the real module: an object given as an input or
//! returned by a function, its attributes, its methods (sync, async,
//! from native code) dispatched to `Functions::register_method` with the
//! object's id, the object going back to the host as a reference, its
//! identity, and what the program cannot do to it (forge another id,
//! instantiate its class) or the host cannot declare.

mod common;

use std::sync::{Arc, Mutex};

use common::engine;
use monty_host::{
    AsyncFunctions, Error, Functions, HostObject, Progress, RunOutcome, StartRequest, Value,
};

fn database(id: u64) -> HostObject {
    HostObject::new(id, "Database")
        .attr("name", format!("db{id}"))
        .attr("tables", Value::List(vec![Value::from("users")]))
        .method("query", &["sql", "limit"])
        .async_method("fetch", &["key"])
}

/// `query` answers `[object id, sql, limit]`, `fetch` answers
/// `"<key>@<id>"`; `open_db(n)` returns database n, `db_id(db)` the id in
/// the reference the host gets back, and `seen` records every call's
/// (name, object).
/// The calls a test's functions saw: (name, object).
type Seen = Arc<Mutex<Vec<(String, Option<u64>)>>>;

fn functions(seen: Seen) -> Functions {
    let mut f = Functions::new();
    let log = seen.clone();
    f.register_method("Database", "query", &["sql", "limit"], move |call| {
        log.lock()
            .unwrap()
            .push((call.name.to_owned(), call.object));
        Ok(Value::List(vec![
            Value::from(call.object.unwrap()),
            call.require("sql")?.clone(),
            call.arg("limit").cloned().unwrap_or(Value::None),
        ]))
    });
    let log = seen.clone();
    f.register_method("Database", "fetch", &["key"], move |call| {
        log.lock()
            .unwrap()
            .push((call.name.to_owned(), call.object));
        let key = call.require("key")?.as_str().unwrap_or("?").to_owned();
        Ok(Value::from(format!("{key}@{}", call.object.unwrap())))
    });
    f.register("open_db", &["n"], |call| {
        let n = call.require("n")?.as_i64().unwrap_or(0);
        Ok(Value::Object(database(n as u64)))
    });
    let log = seen;
    f.register("db_id", &["db"], move |call| {
        log.lock().unwrap().push(("db_id".into(), None));
        match call.require("db")? {
            Value::Object(o) if o.attrs.is_empty() && o.methods.is_empty() => {
                Ok(Value::from(format!("{}#{}", o.class, o.id)))
            }
            other => Ok(Value::from(format!("not a reference: {other:?}"))),
        }
    });
    f
}

fn run(code: &str) -> Result<RunOutcome, Error> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let request = StartRequest::new(code).input("db", Value::Object(database(7)));
    engine().run_request(request, &functions(seen))
}

fn repr(code: &str) -> String {
    run(code)
        .unwrap_or_else(|e| panic!("{code}: {e}"))
        .repr
        .unwrap_or_default()
}

fn python_error(code: &str) -> String {
    match run(code) {
        Err(Error::Python(e)) => format!("{}: {}", e.type_name, e.message),
        other => panic!("{code}: expected a Python error, got {other:?}"),
    }
}

#[test]
fn an_input_object_has_its_attributes_and_class() {
    assert_eq!(
        repr("(db.name, db.tables, type(db).__name__, repr(db), isinstance(db, type(db)))"),
        "('db7', ['users'], 'Database', '<Database object (host)>', True)"
    );
}

#[test]
fn sync_methods_reach_the_handler_with_the_object_id() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let request =
        StartRequest::new("db.query('select 1', limit=5)").input("db", Value::Object(database(7)));
    let outcome = engine()
        .run_request(request, &functions(seen.clone()))
        .unwrap();
    assert_eq!(
        outcome.value,
        Value::List(vec![Value::Int(7), Value::from("select 1"), Value::Int(5)])
    );
    assert_eq!(*seen.lock().unwrap(), vec![("query".into(), Some(7))]);
}

#[test]
fn the_pending_call_names_the_object() {
    let request = StartRequest::new("db.query('q', 1)").input("db", Value::Object(database(7)));
    let progress = engine()
        .start(request, monty_host::CaptureSink::new())
        .unwrap();
    let Progress::Call(call, _) = progress else {
        panic!("{progress:?}")
    };
    assert_eq!(
        (
            call.name.as_str(),
            call.object,
            call.class.as_deref(),
            call.is_method_call()
        ),
        ("query", Some(7), Some("Database"), true)
    );
    assert_eq!(call.args, vec![Value::from("q"), Value::Int(1)]);
}

#[test]
fn async_methods_are_gathered() {
    let code = "import asyncio
async def main():
    other = open_db(8)
    return await asyncio.gather(db.fetch('a'), other.fetch(key='b'), db.fetch('c'))
asyncio.run(main())";
    assert_eq!(repr(code), "['a@7', 'b@8', 'c@7']");
}

#[test]
fn objects_go_back_to_the_host_as_references() {
    assert_eq!(
        repr("db_id(db), db_id(open_db(3))"),
        "('Database#7', 'Database#3')"
    );
    let outcome = run("[db, {'k': db}]").unwrap();
    let reference = Value::Object(HostObject::new(7, "Database"));
    assert_eq!(
        outcome.value,
        Value::List(vec![
            reference.clone(),
            Value::dict([("k", reference.clone())])
        ])
    );
    assert_eq!(
        outcome.value.to_json(),
        r#"[{"$object":{"id":7,"class":"Database"}},{"k":{"$object":{"id":7,"class":"Database"}}}]"#
    );
}

#[test]
fn identity_is_kept() {
    assert_eq!(
        repr("d = open_db(3)\n(open_db(7) is db, open_db(3) is d, d is db, type(d) is type(db), d.query('x', 1))"),
        "(True, True, False, True, [3, 'x', 1])"
    );
}

#[test]
fn ids_cannot_be_forged() {
    // attributes set on the object stay in the sandbox: calls still name 7
    assert_eq!(
        repr("db.id = 3\ndb._id = 3\nobject.__setattr__(db, 'object', 3)\ndb.name = 'x'\n(db.query('q', 1), db.name)"),
        "([7, 'q', 1], 'x')"
    );
    assert_eq!(
        python_error("type(db)()"),
        "TypeError: cannot create 'Database' instances"
    );
    assert_eq!(
        python_error("type(db)(7)"),
        "TypeError: cannot create 'Database' instances"
    );
    let e = python_error("class Fake:\n    pass\ntype(db).query(Fake(), 'q', 1)");
    assert!(
        e.starts_with("TypeError: query() must be called on an object the host gave"),
        "{e}"
    );
    // a subclass's instances are not host objects either
    let e = python_error(
        "class Sub(type(db)):\n    def __init__(self):\n        pass\nSub().query('q', 1)",
    );
    assert!(e.starts_with("TypeError: query() must be called"), "{e}");
    assert_eq!(
        repr("import copy\n(copy.copy(db) is db, copy.deepcopy(db) is db)"),
        "(True, True)"
    );
}

#[test]
fn a_method_of_one_class_cannot_be_called_on_another() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let cache = HostObject::new(8, "Cache").method("drop", &["key"]);
    for code in [
        "type(cache).drop(db, 'k')",
        "type(db).drop = type(cache).drop\ndb.drop('k')",
    ] {
        let request = StartRequest::new(code)
            .input("db", Value::Object(database(7)))
            .input("cache", Value::Object(cache.clone()));
        match engine().run_request(request, &functions(seen.clone())) {
            Err(Error::Python(e)) => assert_eq!(
                e.message,
                "drop() is not a method the host declared for 'Database' objects"
            ),
            other => panic!("{code}: {other:?}"),
        }
    }
    assert!(seen.lock().unwrap().is_empty());
}

#[test]
fn unknown_methods_and_handlers() {
    assert_eq!(
        python_error("db.drop('users')"),
        "AttributeError: 'Database' object has no attribute 'drop'"
    );
    // declared on the object, but no handler registered
    let request = StartRequest::new("db.close()").input(
        "db",
        Value::Object(HostObject::new(1, "Database").method("close", &[])),
    );
    let outcome = engine().run_request(request, &Functions::new());
    match outcome {
        Err(Error::Python(e)) => assert_eq!(
            (e.type_name.as_str(), e.message.as_str()),
            (
                "AttributeError",
                "the host has no method 'close' for 'Database' object 1"
            )
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_declarations_are_refused_clearly() {
    let refused = |obj: HostObject| -> String {
        let request = StartRequest::new("1").input("x", Value::Object(obj));
        match engine().run_request(request, &Functions::new()) {
            Err(Error::Internal(m)) => m,
            other => panic!("{other:?}"),
        }
    };
    let m = refused(HostObject::new(1, "D").method("q", &[]).method("q", &[]));
    assert!(
        m.contains("\"q\" is declared twice on host object 1"),
        "{m}"
    );
    let m = refused(HostObject::new(1, "D").attr("q", 1).method("q", &[]));
    assert!(m.contains("declared twice"), "{m}");
    let m = refused(HostObject::new(1, "my db"));
    assert!(m.contains("not a Python identifier"), "{m}");
    let m = refused(HostObject::new(1, "D").method("drop-all", &[]));
    assert!(m.contains("not a Python identifier"), "{m}");
    let m = refused(HostObject::new(1, "D").method("__len__", &[]));
    assert!(m.contains("dunder"), "{m}");
    let m = refused(HostObject::new(1, "list"));
    assert!(m.contains("name of a builtin"), "{m}");
    let m = refused(HostObject::new(1 << 60, "D"));
    assert!(m.contains("integer from 0 to 2**53 - 1"), "{m}");
    // the JSON form without an id does not even parse
    let e = Value::from_json(r#"{"$object":{"class":"D"}}"#).unwrap_err();
    assert!(e.contains("needs an \"id\""), "{e}");
    // a reply declaring a known id with another class is an error in the program
    let mut f = Functions::new();
    f.register("other", &[], |_| {
        Ok(Value::Object(HostObject::new(7, "Cache")))
    });
    let request = StartRequest::new("other()").input("db", Value::Object(database(7)));
    match engine().run_request(request, &f) {
        Err(Error::Python(e)) => assert!(
            e.message
                .contains("host object 7 was given as a 'Database', not a 'Cache'"),
            "{e:?}"
        ),
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn async_functions_dispatch_methods_too() {
    let mut f = AsyncFunctions::new();
    f.register_method("Database", "fetch", &["key"], |call| async move {
        let key = call.require("key")?.as_str().unwrap_or("?").to_owned();
        Ok(Value::from(format!("{key}@{}", call.object.unwrap_or(0))))
    });
    f.register_method("Database", "query", &["sql", "limit"], |call| async move {
        Ok(Value::from(call.object.unwrap_or(0)))
    });
    let code = "import asyncio
async def main():
    return await asyncio.gather(db.fetch('a'), db.fetch('b')), db.query('q', 1)
asyncio.run(main())";
    let request = StartRequest::new(code).input("db", Value::Object(database(4)));
    let outcome = engine().run_async(request, &f).await.unwrap();
    assert_eq!(outcome.repr.as_deref(), Some("(['a@4', 'b@4'], 4)"));
}
