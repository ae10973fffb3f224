//! Values across the boundary: DESIGN.md's tagged JSON. Plain JSON where
//! it is exact; one-key `$`-tagged objects for everything else, so every
//! host round-trips ints, floats, tuples, sets and bytes losslessly.

use num_bigint::BigInt;
use serde_json::{json, Map, Value as J};

use crate::object::{int, Dict, Obj, Value};
use crate::vm::{PyErr, PyResult, Vm};

/// Largest int sent as a plain JSON number (2**53 - 1).
const MAX_SAFE: i64 = (1 << 53) - 1;
/// Deeper values are sent as `{"$repr": "..."}`; hosts parse JSON with a
/// nesting limit (serde_json stops at 128).
const MAX_DEPTH: usize = 100;

/// Encodes a Python value (objects with no data form as their `repr`).
pub fn to_json(vm: &mut Vm, v: Value) -> J {
    encode(vm, v, 0)
}

fn repr_of(vm: &mut Vm, v: Value) -> J {
    json!({"$repr": vm.repr(v).unwrap_or_else(|_| "<object>".into())})
}

fn encode_all(vm: &mut Vm, items: Vec<Value>, depth: usize) -> Vec<J> {
    items
        .into_iter()
        .map(|i| encode(vm, i, depth + 1))
        .collect()
}

fn encode(vm: &mut Vm, v: Value, depth: usize) -> J {
    if depth > MAX_DEPTH {
        return json!({"$repr": "..."});
    }
    match v {
        Value::None | Value::Undef => J::Null,
        Value::Bool(b) => J::Bool(b),
        Value::Int(i) if (-MAX_SAFE..=MAX_SAFE).contains(&i) => J::from(i),
        Value::Int(i) => json!({"$int": i.to_string()}),
        Value::Float(f) => {
            if f.is_nan() {
                json!({"$float": "nan"})
            } else if f.is_infinite() {
                json!({"$float": if f > 0.0 { "inf" } else { "-inf" }})
            } else {
                serde_json::Number::from_f64(f)
                    .map(J::Number)
                    .unwrap_or(J::Null)
            }
        }
        Value::Ref(id) => match vm.heap.get(id) {
            Obj::Str(s) => J::String(s.s.clone()),
            Obj::BigInt(b) => json!({"$int": b.to_string()}),
            Obj::Bytes(b) | Obj::ByteArray(b) => json!({"$bytes": base64_encode(b)}),
            Obj::List(items) => {
                let items = items.clone();
                J::Array(encode_all(vm, items, depth))
            }
            Obj::Tuple(items) => {
                let items = items.clone();
                json!({"$tuple": encode_all(vm, items, depth)})
            }
            Obj::Set(d) => {
                let keys: Vec<Value> = d.keys().collect();
                json!({"$set": encode_all(vm, keys, depth)})
            }
            Obj::FrozenSet(d) => {
                let keys: Vec<Value> = d.keys().collect();
                json!({"$frozenset": encode_all(vm, keys, depth)})
            }
            Obj::Dict(d) => {
                let d = d.clone();
                encode_dict(vm, &d, depth)
            }
            _ => repr_of(vm, v),
        },
        _ => repr_of(vm, v),
    }
}

fn encode_dict(vm: &mut Vm, d: &Dict, depth: usize) -> J {
    let all_str = d.keys().all(|k| crate::vm::as_str(&vm.heap, k).is_some());
    let escaped = d.len() == 1
        && d.keys()
            .all(|k| crate::vm::as_str(&vm.heap, k).is_some_and(|s| s.starts_with('$')));
    if all_str && !escaped {
        let mut m = Map::new();
        for (k, v) in d.entries() {
            let key = crate::vm::as_str(&vm.heap, k).expect("checked").to_string();
            let val = encode(vm, v, depth + 1);
            m.insert(key, val);
        }
        J::Object(m)
    } else {
        let mut pairs = Vec::with_capacity(d.len());
        for (k, v) in d.entries() {
            let kj = encode(vm, k, depth + 1);
            let vj = encode(vm, v, depth + 1);
            pairs.push(J::Array(vec![kj, vj]));
        }
        json!({ "$dict": pairs })
    }
}

fn bad(msg: impl Into<String>) -> PyErr {
    PyErr::value_error(msg)
}

/// Decodes a JSON value into a Python value on `vm`'s heap.
///
/// # Errors
/// `ValueError` for malformed tagged values.
pub fn from_json(vm: &mut Vm, j: &J) -> PyResult<Value> {
    decode(vm, j, 0)
}

