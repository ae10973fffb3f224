//! `hashlib`'s hash objects (`NativeObj::Hash`): attributes, methods,
//! repr, and their classes — `_hashlib.HASH`, `_hashlib.HASHXOF` (the
//! `_hashlib` module) and the BLAKE2 constructors, which are classes.

use super::digests::{Algo, Hasher};
use super::hashlib::{buffer, new_hash, MODULE};
use super::native::{call_method, has_method, receiver, Method};
use super::objects::NativeObj;
use super::{module_index, ModuleDef, NativeId};
use crate::builtins::Args;
use crate::object::{ExcType, Obj, ObjId, Value};
use crate::objects::{native_of, native_of_mut};
use crate::vm::{PyErr, PyResult, Vm};

fn hasher(vm: &Vm, id: ObjId) -> &Hasher {
    match native_of(vm.heap.get(id)) {
        Some(NativeObj::Hash(h)) => h,
        _ => unreachable!("a hash object"),
    }
}

/// `_hashlib.HASH`, `_hashlib.HASHXOF`, `_blake2.blake2b`, ...
pub fn type_name(h: &Hasher) -> &'static str {
    match h.algo {
        Algo::Blake2b => "_blake2.blake2b",
        Algo::Blake2s => "_blake2.blake2s",
        a if a.is_xof() => "_hashlib.HASHXOF",
        _ => "_hashlib.HASH",
    }
}

/// The class-level constants of `blake2b`/`blake2s`.
fn blake_const(algo: Algo, name: &str) -> Option<i64> {
    let big = algo == Algo::Blake2b;
    Some(match name {
        "MAX_DIGEST_SIZE" | "MAX_KEY_SIZE" => {
            if big {
                64
            } else {
                32
            }
        }
        "SALT_SIZE" | "PERSON_SIZE" => {
            if big {
                16
            } else {
                8
            }
        }
        _ => return None,
    })
}

pub fn getattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<Value> {
    let h = hasher(vm, id);
    let algo = h.algo;
    Some(match name {
        "name" => return Some(vm.new_str(algo.name())),
        "digest_size" => Value::Int(h.out_len as i64),
        "block_size" => Value::Int(algo.block_size() as i64),
        _ if algo.is_blake() => Value::Int(blake_const(algo, name)?),
        _ => return None,
    })
}

/// The methods of `_hashlib.HASH` and the BLAKE2 objects.
static METHODS: &[Method] = methods_table![update, digest, hexdigest, copy];

/// The methods of `_hashlib.HASHXOF` (SHAKE), whose digests take a length.
static XOF_METHODS: &[Method] =
    methods_table![update, digest = xof_digest, hexdigest = xof_hexdigest, copy,];

fn hex(b: &[u8]) -> String {
    String::from_utf8(crate::object::bytes::hex(b, None, 1)).unwrap_or_default()
}

native! {
    /// `HASH.update(obj, /)`.
    builtin method update(vm, this, obj, /) {
        let data = buffer(vm, obj)?;
        if let Some(NativeObj::Hash(h)) = native_of_mut(vm.heap.get_mut(receiver(this))) {
            h.update(&data);
        }
        Ok(Value::None)
    }

    /// `HASH.digest()`.
    builtin method digest(vm, this) {
        let h = hasher(vm, receiver(this));
        let out = h.finish(h.out_len);
        Ok(vm.new_bytes(out))
    }

    /// `HASH.hexdigest()`.
    builtin method hexdigest(vm, this) {
        let h = hasher(vm, receiver(this));
        let out = h.finish(h.out_len);
        Ok(vm.new_str(hex(&out)))
    }

    /// `HASH.copy()`.
    builtin method copy(vm, this) {
        let h = hasher(vm, receiver(this)).clone();
        Ok(new_hash(vm, h))
    }

    /// `HASHXOF.digest(length)`.
    clinic method xof_digest(vm, this, length) {
        let out = xof_finish(vm, receiver(this), length)?;
        Ok(vm.new_bytes(out))
    }

    /// `HASHXOF.hexdigest(length)`.
    clinic method xof_hexdigest(vm, this, length) {
        let out = xof_finish(vm, receiver(this), length)?;
        Ok(vm.new_str(hex(&out)))
    }
}

/// The first `length` bytes of a SHAKE digest.
fn xof_finish(vm: &Vm, id: ObjId, length: Value) -> PyResult<Vec<u8>> {
    let len = match length {
        Value::Ref(r) if matches!(vm.heap.get(r), Obj::BigInt(_)) => {
            return Err(PyErr::new(
                ExcType::OverflowError,
                "Python int too large to convert to C ssize_t",
            ))
        }
        _ => vm.index_arg(length)?,
    };
    if len < 0 {
        return Err(PyErr::value_error("length must be non-negative"));
    }
    vm.check_alloc(len as u128)?;
    Ok(hasher(vm, id).finish(len as usize))
}

/// The method table of hash object `id` and the name that qualifies its
/// messages (`HASH.update()`, `blake2b.update()`).
fn methods_of(vm: &Vm, id: ObjId) -> (&'static [Method], &'static str) {
    match hasher(vm, id).algo {
        Algo::Blake2b => (METHODS, "blake2b"),
        Algo::Blake2s => (METHODS, "blake2s"),
        a if a.is_xof() => (XOF_METHODS, "HASH"),
        _ => (METHODS, "HASH"),
    }
}

