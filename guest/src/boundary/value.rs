//! Python values ⇄ [`monty_wire::Value`], the boundary's value type.
//!
//! The encoding itself (plain JSON where exact, `$`-tagged objects for the
//! rest) lives in the wire crate, shared with the Rust host; this file only
//! reads values off the heap and builds them on it. Dataclass and
//! namedtuple instances (`$dataclass`, `$namedtuple`) are `record.rs`'s.

use monty_wire::Value as Wire;

use crate::modules::entry;
use crate::object::{int, Dict, HashKey, Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// Deeper values are sent as `{"$repr": "..."}`; hosts parse JSON with a
/// nesting limit (serde_json stops at 128).
const MAX_DEPTH: usize = 100;

/// A Python value as the boundary carries it (objects with no data form as
/// their `repr`).
pub fn to_wire(vm: &mut Vm, v: Value) -> Wire {
    encode(vm, v, 0)
}

fn repr_of(vm: &mut Vm, v: Value) -> Wire {
    Wire::Repr(entry::repr(vm, v).unwrap_or_else(|_| "<object>".into()))
}

fn encode_all(vm: &mut Vm, items: Vec<Value>, depth: usize) -> Vec<Wire> {
    items
        .into_iter()
        .map(|i| encode(vm, i, depth + 1))
        .collect()
}

pub(super) fn encode(vm: &mut Vm, v: Value, depth: usize) -> Wire {
    if depth > MAX_DEPTH {
        return Wire::Repr("...".into());
    }
    match v {
        Value::None | Value::Undef => Wire::None,
        Value::Bool(b) => Wire::Bool(b),
        Value::Int(i) => Wire::Int(i),
        Value::Float(f) => Wire::Float(f),
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Str(s) => Wire::Str(s.s.to_string()),
            Obj::BigInt(b) => Wire::from_bigint(b.clone()),
            Obj::Bytes(b) | Obj::ByteArray(b) => Wire::Bytes(b.clone()),
            Obj::List(items) => {
                let items = items.to_vec();
                Wire::List(encode_all(vm, items, depth))
            }
            Obj::Tuple(items) => {
                let items = items.clone();
                Wire::Tuple(encode_all(vm, items, depth))
            }
            Obj::Set(d) => {
                let keys: Vec<Value> = d.keys().collect();
                Wire::Set(encode_all(vm, keys, depth))
            }
            Obj::FrozenSet(d) => {
                let keys: Vec<Value> = d.keys().collect();
                Wire::FrozenSet(encode_all(vm, keys, depth))
            }
            Obj::Dict(d) => {
                let entries: Vec<(Value, Value)> = d.entries().collect();
                let mut pairs = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    let k = encode(vm, k, depth + 1);
                    let v = encode(vm, v, depth + 1);
                    pairs.push((k, v));
                }
                Wire::Dict(pairs)
            }
            // a host object goes back as a reference (`host_object.rs`)
            Obj::Instance(_) if super::host_object::encode(vm, v).is_some() => {
                super::host_object::encode(vm, v).expect("checked")
            }
            // a member of `class Status(str, Enum)`, an IntEnum's: its value
            Obj::Instance(_) => match entry::builtin_payload(vm, v) {
                Some(p) => encode(vm, p, depth + 1),
                None => match super::record::encode_record(vm, v, id, depth) {
                    Some(record) => record,
                    None => repr_of(vm, v),
                },
            },
            _ => repr_of(vm, v),
        },
        _ => repr_of(vm, v),
    }
}

fn bad(msg: impl Into<String>) -> PyErr {
    PyErr::value_error(msg)
}

/// Builds a boundary value on `vm`'s heap.
///
/// # Errors
/// `ValueError` for values nested too deeply, and `TypeError` for an
/// unhashable set item or dict key.
pub fn from_wire(vm: &mut Vm, w: &Wire) -> PyResult<Value> {
    decode(vm, w, 0)
}

fn decode_all(vm: &mut Vm, items: &[Wire], depth: usize) -> PyResult<Vec<Value>> {
    let mut out = Vec::with_capacity(items.len());
    for i in items {
        out.push(decode(vm, i, depth + 1)?);
    }
    Ok(out)
}

pub(super) fn decode(vm: &mut Vm, w: &Wire, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(bad("value nested too deeply"));
    }
    Ok(match w {
        Wire::None => Value::None,
        Wire::Bool(b) => Value::Bool(*b),
        Wire::Int(i) => Value::Int(*i),
        Wire::BigInt(b) => int::from_bigint(&mut vm.heap, b.clone()),
        Wire::Float(f) => Value::Float(*f),
        Wire::Str(s) | Wire::Repr(s) => entry::new_str(vm, s.clone()),
        Wire::Bytes(b) => entry::new_bytes(vm, b.clone()),
        Wire::List(items) => {
            let items = decode_all(vm, items, depth)?;
            entry::new_list(vm, items)
        }
        Wire::Tuple(items) => {
            let items = decode_all(vm, items, depth)?;
            entry::new_tuple(vm, items)
        }
        Wire::Set(items) | Wire::FrozenSet(items) => {
            let items = decode_all(vm, items, depth)?;
            let mut d = Dict::with_capacity(items.len());
            for it in items {
                let k = entry::hash_key(vm, it)?;
                d.insert(k, it, Value::None);
            }
            vm.heap.new_value(if matches!(w, Wire::Set(_)) {
                Obj::Set(Box::new(d))
            } else {
                Obj::FrozenSet(Box::new(d))
            })
        }
        Wire::Dict(pairs) => {
            let mut d = Dict::with_capacity(pairs.len());
            for (k, v) in pairs {
                let (hk, key) = match k {
                    // (str keys, the common case, hash without the VM)
                    Wire::Str(s) => (
                        HashKey::Str(s.as_str().into()),
                        entry::new_str(vm, s.clone()),
                    ),
                    _ => {
                        let key = decode(vm, k, depth + 1)?;
                        (entry::hash_key(vm, key)?, key)
                    }
                };
                let val = decode(vm, v, depth + 1)?;
                d.insert(hk, key, val);
            }
            vm.heap.new_value(Obj::Dict(Box::new(d)))
        }
        Wire::Object(o) => super::host_object::decode(vm, o, |vm, w| decode(vm, w, depth + 1))?,
        Wire::Dataclass { .. } | Wire::NamedTuple { .. } => {
            super::record::decode_record(vm, w, depth)?
        }
    })
}
