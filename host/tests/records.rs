//! Dataclass and namedtuple instances across the boundary through the
//! real `monty.wasm`: `Value::Dataclass` / `Value::NamedTuple` as the final
//! value, as tool arguments and results, as inputs; frozen classes; bad
//! records and reference cycles.

mod common;

use std::sync::{Arc, Mutex};

use common::engine;
use monty_host::{Error, ExternalError, Functions, StartRequest, Value};

fn order(id: i64, total: f64) -> Value {
    Value::dataclass(
        "Order",
        [("id", Value::Int(id)), ("total", Value::Float(total))],
        false,
    )
}

const ORDER: &str = "\
from dataclasses import dataclass, asdict, FrozenInstanceError
from collections import namedtuple

@dataclass
class Order:
    id: int
    total: float

@dataclass(frozen=True)
class Money:
    amount: int

Point = namedtuple('Point', 'x y')
";

#[test]
fn a_returned_dataclass_is_a_dataclass_value() {
    let code = format!("{ORDER}[Order(1, 9.5), Money(3), Point(1, (2,))]");
    let outcome = engine().run(&code, &[]).unwrap();
    assert_eq!(
        outcome.value,
        Value::List(vec![
            order(1, 9.5),
            Value::dataclass("Money", [("amount", Value::Int(3))], true),
            Value::named_tuple(
                "Point",
                [
                    ("x", Value::Int(1)),
                    ("y", Value::Tuple(vec![Value::Int(2)]))
                ]
            ),
        ])
    );
    assert_eq!(
        outcome.repr.as_deref(),
        Some("[Order(id=1, total=9.5), Money(amount=3), Point(x=1, y=(2,))]")
    );
}

#[test]
fn a_tool_gets_and_returns_dataclasses() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let mut functions = Functions::new();
    functions.register("pay", &["orders"], move |call| {
        let orders = call.require("orders")?.clone();
        log.lock().unwrap().push(orders.clone());
        let Value::List(items) = &orders else {
            return Err(ExternalError::new("TypeError", "a list expected"));
        };
        let Some(Value::Dataclass { fields, .. }) = items.first() else {
            return Err(ExternalError::new("TypeError", "an Order expected"));
        };
        Ok(Value::Dataclass {
            name: "Receipt".into(),
            fields: vec![
                ("order".into(), items[0].clone()),
                ("amount".into(), fields[1].1.clone()),
            ],
            frozen: true,
        })
    });
    let code = format!(
        "{ORDER}\
r = pay([Order(1, 9.5), {{'m': Money(2)}}])
try:
    r.amount = 0
except FrozenInstanceError as e:
    err = str(e)
[repr(r), type(r.order) is Order, asdict(r), err, type(r).__name__]"
    );
    let outcome = engine().run_with_functions(&code, &functions).unwrap();
    assert_eq!(
        seen.lock().unwrap()[0],
        Value::List(vec![
            order(1, 9.5),
            Value::dict([(
                "m",
                Value::dataclass("Money", [("amount", Value::Int(2))], true)
            )]),
        ])
    );
    assert_eq!(
        outcome.value.to_json(),
        r#"["Receipt(order=Order(id=1, total=9.5), amount=9.5)",true,{"order":{"id":1,"total":9.5},"amount":9.5},"cannot assign to field 'amount'","Receipt"]"#
    );
}

#[test]
fn an_input_dataclass_with_and_without_the_programs_class() {
    // the program's own class (defined after the input arrived)
    let code = format!("{ORDER}[isinstance(o, Order), o == Order(7, 1.5), o.total, o]");
    let outcome = engine().run(&code, &[("o", order(7, 1.5))]).unwrap();
    assert_eq!(
        outcome.value,
        Value::List(vec![
            Value::Bool(true),
            Value::Bool(true),
            Value::Float(1.5),
            order(7, 1.5)
        ])
    );
    // no class of that name: one is made
    let code = "from dataclasses import asdict, fields\n[repr(o), asdict(o), [f.name for f in fields(o)], type(o).__name__]";
    let outcome = engine().run(code, &[("o", order(7, 1.5))]).unwrap();
    assert_eq!(
        outcome.value.to_json(),
        r#"["Order(id=7, total=1.5)",{"id":7,"total":1.5},["id","total"],"Order"]"#
    );
}

#[test]
fn a_frozen_input_stays_frozen() {
    let frozen = Value::dataclass("Cfg", [("level", Value::Int(1))], true);
    let code = "\
from dataclasses import FrozenInstanceError
try:
    cfg.level = 2
except FrozenInstanceError as e:
    out = str(e)
out, cfg.level";
    let outcome = engine().run(code, &[("cfg", frozen)]).unwrap();
    assert_eq!(
        outcome.value,
        Value::Tuple(vec![
            Value::from("cannot assign to field 'level'"),
            Value::Int(1)
        ])
    );
}

#[test]
fn bad_records_are_reported() {
    // as an input: the run does not start
    let int_class = Value::Dataclass {
        name: "int".into(),
        fields: vec![],
        frozen: false,
    };
    match engine().run("x", &[("x", int_class)]) {
        Err(Error::Internal(message)) => assert!(
            message.contains("input \"x\" is not a valid value")
                && message.contains("the name of a builtin"),
            "{message}"
        ),
        other => panic!("expected an invalid request, got {other:?}"),
    }
    // as a tool result: a ValueError in the program
    let mut functions = Functions::new();
    functions.register("get", &[], |_| {
        Ok(Value::dataclass(
            "Order",
            [("id", Value::Int(1)), ("extra", Value::None)],
            false,
        ))
    });
    let code = format!("{ORDER}get()");
    match engine().run_with_functions(&code, &functions) {
        Err(Error::Python(e)) => {
            assert_eq!(e.type_name, "ValueError");
            assert_eq!(
                e.message,
                "the host returned a malformed value: the dataclass Order does not match the program's class Order: unknown field 'extra', missing field 'total'"
            );
        }
        other => panic!("expected a ValueError, got {other:?}"),
    }
    // a syntactically bad form does not parse at all
    assert!(Value::from_json(r#"{"$dataclass":{"name":"O","fields":[[1,2]]}}"#).is_err());
}

#[test]
fn a_cycle_through_a_dataclass_is_a_value_error() {
    let code = "\
from dataclasses import dataclass
@dataclass
class Node:
    next: object = None
n = Node()
n.next = [n]
try:
    send(n)
except ValueError as e:
    print(e)
n";
    let mut functions = Functions::new();
    functions.register("send", &["v"], |_| Ok(Value::None));
    let request = StartRequest::new(code);
    match engine().run_request(request, &functions) {
        Err(Error::Python(e)) => {
            assert_eq!(e.type_name, "ValueError");
            assert_eq!(
                e.message,
                "cannot send a value with a reference cycle to the host: a Node instance contains itself"
            );
        }
        other => panic!("expected a ValueError, got {other:?}"),
    }
}