fn decode(vm: &mut Vm, j: &J, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(bad("value nested too deeply"));
    }
    Ok(match j {
        J::Null => Value::None,
        J::Bool(b) => Value::Bool(*b),
        J::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::Int(i)
            } else if let Some(u) = n.as_u64() {
                int::from_bigint(&mut vm.heap, BigInt::from(u))
            } else {
                Value::Float(n.as_f64().unwrap_or(f64::NAN))
            }
        }
        J::String(s) => vm.new_str(s.clone()),
        J::Array(items) => {
            let mut vals = Vec::with_capacity(items.len());
            for i in items {
                vals.push(decode(vm, i, depth + 1)?);
            }
            vm.new_list(vals)
        }
        J::Object(m) => {
            if m.len() == 1 {
                let (k, v) = m.iter().next().expect("one entry");
                if let Some(tag) = k.strip_prefix('$') {
                    return decode_tagged(vm, tag, v, depth);
                }
            }
            let mut d = Dict::with_capacity(m.len());
            for (k, v) in m {
                let key = vm.new_str(k.clone());
                let val = decode(vm, v, depth + 1)?;
                d.insert(crate::object::HashKey::Str(k.as_str().into()), key, val);
            }
            vm.heap.new_value(Obj::Dict(d))
        }
    })
}

fn decode_items(vm: &mut Vm, v: &J, depth: usize, tag: &str) -> PyResult<Vec<Value>> {
    let J::Array(items) = v else {
        return Err(bad(format!("${tag} needs a list")));
    };
    let mut out = Vec::with_capacity(items.len());
    for i in items {
        out.push(decode(vm, i, depth + 1)?);
    }
    Ok(out)
}

fn decode_tagged(vm: &mut Vm, tag: &str, v: &J, depth: usize) -> PyResult<Value> {
    Ok(match tag {
        "int" => {
            let s = v.as_str().ok_or_else(|| bad("$int needs a string"))?;
            let b: BigInt = s
                .trim()
                .parse()
                .map_err(|_| bad(format!("bad $int value {s:?}")))?;
            int::from_bigint(&mut vm.heap, b)
        }
        "float" => match v.as_str() {
            Some("inf") | Some("+inf") | Some("infinity") => Value::Float(f64::INFINITY),
            Some("-inf") | Some("-infinity") => Value::Float(f64::NEG_INFINITY),
            Some("nan") => Value::Float(f64::NAN),
            Some(s) => Value::Float(
                s.parse()
                    .map_err(|_| bad(format!("bad $float value {s:?}")))?,
            ),
            None => return Err(bad("$float needs a string")),
        },
        "tuple" => {
            let items = decode_items(vm, v, depth, tag)?;
            vm.new_tuple(items)
        }
        "set" | "frozenset" => {
            let items = decode_items(vm, v, depth, tag)?;
            let mut d = Dict::with_capacity(items.len());
            for it in items {
                let k = vm.hash_key(it)?;
                d.insert(k, it, Value::None);
            }
            vm.heap.new_value(if tag == "set" {
                Obj::Set(d)
            } else {
                Obj::FrozenSet(d)
            })
        }
        "dict" => {
            let J::Array(pairs) = v else {
                return Err(bad("$dict needs a list of pairs"));
            };
            let mut d = Dict::with_capacity(pairs.len());
            for p in pairs {
                let J::Array(kv) = p else {
                    return Err(bad("$dict entries must be [key, value]"));
                };
                if kv.len() != 2 {
                    return Err(bad("$dict entries must be [key, value]"));
                }
                let k = decode(vm, &kv[0], depth + 1)?;
                let val = decode(vm, &kv[1], depth + 1)?;
                let hk = vm.hash_key(k)?;
                d.insert(hk, k, val);
            }
            vm.heap.new_value(Obj::Dict(d))
        }
        "bytes" => {
            let s = v
                .as_str()
                .ok_or_else(|| bad("$bytes needs a base64 string"))?;
            let bytes = base64_decode(s).ok_or_else(|| bad("bad base64 in $bytes"))?;
            vm.new_bytes(bytes)
        }
        "repr" => {
            let s = v.as_str().ok_or_else(|| bad("$repr needs a string"))?;
            vm.new_str(s.to_string())
        }
        other => return Err(bad(format!("unknown tagged value ${other}"))),
    })
}

/// Standard base64 with padding (RFC 4648), for `$bytes`.
fn base64_encode(b: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(b.len().div_ceil(3) * 4);
    for chunk in b.chunks(3) {
        let n = chunk.len();
        let acc = (chunk[0] as u32) << 16
            | (chunk.get(1).copied().unwrap_or(0) as u32) << 8
            | chunk.get(2).copied().unwrap_or(0) as u32;
        for i in 0..4 {
            if i <= n {
                out.push(ABC[(acc >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn base64_decode(s: &str) -> Option<Vec<u8>> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => (c - b'A') as u32,
            b'a'..=b'z' => (c - b'a') as u32 + 26,
            b'0'..=b'9' => (c - b'0') as u32 + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        })
    };
    let clean: Vec<u8> = s
        .bytes()
        .filter(|c| !c.is_ascii_whitespace() && *c != b'=')
        .collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let mut acc = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            acc |= val(*c)? << (18 - 6 * i);
        }
        let n = match chunk.len() {
            4 => 3,
            3 => 2,
            2 => 1,
            _ => return None,
        };
        for i in 0..n {
            out.push((acc >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}
