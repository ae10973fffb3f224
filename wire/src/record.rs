//! The record forms of [`Value`]: `{"$dataclass": {...}}` and
//! `{"$namedtuple": {...}}`, a class name with named fields in order.
//!
//! Written as `{"name": "Order", "fields": [["id", 1], ["total", 9.5]],
//! "frozen": false}` (`frozen` only for dataclasses). Read strictly: the
//! payload is an object with a str `name`, a `fields` array of
//! `[str, value]` pairs with distinct names, for a dataclass an optional
//! bool `frozen` (false when absent), and no other key.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use crate::value::Value;

/// A record's payload, for serializing.
pub(crate) struct Record<'a> {
    pub name: &'a str,
    pub fields: &'a [(String, Value)],
    /// `Some` for a dataclass.
    pub frozen: Option<bool>,
}

/// `[["id", 1], ...]`.
struct Fields<'a>(&'a [(String, Value)]);

impl Serialize for Fields<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for (k, v) in self.0 {
            seq.serialize_element(&(k, v))?;
        }
        seq.end()
    }
}

impl Serialize for Record<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(2 + usize::from(self.frozen.is_some())))?;
        map.serialize_entry("name", self.name)?;
        map.serialize_entry("fields", &Fields(self.fields))?;
        if let Some(frozen) = self.frozen {
            map.serialize_entry("frozen", &frozen)?;
        }
        map.end()
    }
}

/// Reads the payload of `$dataclass` or `$namedtuple` (`tag`), already
/// parsed as a plain value.
pub(crate) fn untag(tag: &str, payload: Value) -> Result<Value, String> {
    let dataclass = tag == "$dataclass";
    let shape = if dataclass {
        "{\"name\": str, \"fields\": [[str, value], ..], \"frozen\": bool}"
    } else {
        "{\"name\": str, \"fields\": [[str, value], ..]}"
    };
    let Value::Dict(pairs) = payload else {
        return Err(format!("`{tag}` must hold an object {shape}"));
    };
    let mut name = None;
    let mut fields = None;
    let mut frozen = None;
    for (k, v) in pairs {
        let Value::Str(k) = k else {
            return Err(format!("`{tag}` must hold an object {shape}"));
        };
        let slot_taken = match k.as_str() {
            "name" => name.is_some(),
            "fields" => fields.is_some(),
            "frozen" if dataclass => frozen.is_some(),
            _ => {
                return Err(format!(
                    "`{tag}` has an unknown key {k:?} (expected {shape})"
                ))
            }
        };
        if slot_taken {
            return Err(format!("`{tag}` repeats the key {k:?}"));
        }
        match k.as_str() {
            "name" => match v {
                Value::Str(s) => name = Some(s),
                _ => return Err(format!("`{tag}`'s \"name\" must be a string")),
            },
            "fields" => fields = Some(read_fields(tag, v)?),
            _ => match v {
                Value::Bool(b) => frozen = Some(b),
                _ => return Err(format!("`{tag}`'s \"frozen\" must be true or false")),
            },
        }
    }
    let Some(name) = name else {
        return Err(format!("`{tag}` needs a \"name\" (expected {shape})"));
    };
    let Some(fields) = fields else {
        return Err(format!("`{tag}` needs \"fields\" (expected {shape})"));
    };
    Ok(if dataclass {
        Value::Dataclass {
            name,
            fields,
            frozen: frozen.unwrap_or(false),
        }
    } else {
        Value::NamedTuple { name, fields }
    })
}

