//! The host's view of a Python value, and its lossless JSON form.
//!
//! Values cross the boundary (inputs, call arguments, call results, the final
//! value) as JSON. Plain JSON is used where it is exact — `None`, bools,
//! strings, lists, dicts with string keys, finite floats, and ints with
//! `|n| <= 2^53 - 1` — and everything else is a one-key tagged object, so no
//! host ever has to guess (DESIGN.md, "Values"):
//!
//! | Python | JSON |
//! |---|---|
//! | big int | `{"$int": "123456789012345678901"}` |
//! | `inf`, `-inf`, `nan` | `{"$float": "inf"}` |
//! | tuple | `{"$tuple": [..]}` |
//! | set / frozenset | `{"$set": [..]}` / `{"$frozenset": [..]}` |
//! | bytes | `{"$bytes": "<base64>"}` |
//! | dict with a non-str key, or whose only key starts with `$` | `{"$dict": [[k, v], ..]}` |
//! | dataclass instance | `{"$dataclass": {"name": "Order", "fields": [["id", 1], ["total", 9.5]], "frozen": false}}` |
//! | namedtuple instance | `{"$namedtuple": {"name": "Point", "fields": [["x", 1], ["y", 2]]}}` |
//! | anything without a data form (functions, classes, ...) | `{"$repr": "<function f at 0x...>"}` |
//! | an object of the host (`host_object.rs`) | `{"$object": {"id": 7, "class": "Database", ...}}` |
//!
//! A dataclass's `fields` are those `dataclasses.fields()` lists, in
//! definition order; a namedtuple's are its `_fields`. Field names are
//! strings, distinct; the payload has exactly the keys shown (`frozen` may
//! be left out when false). The forms are read strictly (`record.rs`).
//!
//! A JSON number with a fraction or exponent (`1.0`, `1e3`) is a float; one
//! without is an int. Dict order is preserved in both directions (the
//! (de)serializers here stream maps instead of going through a sorted map).

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use num_bigint::BigInt;
use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::host_object::HostObject;

/// The largest integer magnitude that is written as a plain JSON number
/// (2^53 - 1: every such integer is exact in an IEEE double, so JavaScript
/// and other float-only JSON readers read it correctly).
pub const MAX_PLAIN_INT: i64 = (1 << 53) - 1;

/// A Python value as the host sees it.
///
/// Ints that fit in an `i64` are always [`Value::Int`]; [`Value::BigInt`]
/// holds only values outside that range (the constructors and the decoder
/// normalize). Dicts keep insertion order and may have any hashable keys.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Value {
    /// `None`.
    #[default]
    None,
    /// `True` / `False`.
    Bool(bool),
    /// An int that fits in 64 bits.
    Int(i64),
    /// An int outside the `i64` range.
    BigInt(BigInt),
    /// A float, including `inf`, `-inf` and `nan`.
    Float(f64),
    /// A `str`.
    Str(String),
    /// A `bytes` object.
    Bytes(Vec<u8>),
    /// A `list`.
    List(Vec<Value>),
    /// A `tuple`.
    Tuple(Vec<Value>),
    /// A `dict`, as ordered key/value pairs.
    Dict(Vec<(Value, Value)>),
    /// A `set` (in the order the guest produced it).
    Set(Vec<Value>),
    /// A `frozenset`.
    FrozenSet(Vec<Value>),
    /// An instance of a dataclass: its class's name, its fields (as
    /// `dataclasses.fields()` lists them, in order) and whether the class
    /// is frozen.
    Dataclass {
        /// The class's `__name__`.
        name: String,
        /// Field name and value pairs, in definition order.
        fields: Vec<(String, Value)>,
        /// Whether the class was declared `frozen=True`.
        frozen: bool,
    },
    /// An instance of a `collections.namedtuple` (or `typing.NamedTuple`)
    /// class: its class's name and its fields in `_fields` order.
    NamedTuple {
        /// The class's `__name__`.
        name: String,
        /// Field name and value pairs, in `_fields` order.
        fields: Vec<(String, Value)>,
    },
    /// An object with no data form, carried as its `repr()`.
    Repr(String),
    /// An object of the host: given to the program with its attributes and
    /// methods, or coming back from it as a reference (id and class only).
    Object(HostObject),
}

impl Value {
    /// An int of any size, normalized to [`Value::Int`] when it fits.
    pub fn from_bigint(n: BigInt) -> Value {
        match i64::try_from(&n) {
            Ok(small) => Value::Int(small),
            Err(_) => Value::BigInt(n),
        }
    }

