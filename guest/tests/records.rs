//! Dataclass and namedtuple instances across the boundary
//! (`$dataclass`, `$namedtuple`), through the guest's session natively:
//! encoding, the classes records become (the program's, or one made for
//! them), bad records, reference cycles, snapshots.

mod support;

use monty_guest::Session;
use monty_wire::{Ordered, Progress, Reply, Request, Results, Resume, Value};
use support::{call, external, resume, start, value};

fn request(code: &str) -> Request {
    let mut r = support::request(code);
    r.externals = vec![
        external("echo", &["value"], false),
        external("aecho", &["value"], true),
    ];
    r
}

fn invalid(p: Progress) -> String {
    match p {
        Progress::Invalid { message } => message,
        other => panic!("expected invalid, got {other:?}"),
    }
}

/// Runs `code`, answering every `echo` call with `answer(args[0])`.
fn run_echo(code: &str, inputs: Vec<(String, Value)>, answer: impl Fn(Value) -> Value) -> Value {
    let mut s = Session::default();
    let mut r = request(code);
    r.inputs = Ordered(inputs);
    let mut p = start(&mut s, &r);
    loop {
        match p {
            Progress::Call(c) => {
                let v = answer(c.args[0].clone());
                p = resume(&mut s, &Resume::One(Reply::value(c.id, v)));
            }
            other => return value(other),
        }
    }
}

fn order(id: i64, total: f64) -> Value {
    Value::dataclass(
        "Order",
        [("id", Value::Int(id)), ("total", Value::Float(total))],
        false,
    )
}

const CLASSES: &str = "\
from dataclasses import dataclass, field, fields, asdict, replace, is_dataclass, FrozenInstanceError
from collections import namedtuple
from typing import NamedTuple

@dataclass
class Order:
    id: int
    total: float
    note: str = field(default='', repr=False)
    count: int = field(init=False, default=0)

@dataclass(frozen=True)
class Point:
    x: int
    y: int

Pair = namedtuple('Pair', 'a b')

class Span(NamedTuple):
    lo: int
    hi: int = 9
";

#[test]
fn instances_are_sent_as_records() {
    let code = format!(
        "{CLASSES}o = Order(1, 9.5)\no.count = 3\n[o, {{'p': Point(1, 2)}}, (Pair(1, [2]), Span(4))]"
    );
    let value = run_echo(&code, vec![], |v| v);
    let expected = Value::List(vec![
        Value::dataclass(
            "Order",
            [
                ("id", Value::Int(1)),
                ("total", Value::Float(9.5)),
                ("note", Value::Str(String::new())),
                ("count", Value::Int(3)),
            ],
            false,
        ),
        Value::dict([(
            "p",
            Value::dataclass("Point", [("x", Value::Int(1)), ("y", Value::Int(2))], true),
        )]),
        Value::Tuple(vec![
            Value::named_tuple(
                "Pair",
                [
                    ("a", Value::Int(1)),
                    ("b", Value::List(vec![Value::Int(2)])),
                ],
            ),
            Value::named_tuple("Span", [("lo", Value::Int(4)), ("hi", Value::Int(9))]),
        ]),
    ]);
    assert_eq!(value, expected);
}

#[test]
fn records_come_back_as_the_programs_classes() {
    let code = format!(
        "{CLASSES}\
o = Order(1, 9.5, 'n')
r = echo(o)
p = echo(Point(1, 2))
try:
    p.x = 3
    frozen = False
except FrozenInstanceError:
    frozen = True
t = echo(Pair(1, 2))
s = echo(Span(4))
[type(r) is Order, r == o, r.note, r.count, asdict(r), repr(replace(r, id=2)),
 type(p) is Point, frozen, hash(p) == hash(Point(1, 2)),
 type(t) is Pair, t == (1, 2), t._asdict(), type(s) is Span, s.hi, tuple(s)]"
    );
    let value = run_echo(&code, vec![], |v| v);
    let Value::List(items) = value else {
        panic!("{value:?}")
    };
    let shown: Vec<String> = items.iter().map(Value::to_json).collect();
    assert_eq!(
        shown.join(" "),
        r#"true true "n" 0 {"id":1,"total":9.5,"note":"n","count":0} "Order(id=2, total=9.5, count=0)" true true true true true {"a":1,"b":2} true 9 {"$tuple":[4,9]}"#
    );
}