pub fn repr(vm: &Vm, id: ObjId) -> String {
    let h = hasher(vm, id);
    let addr = 0x7f00_0000_0000u64 + id.0 as u64 * 0x40;
    if h.algo.is_blake() {
        format!("<{} object at 0x{addr:012x}>", type_name(h))
    } else {
        format!(
            "<{} {} object @ 0x{addr:012x}>",
            h.algo.name(),
            type_name(h)
        )
    }
}

/// `hashlib.blake2b.MAX_DIGEST_SIZE` and friends.
pub fn type_getattr(t: NativeId, name: &str) -> Option<Value> {
    if t.module != module_index("hashlib") {
        return None;
    }
    let algo = match MODULE.funcs[t.func as usize].name {
        "blake2b" => Algo::Blake2b,
        "blake2s" => Algo::Blake2s,
        _ => return None,
    };
    blake_const(algo, name).map(Value::Int)
}

/// The class of a hash object: `_hashlib.HASH`, `_hashlib.HASHXOF`, or
/// the BLAKE2 constructors.
pub fn class_of(o: &NativeObj) -> Option<NativeId> {
    let NativeObj::Hash(h) = o else { return None };
    let (def, name): (&ModuleDef, &str) = match h.algo {
        Algo::Blake2b => (&MODULE, "blake2b"),
        Algo::Blake2s => (&MODULE, "blake2s"),
        a if a.is_xof() => (&C_MODULE, "HASHXOF"),
        _ => (&C_MODULE, "HASH"),
    };
    let func = def.funcs.iter().position(|f| f.name == name)? as u16;
    Some(NativeId {
        module: module_index(def.name),
        func,
    })
}

/// Setting a data attribute of a hash object: they are read-only.
pub fn setattr(vm: &mut Vm, id: ObjId, name: &str) -> Option<PyErr> {
    getattr(vm, id, name)?;
    let h = hasher(vm, id);
    Some(PyErr::new(
        ExcType::AttributeError,
        format!(
            "attribute '{name}' of '{}' objects is not writable",
            type_name(h)
        ),
    ))
}

/// `repr()` of those classes.
pub fn class_repr(t: NativeId) -> Option<String> {
    let name = if t.module == module_index("hashlib") {
        match MODULE.funcs[t.func as usize].name {
            n @ ("blake2b" | "blake2s") => format!("_blake2.{n}"),
            _ => return None,
        }
    } else if t.module == module_index("_hashlib") {
        format!("_hashlib.{}", C_MODULE.funcs[t.func as usize].name)
    } else {
        return None;
    };
    Some(format!("<class '{name}'>"))
}

/// `isinstance(h, hashlib.blake2b)`, `isinstance(h, type(h))`.
pub fn isinstance(vm: &Vm, v: Value, t: NativeId) -> Option<bool> {
    class_repr(t)?;
    Some(match v {
        Value::Ref(id) => match native_of(vm.heap.get(id)) {
            Some(o) => class_of(o) == Some(t),
            _ => false,
        },
        _ => false,
    })
}

fn no_instances(name: &str) -> PyErr {
    PyErr::type_error(format!("cannot create '_hashlib.{name}' instances"))
}

fn hash_class(_: &mut Vm, _: Args) -> PyResult<Value> {
    Err(no_instances("HASH"))
}

fn hashxof_class(_: &mut Vm, _: Args) -> PyResult<Value> {
    Err(no_instances("HASHXOF"))
}

/// `_hashlib`: the classes of the OpenSSL-style hash objects.
pub static C_MODULE: ModuleDef = ModuleDef {
    name: "_hashlib",
    funcs: natives_table![HASH = hash_class, HASHXOF = hashxof_class,],
    init: super::no_init,
};

// The native object type this file owns (`objects/native_type.rs`).
use crate::objects::prelude as np;

/// A `hashlib` hash object.
pub struct HashType;

impl np::NativeType for HashType {
    fn type_name(o: &np::NativeObj) -> &'static str {
        match o {
            np::NativeObj::Hash(h) => type_name(h),
            _ => "object",
        }
    }

    fn getattr(vm: &mut np::Vm, id: np::ObjId, name: &str) -> np::PyResult<Option<np::Value>> {
        Ok(getattr(vm, id, name))
    }

    fn setattr(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        _: np::Value,
    ) -> Option<np::PyResult<()>> {
        setattr(vm, id, name).map(Err)
    }

    fn has_method(vm: &np::Vm, id: np::ObjId, name: &str) -> bool {
        has_method(methods_of(vm, id).0, name)
    }

    fn call_method(
        vm: &mut np::Vm,
        id: np::ObjId,
        name: &str,
        args: Vec<np::Value>,
        kw: np::Kwargs,
    ) -> np::PyResult<Option<np::Value>> {
        let (table, owner) = methods_of(vm, id);
        call_method(table, owner, vm, np::Value::Ref(id), name, args, kw)
    }

    fn repr(vm: &mut np::Vm, id: np::ObjId) -> np::PyResult<String> {
        Ok(repr(vm, id))
    }
}