    /// A dict with string keys, in the given order.
    pub fn dict<K: Into<String>>(pairs: impl IntoIterator<Item = (K, Value)>) -> Value {
        Value::Dict(
            pairs
                .into_iter()
                .map(|(k, v)| (Value::Str(k.into()), v))
                .collect(),
        )
    }

    /// A dataclass instance: its class's name, its fields in order, and
    /// whether the class is frozen.
    pub fn dataclass<K: Into<String>>(
        name: impl Into<String>,
        fields: impl IntoIterator<Item = (K, Value)>,
        frozen: bool,
    ) -> Value {
        Value::Dataclass {
            name: name.into(),
            fields: fields.into_iter().map(|(k, v)| (k.into(), v)).collect(),
            frozen,
        }
    }

    /// A namedtuple instance: its class's name and its fields in order.
    pub fn named_tuple<K: Into<String>>(
        name: impl Into<String>,
        fields: impl IntoIterator<Item = (K, Value)>,
    ) -> Value {
        Value::NamedTuple {
            name: name.into(),
            fields: fields.into_iter().map(|(k, v)| (k.into(), v)).collect(),
        }
    }

    /// Parses the tagged JSON form.
    ///
    /// # Errors
    ///
    /// Returns a message when `json` is not valid JSON or uses a `$` tag
    /// wrongly (an unknown tag, or a payload of the wrong shape).
    pub fn from_json(json: &str) -> Result<Value, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    /// The tagged JSON form (compact, one line).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a Value always serializes")
    }

    /// The string, if this is a `str`.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The int, if this is an int that fits in an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// The number as a float, if this is a float or an int (possibly rounded).
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Float(f) => Some(*f),
            Value::Int(n) => Some(*n as f64),
            Value::BigInt(n) => n.to_string().parse().ok(),
            _ => None,
        }
    }

    /// The bool, if this is a bool.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The items, if this is a list or a tuple.
    pub fn as_sequence(&self) -> Option<&[Value]> {
        match self {
            Value::List(items) | Value::Tuple(items) => Some(items),
            _ => None,
        }
    }

    /// Looks up a string key, if this is a dict.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Dict(pairs) => pairs
                .iter()
                .find(|(k, _)| k.as_str() == Some(key))
                .map(|(_, v)| v),
            _ => None,
        }
    }

    /// Whether this is `None`.
    pub fn is_none(&self) -> bool {
        matches!(self, Value::None)
    }

    /// Whether a dict can be written as a plain JSON object: every key is a
    /// str, and it is not a single `$`-key (which would read back as a tag).
    fn dict_is_plain(pairs: &[(Value, Value)]) -> bool {
        pairs.iter().all(|(k, _)| matches!(k, Value::Str(_)))
            && !(pairs.len() == 1 && matches!(&pairs[0].0, Value::Str(k) if k.starts_with('$')))
    }
}

macro_rules! from_impls {
    ($($t:ty => |$v:ident| $e:expr),* $(,)?) => {
        $(impl From<$t> for Value {
            fn from($v: $t) -> Value { $e }
        })*
    };
}

from_impls! {
    bool => |b| Value::Bool(b),
    i32 => |n| Value::Int(n.into()),
    i64 => |n| Value::Int(n),
    u32 => |n| Value::Int(n.into()),
    u64 => |n| Value::from_bigint(n.into()),
    usize => |n| Value::from_bigint(n.into()),
    BigInt => |n| Value::from_bigint(n),
    f64 => |f| Value::Float(f),
    String => |s| Value::Str(s),
    &str => |s| Value::Str(s.to_owned()),
    Vec<Value> => |items| Value::List(items),
    () => |_unit| Value::None,
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::None, Into::into)
    }
}

/// Serializes one `{"$tag": payload}` object.
fn tagged<S: Serializer, P: Serialize + ?Sized>(
    s: S,
    tag: &str,
    payload: &P,
) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(1))?;
    map.serialize_entry(tag, payload)?;
    map.end()
}

/// Serializes a slice of values as a JSON array.
struct Items<'a>(&'a [Value]);

impl Serialize for Items<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for item in self.0 {
            seq.serialize_element(item)?;
        }
        seq.end()
    }
}

/// Serializes dict pairs as `[[k, v], ..]`.
struct Pairs<'a>(&'a [(Value, Value)]);

