//! Reading a `call` progress message, the guest's answer on the path of
//! every host call, without serde's struct machinery: the guest writes it
//! in one exact form (`guest/src/boundary/progress_json.rs`: its keys in
//! a fixed order, no whitespace), so its keys are matched as literal text
//! and only the values (the name, the arguments) go through serde_json.
//! The general reader (`monty_wire`'s `Progress` deserializer: every
//! variant's fields in one struct, any key order) took a fifth of a call's
//! round trip, a third of it copying that struct.
//!
//! Anything not in that form (another status, other key order, spaces, a
//! value serde rejects) gives `None`, and the caller reads the message with
//! the general reader, which also makes the error messages: this reader
//! accepts a subset of what that one accepts and reads it to the same
//! value (`tests` below hold the two equal).

use monty_wire::quick_read::{shallow_enough, Cursor};
use monty_wire::{Call, Ordered, Value};
use serde::de::DeserializeOwned;

/// The `call` message in `bytes`, if it has the guest's exact form.
pub(crate) fn read_call(bytes: &[u8]) -> Option<Call> {
    if !shallow_enough(bytes) {
        return None;
    }
    let mut r = Cursor::new(bytes);
    r.literal(br#"{"status":"call","id":"#)?;
    let id = r.integer()?;
    r.literal(br#","name":"#)?;
    let name = string(&mut r)?;
    let object = if r.eat(br#","object":"#) {
        Some(r.integer()?)
    } else {
        None
    };
    let class = if r.eat(br#","class":"#) {
        Some(string(&mut r)?)
    } else {
        None
    };
    let method_call = r.eat(br#","method_call":true"#);
    r.literal(br#","args":"#)?;
    let args: Vec<Value> = if r.eat(b"[]") {
        Vec::new()
    } else {
        value(&mut r)?
    };
    r.literal(br#","kwargs":"#)?;
    let kwargs: Ordered<Value> = if r.eat(b"{}") {
        Ordered(Vec::new())
    } else {
        value(&mut r)?
    };
    r.literal(b"}")?;
    r.at_end().then_some(Call {
        id,
        name,
        object,
        class,
        method_call,
        args,
        kwargs,
    })
}

/// A JSON string; one with escapes through serde_json.
fn string(r: &mut Cursor) -> Option<String> {
    let rest = r.rest().strip_prefix(b"\"")?;
    let end = rest
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
    if rest[end] != b'"' {
        return value(r);
    }
    let text = std::str::from_utf8(&rest[..end]).ok()?;
    r.advance(end + 2);
    Some(text.to_owned())
}

/// One JSON value by its `Deserialize` (a string, array or object:
/// values that end themselves, so nothing after them is read).
fn value<T: DeserializeOwned>(r: &mut Cursor) -> Option<T> {
    let mut values = serde_json::Deserializer::from_slice(r.rest()).into_iter();
    let value = values.next()?.ok()?;
    r.advance(values.byte_offset());
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use monty_wire::quick_read::MAX_BRACKETS;
    use monty_wire::Progress;

    fn general(text: &str) -> Option<Call> {
        match serde_json::from_str::<Progress>(text) {
            Ok(Progress::Call(call)) => Some(call),
            _ => None,
        }
    }

    #[test]
    fn reads_what_the_general_reader_reads() {
        let calls = [
            Call {
                id: 0,
                name: "ping".into(),
                object: None,
                class: None,
                method_call: false,
                args: vec![Value::Int(3)],
                kwargs: Ordered(vec![]),
            },
            Call {
                id: u64::MAX,
                name: "fetch \"quoted\"\n\u{1}é".into(),
                object: Some(7),
                class: Some("Data\\base".into()),
                method_call: true,
                args: vec![
                    Value::Str("a\"b".into()),
                    Value::Tuple(vec![Value::Float(0.5), Value::None]),
                    Value::Dict(vec![(Value::Int(1), Value::Bool(true))]),
                    Value::Int(1 << 60),
                ],
                kwargs: Ordered(vec![
                    ("k".into(), Value::List(vec![])),
                    ("$x".into(), Value::Dict(vec![])),
                ]),
            },
            Call {
                id: 12,
                name: "café".into(),
                object: Some(0),
                class: Some("Ω".into()),
                method_call: false,
                args: vec![],
                kwargs: Ordered(vec![("a".into(), Value::Str("}".into()))]),
            },
        ];
        for call in calls {
            // the derived Serialize writes the guest's bytes (the guest's
            // progress_json tests hold them equal)
            let text = serde_json::to_string(&Progress::Call(call.clone())).unwrap();
            assert_eq!(read_call(text.as_bytes()), Some(call.clone()), "{text}");
            assert_eq!(general(&text), Some(call), "{text}");
        }
    }

    #[test]
    fn leaves_other_forms_to_the_general_reader() {
        for text in [
            r#"{"status":"complete","value":1}"#,
            r#"{"id":1,"status":"call","name":"f","args":[],"kwargs":{}}"#,
            r#"{"status":"call", "id":1,"name":"f","args":[],"kwargs":{}}"#,
            r#"{"status":"call","id":01,"name":"f","args":[],"kwargs":{}}"#,
            r#"{"status":"call","id":18446744073709551616,"name":"f","args":[],"kwargs":{}}"#,
            r#"{"status":"call","id":1,"name":"f","args":[],"kwargs":{}} "#,
            r#"{"status":"call","id":1,"name":"f","args":[],"kwargs":{},"x":1}"#,
            r#"{"status":"call","id":1,"name":"f","args":[1,],"kwargs":{}}"#,
            r#"{"status":"call","id":1,"name":"f","args":[],"kwargs":{}"#,
            r#"{"status":"call","id":1,"name":"f"}"#,
        ] {
            assert_eq!(read_call(text.as_bytes()), None, "{text}");
        }
        // deep values: the general reader refuses past its 128 levels
        let deep = format!(
            r#"{{"status":"call","id":1,"name":"f","args":[{}{}],"kwargs":{{}}}}"#,
            "[".repeat(MAX_BRACKETS),
            "]".repeat(MAX_BRACKETS)
        );
        assert_eq!(read_call(deep.as_bytes()), None);
        // what it leaves, the general reader still reads (or rejects) as before
        let late = r#"{"id":1,"status":"call","name":"f","args":[],"kwargs":{}}"#;
        assert_eq!(general(late).map(|c| c.id), Some(1));
    }
}
