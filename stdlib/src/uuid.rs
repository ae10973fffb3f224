//! `uuid`: the `UUID` class (a native object holding the 128-bit value:
//! built from `hex`, `bytes`, `bytes_le`, `fields` or `int`, with
//! `version`; its attributes, str/repr, ordering, hashing and `int()`),
//! `uuid3`/`uuid5` (MD5/SHA-1 name-based, from [`super::digests`]),
//! `uuid4` and the `NAMESPACE_*` and variant constants.
//!
//! The sandbox has no entropy: `uuid4` draws its 128 bits from `random`'s
//! generator ([`super::random::state`]), so a program that calls
//! `random.seed(n)` gets the same UUIDs on every run (and each `uuid4()`
//! advances `random`'s sequence). `uuid1` and `getnode` (which need a
//! clock and a MAC address) do not exist.

use super::digests::{Algo, Hasher};
use super::objects::NativeObj;
use super::{ModuleDef, NativeId};
use crate::object::bytes::as_bytes;
use crate::object::{ExcType, HashKey, Obj, ObjId, Type, Value};
use crate::objects::native_of;
use crate::vm::ops::Num;
use crate::vm::{as_str, PyErr, PyResult, Vm};
use num_bigint::BigInt;
use num_traits::ToPrimitive;

const RESERVED_NCS: &str = "reserved for NCS compatibility";
const RFC_4122: &str = "specified in RFC 4122";
const RESERVED_MICROSOFT: &str = "reserved for Microsoft compatibility";
const RESERVED_FUTURE: &str = "reserved for future definition";

/// A new `UUID` object.
fn new_uuid(vm: &mut Vm, n: u128) -> Value {
    vm.heap.new_value(Obj::from(NativeObj::Uuid {
        hi: (n >> 64) as u64,
        lo: n as u64,
    }))
}

/// The value of a `UUID`, if `v` is one.
fn value_of(vm: &Vm, v: Value) -> Option<u128> {
    match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(NativeObj::Uuid { hi, lo }) => Some((u128::from(*hi) << 64) | u128::from(*lo)),
            _ => None,
        },
        _ => None,
    }
}

fn value_at(vm: &Vm, id: ObjId) -> u128 {
    value_of(vm, Value::Ref(id)).expect("a UUID")
}

/// Sets the RFC 4122 variant and `version` (1-5).
fn with_version(n: u128, version: u128) -> u128 {
    let mut n = n & !(0xc000u128 << 48);
    n |= 0x8000u128 << 48;
    n &= !(0xf000u128 << 64);
    n | (version << 76)
}

/// An int as a `BigInt`; `TypeError` as CPython's `0 <= x` would raise.
fn int_of(vm: &Vm, v: Value) -> PyResult<BigInt> {
    match vm.as_num(v) {
        Some(Num::Int(i)) => Ok(BigInt::from(i)),
        Some(Num::Big(b)) => Ok(b),
        _ => Err(PyErr::type_error(format!(
            "'<=' not supported between instances of 'int' and '{}'",
            vm.class_name(v)
        ))),
    }
}

/// `0 <= x < 2**bits`, as an unsigned value.
fn in_range(x: &BigInt, bits: u32) -> Option<u128> {
    x.to_u128().filter(|n| bits == 128 || *n < (1u128 << bits))
}

/// The 16 bytes of a `bytes=` or `bytes_le=` argument (`None` when the
/// length is wrong; the caller words that error).
fn sixteen(vm: &mut Vm, v: Value) -> PyResult<Option<Vec<u8>>> {
    let n = vm.len_of(v)?;
    if n != 16 {
        return Ok(None);
    }
    Ok(Some(match as_bytes(&vm.heap, v) {
        Some(b) => b.to_vec(),
        // sized but not bytes: CPython's `assert isinstance(bytes, bytes)`
        None => {
            let r = vm.repr(v)?;
            return Err(PyErr::new(ExcType::AssertionError, r));
        }
    }))
}

/// The bytes of a `bytes_le` argument in big-endian field order.
fn from_le(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(16);
    out.extend(b[..4].iter().rev());
    out.extend(b[4..6].iter().rev());
    out.extend(b[6..8].iter().rev());
    out.extend(&b[8..]);
    out
}

fn be_value(b: &[u8]) -> u128 {
    b.iter().fold(0u128, |acc, &x| (acc << 8) | u128::from(x))
}