#[test]
fn a_record_of_a_class_the_program_lacks_gets_one_made() {
    let code = "\
from dataclasses import fields, asdict, replace, is_dataclass, FrozenInstanceError
a = echo(None)
b = echo(None)
eq = a == b
try:
    b.id = 5
    frozen = False
except FrozenInstanceError:
    frozen = True
t = echo(None)
[repr(a), type(a) is type(b), is_dataclass(a), [f.name for f in fields(a)], asdict(a),
 repr(replace(a, id=3)), eq, frozen, type(a).__name__, repr(t), t.x, t[1], type(t).__name__]";
    let calls = std::cell::Cell::new(0);
    let value = run_echo(code, vec![], |_| {
        calls.set(calls.get() + 1);
        match calls.get() {
            1 => order(1, 2.5),
            // (the same fields in another order: the same class)
            2 => Value::dataclass(
                "Order",
                [("total", Value::Float(2.5)), ("id", Value::Int(1))],
                false,
            ),
            _ => Value::named_tuple("Pt", [("x", Value::Int(1)), ("y", Value::Int(2))]),
        }
    });
    let Value::List(items) = value else {
        panic!("{value:?}")
    };
    let shown: Vec<String> = items.iter().map(Value::to_json).collect();
    assert_eq!(
        shown.join(" "),
        r#""Order(id=1, total=2.5)" true true ["id","total"] {"id":1,"total":2.5} "Order(id=3, total=2.5)" true false "Order" "Pt(x=1, y=2)" 1 2 "Pt""#
    );
}

#[test]
fn a_frozen_record_makes_a_frozen_class() {
    let code = "\
from dataclasses import FrozenInstanceError
p = echo(None)
try:
    p.x = 1
except FrozenInstanceError as e:
    out = str(e)
[out, hash(p) == hash(echo(None))]";
    let value = run_echo(code, vec![], |_| {
        Value::dataclass("P", [("x", Value::Int(0))], true)
    });
    assert_eq!(
        value,
        Value::List(vec![
            Value::Str("cannot assign to field 'x'".into()),
            Value::Bool(true)
        ])
    );
}

#[test]
fn an_input_record_becomes_the_programs_class_once_defined() {
    let code = format!(
        "before = type(order).__name__\n{CLASSES}[before, isinstance(order, Order), order == Order(7, 1.0), repr(order), isinstance(span, Span), span]"
    );
    let inputs = vec![
        (
            "order".to_owned(),
            Value::dataclass(
                "Order",
                [
                    ("id", Value::Int(7)),
                    ("total", Value::Float(1.0)),
                    ("note", Value::Str(String::new())),
                    ("count", Value::Int(0)),
                ],
                false,
            ),
        ),
        (
            "span".to_owned(),
            Value::named_tuple("Span", [("lo", Value::Int(1)), ("hi", Value::Int(2))]),
        ),
    ];
    let value = run_echo(&code, inputs, |v| v);
    assert_eq!(
        value.to_json(),
        r#"["Order",true,true,"Order(id=7, total=1.0, count=0)",true,{"$namedtuple":{"name":"Span","fields":[["lo",1],["hi",2]]}}]"#
    );
}

#[test]
fn an_input_record_without_a_class_works() {
    let value = run_echo(
        "from dataclasses import asdict\n[order.total * 2, asdict(order), order]",
        vec![("order".into(), order(1, 4.0))],
        |v| v,
    );
    assert_eq!(
        value,
        Value::List(vec![
            Value::Float(8.0),
            Value::dict([("id", Value::Int(1)), ("total", Value::Float(4.0))]),
            order(1, 4.0),
        ])
    );
}

#[test]
fn bad_input_records_are_invalid_requests() {
    let cases = [
        (
            Value::Dataclass {
                name: "int".into(),
                fields: vec![],
                frozen: false,
            },
            "the name of a builtin",
        ),
        (
            Value::Dataclass {
                name: "1x".into(),
                fields: vec![],
                frozen: false,
            },
            "\"1x\" is not a Python identifier",
        ),
        (
            Value::NamedTuple {
                name: "class".into(),
                fields: vec![],
            },
            "the namedtuple name \"class\" is a Python keyword",
        ),
        (
            Value::dataclass("Ok", [("not a name", Value::None)], false),
            "field name \"not a name\" is not a Python identifier",
        ),
        (
            Value::named_tuple("T", [("_x", Value::None)]),
            "starting with an underscore",
        ),
        (
            Value::List(vec![Value::Set(vec![Value::List(vec![])])]),
            "unhashable type",
        ),
    ];
    for (value, want) in cases {
        let mut s = Session::default();
        let mut r = request("x");
        r.inputs = Ordered(vec![("x".into(), value.clone())]);
        let message = invalid(start(&mut s, &r));
        assert!(
            message.starts_with("input \"x\" is not a valid value: ") && message.contains(want),
            "{value:?}: {message}"
        );
    }
}

