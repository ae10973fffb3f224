//! `hmac`: keyed hashing (RFC 2104) over any `hashlib` algorithm —
//! `hmac.new(key, msg, digestmod)` objects (`update`, `digest`,
//! `hexdigest`, `copy`, `name`, `digest_size`, `block_size`),
//! `hmac.digest()` and `hmac.compare_digest()`. Objects are
//! `NativeObj::Hmac`.

use super::digests::{Algo, HmacKey};
use super::native::{call_method, has_method, receiver, Method};
use super::objects::NativeObj;
use super::ModuleDef;
use crate::object::bytes::as_bytes;
use crate::object::{Obj, ObjId, Value};
use crate::objects::{native_of, native_of_mut};
use crate::vm::stdlib::Stdlib;
use crate::vm::{as_str, Library, PyErr, PyResult, Vm};

/// The algorithm a `digestmod` names: a string or a `hashlib` constructor.
fn algo_of(vm: &Vm, v: Value) -> PyResult<Algo> {
    let name = match v {
        Value::Native(id) => Library.native_name(id).to_string(),
        _ => match as_str(&vm.heap, v) {
            Some(s) => s.to_string(),
            None => {
                return Err(PyErr::type_error(format!(
                    "unsupported digestmod {}",
                    vm.class_name(v)
                )))
            }
        },
    };
    super::hashlib::algo_by_name(&name)
        .filter(|a| !a.is_xof())
        .ok_or_else(|| PyErr::value_error(format!("unsupported hash type {name}")))
}

fn key_arg(vm: &Vm, v: Value) -> PyResult<Vec<u8>> {
    as_bytes(&vm.heap, v).map(<[u8]>::to_vec).ok_or_else(|| {
        PyErr::type_error(format!(
            "key: expected bytes or bytearray, but got '{}'",
            vm.class_name(v)
        ))
    })
}

native! {
    /// `hmac.new(key, msg=None, digestmod='')` (and the class `HMAC`).
    def fn new(vm, key, msg?, digestmod?) {
        let key = key_arg(vm, key)?;
        let Some(dm) = digestmod.filter(|v| !v.is_none()) else {
            return Err(PyErr::type_error("Missing required argument 'digestmod'."));
        };
        let algo = algo_of(vm, dm)?;
        let mut k = HmacKey::new(algo, &key);
        if let Some(m) = msg.filter(|v| !v.is_none()) {
            k.update(&vm.bytes_arg(m)?);
        }
        Ok(vm.heap.new_value(Obj::from(NativeObj::Hmac(Box::new(k)))))
    }

    /// `hmac.digest(key, msg, digest)`.
    def fn digest(vm, key, msg, digest) {
        let key = key_arg(vm, key)?;
        let msg = vm.bytes_arg(msg)?;
        let algo = algo_of(vm, digest)?;
        let out = super::digests::hmac(algo, &key, &msg);
        Ok(vm.new_bytes(out))
    }

    /// `hmac.compare_digest(a, b, /)` (`_hashlib.compare_digest`).
    builtin fn compare_digest in "_hashlib" (vm, a, b, /) {
        compare(vm, a, b)
    }
}

fn compare(vm: &mut Vm, x: Value, y: Value) -> PyResult<Value> {
    let pair = match (as_str(&vm.heap, x), as_str(&vm.heap, y)) {
        (Some(p), Some(q)) => {
            if !p.is_ascii() || !q.is_ascii() {
                return Err(PyErr::type_error(
                    "comparing strings with non-ASCII characters is not supported",
                ));
            }
            Some((p.as_bytes().to_vec(), q.as_bytes().to_vec()))
        }
        _ if as_bytes(&vm.heap, x).is_none() && as_bytes(&vm.heap, y).is_none() => None,
        _ => Some((vm.bytes_arg(x)?, vm.bytes_arg(y)?)),
    };
    let Some((p, q)) = pair else {
        return Err(PyErr::type_error(format!(
            "unsupported operand types(s) or combination of types: '{}' and '{}'",
            vm.class_name(x),
            vm.class_name(y)
        )));
    };
    // constant time in the length of `q`, as CPython's
    let mut diff = (p.len() != q.len()) as u8;
    for (i, c) in q.iter().enumerate() {
        diff |= c ^ p.get(i).copied().unwrap_or(!c);
    }
    Ok(Value::Bool(diff == 0))
}