/// The value of a `hex=` argument.
fn from_hex(vm: &mut Vm, hex: Value) -> PyResult<u128> {
    let Some(text) = as_str(&vm.heap, hex) else {
        return Err(if as_bytes(&vm.heap, hex).is_some() {
            PyErr::type_error("a bytes-like object is required, not 'str'")
        } else {
            PyErr::new(
                ExcType::AttributeError,
                format!("'{}' object has no attribute 'replace'", vm.class_name(hex)),
            )
        });
    };
    let text = text.replace("urn:", "").replace("uuid:", "");
    let text = text.trim_matches(['{', '}']).replace('-', "");
    if text.chars().count() != 32 {
        return Err(PyErr::value_error("badly formed hexadecimal UUID string"));
    }
    // `int(hex, 16)`: its syntax (sign, underscores) and its error
    let s = vm.new_str(text);
    let n = vm.call_value(Value::Type(Type::Int), vec![s, Value::Int(16)], Vec::new())?;
    let n = int_of(vm, n)?;
    in_range(&n, 128)
        .ok_or_else(|| PyErr::value_error("int is out of range (need a 128-bit value)"))
}

/// The value of a `fields=` argument.
fn from_fields(vm: &mut Vm, fields: Value) -> PyResult<u128> {
    if vm.len_of(fields)? != 6 {
        return Err(PyErr::value_error("fields is not a 6-tuple"));
    }
    let items = vm.collect_iterable(fields)?;
    if items.len() != 6 {
        return Err(PyErr::value_error("fields is not a 6-tuple"));
    }
    const BITS: [u32; 6] = [32, 16, 16, 8, 8, 48];
    let mut f = [0u128; 6];
    for (i, v) in items.into_iter().enumerate() {
        let n = int_of(vm, v)?;
        f[i] = in_range(&n, BITS[i]).ok_or_else(|| {
            let article = if BITS[i] == 8 { "an" } else { "a" };
            PyErr::value_error(format!(
                "field {} out of range (need {article} {}-bit value)",
                i + 1,
                BITS[i]
            ))
        })?;
    }
    let clock_seq = (f[3] << 8) | f[4];
    Ok((f[0] << 96) | (f[1] << 80) | (f[2] << 64) | (clock_seq << 48) | f[5])
}

native! {
    /// `UUID(hex=None, bytes=None, bytes_le=None, fields=None, int=None,
    /// version=None, *, is_safe=SafeUUID.unknown)`.
    def_method fn uuid_class as "UUID.__init__"(vm, hex?, bytes?, bytes_le?, fields?, int?, version?, *, is_safe?) {
        let given = |v: &Option<Value>| v.is_some_and(|v| !v.is_none());
        let count = [&hex, &bytes, &bytes_le, &fields, &int].iter().filter(|v| given(v)).count();
        if count != 1 {
            return Err(PyErr::type_error(
                "one of the hex, bytes, bytes_le, fields, or int arguments must be given",
            ));
        }
        let _ = is_safe;
        let mut n = 0u128;
        if let Some(h) = hex.filter(|v| !v.is_none()) {
            n = from_hex(vm, h)?;
        }
        let mut raw = None;
        if let Some(b) = bytes_le.filter(|v| !v.is_none()) {
            if vm.len_of(b)? != 16 {
                return Err(PyErr::value_error("bytes_le is not a 16-char string"));
            }
            match as_bytes(&vm.heap, b).map(<[u8]>::to_vec) {
                Some(le) if matches!(vm.heap.get(b.as_ref().expect("bytes")), Obj::Bytes(_)) => {
                    raw = Some(from_le(&le));
                }
                Some(le) => {
                    let r = crate::object::bytes::bytearray_repr(&from_le(&le));
                    return Err(PyErr::new(ExcType::AssertionError, r));
                }
                None => {
                    let r = vm.repr(b)?;
                    return Err(PyErr::new(ExcType::AssertionError, r));
                }
            }
        }
        if let Some(b) = bytes.filter(|v| !v.is_none()) {
            let Some(data) = sixteen(vm, b)? else {
                return Err(PyErr::value_error("bytes is not a 16-char string"));
            };
            if !matches!(vm.heap.get(b.as_ref().expect("bytes")), Obj::Bytes(_)) {
                let r = vm.repr(b)?;
                return Err(PyErr::new(ExcType::AssertionError, r));
            }
            raw = Some(data);
        }
        if let Some(data) = raw {
            n = be_value(&data);
        }
        if let Some(f) = fields.filter(|v| !v.is_none()) {
            n = from_fields(vm, f)?;
        }
        if let Some(i) = int.filter(|v| !v.is_none()) {
            let big = int_of(vm, i)?;
            n = in_range(&big, 128)
                .ok_or_else(|| PyErr::value_error("int is out of range (need a 128-bit value)"))?;
        }
        if let Some(v) = version.filter(|v| !v.is_none()) {
            let ver = vm.as_num(v);
            let ver = match ver {
                Some(Num::Int(x)) if (1..=5).contains(&x) => x as u128,
                Some(Num::Int(_) | Num::Big(_) | Num::Float(_)) => {
                    return Err(PyErr::value_error("illegal version number"))
                }
                None => {
                    return Err(PyErr::type_error(format!(
                        "'<=' not supported between instances of 'int' and '{}'",
                        vm.class_name(v)
                    )))
                }
            };
            n = with_version(n, ver);
        }
        Ok(new_uuid(vm, n))
    }

    /// `uuid4()`: a random UUID (from `random`'s seeded generator).
    def fn uuid4(vm) {
        let bits = super::random::state(vm).getrandbits(128);
        let n = bits.to_u128().unwrap_or(0);
        Ok(new_uuid(vm, with_version(n, 4)))
    }

    /// `uuid3(namespace, name)`: MD5 of the namespace and the name.
    def fn uuid3(vm, namespace, name) {
        name_based(vm, namespace, name, Algo::Md5, 3)
    }

    /// `uuid5(namespace, name)`: SHA-1 of the namespace and the name.
    def fn uuid5(vm, namespace, name) {
        name_based(vm, namespace, name, Algo::Sha1, 5)
    }
}