#[test]
fn a_record_that_does_not_fit_the_programs_class_raises_in_the_program() {
    let code = format!(
        "{CLASSES}\
out = []
for _ in range(3):
    try:
        echo(None)
    except ValueError as e:
        out.append(str(e))
out"
    );
    let calls = std::cell::Cell::new(0);
    let value = run_echo(&code, vec![], |_| {
        calls.set(calls.get() + 1);
        match calls.get() {
            1 => order(1, 2.0),
            2 => Value::dataclass("Pair", [("a", Value::None), ("b", Value::None)], false),
            _ => Value::named_tuple("Pair", [("a", Value::None), ("c", Value::None)]),
        }
    });
    assert_eq!(
        value,
        Value::List(vec![
            Value::Str("the host returned a malformed value: the dataclass Order does not match the program's class Order: missing fields 'note', 'count'".into()),
            Value::Str("the host returned a malformed value: the program's class Pair is not a dataclass, so a dataclass Pair cannot be made".into()),
            Value::Str("the host returned a malformed value: the namedtuple Pair does not match the program's class Pair: unknown field 'c', missing field 'b'".into()),
        ])
    );
}

#[test]
fn a_returned_cycle_through_a_dataclass_fails_the_run() {
    let mut s = Session::default();
    let code = "from dataclasses import dataclass\n@dataclass\nclass Node:\n    next: object = None\nn = Node()\nn.next = [n]\nn";
    match start(&mut s, &request(code)) {
        Progress::Error { error } => {
            assert_eq!(error.type_name, "ValueError");
            assert_eq!(
                error.message,
                "cannot send a value with a reference cycle to the host: a Node instance contains itself"
            );
        }
        other => panic!("expected an error, got {other:?}"),
    }
    // a list that holds itself is still cut at the depth limit
    let value = value(start(&mut s, &request("a = []\na.append(a)\nlen(a)")));
    assert_eq!(value, Value::Int(1));
}

#[test]
fn a_call_with_a_cycle_raises_and_the_program_goes_on() {
    let code = "\
import asyncio
from dataclasses import dataclass
@dataclass
class Node:
    next: object = None
n = Node()
n.next = {'k': n}
try:
    echo(n)
except ValueError as e:
    first = str(e)
async def main():
    return await asyncio.gather(aecho(n), aecho(Node(1)), return_exceptions=True)
[first, repr(asyncio.run(main()))]";
    let mut s = Session::default();
    let p = start(&mut s, &request(code));
    let calls = match p {
        Progress::Wait { calls, .. } => calls,
        other => panic!("expected a wait, got {other:?}"),
    };
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert_eq!(
        calls[0].args[0],
        Value::dataclass("Node", [("next", Value::Int(1))], false)
    );
    let results = Results {
        results: vec![Reply::value(calls[0].id, calls[0].args[0].clone())],
        elapsed: None,
    };
    let value = value(resume(&mut s, &Resume::Many(results)));
    let message =
        "cannot send a value with a reference cycle to the host: a Node instance contains itself";
    assert_eq!(
        value,
        Value::List(vec![
            Value::Str(message.into()),
            Value::Str(format!("[ValueError('{message}'), Node(next=1)]")),
        ])
    );
}

#[test]
fn made_classes_survive_a_snapshot() {
    let code = "a = echo(None)\nb = echo(None)\n[type(a) is type(b), b]";
    let mut first = Session::default();
    let c = call(start(&mut first, &request(code)));
    let c2 = call(resume(
        &mut first,
        &Resume::One(Reply::value(c.id, order(1, 1.0))),
    ));
    let state = first.snapshot();
    drop(first);
    let mut second = Session::default();
    let again: Progress = serde_json::from_str(&second.restore(&state)).unwrap();
    assert_eq!(call(again), c2);
    let value = value(resume(
        &mut second,
        &Resume::One(Reply::value(c2.id, order(2, 2.0))),
    ));
    assert_eq!(value, Value::List(vec![Value::Bool(true), order(2, 2.0)]));
}

#[test]
fn deep_records_are_cut_where_the_json_would_be_too_deep() {
    let code = "from dataclasses import dataclass\n@dataclass\nclass N:\n    next: object\nn = None\nfor _ in range(40):\n    n = N(n)\nn";
    let mut value = value(start(&mut Session::default(), &request(code)));
    let mut levels = 0;
    while let Value::Dataclass { fields, .. } = value {
        levels += 1;
        value = fields.into_iter().next().unwrap().1;
    }
    assert_eq!(value, Value::Repr("...".into()));
    assert_eq!(levels, 26);
    // (within serde_json's 128 levels, with the progress message around it)
    assert!(levels * 4 < 120);
}