pub static MODULE: ModuleDef = ModuleDef {
    name: "hmac",
    funcs: natives_table![new, HMAC = new, digest, compare_digest,],
    init: super::no_init,
};

fn key_of(vm: &Vm, id: ObjId) -> &HmacKey {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::Hmac(k)) => k,
        _ => unreachable!("an HMAC object"),
    }
}

pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let algo = key_of(vm, id).inner.algo;
    Some(match name {
        "name" => return Some(vm.new_str(format!("hmac-{}", algo.name()))),
        "digest_size" => Value::Int(algo.digest_size() as i64),
        "block_size" => Value::Int(algo.block_size() as i64),
        _ => return None,
    })
}

/// The methods of `hmac.HMAC` (Python methods in CPython).
static METHODS: &[Method] = methods_table![
    update = hmac_update,
    digest = hmac_digest,
    hexdigest = hmac_hexdigest,
    copy = hmac_copy,
];

native! {
    /// `HMAC.update(self, msg)`.
    def_method method hmac_update as "HMAC.update"(vm, this, msg) {
        let data = vm.bytes_arg(msg)?;
        if let Some(NativeObj::Hmac(k)) = native_of_mut(vm.heap.get_mut(receiver(this))) {
            k.update(&data);
        }
        Ok(Value::None)
    }

    /// `HMAC.digest(self)`.
    def_method method hmac_digest as "HMAC.digest"(vm, this) {
        let out = key_of(vm, receiver(this)).finish();
        Ok(vm.new_bytes(out))
    }

    /// `HMAC.hexdigest(self)`.
    def_method method hmac_hexdigest as "HMAC.hexdigest"(vm, this) {
        let out = key_of(vm, receiver(this)).finish();
        let h = crate::object::bytes::hex(&out, None, 1);
        Ok(vm.new_str(String::from_utf8(h).unwrap_or_default()))
    }

    /// `HMAC.copy(self)`.
    def_method method hmac_copy as "HMAC.copy"(vm, this) {
        let k = key_of(vm, receiver(this)).clone();
        Ok(vm.heap.new_value(Obj::from(NativeObj::Hmac(Box::new(k)))))
    }
}

/// `type(h)` of an HMAC object: `hmac.HMAC`.
pub fn class_of(o: &NativeObj) -> Option<super::NativeId> {
    let NativeObj::Hmac(_) = o else { return None };
    Some(hmac_class())
}

fn hmac_class() -> super::NativeId {
    let func = MODULE.funcs.iter().position(|f| f.name == "HMAC");
    super::NativeId {
        module: super::module_index("hmac"),
        func: func.expect("registered") as u16,
    }
}

pub fn class_repr(t: super::NativeId) -> Option<String> {
    (t == hmac_class()).then(|| "<class 'hmac.HMAC'>".to_string())
}

/// `isinstance(h, hmac.HMAC)`.
pub fn isinstance(vm: &Vm, v: Value, t: super::NativeId) -> Option<bool> {
    if t != hmac_class() {
        return None;
    }
    let Value::Ref(id) = v else {
        return Some(false);
    };
    Some(matches!(
        native_of(vm.heap.get(id)),
        Some(NativeObj::Hmac(_))
    ))
}

pub fn repr(id: ObjId) -> String {
    format!(
        "<hmac.HMAC object at 0x{:012x}>",
        0x7f00_0000_0000u64 + id.0 as u64 * 0x40
    )
}

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// An `hmac.HMAC` object.
pub struct HmacType;

impl np::NativeType for HmacType {
    fn type_name(_: &np::NativeObj) -> &'static str {
        "HMAC"
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn has_method(_: &np::Vm, _: np::ObjId, name: &str) -> bool {
        has_method(METHODS, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        call_method(METHODS, "HMAC", vm, np::Value::Ref(id), name, args, kw)
    }

    fn repr(_: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(repr(id))
    }
}