/// `uuid3`/`uuid5`: `UUID(bytes=hash(namespace.bytes + name)[:16],
/// version=version)`.
fn name_based(
    vm: &mut Vm,
    namespace: Value,
    name: Value,
    algo: Algo,
    version: u128,
) -> PyResult<Value> {
    let name_bytes = match as_str(&vm.heap, name) {
        Some(s) => s.as_bytes().to_vec(),
        None => match as_bytes(&vm.heap, name) {
            Some(b) => b.to_vec(),
            None => {
                return Err(PyErr::type_error(format!(
                    "can't concat {} to bytes",
                    vm.class_name(name)
                )))
            }
        },
    };
    let Some(ns) = value_of(vm, namespace) else {
        // `namespace.bytes`
        let b = vm.get_attr(namespace, "bytes")?;
        let ns = as_bytes(&vm.heap, b)
            .map(<[u8]>::to_vec)
            .unwrap_or_default();
        return digest_uuid(vm, &ns, &name_bytes, algo, version);
    };
    digest_uuid(vm, &ns.to_be_bytes(), &name_bytes, algo, version)
}

fn digest_uuid(vm: &mut Vm, ns: &[u8], name: &[u8], algo: Algo, version: u128) -> PyResult<Value> {
    let mut h = Hasher::new(algo, None);
    h.update(ns);
    h.update(name);
    let digest = h.finish(algo.digest_size());
    Ok(new_uuid(vm, with_version(be_value(&digest[..16]), version)))
}

/// The canonical text: 8-4-4-4-12 lowercase hex digits.
fn text_of(n: u128) -> String {
    let h = format!("{n:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &h[..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..]
    )
}

fn variant_of(n: u128) -> &'static str {
    if n & (0x8000 << 48) == 0 {
        RESERVED_NCS
    } else if n & (0x4000 << 48) == 0 {
        RFC_4122
    } else if n & (0x2000 << 48) == 0 {
        RESERVED_MICROSOFT
    } else {
        RESERVED_FUTURE
    }
}

fn int_value(vm: &mut Vm, n: u128) -> Value {
    match i64::try_from(n) {
        Ok(i) => Value::Int(i),
        Err(_) => crate::object::int::from_bigint(&mut vm.heap, BigInt::from(n)),
    }
}

/// A `UUID`'s attribute.
fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let n = value_at(vm, id);
    let time_low = n >> 96;
    let time_mid = (n >> 80) & 0xffff;
    let time_hi_version = (n >> 64) & 0xffff;
    let clock_seq_hi_variant = (n >> 56) & 0xff;
    let clock_seq_low = (n >> 48) & 0xff;
    let node = n & 0xffff_ffff_ffff;
    Some(match name {
        "int" => int_value(vm, n),
        "hex" => vm.new_str(format!("{n:032x}")),
        "urn" => vm.new_str(format!("urn:uuid:{}", text_of(n))),
        "bytes" => vm.new_bytes(n.to_be_bytes().to_vec()),
        "bytes_le" => {
            let b = n.to_be_bytes();
            vm.new_bytes(from_le(&b))
        }
        "fields" => {
            let items = [
                time_low,
                time_mid,
                time_hi_version,
                clock_seq_hi_variant,
                clock_seq_low,
                node,
            ]
            .iter()
            .map(|&f| Value::Int(f as i64))
            .collect();
            vm.new_tuple(items)
        }
        "time_low" => Value::Int(time_low as i64),
        "time_mid" => Value::Int(time_mid as i64),
        "time_hi_version" => Value::Int(time_hi_version as i64),
        "clock_seq_hi_variant" => Value::Int(clock_seq_hi_variant as i64),
        "clock_seq_low" => Value::Int(clock_seq_low as i64),
        "node" => Value::Int(node as i64),
        "time" => {
            Value::Int((((time_hi_version & 0x0fff) << 48) | (time_mid << 32) | time_low) as i64)
        }
        "clock_seq" => Value::Int((((clock_seq_hi_variant & 0x3f) << 8) | clock_seq_low) as i64),
        "variant" => vm.new_str(variant_of(n)),
        "version" => {
            if variant_of(n) == RFC_4122 {
                Value::Int(((n >> 76) & 0xf) as i64)
            } else {
                Value::None
            }
        }
        _ => return None,
    })
}