fn read_fields(tag: &str, v: Value) -> Result<Vec<(String, Value)>, String> {
    let wrong = || format!("`{tag}`'s \"fields\" must be an array of [name, value] pairs");
    let Value::List(items) = v else {
        return Err(wrong());
    };
    let mut out: Vec<(String, Value)> = Vec::with_capacity(items.len());
    for item in items {
        let Value::List(mut kv) = item else {
            return Err(wrong());
        };
        if kv.len() != 2 {
            return Err(wrong());
        }
        let value = kv.pop().expect("two");
        let Value::Str(field) = kv.pop().expect("two") else {
            return Err(format!("`{tag}` has a field name that is not a string"));
        };
        if out.iter().any(|(f, _)| *f == field) {
            return Err(format!("`{tag}` repeats the field {field:?}"));
        }
        out.push((field, value));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::borrow::ToOwned;
    use alloc::string::ToString;
    use alloc::vec;

    fn order() -> Value {
        Value::Dataclass {
            name: "Order".to_owned(),
            fields: vec![
                ("id".to_owned(), Value::Int(1)),
                ("total".to_owned(), Value::Float(9.5)),
            ],
            frozen: false,
        }
    }

    #[test]
    fn dataclass_round_trips() {
        let json =
            r#"{"$dataclass":{"name":"Order","fields":[["id",1],["total",9.5]],"frozen":false}}"#;
        assert_eq!(order().to_json(), json);
        assert_eq!(Value::from_json(json).unwrap(), order());
        // nested, frozen, with tagged values inside
        let inner = Value::Dataclass {
            name: "P".to_owned(),
            fields: vec![("t".to_owned(), Value::Tuple(vec![Value::Int(1)]))],
            frozen: true,
        };
        let outer = Value::List(vec![Value::dict([("o", order()), ("p", inner)])]);
        assert_eq!(Value::from_json(&outer.to_json()).unwrap(), outer);
    }

    #[test]
    fn namedtuple_round_trips() {
        let json = r#"{"$namedtuple":{"name":"Point","fields":[["x",1],["y",{"$tuple":[2]}]]}}"#;
        let v = Value::from_json(json).unwrap();
        assert_eq!(
            v,
            Value::NamedTuple {
                name: "Point".to_owned(),
                fields: vec![
                    ("x".to_owned(), Value::Int(1)),
                    ("y".to_owned(), Value::Tuple(vec![Value::Int(2)])),
                ],
            }
        );
        assert_eq!(v.to_json(), json);
        let empty = Value::NamedTuple {
            name: "E".to_owned(),
            fields: vec![],
        };
        assert_eq!(Value::from_json(&empty.to_json()).unwrap(), empty);
    }

    #[test]
    fn frozen_defaults_to_false() {
        let v = Value::from_json(r#"{"$dataclass":{"fields":[["id",1]],"name":"O"}}"#).unwrap();
        assert_eq!(
            v,
            Value::Dataclass {
                name: "O".to_owned(),
                fields: vec![("id".to_owned(), Value::Int(1))],
                frozen: false,
            }
        );
    }

    fn error(json: &str) -> String {
        Value::from_json(json).unwrap_err().to_string()
    }

    #[test]
    fn malformed_forms_are_rejected() {
        let cases = [
            (r#"{"$dataclass":{"fields":[]}}"#, "needs a \"name\""),
            (r#"{"$dataclass":{"name":"O"}}"#, "needs \"fields\""),
            (
                r#"{"$dataclass":{"name":1,"fields":[]}}"#,
                "\"name\" must be a string",
            ),
            (
                r#"{"$dataclass":{"name":"O","fields":[[1,2]]}}"#,
                "field name that is not a string",
            ),
            (
                r#"{"$dataclass":{"name":"O","fields":[["a",1],["a",2]]}}"#,
                "repeats the field \"a\"",
            ),
            (
                r#"{"$dataclass":{"name":"O","fields":[],"extra":1}}"#,
                "unknown key \"extra\"",
            ),
            (
                r#"{"$namedtuple":{"name":"P","fields":[],"frozen":true}}"#,
                "unknown key \"frozen\"",
            ),
            (
                r#"{"$dataclass":{"name":"O","fields":[],"frozen":1}}"#,
                "\"frozen\" must be true or false",
            ),
            (
                r#"{"$dataclass":{"name":"O","fields":[["a"]]}}"#,
                "[name, value] pairs",
            ),
            (
                r#"{"$dataclass":{"name":"O","fields":{"a":1}}}"#,
                "[name, value] pairs",
            ),
            (r#"{"$namedtuple":[1,2]}"#, "must hold an object"),
            (
                r#"{"$dataclass":{"name":"O","name":"P","fields":[]}}"#,
                "repeats the key \"name\"",
            ),
        ];
        for (json, want) in cases {
            let got = error(json);
            assert!(got.contains(want), "{json}: {got}");
        }
    }
}