impl Serialize for Pairs<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for (k, v) in self.0 {
            seq.serialize_element(&(k, v))?;
        }
        seq.end()
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::None => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Int(n) if n.unsigned_abs() <= MAX_PLAIN_INT as u64 => s.serialize_i64(*n),
            Value::Int(n) => tagged(s, "$int", &n.to_string()),
            Value::BigInt(n) => tagged(s, "$int", &n.to_string()),
            Value::Float(f) if f.is_finite() => s.serialize_f64(*f),
            Value::Float(f) => {
                let name = if f.is_nan() {
                    "nan"
                } else if *f > 0.0 {
                    "inf"
                } else {
                    "-inf"
                };
                tagged(s, "$float", name)
            }
            Value::Str(text) => s.serialize_str(text),
            Value::Bytes(bytes) => tagged(s, "$bytes", &crate::base64::encode(bytes)),
            Value::List(items) => Items(items).serialize(s),
            Value::Tuple(items) => tagged(s, "$tuple", &Items(items)),
            Value::Set(items) => tagged(s, "$set", &Items(items)),
            Value::FrozenSet(items) => tagged(s, "$frozenset", &Items(items)),
            Value::Dict(pairs) if Value::dict_is_plain(pairs) => {
                let mut map = s.serialize_map(Some(pairs.len()))?;
                for (k, v) in pairs {
                    map.serialize_entry(k.as_str().expect("checked: str keys"), v)?;
                }
                map.end()
            }
            Value::Dict(pairs) => tagged(s, "$dict", &Pairs(pairs)),
            Value::Dataclass {
                name,
                fields,
                frozen,
            } => tagged(
                s,
                "$dataclass",
                &crate::record::Record {
                    name,
                    fields,
                    frozen: Some(*frozen),
                },
            ),
            Value::NamedTuple { name, fields } => tagged(
                s,
                "$namedtuple",
                &crate::record::Record {
                    name,
                    fields,
                    frozen: None,
                },
            ),
            Value::Repr(text) => tagged(s, "$repr", text),
            Value::Object(o) => tagged(s, "$object", o),
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a tagged-JSON Python value")
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::None)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Int(n))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from_bigint(n.into()))
    }

    fn visit_i128<E>(self, n: i128) -> Result<Value, E> {
        Ok(Value::from_bigint(n.into()))
    }

    fn visit_u128<E>(self, n: u128) -> Result<Value, E> {
        Ok(Value::from_bigint(n.into()))
    }

    fn visit_f64<E>(self, f: f64) -> Result<Value, E> {
        Ok(Value::Float(f))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::Str(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::Str(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element::<Value>()? {
            items.push(item);
        }
        Ok(Value::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut pairs: Vec<(String, Value)> = Vec::new();
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            pairs.push((k, v));
        }
        if pairs.len() == 1 && pairs[0].0.starts_with('$') {
            let (tag, payload) = pairs.pop().expect("one pair");
            return untag(&tag, payload).map_err(de::Error::custom);
        }
        Ok(Value::Dict(
            pairs.into_iter().map(|(k, v)| (Value::Str(k), v)).collect(),
        ))
    }
}

/// Interprets `{"$tag": payload}` once the payload has been read as a plain
/// value.
fn untag(tag: &str, payload: Value) -> Result<Value, String> {
    let wrong = |what: &str| format!("`{tag}` must hold {what}");
    match (tag, payload) {
        ("$int", Value::Str(digits)) => digits
            .trim()
            .parse::<BigInt>()
            .map(Value::from_bigint)
            .map_err(|_| format!("`$int` holds {digits:?}, which is not an integer")),
        ("$int", _) => Err(wrong("a string of decimal digits")),
        ("$float", Value::Str(name)) => match name.as_str() {
            "inf" | "+inf" | "infinity" => Ok(Value::Float(f64::INFINITY)),
            "-inf" | "-infinity" => Ok(Value::Float(f64::NEG_INFINITY)),
            "nan" => Ok(Value::Float(f64::NAN)),
            // Accept any float spelling (a host may tag finite floats too).
            other => other
                .parse::<f64>()
                .map(Value::Float)
                .map_err(|_| format!("`$float` holds {other:?}, which is not a float")),
        },
        ("$float", _) => Err(wrong("\"inf\", \"-inf\" or \"nan\"")),
        ("$tuple", Value::List(items)) => Ok(Value::Tuple(items)),
        ("$set", Value::List(items)) => Ok(Value::Set(items)),
        ("$frozenset", Value::List(items)) => Ok(Value::FrozenSet(items)),
        ("$tuple" | "$set" | "$frozenset", _) => Err(wrong("an array")),
        ("$bytes", Value::Str(text)) => crate::base64::decode(&text)
            .map(Value::Bytes)
            .ok_or_else(|| "`$bytes` is not valid base64".to_owned()),
        ("$bytes", _) => Err(wrong("a base64 string")),
        ("$dict", Value::List(items)) => items
            .into_iter()
            .map(|pair| match pair {
                Value::List(mut kv) if kv.len() == 2 => {
                    let v = kv.pop().expect("two");
                    let k = kv.pop().expect("two");
                    Ok((k, v))
                }
                _ => Err(wrong("an array of [key, value] pairs")),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Dict),
        ("$dict", _) => Err(wrong("an array of [key, value] pairs")),
        ("$dataclass" | "$namedtuple", payload) => crate::record::untag(tag, payload),
        ("$repr", Value::Str(text)) => Ok(Value::Repr(text)),
        ("$repr", _) => Err(wrong("a string")),
        ("$object", payload) => crate::host_object::parse(payload).map(Value::Object),
        (other, _) => Err(format!(
            "unknown value tag `{other}` (a dict whose only key starts with `$` must be written as {{\"$dict\": [[key, value]]}})"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(json: &str) {
        let value = Value::from_json(json).unwrap();
        assert_eq!(value.to_json(), json, "{value:?}");
    }

    #[test]
    fn plain_json_round_trips_in_order() {
        round_trip(r#"{"b":1,"a":[true,null,"x",1.5,-0.0,1.0]}"#);
        round_trip(r#"{"$x":1,"y":2}"#);
    }

    #[test]
    fn tagged_forms_round_trip() {
        round_trip(r#"{"$int":"123456789012345678901234567890"}"#);
        round_trip(r#"{"$int":"-9007199254740992"}"#);
        round_trip(r#"{"$float":"inf"}"#);
        round_trip(r#"{"$float":"-inf"}"#);
        round_trip(r#"{"$float":"nan"}"#);
        round_trip(r#"{"$tuple":[1,{"$tuple":[]}]}"#);
        round_trip(r#"{"$set":[1,2]}"#);
        round_trip(r#"{"$frozenset":["a"]}"#);
        round_trip(r#"{"$bytes":"AAEC/w=="}"#);
        round_trip(r#"{"$dict":[[1,"a"],[{"$tuple":[1,2]},null]]}"#);
        round_trip(r#"{"$dict":[["$only",1]]}"#);
        round_trip(r#"{"$repr":"<function f at 0x1>"}"#);
    }

    #[test]
    fn ints_and_floats_are_distinguished() {
        assert_eq!(Value::from_json("1").unwrap(), Value::Int(1));
        assert_eq!(Value::from_json("1.0").unwrap(), Value::Float(1.0));
        assert_eq!(Value::from_json("1e3").unwrap(), Value::Float(1000.0));
        assert_eq!(Value::Int(MAX_PLAIN_INT).to_json(), "9007199254740991");
        assert_eq!(
            Value::Int(-MAX_PLAIN_INT - 1).to_json(),
            r#"{"$int":"-9007199254740992"}"#
        );
        assert_eq!(Value::from_json(r#"{"$int":"5"}"#).unwrap(), Value::Int(5));
        assert!(
            matches!(Value::from_json(r#"{"$float":"nan"}"#).unwrap(), Value::Float(f) if f.is_nan())
        );
    }

    #[test]
    fn bad_tags_are_rejected() {
        assert!(Value::from_json(r#"{"$nope":1}"#)
            .unwrap_err()
            .contains("unknown value tag"));
        assert!(Value::from_json(r#"{"$int":"x"}"#).is_err());
        assert!(Value::from_json(r#"{"$dict":[[1]]}"#).is_err());
        assert!(Value::from_json(r#"{"$bytes":"!!"}"#).is_err());
    }

    #[test]
    fn single_dollar_key_dict_is_escaped() {
        let value = Value::dict([("$x", Value::Int(1))]);
        assert_eq!(value.to_json(), r#"{"$dict":[["$x",1]]}"#);
        assert_eq!(Value::from_json(&value.to_json()).unwrap(), value);
    }

    #[test]
    fn records_are_built_from_name_and_field_pairs() {
        let order = Value::dataclass("Order", [("id", Value::Int(1))], true);
        assert_eq!(
            order.to_json(),
            r#"{"$dataclass":{"name":"Order","fields":[["id",1]],"frozen":true}}"#
        );
        let point = Value::named_tuple("Point", [("x", Value::Int(1)), ("y", Value::Int(2))]);
        assert_eq!(
            point.to_json(),
            r#"{"$namedtuple":{"name":"Point","fields":[["x",1],["y",2]]}}"#
        );
    }
}