/// `int(u)`: the 128-bit value (`UUID.__int__`).
pub fn int_of_uuid(vm: &mut Vm, v: Value) -> Option<Value> {
    let n = value_of(vm, v)?;
    Some(int_value(vm, n))
}

fn index() -> u16 {
    crate::module_index("uuid")
}

/// The `UUID` class: the constructor's id.
pub fn class_id() -> NativeId {
    NativeId {
        module: index(),
        func: 0,
    }
}

/// `type(x)` of a native object, if it is a `UUID`.
pub fn class_of(o: &NativeObj) -> Option<NativeId> {
    matches!(o, NativeObj::Uuid { .. }).then(class_id)
}

/// `repr(uuid.UUID)`.
pub fn class_repr(t: NativeId) -> Option<String> {
    (t == class_id()).then(|| "<class 'uuid.UUID'>".to_string())
}

/// `isinstance(v, uuid.UUID)`.
pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    (t == class_id()).then(|| value_of(vm, v).is_some())
}

fn init(vm: &mut Vm, attrs: &mut Vec<(String, Value)>) {
    for (name, n) in [
        (
            "NAMESPACE_DNS",
            0x6ba7_b810_9dad_11d1_80b4_00c0_4fd4_30c8u128,
        ),
        ("NAMESPACE_URL", 0x6ba7_b811_9dad_11d1_80b4_00c0_4fd4_30c8),
        ("NAMESPACE_OID", 0x6ba7_b812_9dad_11d1_80b4_00c0_4fd4_30c8),
        ("NAMESPACE_X500", 0x6ba7_b814_9dad_11d1_80b4_00c0_4fd4_30c8),
    ] {
        let v = new_uuid(vm, n);
        attrs.push((name.into(), v));
    }
    for (name, text) in [
        ("RESERVED_NCS", RESERVED_NCS),
        ("RFC_4122", RFC_4122),
        ("RESERVED_MICROSOFT", RESERVED_MICROSOFT),
        ("RESERVED_FUTURE", RESERVED_FUTURE),
    ] {
        let v = vm.new_str(text);
        attrs.push((name.into(), v));
    }
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "uuid",
    // `UUID` first: its index is `class_id`
    funcs: natives_table![UUID = uuid_class, uuid3, uuid4, uuid5],
    init,
};

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// `uuid.UUID`.
pub struct UuidType;

impl np::NativeType for UuidType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "UUID"
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn setattr(_: &mut np::Vm, _: np::ObjId, _: &str, _: np::Value) -> Option<np::PyResult<()>> {
        Some(Err(PyErr::type_error("UUID objects are immutable")))
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(format!("UUID('{}')", text_of(value_at(vm, id))))
    }

    fn str(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(text_of(value_at(vm, id)))
    }

    fn compare(
        vm: &mut np::Vm,
        op: np::CmpOp,
        a: np::Value,
        b: np::Value,
    ) -> np::PyResult<Option<bool>> {
        let (Some(x), Some(y)) = (value_of(vm, a), value_of(vm, b)) else {
            return Ok(None);
        };
        Ok(Some(match op {
            np::CmpOp::Eq => x == y,
            np::CmpOp::Ne => x != y,
            np::CmpOp::Lt => x < y,
            np::CmpOp::Le => x <= y,
            np::CmpOp::Gt => x > y,
            np::CmpOp::Ge => x >= y,
            _ => return Ok(None),
        }))
    }

    fn hash(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<Option<HashKey>> {
        // hash(u) == hash(u.int), yet a UUID is not equal to its int: keyed
        // like an instance with `__hash__`, equal keys found by `==`
        let n = value_at(vm, id);
        let v = int_value(vm, n);
        let k = vm.hash_key(v)?;
        Ok(Some(HashKey::User(crate::object::python_hash(&k), id.0)))
    }

    fn format(vm: &mut np::Vm, id: np::ObjId, spec: &str) -> np::PyResult<Option<String>> {
        if spec.is_empty() {
            return Ok(Some(text_of(value_at(vm, id))));
        }
        Err(PyErr::type_error(
            "unsupported format string passed to UUID.__format__",
        ))
    }
}
