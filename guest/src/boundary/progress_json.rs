//! Progress messages as JSON text. A `call` or `os_call` message, one per
//! host call, is written by hand, its keys as literal text and its values
//! by serde_json: the same bytes as `monty_wire::Progress`'s derived
//! `Serialize` (the tests hold them equal), which every other message
//! goes through. Serde's struct machinery wrote the seven strings of a
//! call message one by one, escape scan included: a tenth of the guest's
//! side of a call's round trip.

use monty_wire::{Call, Ordered, Progress, Value};
use serde::Serialize;

/// `progress` as a JSON message.
pub fn encode(progress: &Progress) -> String {
    let mut out = Vec::with_capacity(128);
    match progress {
        Progress::Call(call) => write_call(&mut out, call),
        Progress::OsCall {
            id,
            function,
            args,
            kwargs,
        } => write_os_call(&mut out, *id, function, args, kwargs),
        other => json(&mut out, other),
    }
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

fn write_call(out: &mut Vec<u8>, call: &Call) {
    out.extend_from_slice(br#"{"status":"call","id":"#);
    json(out, &call.id);
    out.extend_from_slice(br#","name":"#);
    json(out, &call.name);
    if let Some(object) = call.object {
        out.extend_from_slice(br#","object":"#);
        json(out, &object);
    }
    if let Some(class) = &call.class {
        out.extend_from_slice(br#","class":"#);
        json(out, class);
    }
    if call.method_call {
        out.extend_from_slice(br#","method_call":true"#);
    }
    write_arguments(out, &call.args, &call.kwargs);
}

fn write_os_call(
    out: &mut Vec<u8>,
    id: u64,
    function: &str,
    args: &[Value],
    kwargs: &Ordered<Value>,
) {
    out.extend_from_slice(br#"{"status":"os_call","id":"#);
    json(out, &id);
    out.extend_from_slice(br#","function":"#);
    json(out, function);
    write_arguments(out, args, kwargs);
}

/// `,"args":[..],"kwargs":{..}}`: the end of both call messages.
fn write_arguments(out: &mut Vec<u8>, args: &[Value], kwargs: &Ordered<Value>) {
    out.extend_from_slice(br#","args":"#);
    json(out, args);
    out.extend_from_slice(br#","kwargs":"#);
    json(out, kwargs);
    out.push(b'}');
}

fn json<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) {
    serde_json::to_writer(out, value).expect("boundary values always encode");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(object: Option<u64>, class: Option<&str>, method_call: bool) -> Call {
        Call {
            id: 12_345_678_901,
            name: "fetch \"quoted\"\n\u{1}é".into(),
            object,
            class: class.map(Into::into),
            method_call,
            args: vec![
                Value::Int(1),
                Value::Str("a\"b".into()),
                Value::Tuple(vec![Value::Float(0.5), Value::None]),
                Value::Dict(vec![(Value::Int(1), Value::Bool(true))]),
            ],
            kwargs: Ordered(vec![
                ("k".into(), Value::List(vec![])),
                ("big".into(), Value::Int(1 << 60)),
            ]),
        }
    }

    #[test]
    fn call_messages_are_the_derived_bytes() {
        let calls = [
            call(None, None, false),
            call(Some(7), Some("Database"), true),
            call(Some(0), None, false),
            Call {
                args: vec![],
                kwargs: Ordered(vec![]),
                ..call(None, Some("C"), false)
            },
        ];
        for c in calls {
            let p = Progress::Call(c);
            assert_eq!(encode(&p), serde_json::to_string(&p).unwrap());
        }
        let os = Progress::OsCall {
            id: 0,
            function: "Path.read_text".into(),
            args: vec![Value::Str("/a b".into())],
            kwargs: Ordered(vec![("encoding".into(), Value::Str("utf-8".into()))]),
        };
        assert_eq!(encode(&os), serde_json::to_string(&os).unwrap());
        let done = Progress::Complete {
            value: Value::Int(1),
            repr: Some("1".into()),
        };
        assert_eq!(encode(&done), serde_json::to_string(&done).unwrap());
    }
}
